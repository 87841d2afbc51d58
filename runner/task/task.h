/*
 * "pgo-run task": a recipe's shell task run the way BitBake runs it
 * (lib/bb/build.py _exec_task and exec_func)
 *
 * 1. fill a struct task_opts (task_parse_opts() does it from the command line).
 * 2. task_load() parses the conf files, base.bbclass and INHERIT, the recipe
 *    and the layer's bbappends for it into a new datastore.
 * 3. task_prepare() checks the task and gives d the task's overrides.
 * 4. task_run() runs it: logs, [cleandirs], [dirs], run scripts, the stamp.
 * 5. bb_data_free(), task_opts_release().
 */
#ifndef RUNNER_TASK_H
#define RUNNER_TASK_H

#include <stdbool.h>

#include "bblang/data.h"
#include "bblang/strvec.h"
#include "bblang/conf.h"

struct task_opts {
	struct bb_conf_opts conf;		/* -I DIR, -D VAR=VALUE */
	struct bb_strvec confs;		/* -c CONF, in order */
	const char *builddir;		/* -B BUILDDIR */
	const char *recipe;		/* [mc:MC:]TARGET: a recipe file, or a PN with a build directory */
	const char *task;		/* "profile" or "do_profile" */
	bool tee;			/* the task's output to stdout as well as to the log */
	bool signature;			/* -S: print what its signature covers, not run it */
	char *file;			/* set by task_load(): the recipe file it parsed */
};

#define TASK_OPTS_INIT { BB_CONF_OPTS_INIT, BB_STRVEC_INIT, NULL, NULL, NULL, false, false, NULL }

void task_opts_release(struct task_opts *o);

/* "profile" or "do_profile": "do_profile"; caller frees */
char *task_name(const char *task);

/* the layer holding recipe: the nearest directory above it with conf/layer.conf, or NULL */
char *task_layer_dir(const char *recipe);

/* appends the paths of the bbappends below layer that apply to recipe, sorted */
void task_find_appends(const char *layer, const char *recipe, struct bb_strvec *out);

/* whether o reads a build directory: -B, or no -c CONF */
bool task_uses_builddir(const struct task_opts *o);

/* the build directory: -B, else $BUILDDIR, else "." (as bitbake finds it) */
const char *task_builddir(const struct task_opts *o);

/* the recipe file task_load() parsed (o->file), else o->recipe */
const char *task_recipe(const struct task_opts *o);

/*
 * a new datastore in *out: with a build directory (task_uses_builddir()),
 * the configuration and the recipe read as BitBake's cooker reads them (the
 * mc: prefix, a PN through BBFILES and the provider choice); else the -c
 * conf files, base.bbclass and INHERIT, the recipe and its layer's
 * bbappends. (also on error: its warnings, "file:line:
 * warning: ...", are for the caller to show); 0, or -1 with err set
 * (TASK_NO_PROVIDER when no recipe provides the target)
 */
#define TASK_NO_PROVIDER (-2)
int task_load(struct task_opts *o, struct bb_data **out, struct bb_error *err);

/* var[flag] (NULL: the value), expanded or not; NULL when unset or not computable */
char *task_get(struct bb_data *d, const char *var, const char *flag, bool expand);

/* checks that task (do_X) is a shell task of d, then gives d the task's data (_task_data) */
int task_prepare(struct bb_data *d, const char *recipe, const char *task, struct bb_error *err);

/*
 * base.bbclass's setup_hosttools_dir, when HOSTTOOLS_DIR is set: a link in
 * it for each tool of HOSTTOOLS (a missing one is an error naming them all)
 * and of HOSTTOOLS_NONFATAL found in $PATH ("gnu" + tool first; a
 * directory ending in /scripts skipped; ld and ld.* a wrapper script
 * passing --no-rosegment when the linker knows it)
 */
int task_hosttools(struct bb_data *d, struct bb_error *err);

/*
 * exec_func up to the script: removes and makes [cleandirs], makes [dirs],
 * and writes ${T}/run.FUNC.PID; *path is the script, caller frees
 */
int task_write_script(struct bb_data *d, const char *func, char **path, struct bb_error *err);

/*
 * runs the prepared task (with its [prefuncs] and [postfuncs]) and writes
 * ${STAMP}.TASK on success; returns the exit status, or -1 with err set;
 * *log is the task log (may be NULL), caller frees
 */
int task_run(struct bb_data *d, const char *recipe, const char *task, bool tee, char **log,
	struct bb_error *err);

#endif
