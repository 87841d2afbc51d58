/* the run script of a shell task (BitBake's emit_func), and running it */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bblang/os.h"
#include "bblang/shell.h"
#include "runner/proc.h"
#include "runner/task/runscript.h"

/* build.py shell_trap_code(): the run file's preamble, as BitBake writes it */
static const char trap_code[] =
	"#!/bin/sh\n"
	"\n"
	"__BITBAKE_LAST_LINE=0\n"
	"\n"
	"# Emit a useful diagnostic if something fails:\n"
	"bb_sh_exit_handler() {\n"
	"    ret=$?\n"
	"    if [ \"$ret\" != 0 ]; then\n"
	"        echo \"WARNING: exit code $ret from a shell command.\"\n"
	"    fi\n"
	"    exit $ret\n"
	"}\n"
	"\n"
	"bb_bash_exit_handler() {\n"
	"    ret=$?\n"
	"    { set +x; } > /dev/null\n"
	"    trap \"\" DEBUG\n"
	"    if [ \"$ret\" != 0 ]; then\n"
	"        echo \"WARNING: ${BASH_SOURCE[0]}:${__BITBAKE_LAST_LINE} exit $ret from '$1'\"\n"
	"\n"
	"        echo \"WARNING: Backtrace (BB generated script): \"\n"
	"        for i in $(seq 1 $((${#FUNCNAME[@]} - 1))); do\n"
	"            if [ \"$i\" -eq 1 ]; then\n"
	"                echo -e \"\t#$((i)): ${FUNCNAME[$i]}, ${BASH_SOURCE[$((i-1))]}, line ${__BITBAKE_LAST_LINE}\"\n"
	"            else\n"
	"                echo -e \"\t#$((i)): ${FUNCNAME[$i]}, ${BASH_SOURCE[$((i-1))]}, line ${BASH_LINENO[$((i-1))]}\"\n"
	"            fi\n"
	"        done\n"
	"    fi\n"
	"    exit $ret\n"
	"}\n"
	"\n"
	"bb_bash_debug_handler() {\n"
	"    local line=${BASH_LINENO[0]}\n"
	"    # For some reason the DEBUG trap trips with lineno=1 when scripts exit; ignore it\n"
	"    if [ \"$line\" -eq 1 ]; then\n"
	"        return\n"
	"    fi\n"
	"\n"
	"    # Track the line number of commands as they execute. This is so we can have access to the failing line number\n"
	"    # in the EXIT trap. See http://gnu-bash.2382.n7.nabble.com/trap-echo-quot-trap-exit-on-LINENO-quot-EXIT-gt-wrong-linenumber-td3666.html\n"
	"    if [ \"${FUNCNAME[1]}\" != \"bb_bash_exit_handler\" ]; then\n"
	"        __BITBAKE_LAST_LINE=$line\n"
	"    fi\n"
	"}\n"
	"\n"
	"case $BASH_VERSION in\n"
	"\"\") trap 'bb_sh_exit_handler' 0\n"
	"    set -e\n"
	"    ;;\n"
	"*)  trap 'bb_bash_exit_handler \"$BASH_COMMAND\"' 0\n"
	"    trap '{ bb_bash_debug_handler; } 2>/dev/null' DEBUG\n"
	"    set -e\n"
	"    shopt -s extdebug\n"
	"    ;;\n"
	"esac\n";

bool
runscript_true(const char *s)
{
	static const char *const yes[] = { "1", "yes", "y", "true", "t", "on" };

	if (!s)
		return false;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!strcasecmp(s, yes[i]))
			return true;
	return false;
}

void
runscript_quote_dq(struct bb_buf *out, const char *s)
{
	bb_buf_addch(out, '"');
	for (; *s; s++) {
		/* emit_var's escapes: " ` $, and newlines as continuations; a
		   backslash stays as it is, as BitBake writes it */
		if (*s == '"' || *s == '`' || *s == '$')
			bb_buf_addch(out, '\\');
		if (*s == '\n')
			bb_buf_addstr(out, " \\");
		bb_buf_addch(out, *s);
	}
	bb_buf_addch(out, '"');
}

void
runscript_quote_sq(struct bb_buf *out, const char *s)
{
	bb_buf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			bb_buf_addstr(out, "'\\''");
		else
			bb_buf_addch(out, *s);
	}
	bb_buf_addch(out, '\'');
}

