/*
 * the hand-written assignment matcher against BitBake's own pattern (PCRE2):
 * the same answer and the same parts for every line of the conformance cases
 * and the real conf files, for crafted corner cases, and for random mutations
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/parse.h"
#include "tests/bblang/assign-parts.h"
#include "tests/test-util.h"

static void
same(const char *line)
{
	struct bb_assign a, b;
	bool ma = bb_assign_match(line, &a), mb = bb_assign_match_re(line, &b);

	if (ma != mb)
		fail_msg("'%s': hand %d, pattern %d", line, ma, mb);
	if (!ma)
		return;
	if (!assign_same_parts(&a, &b))
		fail_msg("'%s': parts differ (var %zu+%zu/%zu+%zu op %d/%d value %zu+%zu/%zu+%zu)",
			line, a.var_off, a.var_len, b.var_off, b.var_len, a.op, b.op, a.value_off,
			a.value_len, b.value_off, b.value_len);
}

static size_t
lines_of_file(const char *path)
{
	char *text = test_read(path), *save = NULL;
	size_t n = 0;

	if (!text)
		return 0;
	for (char *l = strtok_r(text, "\r\n", &save); l; l = strtok_r(NULL, "\r\n", &save)) {
		same(l);
		n++;
	}
	free(text);
	return n;
}

static size_t
walk(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		char *p;

		if (e->d_name[0] == '.')
			continue;
		p = malloc(strlen(dir) + len + 2);
		assert_non_null(p);
		sprintf(p, "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR)
			n += walk(p);
		else if ((len > 5 && !strcmp(e->d_name + len - 5, ".conf")) ||
			 (len > 4 && !strcmp(e->d_name + len - 4, ".inc")) ||
			 (len > 3 && !strcmp(e->d_name + len - 3, ".bb")))
			n += lines_of_file(p);
		free(p);
	}
	closedir(dp);
	return n;
}

static void
test_real_lines(void **state)
{
	char *dir = test_datapath("");

	assert_true(walk(dir) > 5000);
	free(dir);
}

static void
test_corner_cases(void **state)
{
	static const char *const lines[] = {
		"A = \"a\"", "A=\"a\"", "A ?= 'b'", "A ?\?= \"c\"", "A := \"${B}\"", "A += \"x\"",
		"A =+ \"x\"", "A .= \"x\"", "A =. \"x\"", "A.= \"x\"", "A+= \"x\"", "A=+\"x\"",
		"A[doc] = \"d\"", "A[d@c/x] = \"d\"", "A[@x] = \"d\"", "A[] = \"x\"",
		"export A = \"x\"", "export  A = \"x\"", "export = \"x\"", "exportA = \"x\"",
		"export\tA = \"x\"", "A = 'a'b'c'", "A = \"a\"b\"c\"", "A = 'a''", "A = \"a\"\"",
		"A = \"'a'b'\"", "A = '\"a\"b\"'", "A = \"", "A = \"x'", "A = x", "A = \"x\" y",
		"= \"x\"", " = \"x\"", "A B = \"x\"", "${A} = \"x\"", "A:append:b = \"x\"",
		"A:=\"x\"", "A ?\?= \"x\"", "A ?\?=\"x\"", "A?\?= \"x\"", "A = ''", "A = \"\"",
		"A[f]:append = \"x\"", "A[f] += \"x\"", "A[f]=\"x\"", "A[f] [g] = \"x\"",
		"A\x1c= \"x\"", "A = \x1c\"x\"", "A = \"x\"\x1c", "A\v=\f\"x\"", "a-b+c.d/e~f = \"x\"",
		"A = \"x\" # comment", "A = \"x\"\"", "A.=.\"x\"", "A ::= \"x\"", "A :== \"x\"",
		"A =.. \"x\"", "A === \"x\"", "A [f] = \"x\"", "A[f ] = \"x\"", "A[f]] = \"x\"",
		/* U+2000..U+200A are spaces; e2 80 followed by an ASCII byte is not one */
		"A\xe2\x80\x80= \"x\"", "+\xe2\x80p=\"\"", "A \xe2\x80\x8a= \"x\"",
		"A \xe2\x80\x8b= \"x\"",
	};

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		same(lines[i]);
}

static void
test_mutations(void **state)
{
	static const char alphabet[] = "Aa_:.+=?[]@/\"' \t\x1c${}-#x";
	unsigned long seed = 12345;
	char line[24];

	for (int i = 0; i < 200000; i++) {
		size_t n = 1 + (seed >> 16) % (sizeof(line) - 1);

		for (size_t k = 0; k < n; k++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			line[k] = alphabet[(seed >> 33) % (sizeof(alphabet) - 1)];
		}
		line[n] = '\0';
		same(line);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corner_cases),
		cmocka_unit_test(test_real_lines),
		cmocka_unit_test(test_mutations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
