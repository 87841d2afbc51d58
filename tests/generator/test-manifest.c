/* the manifest: loading, schema validation, templates, rendering into a layer */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bblang/os.h"
#include "generator/manifest.h"
#include "tests/test-util.h"

static const char *const vars[][2] = {
	{ "PN", "python3" },
	{ "PV", "3.11.2" },
	{ "ON", "1" },
	{ "OFF", "0" },
	{ "UP", ".." },
};

/* FROM: the file a from= attribute names, set by the test that uses it */
static const char *from_file;

static int
lookup(void *ctx, const char *name, char **val, struct bb_error *why)
{
	*val = NULL;
	if (!strcmp(name, "FROM") && from_file)
		*val = strdup(from_file);
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (!strcmp(vars[i][0], name))
			*val = strdup(vars[i][1]);
	return 0;
}

/* a template directory with the real schema and the given manifest */
static char *
setup_dir(const char *manifest)
{
	char *dir = test_tmpdir();
	char *xsd = test_datapath("../../templates/manifest.xsd");
	char *text = test_read(xsd);

	assert_non_null(text);
	free(test_write(dir, "manifest.xsd", text));
	free(test_write(dir, "manifest.xml", manifest));
	free(text);
	free(xsd);
	return dir;
}

/* the error of loading a template directory with the manifest and, unless
 * NULL, a template a.in with the text a_in; the directory shows as @DIR@;
 * caller frees */
static char *
load_error(const char *manifest, const char *a_in)
{
	char *dir = setup_dir(manifest), *msg;
	struct bb_error err = BB_ERROR_INIT;
	struct manifest *m;

	if (a_in)
		test_write_tree(dir, "a.in", a_in, NULL);
	m = manifest_load(dir, &err);
	assert_null(m);
	assert_non_null(err.msg);
	msg = test_replace(err.msg, dir, "@DIR@");
	bb_error_clear(&err);
	test_rmtree(dir);
	free(dir);
	return msg;
}

static void
test_valid(void **state)
{
	char *dir = setup_dir(
		"<?xml version=\"1.0\"?>\n"
		"<manifest>\n"
		"  <!-- a comment -->\n"
		"  <file template=\"b.in\" path=\"recipes/@{PN}_@{PV}.bbappend\" if=\"ON\"/>\n"
		"  <file template=\"a.in\" path=\"conf/layer.conf\"/>\n"
		"  <file template=\"b.in\" path=\"never\" if=\"OFF\"/>\n"
		"  <file template=\"s.in\" path=\"run.sh\" mode=\"0755\" if=\"PN == python3\"/>\n"
		"  <file template=\"p.patch\" path=\"files/p.patch\" verbatim=\"true\"/>\n"
		"</manifest>\n");
	struct bb_error err = BB_ERROR_INIT;
	struct layer l = LAYER_INIT;
	struct manifest *m;

	test_write_tree(dir, "a.in", "A ${X} @{PN}\n", "b.in", "@{if OFF}\nno\n@{endif}\nB\n",
		"s.in", "#!/bin/sh\n", "p.patch", "+ @{NOT_A_SUBSTITUTION} @{if\n", NULL);
	m = manifest_load(dir, &err);
	if (!m)
		fail_msg("%s", err.msg);
	assert_int_equal(m->n, 5);
	assert_string_equal(m->v[1].template, "a.in");
	assert_int_equal(manifest_render(m, lookup, NULL, &l, &err), 0);
	assert_int_equal(l.n, 4);
	assert_string_equal(l.v[0].path, "conf/layer.conf");
	assert_string_equal(l.v[0].data, "A ${X} python3\n");
	assert_int_equal(l.v[0].mode, 0644);
	assert_string_equal(l.v[1].path, "files/p.patch");
	assert_string_equal(l.v[1].data, "+ @{NOT_A_SUBSTITUTION} @{if\n");
	assert_string_equal(l.v[2].path, "recipes/python3_3.11.2.bbappend");
	assert_string_equal(l.v[2].data, "B\n");
	assert_string_equal(l.v[3].path, "run.sh");
	assert_int_equal(l.v[3].mode, 0755);
	layer_release(&l);
	manifest_free(m);
	test_rmtree(dir);
	free(dir);
}

