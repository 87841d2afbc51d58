/* pyexpr/lib.c: d.getVar, bb.utils, oe.types, oe.utils, oe.reproducible, bb.parse, os.path,
   os and time */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_getaffinity */
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "pyexpr-int.h"
#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "bblang/utf8.h"
#include "bblang/util.h"

/* the datastore */

static bool
is_d(const struct pv *v)
{
	return v->t == T_MOD && v->i == M_D;
}

/* d.getVar(name, expand) (flag NULL) or d.getVarFlag(name, flag, expand): None when unset */
static struct pv *
fetch(struct ev *ev, struct pv *name, struct pv *flag, bool expand)
{
	char *cname, *cflag = NULL, *val = NULL, *err = NULL;
	size_t n;
	int r;

	if (name->t != T_STR || (flag && flag->t != T_STR))
		return py_unsup(ev, "%s of a %s", flag ? "getVarFlag" : "getVar",
			py_tname(name->t != T_STR ? name : flag));
	if (!ev->env || !ev->env->getvar || (flag && !ev->env->getflag))
		return py_unsup(ev, "no datastore");
	if (memchr(name->s, 0, name->n) || (flag && memchr(flag->s, 0, flag->n)))
		return &py_none;
	cname = xstrndup(name->s, name->n);
	if (flag)
		cflag = xstrndup(flag->s, flag->n);
	r = flag ? ev->env->getflag(ev->env->ctx, cname, cflag, expand, &val, &err) :
		   ev->env->getvar(ev->env->ctx, cname, expand, &val, &err);
	free(cname);
	free(cflag);
	if (r < 0) {
		py_vfail_str(ev, err);
		free(err);
		free(val);
		return NULL;
	}
	free(err);
	if (r > 0) {
		free(val);
		return py_unsup(ev, "%s%s is not evaluated", flag ? "a flag of " : "",
			py_describe(ev, name));
	}
	if (!val)
		return &py_none;
	py_track(ev, val);
	n = strlen(val);
	if (n > ARENA_MAX - ev->bytes)
		return py_unsup(ev, "memory limit exceeded");
	ev->bytes += n;
	if (!bb_utf8_valid((const unsigned char *)val, n))
		return py_unsup(ev, "%svalue of %s is not utf-8", flag ? "a flag " : "",
			py_describe(ev, name));
	return py_mksub(ev, val, n);
}

struct pv *
py_getvar(struct ev *ev, struct pv *name, bool expand)
{
	return fetch(ev, name, NULL, expand);
}

static struct pv *
need_d(struct ev *ev, struct pv *d)
{
	return is_d(d) ? d : py_unsup(ev, "a datastore other than d");
}

/* d.getVar(name) as the helpers call it: the name must be a str */
static struct pv *
dvar(struct ev *ev, struct pv *name)
{
	return py_getvar(ev, name, true);
}

struct pv *
py_d_getvar(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (a[2] || a[3])
		return py_unsup(ev, "getVar() with noweakdefault or parsing");
	return py_getvar(ev, a[0], a[1] ? py_truthy(a[1]) : true);
}

static int oe_boolean(struct ev *ev, struct pv *v);

static struct pv *
py_getflag(struct ev *ev, struct pv *name, struct pv *flag, bool expand)
{
	return fetch(ev, name, flag, expand);
}

struct pv *
py_d_getvarflag(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_getflag(ev, a[0], a[1], a[2] ? py_truthy(a[2]) : true);
}

/* a str made here, for a name the helpers look up */
static struct pv *
mkname(struct ev *ev, const char *prefix, const struct pv *rest)
{
	size_t n = strlen(prefix);
	char *p;
	struct pv *v;

	if (rest->t != T_STR)
		return py_unsup(ev, "%s of a %s", prefix, py_tname(rest));
	if (!(v = py_mkstr(ev, n + rest->n, &p)))
		return NULL;
	memcpy(p, prefix, n);
	memcpy(p + n, rest->s, rest->n);
	return v;
}

/*
 * oe.utils.all_multilib_tune_values(d, var, unique, need_split, delim): var's
 * value split on delim (or whole), without repeats where unique; only for a
 * build without multilib, where the one datastore it copies is d itself
 */
