/*
 * statements to datastore, after lib/bb/parse/ast.py, and the file-level
 * handlers: include, require, include_all, inherit (ConfHandler.include,
 * BBHandler.inherit)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "data-int.h"
#include "os.h"
#include "parse.h"
#include "strvec.h"

#define MAX_FILE (64u << 20)
#define MAX_INCLUDE_DEPTH 64

/* handle() result when the file does not exist (Python's ENOENT) */
#define NOT_FOUND 1

static int handle(struct bb_data *d, const char *fn, const struct bb_loc *from);

static int
expand(struct bb_data *d, const char *s, char **out)
{
	return bb_data_expand(d, s, NULL, out);
}

/* DataNode.getFunc */
static int
current(struct bb_data *d, const struct bb_stmt *s, char **out)
{
	if (s->flag)
		return bb_data_get_flag(d, s->var, s->flag, false, true, false, out);
	return bb_data_get_flag(d, s->var, "_content", false, true, true, out);
}

static int
assigned_value(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc, char **val)
{
	char *cur = NULL, *name;
	int ret = 0;

	*val = NULL;
	if (s->op == BB_OP_IMMEDIATE) {
		name = xasprintf("%s[:=]", s->var);
		ret = bb_data_expand(d, s->value, name, val);
		free(name);
		return ret;
	}
	if (s->op != BB_OP_SET && s->op != BB_OP_WEAK_DEFAULT && current(d, s, &cur) < 0)
		return -1;
	switch (s->op) {
	case BB_OP_DEFAULT:
		*val = cur ? cur : xstrdup(s->value);
		return 0;
	case BB_OP_APPEND:
		*val = xstrcat(cur ? cur : "", " ", s->value, NULL);
		break;
	case BB_OP_PREPEND:
		*val = xstrcat(s->value, " ", cur ? cur : "", NULL);
		break;
	case BB_OP_POSTDOT:
		*val = xstrcat(cur ? cur : "", s->value, NULL);
		break;
	case BB_OP_PREDOT:
		*val = xstrcat(s->value, cur ? cur : "", NULL);
		break;
	default:
		*val = xstrdup(s->value);
		break;
	}
	free(cur);
	return 0;
}

static int
eval_data(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	char *val, *flag = NULL;
	int ret;

	if (s->exported)
		bb_data_set_flag(d, s->var, "export", "1", loc);
	/* the statement's text is the datastore's now (bb_stmts_eval): pointed to */
	if (s->op == BB_OP_SET && !s->flag)
		return data_set_lent(d, s->var, s->value, loc);
	if (assigned_value(d, s, loc, &val) < 0)
		return -1;
	if ((s->op == BB_OP_APPEND || s->op == BB_OP_PREPEND || s->op == BB_OP_POSTDOT ||
	     s->op == BB_OP_PREDOT || s->op == BB_OP_DEFAULT) &&
	    (strstr(s->var, ":append") || strstr(s->var, ":remove") ||
	     strstr(s->var, ":prepend")))
		bb_data_warn(d, loc, "'%s' used with this operator is not a recommended operator "
			"combination", s->var);
	if (s->flag && s->op == BB_OP_WEAK_DEFAULT) {
		flag = xstrcat("_defaultval_flag_", s->flag, NULL);
		ret = bb_data_set_flag_take(d, s->var, flag, val, loc);
		free(flag);
	} else if (s->flag) {
		ret = bb_data_set_flag_take(d, s->var, s->flag, val, loc);
	} else if (s->op == BB_OP_WEAK_DEFAULT) {
		ret = bb_data_set_flag_take(d, s->var, "_defaultval", val, loc);
	} else {
		ret = bb_data_set_take(d, s->var, val, true, loc);
	}
	return ret;
}

static char *
bbpath(struct bb_data *d)
{
	char *p = NULL;

	if (bb_data_get(d, "BBPATH", true, &p) < 0) {
		bb_data_clear_error(d);
		return NULL;
	}
	return p;
}

