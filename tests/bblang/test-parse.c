/* conf syntax (ConfHandler): operators, overrides, flags, export/unset, includes, lexing */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/data.h"
#include "bblang/parse.h"
#include "tests/test-util.h"

static int
setup(void **state)
{
	struct test_ctx *t = calloc(1, sizeof(*t));

	test_ctx_init(t);
	*state = t;
	return 0;
}

/* expected values below come from real BitBake (bbvars oracle) on the same input */
static void
test_operators(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "ops.conf",
		"A = \"a\"\n"
		"A = \"b\"\n"
		"B ?= \"b1\"\n"
		"B ?= \"b2\"\n"
		"C ?\?= \"c1\"\n"
		"C ?\?= \"c2\"\n"
		"C2 ?\?= \"w\"\n"
		"C2 = \"s\"\n"
		"C3 = \"s\"\n"
		"C3 ?\?= \"w\"\n"
		"D = \"d\"\n"
		"D += \"e\"\n"
		"D =+ \"f\"\n"
		"D .= \"g\"\n"
		"D =. \"h\"\n"
		"P += \"x\"\n"
		"Q =+ \"x\"\n"
		"R .= \"x\"\n"
		"S =. \"x\"\n"
		"W ?\?= \"w\"\n"
		"W += \"x\"\n");
	assert_var(t->d, "A", "b");
	assert_var(t->d, "B", "b1");
	assert_var(t->d, "C", "c2");
	assert_var(t->d, "C2", "s");
	assert_var(t->d, "C3", "s");
	assert_var(t->d, "D", "hf d eg");
	assert_var(t->d, "P", " x");
	assert_var(t->d, "Q", "x ");
	assert_var(t->d, "R", "x");
	assert_var(t->d, "S", "x");
	/* += does not see a ?\?= default */
	assert_var(t->d, "W", " x");
	assert_int_equal(bb_data_nwarnings(t->d), 0);
}

static void
test_immediate(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "imm.conf",
		"V = \"v1\"\n"
		"E = \"${V}\"\n"
		"E2 := \"${V}\"\n"
		"E3 := \"${UNSET}\"\n"
		"E4 := \"${E2}+${V}\"\n"
		"V = \"v2\"\n");
	assert_var(t->d, "E", "v2");
	assert_raw(t->d, "E", "${V}");
	assert_var(t->d, "E2", "v1");
	assert_raw(t->d, "E2", "v1");
	assert_raw(t->d, "E3", "${UNSET}");
	assert_raw(t->d, "E4", "v1+v1");
}

static void
test_override_selection(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "ovr.conf",
		"OVERRIDES = \"arm:qemu\"\n"
		"A = \"base\"\n"
		"A:arm = \"arm\"\n"
		"A:qemu = \"qemu\"\n"
		"A2 = \"base\"\n"
		"A2:qemu = \"qemu\"\n"
		"A2:arm = \"arm\"\n"
		"E = \"e\"\n"
		"E:arm:qemu = \"both\"\n"
		"E2 = \"e\"\n"
		"E2:arm:nope = \"no\"\n"
		"N = \"n\"\n"
		"N:nope = \"no\"\n");
	/* the last override in OVERRIDES wins, whatever the assignment order */
	assert_var(t->d, "A", "qemu");
	assert_var(t->d, "A2", "qemu");
	assert_raw(t->d, "A:arm", "arm");
	assert_var(t->d, "E", "both");
	assert_var(t->d, "E:arm", "both");
	assert_var(t->d, "E2", "e");
	assert_var(t->d, "N", "n");
	assert_var(t->d, "N:nope", "no");
}

static void
test_override_ops(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "ovrops.conf",
		"OVERRIDES = \"arm:qemu\"\n"
		"B = \"b\"\n"
		"B:append = \" app\"\n"
		"B:prepend = \"pre \"\n"
		"B:append:arm = \" armapp\"\n"
		"B:append:nope = \" no\"\n"
		"B:prepend:qemu = \"qpre \"\n"
		"D = \"a b c a\"\n"
		"D:remove = \"a\"\n"
		"D:remove:qemu = \"c\"\n"
		"D:remove:nope = \"b\"\n");
	assert_var(t->d, "B", "qpre pre b app armapp");
	assert_raw(t->d, "B", "qpre pre b app armapp");
	/* :remove keeps the whitespace around removed words */
	assert_var(t->d, "D", " b  ");
}