static void
check_load_error(const char *manifest, const char *want_prefix, const char *want_part)
{
	char *msg = load_error(manifest, "a\n");

	if (strncmp(msg, want_prefix, strlen(want_prefix)) || !strstr(msg, want_part))
		fail_msg("got '%s', want '%s...%s...'", msg, want_prefix, want_part);
	free(msg);
}

static void
test_schema_violation(void **state)
{
	check_load_error("<manifest>\n  <file template=\"a.in\"/>\n</manifest>\n",
		"@DIR@/manifest.xml:2: error: ", "'path'");
	check_load_error("<manifest>\n\n  <recipe template=\"a.in\" path=\"x\"/>\n</manifest>\n",
		"@DIR@/manifest.xml:3: error: ", "recipe");
	check_load_error("<manifest>\n  <file template=\"a.in\" path=\"/etc/x\"/>\n</manifest>\n",
		"@DIR@/manifest.xml:2: error: ", "path");
	check_load_error("<manifest>\n  <file template=\"a.in\" path=\"x\" mode=\"0777\"/>\n"
		"</manifest>\n", "@DIR@/manifest.xml:2: error: ", "mode");
	check_load_error("<manifest>\n  <file template=\"a.in\" path=\"x\" colour=\"red\"/>\n"
		"</manifest>\n", "@DIR@/manifest.xml:2: error: ", "colour");
	check_load_error("<manifest>\n  <file template=\"a.in\" path=\"x\"/>\n"
		"  <file template=\"a.in\" path=\"x\"/>\n</manifest>\n",
		"@DIR@/manifest.xml:3: error: ", "unique");
}

static void
test_not_xml(void **state)
{
	check_load_error("<manifest>\n<file\n", "@DIR@/manifest.xml:3: error: ", "");
}

static void
test_missing_template(void **state)
{
	char *msg = load_error("<manifest>\n  <file template=\"a.in\" path=\"a\"/>\n"
		"  <file template=\"nope.in\" path=\"b\"/>\n</manifest>\n", "a\n");

	assert_string_equal(msg, "@DIR@/manifest.xml:3: error: template 'nope.in': "
		"No such file or directory");
	free(msg);
}

static void
test_bad_template_name(void **state)
{
	char *msg = load_error("<manifest>\n  <file template=\"../a.in\" path=\"a\"/>\n"
		"</manifest>\n", NULL);

	assert_string_equal(msg, "@DIR@/manifest.xml:2: error: bad template name '../a.in'");
	free(msg);
}

static void
test_template_syntax_error(void **state)
{
	char *msg = load_error("<manifest>\n  <file template=\"a.in\" path=\"a\" if=\"OFF\"/>\n"
		"</manifest>\n", "a\n@{if ON}\n");

	assert_string_equal(msg, "@DIR@/a.in:2: error: '@{if}' without '@{endif}'");
	free(msg);
}

static void
test_bad_condition(void **state)
{
	char *msg = load_error("<manifest>\n  <file template=\"a.in\" path=\"a\" if=\"A B\"/>\n"
		"</manifest>\n", "a\n");

	assert_string_equal(msg, "@DIR@/manifest.xml:2: error: malformed condition 'A B'");
	free(msg);
}

/* a manifest whose load succeeds, over the files given as name, text, ...,
 * NULL, fails to render with the error want (the template directory shown
 * as @DIR@) */
static void
check_render_tree(const char *manifest, const char *want, ...)
{
	char *dir = setup_dir(manifest);
	struct bb_error err = BB_ERROR_INIT;
	struct layer l = LAYER_INIT;
	struct manifest *m;
	const char *name;
	va_list ap;
	char *msg;

	va_start(ap, want);
	while ((name = va_arg(ap, const char *)))
		free(test_write(dir, name, va_arg(ap, const char *)));
	va_end(ap);
	m = manifest_load(dir, &err);
	if (!m)
		fail_msg("%s", err.msg);
	assert_int_equal(manifest_render(m, lookup, NULL, &l, &err), -1);
	msg = test_replace(err.msg, dir, "@DIR@");
	bb_error_clear(&err);
	layer_release(&l);
	manifest_free(m);
	test_rmtree(dir);
	free(dir);
	assert_string_equal(msg, want);
	free(msg);
}

