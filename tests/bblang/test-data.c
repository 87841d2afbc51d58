/* the datastore API: set/get/flags/del, overrides, expansion limits */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/data.h"
#include "bblang/os.h"
#include "bblang/parse.h"
#include "bblang/strvec.h"
#include "bblang/util.h"
#include "tests/test-util.h"

static int
setup(void **state)
{
	*state = bb_data_new();
	return 0;
}

static int
teardown(void **state)
{
	bb_data_free(*state);
	return 0;
}

static void
set(struct bb_data *d, const char *var, const char *val)
{
	assert_int_equal(bb_data_set(d, var, val, false, NULL), 0);
}

static void
test_set_get(void **state)
{
	struct bb_data *d = *state;
	char *v = (char *)"sentinel";

	assert_int_equal(bb_data_get(d, "NOPE", true, &v), 0);
	assert_null(v);
	set(d, "A", "a");
	set(d, "B", "${A}b");
	assert_var(d, "A", "a");
	assert_var(d, "B", "ab");
	assert_raw(d, "B", "${A}b");
	set(d, "A", "x");
	assert_var(d, "B", "xb");
	set(d, "E", "");
	assert_var(d, "E", "");
	assert_string_equal(bb_data_error(d), "");
}

static void
test_flags(void **state)
{
	struct bb_data *d = *state;
	char *v;

	set(d, "A", "new");
	assert_int_equal(bb_data_set_flag(d, "F", "doc", "${A}", NULL), 0);
	assert_flag(d, "F", "doc", "new");
	assert_int_equal(bb_data_get_flag(d, "F", "doc", false, false, false, &v), 0);
	assert_string_equal(v, "${A}");
	free(v);
	/* flags alone do not make a value */
	assert_var(d, "F", NULL);
	/* "_content" is the value itself */
	assert_int_equal(bb_data_set_flag(d, "G", "_content", "g", NULL), 0);
	assert_var(d, "G", "g");
	bb_data_del_flag(d, "F", "doc");
	assert_flag(d, "F", "doc", NULL);
	bb_data_del_flag(d, "F", "never");
	bb_data_del_flag(d, "NEVER", "doc");
	assert_flag(d, "NEVER", "doc", NULL);
}

static void
test_weak_default(void **state)
{
	struct bb_data *d = *state;
	char *v;

	assert_int_equal(bb_data_set_flag(d, "W", "_defaultval", "weak", NULL), 0);
	assert_var(d, "W", "weak");
	assert_int_equal(bb_data_get_flag(d, "W", "_content", true, true, false, &v), 0);
	assert_null(v);
	set(d, "W", "strong");
	assert_var(d, "W", "strong");
}

static void
test_del(void **state)
{
	struct bb_data *d = *state;
	size_t n;
	const char **keys;

	set(d, "OVERRIDES", "foo");
	set(d, "A", "a");
	assert_int_equal(bb_data_set_flag(d, "A", "doc", "d", NULL), 0);
	set(d, "A:append", " app");
	set(d, "B", "b");
	bb_data_del(d, "A");
	assert_var(d, "A", NULL);
	assert_flag(d, "A", "doc", NULL);
	bb_data_del(d, "NEVER");
	keys = bb_data_keys(d, &n);
	assert_names(keys, n, "B OVERRIDES");
	free(keys);
}

/* setVar outside parsing drops :append/:prepend and active override keys (data_smart) */
static void
test_set_not_parsing(void **state)
{
	struct bb_data *d = *state;

	set(d, "OVERRIDES", "foo:bar");
	set(d, "A", "base");
	set(d, "A:foo", "afoo");
	set(d, "A:append", " app");
	assert_var(d, "A", "afoo app");
	set(d, "A", "new");
	assert_var(d, "A", "new");
	assert_var(d, "A:foo", NULL);
	set(d, "B", "b");
	set(d, "B:append", " app");
	assert_int_equal(bb_data_set(d, "B", "b2", true, NULL), 0);
	assert_var(d, "B", "b2 app");
}

