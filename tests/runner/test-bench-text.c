/*
 * runner/bench/bench-text.c: the driver's lines as the target may print them
 * (times that are not times, lines that are not the driver's), the version
 * line, and the target's text in the JSON, the SVG and printable ASCII
 */
#include <stdlib.h>
#include <string.h>

#include "runner/bench/bench-text.h"
#include "tests/test-util.h"

static void
t_lines(void **state)
{
	static const struct {
		const char *line;
		enum bench_line_kind kind;
		const char *bad;	/* BAD: the time named */
	} cases[] = {
		{ "PGO-BENCH 1 nbody 0.104858113 0.104706000", BENCH_LINE_TIME, NULL },
		{ "PGO-BENCH 0 startup 12 0", BENCH_LINE_TIME, NULL },
		{ "PGO-BENCH 1 nbody nan nan", BENCH_LINE_BAD, "nan" },
		{ "PGO-BENCH 1 nbody inf 0.1", BENCH_LINE_BAD, "inf" },
		{ "PGO-BENCH 1 nbody 0.000000000 0.1", BENCH_LINE_BAD, "0.000000000" },
		{ "PGO-BENCH 1 nbody -1.000000000 -1.0", BENCH_LINE_BAD, "-1.000000000" },
		{ "PGO-BENCH 1 nbody 0.5 -0.0", BENCH_LINE_BAD, "-0.0" },
		{ "PGO-BENCH 1 nbody 1e3 1", BENCH_LINE_BAD, "1e3" },
		{ "PGO-BENCH 1 nbody 0x10 1", BENCH_LINE_BAD, "0x10" },
		{ "PGO-BENCH 1 nbody 1. 1", BENCH_LINE_BAD, "1." },
		{ "PGO-BENCH 1 nbody 0.5 1 extra", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH 1 nbody 0.5", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH -1 nbody 0.5 0.5", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH 99999999999999999999 nbody 0.5 0.5", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH-FAIL 1 nbody 7 nbody broke here", BENCH_LINE_FAIL, NULL },
		{ "PGO-BENCH-FAIL 1 nbody x broke", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH-GROUP 4242 4242", BENCH_LINE_GROUP, NULL },
		{ "PGO-BENCH-GROUP 1 1", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH-GROUP 4242 0", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCH-GROUP 4242", BENCH_LINE_OTHER, NULL },
		{ "PGO-BENCHX 1 nbody 0.5 0.5", BENCH_LINE_OTHER, NULL },
		{ "", BENCH_LINE_OTHER, NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct bench_line l;

		if (bench_parse_line(cases[i].line, &l) != cases[i].kind)
			fail_msg("'%s': kind %d, not %d", cases[i].line, l.kind, cases[i].kind);
		if (cases[i].bad && (l.rest_len != strlen(cases[i].bad) ||
		    strncmp(l.rest, cases[i].bad, l.rest_len)))
			fail_msg("'%s': the bad time is '%.*s'", cases[i].line, (int)l.rest_len,
				l.rest);
	}
}

static void
t_fields(void **state)
{
	struct bench_line l;

	assert_int_equal(bench_parse_line("PGO-BENCH 1 nbody 0.25 0.125", &l), BENCH_LINE_TIME);
	assert_int_equal(l.build, 1);
	assert_string_equal(l.name, "nbody");
	assert_true(l.wall == 0.25 && l.cpu == 0.125);
	assert_int_equal(bench_parse_line("PGO-BENCH-FAIL 0 regex 7 re: boom", &l),
		BENCH_LINE_FAIL);
	assert_int_equal(l.status, 7);
	assert_string_equal(l.rest, "re: boom");
	assert_int_equal(bench_parse_line("PGO-BENCH-GROUP 311 300", &l), BENCH_LINE_GROUP);
	assert_true(l.pid == 311 && l.pgid == 300);
	assert_string_equal(bench_parse_version("PGO-BENCH-VERSION 3.11.2"), "3.11.2");
	assert_null(bench_parse_version("PGO-BENCH-VERSION "));
	assert_null(bench_parse_version("Python 3.11.2"));
}

static char *
json(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	bench_json_str(&b, s);
	return bb_buf_detach(&b);
}

static char *
xml(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	bench_xml_text(&b, s);
	return bb_buf_detach(&b);
}

static void
t_sinks(void **state)
{
	char *j;

	static const struct { const char *in, *json, *xml, *ascii; } cases[] = {
		{ "x86_64", "\"x86_64\"", "x86_64", "x86_64" },
		{ "<script>&\"'", "\"<script>&\\\"'\"", "&lt;script&gt;&amp;&quot;&apos;",
			"<script>&\"'" },
		{ "a\xff" "b\xc3", "\"a\\ufffdb\\ufffd\"", "a\xef\xbf\xbd" "b\xef\xbf\xbd",
			"a\\xffb\\xc3" },
		{ "\x1b[2J\x7f\t", "\"\\u001b[2J\\u007f\\u0009\"",
			"\xef\xbf\xbd[2J\x7f\t", "\\x1b[2J\\x7f\\x09" },
		{ "caf\xc3\xa9 \xe2\x82\xac", "\"caf\xc3\xa9 \xe2\x82\xac\"",
			"caf\xc3\xa9 \xe2\x82\xac", "caf\\xc3\\xa9 \\xe2\\x82\\xac" },
		/* overlong, a surrogate, U+FFFE: not UTF-8 or not XML */
		{ "\xc0\xaf\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\"",
			"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd",
			"\\xc0\\xaf\\xed\\xa0\\x80" },
		{ "\xef\xbf\xbe", "\"\xef\xbf\xbe\"", "\xef\xbf\xbd", "\\xef\\xbf\\xbe" },
		{ "a\\b", "\"a\\\\b\"", "a\\b", "a\\x5cb" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *x = xml(cases[i].in), *a = bench_ascii_dup(cases[i].in);

		j = json(cases[i].in);
		assert_string_equal(j, cases[i].json);
		assert_string_equal(x, cases[i].xml);
		assert_string_equal(a, cases[i].ascii);
		free(j);
		free(x);
		free(a);
	}
	j = json(NULL);
	assert_string_equal(j, "null");
	free(j);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_lines),
		cmocka_unit_test(t_fields),
		cmocka_unit_test(t_sinks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
