/*
 * bb_shell_execs against BitBake's ShellParser: every case of
 * tests/data/shell-execs/cases.txt (crafted ones, then the shell functions of
 * OE-core's classes and of meta-pgo) must give the commands golden.txt holds,
 * which real BitBake gave (make-golden.py, README there), or fail where it
 * raised
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/shell.h"
#include "bblang/strvec.h"
#include "bblang/util.h"
#include "tests/test-util.h"

/* the next record of text (ending in a line "%%"), or NULL at the end */
static char *
next_record(char **text)
{
	char *s = *text, *end;

	if (!*s)
		return NULL;
	if (!strncmp(s, "%%\n", 3)) {
		*text = s + 3;
		return xstrdup("");
	}
	end = strstr(s, "\n%%\n");
	assert_non_null(end);
	*text = end + 4;
	return xstrndup(s, (size_t)(end - s));
}

/* golden's lines, unescaped, into want */
static void
golden_lines(const char *rec, struct bb_strvec *want)
{
	for (const char *p = rec; *p;) {
		struct bb_buf b = BB_BUF_INIT;

		for (; *p && *p != '\n'; p++)
			if (*p == '\\' && p[1]) {
				p++;
				bb_buf_addch(&b, *p == 'n' ? '\n' : *p);
			} else {
				bb_buf_addch(&b, *p);
			}
		bb_strvec_push(want, bb_buf_detach(&b));
		p += *p == '\n';
	}
}

static int
check_case(size_t i, const char *src, const char *golden)
{
	struct bb_strvec want = BB_STRVEC_INIT, got = BB_STRVEC_INIT;
	struct bb_error err = BB_ERROR_INIT;
	int r = bb_shell_execs(src, &got, &err), bad = 0;
	char *w, *g;

	golden_lines(golden, &want);
	bb_strvec_sort(&got);
	w = bb_strvec_join(&want, 0, " | ");
	g = r < 0 ? xstrdup("ERR") : bb_strvec_join(&got, 0, " | ");
	if (strcmp(w, g)) {
		print_message("case %zu: BitBake: [%s], bblang: [%s]%s%s\n---\n%s\n---\n", i + 1, w,
			g, err.msg ? " " : "", err.msg ? err.msg : "", src);
		bad = 1;
	}
	free(w);
	free(g);
	bb_error_clear(&err);
	bb_strvec_clear(&want);
	bb_strvec_clear(&got);
	return bad;
}

static void
test_golden(void **state)
{
	char *cpath = test_datapath("shell-execs/cases.txt");
	char *gpath = test_datapath("shell-execs/golden.txt");
	char *ctext = test_read(cpath), *gtext = test_read(gpath), *c = ctext, *g = gtext;
	char *src, *gold;
	size_t n = 0;
	int bad = 0;

	(void)state;
	assert_non_null(ctext);
	assert_non_null(gtext);
	while ((src = next_record(&c))) {
		gold = next_record(&g);
		assert_non_null(gold);
		bad += check_case(n++, src, gold);
		free(src);
		free(gold);
	}
	assert_null(next_record(&g));
	print_message("%zu cases, %d differ from BitBake's\n", n, bad);
	assert_true(n >= 150);
	assert_int_equal(bad, 0);
	free(ctext);
	free(gtext);
	free(cpath);
	free(gpath);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
