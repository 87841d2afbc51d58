/* "pgo-run task": load a recipe as BitBake does and run one of its shell tasks */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/cooker.h"
#include "bblang/os.h"
#include "bblang/parse.h"
#include "runner/task/log.h"
#include "runner/task/runscript.h"
#include "runner/task/task.h"

#define MAX_LAYER_DEPTH 16

void
task_opts_release(struct task_opts *o)
{
	bb_conf_opts_release(&o->conf);
	bb_strvec_clear(&o->confs);
	free(o->file);
	o->file = NULL;
}

bool
task_uses_builddir(const struct task_opts *o)
{
	return o->builddir || !o->confs.n;
}

const char *
task_builddir(const struct task_opts *o)
{
	const char *env = getenv("BUILDDIR");

	if (o->builddir)
		return o->builddir;
	return env && *env ? env : ".";
}

const char *
task_recipe(const struct task_opts *o)
{
	return o->file ? o->file : o->recipe;
}

char *
task_name(const char *task)
{
	return strncmp(task, "do_", 3) ? xasprintf("do_%s", task) : xstrdup(task);
}

char *
task_layer_dir(const char *recipe)
{
	char *dir = bb_path_abs(recipe);

	for (;;) {
		char *parent = bb_path_dirname(dir), *conf;
		bool found;

		free(dir);
		dir = parent;
		conf = xstrcat(dir, "/conf/layer.conf", NULL);
		found = bb_path_isfile(conf);
		free(conf);
		if (found)
			return dir;
		if (!strcmp(dir, "/") || !*dir)
			break;
	}
	free(dir);
	return NULL;
}

static void
find_appends(const char *dir, const char *recipe, int depth, struct bb_strvec *out)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	if (!dp)
		return;
	while ((e = readdir(dp))) {
		char *path;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		path = xstrcat(dir, "/", e->d_name, NULL);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth < MAX_LAYER_DEPTH)
			find_appends(path, recipe, depth + 1, out);
		else if (S_ISREG(st.st_mode) && bb_append_matches(e->d_name, recipe))
			bb_strvec_pushdup(out, path);
		free(path);
	}
	closedir(dp);
}

void
task_find_appends(const char *layer, const char *recipe, struct bb_strvec *out)
{
	const char *base = strrchr(recipe, '/');
	struct bb_strvec found = BB_STRVEC_INIT;

	find_appends(layer, base ? base + 1 : recipe, 0, &found);
	bb_strvec_sort(&found);
	for (size_t i = 0; i < found.n; i++)
		bb_strvec_pushdup(out, found.v[i]);
	bb_strvec_clear(&found);
}

/* the layer's conf/layer.conf would add it to BBPATH: do the same */
static int
add_layer(struct bb_data *d, const char *layer, struct bb_error *err)
{
	struct bb_strvec dirs = BB_STRVEC_INIT;
	char *bbpath = NULL;
	int ret = 0;

	if (bb_data_get(d, "BBPATH", true, &bbpath) < 0)
		return runscript_data_error(d, err);
	bb_strvec_splitc(&dirs, bbpath ? bbpath : "", ':');
	if (!bb_strvec_has(&dirs, layer)) {
		char *val = bbpath && *bbpath ? xstrcat(bbpath, ":", layer, NULL) : xstrdup(layer);

		if (bb_data_set_take(d, "BBPATH", val, false, NULL) < 0)
			ret = runscript_data_error(d, err);
	}
	bb_strvec_clear(&dirs);
	free(bbpath);
	return ret;
}

/* cookerdata.py parseBaseConfiguration: base.bbclass, then the INHERIT classes */
static int
inherit_base(struct bb_data *d, struct bb_error *err)
{
	struct bb_stmts st;
	char *inherit = NULL, *text;
	int ret;

	if (bb_data_get(d, "INHERIT", true, &inherit) < 0)
		return runscript_data_error(d, err);
	text = xasprintf("inherit base %s\n", inherit ? inherit : "");
	free(inherit);
	ret = bb_parse_text(d, "(base configuration)", text, strlen(text), true, &st);
	free(text);
	if (ret < 0)
		return runscript_data_error(d, err);
	ret = bb_stmts_eval(d, &st);
	bb_stmts_release(&st);
	return ret < 0 ? runscript_data_error(d, err) : 0;
}