struct pv *
py_oe_all_multilib_tune_values(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	static const char *const ml[] = { "MULTILIB_VARIANTS", "DEFAULTTUNE_MULTILIB_ORIGINAL" };
	struct pv *v, *ovr, *parts, **items, *delim = a[4] ? a[4] : py_mksub(ev, " ", 1);
	struct vec vc = { 0 };
	size_t cnt;

	if (!need_d(ev, a[0]) || !delim)
		return NULL;
	for (size_t i = 0; i < sizeof(ml) / sizeof(ml[0]); i++) {
		struct pv *name = py_mksub(ev, ml[i], strlen(ml[i]));

		if (!name || !(v = dvar(ev, name)))
			return NULL;
		if (py_truthy(v))
			return py_unsup(ev, "all_multilib_tune_values() with %s set (multilib)", ml[i]);
	}
	if (!(ovr = py_mksub(ev, "OVERRIDES", 9)) || !(ovr = py_getvar(ev, ovr, false)))
		return NULL;
	if (ovr->t == T_NONE)
		return pyraise(ev, "AttributeError: 'NoneType' object has no attribute 'split'");
	if (ovr->t == T_STR && memmem(ovr->s, ovr->n, "virtclass-multilib-", 19))
		return py_unsup(ev, "all_multilib_tune_values() in a multilib variant");
	if (!(v = dvar(ev, a[1])))
		return NULL;
	if (!py_truthy(v))
		return py_mksub(ev, "", 0);
	if (a[3] && !py_truthy(a[3]))
		parts = v;
	else if (!(parts = py_m_split(ev, v, (struct pv *[]){ delim, NULL }, 2)))
		return NULL;
	if (parts == v) {
		if (py_vec_push(ev, &vc, v) < 0)
			return NULL;
	} else {
		if (!(items = py_iter_items(ev, parts, &cnt)))
			return NULL;
		for (size_t i = 0; i < cnt; i++) {
			bool seen = false;

			for (size_t k = 0; k < vc.n && (!a[2] || py_truthy(a[2])) && !seen; k++)
				seen = vc.v[k]->n == items[i]->n &&
				       !memcmp(vc.v[k]->s, items[i]->s, items[i]->n);
			if (!seen && py_vec_push(ev, &vc, items[i]) < 0)
				return NULL;
		}
	}
	if (!(parts = py_vec_seq(ev, &vc, T_LIST)) || !(delim = py_mksub(ev, " ", 1)))
		return NULL;
	return py_m_join(ev, delim, (struct pv *[]){ parts }, 1);
}

/*
 * oe.data.typed_value(key, d): the value made by oe.maketype from the
 * variable's [type]; the types OE-core's metadata reads here: "list" (split
 * on [separator], whitespace without one) and "boolean"
 */
struct pv *
py_oe_typed_value(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *type, *val, *sep, *args[2] = { NULL, NULL }, *flag;
	int r;

	if (!need_d(ev, a[1]) || !(flag = py_mksub(ev, "type", 4)) ||
	    !(type = py_getflag(ev, a[0], flag, true)) || !(val = dvar(ev, a[0])))
		return NULL;
	if (val->t == T_NONE)
		val = py_mksub(ev, "", 0);
	if (!val)
		return NULL;
	if (type->t == T_STR && type->n == 4 && !memcmp(type->s, "list", 4)) {
		if (!(flag = py_mksub(ev, "separator", 9)) ||
		    !(sep = py_getflag(ev, a[0], flag, true)))
			return NULL;
		args[0] = sep->t == T_NONE ? NULL : sep;
		return py_m_split(ev, val, args, 2);
	}
	if (type->t == T_STR && type->n == 7 && !memcmp(type->s, "boolean", 7))
		return (r = oe_boolean(ev, val)) < 0 ? NULL : py_mkbool(r);
	if (type->t == T_NONE)
		return py_unsup(ev, "typed_value() of a variable without [type] (bitbake stops)");
	return py_unsup(ev, "typed_value() of type '%.*s'", (int)type->n, type->s);
}

/*
 * oe.packagegroup: the packages of FEATURE_PACKAGES_<feature> for each
 * feature (all, those without [optional], or those with it), as a list
 * where python yields them one by one
 */
static struct pv *
feature_packages(struct ev *ev, struct pv **a, int which)
{
	struct pv **items, *opt = py_mksub(ev, "optional", 8), *r;
	struct vec vc = { 0 };
	size_t cnt;

	if (!opt || !need_d(ev, a[1]) || !(items = py_iter_items(ev, a[0], &cnt)))
		return NULL;
	for (size_t i = 0; i < cnt; i++) {
		struct pv *name = mkname(ev, "FEATURE_PACKAGES_", items[i]), *f, *pkgs, *words;
		struct pv **w;
		size_t nw;

		if (!name || !(f = py_getflag(ev, name, opt, true)))
			return NULL;
		if (which >= 0 && py_truthy(f) != (which == 1))
			continue;
		if (!(pkgs = dvar(ev, name)))
			return NULL;
		if (pkgs->t == T_NONE)
			continue;
		if (!(words = py_m_split(ev, pkgs, (struct pv *[]){ NULL, NULL }, 2)) ||
		    !(w = py_iter_items(ev, words, &nw)))
			return NULL;
		for (size_t k = 0; k < nw; k++)
			if (py_vec_push(ev, &vc, w[k]) < 0)
				return NULL;
	}
	r = py_vec_seq(ev, &vc, T_LIST);
	return r;
}

struct pv *
py_oe_required_packages(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return feature_packages(ev, a, 0);
}

struct pv *
py_oe_optional_packages(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return feature_packages(ev, a, 1);
}

struct pv *
py_oe_packages(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return feature_packages(ev, a, -1);
}

