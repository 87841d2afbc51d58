/* pyexpr/names.c: global names, attributes of modules and str, and calls */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/util.h"

/* names */

enum fid {
	F_INT, F_STR, F_BOOL, F_LEN, F_ANY, F_ALL, F_SORTED,
	F_SPLIT, F_RSPLIT, F_STRIP, F_LSTRIP, F_RSTRIP, F_REPLACE, F_LOWER, F_UPPER,
	F_STARTSWITH, F_ENDSWITH, F_JOIN, F_REMOVEPREFIX, F_REMOVESUFFIX,
	F_GETVAR, F_CONTAINS, F_CONTAINS_ANY, F_FILTER, F_TO_BOOLEAN, F_VERCMP_STRING,
	F_CONDITIONAL, F_VARTRUE, F_LESS_OR_EQUAL, F_VERSION_LESS_OR_EQUAL, F_BOTH_CONTAIN,
	F_SET_INTERSECT, F_SET_DIFFERENCE, F_PRUNE_SUFFIX, F_IFELSE, F_CPU_COUNT,
	F_FILTER_DEFAULT_FEATURES, F_BOOLEAN, F_DIRNAME, F_BASENAME, F_JOINPATH, F_NORMPATH,
	F_UNAME, F_GETPID, F_GETUID, F_GETGID, F_GETVARFLAG, F_TYPED_VALUE, F_ALL_MULTILIB_TUNE_VALUES,
	F_REQUIRED_PACKAGES, F_OPTIONAL_PACKAGES, F_PACKAGES, F_GMTIME, F_STRFTIME, F_VARS_FROM_FILE, F_WHICH, F_EPOCHFILE_READ, F_FIND,
	F_RE_MATCH,
};

#define P_CONTAINS "variable checkvalues truevalue falsevalue d"
#define P_CONDITIONAL "variable checkvalue truevalue falsevalue d"

