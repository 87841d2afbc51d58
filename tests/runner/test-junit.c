/*
 * runner/target/junit.c: reports written, then read back with libxml2's parser: the
 * counts, the stages' times, a failure message with markup and control
 * characters in it, bad UTF-8, a failure before the first stage, the output
 * tail and its limit, the atomic replacement of the file
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bblang/buf.h"
#include "runner/target/junit.h"
#include "tests/test-util.h"

/* the report, written to dir/name and parsed strictly (no recovery) */
static xmlDocPtr
write_and_parse(const struct junit_report *r, const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct bb_error err = BB_ERROR_INIT;
	xmlDocPtr doc;

	assert_int_equal(junit_write(path, r, &err), 0);
	doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	assert_non_null(doc);
	free(path);
	return doc;
}

/* the first element called name below node (depth first), or NULL */
static xmlNodePtr
find(xmlNodePtr node, const char *name)
{
	for (xmlNodePtr n = node; n; n = n->next) {
		xmlNodePtr f;

		if (n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name))
			return n;
		if ((f = find(n->children, name)))
			return f;
	}
	return NULL;
}

/* the testcase called name */
static xmlNodePtr
testcase(xmlDocPtr doc, const char *name)
{
	for (xmlNodePtr n = find(xmlDocGetRootElement(doc), "testcase"); n; n = n->next) {
		xmlChar *v = n->type == XML_ELEMENT_NODE ? xmlGetProp(n, BAD_CAST "name") : NULL;
		int same = v && !strcmp((const char *)v, name);

		xmlFree(v);
		if (same)
			return n;
	}
	return NULL;
}

static void
assert_prop(xmlNodePtr node, const char *name, const char *want)
{
	xmlChar *v;

	assert_non_null(node);
	v = xmlGetProp(node, BAD_CAST name);
	assert_non_null(v);
	assert_string_equal((const char *)v, want);
	xmlFree(v);
}

static void
report_init(struct junit_report *r)
{
	static const char *const names[] = { "boot", "connect", "run", "collect", "install" };

	memset(r, 0, sizeof(*r));
	r->target = "qemu";
	r->task = "/usr/bin/python3 -m test --pgo";
	r->seconds = 12.5;
	for (size_t i = 0; i < 5; i++)
		junit_add_stage(r, names[i]);
}

static void
test_failure(void **state)
{
	char *dir = test_tmpdir();
	struct junit_report r;
	xmlDocPtr doc;
	xmlNodePtr suite, run, f;

	report_init(&r);
	junit_enter(&r, "boot", 100);
	junit_enter(&r, "connect", 100.25);
	junit_enter(&r, "run", 101.25);
	junit_output(&r, "a <b> & \"c\" \x1b[1mbold\x1b[0m \xff\xfe end");
	junit_fail(&r, "run", "pgo-run: run: \"x\" <y> & \x01z");
	junit_leave(&r, 104);
	junit_output(&r, "after the end: nowhere");
	doc = write_and_parse(&r, dir, "r.xml");
	suite = find(xmlDocGetRootElement(doc), "testsuite");
	assert_prop(suite, "tests", "5");
	assert_prop(suite, "failures", "1");
	assert_prop(suite, "skipped", "2");
	assert_prop(suite, "time", "12.500");
	assert_prop(testcase(doc, "boot"), "time", "0.250");
	assert_prop(testcase(doc, "connect"), "time", "1.000");
	assert_prop(testcase(doc, "run"), "time", "2.750");
	assert_prop(testcase(doc, "collect"), "time", "0.000");
	assert_null(find(testcase(doc, "boot")->children, "failure"));
	run = testcase(doc, "run");
	assert_prop(find(run->children, "failure"), "message", "pgo-run: run: \"x\" <y> & ?z");
	f = find(run->children, "system-out");
	{
		xmlChar *text = xmlNodeGetContent(f);

		assert_string_equal((const char *)text,
			"a <b> & \"c\" ?[1mbold?[0m ?? end\n");
		xmlFree(text);
	}
	assert_prop(find(testcase(doc, "install")->children, "skipped"), "message",
		"not reached: run failed");
	xmlFreeDoc(doc);
	junit_release(&r);
	test_rmtree(dir);
	free(dir);
}

