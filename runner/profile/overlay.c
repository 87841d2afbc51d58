/* --overlay: a directory of this machine packed as a tar for / on the target */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/os.h"
#include "runner/profile/la.h"
#include "runner/profile/overlay.h"
#include "runner/quote.h"

struct pack {
	const struct la *la;
	bool keep_modes;
	bool utf8;		/* packing in C.UTF-8: names are UTF-8 */
	struct archive *w;
	struct archive_entry *e;
	const char *root;
	struct overlay_stats *st;
	struct bb_error *err;
	char buf[65536];
};

/* "--overlay DIR[/REL]: why", the names quoted when they hold more than printable ASCII */
static int
pack_error(struct pack *p, const char *rel, const char *why)
{
	char *path = rel && *rel ? xasprintf("%s/%s", p->root, rel) : xstrdup(p->root);
	char *q = quote_str(path);
	bool plain = strlen(q) == strlen(path) + 2;

	bb_error(p->err, NULL, "--overlay %s: %s", plain ? path : q, why);
	free(q);
	free(path);
	return -1;
}

/* libarchive's message, which may hold the name's raw bytes */
static int
tar_error(struct pack *p, const char *rel)
{
	const char *m = p->la->error_string(p->w);
	char *why = quote_text(m ? m : "no reason given");

	pack_error(p, rel, why);
	free(why);
	return -1;
}

/*
 * the mode it gets there: without setuid, setgid, sticky and write for group
 * and others, unless --overlay-keep-modes
 */
static mode_t
target_mode(struct pack *p, mode_t mode)
{
	mode_t m = mode & (p->keep_modes ? 07777 : 0755);

	if (m != (mode & 07777))
		p->st->narrowed++;
	return m;
}

/*
 * whether s is UTF-8 as RFC 3629 has it (what libarchive converts): no
 * overlong forms, no surrogates, nothing past U+10FFFF
 */
static bool
is_utf8(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		unsigned c = *s++, n = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 :
			c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : 4;
		unsigned long v = c & (0x3f >> n);

		if (n == 4)
			return false;
		for (unsigned i = 0; i < n; i++, s++) {
			if ((*s & 0xc0) != 0x80)
				return false;
			v = v << 6 | (*s & 0x3f);
		}
		if ((n == 2 && (v < 0x800 || (v >= 0xd800 && v < 0xe000))) ||
		    (n == 3 && (v < 0x10000 || v > 0x10ffff)))
			return false;
	}
	return true;
}

/* the entry for rel: a regular file of sb's size, or a link to link */
static int
header(struct pack *p, const char *rel, const struct stat *sb, const char *link)
{
	if (p->utf8 && (!is_utf8(rel) || (link && !is_utf8(link))))
		return pack_error(p, rel, link && is_utf8(rel) ?
			"its target is not a UTF-8 name (pax carries UTF-8)" :
			"not a UTF-8 name (pax carries UTF-8)");
	p->la->entry_clear(p->e);
	p->la->entry_set_pathname(p->e, rel);
	p->la->entry_set_filetype(p->e, link ? AE_IFLNK : AE_IFREG);
	/* the target's root owns them (the archive's owner is 0 unless set) */
	p->la->entry_set_perm(p->e, link ? 0777 : target_mode(p, sb->st_mode));
	p->la->entry_set_mtime(p->e, sb->st_mtim.tv_sec, 0);
	if (link)
		p->la->entry_set_symlink(p->e, link);
	else
		p->la->entry_set_size(p->e, (la_int64_t)sb->st_size);
	return p->la->write_header(p->w, p->e) == ARCHIVE_OK ? 0 : tar_error(p, rel);
}

static int
add_file(struct pack *p, int dfd, const char *name, const char *rel, const struct stat *sb)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	off_t left = sb->st_size;
	ssize_t r = 0;

	if (fd < 0)
		return pack_error(p, rel, strerror(errno));
	if (header(p, rel, sb, NULL) < 0) {
		close(fd);
		return -1;
	}
	while (left > 0 && (r = read(fd, p->buf, sizeof(p->buf))) > 0) {
		if (r > left)
			r = (ssize_t)left;
		if (p->la->write_data(p->w, p->buf, (size_t)r) != r) {
			close(fd);
			return tar_error(p, rel);
		}
		left -= r;
	}
	close(fd);
	if (r < 0 || left)
		return pack_error(p, rel, r < 0 ? strerror(errno) : "changed while being packed");
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
		return pack_error(p, rel, strerror(errno));
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
		return pack_error(p, rel, strerror(errno));
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
			ret = pack_error(p, sub, strerror(errno));
		else if (S_ISREG(sb.st_mode))
			ret = add_file(p, dfd, names[i], sub, &sb);
		else if (S_ISLNK(sb.st_mode))
			ret = add_link(p, dfd, names[i], sub, &sb);
		else if (!S_ISDIR(sb.st_mode))
			ret = pack_error(p, sub, "not a regular file, directory or symbolic link");
		else if ((fd = openat(dfd, names[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC)) < 0)
			ret = pack_error(p, sub, strerror(errno));
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
overlay_pack(const char *dir, bool keep_modes, int fd, struct overlay_stats *st,
	struct bb_error *err)
{
	struct pack *p = xcalloc(1, sizeof(*p));
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = -1;
	locale_t utf8, prev = (locale_t)0;

	*st = (struct overlay_stats){ 0 };
	p->root = dir;
	p->keep_modes = keep_modes;
	p->st = st;
	p->err = err;
	if (dfd < 0) {
		pack_error(p, NULL, strerror(errno));
		free(p);
		return -1;
	}
	if (!(p->la = la_api(err)))
		goto out;
	utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	if ((p->utf8 = utf8))
		prev = uselocale(utf8);
	p->w = p->la->write_new();
	p->e = p->la->entry_new();
	p->la->write_set_format_pax_restricted(p->w);
	p->la->write_add_filter_none(p->w);
	/*
	 * pax names are UTF-8, whatever this locale: where C.UTF-8 is missing
	 * they go as bytes (hdrcharset=BINARY, which GNU tar warns of)
	 */
	if ((!utf8 && p->la->write_set_options(p->w, "hdrcharset=BINARY") != ARCHIVE_OK) ||
	    p->la->write_open_fd(p->w, fd) != ARCHIVE_OK)
		ret = tar_error(p, NULL);
	else if ((ret = walk(p, dfd, "")) == 0 && !st->files && !st->links)
		ret = pack_error(p, NULL, "no files in it");
	if (p->la->write_close(p->w) != ARCHIVE_OK && !ret)
		ret = tar_error(p, NULL);
	p->la->entry_free(p->e);
	p->la->write_free(p->w);
	if (utf8) {
		uselocale(prev);
		freelocale(utf8);
	}
out:
	close(dfd);
	free(p);
	return ret;
}
