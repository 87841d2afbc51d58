/* pgo-run bench: here, the builds found and the trees packed */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/os.h"
#include "runner/bench/bench-run.h"

static bool
is_tarball(const char *path)
{
	static const char *const ends[] = { ".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz",
		".tar.bz2", ".tbz2", ".tar.zst", NULL };
	size_t n = strlen(path);

	for (size_t i = 0; ends[i]; i++)
		if (n > strlen(ends[i]) && !strcmp(path + n - strlen(ends[i]), ends[i]))
			return true;
	return false;
}

/* tree/rel is a python3 there: bin/python3, usr/bin/python3, or one directory down */
static char *
find_python(const char *tree)
{
	static const char *const rels[] = { "bin/python3", "usr/bin/python3",
		"usr/local/bin/python3", NULL };
	char *found = NULL;
	DIR *d;
	struct dirent *e;

	for (size_t i = 0; rels[i]; i++) {
		char *p = bb_path_join(tree, rels[i]);
		bool ok = bb_path_exists(p);

		free(p);
		if (ok)
			return xstrdup(rels[i]);
	}
	if (!(d = opendir(tree)))
		return NULL;
	while (!found && (e = readdir(d))) {
		if (*e->d_name == '.')
			continue;
		for (size_t i = 0; !found && rels[i]; i++) {
			char *rel = xasprintf("%s/%s", e->d_name, rels[i]);
			char *p = bb_path_join(tree, rel);

			if (bb_path_exists(p))
				found = rel;
			else
				free(rel);
			free(p);
		}
	}
	closedir(d);
	return found;
}

/* a command here, its output into out_fd (-1: the log); its status, or -1 */
static int
host_cmd(struct bench *b, struct bb_strvec *argv, int out_fd, double timeout, const char *what)
{
	int r = session_cmd_start(&b->s, argv, NULL, out_fd);

	if (!r)
		r = session_cmd_wait(&b->s, timeout, 0, what);
	return r;
}

static int
unpack_tarball(struct bench *b, struct bench_build *bd, size_t i)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bd->tree = xasprintf("%s/b%zu", b->host_tmp, i);
	if (mkdir(bd->tree, 0700) < 0)
		return bench_fail(b, "%s: %s", bd->tree, strerror(errno));
	bb_strvec_pushdup(&argv, "tar");
	bb_strvec_pushdup(&argv, "-x");
	bb_strvec_pushdup(&argv, "-f");
	bb_strvec_pushdup(&argv, bd->path);
	bb_strvec_pushdup(&argv, "-C");
	bb_strvec_pushdup(&argv, bd->tree);
	r = host_cmd(b, &argv, -1, 3600, "tar");
	bb_strvec_clear(&argv);
	if (r > 0)
		return bench_fail(b, "%s=%s: tar cannot unpack it (status %d)%s%s", bd->label, bd->path,
			r, *b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	return r;
}

/* each build: what it is, and for a tree or a tarball its python3 in it */
int
bench_prepare_build(struct bench *b, struct bench_build *bd, size_t i)
{
	struct stat st;
	char *dir, *up;

	if (stat(bd->path, &st) == 0 && S_ISDIR(st.st_mode)) {
		bd->kind = BUILD_TREE;
		bd->tree = xstrdup(bd->path);
	} else if (stat(bd->path, &st) == 0 && S_ISREG(st.st_mode) && is_tarball(bd->path)) {
		bd->kind = BUILD_TARBALL;
		if (unpack_tarball(b, bd, i) < 0)
			return -1;
	} else if (*bd->path == '/') {
		bd->kind = BUILD_TARGET;
		bd->python = xstrdup(bd->path);
		return 0;
	} else {
		return bench_fail(b, "%s=%s: no directory or tarball here, nor an absolute path on "
			"the target", bd->label, bd->path);
	}
	if (!(bd->rel = find_python(bd->tree)))
		return bench_fail(b, "%s=%s: no bin/python3 or usr/bin/python3 in it", bd->label,
			bd->path);
	dir = bb_path_dirname(bd->rel);
	up = bb_path_dirname(dir);
	bd->libdir = *up ? bb_path_join(up, "lib") : xstrdup("lib");
	free(up);
	free(dir);
	return 0;
}

/* the benchmark set into host_tmp/set */
int
bench_write_set(struct bench *b)
{
	char *dir = bb_path_join(b->host_tmp, "set");

	if (mkdir(dir, 0700) < 0) {
		bench_fail(b, "%s: %s", dir, strerror(errno));
		free(dir);
		return -1;
	}
	for (size_t i = 0; bench_files[i].name; i++) {
		char *p = bb_path_join(dir, bench_files[i].name);
		FILE *f = fopen(p, "w");
		int bad = !f || fputs(bench_files[i].text, f) == EOF;

		if (f && fclose(f))
			bad = 1;
		if (bad)
			bench_fail(b, "%s: %s", p, strerror(errno));
		free(p);
		if (bad) {
			free(dir);
			return -1;
		}
	}
	free(dir);
	return 0;
}

/* an unlinked temporary file holding a tar of dir (test suites and static libraries left out) */
int
bench_pack(struct bench *b, const char *dir, const char *label)
{
	static const char *const excl[] = { "--exclude=*/lib/python3*/test",
		"--exclude=*/lib/python3*/config-*/*.a", "--exclude=*/lib/libpython3*.a", NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	int fd = session_tmp_file(&b->s, "pgo-bench-tar"), r;

	if (fd < 0)
		return -1;
	bb_strvec_pushdup(&argv, "tar");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_pushdup(&argv, "-f");
	bb_strvec_pushdup(&argv, "-");
	for (size_t i = 0; excl[i]; i++)
		bb_strvec_pushdup(&argv, excl[i]);
	bb_strvec_pushdup(&argv, "-C");
	bb_strvec_pushdup(&argv, dir);
	bb_strvec_pushdup(&argv, ".");
	r = host_cmd(b, &argv, fd, 3600, "tar");
	bb_strvec_clear(&argv);
	if (r > 0)
		bench_fail(b, "%s: tar of %s failed (status %d)%s%s", label, dir, r,
			*b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	if (r || lseek(fd, 0, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}
