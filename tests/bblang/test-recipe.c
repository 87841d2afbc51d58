/* recipe syntax (BBHandler): functions, tasks, inherit, EXPORT_FUNCTIONS, handlers */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/data.h"
#include "bblang/parse.h"
#include "tests/test-util.h"

/* a datastore with BBPATH set to the recipe fixture layer, and a temporary directory */
static int
setup(void **state)
{
	struct test_ctx *t = calloc(1, sizeof(*t));
	char *layer;

	test_ctx_init(t);
	layer = test_datapath("recipe");
	assert_int_equal(bb_data_set(t->d, "BBPATH", layer, false, NULL), 0);
	free(layer);
	*state = t;
	return 0;
}

static void
parse_fixture(struct test_ctx *t, const char *name)
{
	char *path = test_datapath(name);

	if (bb_parse_file(t->d, path) < 0)
		fail_msg("parsing %s failed: %s", path, bb_data_error(t->d));
	free(path);
}

/* var is a function (its func flag "1") in python or shell, with the body want */
static void
check_func(struct bb_data *d, const char *var, bool python, const char *want, const char *file,
	int line)
{
	test_check_raw(d, var, want, file, line);
	test_check_flag(d, var, "func", "1", file, line);
	test_check_flag(d, var, "python", python ? "1" : NULL, file, line);
}

#define assert_func(d, var, python, want) \
	check_func((d), (var), (python), (want), __FILE__, __LINE__)

/* what BitBake (BBHandler with include set) stores for the same fixture */
static void
test_functions(void **state)
{
	struct test_ctx *t = *state;
	char *file = test_datapath("recipe/funcs.bb");

	parse_fixture(t, "recipe/funcs.bb");
	assert_func(t->d, "do_install", false, "\tinstall -d ${D}\n\techo \"done\"\n");
	assert_flag(t->d, "do_install", "lineno", "3");
	assert_flag(t->d, "do_install", "filename", file);
	assert_func(t->d, "do_py", true, "    bb.note(\"x\")\n");
	assert_flag(t->d, "do_py", "lineno", "8");
	assert_func(t->d, "helper", true, "def helper(d):\n    return \"h\"\n");
	assert_flag(t->d, "helper", "lineno", "11");
	assert_func(t->d, "do_fr", false, "\tchown root x\n");
	assert_flag(t->d, "do_fr", "fakeroot", "1");
	/* parsing goes on after the functions */
	assert_var(t->d, "AFTER", "after");
	assert_var(t->d, "SUMMARY", "functions");
	free(file);
}

static void
test_anonymous_and_handler(void **state)
{
	struct test_ctx *t = *state;
	char *anon;

	parse_fixture(t, "recipe/funcs.bb");
	anon = test_get_raw(t->d, "__BBANONFUNCS");
	assert_non_null(anon);
	assert_non_null(strstr(anon, "__anon_21_"));
	assert_string_equal(anon + strlen(anon) - 8, "funcs_bb");
	assert_flag(t->d, anon, "python", "1");
	free(anon);
	assert_raw(t->d, "__BBHANDLERS", "my_handler");
	assert_func(t->d, "my_handler", true, "    pass\n");
	assert_flag(t->d, "my_handler", "handler", "1");
}

static void
test_tasks(void **state)
{
	struct test_ctx *t = *state;

	parse_fixture(t, "recipe/tasks.bb");
	assert_raw(t->d, "__BBTASKS", "do_configure do_compile do_install do_package");
	assert_flag(t->d, "do_compile", "task", "1");
	assert_flag(t->d, "do_compile", "deps", "do_configure");
	/* "before do_install" puts do_compile in do_install's deps */
	assert_flag(t->d, "do_install", "deps", "do_compile");
	assert_true(bb_data_list_has(t->d, "do_install", "deps", "do_compile"));
	assert_flag(t->d, "do_configure", "deps", "");
	assert_flag(t->d, "do_package", "deps", "do_install");
	/* a "before" target need not be a task */
	assert_flag(t->d, "do_build", "deps", "do_package");
	assert_flag(t->d, "do_build", "task", NULL);
	/* deltask removes the task and its deps */
	assert_flag(t->d, "do_unwanted", "task", NULL);
	assert_flag(t->d, "do_unwanted", "deps", NULL);
	assert_false(bb_data_list_has(t->d, "__BBTASKS", "_content", "do_unwanted"));
}

static void
test_inherit(void **state)
{
	struct test_ctx *t = *state;
	char *hello = test_datapath("recipe/classes/hello.bbclass");
	char *plain = test_datapath("recipe/classes/plain.bbclass");
	char *cache = malloc(strlen(hello) + strlen(plain) + 2);

	parse_fixture(t, "recipe/inherit.bb");
	assert_var(t->d, "PLAIN", "plain demo");
	assert_var(t->d, "HELLO_CLASS", "yes");
	/* a class is read once, however often it is inherited */
	strcat(strcat(strcpy(cache, plain), " "), hello);
	assert_raw(t->d, "__inherit_cache", cache);
	/* the class's addtask */
	assert_raw(t->d, "__BBTASKS", "do_greet");
	assert_flag(t->d, "do_greet", "deps", "do_fetch");
	free(cache);
	free(plain);
	free(hello);
}

static void
test_inherit_defer(void **state)
{
	struct test_ctx *t = *state;

	parse_fixture(t, "recipe/inherit.bb");
	assert_raw(t->d, "__BBDEFINHERITS", "deferred");
	/* not inherited yet */
	assert_var(t->d, "DEFERRED", NULL);
}

