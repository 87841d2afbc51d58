/* pyexpr/names.c: global names, attributes of modules and str, and calls */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/util.h"

/* names */

#define P_CONTAINS "variable checkvalues truevalue falsevalue d"
#define P_CONDITIONAL "variable checkvalue truevalue falsevalue d"

static const struct func funcs[] = {
	{ OWNER_BUILTIN, "int", py_f_int, "x base", 0, 2, false, false },
	{ OWNER_BUILTIN, "str", py_f_str, "object", 0, 1, false, false },
	{ OWNER_BUILTIN, "bool", py_f_bool, "x", 0, 1, false, true },
	{ OWNER_BUILTIN, "len", py_f_len, "obj", 1, 1, false, true },
	{ OWNER_BUILTIN, "any", py_f_any, "iterable", 1, 1, false, true },
	{ OWNER_BUILTIN, "all", py_f_all, "iterable", 1, 1, false, true },
	{ OWNER_BUILTIN, "sorted", py_f_sorted, "iterable", 1, 1, false, false },
	{ M_D, "getVar", py_d_getvar, "var expand noweakdefault parsing", 1, 4, true, true },
	{ M_D, "getVarFlag", py_d_getvarflag, "var flag expand", 2, 3, true, true },
	{ M_BB_PARSE, "vars_from_file", py_bb_vars_from_file, "mypkg d", 2, 2, true, true },
	{ M_BB_UTILS, "contains", py_bb_contains, P_CONTAINS, 5, 5, true, true },
	{ M_BB_UTILS, "contains_any", py_bb_contains_any, P_CONTAINS, 5, 5, true, true },
	{ M_BB_UTILS, "filter", py_bb_filter, "variable checkvalues d", 3, 3, true, true },
	{ M_BB_UTILS, "to_boolean", py_bb_to_boolean, "string default", 1, 2, true, true },
	{ M_BB_UTILS, "vercmp_string", py_bb_vercmp_string, "a b", 2, 2, true, true },
	{ M_BB_UTILS, "which", py_bb_which,
		"path item direction history executable", 2, 5, true, true },
	{ M_OE_DATA, "typed_value", py_oe_typed_value, "key d", 2, 2, true, true },
	{ M_OE_PACKAGEGROUP, "required_packages", py_oe_required_packages,
		"features d", 2, 2, true, true },
	{ M_OE_PACKAGEGROUP, "optional_packages", py_oe_optional_packages,
		"features d", 2, 2, true, true },
	{ M_OE_PACKAGEGROUP, "packages", py_oe_packages, "features d", 2, 2, true, true },
	{ M_OE_REPRODUCIBLE, "epochfile_read", py_oe_epochfile_read,
		"epochfile d", 2, 2, true, true },
	{ M_OE_UTILS, "conditional", py_oe_conditional, P_CONDITIONAL, 5, 5, true, true },
	{ M_OE_UTILS, "vartrue", py_oe_vartrue, "var iftrue iffalse d", 4, 4, true, true },
	{ M_OE_UTILS, "less_or_equal", py_oe_less_or_equal, P_CONDITIONAL, 5, 5, true, true },
	{ M_OE_UTILS, "version_less_or_equal", py_oe_version_less_or_equal,
		P_CONDITIONAL, 5, 5, true, true },
	{ M_OE_UTILS, "both_contain", py_oe_both_contain,
		"variable1 variable2 checkvalue d", 4, 4, true, true },
	{ M_OE_UTILS, "set_intersect", py_oe_set_intersect,
		"variable1 variable2 d", 3, 3, true, true },
	{ M_OE_UTILS, "set_difference", py_oe_set_difference,
		"variable1 variable2 d", 3, 3, true, true },
	{ M_OE_UTILS, "prune_suffix", py_oe_prune_suffix, "var suffixes d", 3, 3, true, true },
	{ M_OE_UTILS, "ifelse", py_oe_ifelse, "condition iftrue iffalse", 1, 3, true, true },
	{ M_OE_UTILS, "cpu_count", py_oe_cpu_count, "at_least at_most", 0, 2, true, true },
	{ M_OE_UTILS, "all_multilib_tune_values", py_oe_all_multilib_tune_values,
		"d var unique need_split delim", 2, 5, true, true },
	{ M_OE_UTILS, "filter_default_features", py_oe_filter_default_features,
		"varname d", 2, 2, true, true },
	{ M_OE_TYPES, "boolean", py_oe_types_boolean, "value", 1, 1, true, true },
	{ M_OS, "uname", py_os_uname, "", 0, 0, false, true },
	{ M_OS, "getpid", py_os_getpid, "", 0, 0, false, true },
	{ M_OS, "getuid", py_os_getuid, "", 0, 0, false, true },
	{ M_OS, "getgid", py_os_getgid, "", 0, 0, false, true },
	{ M_OS_PATH, "dirname", py_os_dirname, "p", 1, 1, true, true },
	{ M_OS_PATH, "basename", py_os_basename, "p", 1, 1, true, true },
	{ M_OS_PATH, "join", py_os_join, "*a", 1, 0, false, true },
	{ M_OS_PATH, "normpath", py_os_normpath, "path", 1, 1, true, true },
	{ M_TIME, "gmtime", py_time_gmtime, "secs", 0, 1, false, false },
	{ M_TIME, "strftime", py_time_strftime, "format t", 1, 2, false, false },
	{ M_RE, "match", py_re_match, "pattern string flags", 2, 3, true, true },
	{ OWNER_STR, "split", py_m_split, "sep maxsplit", 0, 2, true, true },
	{ OWNER_STR, "rsplit", py_m_rsplit, "sep maxsplit", 0, 2, true, true },
	{ OWNER_STR, "strip", py_m_strip, "chars", 0, 1, false, true },
	{ OWNER_STR, "lstrip", py_m_lstrip, "chars", 0, 1, false, true },
	{ OWNER_STR, "rstrip", py_m_rstrip, "chars", 0, 1, false, true },
	{ OWNER_STR, "replace", py_m_replace, "old new count", 2, 3, false, false },
	{ OWNER_STR, "lower", py_m_lower, "", 0, 0, false, true },
	{ OWNER_STR, "upper", py_m_upper, "", 0, 0, false, true },
	{ OWNER_STR, "startswith", py_m_startswith, "prefix start end", 1, 3, false, true },
	{ OWNER_STR, "endswith", py_m_endswith, "suffix start end", 1, 3, false, true },
	{ OWNER_STR, "join", py_m_join, "iterable", 1, 1, false, true },
	{ OWNER_STR, "find", py_m_find, "sub start end", 1, 3, false, true },
	{ OWNER_STR, "removeprefix", py_m_removeprefix, "prefix", 1, 1, false, true },
	{ OWNER_STR, "removesuffix", py_m_removesuffix, "suffix", 1, 1, false, true },
};