/* ConfHandler.include_single_file */
static int
include_one(struct bb_data *d, const struct bb_loc *loc, const char *fn, const char *verb)
{
	char *path = xstrdup(fn);
	int ret;

	if (!strcmp(loc->file, fn)) {
		free(path);
		return 0;
	}
	if (fn[0] != '/') {
		char *dir = bb_path_dirname(loc->file), *bp = bbpath(d);
		char *search = xasprintf("%s:%s", dir, bp ? bp : "None");
		char *found = bb_path_which(search, fn);

		if (found) {
			free(path);
			path = found;
		}
		free(search);
		free(bp);
		free(dir);
	}
	ret = handle(d, path, loc);
	if (ret == NOT_FOUND) {
		ret = 0;
		if (verb)
			ret = bb_data_fail(d, loc, "could not %s file '%s'", verb, path);
	}
	free(path);
	return ret;
}

static int
include_files(struct bb_data *d, const struct bb_loc *loc, const char *fns, const char *verb)
{
	struct bb_strvec files = BB_STRVEC_INIT;
	char *e;
	int ret = 0;

	if (expand(d, fns, &e) < 0)
		return -1;
	bb_strvec_split(&files, e);
	for (size_t i = 0; i < files.n && !ret; i++)
		ret = include_one(d, loc, files.v[i], verb);
	bb_strvec_clear(&files);
	free(e);
	return ret;
}

static int
eval_include(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	char *e;
	int ret;

	if (expand(d, s->var, &e) < 0)
		return -1;
	ret = include_files(d, loc, e, s->kind == BB_ST_REQUIRE ? "include required" : NULL);
	free(e);
	return ret;
}

static int
eval_include_all(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	struct bb_strvec dirs = BB_STRVEC_INIT;
	char *e, *bp;
	int ret = 0;

	if (expand(d, s->var, &e) < 0)
		return -1;
	bp = bbpath(d);
	if (!bp) {
		free(e);
		return bb_data_fail(d, loc, "include_all '%s': BBPATH is not set", s->var);
	}
	bb_strvec_splitc(&dirs, bp, ':');
	for (size_t i = 0; i < dirs.n && !ret; i++) {
		char *j = bb_path_join(dirs.v[i], e);

		ret = include_files(d, loc, j, NULL);
		free(j);
	}
	bb_strvec_clear(&dirs);
	free(bp);
	free(e);
	return ret;
}

/* AddFragmentsNode: builtin fragments (machine/..., distro/...) and layer fragments */
static int
builtin_fragment(struct bb_data *d, const char *f, const char *builtins, const struct bb_loc *loc,
	bool *done)
{
	struct bb_strvec pairs = BB_STRVEC_INIT;
	const char *slash = strchr(f, '/');
	int ret = 0;

	*done = false;
	if (!slash)
		return bb_data_fail(d, loc, "malformed fragment name '%s'", f);
	bb_strvec_split(&pairs, builtins);
	for (size_t i = 0; i < pairs.n && !*done; i++) {
		char *colon = strchr(pairs.v[i], ':');
		char *cur = NULL;

		if (!colon || (size_t)(colon - pairs.v[i]) != (size_t)(slash - f) ||
		    strncmp(pairs.v[i], f, (size_t)(slash - f)))
			continue;
		*done = true;
		if (bb_data_get_flag(d, colon + 1, "_content", true, true, false, &cur) < 0) {
			ret = -1;
		} else if (cur) {
			ret = bb_data_fail(d, loc, "builtin fragment '%s' is used while '%s' is "
				"already assigned", f, colon + 1);
		} else {
			ret = bb_data_set(d, colon + 1, slash + 1, true, loc);
		}
		free(cur);
	}
	bb_strvec_clear(&pairs);
	return ret;
}

/*
 * addpylib DIR NAMESPACE imports Python modules for the metadata's Python
 * code, which is not run here: the directory is expanded (as BitBake does),
 * the datastore stays as it is
 */
static int
eval_addpylib(struct bb_data *d, const struct bb_stmt *s)
{
	char *dir = NULL;
	int ret = bb_data_expand(d, s->value, NULL, &dir);

	free(dir);
	return ret;
}