/* python's error for a missing attribute; we know the attributes of the plain types */
struct pv *
py_attr_error(struct ev *ev, struct pv *v, const char *name)
{
	static const char *const known[] = {
		[T_NONE] = "",
		[T_BOOL] = " as_integer_ratio bit_count bit_length conjugate denominator from_bytes"
			   " imag numerator real to_bytes ",
		[T_INT] = " as_integer_ratio bit_count bit_length conjugate denominator from_bytes"
			  " imag numerator real to_bytes ",
		[T_STR] = " capitalize casefold center count encode endswith expandtabs find format"
			  " format_map index isalnum isalpha isascii isdecimal isdigit isidentifier"
			  " islower isnumeric isprintable isspace istitle isupper join ljust lower"
			  " lstrip maketrans partition removeprefix removesuffix replace rfind rindex"
			  " rjust rpartition rsplit rstrip split splitlines startswith strip swapcase"
			  " title translate upper zfill ",
		[T_LIST] = " append clear copy count extend index insert pop remove reverse sort ",
		[T_TUPLE] = " count index ",
		[T_DICT] = " clear copy fromkeys get items keys pop popitem setdefault update values ",
	};

	if (py_opaque(v) || !strncmp(name, "__", 2) || py_word_in(known[v->t], name, strlen(name)))
		return py_unsup(ev, "unsupported attribute '%s' of a %s", name, py_tname(v));
	return pyraise(ev, "AttributeError: '%s' object has no attribute '%s'", py_tname(v), name);
}

/* bb.utils */

static void
words_mark(struct ev *ev, struct words *ws)
{
	size_t i;

	qsort(ws->w, ws->n, sizeof(*ws->w), py_word_cmp);
	for (i = 0; i < ws->n; i++)
		ws->w[i].first = !i || py_word_strcmp(&ws->w[i - 1], ws->w[i].s, ws->w[i].n);
}

/* set(checkvalues) as bb.utils builds it: the words of a str, else the items;
   *other tells whether an item that is not a str was present */
static int
check_words(struct ev *ev, struct pv *cv, struct words *out, bool *other)
{
	struct pv **items;
	size_t i, cnt, k = 0;

	*other = false;
	if (cv->t == T_STR)
		return py_words_of(ev, cv->s, cv->n, out);
	if (!(items = py_iter_items(ev, cv, &cnt)))
		return -1;
	for (i = 0; i < cnt; i++)
		if (py_hashable(ev, items[i]) < 0)
			return -1;
	if (!(out->w = py_alloc(ev, (cnt + 1) * sizeof(*out->w))))
		return -1;
	for (i = 0; i < cnt; i++) {
		if (items[i]->t == T_STR)
			out->w[k] = (struct word){ items[i]->s, items[i]->n, k, false }, k++;
		else
			*other = true;
	}
	out->n = k;
	words_mark(ev, out);
	return 0;
}

/* the words of a variable; None raises as None.split() would */
static int
var_words(struct ev *ev, struct pv *name, struct words *ws)
{
	struct pv *v = dvar(ev, name);

	if (!v)
		return -1;
	if (v->t != T_STR) {
		py_attr_error(ev, v, "split");
		return -1;
	}
	return py_words_of(ev, v->s, v->n, ws);
}

static struct pv *
do_contains(struct ev *ev, struct pv **a, bool any)
{
	struct words vw, cw;
	struct pv *val;
	size_t i, hit = 0;
	bool other;

	if (!need_d(ev, a[4]) || !(val = dvar(ev, a[0])))
		return NULL;
	if (!py_truthy(val))
		return a[3];
	/* a few words to look for: each by a scan of the value, no sorted set */
	if (a[1]->t == T_STR && a[1]->n < 64) {
		if (py_spend(ev, val->n) < 0 || check_words(ev, a[1], &cw, &other) < 0 ||
		    py_spend(ev, val->n * cw.n) < 0)
			return NULL;
		for (i = 0; i < cw.n; i++)
			hit += py_str_has_word(val->s, val->n, cw.w[i].s, cw.w[i].n);
	} else {
		if (py_words_of(ev, val->s, val->n, &vw) < 0 ||
		    check_words(ev, a[1], &cw, &other) < 0)
			return NULL;
		for (i = 0; i < cw.n; i++)
			hit += py_words_has(&vw, cw.w[i].s, cw.w[i].n);
	}
	if (any)
		return hit ? a[2] : a[3];
	return hit == cw.n && !other ? a[2] : a[3];
}

struct pv *
py_bb_contains(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_contains(ev, a, false);
}

struct pv *
py_bb_contains_any(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_contains(ev, a, true);
}

