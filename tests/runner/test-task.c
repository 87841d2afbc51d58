/*
 * runner/task/task.c, runner/task/runscript.c and runner/task/log.c: "pgo-run task" on the
 * demo layer in tests/data/task, and the run script of the generated
 * layer's python3-pgo-image:do_profile (written, not run)
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_getaffinity, as oe.utils.cpu_count counts */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "runner/task/log.h"
#include "runner/task/runscript.h"
#include "runner/task/task.h"
#include "tests/test-util.h"

/* runner/pgo-run in the build tree, found from this program's path */
static char *pgo_run;

struct fx {
	char *top, *recipe, *work, *temp;
	struct task_opts o;
	struct bb_data *d;
	struct bb_error err;
};

static void
fx_init(struct fx *f, const char *recipe, const char *conf, const char *work)
{
	char *c = test_datapath(conf), *def;

	memset(f, 0, sizeof(*f));
	f->o = (struct task_opts)TASK_OPTS_INIT;
	f->top = test_tmpdir();
	f->recipe = test_datapath(recipe);
	f->work = xstrcat(f->top, "/work/", work, NULL);
	f->temp = xstrcat(f->work, "/temp", NULL);
	bb_strvec_push(&f->o.confs, c);
	def = xstrcat("TOPDIR=", f->top, NULL);
	bb_conf_opt(&f->o.conf, 'D', def);
	free(def);
	f->o.recipe = f->recipe;
}

static void
fx_demo(struct fx *f)
{
	fx_init(f, "task/meta-demo/recipes-demo/demo/demo_1.0.bb", "task/conf/demo.conf",
		"demo-1.0");
}

static void
fx_release(struct fx *f)
{
	bb_data_free(f->d);
	task_opts_release(&f->o);
	test_rmtree(f->top);
	bb_error_clear(&f->err);
	free(f->top);
	free(f->recipe);
	free(f->work);
	free(f->temp);
}

static void
load_ok(struct fx *f)
{
	if (task_load(&f->o, &f->d, &f->err) < 0)
		fail_msg("task_load: %s", f->err.msg);
}

/* loads, prepares and runs task; returns task_run's result */
static int
run_task(struct fx *f, const char *task, char **log)
{
	char *name = task_name(task);
	int ret;

	load_ok(f);
	if (task_prepare(f->d, f->recipe, name, &f->err) < 0)
		fail_msg("task_prepare: %s", f->err.msg);
	ret = task_run(f->d, f->recipe, name, false, log, &f->err);
	free(name);
	return ret;
}

static char *
path(const char *a, const char *b)
{
	return xstrcat(a, "/", b, NULL);
}

static char *
read_in(const char *dir, const char *name)
{
	char *p = path(dir, name), *text = test_read(p);

	free(p);
	return text;
}

static bool
exists_in(const char *dir, const char *name)
{
	char *p = path(dir, name);
	struct stat st;
	bool ret = lstat(p, &st) == 0;

	free(p);
	return ret;
}

/* the demo's task run in f, which must succeed; *log as run_task leaves it */
static void
demo_runs(struct fx *f, const char *task, char **log)
{
	fx_demo(f);
	assert_int_equal(run_task(f, task, log), 0);
}

/* whether the demo's stamp of task (do_NAME) is in TOPDIR/stamps */
static bool
stamped(const struct fx *f, const char *task)
{
	char *stamps = xstrcat(f->top, "/stamps", NULL), *name = xstrcat("demo-1.0.", task, NULL);
	bool ret = exists_in(stamps, name);

	free(stamps);
	free(name);
	return ret;
}

#define assert_contains(hay, needle) do { \
		const char *h_ = (hay), *n_ = (needle); \
		if (!h_ || !strstr(h_, n_)) \
			fail_msg("'%s' not found in:\n%s", n_, h_ ? h_ : "(null)"); \
	} while (0)