static int
parse_one(struct bb_data *d, const char *path, struct bb_error *err)
{
	if (!bb_path_isfile(path))
		return bb_error(err, NULL, "%s: no such file", path);
	return bb_parse_file(d, path) < 0 ? runscript_data_error(d, err) : 0;
}

static int
load_recipe(struct bb_data *d, const char *recipe, struct bb_error *err)
{
	struct bb_strvec appends = BB_STRVEC_INIT;
	char *layer = task_layer_dir(recipe);
	int ret = 0;

	if (layer && add_layer(d, layer, err) < 0)
		ret = -1;
	if (!ret)
		ret = inherit_base(d, err);
	if (!ret)
		ret = parse_one(d, recipe, err);
	if (layer)
		task_find_appends(layer, recipe, &appends);
	for (size_t i = 0; i < appends.n && !ret; i++)
		ret = parse_one(d, appends.v[i], err);
	bb_strvec_clear(&appends);
	free(layer);
	return ret;
}

/* "mc:MC:TARGET": MC in *mc (caller frees), TARGET returned; else "" and target */
static const char *
split_mc(const char *target, char **mc)
{
	const char *colon;

	if (strncmp(target, "mc:", 3) || !(colon = strchr(target + 3, ':'))) {
		*mc = xstrdup("");
		return target;
	}
	*mc = xstrndup(target + 3, (size_t)(colon - target - 3));
	return colon + 1;
}

/* a file name (it has a '/' or ends in .bb), or a PN chosen as findBestProvider does */
static int
find_target(struct bb_cooker *c, const char *target, char **file, struct bb_error *err)
{
	size_t n = strlen(target);
	const struct bb_recipe *r = NULL;

	if (strchr(target, '/') || (n > 3 && !strcmp(target + n - 3, ".bb"))) {
		if (!bb_path_isfile(target))
			return bb_error(err, NULL, "%s: no such recipe file", target);
		*file = bb_path_abs(target);
		return 0;
	}
	if (bb_cooker_provider(c, target, &r) < 0)
		return runscript_data_error(bb_cooker_data(c), err);
	if (!r) {
		bb_error(err, NULL, "nothing provides '%s' (no recipe with that PN in "
			"BBFILES)", target);
		return TASK_NO_PROVIDER;
	}
	*file = bb_path_abs(r->file);
	return 0;
}

/* cookerdata.py: the layers, bitbake.conf, base and INHERIT; then the recipe */
static int
load_builddir(struct task_opts *o, struct bb_data *d, struct bb_error *err)
{
	extern char **environ;
	struct bb_cooker *c = bb_cooker_new(d, task_builddir(o));
	char *mc;
	const char *target = split_mc(o->recipe, &mc);
	int ret;

	bb_cooker_env(c, (const char *const *)environ);
	bb_cooker_set_mc(c, mc);
	ret = bb_cooker_parse_layers(c);
	if (!ret)
		ret = bb_cooker_parse_base(c);
	if (!ret)
		ret = bb_cooker_collections(c);
	if (!ret)
		ret = bb_cooker_collect(c);
	if (ret)
		ret = runscript_data_error(d, err);
	if (!ret)
		ret = find_target(c, target, &o->file, err);
	if (!ret && bb_cooker_parse_recipe(c, o->file) < 0)
		ret = runscript_data_error(d, err);
	bb_cooker_free(c);
	free(mc);
	return ret;
}

int
task_load(struct task_opts *o, struct bb_data **out, struct bb_error *err)
{
	extern char **environ;
	struct bb_data *d = bb_data_new();

	*out = d;
	if (task_uses_builddir(o)) {
		if (bb_conf_setup(d, &o->conf) < 0)
			return runscript_data_error(d, err);
		return load_builddir(o, d, err);
	}
	bb_data_set_inherit_warn(d, true);
	if (bb_conf_setup(d, &o->conf) < 0)
		return runscript_data_error(d, err);
	/* what BitBake takes from the environment (PATH, HOME, ... exported):
	   the task's shell has no other */
	bb_data_inherit_env(d, (const char *const *)environ);
	for (size_t i = 0; i < o->confs.n; i++)
		if (parse_one(d, o->confs.v[i], err) < 0)
			return -1;
	return load_recipe(d, o->recipe, err);
}