static int
eval_addfragments(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	struct bb_strvec frags = BB_STRVEC_INIT;
	char *skip = NULL, *fr = NULL, *builtins = NULL;
	int ret = -1;

	if (bb_data_get(d, "_BB_SKIP_FRAGMENTS", true, &skip) < 0)
		return -1;
	if (skip && !strcmp(skip, "1")) {
		free(skip);
		return 0;
	}
	if (bb_data_get(d, s->extra[0], true, &fr) < 0 ||
	    bb_data_get(d, s->extra[2], true, &builtins) < 0)
		goto out;
	bb_strvec_split(&frags, fr ? fr : "");
	ret = 0;
	for (size_t i = 0; i < frags.n && !ret; i++) {
		bool done;

		ret = builtin_fragment(d, frags.v[i], builtins ? builtins : "", loc, &done);
		if (!ret && !done)
			ret = bb_data_fail(d, loc, "fragment '%s': layer fragments need BBLAYERS, "
				"which conf parsing does not have", frags.v[i]);
	}
out:
	bb_strvec_clear(&frags);
	free(skip);
	free(fr);
	free(builtins);
	return ret;
}

static char *
anon_name(const struct bb_loc *loc)
{
	char *n = xasprintf("__anon_%u_%s", loc->line, loc->file);

	for (char *p = n; *p; p++)
		if (strchr("/.+-@%&~", *p))
			*p = '_';
	return n;
}

static char *
line_str(unsigned line)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", line);
	return xstrdup(buf);
}

/* MethodNode.eval */
static int
eval_method(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	char *name = xstrdup(s->var), *text = xstrdup(s->value), *old = NULL, *ln;
	bool python = s->python;
	struct bb_loc at = { loc->file, s->body_line };
	int ret;

	if (!strcmp(name, "__anonymous")) {
		char *t;

		free(name);
		name = anon_name(loc);
		t = xstrcat("def ", name, "(d):\n", text, NULL);
		free(text);
		text = t;
		python = true;
		bb_data_list_add(d, "__BBANONFUNCS", "_content", name, false);
	}
	if (bb_data_get_flag(d, name, "_content", false, false, false, &old) == 0 && old && *old) {
		bb_data_del_flag(d, name, "python");
		bb_data_del_flag(d, name, "fakeroot");
	}
	bb_data_clear_error(d);
	if (python)
		bb_data_set_flag(d, name, "python", "1", loc);
	if (s->fakeroot)
		bb_data_set_flag(d, name, "fakeroot", "1", loc);
	bb_data_set_flag(d, name, "func", "1", loc);
	ret = bb_data_set(d, name, text, true, &at);
	bb_data_set_flag(d, name, "filename", loc->file, loc);
	ln = line_str(s->body_line);
	bb_data_set_flag(d, name, "lineno", ln, loc);
	free(ln);
	free(old);
	free(name);
	free(text);
	return ret;
}

static int
eval_pymethod(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	struct bb_loc at = { loc->file, s->body_line + 1 };
	char *ln = line_str(s->body_line);
	int ret;

	bb_data_set_flag(d, s->var, "func", "1", loc);
	bb_data_set_flag(d, s->var, "python", "1", loc);
	ret = bb_data_set(d, s->var, s->value, true, &at);
	bb_data_set_flag(d, s->var, "filename", loc->file, loc);
	bb_data_set_flag(d, s->var, "lineno", ln, loc);
	free(ln);
	return ret;
}

static void
copy_flag(struct bb_data *d, const char *from, const char *to, const char *flag)
{
	char *v = NULL;

	if (bb_data_get_flag(d, from, flag, false, false, false, &v) == 0 && v && *v)
		bb_data_set_flag(d, to, flag, v, bb_data_loc(d, from));
	free(v);
}

/* ExportFuncsNode.eval */
static int
eval_export_funcs(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	static const char sentinel[] = "    # Export function set\n";
	struct bb_strvec fns = BB_STRVEC_INIT;
	int ret = 0;

	bb_strvec_split(&fns, s->value);
	for (size_t i = 0; i < fns.n && !ret; i++) {
		const char *fn = fns.v[i];
		char *called = xasprintf("%s_%s", s->var, fn), *base = NULL, *py = NULL, *body;

		bb_data_get_flag(d, fn, "_content", false, false, false, &base);
		if (base && *base && !strstr(base, sentinel)) {
			free(base);
			free(called);
			continue;
		}
		if (base && *base) {
			bb_data_del_flag(d, fn, "python");
			bb_data_del_flag(d, fn, "func");
		}
		copy_flag(d, called, fn, "func");
		copy_flag(d, called, fn, "python");
		copy_flag(d, fn, called, "dirs");
		copy_flag(d, fn, called, "cleandirs");
		copy_flag(d, fn, called, "fakeroot");
		bb_data_set_flag(d, fn, "filename", "autogenerated", loc);
		bb_data_set_flag(d, fn, "lineno", "1", loc);
		bb_data_get_flag(d, called, "python", false, false, false, &py);
		if (py && *py) {
			body = xasprintf("%s    bb.build.exec_func('%s', d)\n", sentinel, called);
		} else if (strchr(s->var, '-')) {
			body = NULL;
			ret = bb_data_fail(d, loc, "class '%s' contains a dash and exports shell "
				"function '%s'", s->var, called);
		} else {
			body = xasprintf("%s    %s\n", sentinel, called);
		}
		if (body)
			ret = bb_data_set(d, fn, body, true, loc);
		free(body);
		free(py);
		free(base);
		free(called);
	}
	bb_data_clear_error(d);
	bb_strvec_clear(&fns);
	return ret;
}