/* the same with tmpl as a.in */
static void
check_render_error(const char *manifest, const char *tmpl, const char *want)
{
	check_render_tree(manifest, want, "a.in", tmpl, NULL);
}

static void
test_render_errors(void **state)
{
	check_render_error("<manifest>\n<file template=\"a.in\" path=\"a/@{NOPE}\"/>\n</manifest>",
		"a\n", "@DIR@/manifest.xml:2: error: unknown substitution 'NOPE'");
	check_render_error("<manifest>\n<file template=\"a.in\" path=\"a\" if=\"OFF\"/>\n"
		"</manifest>", "a\n@{NOPE}\n", "@DIR@/a.in:2: error: unknown substitution 'NOPE'");
	check_render_error("<manifest>\n<file template=\"a.in\" path=\"x/@{UP}/y\"/>\n</manifest>",
		"a\n", "@DIR@/manifest.xml:2: error: bad output path 'x/../y'");
	check_render_error("<manifest>\n<file template=\"a.in\" path=\"@{PN}\"/>\n"
		"<file template=\"a.in\" path=\"python3\"/>\n</manifest>", "a\n",
		"@DIR@/manifest.xml:3: error: 'python3' is also written by @DIR@/manifest.xml:2");
	check_render_error("<manifest>\n<file template=\"a.in\" path=\"a\"/>\n"
		"<file template=\"a.in\" path=\"a/b\"/>\n</manifest>", "a\n",
		"@DIR@/manifest.xml:3: error: 'a/b' is below the file 'a' (@DIR@/manifest.xml:2)");
	check_render_error("<manifest>\n<file template=\"a.in\" path=\".pgo-gen\"/>\n"
		"</manifest>", "a\n", "@DIR@/manifest.xml:2: error: bad output path '.pgo-gen'");
}

/* from= copies a file as it is (NULs too), named when rendered */
static void
test_from(void **state)
{
	static const char bytes[] = { 0x1f, (char)0x8b, 0, 'x', 0, '@', '{', 'P', 'N', '}' };
	char *dir = setup_dir("<manifest>\n"
		"  <file from=\"@{FROM}\" path=\"files/@{PN}.tar.gz\"/>\n"
		"  <file from=\"@{FROM}\" path=\"never\" if=\"OFF\"/>\n"
		"</manifest>\n");
	char *path = bb_path_join(dir, "src.bin");
	struct bb_error err = BB_ERROR_INIT;
	struct layer l = LAYER_INIT;
	struct manifest *m;
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, sizeof(bytes), f), sizeof(bytes));
	assert_int_equal(fclose(f), 0);
	from_file = path;
	m = manifest_load(dir, &err);
	if (!m)
		fail_msg("%s", err.msg);
	assert_null(m->v[0].template);
	assert_int_equal(manifest_render(m, lookup, NULL, &l, &err), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.v[0].path, "files/python3.tar.gz");
	assert_int_equal(l.v[0].len, sizeof(bytes));
	assert_memory_equal(l.v[0].data, bytes, sizeof(bytes));
	layer_release(&l);
	manifest_free(m);
	from_file = NULL;
	test_rmtree(dir);
	free(path);
	free(dir);
}

static void
test_from_errors(void **state)
{
	check_load_error("<manifest>\n  <file template=\"a.in\" from=\"a.in\" path=\"x\"/>\n"
		"</manifest>\n", "@DIR@/manifest.xml:2: error: ", "template= or from=, not both");
	check_load_error("<manifest>\n  <file path=\"x\"/>\n</manifest>\n",
		"@DIR@/manifest.xml:2: error: ", "template= or from=, not both");
	from_file = "/nonexistent/src.tar.gz";
	check_render_error("<manifest>\n<file from=\"@{FROM}\" path=\"a\"/>\n</manifest>", "a\n",
		"@DIR@/manifest.xml:2: error: '/nonexistent/src.tar.gz': No such file or directory");
	from_file = NULL;
	check_render_error("<manifest>\n<file from=\"@{FROM}\" path=\"a\"/>\n</manifest>", "a\n",
		"@DIR@/manifest.xml:2: error: unknown substitution 'FROM'");
}