char *
task_get(struct bb_data *d, const char *var, const char *flag, bool expand)
{
	char *v = NULL;

	if (bb_data_get_flag(d, var, flag ? flag : "_content", expand, false, false, &v) < 0) {
		bb_data_clear_error(d);
		return NULL;
	}
	return v;
}

/* a function the task runs must be a shell function */
static int
check_func(struct bb_data *d, const char *func, const char *task, struct bb_error *err)
{
	char *body = task_get(d, func, NULL, false);
	bool missing = !body;

	free(body);
	if (runscript_flag_true(d, func, "python"))
		return strcmp(func, task) ?
			bb_error(err, NULL, "%s: %s is a python function and needs BitBake", task,
				func) :
			bb_error(err, NULL, "%s is a python task and needs BitBake", task);
	if (missing)
		return bb_error(err, NULL, "%s: function %s does not exist", task, func);
	return 0;
}

static void
split_flag(struct bb_data *d, const char *var, const char *flag, struct bb_strvec *out)
{
	char *v = task_get(d, var, flag, true);

	bb_strvec_split(out, v ? v : "");
	free(v);
}

/* [prefuncs], the task, [postfuncs] */
static void
task_funcs(struct bb_data *d, const char *task, struct bb_strvec *out)
{
	split_flag(d, task, "prefuncs", out);
	bb_strvec_pushdup(out, task);
	split_flag(d, task, "postfuncs", out);
}

static int
check_funcs(struct bb_data *d, const char *task, struct bb_error *err)
{
	struct bb_strvec funcs = BB_STRVEC_INIT;
	int ret = 0;

	task_funcs(d, task, &funcs);
	for (size_t i = 0; i < funcs.n && !ret; i++)
		ret = check_func(d, funcs.v[i], task, err);
	bb_strvec_clear(&funcs);
	return ret;
}

/*
 * the run file of each function, built once before anything runs: a value a
 * function needs that bblang cannot compute fails the task here, not halfway
 */
static int
check_scripts(struct bb_data *d, const char *task, struct bb_error *err)
{
	struct bb_strvec funcs = BB_STRVEC_INIT;
	struct bb_buf script = BB_BUF_INIT;
	int ret = 0;

	task_funcs(d, task, &funcs);
	for (size_t i = 0; i < funcs.n && !ret; i++) {
		bb_buf_reset(&script);
		ret = runscript_build(d, funcs.v[i], NULL, &script, err);
	}
	bb_buf_release(&script);
	bb_strvec_clear(&funcs);
	return ret;
}

/* bitbake-worker: a task without [fakeroot] gets FAKEROOTNOENV's KEY=VALUE exported */
static int
fakeroot_noenv(struct bb_data *d, const char *task, struct bb_error *err)
{
	struct bb_strvec env = BB_STRVEC_INIT;
	char *val = NULL;

	if (runscript_flag_true(d, task, "fakeroot"))
		return 0;
	if (bb_data_get(d, "FAKEROOTNOENV", true, &val) < 0)
		return runscript_data_error(d, err);
	bb_strvec_split(&env, val ? val : "");
	for (size_t i = 0; i < env.n; i++) {
		char *eq = strchr(env.v[i], '=');

		if (!eq)
			continue;
		*eq = '\0';
		bb_data_set(d, env.v[i], eq + 1, false, NULL);
		bb_data_set_flag(d, env.v[i], "export", "1", NULL);
	}
	bb_strvec_clear(&env);
	free(val);
	return 0;
}

