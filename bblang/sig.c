/*
 * what a task's signature covers: bb.data.build_dependencies for each name,
 * followed from the task as siggen's gendeps follows it
 */
#include <stdlib.h>
#include <string.h>

#include "bblang/shell.h"
#include "bblang/sig.h"
#include "bblang/strvec.h"

/* the python calls whose first argument, a string, names a variable read */
static const char *const py_readers[] = {
	"getVar(", "getVarFlag(", "getVarFlags(", "bb.utils.contains(",
	"bb.utils.contains_any(", "bb.utils.filter(", "oe.utils.conditional(",
	"oe.utils.vartrue(", "oe.utils.less_or_equal(", "oe.utils.both_contain(", NULL
};

struct walk {
	struct bb_data *d;
	struct bb_strvec ignored, exported;
	struct bb_error *err;
};

static bool
var_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		(c && strchr("-_+./~:", c));
}

static void
add_name(struct bb_strvec *v, const char *s, size_t n)
{
	char *name = xstrndup(s, n);

	if (bb_strvec_has(v, name))
		free(name);
	else
		bb_strvec_push(v, name);
}

/* the names python code reads: the quoted first argument of py_readers */
static void
py_refs(const char *code, struct bb_strvec *refs)
{
	for (size_t i = 0; py_readers[i]; i++)
		for (const char *p = code; (p = strstr(p, py_readers[i])); p++) {
			const char *q = p + strlen(py_readers[i]), *e;

			while (*q == ' ')
				q++;
			if ((*q == '\'' || *q == '"') && (e = strchr(q + 1, *q)) && e > q + 1)
				add_name(refs, q + 1, (size_t)(e - q - 1));
		}
}

/*
 * expandWithRefs' references: the ${NAME} of s, and the names its ${@...}
 * reads (the values they name are expanded apart, their references not kept)
 */
static void
direct_refs(const char *s, struct bb_strvec *refs)
{
	for (const char *p = s; (p = strstr(p, "${")); p += 2) {
		size_t n = 0;

		while (var_char(p[2 + n]))
			n++;
		if (n && p[2 + n] == '}')
			add_name(refs, p + 2, n);
	}
	if (strstr(s, "${@"))
		py_refs(s, refs);
}

static bool
flag_true(struct bb_data *d, const char *var, const char *flag)
{
	const char *v = bb_data_flag_raw(d, var, flag);

	return v && *v && strcmp(v, "0");
}

/* var[flag] expanded, split into words appended to out */
static void
flag_words(struct bb_data *d, const char *var, const char *flag, struct bb_strvec *out)
{
	char *v = NULL;

	if (bb_data_get_flag(d, var, flag, true, false, false, &v) < 0)
		bb_data_clear_error(d);
	if (v)
		bb_strvec_split(out, v);
	free(v);
}

/* whether var is a key of d (BitBake's "keys & execs") */
static bool
is_set(struct bb_data *d, const char *var)
{
	char *v = NULL;
	bool set;

	if (bb_data_get(d, var, false, &v) < 0)
		bb_data_clear_error(d);
	set = v != NULL;
	free(v);
	return set;
}

/* a shell function's commands that are variables, from its expanded value */
static int
shell_deps(struct walk *w, const char *key, struct bb_strvec *deps)
{
	struct bb_strvec execs = BB_STRVEC_INIT;
	struct bb_error sherr = BB_ERROR_INIT;
	char *body = NULL;
	int ret = 0;

	if (bb_data_get(w->d, key, true, &body) < 0)
		bb_data_clear_error(w->d);
	if (bb_shell_execs(body ? body : "", &execs, &sherr) < 0)
		ret = bb_error(w->err, NULL, "function '%s': %s", key, sherr.msg);
	for (size_t i = 0; i < execs.n; i++)
		if (is_set(w->d, execs.v[i]))
			add_name(deps, execs.v[i], strlen(execs.v[i]));
	for (size_t i = 0; i < w->exported.n; i++)
		add_name(deps, w->exported.v[i], strlen(w->exported.v[i]));
	flag_words(w->d, key, "prefuncs", deps);
	flag_words(w->d, key, "postfuncs", deps);
	bb_error_clear(&sherr);
	bb_strvec_clear(&execs);
	free(body);
	return ret;
}

