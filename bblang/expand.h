/*
 * ${VAR} and ${@...} expansion of a string, as data_smart's expandWithRefs
 * does it: a ${VAR} pass, then a ${@...} pass, until the string no longer
 * changes; an unknown ${X} stays as it is, and inline python that pyexpr
 * cannot evaluate stays as it is too, reported through the environment.
 *
 * The expander knows no datastore: a struct bb_expand_env says how to look
 * a variable up and where errors and reports go (getvar.c fills one from a
 * struct bb_data, whose getVarFlag is what looks the variables up).
 */
#ifndef BB_EXPAND_H
#define BB_EXPAND_H

#include <stddef.h>
#include <string.h>

#include "pyexpr/pyexpr.h"
#include "util.h"

/* an expansion may not build a value larger than this */
#define BB_EXPAND_MAX (16u << 20)

struct bb_expand_env {
	/*
	 * the value of ${name}: *view, or NULL when name is unset, is valid until
	 * the next lookup; *owned (may be NULL) is freed by the expander; -1 on
	 * an error, which the callback has set in err; 1 when the value holds
	 * inline python left unevaluated (python reading it is not evaluated)
	 */
	int (*lookup)(void *ctx, const char *name, const char **view, char **owned);
	/* "${@code}" (code[0..len)) was left as it is in varname (may be NULL): why says why */
	void (*unevaluated)(void *ctx, const char *varname, const char *code, size_t len,
		const char *why);
	/* d.getVar for the inline python */
	struct bb_py_env py;
	void *ctx;
	struct bb_error *err;
};

/*
 * expands s, taking it (it is freed, or becomes *out, the caller's); varname
 * (may be NULL) names the value in errors and catches a self reference;
 * 0, 1 when *out holds inline python left unevaluated (or text built from
 * it: python that reads such a value is not evaluated either), or -1 with
 * env->err set
 */
int bb_expand_take(const struct bb_expand_env *env, char *s, const char *varname, char **out);

/* the first "${" in s, or NULL: strstr's answer, found by the '$' alone first */
static inline const char *
bb_find_ref(const char *s)
{
	while ((s = strchr(s, '$')) && s[1] != '{')
		s++;
	return s;
}

#endif