/* only the last JUNIT_TAIL_MAX bytes are kept, from the start of a line */
static void
test_tail(void **state)
{
	char *dir = test_tmpdir();
	struct junit_report r;
	xmlDocPtr doc;
	xmlChar *text;
	char line[64];

	report_init(&r);
	junit_enter(&r, "run", 0);
	for (int i = 0; i < 5000; i++) {
		snprintf(line, sizeof(line), "line %d of the task's output, é", i);
		junit_output(&r, line);
	}
	assert_true(r.stage[2].out.len <= 2 * JUNIT_TAIL_MAX);
	doc = write_and_parse(&r, dir, "r.xml");
	text = xmlNodeGetContent(find(testcase(doc, "run")->children, "system-out"));
	assert_true(strlen((const char *)text) <= JUNIT_TAIL_MAX);
	assert_true(strlen((const char *)text) > JUNIT_TAIL_MAX - 100);
	assert_memory_equal(text, "line ", 5);
	assert_non_null(strstr((const char *)text, "line 4999 of the task's output, é\n"));
	xmlFree(text);
	xmlFreeDoc(doc);
	junit_release(&r);
	test_rmtree(dir);
	free(dir);
}

/*
 * a stage entered twice (QEMU booted again) sums its times; a stage of no
 * testcase (shutdown) is not timed and keeps no output; a failure before
 * the first stage gets a "setup" testcase in front, and the others are
 * skipped because of it
 */
static void
test_enter_twice_and_setup(void **state)
{
	char *dir = test_tmpdir();
	struct junit_report r;
	xmlDocPtr doc;
	xmlNodePtr suite;
	xmlChar *text;

	report_init(&r);
	junit_enter(&r, "boot", 0);
	junit_output(&r, "first boot");
	junit_enter(&r, "connect", 1);
	junit_enter(&r, "boot", 2);
	junit_output(&r, "second boot");
	junit_enter(&r, "connect", 4.5);
	junit_enter(&r, "shutdown", 5);
	junit_output(&r, "not kept");
	junit_leave(&r, 9);
	doc = write_and_parse(&r, dir, "twice.xml");
	assert_prop(testcase(doc, "boot"), "time", "3.500");
	assert_prop(testcase(doc, "connect"), "time", "1.500");
	assert_null(testcase(doc, "shutdown"));
	text = xmlNodeGetContent(find(testcase(doc, "boot")->children, "system-out"));
	assert_string_equal((const char *)text, "first boot\nsecond boot\n");
	xmlFree(text);
	xmlFreeDoc(doc);
	junit_release(&r);

	report_init(&r);
	junit_fail(&r, "setup", "pgo-run: setup: no kernel");
	doc = write_and_parse(&r, dir, "setup.xml");
	suite = find(xmlDocGetRootElement(doc), "testsuite");
	assert_prop(suite, "tests", "6");
	assert_prop(suite, "failures", "1");
	assert_prop(suite, "skipped", "5");
	assert_prop(find(xmlDocGetRootElement(doc), "testcase"), "name", "setup");
	assert_prop(find(testcase(doc, "setup")->children, "failure"), "message",
		"pgo-run: setup: no kernel");
	assert_prop(find(testcase(doc, "boot")->children, "skipped"), "message",
		"not reached: setup failed");
	xmlFreeDoc(doc);
	junit_release(&r);
	test_rmtree(dir);
	free(dir);
}

/* a second report replaces the first whole, and no temporary file stays */
static void
test_overwrite(void **state)
{
	char *dir = test_tmpdir(), *path = xasprintf("%s/r.xml", dir);
	struct junit_report r;
	struct bb_error err = BB_ERROR_INIT;
	DIR *d;
	struct dirent *e;
	int files = 0;
	xmlDocPtr doc;

	report_init(&r);
	free(test_write(dir, "r.xml", "old"));
	doc = write_and_parse(&r, dir, "r.xml");
	assert_prop(find(xmlDocGetRootElement(doc), "testsuite"), "failures", "0");
	xmlFreeDoc(doc);
	assert_non_null(d = opendir(dir));
	while ((e = readdir(d)))
		files += *e->d_name != '.';
	closedir(d);
	assert_int_equal(files, 1);
	free(path);
	path = xasprintf("%s/no/such/dir/r.xml", dir);
	assert_int_equal(junit_write(path, &r, &err), -1);
	assert_non_null(strstr(err.msg, "/no/such/dir/r.xml: No such file or directory"));
	bb_error_clear(&err);
	junit_release(&r);
	test_rmtree(dir);
	free(dir);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_failure),
		cmocka_unit_test(test_tail),
		cmocka_unit_test(test_enter_twice_and_setup),
		cmocka_unit_test(test_overwrite),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