struct pv *
py_bb_filter(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct words vw, cw;
	struct pv *val;
	size_t i, k = 0;
	bool other;

	if (!need_d(ev, a[2]) || !(val = dvar(ev, a[0])))
		return NULL;
	if (!py_truthy(val))
		return py_mksub(ev, "", 0);
	if (py_words_of(ev, val->s, val->n, &vw) < 0 || check_words(ev, a[1], &cw, &other) < 0)
		return NULL;
	for (i = 0; i < cw.n; i++)
		if (cw.w[i].first && py_words_has(&vw, cw.w[i].s, cw.w[i].n))
			cw.w[k++] = cw.w[i];
	return py_words_join(ev, cw.w, k);
}

static struct pv *
lowered(struct ev *ev, struct pv *s)
{
	if (!py_is_ascii(s->s, s->n))
		return py_unsup(ev, "lower() of a non-ascii string");
	return py_do_case(ev, s, false);
}

struct pv *
py_bb_to_boolean(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *low;

	if (!py_truthy(a[0]))
		return a[1] ? a[1] : &py_none;
	if (py_isnum(a[0]))
		return py_mkbool(a[0]->i != 0);
	if (a[0]->t != T_STR)
		return py_attr_error(ev, a[0], "lower");
	if (!(low = lowered(ev, a[0])))
		return NULL;
	if (py_word_in(" y yes 1 true ", low->s, low->n))
		return &py_true;
	if (py_word_in(" n no 0 false ", low->s, low->n))
		return &py_false;
	return pyraise(ev, "ValueError: Invalid value for to_boolean: %.*s", (int)a[0]->n, a[0]->s);
}

struct vpart {
	int o;			/* 0 number, 1 letters, -1 '~', 2 other */
	const char *s;
	size_t n;
};

static bool
explode_next(const char *s, size_t n, size_t *i, struct vpart *p)
{
	size_t start = *i;
	char c;

	if (*i >= n)
		return false;
	c = s[*i];
	if (c >= '0' && c <= '9') {
		while (*i < n && s[*i] >= '0' && s[*i] <= '9')
			(*i)++;
		p->o = 0;
	} else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
		while (*i < n && (s[*i] | 0x20) >= 'a' && (s[*i] | 0x20) <= 'z')
			(*i)++;
		p->o = 1;
	} else {
		(*i)++;
		p->o = c == '~' ? -1 : 2;
	}
	p->s = s + start;
	p->n = *i - start;
	return true;
}

static int
bytes_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	int r = memcmp(a, b, an < bn ? an : bn);

	if (r)
		return r < 0 ? -1 : 1;
	return an < bn ? -1 : an > bn;
}

/* bb.utils.vercmp_part */
static int
vercmp_part(const char *a, size_t an, const char *b, size_t bn)
{
	struct vpart pa, pb;
	size_t i = 0, j = 0;
	bool ha, hb;
	int r;

	for (;;) {
		pa.o = pb.o = 0;
		ha = explode_next(a, an, &i, &pa);
		hb = explode_next(b, bn, &j, &pb);
		if (!ha && !hb)
			return 0;
		if (pa.o != pb.o)
			return pa.o < pb.o ? -1 : 1;
		if (!ha || !hb)
			return !ha ? -1 : 1;
		if (pa.o == 0) {
			while (pa.n > 1 && *pa.s == '0')
				pa.s++, pa.n--;
			while (pb.n > 1 && *pb.s == '0')
				pb.s++, pb.n--;
			if (pa.n != pb.n)
				return pa.n < pb.n ? -1 : 1;
		}
		if ((r = bytes_cmp(pa.s, pa.n, pb.s, pb.n)))
			return r;
	}
}

int
bb_vercmp_part(const char *a, const char *b)
{
	return vercmp_part(a, strlen(a), b, strlen(b));
}

struct version {
	long long e;
	const char *v, *r;
	size_t vn, rn;
};

/* bb.utils.split_version */
static int
split_version(struct ev *ev, struct pv *s, struct version *ver)
{
	size_t a = 0, b = s->n, c;
	const char *p;
	struct pv *e;

	if (s->t != T_STR) {
		py_attr_error(ev, s, "strip");
		return -1;
	}
	if (!py_is_ascii(s->s, s->n) || memchr(s->s, '\n', s->n)) {
		py_unsup(ev, "version %s", py_describe(ev, s));
		return -1;
	}
	while (a < b && strchr(" <>=", s->s[a]) && s->s[a])
		a++;
	while (b > a && strchr(" <>=", s->s[b - 1]) && s->s[b - 1])
		b--;
	ver->e = 0;
	if ((p = memchr(s->s + a, ':', b - a))) {
		c = (size_t)(p - s->s);
		if (!(e = py_mksub(ev, s->s + a, c - a)) || !(e = py_int_of_str(ev, e)))
			return -1;
		ver->e = e->i;
		a = c + 1;
		if ((p = memchr(s->s + a, ':', b - a)))
			b = (size_t)(p - s->s);
	}
	ver->v = s->s + a;
	ver->vn = b - a;
	ver->r = "";
	ver->rn = 0;
	for (c = b; c > a; c--) {
		if (s->s[c - 1] == '-') {
			ver->r = s->s + c;
			ver->rn = b - c;
			ver->vn = c - 1 - a;
			break;
		}
	}
	return 0;
}