/* the flags of key outside BB_SIGNATURE_EXCLUDE_FLAGS, as "KEY[flag]" */
static void
flag_deps(struct walk *w, const char *key, const char *excl, struct bb_strvec *deps)
{
	size_t n;
	const char **flags = bb_data_flags(w->d, key, &n);

	for (size_t i = 0; i < n; i++)
		if (!bb_words_has(excl, flags[i]) && flags[i][0] != '_') {
			char *f = xasprintf("%s[%s]", key, flags[i]);

			add_name(deps, f, strlen(f));
			free(f);
		}
	free(flags);
}

/* build_dependencies: key's value (into *value) and its dependencies */
static int
key_deps(struct walk *w, const char *key, const char *excl, char **value,
	struct bb_strvec *deps)
{
	struct bb_strvec ex = BB_STRVEC_INIT, all = BB_STRVEC_INIT;
	const char *br = strchr(key, '[');
	int ret = 0;

	if (br) {
		char *var = xstrndup(key, (size_t)(br - key)), *flag = xstrndup(br + 1,
			strlen(br + 1) - 1);

		*value = bb_data_flag_raw(w->d, var, flag) ? xstrdup(bb_data_flag_raw(w->d, var,
			flag)) : NULL;
		free(var);
		free(flag);
		if (*value)
			direct_refs(*value, deps);
		return 0;
	}
	if (bb_data_flag_raw(w->d, key, "vardepvalue"))
		bb_data_get_flag(w->d, key, "vardepvalue", true, false, false, value);
	else if (bb_data_get(w->d, key, false, value) < 0)
		return bb_error(w->err, NULL, "%s", bb_data_error(w->d));
	if (*value)
		direct_refs(*value, &all);
	if (flag_true(w->d, key, "func") && !flag_true(w->d, key, "python"))
		ret = shell_deps(w, key, &all);
	else if (flag_true(w->d, key, "func") && *value)
		py_refs(*value, &all);
	if (excl)
		flag_deps(w, key, excl, &all);
	flag_words(w->d, key, "vardeps", &all);
	flag_words(w->d, key, "vardepsexclude", &ex);
	for (size_t i = 0; i < all.n; i++)
		if (!bb_strvec_has(&ex, all.v[i]) && !bb_strvec_has(&w->ignored, all.v[i]))
			add_name(deps, all.v[i], strlen(all.v[i]));
	bb_strvec_clear(&ex);
	bb_strvec_clear(&all);
	return ret;
}

static void
exported_vars(struct bb_data *d, struct bb_strvec *out)
{
	size_t n;
	const char **keys = bb_data_keys(d, &n);

	for (size_t i = 0; i < n; i++)
		if (flag_true(d, keys[i], "export") && !flag_true(d, keys[i], "unexport"))
			bb_strvec_pushdup(out, keys[i]);
	free(keys);
}

int
bb_task_sigdata(struct bb_data *d, const char *task, struct bb_buf *out, struct bb_error *err)
{
	struct walk w = { d, BB_STRVEC_INIT, BB_STRVEC_INIT, err };
	struct bb_strvec todo = BB_STRVEC_INIT, lines = BB_STRVEC_INIT;
	char *ignored = NULL, *excl = NULL;
	int ret = 0;

	if (bb_data_get(d, "BB_BASEHASH_IGNORE_VARS", true, &ignored) < 0 ||
	    bb_data_get(d, "BB_SIGNATURE_EXCLUDE_FLAGS", true, &excl) < 0) {
		free(ignored);
		bb_error(err, NULL, "%s", bb_data_error(d));
		bb_data_clear_error(d);
		return -1;
	}
	bb_strvec_split(&w.ignored, ignored ? ignored : "");
	exported_vars(d, &w.exported);
	bb_strvec_pushdup(&todo, task);
	/* todo grows as it is walked: every name once */
	for (size_t i = 0; i < todo.n && !ret; i++) {
		char *value = NULL;

		ret = key_deps(&w, todo.v[i], excl, &value, &todo);
		bb_strvec_push(&lines, xasprintf("%s: %s", todo.v[i], value ? value : ""));
		free(value);
	}
	bb_strvec_sort(&lines);
	for (size_t i = 0; i < lines.n && !ret; i++)
		bb_buf_addf(out, "%s\n", lines.v[i]);
	bb_strvec_clear(&lines);
	bb_strvec_clear(&todo);
	bb_strvec_clear(&w.ignored);
	bb_strvec_clear(&w.exported);
	free(ignored);
	free(excl);
	return ret;
}
