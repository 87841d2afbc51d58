/*
 * the bad-input catalogue: every tests/data/bad/NAME.EXT with a NAME.EXT.err
 * is parsed, and the error (and warnings) must match exactly; see the README there
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/data.h"
#include "bblang/os.h"
#include "bblang/parse.h"
#include "bblang/util.h"
#include "tests/test-util.h"

#define MAX_CASES 256

struct errcase {
	char *name;	/* NAME.EXT */
	char *dir;	/* the absolute catalogue directory */
};

static char *
chomp(char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == '\n')
		s[--n] = '\0';
	return s;
}

/* reads dir/name+ext with @DIR@ replaced; NULL when it does not exist */
static char *
read_expected(const struct errcase *c, const char *ext)
{
	char *path = malloc(strlen(c->dir) + strlen(c->name) + strlen(ext) + 2);
	char *text, *out;

	assert_non_null(path);
	sprintf(path, "%s/%s%s", c->dir, c->name, ext);
	text = test_read(path);
	free(path);
	if (!text)
		return NULL;
	out = test_replace(chomp(text), "@DIR@", c->dir);
	free(text);
	return out;
}

static char *
warnings(struct bb_data *d)
{
	size_t len = 1;
	char *s;

	for (size_t i = 0; i < bb_data_nwarnings(d); i++)
		len += strlen(bb_data_warning(d, i)) + 1;
	s = calloc(1, len);
	assert_non_null(s);
	for (size_t i = 0; i < bb_data_nwarnings(d); i++) {
		if (i)
			strcat(s, "\n");
		strcat(s, bb_data_warning(d, i));
	}
	return s;
}

static void
test_case(void **state)
{
	const struct errcase *c = *state;
	struct bb_data *d = bb_data_new();
	char *path = malloc(strlen(c->dir) + strlen(c->name) + 2);
	char *want = read_expected(c, ".err");
	char *want_warn = read_expected(c, ".warn");
	char *got_warn;
	int ret;

	assert_non_null(path);
	assert_non_null(want);
	sprintf(path, "%s/%s", c->dir, c->name);
	ret = bb_parse_file(d, path);
	assert_string_equal(bb_data_error(d), want);
	assert_int_equal(ret, *want ? -1 : 0);
	got_warn = warnings(d);
	assert_string_equal(got_warn, want_warn ? want_warn : "");
	free(got_warn);
	free(want_warn);
	free(want);
	free(path);
	bb_data_free(d);
}

static int
cmpname(const void *a, const void *b)
{
	return strcmp(((const struct errcase *)a)->name, ((const struct errcase *)b)->name);
}

/* the cases, sorted by name; returns how many, or -1 */
static int
find_cases(const char *dir, struct errcase *cases)
{
	DIR *dh = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!dh) {
		perror(dir);
		return -1;
	}
	while ((e = readdir(dh)) && n < MAX_CASES) {
		size_t len = strlen(e->d_name);

		if (len <= 4 || strcmp(e->d_name + len - 4, ".err"))
			continue;
		cases[n].name = xstrndup(e->d_name, len - 4);
		cases[n].dir = (char *)dir;
		n++;
	}
	closedir(dh);
	qsort(cases, (size_t)n, sizeof(*cases), cmpname);
	return n;
}

int
main(void)
{
	static struct errcase cases[MAX_CASES];
	static struct CMUnitTest tests[MAX_CASES];
	const char *data = getenv("TEST_DATADIR");
	char *dir, *abs;
	int n, ret;

	if (!data || !*data) {
		fprintf(stderr, "TEST_DATADIR is not set\n");
		return 1;
	}
	dir = malloc(strlen(data) + sizeof("/bad"));
	if (!dir)
		return 1;
	sprintf(dir, "%s/bad", data);
	/* the path as bb_parse_file makes it absolute, for @DIR@ */
	abs = bb_path_abs(dir);
	free(dir);
	n = find_cases(abs, cases);
	if (n <= 0) {
		fprintf(stderr, "%s: no cases\n", abs);
		free(abs);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		tests[i].name = cases[i].name;
		tests[i].test_func = test_case;
		tests[i].initial_state = &cases[i];
	}
	ret = _cmocka_run_group_tests("bad-input", tests, (size_t)n, NULL, NULL);
	for (int i = 0; i < n; i++)
		free(cases[i].name);
	free(abs);
	return ret;
}