static int
vercmp_string(struct ev *ev, struct pv *a, struct pv *b, long long *res)
{
	struct version va, vb;

	if (split_version(ev, a, &va) < 0 || split_version(ev, b, &vb) < 0)
		return -1;
	if (__builtin_sub_overflow(va.e, vb.e, res)) {
		py_unsup(ev, "integer overflow");
		return -1;
	}
	if (!*res)
		*res = vercmp_part(va.v, va.vn, vb.v, vb.vn);
	if (!*res)
		*res = vercmp_part(va.r, va.rn, vb.r, vb.rn);
	return 0;
}

struct pv *
py_bb_vercmp_string(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	long long r;

	return vercmp_string(ev, a[0], a[1], &r) < 0 ? NULL : py_mkint(ev, r);
}

/* oe.types and oe.utils */

static int
oe_boolean(struct ev *ev, struct pv *v)
{
	struct pv *low;

	if (v->t == T_NONE || v->t == T_BOOL)
		return v->t == T_BOOL && v->i;
	if (v->t != T_STR) {
		pyraise(ev, "TypeError: boolean accepts a string, not '<class '%s'>'", py_tname(v));
		return -1;
	}
	if (!(low = lowered(ev, v)))
		return -1;
	if (py_word_in(" yes y true t 1 ", low->s, low->n))
		return 1;
	if (py_word_in(" no n false f 0 ", low->s, low->n))
		return 0;
	pyraise(ev, "ValueError: Invalid boolean value '%.*s'", (int)low->n, low->s);
	return -1;
}

struct pv *
py_oe_types_boolean(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	int r = oe_boolean(ev, a[0]);

	return r < 0 ? NULL : py_mkbool(r);
}

struct pv *
py_oe_conditional(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	int r;

	if (!need_d(ev, a[4]) || !(v = dvar(ev, a[0])) || (r = py_eq(ev, v, a[1])) < 0)
		return NULL;
	return r ? a[2] : a[3];
}

struct pv *
py_oe_vartrue(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	int r;

	if (!need_d(ev, a[3]) || !(v = dvar(ev, a[0])) || (r = oe_boolean(ev, v)) < 0)
		return NULL;
	return r ? a[1] : a[2];
}

struct pv *
py_oe_less_or_equal(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	double x, y;

	if (!need_d(ev, a[4]) || !(v = dvar(ev, a[0])) || py_float_of(ev, v, &x) < 0 ||
	    py_float_of(ev, a[1], &y) < 0)
		return NULL;
	return x <= y ? a[2] : a[3];
}

struct pv *
py_oe_version_less_or_equal(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	long long r;

	if (!need_d(ev, a[4]) || !(v = dvar(ev, a[0])) || vercmp_string(ev, v, a[1], &r) < 0)
		return NULL;
	return r <= 0 ? a[2] : a[3];
}

static int
at_cmp(const void *pa, const void *pb)
{
	const struct word *a = pa, *b = pb;

	return a->at < b->at ? -1 : a->at > b->at;
}

/* the first occurrences of the words in ws that are (not) in other, in original order */
static struct pv *
words_pick(struct ev *ev, struct words *ws, const struct words *other, bool in, bool ordered)
{
	size_t i, k = 0;

	for (i = 0; i < ws->n; i++)
		if (ws->w[i].first && (!other || py_words_has(other, ws->w[i].s, ws->w[i].n) == in))
			ws->w[k++] = ws->w[i];
	if (ordered)
		qsort(ws->w, k, sizeof(*ws->w), at_cmp);
	return py_words_join(ev, ws->w, k);
}

struct pv *
py_oe_both_contain(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct words w1, w2, cw;
	size_t i;
	bool other;

	if (!need_d(ev, a[3]) || var_words(ev, a[0], &w1) < 0 || var_words(ev, a[1], &w2) < 0 ||
	    check_words(ev, a[2], &cw, &other) < 0)
		return NULL;
	for (i = 0; i < cw.n; i++)
		if (!py_words_has(&w1, cw.w[i].s, cw.w[i].n) || !py_words_has(&w2, cw.w[i].s, cw.w[i].n))
			return py_mksub(ev, "", 0);
	return other ? py_mksub(ev, "", 0) : words_pick(ev, &cw, NULL, true, true);
}

struct pv *
py_oe_set_intersect(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct words w1, w2;

	if (!need_d(ev, a[2]) || var_words(ev, a[0], &w1) < 0 || var_words(ev, a[1], &w2) < 0)
		return NULL;
	return words_pick(ev, &w1, &w2, true, true);
}

