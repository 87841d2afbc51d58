#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "os.h"
#include "strvec.h"
#include "util.h"

char *
bb_path_norm(const char *path)
{
	size_t len = 0, base, depth = 0;	/* depth: trailing components that ".." can drop */
	bool abs = path[0] == '/';
	/* POSIX keeps exactly two leading slashes */
	bool two = abs && path[1] == '/' && path[2] != '/';
	char *out;

	if (!*path)
		return xstrdup(".");
	out = xmalloc(strlen(path) + 2);
	if (abs)
		out[len++] = '/';
	if (two)
		out[len++] = '/';
	base = len;
	for (const char *p = path, *e; *p; p = e) {
		size_t n;
		bool up;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		e = p + strcspn(p, "/");
		n = (size_t)(e - p);
		up = n == 2 && p[0] == '.' && p[1] == '.';
		if (n == 1 && p[0] == '.')
			continue;
		if (up && depth) {
			while (len > base && out[len - 1] != '/')
				len--;
			len -= len > base;
			depth--;
			continue;
		}
		if (up && abs)
			continue;	/* above the root */
		/* a leading "..": it stays, and stays under what follows */
		if (len > base)
			out[len++] = '/';
		memcpy(out + len, p, n);
		len += n;
		depth += !up;
	}
	if (!len)
		out[len++] = '.';
	out[len] = '\0';
	return out;
}

char *
bb_path_join(const char *a, const char *b)
{
	size_t n = strlen(a);

	if (b[0] == '/' || !n)
		return xstrdup(b);
	return xstrcat(a, a[n - 1] == '/' ? "" : "/", b, NULL);
}

char *
bb_path_abs(const char *path)
{
	char cwd[4096], *j, *r;

	if (path[0] == '/')
		return bb_path_norm(path);
	if (!getcwd(cwd, sizeof(cwd)))
		return bb_path_norm(path);
	j = bb_path_join(cwd, path);
	r = bb_path_norm(j);
	free(j);
	return r;
}

char *
bb_path_dirname(const char *path)
{
	const char *s = strrchr(path, '/');
	size_t n;

	if (!s)
		return xstrdup("");
	n = (size_t)(s - path) + 1;
	/* dirname strips trailing slashes unless the head is all slashes */
	while (n > 1 && path[n - 1] == '/')
		n--;
	return xstrndup(path, n);
}

bool
bb_path_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

bool
bb_path_isfile(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool
bb_path_isdir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *
bb_path_which(const char *path, const char *item)
{
	struct bb_strvec dirs = BB_STRVEC_INIT;
	char *found = NULL;

	bb_strvec_splitc(&dirs, path, ':');
	for (size_t i = 0; i < dirs.n && !found; i++) {
		char *c = bb_path_join(dirs.v[i], item);

		/* an absolute candidate is kept as joined ("a/../b" stays) */
		if (bb_path_exists(c))
			found = c[0] == '/' ? c : bb_path_abs(c);
		if (found != c)
			free(c);
	}
	bb_strvec_clear(&dirs);
	return found;
}

int
bb_mkdir_parents(const char *path)
{
	char *p = xstrdup(path);
	int ret = 0;

	for (char *s = strchr(p + 1, '/'); s && !ret; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	free(p);
	return ret;
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path) < 0 && errno != ENOENT ? -1 : 0;
}

int
bb_rmtree(const char *dir)
{
	struct stat st;

	if (lstat(dir, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS) ? -1 : 0;
}

/* renameat2 needs file system support: without it, move the old tree aside first */
static int
swap_fallback(const char *tmp, const char *dir, struct bb_error *err)
{
	char *old = xstrcat(dir, ".old-XXXXXX", NULL);
	int ret = 0;

	if (!mkdtemp(old) || rename(dir, old) < 0) {
		ret = bb_error(err, NULL, "%s: %s", dir, strerror(errno));
	} else if (rename(tmp, dir) < 0) {
		ret = bb_error(err, NULL, "%s: %s", dir, strerror(errno));
		rename(old, dir);
	}
	bb_rmtree(old);
	free(old);
	return ret;
}

int
bb_dir_replace(const char *tmp, const char *dir, struct bb_error *err)
{
	struct stat st;

	if (lstat(dir, &st) < 0) {
		if (errno != ENOENT || rename(tmp, dir) < 0)
			return bb_error(err, NULL, "%s: %s", dir, strerror(errno));
		return 0;
	}
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dir, RENAME_EXCHANGE) < 0) {
		if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
			return bb_error(err, NULL, "%s: %s", dir, strerror(errno));
		return swap_fallback(tmp, dir, err);
	}
	bb_rmtree(tmp);
	return 0;
}

int
bb_write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int
bb_read_file(const char *path, size_t max, char **text, size_t *len)
{
	struct bb_buf b = BB_BUF_INIT;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int err = 0;

	if (fd < 0)
		return errno;
	/* the size is a hint: the file may change while it is read */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && (size_t)st.st_size <= max)
		bb_buf_grow(&b, (size_t)st.st_size + 1);
	for (;;) {
		ssize_t n;

		if (b.alloc - b.len < 2)
			bb_buf_grow(&b, 65536);
		n = read(fd, b.buf + b.len, b.alloc - b.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = errno;
			break;
		}
		if (!n)
			break;
		b.len += (size_t)n;
		b.buf[b.len] = '\0';
		if (b.len > max) {
			err = EFBIG;
			break;
		}
	}
	close(fd);
	if (err) {
		bb_buf_release(&b);
		return err;
	}
	*len = b.len;
	*text = bb_buf_detach(&b);
	return 0;
}