int
task_prepare(struct bb_data *d, const char *recipe, const char *task, struct bb_error *err)
{
	char *ovr = NULL, *name;

	if (!runscript_flag_true(d, task, "task"))
		return bb_error(err, NULL, "no such task: %s (in %s)", task, recipe);
	if (!runscript_flag_true(d, task, "noexec") && check_funcs(d, task, err) < 0)
		return -1;
	if (bb_data_get(d, "OVERRIDES", false, &ovr) < 0)
		return runscript_data_error(d, err);
	/* build.py _task_data: do_foo_bar gives the override task-foo-bar */
	name = xstrdup(task + 3);
	for (char *p = name; *p; p++)
		if (*p == '_')
			*p = '-';
	bb_data_set_take(d, "OVERRIDES", xasprintf("task-%s%s%s", name, ovr ? ":" : "",
		ovr ? ovr : ""), false, NULL);
	free(ovr);
	free(name);
	bb_data_set_take(d, "BB_FILENAME", bb_path_abs(recipe), false, NULL);
	bb_data_set(d, "BB_CURRENTTASK", task + 3, false, NULL);
	bb_data_set(d, "BB_RUNTASK", task, false, NULL);
	if (fakeroot_noenv(d, task, err) < 0)
		return -1;
	if (bb_data_expand_keys(d) < 0)
		return runscript_data_error(d, err);
	return runscript_flag_true(d, task, "noexec") ? 0 : check_scripts(d, task, err);
}

static int
sys_error(struct bb_error *err, const char *what, const char *path)
{
	return bb_error(err, NULL, "%s '%s': %s", what, path, strerror(errno));
}

/* bb.utils.mkdirhier */
static int
mkdirs(const char *dir, struct bb_error *err)
{
	char *p = xstrdup(dir);
	struct stat st;
	int ret = 0;

	for (char *s = p + 1, c; ; s++) {
		if (*s && *s != '/')
			continue;
		c = *s;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && (errno != EEXIST || stat(p, &st) < 0 ||
		    !S_ISDIR(st.st_mode))) {
			ret = sys_error(err, "cannot make the directory", p);
			break;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	return ret;
}

/* bb.utils._check_unsafe_delete_path */
static bool
unsafe_delete(const char *path)
{
	char *abs = bb_path_abs(path);
	const char *home = getenv("HOME");
	bool bad = !strcmp(abs, "/") || !strcmp(abs, "//") || !strcmp(abs, "/home") ||
		(!strncmp(abs, "/home/", 6) && !strchr(abs + 6, '/')) ||
		(home && *home && !strcmp(abs, home));

	free(abs);
	return bad;
}

/* bb.utils.remove(dir, True) then mkdirhier, for each of [cleandirs] */
static int
clean_dir(const char *dir, struct bb_error *err)
{
	if (unsafe_delete(dir))
		return bb_error(err, NULL, "[cleandirs]: refusing to delete '%s'", dir);
	if (bb_rmtree(dir) < 0)
		return sys_error(err, "cannot remove", dir);
	return mkdirs(dir, err);
}

/* [cleandirs] and [dirs] of func; *cwd is the last of [dirs], else ${B}, else NULL */
static int
func_dirs(struct bb_data *d, const char *func, char **cwd, struct bb_error *err)
{
	struct bb_strvec clean = BB_STRVEC_INIT, dirs = BB_STRVEC_INIT;
	int ret = 0;

	*cwd = NULL;
	split_flag(d, func, "cleandirs", &clean);
	for (size_t i = 0; i < clean.n && !ret; i++)
		ret = clean_dir(clean.v[i], err);
	split_flag(d, func, "dirs", &dirs);
	if (!dirs.n)
		split_flag(d, "B", NULL, &dirs);
	for (size_t i = 0; i < dirs.n && !ret; i++)
		ret = mkdirs(dirs.v[i], err);
	if (!ret && dirs.n)
		*cwd = xstrdup(dirs.v[dirs.n - 1]);
	bb_strvec_clear(&clean);
	bb_strvec_clear(&dirs);
	return ret;
}

static char *
tempdir(struct bb_data *d, struct bb_error *err)
{
	char *t = task_get(d, "T", NULL, true);

	if (!t || !*t) {
		free(t);
		bb_error(err, NULL, "T is not set, unable to run the task");
		return NULL;
	}
	if (mkdirs(t, err) < 0) {
		free(t);
		return NULL;
	}
	return t;
}

int
task_write_script(struct bb_data *d, const char *func, char **path, struct bb_error *err)
{
	struct bb_buf script = BB_BUF_INIT;
	char *t, *cwd = NULL, *runfn = NULL, *link = NULL;
	char *task = task_get(d, "BB_RUNTASK", NULL, true);
	int ret = -1;

	*path = NULL;
	if (!(t = tempdir(d, err)) || func_dirs(d, func, &cwd, err) < 0)
		goto out;
	runfn = xasprintf("run.%s.%ld", func, (long)getpid());
	link = xstrcat("run.", func, NULL);
	*path = bb_path_join(t, runfn);
	if (runscript_build(d, func, cwd, &script, err) < 0)
		goto out;
	/* build.py exec_func: the courtesy link, only for the task itself */
	if (task && !strcmp(task, func) && log_link(t, link, runfn, err) < 0)
		goto out;
	ret = log_write_script(*path, script.buf, script.len, err);
out:
	bb_buf_release(&script);
	free(runfn);
	free(link);
	free(task);
	free(cwd);
	free(t);
	return ret;
}

/* ${STAMP}.TASK, or NULL when STAMP is empty */
static char *
stamp_path(struct bb_data *d, const char *task)
{
	char *stamp = task_get(d, "STAMP", NULL, true), *ret = NULL;

	if (stamp && *stamp)
		ret = xstrcat(stamp, ".", task, NULL);
	free(stamp);
	return ret;
}

static int
make_stamp(const char *stamp, const char *recipe, const char *task, struct bb_error *err)
{
	char *dir = bb_path_dirname(stamp);
	int ret = *dir ? mkdirs(dir, err) : 0;

	free(dir);
	return ret ? ret : log_stamp_write(stamp, task, recipe, err);
}

/* the task log, the log.TASK link and the line in log.task_order; returns the fd */
static int
open_log(const char *t, const char *task, char **log, struct bb_error *err)
{
	long pid = (long)getpid();
	char *base = xasprintf("log.%s.%ld", task, pid), *link = xstrcat("log.", task, NULL);
	int fd = -1;

	*log = bb_path_join(t, base);
	if (log_task_order(t, task, pid, base, err) == 0 && log_link(t, link, base, err) == 0) {
		fd = open(*log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (fd < 0)
			sys_error(err, "cannot open the log", *log);
	}
	free(base);
	free(link);
	return fd;
}

/* build.py removes an empty log and its link */
static void
close_log(int fd, const char *t, const char *log, const char *task)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && st.st_size == 0) {
		char *link = xstrcat(t, "/log.", task, NULL);

		unlink(log);
		unlink(link);
		free(link);
	}
	close(fd);
}