/* A:ovr:append appends to the override key; A:append:ovr is a conditional append */
static void
test_override_append_order(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "combo.conf",
		"OVERRIDES = \"arm\"\n"
		"C = \"c\"\n"
		"C:arm:append = \" x\"\n"
		"C2 = \"c\"\n"
		"C2:append:arm = \" y\"\n"
		"C3 = \"c\"\n"
		"C3:arm = \"carm\"\n"
		"C3:arm:append = \" x\"\n"
		"C3:append:arm = \" y\"\n"
		"C3:append = \" z\"\n"
		"C4 = \"c\"\n"
		"C4:append:other = \" no\"\n"
		"C4:other:append = \" no2\"\n");
	assert_var(t->d, "C", " x");
	assert_var(t->d, "C:arm", " x");
	assert_var(t->d, "C2", "c y");
	assert_var(t->d, "C3", "carm x y z");
	assert_var(t->d, "C3:arm", "carm x");
	assert_var(t->d, "C4", "c");
	assert_var(t->d, "C4:other", " no2");
}

static void
test_flag_operators(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "flags.conf",
		"V = \"v1\"\n"
		"F[doc] = \"d\"\n"
		"F[doc] += \"e\"\n"
		"F[doc] =+ \"f\"\n"
		"F[doc] .= \"g\"\n"
		"F[doc] =. \"h\"\n"
		"F[x] ?= \"1\"\n"
		"F[x] ?= \"2\"\n"
		"F[y] ?\?= \"w1\"\n"
		"F[y] ?\?= \"w2\"\n"
		"F[z] := \"${V}\"\n"
		"F[l] = \"${V}\"\n"
		"F[w] ?\?= \"weak\"\n"
		"F[w] = \"strong\"\n"
		"V = \"v2\"\n");
	assert_var(t->d, "F", NULL);
	assert_flag(t->d, "F", "doc", "hf d eg");
	assert_flag(t->d, "F", "x", "1");
	assert_flag(t->d, "F", "y", "w2");
	assert_flag(t->d, "F", "z", "v1");
	assert_flag(t->d, "F", "l", "v2");
	assert_flag(t->d, "F", "w", "strong");
	assert_flag(t->d, "F", "nope", NULL);
}

static void
test_flag_names(void **state)
{
	struct test_ctx *t = *state;
	const char **names;
	size_t n;

	test_parse_ok(t, "fnames.conf",
		"F[b] = \"1\"\n"
		"F[a] = \"2\"\n"
		"F[w] ?\?= \"3\"\n"
		"F[doc.x-y+z@1] = \"4\"\n");
	names = bb_data_flags(t->d, "F", &n);
	assert_names(names, n, "a b doc.x-y+z@1 w");
	free(names);
}

static void
test_export(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "export.conf",
		"export X = \"x\"\n"
		"export Y\n"
		"export Z\n"
		"Z = \"z\"\n"
		"export W ?= \"w\"\n");
	assert_var(t->d, "X", "x");
	assert_flag(t->d, "X", "export", "1");
	assert_var(t->d, "Y", NULL);
	assert_flag(t->d, "Y", "export", "1");
	assert_var(t->d, "Z", "z");
	assert_flag(t->d, "Z", "export", "1");
	assert_var(t->d, "W", "w");
	assert_flag(t->d, "W", "export", "1");
}

static void
test_unset(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "unset.conf",
		"U = \"u\"\n"
		"U[doc] = \"ud\"\n"
		"U:append = \" more\"\n"
		"unset U\n"
		"U2 = \"u2\"\n"
		"U2[doc] = \"doc\"\n"
		"U2[keep] = \"k\"\n"
		"unset U2[doc]\n"
		"unset NEVER\n"
		"unset NEVER2[flag]\n");
	assert_var(t->d, "U", NULL);
	assert_flag(t->d, "U", "doc", NULL);
	assert_var(t->d, "U2", "u2");
	assert_flag(t->d, "U2", "doc", NULL);
	assert_flag(t->d, "U2", "keep", "k");
	assert_var(t->d, "NEVER", NULL);
}

/* addpylib: in conf files only, the datastore unchanged (no Python to import into) */
static void
test_addpylib(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "layer.conf",
		"LAYERDIR = \"/layers/meta\"\n"
		"addpylib ${LAYERDIR}/lib oe\n"
		"AFTER = \"1\"\n");
	assert_var(t->d, "AFTER", "1");
	assert_var(t->d, "oe", NULL);
	assert_int_equal(test_parse(t, "r.bb", "addpylib ${LAYERDIR}/lib oe\n"), -1);
	assert_error(t, "@DIR@/r.bb:1: error: unparsed line: 'addpylib ${LAYERDIR}/lib oe'");
}