#define assert_lacks(hay, needle) do { \
		const char *h_ = (hay), *n_ = (needle); \
		if (h_ && strstr(h_, n_)) \
			fail_msg("'%s' unexpectedly found in:\n%s", n_, h_); \
	} while (0)

static void
check_file(const char *dir, const char *name, const char *want)
{
	char *got = read_in(dir, name);

	test_check_str(got, want, name, __FILE__, __LINE__);
	free(got);
}

static void
test_task_name(void **state)
{
	char *a = task_name("profile"), *b = task_name("do_profile");

	assert_string_equal(a, "do_profile");
	assert_string_equal(b, "do_profile");
	free(a);
	free(b);
}

static void
test_find_appends(void **state)
{
	char *recipe = test_datapath("task/meta-demo/recipes-demo/demo/demo_1.0.bb");
	char *want = test_datapath("task/meta-demo"), *layer = task_layer_dir(recipe);
	struct bb_strvec apps = BB_STRVEC_INIT;

	assert_non_null(layer);
	assert_string_equal(layer, want);
	task_find_appends(layer, recipe, &apps);
	assert_int_equal(apps.n, 2);
	assert_non_null(strstr(apps.v[0], "/recipes-demo/demo/demo_%.bbappend"));
	assert_non_null(strstr(apps.v[1], "/recipes-demo/demo/demo_1.0.bbappend"));
	bb_strvec_clear(&apps);
	free(layer);
	free(want);
	free(recipe);
}

static void
test_load(void **state)
{
	struct fx f;
	struct bb_buf w = BB_BUF_INIT;

	fx_demo(&f);
	load_ok(&f);
	for (size_t i = 0; i < bb_data_nwarnings(f.d); i++)
		bb_buf_addf(&w, "%s\n", bb_data_warning(f.d, i));
	assert_contains(w.buf,
		"demo_1.0.bb:4: warning: could not inherit class 'no-such-class'");
	assert_int_equal(bb_data_nwarnings(f.d), 1);
	/* base.bbclass comes from the layer, which the recipe's layer adds to BBPATH */
	assert_var(f.d, "BASE_INHERITED", "1");
	assert_var(f.d, "APPENDED", "by demo_%.bbappend and demo_1.0.bbappend");
	bb_buf_release(&w);
	fx_release(&f);
}

static void
test_quote(void **state)
{
	struct bb_buf b = BB_BUF_INIT;

	/* bb.data.emit_var's escapes: " ` $ and newlines; a backslash stays */
	runscript_quote_dq(&b, "a\"b`c$d\\e\nf");
	assert_string_equal(b.buf, "\"a\\\"b\\`c\\$d\\e \\\nf\"");
	bb_buf_reset(&b);
	runscript_quote_sq(&b, "it's");
	assert_string_equal(b.buf, "'it'\\''s'");
	bb_buf_release(&b);
	assert_true(runscript_true("1"));
	assert_true(runscript_true("Yes"));
	assert_false(runscript_true("0"));
	assert_false(runscript_true(""));
	assert_false(runscript_true(NULL));
}

/*
 * runscript_exec: the script's stdout and stderr into the log, and with tee
 * to our stdout too (here a file in place of fd 1); its exit status
 */