/* <patches>: every patch of the folder's series, in its order, verbatim */
static void
test_patches(void **state)
{
	char *dir = setup_dir("<manifest>\n"
		"  <patches dir=\"patches/@{PN}/@{PV}\" path=\"recipes/@{PN}-files\"/>\n"
		"  <patches dir=\"patches/none/@{PV}\" path=\"x\" if=\"OFF\"/>\n"
		"</manifest>\n");
	struct bb_error err = BB_ERROR_INIT;
	struct layer l = LAYER_INIT;
	struct manifest *m;

	test_write_tree(dir, "patches/python3/3.11.2/series",
		"# comment\n\n  b.patch  # why\r\na.patch\n",
		"patches/python3/3.11.2/a.patch", "+ @{A}\n",
		"patches/python3/3.11.2/b.patch", "B\n",
		"patches/python3/3.11.2/unlisted.patch", "C\n", NULL);
	m = manifest_load(dir, &err);
	if (!m)
		fail_msg("%s", err.msg);
	assert_null(m->v[0].template);
	if (manifest_render(m, lookup, NULL, &l, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].path, "recipes/python3-files/a.patch");
	assert_string_equal(l.v[0].data, "+ @{A}\n");
	assert_string_equal(l.v[1].path, "recipes/python3-files/b.patch");
	assert_string_equal(l.v[1].data, "B\n");
	assert_non_null(strstr(l.v[1].origin, "/patches/python3/3.11.2/series:3"));
	layer_release(&l);
	manifest_free(m);
	test_rmtree(dir);
	free(dir);
}

static void
test_patches_errors(void **state)
{
	static const char man[] = "<manifest>\n<patches dir=\"p/@{PV}\" path=\"f\"/>\n</manifest>";

	check_render_tree(man, "@DIR@/manifest.xml:2: error: patch set 'p/3.11.2': "
		"no such folder or no series file in it", NULL);
	check_render_tree(man, "@DIR@/p/3.11.2/series:2: error: patch 'missing.patch': "
		"No such file or directory", "p/3.11.2/series", "a.patch\nmissing.patch\n",
		"p/3.11.2/a.patch", "A\n", NULL);
	check_render_tree(man, "@DIR@/p/3.11.2/series:2: error: bad patch name '../a.patch'",
		"p/3.11.2/series", "# x\n../a.patch\n", NULL);
	check_render_tree("<manifest>\n<patches dir=\"p/@{UP}\" path=\"f\"/>\n</manifest>",
		"@DIR@/manifest.xml:2: error: bad patch set folder 'p/..'", NULL);
	/* names are checked where the condition does not hold too */
	check_render_tree("<manifest>\n<patches dir=\"p/@{NOPE}\" path=\"f\" if=\"OFF\"/>\n"
		"</manifest>", "@DIR@/manifest.xml:2: error: unknown substitution 'NOPE'", NULL);
	check_render_tree("<manifest>\n<file template=\"a.in\" path=\"f/a.patch\"/>\n"
		"<patches dir=\"p\" path=\"f\"/>\n</manifest>",
		"@DIR@/p/series:1: error: 'f/a.patch' is also written by @DIR@/manifest.xml:2",
		"a.in", "a\n", "p/series", "a.patch\n", "p/a.patch", "A\n", NULL);
}

static void
test_path_ok(void **state)
{
	assert_true(layer_path_ok("a"));
	assert_true(layer_path_ok("a/b.c/.d"));
	assert_false(layer_path_ok(""));
	assert_false(layer_path_ok("/a"));
	assert_false(layer_path_ok("a//b"));
	assert_false(layer_path_ok("a/"));
	assert_false(layer_path_ok("./a"));
	assert_false(layer_path_ok("a/.."));
	assert_false(layer_path_ok("a\nb"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_schema_violation),
		cmocka_unit_test(test_not_xml),
		cmocka_unit_test(test_missing_template),
		cmocka_unit_test(test_bad_template_name),
		cmocka_unit_test(test_template_syntax_error),
		cmocka_unit_test(test_bad_condition),
		cmocka_unit_test(test_render_errors),
		cmocka_unit_test(test_from),
		cmocka_unit_test(test_from_errors),
		cmocka_unit_test(test_patches),
		cmocka_unit_test(test_patches_errors),
		cmocka_unit_test(test_path_ok),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
