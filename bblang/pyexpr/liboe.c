/* pyexpr/liboe.c: oe.types, oe.utils, oe.packagegroup and oe.reproducible */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_getaffinity */
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pyexpr-int.h"
#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "bblang/utf8.h"
#include "bblang/util.h"

static int oe_boolean(struct ev *ev, struct pv *v);

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

	if (!py_need_d(ev, a[0]) || !delim)
		return NULL;
	for (size_t i = 0; i < sizeof(ml) / sizeof(ml[0]); i++) {
		struct pv *name = py_mksub(ev, ml[i], strlen(ml[i]));

		if (!name || !(v = py_dvar(ev, name)))
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
	if (!(v = py_dvar(ev, a[1])))
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

	if (!py_need_d(ev, a[1]) || !(flag = py_mksub(ev, "type", 4)) ||
	    !(type = py_getflag(ev, a[0], flag, true)) || !(val = py_dvar(ev, a[0])))
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

	if (!opt || !py_need_d(ev, a[1]) || !(items = py_iter_items(ev, a[0], &cnt)))
		return NULL;
	for (size_t i = 0; i < cnt; i++) {
		struct pv *name = py_mkname(ev, "FEATURE_PACKAGES_", items[i]), *f, *pkgs, *words;
		struct pv **w;
		size_t nw;

		if (!name || !(f = py_getflag(ev, name, opt, true)))
			return NULL;
		if (which >= 0 && py_truthy(f) != (which == 1))
			continue;
		if (!(pkgs = py_dvar(ev, name)))
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
	if (!(low = py_lowered(ev, v)))
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

	if (!py_need_d(ev, a[4]) || !(v = py_dvar(ev, a[0])) || (r = py_eq(ev, v, a[1])) < 0)
		return NULL;
	return r ? a[2] : a[3];
}

struct pv *
py_oe_vartrue(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	int r;

	if (!py_need_d(ev, a[3]) || !(v = py_dvar(ev, a[0])) || (r = oe_boolean(ev, v)) < 0)
		return NULL;
	return r ? a[1] : a[2];
}

struct pv *
py_oe_less_or_equal(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	double x, y;

	if (!py_need_d(ev, a[4]) || !(v = py_dvar(ev, a[0])) || py_float_of(ev, v, &x) < 0 ||
	    py_float_of(ev, a[1], &y) < 0)
		return NULL;
	return x <= y ? a[2] : a[3];
}

struct pv *
py_oe_version_less_or_equal(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	long long r;

	if (!py_need_d(ev, a[4]) || !(v = py_dvar(ev, a[0])) || py_vercmp_string(ev, v, a[1], &r) < 0)
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

	if (!py_need_d(ev, a[3]) || py_var_words(ev, a[0], &w1) < 0 || py_var_words(ev, a[1], &w2) < 0 ||
	    py_check_words(ev, a[2], &cw, &other) < 0)
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

	if (!py_need_d(ev, a[2]) || py_var_words(ev, a[0], &w1) < 0 || py_var_words(ev, a[1], &w2) < 0)
		return NULL;
	return words_pick(ev, &w1, &w2, true, true);
}

static struct pv *
set_difference(struct ev *ev, struct pv *n1, struct pv *n2)
{
	struct words w1, w2;
	struct pv *v1, *v2;

	if (!(v1 = py_dvar(ev, n1)))
		return NULL;
	if (!py_truthy(v1))
		return py_mksub(ev, "", 0);
	if (!(v2 = py_dvar(ev, n2)))
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
	return py_need_d(ev, a[2]) ? set_difference(ev, a[0], a[1]) : NULL;
}

struct pv *
py_oe_filter_default_features(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *s1, *s2, *n1, *n2;

	if (!py_need_d(ev, a[1]) || !(s1 = py_mksub(ev, "_DEFAULTS", 9)) ||
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

	if (!py_need_d(ev, a[2]) || !(items = py_iter_items(ev, a[1], &cnt)))
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
	if (!py_is_d(a[1]))
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