static void
test_exec(void **state)
{
	char *dir = test_tmpdir(), *script = test_write(dir, "run.x", "echo out; echo err >&2; "
		"[ -t 0 ] || read x || echo stdin-empty; exit 4\n");
	char *log = path(dir, "log"), *stdout_path = path(dir, "stdout"), *text;
	struct bb_error err = BB_ERROR_INIT;
	int status = -1, logfd, saved = dup(STDOUT_FILENO), outfd;

	for (int tee = 0; tee < 2; tee++) {
		logfd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		outfd = open(stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		assert_true(logfd >= 0 && outfd >= 0 && saved >= 0);
		fflush(stdout);
		dup2(outfd, STDOUT_FILENO);
		assert_int_equal(runscript_exec(script, logfd, tee, &status, &err), 0);
		dup2(saved, STDOUT_FILENO);
		close(outfd);
		close(logfd);
		assert_int_equal(status, 4);
		check_file(dir, "log", "out\nerr\nstdin-empty\n");
		check_file(dir, "stdout", tee ? "out\nerr\nstdin-empty\n" : "");
	}
	text = path(dir, "no/such/dir");
	logfd = open(log, O_WRONLY);
	assert_int_equal(runscript_exec(text, logfd, false, &status, &err), 0);
	assert_int_equal(status, 2);
	close(logfd);
	close(saved);
	free(text);
	free(log);
	free(stdout_path);
	free(script);
	test_rmtree(dir);
	free(dir);
}

/*
 * an exported value with the characters the shell treats specially comes back
 * as the shell reads BitBake's quoting: intact, but for a backslash before
 * another backslash, which BitBake leaves unescaped (two read as one)
 */
static void
test_quote_roundtrip(void **state)
{
	const char *val = "a \"q\" 's' `c` $HOME ${X} \\ \\\\ ! * ~ ; | & end";
	const char *want = "a \"q\" 's' `c` $HOME ${X} \\ \\ ! * ~ ; | & end";
	struct bb_buf cmd = BB_BUF_INIT;
	char out[256] = "";
	FILE *p;

	bb_buf_addstr(&cmd, "V=");
	runscript_quote_dq(&cmd, val);
	bb_buf_addstr(&cmd, "; printf '%s' \"$V\"");
	p = popen(cmd.buf, "r");
	assert_non_null(p);
	assert_non_null(fgets(out, sizeof(out), p));
	assert_int_equal(pclose(p), 0);
	assert_string_equal(out, want);
	bb_buf_release(&cmd);
}

static void
test_deps(void **state)
{
	struct fx f;
	struct bb_strvec deps = BB_STRVEC_INIT;

	fx_demo(&f);
	load_ok(&f);
	assert_int_equal(runscript_deps(f.d, "do_greet", &deps, &f.err), 0);
	/* round by round, sorted in each: as bb.data.emit_func emits them */
	assert_int_equal(deps.n, 4);
	assert_string_equal(deps.v[0], "helper_one");
	assert_string_equal(deps.v[1], "demo_log");
	assert_string_equal(deps.v[2], "helper_two");
	assert_string_equal(deps.v[3], "bbnote");
	bb_strvec_clear(&deps);
	fx_release(&f);
}

static char *
script_of(struct fx *f, const char *func)
{
	char *name = xasprintf("run.%s.%ld", func, (long)getpid()), *text = read_in(f->temp, name);

	free(name);
	return text;
}

static void
check_greet_script(struct fx *f)
{
	char *s = script_of(f, "do_greet"), *cd = xasprintf("cd '%s/last'\ndo_greet\n", f->work);
	char *fifo;

	assert_non_null(s);
	assert_memory_equal(s, "#!/bin/sh\n\n", 11);
	/* BitBake's preamble: set -e and the exit trap under sh and under bash */
	assert_contains(s, "\n\"\") trap 'bb_sh_exit_handler' 0\n    set -e\n");
	assert_contains(s, "\n    shopt -s extdebug\n");
	assert_contains(s, "\nexport CONF_EXPORTED=\"from the conf\"\n");
	assert_contains(s, "\nexport HELPER_CLASS_VAR=\"from the class\"\n");
	assert_contains(s, "\nexport GREETING=\"hello \\\\\"world\\\\\" \\$HOME \\`x\\` "
		"\\ done\"\n");
	assert_contains(s, "\nexport GREET_OVR=\"task override\"\n");
	assert_contains(s, "\nexport EMPTY_EXPORT=\"\"\n");
	assert_contains(s, "\nunset UNEXPORTED\n");
	/* unexported: the value is not needed, whatever python it holds */
	assert_contains(s, "\nunset PY_UNEXPORTED\n");
	assert_contains(s, "\nexport PY_EXPORT=\"\"\n");
	assert_lacks(s, "PY_UNUSED");
	assert_lacks(s, "${@");
	/* LOGFIFO's os.getpid() is the PID the run file is named after */
	fifo = xasprintf("/temp/fifo.%ld ] ; then\n", (long)getpid());
	assert_contains(s, fifo);
	free(fifo);
	assert_lacks(s, "NOT_EXPORTED=");
	assert_lacks(s, "SUMMARY");
	assert_contains(s, "\ndo_greet() {\n\thelper_one\n");
	assert_contains(s, "\nhelper_one() {\n");
	assert_contains(s, "\nhelper_two() {\n\techo two >> ");
	assert_contains(s, "\ndemo_log() {\n");
	assert_contains(s, "\nbbnote() {\n");
	assert_contains(s, "/meta-demo/classes/demo-helpers.bbclass\ndemo_log() {");
	assert_lacks(s, "unused_helper");
	assert_lacks(s, "demo_pyhelper");
	assert_lacks(s, "bbfatal");
	assert_contains(s, cd);
	/* the call is the last command before the cleanup */
	assert_non_null(strstr(strstr(s, cd), "\nexit $ret\n"));
	free(cd);
	free(s);
}

static void
check_task_order(struct fx *f, const char *task)
{
	char *text = read_in(f->temp, "log.task_order"), *re;
	regex_t rx;

	re = xasprintf("^[0-9]{8}-[0-9]{6}\\.[0-9]{6} %s \\(%ld\\): log\\.%s\\.%ld$", task,
		(long)getpid(), task, (long)getpid());
	assert_int_equal(regcomp(&rx, re, REG_EXTENDED | REG_NEWLINE | REG_NOSUB), 0);
	if (!text || regexec(&rx, text, 0, NULL, 0))
		fail_msg("no line /%s/ in log.task_order:\n%s", re, text ? text : "(none)");
	regfree(&rx);
	free(re);
	free(text);
}

static void
check_link(const char *dir, const char *name, const char *target)
{
	char *p = path(dir, name), buf[PATH_MAX];
	ssize_t n = readlink(p, buf, sizeof(buf) - 1);

	if (n < 0)
		fail_msg("%s: not a link: %s", p, strerror(errno));
	buf[n] = '\0';
	assert_string_equal(buf, target);
	free(p);
}

static void
test_run_greet(void **state)
{
	struct fx f;
	char *log = NULL, *old, *text, *want, *out, *base, *stamp, *stampdir;

	fx_demo(&f);
	old = xstrcat(f.work, "/scratch/old-file", NULL);
	free(test_write(f.top, "work/demo-1.0/scratch/old-file", "left from a previous run\n"));
	assert_int_equal(run_task(&f, "greet", &log), 0);
	check_greet_script(&f);

	/* [cleandirs] removed and made again, [dirs] made, cwd the last of them */
	assert_false(bb_path_exists(old));
	assert_true(exists_in(f.work, "scratch"));
	assert_true(exists_in(f.work, "first"));
	out = xstrcat(f.work, "/out", NULL);
	want = xstrcat(f.work, "/last\n", NULL);
	check_file(out, "pwd", want);
	free(want);
	want = xstrcat(out, "\n", NULL);
	check_file(out, "pre-pwd", want);
	free(want);
	check_file(out, "calls", "pre\ntwo\npost\n");
	/* as under BitBake: emit_var leaves the backslash of \" as it is, so
	   the shell reads \\" as a backslash that ends the quoted string */
	check_file(out, "greeting", "hello \\world\\ $HOME `x` \\ done\n");
	check_file(out, "appended", "by demo_%.bbappend and demo_1.0.bbappend\n");
	check_file(out, "override", "task override\n");
	check_file(out, "env", "conf=from the conf class=from the class not=[]\n");

	/* the log, its link, log.task_order, the run script's link */
	base = xasprintf("log.do_greet.%ld", (long)getpid());
	want = path(f.temp, base);
	assert_string_equal(log, want);
	check_link(f.temp, "log.do_greet", base);
	text = test_read(log);
	assert_contains(text, "NOTE: demo_log: one: hello");
	assert_contains(text, "greet ran in ");
	free(text);
	free(base);
	base = xasprintf("run.do_greet.%ld", (long)getpid());
	check_link(f.temp, "run.do_greet", base);
	assert_true(exists_in(f.temp, base));
	check_task_order(&f, "do_greet");

	stampdir = xstrcat(f.top, "/stamps", NULL);
	stamp = read_in(stampdir, "demo-1.0.do_greet");
	assert_non_null(stamp);
	assert_memory_equal(stamp, LOG_STAMP_HEADER "\ntask do_greet\n",
		sizeof(LOG_STAMP_HEADER "\ntask do_greet\n") - 1);
	free(stamp);
	free(stampdir);
	free(base);
	free(want);
	free(out);
	free(old);
	free(log);
	fx_release(&f);
}

static void
test_fail(void **state)
{
	struct fx f;
	char *log = NULL, *text, *stamps;

	fx_demo(&f);
	stamps = xstrcat(f.top, "/stamps", NULL);
	free(test_write(stamps, "demo-1.0.do_fail", "an old stamp\n"));
	assert_int_equal(run_task(&f, "do_fail", &log), 3);
	/* no stamp, and the old one is gone */
	assert_false(stamped(&f, "do_fail"));
	assert_non_null(log);
	text = test_read(log);
	assert_contains(text, "about to fail\n");
	assert_contains(text, "WARNING: exit code 3 from a shell command.\n");
	assert_lacks(text, "not reached");
	check_task_order(&f, "do_fail");
	free(text);
	free(log);
	free(stamps);
	fx_release(&f);
}

static void
prepare_error(const char *task, const char *want)
{
	struct fx f;
	char *name = task_name(task);

	fx_demo(&f);
	load_ok(&f);
	assert_int_equal(task_prepare(f.d, f.recipe, name, &f.err), -1);
	assert_non_null(f.err.msg);
	assert_contains(f.err.msg, want);
	/* nothing was run or written */
	assert_false(bb_path_exists(f.work));
	free(name);
	fx_release(&f);
}

/*
 * a value the task needs that holds inline python bblang cannot evaluate: an
 * error that names it and where it was set, before anything runs
 */
static void
test_needs_python(void **state)
{
	prepare_error("pyexport", "demo_1.0.bb:19: error: exported variable 'PY_EXPORT' holds "
		"inline python that pgo-run cannot evaluate: ${@os.getcwd()} in "
		"PY_EXPORT:task-pyexport, set at ");
	prepare_error("pyexport", "demo_1.0.bb:20 (unsupported name 'os.getcwd'): the shell "
		"would run it as text");
	prepare_error("pybody", "demo_1.0.bb:87: error: function 'do_pybody' holds inline "
		"python that pgo-run cannot evaluate: ${@os.getcwd()} in PY_UNUSED, set at ");
	prepare_error("pybody", "demo_1.0.bb:16 (unsupported name 'os.getcwd')");
}

static void
test_python_task(void **state)
{
	prepare_error("pytask", "do_pytask is a python task and needs BitBake");
}

static void
test_python_prefunc(void **state)
{
	prepare_error("do_pyprefunc",
		"do_pyprefunc: demo_pyhelper is a python function and needs BitBake");
}

static void
test_no_such_task(void **state)
{
	prepare_error("notask", "no such task: do_notask (in ");
	prepare_error("nothing", "no such task: do_nothing (in ");
}

/* build.py removes an empty log and its link; the stamp is still written */
static void
test_empty_log(void **state)
{
	struct fx f;
	char *log = NULL;

	demo_runs(&f, "quiet", &log);
	assert_false(bb_path_exists(log));
	assert_false(exists_in(f.temp, "log.do_quiet"));
	check_task_order(&f, "do_quiet");
	assert_true(stamped(&f, "do_quiet"));
	free(log);
	fx_release(&f);
}

/* [noexec]: nothing runs, the stamp is written */
static void
test_noexec(void **state)
{
	struct fx f;
	char *log = NULL;

	demo_runs(&f, "build", &log);
	assert_null(log);
	assert_false(bb_path_exists(f.temp));
	assert_true(stamped(&f, "do_build"));
	fx_release(&f);
}

/* runs pgo-run with args in dir; returns its exit status and its stderr in *err */
static int
run_cli(const char *dir, const char *args, char **err)
{
	char *errfile = path(dir, "stderr.txt");
	char *cmd = xasprintf("cd '%s' && '%s' %s >/dev/null 2>'%s'", dir, pgo_run, args, errfile);
	int st = system(cmd);

	*err = test_read(errfile);
	unlink(errfile);
	free(errfile);
	free(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void
test_cli(void **state)
{
	struct fx f;
	char *conf = test_datapath("task/conf/demo.conf"), *args, *err, *want;

	fx_demo(&f);
	args = xasprintf("task -c '%s' -D 'TOPDIR=%s' '%s' fail", conf, f.top, f.recipe);
	assert_int_equal(run_cli(f.top, args, &err), 3);
	want = xasprintf("pgo-run: do_fail failed with exit code 3 (log: %s/log.do_fail.", f.temp);
	assert_contains(err, want);
	assert_contains(err, "warning: could not inherit class 'no-such-class'\n");
	free(want);
	free(err);
	free(args);

	args = xasprintf("task -c '%s' -D 'TOPDIR=%s' '%s' pytask", conf, f.top, f.recipe);
	assert_int_equal(run_cli(f.top, args, &err), 1);
	assert_contains(err, "\npgo-run: do_pytask is a python task and needs BitBake\n");
	free(err);
	free(args);

	args = xasprintf("task -c '%s' -D 'TOPDIR=%s' '%s' do_greet", conf, f.top, f.recipe);
	assert_int_equal(run_cli(f.top, args, &err), 0);
	free(err);
	free(args);

	assert_int_equal(run_cli(f.top, "task", &err), 2);
	assert_contains(err, "TARGET and TASK are needed");
	free(err);
	assert_int_equal(run_cli(f.top, "task -c /nonexistent.conf x.bb profile", &err), 1);
	assert_contains(err, "pgo-run: /nonexistent.conf: no such file\n");
	free(err);
	free(conf);
	fx_release(&f);
}

/* the generated layer's image recipe: its do_profile script, written but not run */
static void
test_pgo_image(void **state)
{
	struct fx f;
	struct bb_buf w = BB_BUF_INIT;
	struct bb_strvec apps = BB_STRVEC_INIT;
	char *script = NULL, *text, *layer, *py, *want, njobs[16], jargs[16];
	cpu_set_t set;
	int jobs;
	const char *lines[] = {
		"\n\tpgo-run profile \\\n",
		"\n\t\t--target qemu \\\n",
		"\n\t\t--qemuboot @TOP@/deploy/images/qemux86-64/"
			"python3-pgo-image-qemux86-64.qemuboot.conf \\\n",
		"\n\t\t--qemu-bindir @TOP@/sysroot-native/usr/bin \\\n",
		"\n\t\t--python /opt/python-pgo/bin/python3 \\\n",
		"\n\t\t--smp @JOBS@ \\\n",
		"\n\t\t--task \"-m test --pgo test_re@JARGS@\" \\\n",
		"\n\t\t--remote-dir /var/lib/python-pgo/profile \\\n",
		"\n\t\t--gcov-prefix-strip 4 \\\n",
		"\n\t\t--gcc-version 12.% \\\n",
		"\n\t\t--timeout 14400 \\\n",
		"\n\t\t--out @TOP@/work/python3-pgo-image/pgo-profile \\\n",
		"\n\t\t--archive @TOP@/work/python3-pgo-image/pgo-archive/"
			"python3-pgo-image-qemux86-64.pgo-profile.tar\n",
		"\nexport PATH=\"@TOP@/sysroot-native/usr/bin:/usr/bin:/bin\"\n",
		"\ncd '@TOP@/work/python3-pgo-image'\ndo_profile\n",
	};

	fx_init(&f, "../../meta-pgo/recipes-devtools/images/python3-pgo-image.bb",
		"task/conf/pgo-image.conf", "python3-pgo-image");
	load_ok(&f);
	for (size_t i = 0; i < bb_data_nwarnings(f.d); i++)
		bb_buf_addf(&w, "%s\n", bb_data_warning(f.d, i));
	assert_contains(w.buf, "/python3-pgo-image.bb:");
	assert_contains(w.buf, ": warning: could not inherit class 'core-image'\n");
	assert_lacks(w.buf, "python-pgo");
	assert_int_equal(task_prepare(f.d, f.recipe, "do_profile", &f.err), 0);
	if (task_write_script(f.d, "do_profile", &script, &f.err) < 0)
		fail_msg("task_write_script: %s", f.err.msg);
	text = test_read(script);
	/* PGO_PROFILE_JOBS: this host's cores, at most 4 for the guest's 1024 MiB */
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	jobs = CPU_COUNT(&set) > 4 ? 4 : CPU_COUNT(&set);
	snprintf(njobs, sizeof(njobs), "%d", jobs);
	snprintf(jargs, sizeof(jargs), jobs > 1 ? " -j%d" : "", jobs);
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		char *a = test_replace(lines[i], "@TOP@", f.top), *b = test_replace(a, "@JOBS@", njobs);

		want = test_replace(b, "@JARGS@", jargs);
		assert_contains(text, want);
		free(want);
		free(b);
		free(a);
	}
	/* the class's checks are not called by do_profile */
	assert_lacks(text, "pgo_check_gcc_profile");
	assert_true(exists_in(f.work, "pgo-profile"));
	assert_true(exists_in(f.work, "pgo-archive"));
	/* written, not run: no log */
	assert_false(exists_in(f.temp, "log.task_order"));

	/* the layer's python3 bbappend is not the image's */
	layer = task_layer_dir(f.recipe);
	assert_non_null(layer);
	task_find_appends(layer, f.recipe, &apps);
	assert_int_equal(apps.n, 0);
	py = path(layer, "recipes-devtools/python/python3_3.11.2.bb");
	task_find_appends(layer, py, &apps);
	assert_int_equal(apps.n, 1);
	assert_non_null(strstr(apps.v[0], "/python3_%.bbappend"));
	bb_strvec_clear(&apps);
	bb_buf_release(&w);
	free(py);
	free(layer);
	free(text);
	free(script);
	fx_release(&f);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_task_name),
		cmocka_unit_test(test_find_appends),
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_quote),
		cmocka_unit_test(test_exec),
		cmocka_unit_test(test_quote_roundtrip),
		cmocka_unit_test(test_deps),
		cmocka_unit_test(test_run_greet),
		cmocka_unit_test(test_fail),
		cmocka_unit_test(test_needs_python),
		cmocka_unit_test(test_python_task),
		cmocka_unit_test(test_python_prefunc),
		cmocka_unit_test(test_no_such_task),
		cmocka_unit_test(test_empty_log),
		cmocka_unit_test(test_noexec),
		cmocka_unit_test(test_cli),
		cmocka_unit_test(test_pgo_image),
	};
	char cwd[4096], *slash = strrchr(argv[0], '/');

	if (!slash || !getcwd(cwd, sizeof(cwd)))
		return 1;
	pgo_run = xasprintf("%s%s%.*s/../../runner/pgo-run", argv[0][0] == '/' ? "" : cwd,
		argv[0][0] == '/' ? "" : "/", (int)(slash - argv[0]), argv[0]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
