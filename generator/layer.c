/* the generated layer: in memory, then written atomically or compared with a tree */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "common/fe.h"
#include "generator/layer.h"

static const char marker_text[] =
	"This directory is written by pgo-gen, which replaces it as a whole on each run.\n";

static const struct layer_file marker = {
	(char *)LAYER_MARKER, (char *)marker_text, sizeof(marker_text) - 1, 0644,
	(char *)"pgo-gen",
};

bool
layer_path_ok(const char *path)
{
	const char *s = path;

	if (!*s || *s == '/')
		return false;
	while (*s) {
		size_t n = strcspn(s, "/");

		if (!n || (n == 1 && s[0] == '.') || (n == 2 && !strncmp(s, "..", 2)))
			return false;
		s += n;
		if (*s == '/' && !*++s)
			return false;
	}
	return strcspn(path, "\n\r") == strlen(path);
}

void
layer_add(struct layer *l, const char *path, char *data, size_t len, unsigned mode,
	const char *origin)
{
	struct layer_file *f;

	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 16;
		l->v = xreallocarray(l->v, l->alloc, sizeof(*l->v));
	}
	f = &l->v[l->n++];
	f->path = xstrdup(path);
	f->data = data;
	f->len = len;
	f->mode = mode;
	f->origin = xstrdup(origin);
}

void
layer_release(struct layer *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].path);
		free(l->v[i].data);
		free(l->v[i].origin);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->alloc = 0;
}

static int
cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct layer_file *)a)->path, ((const struct layer_file *)b)->path);
}

static const struct layer_file *
find(const struct layer *l, const char *path)
{
	struct layer_file key = { (char *)path, NULL, 0, 0, NULL };

	return l->n ? bsearch(&key, l->v, l->n, sizeof(*l->v), cmp_file) : NULL;
}

/* a file whose path is a directory of another file's path */
static const struct layer_file *
file_above(const struct layer *l, const char *path)
{
	char *dir = xstrdup(path);
	const struct layer_file *f = NULL;

	for (char *s = strrchr(dir, '/'); s && !f; s = strrchr(dir, '/')) {
		*s = '\0';
		f = find(l, dir);
	}
	free(dir);
	return f;
}

int
layer_sort(struct layer *l, struct bb_error *err)
{
	const struct layer_file *f;

	if (l->n)
		qsort(l->v, l->n, sizeof(*l->v), cmp_file);
	for (size_t i = 0; i < l->n; i++) {
		if (i && !strcmp(l->v[i - 1].path, l->v[i].path))
			return bb_error(err, NULL, "%s: error: '%s' is also written by %s",
				l->v[i].origin, l->v[i].path, l->v[i - 1].origin);
		if ((f = file_above(l, l->v[i].path)))
			return bb_error(err, NULL, "%s: error: '%s' is below the file '%s' (%s)",
				l->v[i].origin, l->v[i].path, f->path, f->origin);
	}
	return 0;
}

static int
mkparents(const char *root, const char *rel, struct bb_error *err)
{
	char *path = xstrcat(root, "/", rel, NULL);
	size_t skip = strlen(root) + 1;
	int ret = 0;

	for (char *s = strchr(path + skip, '/'); s && !ret; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0777) < 0 && errno != EEXIST)
			ret = bb_error(err, NULL, "%s: %s", path, strerror(errno));
		*s = '/';
	}
	free(path);
	return ret;
}

static int
write_file(const char *root, const struct layer_file *f, struct bb_error *err)
{
	char *path = xstrcat(root, "/", f->path, NULL);
	int fd, ret = 0;

	if (mkparents(root, f->path, err) < 0) {
		free(path);
		return -1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, (mode_t)f->mode);
	if (fd < 0 || bb_write_all(fd, f->data, f->len) < 0 || fsync(fd) < 0)
		ret = bb_error(err, NULL, "%s: %s", path, strerror(errno));
	if (fd >= 0 && close(fd) < 0 && !ret)
		ret = bb_error(err, NULL, "%s: %s", path, strerror(errno));
	free(path);
	return ret;
}

static int
write_tree(const struct layer *l, const char *root, struct bb_error *err)
{
	mode_t mask = umask(0);

	umask(mask);
	if (chmod(root, 0777 & ~mask) < 0)
		return bb_error(err, NULL, "%s: %s", root, strerror(errno));
	if (write_file(root, &marker, err) < 0)
		return -1;
	for (size_t i = 0; i < l->n; i++)
		if (write_file(root, &l->v[i], err) < 0)
			return -1;
	return 0;
}

/* an existing output directory may be replaced only if pgo-gen wrote it, or it is empty */
static int
replaceable(const char *outdir, struct bb_error *err)
{
	char *m = xstrcat(outdir, "/" LAYER_MARKER, NULL);
	bool ok = bb_path_exists(m);
	DIR *dir;
	struct dirent *e;

	free(m);
	if (ok)
		return 0;
	if (!(dir = opendir(outdir)))
		return bb_error(err, NULL, "%s: %s", outdir, strerror(errno));
	ok = true;
	while (ok && (e = readdir(dir)))
		ok = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(dir);
	if (!ok)
		return bb_error(err, NULL, "%s: not empty and not written by pgo-gen "
			"(no %s file): not replacing it", outdir, LAYER_MARKER);
	return 0;
}

