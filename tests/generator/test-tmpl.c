/* templates: substitutions, conditionals, escapes and their errors */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "generator/tmpl.h"

/* the variables the tests see; "FAIL" makes the lookup itself fail */
static const char *const vars[][2] = {
	{ "PN", "python3" },
	{ "PV", "3.11.2" },
	{ "ON", "1" },
	{ "OFF", "0" },
	{ "EMPTY", "" },
	{ "SEP", ":" },
	{ "TOOL", "gcc" },
};

static int
lookup(void *ctx, const char *name, char **val, struct bb_error *why)
{
	if (!strcmp(name, "FAIL"))
		return bb_error(why, NULL, "FAIL: cannot expand");
	if (!strcmp(name, "CONF_FAIL"))
		return bb_error(why, NULL, "local.conf:4: error: failure expanding 'CONF_FAIL'");
	*val = NULL;
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (!strcmp(vars[i][0], name))
			*val = strdup(vars[i][1]);
	return 0;
}

/* renders text as template "t.in"; returns the output or the error message */
static char *
render(const char *text, int *status)
{
	struct bb_error err = BB_ERROR_INIT;
	struct bb_buf out = BB_BUF_INIT;
	struct tmpl *t = tmpl_compile("t.in", text, strlen(text), &err);

	*status = !t || tmpl_render(t, lookup, NULL, &out, &err) < 0 ? -1 : 0;
	tmpl_free(t);
	if (*status) {
		bb_buf_release(&out);
		return err.msg;
	}
	assert_null(err.msg);
	return bb_buf_detach(&out);
}

static void
check_ok(const char *text, const char *want)
{
	int status;
	char *got = render(text, &status);

	if (status)
		fail_msg("unexpected error: %s", got);
	assert_string_equal(got, want);
	free(got);
}

static void
check_err(const char *text, const char *want)
{
	int status;
	char *got = render(text, &status);

	if (!status)
		fail_msg("no error; output: %s", got);
	assert_string_equal(got, want);
	free(got);
}

static void
test_substitution(void **state)
{
	check_ok("", "");
	check_ok("plain\n", "plain\n");
	check_ok("@{PN}_@{PV}.bb\n", "python3_3.11.2.bb\n");
	check_ok("CFLAGS@{SEP}append = \"-O2\"", "CFLAGS:append = \"-O2\"");
	check_ok("[@{EMPTY}]\n", "[]\n");
	check_ok("no newline at the end: @{PN}", "no newline at the end: python3");
}

static void
test_other_syntax_untouched(void **state)
{
	check_ok("${PN} $(CC) ${@d.getVar('X')} @x @ @@ a@b.c\n",
		"${PN} $(CC) ${@d.getVar('X')} @x @ @@ a@b.c\n");
	check_ok("@@ -1,3 +1,4 @@\n", "@@ -1,3 +1,4 @@\n");
	check_ok("crlf\r\n@{PN}\r\n", "crlf\r\npython3\r\n");
}

static void
test_escape(void **state)
{
	check_ok("@@{PN}\n", "@{PN}\n");
	check_ok("@@@{PN}\n", "@@{PN}\n");
	check_ok("@@{if X}\n", "@{if X}\n");
	check_ok("@@{\n", "@{\n");
}

static void
test_conditionals(void **state)
{
	check_ok("a\n@{if ON}\nb\n@{endif}\nc\n", "a\nb\nc\n");
	check_ok("a\n@{if OFF}\nb\n@{endif}\nc\n", "a\nc\n");
	check_ok("@{if EMPTY}\nb\n@{else}\nelse\n@{endif}\n", "else\n");
	check_ok("@{if !OFF}\nnot off\n@{endif}\n", "not off\n");
	check_ok("@{if ! ON}\nx\n@{else}\ny\n@{endif}\n", "y\n");
	check_ok("@{if TOOL == gcc}\ngcc\n@{else}\nclang\n@{endif}\n", "gcc\n");
	check_ok("@{if TOOL != gcc}\nnot\n@{endif}\n", "");
	check_ok("@{if TOOL==gcc}\neq\n@{endif}\n", "eq\n");
	check_ok("@{if SEP == :}\ncolon\n@{endif}\n", "colon\n");
	check_ok("@{if EMPTY == \"\"}\nempty\n@{endif}\n", "empty\n");
	check_ok("@{if PV != \"2.7.18\"}\nthree\n@{endif}\n", "three\n");
}

static void
test_directive_lines(void **state)
{
	/* blanks around a directive, CRLF, and no final newline */
	check_ok("\t@{if ON}  \r\nx\n  @{endif}", "x\n");
	check_ok("@{if ON}\nx\n@{endif}", "x\n");
	check_err("@{if ON}\n@{PN}@{endif}",
		"t.in:2: error: '@{endif}' must be on a line of its own");
}

static void
test_nesting(void **state)
{
	const char *t =
		"@{if ON}\n"
		"1\n"
		"  @{if OFF}\n"
		"2\n"
		"  @{else}\n"
		"3\n"
		"    @{if TOOL == gcc}\n"
		"4\n"
		"    @{endif}\n"
		"  @{endif}\n"
		"5\n"
		"@{else}\n"
		"6\n"
		"@{endif}\n";

	check_ok(t, "1\n3\n4\n5\n");
}