static struct pv *
set_difference(struct ev *ev, struct pv *n1, struct pv *n2)
{
	struct words w1, w2;
	struct pv *v1, *v2;

	if (!(v1 = dvar(ev, n1)))
		return NULL;
	if (!py_truthy(v1))
		return py_mksub(ev, "", 0);
	if (!(v2 = dvar(ev, n2)))
		return NULL;
	if (!py_truthy(v2))
		return v1;
	if (py_words_of(ev, v1->s, v1->n, &w1) < 0 || py_words_of(ev, v2->s, v2->n, &w2) < 0)
		return NULL;
	if (py_words_has(&w2, "*", 1))
		return py_mksub(ev, "", 0);
	return words_pick(ev, &w1, &w2, false, false);
}

struct pv *
py_oe_set_difference(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return need_d(ev, a[2]) ? set_difference(ev, a[0], a[1]) : NULL;
}

struct pv *
py_oe_filter_default_features(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *s1, *s2, *n1, *n2;

	if (!need_d(ev, a[1]) || !(s1 = py_mksub(ev, "_DEFAULTS", 9)) ||
	    !(s2 = py_mksub(ev, "_OPTED_OUT", 10)) || !(n1 = py_binop(ev, '+', a[0], s1)) ||
	    !(n2 = py_binop(ev, '+', a[0], s2)))
		return NULL;
	return set_difference(ev, n1, n2);
}

struct pv *
py_oe_prune_suffix(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv **items, *var = a[0], *prefix;
	size_t i, cnt;

	if (!need_d(ev, a[2]) || !(items = py_iter_items(ev, a[1], &cnt)))
		return NULL;
	for (i = 0; i < cnt; i++) {
		if (!py_truthy(items[i]))
			continue;
		if (var->t != T_STR)
			return py_attr_error(ev, var, "endswith");
		if (items[i]->t != T_STR)
			return py_unsup(ev, "prune_suffix() of a %s suffix", py_tname(items[i]));
		if (py_affix_match(var, items[i], true) &&
		    !(var = py_mksub(ev, var->s, var->n - items[i]->n)))
			return NULL;
	}
	if (!(prefix = py_getvar(ev, py_mksub(ev, "MLPREFIX", 8), true)))
		return NULL;
	if (!py_truthy(prefix))
		return var;
	if (var->t != T_STR)
		return py_attr_error(ev, var, "startswith");
	if (!py_affix_match(var, prefix, false))
		return var;
	return py_mksub(ev, var->s + prefix->n, var->n - prefix->n);
}

/*
 * bb.parse.vars_from_file: (PN, PV, PR) from a recipe's file name
 * "name_version_revision.bb", (None, None, None) for other files
 */
struct pv *
py_bb_vars_from_file(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *fn = a[0], *r;
	const char *base, *end, *p;
	size_t k = 0;

	if (fn->t != T_STR && fn->t != T_NONE)
		return py_unsup(ev, "vars_from_file() of a %s", py_tname(fn));
	if (!(r = py_mkseq(ev, T_TUPLE, 3)))
		return NULL;
	r->v[0] = r->v[1] = r->v[2] = &py_none;
	if (fn->t == T_NONE || !fn->n)
		return r;
	end = fn->s + fn->n;
	if (!(fn->n >= 3 && !memcmp(end - 3, ".bb", 3)) &&
	    !(fn->n >= 9 && !memcmp(end - 9, ".bbappend", 9)))
		return r;
	for (base = end; base > fn->s && base[-1] != '/'; base--)
		;
	/* os.path.splitext: the last '.' not leading the name */
	for (p = end; p > base + 1 && p[-1] != '.'; p--)
		;
	end = p - 1;
	r->t = T_LIST;
	for (p = base; k < 3; k++) {
		const char *q = memchr(p, '_', (size_t)(end - p));

		if (!(r->v[k] = py_mksub(ev, p, (size_t)((q ? q : end) - p))))
			return NULL;
		if (!q)
			return r;
		p = q + 1;
	}
	return pyraise(ev, "ParseError: Unable to generate default variables from filename "
		"(too many underscores)");
}

struct pv *
py_oe_ifelse(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (py_truthy(a[0]))
		return a[1] ? a[1] : &py_true;
	return a[2] ? a[2] : &py_false;
}

struct pv *
py_oe_cpu_count(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *least = a[0], *most = a[1], *cpus, *r;
	cpu_set_t set;

	if ((least && !py_isnum(least)) || (most && !py_isnum(most)))
		return py_unsup(ev, "cpu_count() of a non-int");
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return py_unsup(ev, "cannot count the cpus");
	if (!(cpus = py_mkint(ev, CPU_COUNT(&set))))
		return NULL;
	r = most && most->i < cpus->i ? most : cpus;
	if (!most && cpus->i > 64)
		r = py_mkint(ev, 64);
	if (least)
		return least->i > r->i ? least : r;
	return r->i < 1 ? py_mkint(ev, 1) : r;
}

/* oe.reproducible */

/* an int() of s, or NULL with nothing raised when python's int() would raise */
static struct pv *
int_or_none(struct ev *ev, struct pv *s, bool *bad)
{
	size_t mark = ev->why->len;
	struct pv *v = py_int_of_str(ev, s);

	*bad = !v && ev->status == BB_PY_RAISE;
	if (*bad) {
		ev->status = 0;
		bb_buf_setlen(ev->why, mark);
	}
	return v;
}