static char *
do_task_name(const char *t)
{
	return strncmp(t, "do_", 3) ? xasprintf("do_%s", t) : xstrdup(t);
}

/* bb.build.addtask */
static int
eval_addtask(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	struct bb_strvec tasks = BB_STRVEC_INIT, before = BB_STRVEC_INIT, after = BB_STRVEC_INIT;

	bb_strvec_split(&tasks, s->value);
	bb_strvec_split(&before, s->extra[0]);
	bb_strvec_split(&after, s->extra[1]);
	for (size_t i = 0; i < tasks.n; i++) {
		char *t = do_task_name(tasks.v[i]);

		bb_data_set_flag(d, t, "task", "1", loc);
		if (!bb_data_list_has(d, "__BBTASKS", "_content", t))
			bb_data_list_add(d, "__BBTASKS", "_content", t, false);
		if (!var_flag(data_find(d, t), "deps"))
			bb_data_set_flag(d, t, "deps", "", loc);
		for (size_t j = 0; j < after.n; j++) {
			char *a = do_task_name(after.v[j]);

			if (!bb_data_list_has(d, t, "deps", a))
				bb_data_list_add(d, t, "deps", a, false);
			free(a);
		}
		for (size_t j = 0; j < before.n; j++) {
			char *b = do_task_name(before.v[j]);

			if (!bb_data_list_has(d, b, "deps", t))
				bb_data_list_add(d, b, "deps", t, true);
			free(b);
		}
		free(t);
	}
	bb_strvec_clear(&tasks);
	bb_strvec_clear(&before);
	bb_strvec_clear(&after);
	return 0;
}

/* bb.build.deltask */
static int
eval_deltask(struct bb_data *d, const struct bb_stmt *s)
{
	struct bb_strvec tasks = BB_STRVEC_INIT, all = BB_STRVEC_INIT;
	struct flag *f;
	char *e;

	if (expand(d, s->value, &e) < 0)
		return -1;
	bb_strvec_split(&tasks, e);
	for (size_t i = 0; i < tasks.n; i++) {
		char *t = do_task_name(tasks.v[i]);

		if (bb_data_list_has(d, "__BBTASKS", "_content", t)) {
			bb_data_list_remove(d, "__BBTASKS", "_content", t);
			bb_data_del_flag(d, t, "task");
		}
		bb_data_del_flag(d, t, "deps");
		f = var_flag(data_find(d, "__BBTASKS"), "_content");
		bb_strvec_clear(&all);
		bb_strvec_split(&all, f ? f->val : "");
		for (size_t j = 0; j < all.n; j++)
			if (bb_data_list_has(d, all.v[j], "deps", t))
				bb_data_list_remove(d, all.v[j], "deps", t);
		free(t);
	}
	bb_strvec_clear(&all);
	bb_strvec_clear(&tasks);
	free(e);
	return 0;
}

static int
eval_addhandler(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	struct bb_strvec hs = BB_STRVEC_INIT;

	bb_strvec_split(&hs, s->value);
	for (size_t i = 0; i < hs.n; i++) {
		bb_data_list_add(d, "__BBHANDLERS", "_content", hs.v[i], false);
		bb_data_set_flag(d, hs.v[i], "handler", "1", loc);
	}
	bb_strvec_clear(&hs);
	return 0;
}