static void
test_include_bbpath(void **state)
{
	struct test_ctx *t = *state;
	char *bbpath = malloc(2 * strlen(t->dir) + 8);

	test_write_tree(t->dir,
		"p1/conf/x.conf", "FROM_P1 = \"1\"\nWHO = \"p1\"\nALL .= \" p1\"\n",
		"p2/conf/x.conf", "WHO = \"p2\"\nFROM_P2 = \"1\"\n",
		"p1/conf/all.conf", "ALL .= \" p1all\"\n",
		"p2/conf/all.conf", "ALL .= \" p2all\"\n",
		"top/local.conf", "LOCAL = \"${FILE}\"\n",
		"top/sub/s.inc", "SUB = \"sub\"\n",
		(char *)NULL);
	sprintf(bbpath, "%s/p1:%s/p2", t->dir, t->dir);
	assert_int_equal(bb_data_set(t->d, "BBPATH", bbpath, false, NULL), 0);
	free(bbpath);
	test_parse_ok(t, "top/main.conf",
		"ALL = \"start\"\n"
		"NAME = \"x\"\n"
		"include conf/${NAME}.conf\n"
		"include local.conf\n"
		"require sub/s.inc\n"
		"include does-not-exist.conf\n"
		"include_all conf/all.conf\n"
		"AFTER = \"${FILE}\"\n");
	/* include takes the first match in BBPATH, include_all every one in order */
	assert_var(t->d, "WHO", "p1");
	assert_var(t->d, "FROM_P1", "1");
	assert_var(t->d, "FROM_P2", NULL);
	assert_var(t->d, "ALL", "start p1 p1all p2all");
	assert_var(t->d, "SUB", "sub");
	/* the including file's directory is searched; FILE is restored afterwards */
	{
		char *want = test_replace("@DIR@/top/main.conf", "@DIR@", t->dir);

		assert_var(t->d, "LOCAL", want);
		assert_var(t->d, "AFTER", want);
		assert_var(t->d, "FILE", want);
		free(want);
	}
}

static void
test_require_missing(void **state)
{
	struct test_ctx *t = *state;

	assert_int_equal(test_parse(t, "req.conf", "A = \"a\"\nrequire nope.conf\nB = \"b\"\n"),
		-1);
	assert_error(t, "@DIR@/req.conf:2: error: could not include required file 'nope.conf'");
}

static void
test_include_file_variable(void **state)
{
	struct test_ctx *t = *state;
	char *want;

	test_write_tree(t->dir, "child.conf", "IN_CHILD = \"${FILE}\"\nC := \"${FILE}\"\n",
		(char *)NULL);
	test_parse_ok(t, "parent.conf", "include child.conf\n");
	want = test_replace("@DIR@/child.conf", "@DIR@", t->dir);
	/* lazy values see the FILE of the end of parsing, := the one at the time */
	assert_raw(t->d, "C", want);
	free(want);
	want = test_replace("@DIR@/parent.conf", "@DIR@", t->dir);
	assert_var(t->d, "IN_CHILD", want);
	free(want);
}

static void
test_continuation_and_comments(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "syn.conf",
		"A = \"a \\\n"
		"  b\"\n"
		"# comment \\\n"
		"# continued\n"
		"B = \"b\" \n"
		"C = \"c1\\\n"
		"c2\"\n"
		"\n"
		"  \n"
		"#X = \"no\"\n"
		"F = 'single \"q\"'\n"
		"G = \"x\"  \n"
		"H=\"nospace\"\n"
		"I = \"a # not a comment\"\n");
	assert_var(t->d, "A", "a   b");
	assert_var(t->d, "B", "b");
	assert_var(t->d, "C", "c1c2");
	assert_var(t->d, "X", NULL);
	assert_var(t->d, "F", "single \"q\"");
	assert_var(t->d, "G", "x");
	assert_var(t->d, "H", "nospace");
	assert_var(t->d, "I", "a # not a comment");
}

static void
test_crlf(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "crlf.conf",
		"D = \"d\"\r\n"
		"E = \"e1 \\\r\n"
		"e2\"\r\n"
		"\r\n"
		"# c\r\n"
		"F += \"f\"\r\n");
	assert_var(t->d, "D", "d");
	assert_var(t->d, "E", "e1 e2");
	assert_var(t->d, "F", " f");
}

static void
test_old_append_error(void **state)
{
	struct test_ctx *t = *state;

	assert_int_equal(test_parse(t, "old.conf", "A = \"a\"\nA_append = \"x\"\n"), -1);
	assert_error(t, "@DIR@/old.conf:2: error: variable 'A_append' contains an operation "
		"using the old override syntax; convert this metadata to the ':' syntax");
}

static void
test_operator_combination_warning(void **state)
{
	struct test_ctx *t = *state;
	char *w;

	test_parse_ok(t, "warn.conf", "A = \"a\"\nA:append += \"b\"\n");
	assert_var(t->d, "A", "a b");
	assert_int_equal(bb_data_nwarnings(t->d), 1);
	w = test_replace(bb_data_warning(t->d, 0), t->dir, "@DIR@");
	assert_string_equal(w, "@DIR@/warn.conf:2: warning: 'A:append' used with this operator "
			       "is not a recommended operator combination");
	free(w);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_operators, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_immediate, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_override_selection, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_override_ops, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_override_append_order, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_flag_operators, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_flag_names, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_export, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_unset, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_include_bbpath, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_require_missing, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_include_file_variable, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_continuation_and_comments, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_crlf, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_addpylib, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_old_append_error, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_operator_combination_warning, setup, test_ctx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