static void
test_override_order(void **state)
{
	struct bb_data *d = *state;

	set(d, "OVERRIDES", "foo:bar");
	set(d, "R", "a");
	set(d, "R:bar", "rbar");
	set(d, "R:foo", "rfoo");
	assert_var(d, "R", "rbar");
	set(d, "OVERRIDES", "bar:foo");
	assert_var(d, "R", "rfoo");
	set(d, "OVERRIDES", "nothing");
	assert_var(d, "R", "a");
	/* OVERRIDES may itself be built from variables */
	set(d, "MACHINE", "qemu");
	set(d, "OVERRIDES", "${MACHINE}:x");
	set(d, "R:qemu", "rqemu");
	assert_var(d, "R", "rqemu");
	bb_data_del(d, "R");
	assert_var(d, "R", NULL);
	assert_raw(d, "R:foo", "rfoo");
}

static void
test_undefined_literal(void **state)
{
	struct bb_data *d = *state;
	char *v;

	set(d, "C", "x ${UNDEF} ${ } $ {X} ${A ${a-b.c+d}");
	assert_var(d, "C", "x ${UNDEF} ${ } $ {X} ${A ${a-b.c+d}");
	assert_int_equal(bb_data_expand(d, "<${C}|${NONE}>", NULL, &v), 0);
	assert_string_equal(v, "<x ${UNDEF} ${ } $ {X} ${A ${a-b.c+d}|${NONE}>");
	free(v);
}

static void
test_self_reference(void **state)
{
	struct bb_data *d = *state;
	char *v = (char *)"sentinel";

	set(d, "S", "a ${S} b");
	assert_int_equal(bb_data_get(d, "S", true, &v), -1);
	assert_null(v);
	assert_string_equal(bb_data_error(d), "failure expanding 'S': variable 'S' references itself");
	bb_data_clear_error(d);
	assert_string_equal(bb_data_error(d), "");
	/* unexpanded, it is just a value */
	assert_raw(d, "S", "a ${S} b");
}

static void
test_self_reference_loc(void **state)
{
	struct bb_data *d = *state;
	struct bb_loc loc = { "x.conf", 7 };
	char *v;

	assert_int_equal(bb_data_set(d, "S", "${S}", true, &loc), 0);
	assert_int_equal(bb_data_get(d, "S", true, &v), -1);
	assert_string_equal(bb_data_error(d), "x.conf:7: error: failure expanding 'S': variable 'S' references itself");
}

static void
test_reference_cycle(void **state)
{
	struct bb_data *d = *state;
	char *v = (char *)"sentinel";

	set(d, "X", "${Y}");
	set(d, "Y", "${Z}");
	set(d, "Z", "${X}");
	assert_int_equal(bb_data_get(d, "X", true, &v), -1);
	assert_null(v);
	/* names the variable asked for, and where the depth limit hit */
	assert_string_equal(bb_data_error(d), "failure expanding 'X': references nested deeper "
					      "than 200 levels at 'Z' (a reference cycle?)");
	/* the store is still usable afterwards */
	bb_data_clear_error(d);
	set(d, "Z", "z");
	assert_var(d, "X", "z");
}

static void
test_billion_laughs(void **state)
{
	struct bb_data *d = *state;
	char *path = test_datapath("bad/billion-laughs.conf");
	char *v = (char *)"sentinel";

	assert_int_equal(bb_parse_file(d, path), 0);
	free(path);
	v = test_get(d, "L5");
	assert_int_equal(strlen(v), 300000);
	free(v);
	assert_int_equal(bb_data_get(d, "L10", true, &v), -1);
	assert_null(v);
	assert_non_null(strstr(bb_data_error(d), "/billion-laughs.conf:12: error: failure "
					       "expanding 'L10': value of 'L7' larger than 16777216 bytes"));
	/* the unexpanded value is still there */
	bb_data_clear_error(d);
	v = test_get_raw(d, "L10");
	assert_int_equal(strlen(v), 50);
	free(v);
}

static void
test_deep_chain(void **state)
{
	struct bb_data *d = *state;
	char name[16], val[32];

	set(d, "V0", "end");
	for (int i = 1; i <= 50; i++) {
		snprintf(name, sizeof(name), "V%d", i);
		snprintf(val, sizeof(val), "${V%d}", i - 1);
		set(d, name, val);
	}
	assert_var(d, "V50", "end");
}