/* a submodule, an attribute of a module or (globals) a global name */
struct attr {
	int mod;		/* the owner: a module, or -1 for the globals */
	const char *name;
	int sub;
};

static const struct attr attrs[] = {
	{ M_BB, "utils", M_BB_UTILS },
	{ M_BB, "parse", M_BB_PARSE },
	{ M_OE, "utils", M_OE_UTILS },
	{ M_OE, "types", M_OE_TYPES },
	{ M_OE, "reproducible", M_OE_REPRODUCIBLE },
	{ M_OE, "data", M_OE_DATA },
	{ M_OE, "packagegroup", M_OE_PACKAGEGROUP },
	{ M_OS, "path", M_OS_PATH },
};

static const struct attr globals[] = {
	{ -1, "d", M_D },
	{ -1, "bb", M_BB },
	{ -1, "oe", M_OE },
	{ -1, "os", M_OS },
	{ -1, "time", M_TIME },
};

static const char *const mod_names[] = {
	"d", "bb", "bb.utils", "oe", "oe.utils", "oe.types", "os", "os.path", "time", "bb.parse",
	"oe.reproducible", "oe.data", "oe.packagegroup", "re",
};

/* python builtins and bitbake's global modules: never looked up in the datastore */
static const char builtin_names[] =
	" abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr"
	" classmethod compile complex copyright credits delattr dict dir divmod enumerate eval"
	" exec exit filter float format frozenset getattr globals hasattr hash help hex id input"
	" int isinstance issubclass iter len license list locals map max memoryview min next"
	" object oct open ord pow print property quit range repr reversed round set setattr slice"
	" sorted staticmethod str sum super tuple type vars zip Ellipsis NotImplemented"
	" ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup"
	" BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError"
	" ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError"
	" DeprecationWarning EOFError EncodingWarning EnvironmentError Exception ExceptionGroup"
	" FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError"
	" ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError"
	" KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError"
	" NotADirectoryError NotImplementedError OSError OverflowError PendingDeprecationWarning"
	" PermissionError ProcessLookupError RecursionError ReferenceError ResourceWarning"
	" RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError SyntaxWarning"
	" SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError"
	" UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning"
	" UserWarning ValueError Warning ZeroDivisionError"
	" bb oe os time sys re ";


static const struct attr *
attr_find(const struct attr *tab, size_t n, int mod, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tab[i].mod == mod && strlen(tab[i].name) == len &&
		    !memcmp(tab[i].name, name, len))
			return &tab[i];
	return NULL;
}