static void
test_unknown_substitution(void **state)
{
	check_err("a\nb\nc @{NOPE} d\n", "t.in:3: error: unknown substitution 'NOPE'");
	check_err("@{if NOPE}\n@{endif}\n", "t.in:1: error: unknown substitution 'NOPE'");
	/* also in a block that is not kept: a typo shows whatever the configuration */
	check_err("@{if OFF}\n@{TYPO}\n@{endif}\n", "t.in:2: error: unknown substitution 'TYPO'");
	check_err("@{if OFF}\n@{if TYPO}\n@{endif}\n@{endif}\n",
		"t.in:2: error: unknown substitution 'TYPO'");
	check_err("x @{FAIL}\n", "t.in:1: error: FAIL: cannot expand");
	check_err("x\n@{CONF_FAIL}\n", "local.conf:4: error: failure expanding 'CONF_FAIL'");
}

static void
test_unbalanced(void **state)
{
	check_err("a\n@{if ON}\nb\n", "t.in:2: error: '@{if}' without '@{endif}'");
	check_err("@{if ON}\n@{if ON}\n@{endif}\n",
		"t.in:1: error: '@{if}' without '@{endif}'");
	check_err("a\n@{endif}\n", "t.in:2: error: '@{endif}' without '@{if}'");
	check_err("@{else}\n", "t.in:1: error: '@{else}' without '@{if}'");
	check_err("@{if ON}\n@{else}\n@{else}\n@{endif}\n",
		"t.in:3: error: second '@{else}' in one '@{if}'");
}

static void
test_syntax_errors(void **state)
{
	check_err("x @{if ON} y\n", "t.in:1: error: '@{if ON}' must be on a line of its own");
	check_err("x @{endif}\n", "t.in:1: error: '@{endif}' must be on a line of its own");
	check_err("\n@{else} x\n", "t.in:2: error: '@{else}' must be on a line of its own");
	check_err("@{}\n", "t.in:1: error: malformed substitution '@{}'");
	check_err("a @{PN\n", "t.in:1: error: malformed substitution '@{PN'");
	check_err("@{P N}\n", "t.in:1: error: malformed substitution '@{P N}'");
	check_err("@{if}\n@{endif}\n", "t.in:1: error: malformed condition ''");
	check_err("@{if A B}\n@{endif}\n", "t.in:1: error: malformed condition 'A B'");
	check_err("@{if A == }\n@{endif}\n", "t.in:1: error: malformed condition 'A == '");
	check_err("@{if A == b c}\n@{endif}\n", "t.in:1: error: malformed condition 'A == b c'");
	check_err("@{if !A == b}\n@{endif}\n", "t.in:1: error: malformed condition '!A == b'");
}

static void
test_too_deep(void **state)
{
	struct bb_buf b = BB_BUF_INIT;
	int status;
	char *got;

	for (int i = 0; i < 65; i++)
		bb_buf_addstr(&b, "@{if ON}\n");
	got = render(b.buf, &status);
	assert_int_equal(status, -1);
	assert_string_equal(got, "t.in:65: error: @{if}: conditionals nested too deeply");
	free(got);
	bb_buf_release(&b);
}

static void
test_check_only(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	const char *text = "first line\n@{if ON}\n@{PN}\n@{endif}\n@{NOPE}\n";
	struct tmpl *t = tmpl_compile("t.in", text, strlen(text), &err);

	assert_non_null(t);
	assert_int_equal(tmpl_render(t, lookup, NULL, NULL, &err), -1);
	assert_string_equal(err.msg, "t.in:5: error: unknown substitution 'NOPE'");
	bb_error_clear(&err);
	tmpl_free(t);
}

static void
test_render_twice_keeps_output_on_error(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	struct bb_buf out = BB_BUF_INIT;
	const char *text = "ok @{PN}\n@{NOPE}\n";
	struct tmpl *t = tmpl_compile("t.in", text, strlen(text), &err);

	bb_buf_addstr(&out, "before|");
	assert_int_equal(tmpl_render(t, lookup, NULL, &out, &err), -1);
	assert_string_equal(out.buf, "before|");
	bb_error_clear(&err);
	bb_buf_release(&out);
	tmpl_free(t);
}

static void
test_cond_alone(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	struct tmpl_cond *c = tmpl_cond_compile("manifest.xml", 7, "TOOL == clang", &err);
	bool res = true;

	assert_non_null(c);
	assert_int_equal(tmpl_cond_eval(c, lookup, NULL, &res, &err), 0);
	assert_false(res);
	tmpl_cond_free(c);
	c = tmpl_cond_compile("manifest.xml", 7, "NOPE", &err);
	assert_int_equal(tmpl_cond_eval(c, lookup, NULL, &res, &err), -1);
	assert_string_equal(err.msg, "manifest.xml:7: error: unknown substitution 'NOPE'");
	bb_error_clear(&err);
	tmpl_cond_free(c);
	assert_null(tmpl_cond_compile("manifest.xml", 9, "== x", &err));
	assert_string_equal(err.msg, "manifest.xml:9: error: malformed condition '== x'");
	bb_error_clear(&err);
}

static void
test_compile_at(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	struct bb_buf out = BB_BUF_INIT;
	struct tmpl *t = tmpl_compile_at("m.xml", 12, "dir/@{X}", 8, &err);

	assert_int_equal(tmpl_render(t, lookup, NULL, &out, &err), -1);
	assert_string_equal(err.msg, "m.xml:12: error: unknown substitution 'X'");
	bb_error_clear(&err);
	bb_buf_release(&out);
	tmpl_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_substitution),
		cmocka_unit_test(test_other_syntax_untouched),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_conditionals),
		cmocka_unit_test(test_directive_lines),
		cmocka_unit_test(test_nesting),
		cmocka_unit_test(test_unknown_substitution),
		cmocka_unit_test(test_unbalanced),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_too_deep),
		cmocka_unit_test(test_check_only),
		cmocka_unit_test(test_render_twice_keeps_output_on_error),
		cmocka_unit_test(test_cond_alone),
		cmocka_unit_test(test_compile_at),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