static int
run_funcs(struct bb_data *d, const char *task, int fd, bool tee, int *status,
	struct bb_error *err)
{
	struct bb_strvec funcs = BB_STRVEC_INIT;
	int ret = 0;

	*status = 0;
	task_funcs(d, task, &funcs);
	for (size_t i = 0; i < funcs.n && !ret && !*status; i++) {
		char *script;

		ret = task_write_script(d, funcs.v[i], &script, err);
		if (!ret)
			ret = runscript_exec(script, fd, tee, status, err);
		free(script);
	}
	bb_strvec_clear(&funcs);
	return ret;
}

int
task_run(struct bb_data *d, const char *recipe, const char *task, bool tee, char **log,
	struct bb_error *err)
{
	char *t = NULL, *stamp = stamp_path(d, task);
	int fd, status = -1;

	*log = NULL;
	if (stamp && log_stamp_remove(stamp, err) < 0)
		goto out;
	if (runscript_flag_true(d, task, "noexec")) {
		status = 0;
		goto done;
	}
	if (!(t = tempdir(d, err)) || (fd = open_log(t, task, log, err)) < 0)
		goto out;
	bb_data_set(d, "BB_LOGFILE", *log, false, NULL);
	if (run_funcs(d, task, fd, tee, &status, err) < 0)
		status = -1;
	close_log(fd, t, *log, task);
done:
	if (status == 0 && stamp && !runscript_flag_true(d, task, "nostamp") &&
	    make_stamp(stamp, recipe, task, err) < 0)
		status = -1;
out:
	free(stamp);
	free(t);
	return status;
}