/* finds a class as BBHandler.inherit does: classes-TYPE/, then classes/ in BBPATH */
static char *
find_class(struct bb_data *d, const char *name)
{
	char *type = NULL, *bp = bbpath(d), *found = NULL;
	const char *dirs[2];
	char *first;

	bb_data_get_flag(d, "__bbclasstype", "_content", false, false, true, &type);
	first = xasprintf("classes-%s", type ? type : "None");
	dirs[0] = first;
	dirs[1] = "classes";
	for (int i = 0; i < 2 && !found; i++) {
		char *file = xstrdup(name);
		size_t n = strlen(name);

		if (name[0] != '/' && (n < 8 || strcmp(name + n - 8, ".bbclass"))) {
			free(file);
			file = xasprintf("%s/%s.bbclass", dirs[i], name);
		}
		if (file[0] != '/') {
			/* a relative name is looked up in BBPATH only (bb.parse's
			 * resolve_file), never in the current directory */
			char *abs = bb_path_which(bp ? bp : "None", file);

			free(file);
			file = abs;
		}
		if (file && bb_path_exists(file))
			found = file;
		else
			free(file);
	}
	free(first);
	free(type);
	free(bp);
	return found;
}

static int
inherit_one(struct bb_data *d, const char *name, const struct bb_loc *loc)
{
	char *file = find_class(d, name);
	int ret;

	if (!file) {
		if (d->inherit_warn) {
			bb_data_warn(d, loc, "could not inherit class '%s'", name);
			return 0;
		}
		return bb_data_fail(d, loc, "could not inherit class '%s'", name);
	}
	if (bb_data_list_has(d, "__inherit_cache", "_content", file)) {
		free(file);
		return 0;
	}
	bb_data_list_add(d, "__inherit_cache", "_content", file, false);
	ret = handle(d, file, loc);
	if (ret == NOT_FOUND)
		ret = bb_data_fail(d, loc, "could not inherit class '%s'", file);
	free(file);
	return ret;
}

/* __BBDEFINHERITS: the inherit_defer expressions, unexpanded, one per line (BitBake
   keeps a list of them: an expression may hold spaces, inline python say) */
static int
defer_inherit(struct bb_data *d, const char *expr)
{
	char *v = NULL, *nv;

	if (bb_data_get_flag(d, "__BBDEFINHERITS", "_content", false, false, true, &v) < 0)
		return -1;
	nv = v && *v ? xstrcat(v, "\n", expr, NULL) : xstrdup(expr);
	free(v);
	return bb_data_set_take(d, "__BBDEFINHERITS", nv, false, NULL);
}

static int
eval_inherit(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	struct bb_strvec files = BB_STRVEC_INIT, defer = BB_STRVEC_INIT;
	char *e, *dv = NULL;
	int ret = 0;

	if (s->kind == BB_ST_INHERIT_DEFER)
		return defer_inherit(d, s->value);
	if (expand(d, s->value, &e) < 0)
		return -1;
	bb_strvec_split(&files, e);
	for (size_t i = 0; i < files.n && !ret; i++) {
		if (bb_data_get(d, "BB_DEFER_BBCLASSES", true, &dv) < 0)
			ret = -1;
		bb_strvec_clear(&defer);
		bb_strvec_split(&defer, dv ? dv : "");
		free(dv);
		dv = NULL;
		if (!ret && bb_strvec_has(&defer, files.v[i]))
			ret = defer_inherit(d, files.v[i]);
		else if (!ret)
			ret = inherit_one(d, files.v[i], loc);
	}
	bb_strvec_clear(&defer);
	bb_strvec_clear(&files);
	free(e);
	return ret;
}

/* ast.finalize: the deferred inherits, in order, each expanded when its turn comes */
int
bb_inherit_deferred(struct bb_data *d)
{
	struct bb_loc loc = { "(deferred inherits)", 0 };
	int ret = 0;

	while (!ret) {
		struct bb_strvec q = BB_STRVEC_INIT, files = BB_STRVEC_INIT;
		char *v = NULL, *e = NULL;

		bb_data_get_flag(d, "__BBDEFINHERITS", "_content", false, false, true, &v);
		if (v && *v)
			bb_strvec_splitc(&q, v, '\n');
		free(v);
		if (!q.n) {
			bb_strvec_clear(&q);
			break;
		}
		bb_data_set_take(d, "__BBDEFINHERITS", bb_strvec_join(&q, 1, "\n"), false, NULL);
		ret = expand(d, q.v[0], &e);
		if (!ret)
			bb_strvec_split(&files, e);
		for (size_t i = 0; i < files.n && !ret; i++)
			ret = inherit_one(d, files.v[i], &loc);
		bb_strvec_clear(&files);
		bb_strvec_clear(&q);
		free(e);
	}
	return ret;
}