/* the builtin of owner called name[0..len), or NULL */
static const struct func *
func_find(int owner, const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(funcs) / sizeof(*funcs); i++)
		if (funcs[i].owner == owner && strlen(funcs[i].name) == len &&
		    !memcmp(funcs[i].name, name, len))
			return &funcs[i];
	return NULL;
}

/* the module mod, or (fn not NULL) fn bound to self (a str for its methods, else NULL) */
static struct pv *
name_value(struct ev *ev, int mod, const struct func *fn, struct pv *self)
{
	struct pv *v = py_newv(ev, fn ? T_FUNC : T_MOD);

	if (!v)
		return NULL;
	if (fn) {
		v->fn = fn;
		v->self = self;
	} else {
		v->i = mod;
	}
	return v;
}

/* "import NAME": BitBake's global modules (not d), and re */
struct pv *
py_import(struct ev *ev, const char *name, size_t len)
{
	static const struct attr re = { -1, "re", M_RE };
	const struct attr *at = attr_find(globals, sizeof(globals) / sizeof(*globals), -1, name,
		len);

	if (len == 2 && !memcmp(name, "re", 2))
		at = &re;
	return at && at->sub != M_D ? name_value(ev, at->sub, NULL, NULL) : NULL;
}

struct pv *
py_get_attr(struct ev *ev, struct pv *v, const char *name, size_t len)
{
	static const char *const uname_fields[] = {
		"sysname", "nodename", "release", "version", "machine",
	};
	const struct attr *at;
	const struct func *fn;
	char buf[64];
	size_t i;

	if (len >= sizeof(buf))
		return py_unsup(ev, "attribute name too long");
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (v->t == T_MOD || v->t == T_STR) {
		int owner = v->t == T_MOD ? (int)v->i : OWNER_STR;

		if ((at = attr_find(attrs, sizeof(attrs) / sizeof(*attrs), owner, buf, len)))
			return name_value(ev, at->sub, NULL, NULL);
		if ((fn = func_find(owner, buf, len)))
			return name_value(ev, -1, fn, v->t == T_STR ? v : NULL);
		if (v->t == T_MOD)
			return py_unsup(ev, "unsupported name '%s.%s'", mod_names[v->i], buf);
	}
	for (i = 0; v->t == T_UNAME && i < 5; i++)
		if (!strcmp(buf, uname_fields[i]))
			return v->v[i];
	return py_attr_error(ev, v, buf);
}

static bool
isfunc(struct ev *ev, struct pv *name)
{
	char *cname = xstrndup(name->s, name->n);
	bool r = ev->env->isfunc(ev->env->ctx, cname);

	free(cname);
	return r;
}

long
py_scope_find(const struct scope *sc, const char *name, size_t len)
{
	for (size_t i = 0; i < sc->names.n; i++)
		if (sc->names.v[i]->n == len && !memcmp(sc->names.v[i]->s, name, len))
			return (long)i;
	return -1;
}

int
py_scope_set(struct ev *ev, struct scope *sc, struct pv *name, struct pv *v)
{
	long k = py_scope_find(sc, name->s, name->n);

	if (k >= 0) {
		if (v)
			sc->vals.v[k] = v;
		return 0;
	}
	return py_vec_push(ev, &sc->names, name) < 0 || py_vec_push(ev, &sc->vals, v) < 0 ? -1 : 0;
}

bool
py_takes_generator(const struct pv *f)
{
	static const func_impl takes[] = { py_f_any, py_f_all, py_f_sorted, py_m_join };

	for (size_t i = 0; f->t == T_FUNC && i < sizeof(takes) / sizeof(*takes); i++)
		if (f->fn->impl == takes[i])
			return true;
	return false;
}

/* a name in a function or a comprehension: its scopes, outwards to the function's */
static struct pv *
scope_lookup(struct ev *ev, const char *name, size_t len, bool *found)
{
	const struct scope *sc;
	long k;

	*found = false;
	for (sc = ev->scope; sc; sc = sc->fn ? NULL : sc->up) {
		if ((k = py_scope_find(sc, name, len)) < 0)
			continue;
		*found = true;
		if (!sc->vals.v[k])
			return pyraise(ev, "UnboundLocalError: cannot access local variable '%.*s'"
				       " where it is not associated with a value", (int)len, name);
		return sc->vals.v[k];
	}
	return NULL;
}