static char *
flag(struct bb_data *d, const char *var, const char *name)
{
	char *v = NULL;

	if (bb_data_get_flag(d, var, name, false, false, false, &v) < 0) {
		bb_data_clear_error(d);
		return NULL;
	}
	return v;
}

bool
runscript_flag_true(struct bb_data *d, const char *var, const char *name)
{
	return runscript_true(bb_data_flag_raw(d, var, name));
}

static bool
is_shell_func(struct bb_data *d, const char *var)
{
	return runscript_flag_true(d, var, "func") && !runscript_flag_true(d, var, "python");
}

int
runscript_data_error(struct bb_data *d, struct bb_error *err)
{
	bb_error(err, NULL, "%s", bb_data_error(d));
	bb_data_clear_error(d);
	return -1;
}

/*
 * the names one function refers to as build.py's emit_func follows them: the
 * commands its body runs, as BitBake's ShellParser finds them, and its
 * [vardeps]
 */
static int
func_refs(struct bb_data *d, const char *func, struct bb_strvec *refs, struct bb_error *err)
{
	struct bb_error sherr = BB_ERROR_INIT;
	char *body = NULL, *vardeps = NULL;
	int ret = 0;

	if (bb_data_get(d, func, true, &body) < 0 ||
	    bb_data_get_flag(d, func, "vardeps", true, false, false, &vardeps) < 0) {
		free(body);
		return runscript_data_error(d, err);
	}
	if (bb_shell_execs(body ? body : "", refs, &sherr) < 0)
		ret = bb_error(err, NULL, "function '%s': %s", func, sherr.msg);
	else if (vardeps)
		bb_strvec_split(refs, vardeps);
	bb_error_clear(&sherr);
	free(body);
	free(vardeps);
	return ret;
}

int
runscript_deps(struct bb_data *d, const char *func, struct bb_strvec *out, struct bb_error *err)
{
	struct bb_strvec seen = BB_STRVEC_INIT, round = BB_STRVEC_INIT;
	int ret = func_refs(d, func, &round, err);

	/* as emit_func: the task itself is not "seen" (a body that runs it
	   writes it again) */
	while (!ret && round.n) {
		struct bb_strvec next = BB_STRVEC_INIT;

		bb_strvec_sort(&round);
		for (size_t i = 0; i < round.n; i++)
			bb_strvec_pushdup(&seen, round.v[i]);
		for (size_t i = 0; i < round.n && !ret; i++) {
			if (!is_shell_func(d, round.v[i]))
				continue;
			bb_strvec_pushdup(out, round.v[i]);
			ret = func_refs(d, round.v[i], &next, err);
		}
		bb_strvec_clear(&round);
		for (size_t i = 0; i < next.n; i++)
			if (!bb_strvec_has(&seen, next.v[i]))
				bb_strvec_pushdup(&round, next.v[i]);
		bb_strvec_clear(&next);
	}
	bb_strvec_clear(&round);
	bb_strvec_clear(&seen);
	return ret;
}

/* a value bblang could not compute: a comment in the script, a warning by name */
static void
not_written(struct bb_data *d, const char *var, const char *why, struct bb_buf *out)
{
	bb_buf_addf(out, "# %s not written: %s\n", var, why);
	bb_data_warn(d, NULL, "exported variable '%s' not written: %s", var, why);
}

/* a warning of bblang's "FILE:LINE: warning: inline python not evaluated in 'VAR': WHY: 'CODE'" */
struct py_warning {
	char *where, *var, *why, *code;
};

static bool
parse_py_warning(const char *w, struct py_warning *pw)
{
	const char *tag = "inline python not evaluated in '", *at = strstr(w, ": warning: ");
	const char *v = strstr(w, tag), *ve, *c;

	if (!v)
		return false;
	v += strlen(tag);
	if (!(ve = strstr(v, "': ")) || !(c = strstr(ve + 3, ": '${@")))
		return false;
	pw->where = at && at < v ? xstrndup(w, (size_t)(at - w)) : NULL;
	pw->var = xstrndup(v, (size_t)(ve - v));
	pw->why = xstrndup(ve + 3, (size_t)(c - ve - 3));
	pw->code = xstrndup(c + 3, strlen(c + 3) - (strlen(c + 3) && c[strlen(c) - 1] == '\'' ? 1 : 0));
	return true;
}