/* SOURCE_DATE_EPOCH from the file do_unpack writes, else SOURCE_DATE_EPOCH_FALLBACK; the
   value is not cached in the datastore (__CACHED_SOURCE_DATE_EPOCH), as on a first call */
struct pv *
py_oe_epochfile_read(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	static const char fb_name[] = "SOURCE_DATE_EPOCH_FALLBACK";
	struct pv *fb, *v;
	char *path, buf[4097];
	struct stat st;
	ssize_t got;
	bool bad;
	int fd;

	(void)self, (void)n;
	if (!is_d(a[1]))
		return py_unsup(ev, "epochfile_read() with a datastore other than d");
	if (!(fb = py_mksub(ev, fb_name, sizeof(fb_name) - 1)) || !(fb = py_getvar(ev, fb, true)))
		return NULL;
	if (fb->t != T_STR)
		return py_unsup(ev, "epochfile_read() without SOURCE_DATE_EPOCH_FALLBACK");
	if (!(fb = int_or_none(ev, fb, &bad)))
		return bad ? py_unsup(ev, "SOURCE_DATE_EPOCH_FALLBACK is not an int") : NULL;
	if (a[0]->t != T_STR || memchr(a[0]->s, 0, a[0]->n))
		return py_unsup(ev, "epochfile_read() of a %s", py_tname(a[0]));
	path = xstrndup(a[0]->s, a[0]->n);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return errno == ENOENT ? py_str_of(ev, fb) :
		       py_unsup(ev, "epochfile_read() cannot open '%.*s'", (int)a[0]->n, a[0]->s);
	got = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, buf, sizeof(buf)) : -1;
	close(fd);
	if (got < 0 || got == (ssize_t)sizeof(buf))
		return py_unsup(ev, "epochfile_read() of '%.*s': not a small regular file",
				(int)a[0]->n, a[0]->s);
	if (!(v = py_mkcopy(ev, buf, (size_t)got)))
		return NULL;
	if (!bb_utf8_valid((const unsigned char *)buf, (size_t)got) ||
	    !(v = int_or_none(ev, v, &bad)))
		return ev->status ? NULL : py_unsup(ev, "epochfile_read() of '%.*s': not an int"
						    " (bitbake warns and takes the fallback)",
						    (int)a[0]->n, a[0]->s);
	return py_str_of(ev, v);
}

/* os.path, os, time */

static struct pv *
need_path(struct ev *ev, struct pv *p)
{
	if (p->t == T_STR)
		return p;
	if (py_opaque(p))
		return py_unsup(ev, "path of a %s", py_tname(p));
	return pyraise(ev, "TypeError: expected str, bytes or os.PathLike object, not %s", py_tname(p));
}

static size_t
after_slash(struct pv *p)
{
	size_t i = p->n;

	while (i > 0 && p->s[i - 1] != '/')
		i--;
	return i;
}

struct pv *
py_os_basename(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	size_t i;

	if (!need_path(ev, a[0]))
		return NULL;
	i = after_slash(a[0]);
	return py_mksub(ev, a[0]->s + i, a[0]->n - i);
}

struct pv *
py_os_dirname(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	size_t i, k = 0;

	if (!need_path(ev, a[0]))
		return NULL;
	i = after_slash(a[0]);
	while (k < i && a[0]->s[k] == '/')
		k++;
	while (k < i && i > 0 && a[0]->s[i - 1] == '/')
		i--;
	return py_mksub(ev, a[0]->s, i);
}

/* bb.utils.which(path, item, direction, history, executable): the first path/item that exists */
struct pv *
py_bb_which(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_strvec dirs = BB_STRVEC_INIT;
	bool exe = a[4] && py_truthy(a[4]), rev = a[2] && py_truthy(a[2]);
	struct pv *ret = NULL;
	char *path, *item;

	if (a[0]->t != T_NONE && !need_path(ev, a[0]))
		return NULL;
	if (!need_path(ev, a[1]))
		return NULL;
	if (a[3] && py_truthy(a[3]))
		return py_unsup(ev, "bb.utils.which with history");
	path = a[0]->t == T_STR ? xstrndup(a[0]->s, a[0]->n) : xstrdup("");
	item = xstrndup(a[1]->s, a[1]->n);
	bb_strvec_splitc(&dirs, path, ':');
	for (size_t i = 0; i < dirs.n && !ret; i++) {
		char *c = bb_path_join(dirs.v[rev ? dirs.n - 1 - i : i], item);
		struct stat st;

		if (exe ? stat(c, &st) == 0 && S_ISREG(st.st_mode) && !access(c, X_OK) :
			bb_path_exists(c)) {
			char *abs = bb_path_abs(c);

			ret = py_mkcopy(ev, abs, strlen(abs));
			free(abs);
		}
		free(c);
	}
	bb_strvec_clear(&dirs);
	free(path);
	free(item);
	return ret ? ret : py_mksub(ev, "", 0);
}