static int
eval_stmt(struct bb_data *d, const struct bb_stmt *s, const struct bb_loc *loc)
{
	switch (s->kind) {
	case BB_ST_DATA:
		return eval_data(d, s, loc);
	case BB_ST_INCLUDE:
	case BB_ST_REQUIRE:
		return eval_include(d, s, loc);
	case BB_ST_INCLUDE_ALL:
		return eval_include_all(d, s, loc);
	case BB_ST_EXPORT:
		return bb_data_set_flag(d, s->var, "export", "1", loc);
	case BB_ST_UNSET:
		bb_data_del(d, s->var);
		return 0;
	case BB_ST_UNSET_FLAG:
		bb_data_del_flag(d, s->var, s->flag);
		return 0;
	case BB_ST_ADDFRAGMENTS:
		return eval_addfragments(d, s, loc);
	case BB_ST_ADDPYLIB:
		return eval_addpylib(d, s);
	case BB_ST_METHOD:
		return eval_method(d, s, loc);
	case BB_ST_PYMETHOD:
		return eval_pymethod(d, s, loc);
	case BB_ST_EXPORT_FUNCS:
		return eval_export_funcs(d, s, loc);
	case BB_ST_ADDTASK:
		return eval_addtask(d, s, loc);
	case BB_ST_DELTASK:
		return eval_deltask(d, s);
	case BB_ST_ADDHANDLER:
		return eval_addhandler(d, s, loc);
	case BB_ST_INHERIT:
	case BB_ST_INHERIT_DEFER:
		return eval_inherit(d, s, loc);
	}
	return 0;
}

int
bb_stmts_eval(struct bb_data *d, struct bb_stmts *st)
{
	struct bb_loc saved = d->cur;

	/* values are pointed to where they were parsed: d keeps the text */
	data_keep(d, st->chunks, st->nchunks);
	st->chunks = NULL;
	st->nchunks = st->used = st->room = 0;

	for (size_t i = 0; i < st->n; i++) {
		struct bb_loc loc = { st->file, st->v[i].line };

		d->cur = loc;
		if (eval_stmt(d, &st->v[i], &loc) < 0) {
			if (!strstr(bb_data_error(d), ": error: ")) {
				char *m = xstrdup(bb_data_error(d));

				bb_data_clear_error(d);
				bb_data_fail(d, &loc, "%s", m);
				free(m);
			}
			d->cur = saved;
			return -1;
		}
	}
	d->cur = saved;
	return 0;
}

static bool
has_ext(const char *fn, const char *ext)
{
	size_t n = strlen(fn), e = strlen(ext);

	return n >= e && !strcmp(fn + n - e, ext);
}

/* resolve_file: a relative name is looked up in BBPATH */
static int
resolve(struct bb_data *d, const char *fn, char **abs)
{
	*abs = NULL;
	if (fn[0] != '/') {
		char *bp = bbpath(d);

		*abs = bb_path_which(bp ? bp : "None", fn);
		free(bp);
		if (!*abs)
			return NOT_FOUND;
	} else {
		*abs = xstrdup(fn);
	}
	if (!bb_path_isfile(*abs)) {
		free(*abs);
		*abs = NULL;
		return NOT_FOUND;
	}
	return 0;
}

static int
load(struct bb_data *d, const char *abs, const struct bb_loc *from, bool recipe,
	struct bb_stmts *st)
{
	char *text;
	size_t len;
	int err = bb_read_file(abs, MAX_FILE, &text, &len);

	if (err == ENOENT)
		return NOT_FOUND;
	if (err)
		return bb_data_fail(d, from, "cannot read '%s': %s", abs, strerror(err));
	return bb_parse_buf(d, abs, text, len, recipe, st);
}

