/* pyexpr/lib.c: d.getVar, bb.utils and bb.parse */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "bblang/utf8.h"
#include "bblang/util.h"

/* the datastore */

bool
py_is_d(const struct pv *v)
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

struct pv *
py_need_d(struct ev *ev, struct pv *d)
{
	return py_is_d(d) ? d : py_unsup(ev, "a datastore other than d");
}

/* d.getVar(name) as the helpers call it: the name must be a str */
struct pv *
py_dvar(struct ev *ev, struct pv *name)
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

struct pv *
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
struct pv *
py_mkname(struct ev *ev, const char *prefix, const struct pv *rest)
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
int
py_check_words(struct ev *ev, struct pv *cv, struct words *out, bool *other)
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
int
py_var_words(struct ev *ev, struct pv *name, struct words *ws)
{
	struct pv *v = py_dvar(ev, name);

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

	if (!py_need_d(ev, a[4]) || !(val = py_dvar(ev, a[0])))
		return NULL;
	if (!py_truthy(val))
		return a[3];
	/* a few words to look for: each by a scan of the value, no sorted set */
	if (a[1]->t == T_STR && a[1]->n < 64) {
		if (py_spend(ev, val->n) < 0 || py_check_words(ev, a[1], &cw, &other) < 0 ||
		    py_spend(ev, val->n * cw.n) < 0)
			return NULL;
		for (i = 0; i < cw.n; i++)
			hit += py_str_has_word(val->s, val->n, cw.w[i].s, cw.w[i].n);
	} else {
		if (py_words_of(ev, val->s, val->n, &vw) < 0 ||
		    py_check_words(ev, a[1], &cw, &other) < 0)
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

	if (!py_need_d(ev, a[2]) || !(val = py_dvar(ev, a[0])))
		return NULL;
	if (!py_truthy(val))
		return py_mksub(ev, "", 0);
	if (py_words_of(ev, val->s, val->n, &vw) < 0 || py_check_words(ev, a[1], &cw, &other) < 0)
		return NULL;
	for (i = 0; i < cw.n; i++)
		if (cw.w[i].first && py_words_has(&vw, cw.w[i].s, cw.w[i].n))
			cw.w[k++] = cw.w[i];
	return py_words_join(ev, cw.w, k);
}

struct pv *
py_lowered(struct ev *ev, struct pv *s)
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
	if (!(low = py_lowered(ev, a[0])))
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

int
py_vercmp_string(struct ev *ev, struct pv *a, struct pv *b, long long *res)
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

	return py_vercmp_string(ev, a[0], a[1], &r) < 0 ? NULL : py_mkint(ev, r);
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
