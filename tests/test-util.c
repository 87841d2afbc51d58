/* mkdtemp and nftw are POSIX; the build compiles with -std=c11 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/parse.h"
#include "bblang/strvec.h"
#include "tests/test-util.h"

char *
test_datapath(const char *rel)
{
	const char *dir = getenv("TEST_DATADIR");
	char *p, *abs;

	if (!dir || !*dir)
		fail_msg("TEST_DATADIR is not set");
	p = malloc(strlen(dir) + strlen(rel) + 2);
	assert_non_null(p);
	sprintf(p, "%s/%s", dir, rel);
	/* the form bb_parse_file records (FILE, filename flags, messages) */
	abs = bb_path_abs(p);
	free(p);
	return abs;
}

char *
test_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *p;

	if (!base || !*base)
		base = "/tmp";
	p = malloc(strlen(base) + sizeof("/bbtest.XXXXXX"));
	assert_non_null(p);
	sprintf(p, "%s/bbtest.XXXXXX", base);
	if (!mkdtemp(p))
		fail_msg("mkdtemp %s: %s", p, strerror(errno));
	return p;
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

void
test_rmtree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void
mkdirs(char *path)
{
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST)
			fail_msg("mkdir %s: %s", path, strerror(errno));
		*p = '/';
	}
}

char *
test_write(const char *dir, const char *name, const char *text)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);
	FILE *f;

	assert_non_null(path);
	sprintf(path, "%s/%s", dir, name);
	mkdirs(path);
	f = fopen(path, "wb");
	if (!f)
		fail_msg("open %s: %s", path, strerror(errno));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

void
test_write_tree(const char *dir, ...)
{
	va_list ap;
	const char *name;

	va_start(ap, dir);
	while ((name = va_arg(ap, const char *))) {
		const char *text = va_arg(ap, const char *);

		free(test_write(dir, name, text));
	}
	va_end(ap);
}

char *
test_read(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, n;
	char chunk[4096];

	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		buf = realloc(buf, len + n + 1);
		assert_non_null(buf);
		memcpy(buf + len, chunk, n);
		len += n;
	}
	fclose(f);
	if (!buf)
		buf = calloc(1, 1);
	assert_non_null(buf);
	buf[len] = '\0';
	return buf;
}

void
test_ctx_init(struct test_ctx *t)
{
	t->d = bb_data_new();
	t->dir = test_tmpdir();
}

void
test_ctx_release(struct test_ctx *t)
{
	bb_data_free(t->d);
	test_rmtree(t->dir);
	free(t->dir);
	t->d = NULL;
	t->dir = NULL;
}

int
test_parse(struct test_ctx *t, const char *name, const char *text)
{
	char *path = test_write(t->dir, name, text);
	int ret = bb_parse_file(t->d, path);

	free(path);
	return ret;
}

void
test_parse_ok(struct test_ctx *t, const char *name, const char *text)
{
	if (test_parse(t, name, text) < 0)
		fail_msg("parsing %s failed: %s", name, bb_data_error(t->d));
}

char *
test_replace(const char *s, const char *from, const char *to)
{
	size_t nf = strlen(from), nt = strlen(to), n = 0;
	const char *p;
	char *out, *o;

	for (p = s; nf && (p = strstr(p, from)); p += nf)
		n++;
	out = malloc(strlen(s) + n * nt + 1);
	assert_non_null(out);
	o = out;
	while (nf && (p = strstr(s, from))) {
		memcpy(o, s, (size_t)(p - s));
		o += p - s;
		memcpy(o, to, nt);
		o += nt;
		s = p + nf;
	}
	strcpy(o, s);
	return out;
}

/* v[0..n) joined by spaces; caller frees */
static char *
join(const char **v, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;

	for (size_t i = 0; i < n; i++)
		bb_buf_addf(&b, "%s%s", i ? " " : "", v[i]);
	return bb_buf_detach(&b);
}

char *
test_join(const struct bb_strvec *v)
{
	return join((const char **)v->v, v->n);
}

char *
test_error(struct test_ctx *t)
{
	return test_replace(bb_data_error(t->d), t->dir, "@DIR@");
}

static char *
get(struct bb_data *d, const char *var, const char *flag, bool expand)
{
	char *v = NULL;

	if (bb_data_get_flag(d, var, flag, expand, false, false, &v) < 0)
		fail_msg("getting %s[%s] failed: %s", var, flag, bb_data_error(d));
	return v;
}

char *
test_get(struct bb_data *d, const char *var)
{
	return get(d, var, "_content", true);
}

char *
test_get_raw(struct bb_data *d, const char *var)
{
	return get(d, var, "_content", false);
}

char *
test_get_flag(struct bb_data *d, const char *var, const char *flag)
{
	return get(d, var, flag, true);
}

void
test_check_str(const char *got, const char *want, const char *what, const char *file, int line)
{
	if (got && want) {
		if (strcmp(got, want))
			print_error("%s: got '%s', want '%s'\n", what, got, want);
		_assert_string_equal(got, want, file, line);
		return;
	}
	if (got == want)
		return;
	print_error("%s: got %s%s%s, want %s%s%s\n", what, got ? "'" : "", got ? got : "unset",
		got ? "'" : "", want ? "'" : "", want ? want : "unset", want ? "'" : "");
	_fail(file, line);
}

void
test_check_var(struct bb_data *d, const char *var, const char *want, const char *file, int line)
{
	char *v = test_get(d, var);

	test_check_str(v, want, var, file, line);
	free(v);
}

void
test_check_raw(struct bb_data *d, const char *var, const char *want, const char *file, int line)
{
	char *v = test_get_raw(d, var);

	test_check_str(v, want, var, file, line);
	free(v);
}

void
test_check_flag(struct bb_data *d, const char *var, const char *flag, const char *want,
	const char *file, int line)
{
	char *v = test_get_flag(d, var, flag);

	test_check_str(v, want, flag, file, line);
	free(v);
}

void
test_check_names(const char **names, size_t n, const char *want, const char *file, int line)
{
	char *got = join(names, n);

	test_check_str(got, want, "names", file, line);
	free(got);
}

void
test_check_error(struct test_ctx *t, const char *want, const char *file, int line)
{
	char *err = test_error(t);

	test_check_str(err, want, "error", file, line);
	free(err);
}

int
test_ctx_teardown(void **state)
{
	test_ctx_release(*state);
	free(*state);
	return 0;
}