static void
test_fanout_cached(void **state)
{
	struct bb_data *d = *state;
	char name[16], val[32];

	set(d, "A_0", "");
	for (int i = 1; i <= 40; i++) {
		snprintf(name, sizeof(name), "A_%d", i);
		snprintf(val, sizeof(val), "${A_%d}${A_%d}", i - 1, i - 1);
		set(d, name, val);
	}
	/* 2^40 references: only the per-variable cache makes this finish */
	assert_var(d, "A_40", "");
}

static void
test_rename(void **state)
{
	struct bb_data *d = *state;

	set(d, "OVERRIDES", "o");
	set(d, "OLD", "v");
	set(d, "OLD:append", " app");
	assert_int_equal(bb_data_set_flag(d, "OLD", "doc", "d", NULL), 0);
	assert_int_equal(bb_data_rename(d, "OLD", "NEW"), 0);
	assert_var(d, "OLD", NULL);
	assert_var(d, "NEW", "v app");
}

static void
test_list(void **state)
{
	struct bb_data *d = *state;

	assert_int_equal(bb_data_list_add(d, "L", "deps", "b", false), 0);
	assert_int_equal(bb_data_list_add(d, "L", "deps", "c", false), 0);
	assert_int_equal(bb_data_list_add(d, "L", "deps", "a", true), 0);
	assert_flag(d, "L", "deps", "a b c");
	assert_true(bb_data_list_has(d, "L", "deps", "b"));
	assert_false(bb_data_list_has(d, "L", "deps", "d"));
	bb_data_list_remove(d, "L", "deps", "b");
	assert_flag(d, "L", "deps", "a c");
}

/* a word of a list: whole words only, split on python's whitespace */
static void
test_words_has(void **state)
{
	(void)state;
	assert_true(bb_words_has("a/b.bbclass c", "a/b.bbclass"));
	assert_true(bb_words_has("x\ta\n", "a"));
	assert_false(bb_words_has("ab a_c ca", "a"));
	assert_true(bb_words_has("ab a", "a"));
	assert_false(bb_words_has("a b", "a b"));
	assert_false(bb_words_has("a", ""));
	assert_false(bb_words_has("", "a"));
	/* U+00A0 and U+2003 separate words; U+00E9 does not */
	assert_true(bb_words_has("x\xc2\xa0" "a" "\xe2\x80\x83" "y", "a"));
	assert_false(bb_words_has("\xc3\xa9" "a", "a"));
	assert_true(bb_words_has("\xc3\xa9" "a a", "a"));
	assert_true(bb_words_has("\x1f" "a" "\x1c", "a"));
	assert_true(bb_words_has("b \xc3\xa9 c", "\xc3\xa9"));
}

/* os.path.normpath's results */
static void
test_path_norm(void **state)
{
	static const char *const cases[][2] = {
		{ "", "." }, { "/", "/" }, { "//", "//" }, { "///", "/" }, { "//a/../b", "//b" },
		{ "a/./b/", "a/b" }, { "a/../..", ".." }, { "../a/..", ".." }, { "/../a", "/a" },
		{ "a/b/../../..", ".." }, { "../../a/b/..", "../../a" }, { ".", "." }, { "./", "." },
		{ "a//b///c", "a/b/c" }, { "/a/b/../c/./d/..", "/a/c" }, { "...", "..." },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *n = bb_path_norm(cases[i][0]);

		assert_string_equal(n, cases[i][1]);
		free(n);
	}
}

static void
test_expand_keys(void **state)
{
	struct bb_data *d = *state;

	set(d, "PN", "foo");
	set(d, "X_${PN}", "x");
	assert_int_equal(bb_data_expand_keys(d), 0);
	assert_var(d, "X_foo", "x");
	assert_var(d, "X_${PN}", NULL);
}

/* the datastore keeps the text of the statements it evaluates: values point into it */
static void
test_lent_values(void **state)
{
	struct bb_data *d = *state;
	static const char text[] = "A = \"one\"\nB = \"${A} two\"\nA:append = \" three\"\n"
				   "C = \"four\"\nD = \"five\"\n";
	struct bb_stmts st;

	assert_int_equal(bb_parse_text(d, "lent.conf", text, sizeof(text) - 1, false, &st), 0);
	assert_int_equal(bb_stmts_eval(d, &st), 0);
	bb_stmts_release(&st);
	assert_var(d, "B", "one three two");
	/* a value pointed to is replaced, renamed and deleted like one owned */
	set(d, "C", "six");
	assert_var(d, "C", "six");
	assert_int_equal(bb_data_rename(d, "B", "B2"), 0);
	assert_raw(d, "B2", "${A} two");
	bb_data_del(d, "D");
	assert_var(d, "D", NULL);
	bb_data_del(d, "A");
	assert_var(d, "B2", "${A} two");
}