struct pv *
py_os_join(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		if (!need_path(ev, a[i]))
			return NULL;
	for (i = 0; i < n; i++) {
		if (a[i]->n && a[i]->s[0] == '/')
			bb_buf_reset(&b);
		else if (b.len && b.buf[b.len - 1] != '/')
			bb_buf_addch(&b, '/');
		bb_buf_add(&b, a[i]->s, a[i]->n);
		if (b.len > BB_PY_MAX_STR)
			break;
	}
	return py_mkbuf(ev, &b);
}

struct pv *
py_os_normpath(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *p = a[0];
	struct word *comps;
	struct bb_buf b = BB_BUF_INIT;
	size_t i, j, nc = 0, cl, init;
	bool dd;

	if (!need_path(ev, p) || !(comps = py_alloc(ev, (p->n / 2 + 2) * sizeof(*comps))))
		return NULL;
	if (!p->n)
		return py_mksub(ev, ".", 1);
	/* posix keeps exactly two leading slashes */
	init = p->s[0] != '/' ? 0 : p->n >= 2 && p->s[1] == '/' && (p->n < 3 || p->s[2] != '/') ? 2 : 1;
	for (i = 0; i <= p->n; i = j + 1) {
		for (j = i; j < p->n && p->s[j] != '/'; j++)
			;
		cl = j - i;
		if (!cl || (cl == 1 && p->s[i] == '.'))
			continue;
		dd = cl == 2 && p->s[i] == '.' && p->s[i + 1] == '.';
		if (!dd || (!init && !nc) ||
		    (nc && comps[nc - 1].n == 2 && !memcmp(comps[nc - 1].s, "..", 2)))
			comps[nc++] = (struct word){ p->s + i, cl, 0, false };
		else if (nc)
			nc--;
	}
	bb_buf_add(&b, "//", init);
	for (i = 0; i < nc; i++) {
		if (i)
			bb_buf_addch(&b, '/');
		bb_buf_add(&b, comps[i].s, comps[i].n);
	}
	if (!b.len)
		bb_buf_addch(&b, '.');
	return py_mkbuf(ev, &b);
}

struct pv *
py_os_uname(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct utsname u;
	const char *f[5];
	struct pv *r;
	size_t i;

	if (uname(&u) < 0)
		return py_unsup(ev, "uname() failed");
	f[0] = u.sysname, f[1] = u.nodename, f[2] = u.release, f[3] = u.version, f[4] = u.machine;
	if (!(r = py_mkseq(ev, T_UNAME, 5)))
		return NULL;
	for (i = 0; i < 5; i++) {
		if (!bb_utf8_valid((const unsigned char *)f[i], strlen(f[i])))
			return py_unsup(ev, "uname() is not utf-8");
		if (!(r->v[i] = py_mkcopy(ev, f[i], strlen(f[i]))))
			return NULL;
	}
	return r;
}

/*
 * os.getpid(), os.getuid(), os.getgid(): this process's, as BitBake's are
 * those of the process that expands the value (a task's run file names the
 * same PID as the fifo of logging.bbclass's LOGFIFO)
 */
struct pv *
py_os_getpid(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkint(ev, (long long)getpid());
}

struct pv *
py_os_getuid(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkint(ev, (long long)getuid());
}

struct pv *
py_os_getgid(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkint(ev, (long long)getgid());
}

struct pv *
py_time_gmtime(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *r;

	if (a[0] && a[0]->t != T_NONE && !py_isnum(a[0]))
		return py_unsup(ev, "gmtime() of a %s", py_tname(a[0]));
	if ((r = py_newv(ev, T_TIME))) {
		r->i = a[0] && a[0]->t != T_NONE ? a[0]->i : (long long)time(NULL);
		r->n = 1;
	}
	return r;
}

struct pv *
py_time_strftime(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	char fmt[3] = "%", tmp[64];
	time_t t = a[1] ? (time_t)a[1]->i : time(NULL);
	struct tm tm;
	size_t i;

	if (a[0]->t != T_STR || (a[1] && a[1]->t != T_TIME))
		return py_unsup(ev, "strftime() arguments");
	if (!(a[1] ? gmtime_r(&t, &tm) : localtime_r(&t, &tm)))
		return py_unsup(ev, "time out of range");
	for (i = 0; i < a[0]->n; i++) {
		if (a[0]->s[i] != '%') {
			bb_buf_addch(&b, a[0]->s[i]);
			continue;
		}
		if (++i >= a[0]->n || !strchr("YmdHMSyjeI%", a[0]->s[i]) || !a[0]->s[i]) {
			bb_buf_release(&b);
			return py_unsup(ev, "strftime() format %s", py_describe(ev, a[0]));
		}
		fmt[1] = a[0]->s[i];
		bb_buf_add(&b, tmp, strftime(tmp, sizeof(tmp), fmt, &tm));
	}
	return py_mkbuf(ev, &b);
}
