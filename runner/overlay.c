/* --overlay: a directory of this machine packed as a tar for / on the target */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/os.h"
#include "runner/la.h"
#include "runner/overlay.h"

struct pack {
	const struct la *la;
	struct archive *w;
	struct archive_entry *e;
	const char *root;
	struct overlay_stats *st;
	struct bb_error *err;
	char buf[65536];
};

static int
tar_error(struct pack *p)
{
	return bb_error(p->err, NULL, "--overlay %s: %s", p->root, p->la->error_string(p->w));
}

/* the entry for rel: a regular file of sb's size, or a link to link */
static int
header(struct pack *p, const char *rel, const struct stat *sb, const char *link)
{
	p->la->entry_clear(p->e);
	p->la->entry_set_pathname(p->e, rel);
	p->la->entry_set_filetype(p->e, link ? AE_IFLNK : AE_IFREG);
	/* the target's root owns them (the archive's owner is 0 unless set) */
	p->la->entry_set_perm(p->e, link ? 0777 : sb->st_mode & 07777);
	p->la->entry_set_mtime(p->e, sb->st_mtim.tv_sec, 0);
	if (link)
		p->la->entry_set_symlink(p->e, link);
	else
		p->la->entry_set_size(p->e, (la_int64_t)sb->st_size);
	return p->la->write_header(p->w, p->e) == ARCHIVE_OK ? 0 : tar_error(p);
}

static int
add_file(struct pack *p, int dfd, const char *name, const char *rel, const struct stat *sb)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	off_t left = sb->st_size;
	ssize_t r = 0;

	if (fd < 0)
		return bb_error(p->err, NULL, "--overlay %s/%s: %s", p->root, rel, strerror(errno));
	if (header(p, rel, sb, NULL) < 0) {
		close(fd);
		return -1;
	}
	while (left > 0 && (r = read(fd, p->buf, sizeof(p->buf))) > 0) {
		if (r > left)
			r = (ssize_t)left;
		if (p->la->write_data(p->w, p->buf, (size_t)r) != r) {
			close(fd);
			return tar_error(p);
		}
		left -= r;
	}
	close(fd);
	if (r < 0 || left)
		return bb_error(p->err, NULL, "--overlay %s/%s: %s", p->root, rel,
			r < 0 ? strerror(errno) : "changed while being packed");
	p->st->files++;
	p->st->bytes += (unsigned long long)sb->st_size;
	return 0;
}

static int
add_link(struct pack *p, int dfd, const char *name, const char *rel, const struct stat *sb)
{
	char target[4096];
	ssize_t n = readlinkat(dfd, name, target, sizeof(target) - 1);

	if (n < 0)
		return bb_error(p->err, NULL, "--overlay %s/%s: %s", p->root, rel, strerror(errno));
	target[n] = '\0';
	if (header(p, rel, sb, target) < 0)
		return -1;
	p->st->links++;
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the entries of the open directory dfd, sorted, or -1 */
static int
list_dir(struct pack *p, int dfd, const char *rel, char ***names, size_t *n)
{
	int fd = dup(dfd);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *de;
	size_t cap = 0;

	*names = NULL;
	*n = 0;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return bb_error(p->err, NULL, "--overlay %s%s%s: %s", p->root, *rel ? "/" : "",
			rel, strerror(errno));
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (*n == cap)
			*names = xrealloc(*names, (cap = cap ? 2 * cap : 16) * sizeof(**names));
		(*names)[(*n)++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (*n)
		qsort(*names, *n, sizeof(**names), by_name);
	return 0;
}

/*
 * Regular files and symbolic links, under their paths relative to the
 * root; directories are not entries of their own, so that the target's
 * (and its symbolic links to directories: /lib on a merged /usr) stay
 */
static int
walk(struct pack *p, int dfd, const char *rel)
{
	char **names;
	size_t n;
	int ret = list_dir(p, dfd, rel, &names, &n);

	for (size_t i = 0; !ret && i < n; i++) {
		char *sub = *rel ? xasprintf("%s/%s", rel, names[i]) : xstrdup(names[i]);
		struct stat sb;
		int fd;

		if (fstatat(dfd, names[i], &sb, AT_SYMLINK_NOFOLLOW) < 0)
			ret = bb_error(p->err, NULL, "--overlay %s/%s: %s", p->root, sub,
				strerror(errno));
		else if (S_ISREG(sb.st_mode))
			ret = add_file(p, dfd, names[i], sub, &sb);
		else if (S_ISLNK(sb.st_mode))
			ret = add_link(p, dfd, names[i], sub, &sb);
		else if (!S_ISDIR(sb.st_mode))
			ret = bb_error(p->err, NULL, "--overlay %s/%s: not a regular file, directory "
				"or symbolic link", p->root, sub);
		else if ((fd = openat(dfd, names[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC)) < 0)
			ret = bb_error(p->err, NULL, "--overlay %s/%s: %s", p->root, sub,
				strerror(errno));
		else {
			ret = walk(p, fd, sub);
			close(fd);
		}
		free(sub);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

int
overlay_pack(const char *dir, int fd, struct overlay_stats *st, struct bb_error *err)
{
	struct pack *p = xcalloc(1, sizeof(*p));
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = -1;

	*st = (struct overlay_stats){ 0 };
	p->root = dir;
	p->st = st;
	p->err = err;
	if (dfd < 0) {
		bb_error(err, NULL, "--overlay %s: %s", dir, strerror(errno));
		free(p);
		return -1;
	}
	if (!(p->la = la_api(err)))
		goto out;
	p->w = p->la->write_new();
	p->e = p->la->entry_new();
	p->la->write_set_format_pax_restricted(p->w);
	p->la->write_add_filter_none(p->w);
	if (p->la->write_open_fd(p->w, fd) != ARCHIVE_OK)
		ret = tar_error(p);
	else if ((ret = walk(p, dfd, "")) == 0 && !st->files && !st->links)
		ret = bb_error(err, NULL, "--overlay %s: no files in it", dir);
	if (p->la->write_close(p->w) != ARCHIVE_OK && !ret)
		ret = tar_error(p);
	p->la->entry_free(p->e);
	p->la->write_free(p->w);
out:
	close(dfd);
	free(p);
	return ret;
}