/* the dump's escapes, the byte to escape at every offset of the fast paths' words */
static void
test_dump_escape(void **state)
{
	struct bb_data *d = *state;
	static const struct {
		const char *byte, *escaped;
	} cases[] = {
		{ "\t", "\\t" }, { "\\", "\\\\" }, { "\x7f", "\\x7f" }, { "\x01", "\\x01" },
		{ "\n", "\\n" }, { "\xc3\xa9", "\xc3\xa9" },
	};
	static const char *const only[] = { "V", NULL };
	const struct bb_dump_opts o = { .expand = true, .only = only };

	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		for (size_t off = 0; off < 40; off++) {
			struct bb_buf out = BB_BUF_INIT, want = BB_BUF_INIT, val = BB_BUF_INIT;

			for (size_t i = 0; i < off; i++)
				bb_buf_addch(&val, 'a');
			bb_buf_addstr(&val, cases[c].byte);
			bb_buf_addstr(&val, "bbbbbbbbbbbbbbbbbbbb");
			set(d, "V", val.buf);
			bb_buf_addstr(&want, "V\t");
			bb_buf_add(&want, val.buf, off);
			bb_buf_addstr(&want, cases[c].escaped);
			bb_buf_addstr(&want, "bbbbbbbbbbbbbbbbbbbb\n");
			bb_dump(d, &o, &out);
			assert_string_equal(out.buf, want.buf);
			bb_buf_release(&out);
			bb_buf_release(&want);
			bb_buf_release(&val);
		}
	}
}

/* blocks below and above the size that is mapped whole: every byte usable, freed either way */
static void
test_blocks(void **state)
{
	static const size_t sizes[] = { 0, 1, 16383, 16384, 16385, 65536, 1 << 20 };

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *p = bb_block_new(sizes[i]);

		assert_non_null(p);
		assert_int_equal((uintptr_t)p % _Alignof(max_align_t), 0);
		memset(p, 0xa5, sizes[i]);
		if (sizes[i])
			assert_int_equal(p[sizes[i] - 1], 0xa5);
		bb_block_free(p);
	}
	bb_block_free(NULL);
}

/* the name of test_many_vars' variable i: every 1000th longer than a quarter of a chunk */
static void
many_name(struct bb_buf *name, int i)
{
	bb_buf_reset(name);
	bb_buf_addf(name, "VAR_%d", i);
	for (int k = 0; i % 1000 == 999 && k < 2000; k++)
		bb_buf_addstr(name, "0123456789");
}

/* variables over many chunks, and names too long for one: all found again */
static void
test_many_vars(void **state)
{
	struct bb_data *d = *state;
	struct bb_buf name = BB_BUF_INIT;
	char *v;

	for (int i = 0; i < 6000; i++) {
		many_name(&name, i);
		set(d, name.buf, name.buf + 4);
	}
	for (int i = 5999; i >= 0; i--) {
		many_name(&name, i);
		assert_int_equal(bb_data_get(d, name.buf, true, &v), 0);
		assert_non_null(v);
		assert_string_equal(v, name.buf + 4);
		free(v);
	}
	bb_buf_release(&name);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_set_get, setup, teardown),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test_setup_teardown(test_many_vars, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_weak_default, setup, teardown),
		cmocka_unit_test_setup_teardown(test_del, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_not_parsing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_override_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_undefined_literal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_reference, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_reference_loc, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reference_cycle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_billion_laughs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deep_chain, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fanout_cached, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rename, setup, teardown),
		cmocka_unit_test_setup_teardown(test_list, setup, teardown),
		cmocka_unit_test(test_words_has),
		cmocka_unit_test(test_path_norm),
		cmocka_unit_test_setup_teardown(test_expand_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lent_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dump_escape, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