/* the files being parsed, by normalized path: "a/../b.conf" is "b.conf" */
static int
enter(struct bb_data *d, const char *abs, const struct bb_loc *from)
{
	char *norm = bb_path_norm(abs);
	int ret = 0;

	if (bb_strvec_has(&d->parsing, norm))
		ret = bb_data_fail(d, from, "include recursion: '%s' includes itself", norm);
	else if (d->parsing.n >= MAX_INCLUDE_DEPTH)
		ret = bb_data_fail(d, from, "includes nested deeper than %d files",
			MAX_INCLUDE_DEPTH);
	if (ret) {
		free(norm);
		return ret;
	}
	bb_strvec_push(&d->parsing, norm);
	return 0;
}

static void
leave(struct bb_data *d)
{
	free(d->parsing.v[--d->parsing.n]);
}

static int
set_file(struct bb_data *d, const char *val)
{
	return bb_data_set(d, "FILE", val, false, NULL);
}

/* bb.parse.handle with include set: ConfHandler or BBHandler by extension */
static int
handle(struct bb_data *d, const char *fn, const struct bb_loc *from)
{
	bool conf = has_ext(fn, ".conf"), cls = has_ext(fn, ".bbclass");
	/* a .bbappend is parsed as BitBake parses it after its recipe */
	bool recipe = has_ext(fn, ".bb") || cls || has_ext(fn, ".inc") || has_ext(fn, ".bbappend");
	struct bb_stmts st;
	char *abs = NULL, *old = NULL;
	int ret;

	if (!conf && !recipe)
		return bb_data_fail(d, from, "'%s': not a BitBake file", fn);
	if (cls && !bb_data_list_has(d, "__inherit_cache", "_content", fn))
		bb_data_list_add(d, "__inherit_cache", "_content", fn, false);
	if (bb_data_get(d, "FILE", false, &old) < 0)
		return -1;
	ret = resolve(d, fn, &abs);
	if (!ret)
		ret = enter(d, abs, from);
	if (ret) {
		free(abs);
		free(old);
		return ret;
	}
	ret = load(d, abs, from, recipe, &st);
	if (!ret) {
		bool setfile = conf || (!cls && (!old || strcmp(abs, old)));

		if (setfile)
			set_file(d, abs);
		ret = bb_stmts_eval(d, &st);
		if (!ret && setfile && old && *old && (conf || strcmp(abs, old)))
			set_file(d, old);
		bb_stmts_release(&st);
	}
	leave(d);
	free(abs);
	free(old);
	return ret;
}

int
bb_parse_file(struct bb_data *d, const char *path)
{
	char *abs = bb_path_abs(path);
	struct bb_loc loc = { NULL, 0 };
	int ret = handle(d, abs, &loc);

	if (ret == NOT_FOUND)
		ret = bb_data_fail(d, NULL, "cannot open '%s': %s", path, strerror(ENOENT));
	free(abs);
	return ret;
}

int
bb_parse_recipe(struct bb_data *d, const char *path)
{
	bb_data_del(d, "FILE");
	return bb_parse_file(d, path);
}

int
bb_data_expand_keys(struct bb_data *d)
{
	struct bb_strvec from = BB_STRVEC_INIT, to = BB_STRVEC_INIT;
	size_t n;
	const char **keys = bb_data_keys_with(d, "${", &n);
	int ret = 0;

	for (size_t i = 0; i < n; i++) {
		char *e;

		if (bb_data_expand(d, keys[i], NULL, &e) < 0) {
			ret = -1;
			break;
		}
		if (!strcmp(e, keys[i])) {
			free(e);
			continue;
		}
		bb_strvec_pushdup(&from, keys[i]);
		bb_strvec_push(&to, e);
	}
	free(keys);
	for (size_t i = 0; i < from.n && !ret; i++) {
		char *nv = NULL, *ov = NULL;

		bb_data_get(d, to.v[i], false, &nv);
		if (nv && bb_data_get(d, from.v[i], false, &ov) == 0 && ov)
			bb_data_warn(d, NULL, "variable key '%s' (%s) replaces original key '%s' (%s)",
				from.v[i], ov, to.v[i], nv);
		bb_data_clear_error(d);
		free(nv);
		free(ov);
		ret = bb_data_rename(d, from.v[i], to.v[i]);
	}
	bb_strvec_clear(&from);
	bb_strvec_clear(&to);
	return ret;
}