static int
put_in_place(const char *tmp, const char *outdir, struct bb_error *err)
{
	struct stat st;

	if (lstat(outdir, &st) == 0) {
		if (!S_ISDIR(st.st_mode))
			return bb_error(err, NULL, "%s: exists and is not a directory", outdir);
		if (replaceable(outdir, err) < 0)
			return -1;
	}
	return bb_dir_replace(tmp, outdir, err);
}

int
layer_write(const struct layer *l, const char *outdir, struct bb_error *err)
{
	char *out = fe_out_dir(outdir, "output", err);
	char *tmp;
	int ret;

	if (!out)
		return -1;
	tmp = xstrcat(out, ".tmp-XXXXXX", NULL);
	if (bb_mkdir_parents(out) < 0) {
		ret = bb_error(err, NULL, "%s: %s", out, strerror(errno));
	} else if (!mkdtemp(tmp)) {
		ret = bb_error(err, NULL, "%s: %s", tmp, strerror(errno));
	} else {
		ret = write_tree(l, tmp, err);
		if (!ret)
			ret = put_in_place(tmp, out, err);
		if (ret)
			bb_rmtree(tmp);
	}
	free(tmp);
	free(out);
	return ret;
}

/* the relative paths of everything but directories below root/rel */
static int
walk(const char *root, const char *rel, struct bb_strvec *out, struct bb_error *err)
{
	char *path = *rel ? xstrcat(root, "/", rel, NULL) : xstrdup(root);
	DIR *dir = opendir(path);
	struct dirent *e;
	int ret = 0;

	if (!dir) {
		ret = *rel || errno != ENOENT ? bb_error(err, NULL, "%s: %s", path,
			strerror(errno)) : 0;
		free(path);
		return ret;
	}
	while (!ret && (e = readdir(dir))) {
		char *sub;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		sub = *rel ? xstrcat(rel, "/", e->d_name, NULL) : xstrdup(e->d_name);
		if (fstatat(dirfd(dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			ret = bb_error(err, NULL, "%s/%s: %s", path, e->d_name, strerror(errno));
		else if (S_ISDIR(st.st_mode))
			ret = walk(root, sub, out, err);
		else
			bb_strvec_push(out, sub), sub = NULL;
		free(sub);
	}
	closedir(dir);
	free(path);
	return ret;
}

static bool
same(const char *dir, const struct layer_file *f)
{
	char *path = xstrcat(dir, "/", f->path, NULL);
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	bool ok = !lstat(path, &st) && S_ISREG(st.st_mode) &&
		!(st.st_mode & 0100) == !(f->mode & 0100) &&
		(size_t)st.st_size == f->len && !bb_read_file(path, f->len, &text, &len) &&
		len == f->len && !memcmp(text, f->data, len);

	free(text);
	free(path);
	return ok;
}

struct check_counts {
	size_t missing, extra, differ, files;
};

static int
cmp_ptr(const void *a, const void *b)
{
	return cmp_file(*(const struct layer_file *const *)a, *(const struct layer_file *const *)b);
}

/* the files to compare with: the layer's and the marker, sorted */
static const struct layer_file **
wanted(const struct layer *l, size_t *n)
{
	const struct layer_file **v = xreallocarray(NULL, l->n + 1, sizeof(*v));

	v[0] = &marker;
	for (size_t i = 0; i < l->n; i++)
		v[i + 1] = &l->v[i];
	*n = l->n + 1;
	qsort(v, *n, sizeof(*v), cmp_ptr);
	return v;
}

static void
compare(const struct layer *l, const struct bb_strvec *have, const char *dir, FILE *out,
	struct check_counts *n)
{
	size_t i = 0, j = 0, nw;
	const struct layer_file **want = wanted(l, &nw);

	while (i < nw || j < have->n) {
		const struct layer_file *f = i < nw ? want[i] : NULL;
		int c = !f ? 1 : j == have->n ? -1 : strcmp(f->path, have->v[j]);

		if (c < 0) {
			fprintf(out, "missing: %s\n", f->path);
			n->missing++;
		} else if (c > 0) {
			fprintf(out, "extra: %s\n", have->v[j]);
			n->extra++;
		} else if (!same(dir, f)) {
			fprintf(out, "differs: %s\n", f->path);
			n->differ++;
		}
		i += c <= 0;
		j += c >= 0;
	}
	n->files = nw;
	free(want);
}

int
layer_check(const struct layer *l, const char *dir, FILE *out, struct bb_error *err)
{
	struct bb_strvec have = BB_STRVEC_INIT;
	struct check_counts n = { 0 };
	size_t total;

	if (walk(dir, "", &have, err) < 0) {
		bb_strvec_clear(&have);
		return -1;
	}
	bb_strvec_sort(&have);
	compare(l, &have, dir, out, &n);
	bb_strvec_clear(&have);
	total = n.missing + n.extra + n.differ;
	if (total)
		fprintf(out, "%s: %zu missing, %zu extra, %zu differ\n", dir, n.missing, n.extra,
			n.differ);
	else
		fprintf(out, "%s: up to date (%zu files)\n", dir, n.files);
	return total > (size_t)INT_MAX ? INT_MAX : (int)total;
}
