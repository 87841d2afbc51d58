/*
 * common/: the UTF-8 rules the XML writer cleans text with (bblang/utf8.c),
 * the exact bytes it writes, and the environment the front ends read
 * (SOURCE_DATE_EPOCH, TMPDIR)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "bblang/utf8.h"
#include "common/fe.h"
#include "common/xmlw.h"
#include "tests/test-util.h"

static size_t
len_of(const char *s)
{
	return bb_utf8_len((const unsigned char *)s, strlen(s));
}

static void
test_utf8(void **state)
{
	assert_int_equal(len_of("a"), 1);
	assert_int_equal(len_of("\xc3\xa9"), 2);		/* é */
	assert_int_equal(len_of("\xe2\x82\xac"), 3);		/* € */
	assert_int_equal(len_of("\xf0\x9f\x98\x80"), 4);	/* U+1F600 */
	assert_int_equal(len_of("\xf4\x8f\xbf\xbf"), 4);	/* U+10FFFF */
	assert_int_equal(len_of("\xc0\x80"), 0);		/* overlong NUL */
	assert_int_equal(len_of("\xe0\x80\xaf"), 0);		/* overlong '/' */
	assert_int_equal(len_of("\xed\xa0\x80"), 0);		/* a surrogate */
	assert_int_equal(len_of("\xf4\x90\x80\x80"), 0);	/* past U+10FFFF */
	assert_int_equal(len_of("\xe2\x82"), 0);		/* cut short */
	assert_int_equal(len_of("\x80"), 0);			/* a continuation byte */
	assert_true(bb_utf8_valid((const unsigned char *)"a\xc3\xa9\xe2\x82\xac", 6));
	assert_false(bb_utf8_valid((const unsigned char *)"a\xc3", 2));
}

static void
test_clean(void **state)
{
	static const struct {
		const char *in, *out;
	} v[] = {
		{ "plain <&> \"text\"", "plain <&> \"text\"" },
		{ "tab\tand\nnewline", "tab\tand\nnewline" },
		{ "bell\a esc\x1b cr\r", "bell? esc? cr?" },
		{ "caf\xc3\xa9 \xe2\x82\xac", "caf\xc3\xa9 \xe2\x82\xac" },
		{ "overlong \xc0\xaf", "overlong ??" },
		{ "surrogate \xed\xa0\x80", "surrogate ???" },
		{ "not a character \xef\xbf\xbe \xef\xbf\xbf", "not a character ??? ???" },
		{ "cut \xe2\x82", "cut ??" },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		char *got = xmlw_clean(v[i].in);

		assert_string_equal(got, v[i].out);
		free(got);
	}
}

/* what xmlw_write_fd wrote for doc */
static char *
written(xmlDocPtr doc)
{
	char *dir = test_tmpdir(), *path = xasprintf("%s/out.xml", dir), *text;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);

	assert_true(fd >= 0);
	assert_int_equal(xmlw_write_fd(doc, fd), 0);
	close(fd);
	text = test_read(path);
	test_rmtree(dir);
	free(path);
	free(dir);
	return text;
}

static void
test_write_fd(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	xmlNodePtr root, e;
	xmlDocPtr doc = xmlw_doc(" a comment ", "r", &root, &err);
	char *text;

	assert_non_null(doc);
	xmlw_set_prop(root, "format", "1");
	xmlw_add_text(root, "text", "a < b & \"c\" > d\x01");
	assert_null(xmlw_add_text(root, "none", NULL));
	e = xmlw_add(root, "empty");
	xmlw_set_prop(e, "attr", "q\"<&>\t\n");
	text = written(doc);
	assert_string_equal(text,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<!-- a comment -->\n"
		"<r format=\"1\">\n"
		"  <text>a &lt; b &amp; \"c\" &gt; d?</text>\n"
		"  <empty attr=\"q&quot;&lt;&amp;&gt;&#9;&#10;\"/>\n"
		"</r>\n");
	free(text);
	xmlw_free(doc);
}

static void
test_write_file(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	xmlNodePtr root;
	xmlDocPtr doc = xmlw_doc(NULL, "a", &root, &err);
	char *dir = test_tmpdir(), *path = xasprintf("%s/a.xml", dir), *bad, *text;

	assert_non_null(doc);
	free(test_write(dir, "a.xml", "old"));
	assert_int_equal(xmlw_write_file(doc, path, &err), 0);
	text = test_read(path);
	assert_string_equal(text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a/>\n");
	free(text);
	bad = xasprintf("%s/no/such/dir/a.xml", dir);
	assert_int_equal(xmlw_write_file(doc, bad, &err), -1);
	text = xasprintf("%s: No such file or directory", bad);
	assert_string_equal(err.msg, text);
	free(text);
	bb_error_clear(&err);
	test_rmtree(dir);
	free(bad);
	free(path);
	free(dir);
	xmlw_free(doc);
}

static void
test_source_date_epoch(void **state)
{
	static const struct {
		const char *v;
		int ret;
		int64_t out;
	} v[] = {
		{ NULL, 0, 0 }, { "", 0, 0 }, { "0", 0, 0 }, { "1700000000", 0, 1700000000 },
		{ "-1", -1, 0 }, { "+5", -1, 0 }, { " 5", -1, 0 }, { "5s", -1, 0 },
		{ "99999999999999999999", -1, 0 },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		int64_t out = -7;

		if (v[i].v)
			setenv("SOURCE_DATE_EPOCH", v[i].v, 1);
		else
			unsetenv("SOURCE_DATE_EPOCH");
		assert_int_equal(fe_source_date_epoch(&out), v[i].ret);
		if (!v[i].ret)
			assert_int_equal(out, v[i].out);
	}
	unsetenv("SOURCE_DATE_EPOCH");
}

static void
test_tmp_template(void **state)
{
	const char *saved = getenv("TMPDIR");
	char *keep = saved ? xstrdup(saved) : NULL, *t;

	setenv("TMPDIR", "/some/dir", 1);
	t = fe_tmp_template("pgo-run-tar");
	assert_string_equal(t, "/some/dir/pgo-run-tar.XXXXXX");
	free(t);
	setenv("TMPDIR", "", 1);
	t = fe_tmp_template("x");
	assert_string_equal(t, "/tmp/x.XXXXXX");
	free(t);
	unsetenv("TMPDIR");
	t = fe_tmp_template("x");
	assert_string_equal(t, "/tmp/x.XXXXXX");
	free(t);
	if (keep)
		setenv("TMPDIR", keep, 1);
	free(keep);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_write_fd),
		cmocka_unit_test(test_write_file),
		cmocka_unit_test(test_source_date_epoch),
		cmocka_unit_test(test_tmp_template),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