static const struct func funcs[] = {
	[F_INT] = { "int", py_f_int, "x base", 0, 2, false, false },
	[F_STR] = { "str", py_f_str, "object", 0, 1, false, false },
	[F_BOOL] = { "bool", py_f_bool, "x", 0, 1, false, true },
	[F_LEN] = { "len", py_f_len, "obj", 1, 1, false, true },
	[F_ANY] = { "any", py_f_any, "iterable", 1, 1, false, true },
	[F_ALL] = { "all", py_f_all, "iterable", 1, 1, false, true },
	[F_SORTED] = { "sorted", py_f_sorted, "iterable", 1, 1, false, false },
	[F_SPLIT] = { "split", py_m_split, "sep maxsplit", 0, 2, true, true },
	[F_RSPLIT] = { "rsplit", py_m_rsplit, "sep maxsplit", 0, 2, true, true },
	[F_STRIP] = { "strip", py_m_strip, "chars", 0, 1, false, true },
	[F_LSTRIP] = { "lstrip", py_m_lstrip, "chars", 0, 1, false, true },
	[F_RSTRIP] = { "rstrip", py_m_rstrip, "chars", 0, 1, false, true },
	[F_REPLACE] = { "replace", py_m_replace, "old new count", 2, 3, false, false },
	[F_LOWER] = { "lower", py_m_lower, "", 0, 0, false, true },
	[F_UPPER] = { "upper", py_m_upper, "", 0, 0, false, true },
	[F_STARTSWITH] = { "startswith", py_m_startswith, "prefix start end", 1, 3, false, true },
	[F_ENDSWITH] = { "endswith", py_m_endswith, "suffix start end", 1, 3, false, true },
	[F_JOIN] = { "join", py_m_join, "iterable", 1, 1, false, true },
	[F_REMOVEPREFIX] = { "removeprefix", py_m_removeprefix, "prefix", 1, 1, false, true },
	[F_REMOVESUFFIX] = { "removesuffix", py_m_removesuffix, "suffix", 1, 1, false, true },
	[F_GETVAR] = { "getVar", py_d_getvar, "var expand noweakdefault parsing", 1, 4, true, true },
	[F_CONTAINS] = { "contains", py_bb_contains, P_CONTAINS, 5, 5, true, true },
	[F_CONTAINS_ANY] = { "contains_any", py_bb_contains_any, P_CONTAINS, 5, 5, true, true },
	[F_FILTER] = { "filter", py_bb_filter, "variable checkvalues d", 3, 3, true, true },
	[F_TO_BOOLEAN] = { "to_boolean", py_bb_to_boolean, "string default", 1, 2, true, true },
	[F_VERCMP_STRING] = { "vercmp_string", py_bb_vercmp_string, "a b", 2, 2, true, true },
	[F_CONDITIONAL] = { "conditional", py_oe_conditional, P_CONDITIONAL, 5, 5, true, true },
	[F_VARTRUE] = { "vartrue", py_oe_vartrue, "var iftrue iffalse d", 4, 4, true, true },
	[F_LESS_OR_EQUAL] = { "less_or_equal", py_oe_less_or_equal, P_CONDITIONAL, 5, 5, true, true },
	[F_VERSION_LESS_OR_EQUAL] = { "version_less_or_equal", py_oe_version_less_or_equal,
				      P_CONDITIONAL, 5, 5, true, true },
	[F_BOTH_CONTAIN] = { "both_contain", py_oe_both_contain, "variable1 variable2 checkvalue d", 4, 4, true, true },
	[F_SET_INTERSECT] = { "set_intersect", py_oe_set_intersect, "variable1 variable2 d", 3, 3, true, true },
	[F_SET_DIFFERENCE] = { "set_difference", py_oe_set_difference, "variable1 variable2 d", 3, 3, true, true },
	[F_PRUNE_SUFFIX] = { "prune_suffix", py_oe_prune_suffix, "var suffixes d", 3, 3, true, true },
	[F_IFELSE] = { "ifelse", py_oe_ifelse, "condition iftrue iffalse", 1, 3, true, true },
	[F_CPU_COUNT] = { "cpu_count", py_oe_cpu_count, "at_least at_most", 0, 2, true, true },
	[F_FILTER_DEFAULT_FEATURES] = { "filter_default_features", py_oe_filter_default_features,
					"varname d", 2, 2, true, true },
	[F_BOOLEAN] = { "boolean", py_oe_types_boolean, "value", 1, 1, true, true },
	[F_DIRNAME] = { "dirname", py_os_dirname, "p", 1, 1, true, true },
	[F_BASENAME] = { "basename", py_os_basename, "p", 1, 1, true, true },
	[F_JOINPATH] = { "join", py_os_join, "*a", 1, 0, false, true },
	[F_NORMPATH] = { "normpath", py_os_normpath, "path", 1, 1, true, true },
	[F_UNAME] = { "uname", py_os_uname, "", 0, 0, false, true },
	[F_GETVARFLAG] = { "getVarFlag", py_d_getvarflag, "var flag expand", 2, 3, true, true },
	[F_ALL_MULTILIB_TUNE_VALUES] = { "all_multilib_tune_values", py_oe_all_multilib_tune_values,
					 "d var unique need_split delim", 2, 5, true, true },
	[F_TYPED_VALUE] = { "typed_value", py_oe_typed_value, "key d", 2, 2, true, true },
	[F_REQUIRED_PACKAGES] = { "required_packages", py_oe_required_packages, "features d", 2, 2,
				  true, true },
	[F_OPTIONAL_PACKAGES] = { "optional_packages", py_oe_optional_packages, "features d", 2, 2,
				  true, true },
	[F_PACKAGES] = { "packages", py_oe_packages, "features d", 2, 2, true, true },
	[F_GETPID] = { "getpid", py_os_getpid, "", 0, 0, false, true },
	[F_GETUID] = { "getuid", py_os_getuid, "", 0, 0, false, true },
	[F_GETGID] = { "getgid", py_os_getgid, "", 0, 0, false, true },
	[F_GMTIME] = { "gmtime", py_time_gmtime, "secs", 0, 1, false, false },
	[F_STRFTIME] = { "strftime", py_time_strftime, "format t", 1, 2, false, false },
	[F_VARS_FROM_FILE] = { "vars_from_file", py_bb_vars_from_file, "mypkg d", 2, 2, true, true },
	[F_WHICH] = { "which", py_bb_which, "path item direction history executable", 2, 5, true,
		      true },
	[F_EPOCHFILE_READ] = { "epochfile_read", py_oe_epochfile_read, "epochfile d", 2, 2, true, true },
	[F_FIND] = { "find", py_m_find, "sub start end", 1, 3, false, true },
	[F_RE_MATCH] = { "match", py_re_match, "pattern string flags", 2, 3, true, true },
};