/* each inherit_defer expression is kept whole, expanded when its turn comes */
static void
test_inherit_defer_expression(void **state)
{
	struct test_ctx *t = *state;

	parse_fixture(t, "recipe/inherit-defer.bb");
	assert_raw(t->d, "__BBDEFINHERITS",
		   "${@'deferred' if d.getVar('WANT') == '1' else 'no-such-class'}\nplain");
	assert_int_equal(bb_inherit_deferred(t->d), 0);
	assert_var(t->d, "DEFERRED", "1");
	assert_var(t->d, "PLAIN", "plain demo");
}

static void
test_export_functions(void **state)
{
	struct test_ctx *t = *state;

	parse_fixture(t, "recipe/inherit.bb");
	/* the class's shell function is called by name from the exported one */
	assert_func(t->d, "do_greet", false, "    # Export function set\n    hello_do_greet\n");
	assert_flag(t->d, "do_greet", "filename", "autogenerated");
	assert_func(t->d, "hello_do_greet", false, "\techo hello\n");
	assert_func(t->d, "do_pygreet", true, "    # Export function set\n"
		"    bb.build.exec_func('hello_do_pygreet', d)\n");
	assert_func(t->d, "hello_do_pygreet", true, "    bb.note(\"hi\")\n");
}

static void
test_export_functions_overridden(void **state)
{
	struct test_ctx *t = *state;

	/* a recipe's own definition before the inherit is kept */
	test_parse_ok(t, "own.bb",
		"do_greet() {\n"
		"\techo mine\n"
		"}\n"
		"inherit hello\n");
	assert_raw(t->d, "do_greet", "\techo mine\n");
}

static void
test_missing_class(void **state)
{
	struct test_ctx *t = *state;

	assert_int_equal(test_parse(t, "miss.bb", "A = \"a\"\ninherit plain nope\n"), -1);
	assert_error(t, "@DIR@/miss.bb:2: error: could not inherit class 'nope'");
}

/* a class is looked up in BBPATH only: one under ./classes of the current
 * directory is not found (BitBake's resolve_file does not look there) */
static void
test_class_not_from_cwd(void **state)
{
	struct test_ctx *t = *state;
	char *cwd = getcwd(NULL, 0);

	test_write_tree(t->dir, "classes/here.bbclass", "HERE = \"1\"\n", NULL);
	assert_int_equal(chdir(t->dir), 0);
	assert_int_equal(test_parse(t, "cwd.bb", "inherit here\n"), -1);
	assert_error(t, "@DIR@/cwd.bb:1: error: could not inherit class 'here'");
	assert_int_equal(chdir(cwd), 0);
	free(cwd);
}

static void
test_missing_class_warn(void **state)
{
	struct test_ctx *t = *state;
	char *w;

	bb_data_set_inherit_warn(t->d, true);
	test_parse_ok(t, "miss.bb", "A = \"a\"\ninherit nope plain\nB = \"b\"\n");
	assert_var(t->d, "PLAIN", "plain ${PN}");
	assert_var(t->d, "B", "b");
	assert_int_equal(bb_data_nwarnings(t->d), 1);
	w = test_replace(bb_data_warning(t->d, 0), t->dir, "@DIR@");
	assert_string_equal(w, "@DIR@/miss.bb:2: warning: could not inherit class 'nope'");
	free(w);
}

static void
test_unclosed_function(void **state)
{
	struct test_ctx *t = *state;

	assert_int_equal(test_parse(t, "open.bb",
		"A = \"a\"\n"
		"\n"
		"do_compile() {\n"
		"\tmake\n"
		"\n"), -1);
	assert_error(t, "@DIR@/open.bb:3: error: function 'do_compile' is never closed");
}

/* only ":append_" and the like are rejected in task names, as in BitBake */
static void
test_addtask_keyword_like_names(void **state)
{
	struct test_ctx *t = *state;

	test_parse_ok(t, "kw.bb", "addtask do_append_files after do_remove_old\n");
	assert_raw(t->d, "__BBTASKS", "do_append_files");
	assert_flag(t->d, "do_append_files", "deps", "do_remove_old");
}

/* the handler follows the extension: a function is fine in .inc, not in .conf */
static void
test_handler_by_extension(void **state)
{
	struct test_ctx *t = *state;
	static const char text[] = "do_x() {\n\ttrue\n}\n";

	test_parse_ok(t, "f.inc", text);
	assert_func(t->d, "do_x", false, "\ttrue\n");
	assert_int_equal(test_parse(t, "f.conf", text), -1);
	assert_error(t, "@DIR@/f.conf:1: error: unparsed line: 'do_x() {'");
}

static void
test_require_inc(void **state)
{
	struct test_ctx *t = *state;

	test_write_tree(t->dir, "common.inc", "do_common() {\n\techo ${PN}\n}\nINC = \"1\"\n",
		(char *)NULL);
	test_parse_ok(t, "r.bb", "PN = \"r\"\nrequire common.inc\n");
	assert_var(t->d, "INC", "1");
	assert_var(t->d, "do_common", "\techo r\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_functions, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_anonymous_and_handler, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_tasks, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_inherit, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_inherit_defer, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_inherit_defer_expression, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_export_functions, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_export_functions_overridden, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_missing_class, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_missing_class_warn, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_class_not_from_cwd, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_unclosed_function, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_addtask_keyword_like_names, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_handler_by_extension, setup, test_ctx_teardown),
		cmocka_unit_test_setup_teardown(test_require_inc, setup, test_ctx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