static void
py_warning_release(struct py_warning *pw)
{
	free(pw->where);
	free(pw->var);
	free(pw->why);
	free(pw->code);
}

/* whether text refers to ${name} or ${name:...} or ${name[...]}: the variable a warning names */
static bool
refers_to(const char *text, const char *var)
{
	size_t n = strcspn(var, ":[");

	for (const char *p = text; (p = strstr(p, "${")); p += 2)
		if (!strncmp(p + 2, var, n) && strchr("}:[", p[2 + n]))
			return true;
	return false;
}

/*
 * the error for a value the task needs that still holds inline python bblang
 * could not evaluate (the shell would take "${@...}" for a bad substitution,
 * or run it): names the value, and where the python was set and why bblang
 * left it, from bblang's warning for it; raw is the value before expansion
 */
static int
needs_python(struct bb_data *d, const char *what, const char *name, const struct bb_loc *loc,
	const char *val, const char *raw, struct bb_error *err)
{
	struct py_warning best = { 0 }, pw;
	int rank = 0;

	for (size_t i = 0; i < bb_data_nwarnings(d) && rank < 2; i++) {
		int r;

		if (!parse_py_warning(bb_data_warning(d, i), &pw))
			continue;
		r = !strstr(val, pw.code) ? 0 :
		    (!strncmp(pw.var, name, strcspn(pw.var, ":[")) &&
		     !name[strcspn(pw.var, ":[")]) || (raw && refers_to(raw, pw.var)) ? 2 : 1;
		if (r > rank) {
			py_warning_release(&best);
			best = pw;
			rank = r;
		} else {
			py_warning_release(&pw);
		}
	}
	if (!rank) {
		const char *p = strstr(val, "${@");
		int n = p ? (int)strcspn(p, "\n") : 0;

		return bb_error(err, loc, "%s '%s' holds inline python that pgo-run cannot "
			"evaluate ('%.*s'): the shell would run it as text", what, name, n > 60 ? 60 : n,
			p ? p : "");
	}
	bb_error(err, loc, "%s '%s' holds inline python that pgo-run cannot evaluate: %s in %s%s%s "
		"(%s): the shell would run it as text", what, name, best.code, best.var,
		best.where ? ", set at " : "", best.where ? best.where : "", best.why);
	py_warning_release(&best);
	return -1;
}

/* emit_var for a variable: "export VAR=..." or "unset VAR" or nothing */
static int
emit_var(struct bb_data *d, const char *var, struct bb_buf *out, struct bb_error *err)
{
	bool exp = runscript_flag_true(d, var, "export");
	bool unexp = runscript_flag_true(d, var, "unexport");
	char *val = NULL;
	int st, ret = 0;

	if ((!exp && !unexp) || strpbrk(var, "-.{}+") || !strcmp(var, "PWD") ||
	    !strncmp(var, "BASH_FUNC_", 10))
		return 0;
	if ((st = bb_data_get_checked(d, var, "_content", &val)) < 0) {
		char *why = xasprintf("its expansion failed: %s", bb_data_error(d));

		bb_data_clear_error(d);
		not_written(d, var, why, out);
		free(why);
		return 0;
	}
	if (unexp)
		/* the value is not needed: "unset" whatever it holds */
		bb_buf_addf(out, "unset %s\n", var);
	else if (val && st == 1)
		ret = needs_python(d, "exported variable", var, bb_data_loc(d, var), val, NULL, err);
	else if (val) {
		bb_buf_addf(out, "export %s=", var);
		runscript_quote_dq(out, val);
		bb_buf_addch(out, '\n');
	}
	free(val);
	return ret;
}

static int
emit_vars(struct bb_data *d, struct bb_buf *out, struct bb_error *err)
{
	size_t n;
	const char **keys = bb_data_keys(d, &n);
	int ret = 0;

	for (size_t i = 0; i < n && !ret; i++)
		if (strncmp(keys[i], "__", 2) && !runscript_flag_true(d, keys[i], "func"))
			ret = emit_var(d, keys[i], out, err);
	free(keys);
	return ret;
}

