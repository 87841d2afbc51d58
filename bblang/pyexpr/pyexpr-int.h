/*
 * pyexpr-int: the evaluator's types and the functions its files share; internal
 * to bblang/pyexpr/, whose one public header is pyexpr.h
 *
 * lex.c       whitespace, numbers, the lexer
 * val.c       errors, the arena, values, str() and repr(), subscripts, iteration,
 *             equality
 * ops.c       comparisons, arithmetic, % formatting
 * str.c       word sets, str methods, builtins
 * lib.c       d.getVar, bb.utils, bb.parse, and the helpers liboe.c shares
 * liboe.c     oe.types, oe.utils, oe.packagegroup, oe.reproducible
 * libos.c     os.path, os, time, bb.utils.which
 * names.c     global names, scopes, attributes, calls
 * def.c       python functions of the metadata: a statement interpreter
 * pyexpr.c    the parser, which evaluates as it goes, and bb_py_eval
 */
#ifndef BB_PYEXPR_INT_H
#define BB_PYEXPR_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "bblang/buf.h"
#include "pyexpr.h"

#define ARENA_MAX (128u << 20)
#define WORK_MAX (1ull << 32)

enum pt {
	T_NONE, T_BOOL, T_INT, T_STR, T_LIST, T_TUPLE, T_DICT,
	T_FUNC, T_MOD, T_UNAME, T_TIME,
	T_DEF,			/* a python function of the metadata: s, n is its name */
	T_MATCH,		/* what re.match found: only its truth is known */
};

enum mod { M_D, M_BB, M_BB_UTILS, M_OE, M_OE_UTILS, M_OE_TYPES, M_OS, M_OS_PATH, M_TIME,
	M_BB_PARSE, M_OE_REPRODUCIBLE, M_OE_DATA, M_OE_PACKAGEGROUP, M_RE };

struct ev;
struct pv;
/* a builtin function or method: self the value it is bound to, a[0..n) its arguments */
typedef struct pv *py_builtin(struct ev *ev, struct pv *self, struct pv **a, size_t n);
typedef py_builtin *func_impl;

/* the owner of a builtin that is no module's */
enum { OWNER_STR = -1, OWNER_BUILTIN = -2 };

struct func {
	int owner;		/* the module (enum mod) it is an attribute of, or OWNER_* */
	const char *name;
	func_impl impl;
	const char *params;	/* space separated; a leading '*' takes any positional */
	unsigned char nreq, nmax;
	bool kw;		/* keywords accepted */
	bool exact;		/* we know the whole signature: binding errors raise */
};

/* values are immutable and live in the evaluation's arena */
struct pv {
	enum pt t;
	long long i;		/* bool, int, module, time */
	size_t n;		/* bytes of a str, items of a sequence, pairs of a dict */
	const char *s;
	struct pv **v;		/* items; a dict holds key, value, key, value... */
	const struct func *fn;
	struct pv *self;
};

enum tk { K_END, K_NL, K_NAME, K_INT, K_STR, K_OP };
enum { O_EQ = 256, O_NE, O_LE, O_GE, O_FDIV, O_POW, O_OTHER };

struct tok {
	enum tk k;
	int op;
	const char *p;
	size_t n;
	struct pv *v;
};

/* the token is the keyword (or name) kw; the token is the operator op */
static inline bool
py_tok_is(const struct tok *t, const char *kw)
{
	return t->k == K_NAME && t->n == strlen(kw) && !memcmp(t->p, kw, t->n);
}

static inline bool
py_tok_op(const struct tok *t, int op)
{
	return t->k == K_OP && t->op == op;
}

struct args {
	struct pv **pos;
	size_t npos;
	struct pv **kw;		/* names as str values */
	struct pv **kwv;
	size_t nkw;
};

struct vec {
	struct pv **v;
	size_t n, a;
};

/* the names a function or a comprehension binds; vals[i] is NULL while
   names[i] (a str value) is a local of the function not yet assigned */
struct scope {
	struct scope *up;
	bool fn;		/* a function's: names outside are globals only */
	struct vec names, vals;
};

struct ev {
	const struct bb_py_env *env;
	struct bb_buf *why;
	int status;
	bool lenient;		/* describing a value for a message: never fail */
	struct tok *tok;
	size_t ntok, pos;
	int skip, depth;
	void **mem;
	size_t nmem, amem, bytes;
	/* the block small allocations are cut from, and what is left of it */
	unsigned char *blk;
	size_t blk_left;
	unsigned long long work;
	struct scope *scope;	/* innermost; NULL in the inline code itself */
	/* runs a python function of the metadata (T_DEF): def.c's py_call_def */
	struct pv *(*call_def)(struct ev *ev, struct pv *f, const struct args *ar);
};

enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_IN, C_NOTIN, C_IS, C_ISNOT };

/* word sets (python set() of str.split() results) */

struct word {
	const char *s;
	size_t n, at;
	bool first;
};

struct words {
	struct word *w;
	size_t n;
};

/* None, False and True are singletons */
extern struct pv py_none, py_false, py_true;

/* val.c: errors, the arena, values, str() and repr(), subscripts, iteration, equality */
void py_vfail_str(struct ev *ev, const char *msg);
/* sets ev's status (BB_PY_*) and reason, unless one is set already; returns NULL */
struct pv *py_fail(struct ev *ev, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* outside the subset, or what python would raise ("TypeError: ...") */
#define py_unsup(ev, ...) py_fail(ev, BB_PY_UNSUPPORTED, __VA_ARGS__)
#define pyraise(ev, ...) py_fail(ev, BB_PY_RAISE, __VA_ARGS__)
void py_track(struct ev *ev, void *p);
void *py_alloc(struct ev *ev, size_t n);
int py_spend(struct ev *ev, size_t n);
const char *py_find(struct ev *ev, const char *s, size_t n, const struct pv *t);
struct pv *py_newv(struct ev *ev, enum pt t);
struct pv *py_mkint(struct ev *ev, long long i);
struct pv *py_mkbool(bool b);
struct pv *py_mksub(struct ev *ev, const char *s, size_t n);
struct pv *py_mkstr(struct ev *ev, size_t n, char **p);
struct pv *py_mkcopy(struct ev *ev, const char *s, size_t n);
struct pv *py_mkseq(struct ev *ev, enum pt t, size_t n);
struct pv *py_mkbuf(struct ev *ev, struct bb_buf *b);
int py_vec_push(struct ev *ev, struct vec *vc, struct pv *x);
struct pv *py_vec_seq(struct ev *ev, struct vec *vc, enum pt t);
const char *py_tname(const struct pv *v);
bool py_isnum(const struct pv *v);
bool py_isseq(const struct pv *v);
bool py_opaque(const struct pv *v);
bool py_truthy(const struct pv *v);
const char *py_describe(struct ev *ev, struct pv *v);
int py_to_str(struct ev *ev, struct pv *v, struct bb_buf *b, bool repr);
struct pv *py_str_of(struct ev *ev, struct pv *v);
struct pv *py_subscript(struct ev *ev, struct pv *v, struct pv *idx);
struct pv *py_slice(struct ev *ev, struct pv *v, struct pv *lo, struct pv *hi, struct pv *st);
struct pv **py_iter_items(struct ev *ev, struct pv *v, size_t *n);
bool py_is_ascii(const char *s, size_t n);
/* code points in s[0..n) */
size_t py_cp_len(const char *s, size_t n);
int py_hashable(struct ev *ev, struct pv *v);
/* index of key in dict d, or -1; -2 on error */
long py_dict_find(struct ev *ev, struct pv *d, struct pv *key);
int py_eq(struct ev *ev, struct pv *a, struct pv *b);

/* lex.c: whitespace, numbers, the lexer */
/* s[0..n) is a word of list (" a b c "), a string literal: its words are indexed once */
bool py_word_in(const char *list, const char *s, size_t n);
void py_strip_ws(const char *s, size_t *start, size_t *end);
struct pv *py_int_of_str(struct ev *ev, struct pv *v);
int py_float_of(struct ev *ev, struct pv *v, double *out);
int py_lex(struct ev *ev, const char *s, size_t n);

/* ops.c: comparisons, arithmetic, % formatting */
int py_cmp(struct ev *ev, struct pv *a, struct pv *b, const char *op, int *res);
struct pv *py_compare(struct ev *ev, int op, struct pv *a, struct pv *b);
struct pv *py_binop(struct ev *ev, int op, struct pv *a, struct pv *b);
struct pv *py_unary(struct ev *ev, int op, struct pv *a);

/* str.c: word sets, str methods, builtins */
int py_word_cmp(const void *pa, const void *pb);
int py_words_of(struct ev *ev, const char *s, size_t n, struct words *ws);
int py_word_strcmp(const struct word *w, const char *s, size_t n);
bool py_words_has(const struct words *ws, const char *s, size_t n);
/* whether w[0..wn) is one of the whitespace-separated words of s[0..n): no set built */
bool py_str_has_word(const char *s, size_t n, const char *w, size_t wn);
struct pv *py_words_join(struct ev *ev, struct word *w, size_t n);
py_builtin py_m_split, py_m_rsplit, py_m_strip, py_m_lstrip, py_m_rstrip, py_m_replace,
	py_m_lower, py_m_upper, py_m_startswith, py_m_endswith, py_m_find, py_m_removeprefix,
	py_m_removesuffix, py_m_join, py_f_int, py_f_str, py_f_bool, py_f_len, py_f_any, py_f_all,
	py_f_sorted;
struct pv *py_do_case(struct ev *ev, struct pv *self, bool up);
bool py_affix_match(struct pv *self, struct pv *x, bool end);

/* lib.c: d.getVar, bb.utils, bb.parse; the datastore and word-set helpers */
bool py_is_d(const struct pv *v);
struct pv *py_need_d(struct ev *ev, struct pv *d);
struct pv *py_dvar(struct ev *ev, struct pv *name);
struct pv *py_getflag(struct ev *ev, struct pv *name, struct pv *flag, bool expand);
struct pv *py_mkname(struct ev *ev, const char *prefix, const struct pv *rest);
int py_check_words(struct ev *ev, struct pv *cv, struct words *out, bool *other);
int py_var_words(struct ev *ev, struct pv *name, struct words *ws);
struct pv *py_lowered(struct ev *ev, struct pv *s);
int py_vercmp_string(struct ev *ev, struct pv *a, struct pv *b, long long *res);
struct pv *py_getvar(struct ev *ev, struct pv *name, bool expand);
py_builtin py_d_getvar, py_bb_contains, py_bb_contains_any, py_bb_filter, py_bb_to_boolean,
	py_bb_vercmp_string, py_oe_types_boolean, py_oe_conditional, py_oe_vartrue,
	py_oe_less_or_equal, py_oe_version_less_or_equal, py_oe_both_contain, py_oe_set_intersect,
	py_oe_set_difference, py_oe_filter_default_features, py_oe_prune_suffix,
	py_bb_vars_from_file, py_oe_ifelse, py_oe_cpu_count, py_oe_epochfile_read, py_os_basename,
	py_os_dirname, py_bb_which, py_os_join, py_os_normpath, py_os_uname, py_d_getvarflag,
	py_oe_all_multilib_tune_values, py_oe_typed_value, py_oe_required_packages,
	py_oe_optional_packages, py_oe_packages, py_os_getpid, py_os_getuid, py_os_getgid,
	py_time_gmtime, py_time_strftime, py_re_match;
struct pv *py_attr_error(struct ev *ev, struct pv *v, const char *name);
/* names.c: the module "import NAME" binds, or NULL (with nothing raised) for one we do not know */
struct pv *py_import(struct ev *ev, const char *name, size_t len);

/* names.c: global names, scopes, attributes, calls */
struct pv *py_get_attr(struct ev *ev, struct pv *v, const char *name, size_t len);
struct pv *py_lookup(struct ev *ev, const char *name, size_t len);
struct pv *py_call_value(struct ev *ev, struct pv *f, const struct args *ar);
/* index of name in sc, or -1 */
long py_scope_find(const struct scope *sc, const char *name, size_t len);
/* binds name (a str value) to v (NULL: declared, unbound) in sc */
int py_scope_set(struct ev *ev, struct scope *sc, struct pv *name, struct pv *v);
/* whether f is a builtin that consumes a generator by iterating it once */
bool py_takes_generator(const struct pv *f);

/* def.c: calls of python functions of the metadata (entry.c makes it ev->call_def) */
struct pv *py_call_def(struct ev *ev, struct pv *f, const struct args *ar);

/* pyexpr.c: the parser; code[0..len) (universal newlines) evaluated as bb_py_eval's
   expression, with the entry points def.c uses */
struct pv *py_evaluate(struct ev *ev, const char *code, size_t len);
/* lex code (checked: no nul byte, valid utf-8) into a fresh ev->tok */
int py_lex_code(struct ev *ev, const char *code, size_t len);
/* an expression at ev->pos (a tuple display too when tuple), evaluated unless ev->skip */
struct pv *py_parse_expr(struct ev *ev, bool tuple);
/* binds the names of tokens [a, b) (NAME or NAME, NAME...) to v in sc, unpacking v
   when there is more than one */
int py_bind_target(struct ev *ev, struct scope *sc, size_t a, size_t b, struct pv *v);

#endif
