/*
 * pyexpr: the subset of python expressions found in "${@ ... }" inline code
 *
 * There is no interpreter: the evaluator knows str, int, bool, None, lists,
 * tuples and dicts, the python operators on them, a few builtins (int, str,
 * bool, len, any, all, sorted), the str methods conf files use, and helpers
 * from bb.utils, oe.utils, oe.types, os.path, os.uname and time.  Anything
 * else is refused with BB_PY_UNSUPPORTED rather than guessed.
 *
 * Differences from python: sets have no defined order there, so
 * oe.utils.set_intersect and both_contain join their results in the order
 * of the first operand.  Integers are 64-bit; overflow is unsupported.
 *
 * Lifecycle:
 * 1. fill a struct bb_py_env with the getvar callback and its context
 * 2. call bb_py_eval for each "${@...}" body
 * 3. on BB_PY_OK append out to the value, otherwise report why
 */
#ifndef BB_PYEXPR_H
#define BB_PYEXPR_H

#include <stdbool.h>
#include <stddef.h>

#include "bblang/buf.h"

enum bb_py_status {
	BB_PY_OK = 0,          /* out holds str(value) */
	BB_PY_UNSUPPORTED = 1, /* outside the subset: why says what (e.g. "unsupported call 'os.getcwd'") */
	BB_PY_RAISE = 2,       /* real Python would raise: why holds e.g. "ValueError: invalid literal for int() with base 10: 'x'" */
	BB_PY_ERROR = -1,      /* a getvar callback failed; why holds its message */
};

struct bb_py_env {
	/* look up a variable as d.getVar(name, expand) would; *val = NULL when unset,
	   else a malloc'd string the evaluator frees; return -1 on error with *err a malloc'd message,
	   1 when the value holds inline python left unevaluated (the code is then not evaluated) */
	int (*getvar)(void *ctx, const char *name, bool expand, char **val, char **err);
	/* whether name is a python function of the metadata (may be NULL) */
	bool (*isfunc)(void *ctx, const char *name);
	void *ctx;
	/* d.getVarFlag(name, flag, expand), as getvar (may be NULL: no flags) */
	int (*getflag)(void *ctx, const char *name, const char *flag, bool expand, char **val,
		char **err);
};

/* limits: nesting of the expression and size of any string built */
#define BB_PY_MAX_DEPTH 200
#define BB_PY_MAX_STR (16u << 20)

/* evaluate the python expression code[0..len) (the text between "${@" and "}");
   appends str(value) to out on BB_PY_OK, else a one-line reason to why */
int bb_py_eval(const struct bb_py_env *env, const char *code, size_t len, struct bb_buf *out, struct bb_buf *why);

/* bb.utils.vercmp_part: <0, 0 or >0 as version a sorts before, with or after b */
int bb_vercmp_part(const char *a, const char *b);

#endif