struct attr {
	int mod;		/* the owner: a module, or -1 for str methods */
	const char *name;
	int sub;		/* a submodule, or -1 */
	int fid;
};

static const struct attr attrs[] = {
	{ M_D, "getVar", -1, F_GETVAR },
	{ M_D, "getVarFlag", -1, F_GETVARFLAG },
	{ M_BB, "utils", M_BB_UTILS, -1 },
	{ M_BB, "parse", M_BB_PARSE, -1 },
	{ M_BB_PARSE, "vars_from_file", -1, F_VARS_FROM_FILE },
	{ M_BB_UTILS, "contains", -1, F_CONTAINS },
	{ M_BB_UTILS, "contains_any", -1, F_CONTAINS_ANY },
	{ M_BB_UTILS, "filter", -1, F_FILTER },
	{ M_BB_UTILS, "to_boolean", -1, F_TO_BOOLEAN },
	{ M_BB_UTILS, "vercmp_string", -1, F_VERCMP_STRING },
	{ M_BB_UTILS, "which", -1, F_WHICH },
	{ M_OE, "utils", M_OE_UTILS, -1 },
	{ M_OE, "types", M_OE_TYPES, -1 },
	{ M_OE, "reproducible", M_OE_REPRODUCIBLE, -1 },
	{ M_OE, "data", M_OE_DATA, -1 },
	{ M_OE, "packagegroup", M_OE_PACKAGEGROUP, -1 },
	{ M_OE_DATA, "typed_value", -1, F_TYPED_VALUE },
	{ M_OE_PACKAGEGROUP, "required_packages", -1, F_REQUIRED_PACKAGES },
	{ M_OE_PACKAGEGROUP, "optional_packages", -1, F_OPTIONAL_PACKAGES },
	{ M_OE_PACKAGEGROUP, "packages", -1, F_PACKAGES },
	{ M_OE_REPRODUCIBLE, "epochfile_read", -1, F_EPOCHFILE_READ },
	{ M_OE_UTILS, "conditional", -1, F_CONDITIONAL },
	{ M_OE_UTILS, "vartrue", -1, F_VARTRUE },
	{ M_OE_UTILS, "less_or_equal", -1, F_LESS_OR_EQUAL },
	{ M_OE_UTILS, "version_less_or_equal", -1, F_VERSION_LESS_OR_EQUAL },
	{ M_OE_UTILS, "both_contain", -1, F_BOTH_CONTAIN },
	{ M_OE_UTILS, "set_intersect", -1, F_SET_INTERSECT },
	{ M_OE_UTILS, "set_difference", -1, F_SET_DIFFERENCE },
	{ M_OE_UTILS, "prune_suffix", -1, F_PRUNE_SUFFIX },
	{ M_OE_UTILS, "ifelse", -1, F_IFELSE },
	{ M_OE_UTILS, "cpu_count", -1, F_CPU_COUNT },
	{ M_OE_UTILS, "all_multilib_tune_values", -1, F_ALL_MULTILIB_TUNE_VALUES },
	{ M_OE_UTILS, "filter_default_features", -1, F_FILTER_DEFAULT_FEATURES },
	{ M_OE_TYPES, "boolean", -1, F_BOOLEAN },
	{ M_OS, "path", M_OS_PATH, -1 },
	{ M_OS, "uname", -1, F_UNAME },
	{ M_OS, "getpid", -1, F_GETPID },
	{ M_OS, "getuid", -1, F_GETUID },
	{ M_OS, "getgid", -1, F_GETGID },
	{ M_OS_PATH, "dirname", -1, F_DIRNAME },
	{ M_OS_PATH, "basename", -1, F_BASENAME },
	{ M_OS_PATH, "join", -1, F_JOINPATH },
	{ M_OS_PATH, "normpath", -1, F_NORMPATH },
	{ M_TIME, "gmtime", -1, F_GMTIME },
	{ M_TIME, "strftime", -1, F_STRFTIME },
	{ M_RE, "match", -1, F_RE_MATCH },
	{ -1, "split", -1, F_SPLIT },
	{ -1, "rsplit", -1, F_RSPLIT },
	{ -1, "strip", -1, F_STRIP },
	{ -1, "lstrip", -1, F_LSTRIP },
	{ -1, "rstrip", -1, F_RSTRIP },
	{ -1, "replace", -1, F_REPLACE },
	{ -1, "lower", -1, F_LOWER },
	{ -1, "upper", -1, F_UPPER },
	{ -1, "startswith", -1, F_STARTSWITH },
	{ -1, "endswith", -1, F_ENDSWITH },
	{ -1, "join", -1, F_JOIN },
	{ -1, "find", -1, F_FIND },
	{ -1, "removeprefix", -1, F_REMOVEPREFIX },
	{ -1, "removesuffix", -1, F_REMOVESUFFIX },
};