static int
emit_func(struct bb_data *d, const char *func, struct bb_buf *out, struct bb_error *err)
{
	char *body = NULL, *line = flag(d, func, "lineno"), *file = flag(d, func, "filename");
	struct bb_loc loc = { file, line ? (unsigned)strtoul(line, NULL, 10) : 0 };
	size_t n;
	int st = bb_data_get_checked(d, func, "_content", &body);

	if (st < 0) {
		free(line);
		free(file);
		return runscript_data_error(d, err);
	}
	if (st == 1 && body) {
		const char *raw = bb_data_flag_raw(d, func, "_content");
		char *rawv = NULL;

		if (!raw && bb_data_get(d, func, false, &rawv) < 0)
			bb_data_clear_error(d);
		st = needs_python(d, "function", func, file ? &loc : NULL, body, raw ? raw : rawv,
			err);
		free(rawv);
		free(body);
		free(line);
		free(file);
		return st;
	}
	n = body ? strlen(body) : 0;
	while (n && body[n - 1] == '\n')
		n--;
	bb_buf_addf(out, "# line: %s, file: %s\n%s() {\n%.*s\n}\n\n", line ? line : "None",
		file ? file : "None", func, (int)n, body ? body : "");
	free(body);
	free(line);
	free(file);
	return 0;
}

int
runscript_build(struct bb_data *d, const char *func, const char *cwd, struct bb_buf *out,
	struct bb_error *err)
{
	struct bb_strvec deps = BB_STRVEC_INIT;
	int ret;

	bb_buf_addstr(out, trap_code);
	if (emit_vars(d, out, err) < 0)
		return -1;
	bb_buf_addch(out, '\n');
	ret = emit_func(d, func, out, err);
	if (!ret)
		ret = runscript_deps(d, func, &deps, err);
	for (size_t i = 0; i < deps.n && !ret; i++)
		ret = emit_func(d, deps.v[i], out, err);
	bb_strvec_clear(&deps);
	if (ret)
		return -1;
	if (cwd) {
		bb_buf_addstr(out, "cd ");
		runscript_quote_sq(out, cwd);
		bb_buf_addch(out, '\n');
	}
	bb_buf_addf(out, "%s\n\n# cleanup\nret=$?\ntrap '' 0\nexit $ret\n", func);
	return 0;
}

static int
sys_error(struct bb_error *err, const char *what, int e)
{
	return bb_error(err, NULL, "%s: %s", what, strerror(e));
}

/* copies the child's output to the log and to stdout until it closes */
static int
tee_output(int in, int logfd, struct bb_error *err)
{
	char buf[8192];
	int ret = 0;

	for (;;) {
		ssize_t n = read(in, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return sys_error(err, "reading the task's output", errno);
		if (n == 0)
			return ret;
		if (bb_write_all(logfd, buf, (size_t)n) < 0 && !ret)
			ret = sys_error(err, "writing the task log", errno);
		/* stdout going away (a closed terminal) must not stop the task */
		bb_write_all(STDOUT_FILENO, buf, (size_t)n);
	}
}

/* the result of proc_finish() as runscript_exec() returns it */
static int
finish(struct proc *p, int *status, struct bb_error *err)
{
	int st = proc_finish(p);

	if (st < 0)
		return sys_error(err, "waitpid", errno);
	*status = st;
	return 0;
}

int
runscript_exec(const char *script, int logfd, bool tee, int *status, struct bb_error *err)
{
	const char *argv[] = { "/bin/sh", script, NULL };
	struct bb_error spawn_err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;
	int ret;

	p.argv = argv;
	/* bitbake-worker empties the environment: the task has the run file's
	   exports only */
	p.env_only = true;
	p.in = PROC_NULL;
	p.out = tee ? PROC_PIPE : PROC_FD;
	p.out_fd = tee ? -1 : logfd;
	p.err = PROC_STDOUT;
	if (proc_start(&p, &spawn_err) < 0) {
		bb_error(err, NULL, "cannot run %s", spawn_err.msg);
		bb_error_clear(&spawn_err);
		return -1;
	}
	if (!tee)
		return finish(&p, status, err);
	ret = tee_output(p.out_fd, logfd, err);
	if (finish(&p, status, err) < 0)
		return -1;
	return ret;
}