struct pv *
py_lookup(struct ev *ev, const char *name, size_t len)
{
	const struct attr *at;
	const struct func *fn;
	struct pv *v;
	bool found;

	if ((v = scope_lookup(ev, name, len, &found)) || found)
		return v;
	if ((at = attr_find(globals, sizeof(globals) / sizeof(*globals), -1, name, len)))
		return name_value(ev, at->sub, NULL, NULL);
	if ((fn = func_find(OWNER_BUILTIN, name, len)))
		return name_value(ev, -1, fn, NULL);
	if (py_word_in(builtin_names, name, len))
		return py_unsup(ev, "unsupported name '%.*s'", (int)len, name);
	if (!(v = py_mksub(ev, name, len)))
		return NULL;
	/*
	 * a python function of the metadata is a global there; OE-core's
	 * all_multilib_tune_values (utils.bbclass), whose body copies the
	 * datastore, runs as oe.utils' does: the same value without multilib,
	 * none with it
	 */
	if (ev->env && ev->env->isfunc && isfunc(ev, v)) {
		static const char amtv[] = "all_multilib_tune_values";

		if (len == sizeof(amtv) - 1 && !memcmp(name, amtv, len))
			return name_value(ev, -1, func_find(M_OE_UTILS, name, len), NULL);
		v->t = T_DEF;
		return v;
	}
	/* inside a function or a comprehension the globals are python's, not the
	   datastore: a name we do not know of is not guessed */
	if (ev->scope)
		return py_unsup(ev, "name '%.*s' in a function or comprehension", (int)len, name);
	/* bitbake's DataContext: any other name reads the variable */
	if (!(v = py_getvar(ev, v, true)))
		return NULL;
	if (v->t == T_NONE)
		return pyraise(ev, "NameError: name '%.*s' is not defined", (int)len, name);
	return v;
}

/* calls */

/* a call python would reject; unsupported unless we know the whole signature */
static int
bind_fail(struct ev *ev, const struct func *fn, const char *what, const char *arg, size_t n)
{
	if (fn->exact)
		pyraise(ev, "TypeError: %s() %s%.*s", fn->name, what, (int)n, arg);
	else
		py_unsup(ev, "call of %s() that %s%.*s", fn->name, what, (int)n, arg);
	return -1;
}

static int
param_index(const char *params, const char *name, size_t n)
{
	const char *p = params, *q;
	int i = 0;

	while (*p) {
		for (q = p; *q && *q != ' '; q++)
			;
		if ((size_t)(q - p) == n && !memcmp(p, name, n))
			return i;
		i++;
		p = *q ? q + 1 : q;
	}
	return -1;
}

static const char *
param_name(const char *params, int k, size_t *n)
{
	const char *p = params;

	for (; k > 0; k--)
		p = strchr(p, ' ') + 1;
	*n = strcspn(p, " ");
	return p;
}

static int
bind(struct ev *ev, const struct func *fn, const struct args *ar, struct pv **a)
{
	size_t i, n;
	int k;

	if (ar->npos > fn->nmax)
		return bind_fail(ev, fn, "got too many positional arguments", "", 0);
	for (i = 0; i < ar->npos; i++)
		a[i] = ar->pos[i];
	for (i = 0; i < ar->nkw; i++) {
		k = fn->kw ? param_index(fn->params, ar->kw[i]->s, ar->kw[i]->n) : -1;
		if (k < 0)
			return bind_fail(ev, fn, "got an unexpected keyword argument ",
					 ar->kw[i]->s, ar->kw[i]->n);
		if (a[k])
			return bind_fail(ev, fn, "got multiple values for argument ",
					 ar->kw[i]->s, ar->kw[i]->n);
		a[k] = ar->kwv[i];
	}
	for (k = 0; k < fn->nreq; k++) {
		if (!a[k]) {
			const char *p = param_name(fn->params, k, &n);

			return bind_fail(ev, fn, "missing required argument ", p, n);
		}
	}
	return 0;
}

struct pv *
py_call_value(struct ev *ev, struct pv *f, const struct args *ar)
{
	const struct func *fn = f->fn;
	struct pv *a[8] = { NULL };

	if (f->t == T_DEF)
		return ev->call_def(ev, f, ar);
	if (f->t != T_FUNC) {
		if (py_opaque(f))
			return py_unsup(ev, "calling a %s", py_tname(f));
		return pyraise(ev, "TypeError: '%s' object is not callable", py_tname(f));
	}
	if (fn->params[0] == '*') {
		if (ar->nkw || ar->npos < fn->nreq) {
			bind_fail(ev, fn, "takes at least one positional argument only", "", 0);
			return NULL;
		}
		return fn->impl(ev, f->self, ar->pos, ar->npos);
	}
	if (bind(ev, fn, ar, a) < 0)
		return NULL;
	return fn->impl(ev, f->self, a, fn->nmax);
}