static const struct attr globals[] = {
	{ -1, "d", M_D, -1 },
	{ -1, "bb", M_BB, -1 },
	{ -1, "oe", M_OE, -1 },
	{ -1, "os", M_OS, -1 },
	{ -1, "time", M_TIME, -1 },
	{ -1, "int", -1, F_INT },
	{ -1, "str", -1, F_STR },
	{ -1, "bool", -1, F_BOOL },
	{ -1, "len", -1, F_LEN },
	{ -1, "any", -1, F_ANY },
	{ -1, "all", -1, F_ALL },
	{ -1, "sorted", -1, F_SORTED },
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

static struct pv *attr_value(struct ev *ev, const struct attr *at, struct pv *self);

/* "import NAME": BitBake's global modules (not d), and re */
struct pv *
py_import(struct ev *ev, const char *name, size_t len)
{
	static const struct attr re = { -1, "re", M_RE, -1 };
	const struct attr *at = attr_find(globals, sizeof(globals) / sizeof(*globals), -1, name,
		len);

	if (len == 2 && !memcmp(name, "re", 2))
		at = &re;
	return at && at->sub >= 0 && at->sub != M_D ? attr_value(ev, at, NULL) : NULL;
}

static struct pv *
attr_value(struct ev *ev, const struct attr *at, struct pv *self)
{
	struct pv *v = py_newv(ev, at->sub >= 0 ? T_MOD : T_FUNC);

	if (!v)
		return NULL;
	if (at->sub >= 0) {
		v->i = at->sub;
	} else {
		v->fn = &funcs[at->fid];
		v->self = self;
	}
	return v;
}

struct pv *
py_get_attr(struct ev *ev, struct pv *v, const char *name, size_t len)
{
	static const char *const uname_fields[] = {
		"sysname", "nodename", "release", "version", "machine",
	};
	const struct attr *at;
	char buf[64];
	size_t i;

	if (len >= sizeof(buf))
		return py_unsup(ev, "attribute name too long");
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (v->t == T_MOD || v->t == T_STR) {
		at = attr_find(attrs, sizeof(attrs) / sizeof(*attrs), v->t == T_MOD ? (int)v->i : -1,
			       buf, len);
		if (at)
			return attr_value(ev, at, v->t == T_STR ? v : NULL);
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
	struct pv *v;
	bool found;

	if ((v = scope_lookup(ev, name, len, &found)) || found)
		return v;
	at = attr_find(globals, sizeof(globals) / sizeof(*globals), -1, name, len);
	if (at)
		return attr_value(ev, at, NULL);
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
		static const struct attr amtv = { -1, "all_multilib_tune_values", -1,
			F_ALL_MULTILIB_TUNE_VALUES };

		if (len == strlen(amtv.name) && !memcmp(name, amtv.name, len))
			return attr_value(ev, &amtv, NULL);
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
