/* pyexpr/str.c: word sets, str methods and the builtins (int, str, bool, len, any, all, sorted) */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/utf8.h"

/* word sets (python set() of str.split() results) */

int
py_word_cmp(const void *pa, const void *pb)
{
	const struct word *a = pa, *b = pb;
	int r = memcmp(a->s, b->s, a->n < b->n ? a->n : b->n);

	if (r)
		return r;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/* the next word of s[0..n) from *i on (str.split()): its start in *start, its length (0: none) */
static size_t
next_word(const char *s, size_t n, size_t *i, size_t *start)
{
	size_t k, j;

	while (*i < n && (k = bb_py_space_at(s, n, *i)))
		*i += k;
	for (j = *i; j < n && !bb_py_space_at(s, n, j); j++)
		;
	*start = *i;
	*i = j;
	return j - *start;
}

/* whitespace-split s into ws, sorted, each word's first occurrence marked */
int
py_words_of(struct ev *ev, const char *s, size_t n, struct words *ws)
{
	size_t i = 0, k, at, cnt = 0;

	if (!(ws->w = py_alloc(ev, (n / 2 + 1) * sizeof(*ws->w))))
		return -1;
	while ((k = next_word(s, n, &i, &at)))
		ws->w[cnt] = (struct word){ s + at, k, cnt, false }, cnt++;
	ws->n = cnt;
	if (py_spend(ev, n + cnt * 20) < 0)
		return -1;
	qsort(ws->w, cnt, sizeof(*ws->w), py_word_cmp);
	for (i = 0; i < cnt; i++)
		ws->w[i].first = !i || ws->w[i].n != ws->w[i - 1].n ||
				 memcmp(ws->w[i].s, ws->w[i - 1].s, ws->w[i].n);
	return 0;
}

int
py_word_strcmp(const struct word *w, const char *s, size_t n)
{
	int r = memcmp(w->s, s, w->n < n ? w->n : n);

	if (r)
		return r;
	return w->n < n ? -1 : w->n > n;
}

bool
py_words_has(const struct words *ws, const char *s, size_t n)
{
	size_t lo = 0, hi = ws->n, mid;
	int r;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (!(r = py_word_strcmp(&ws->w[mid], s, n)))
			return true;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool
py_str_has_word(const char *s, size_t n, const char *w, size_t wn)
{
	size_t i = 0, k, at;

	while ((k = next_word(s, n, &i, &at)))
		if (k == wn && !memcmp(s + at, w, wn))
			return true;
	return false;
}

struct pv *
py_words_join(struct ev *ev, struct word *w, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			bb_buf_addch(&b, ' ');
		bb_buf_add(&b, w[i].s, w[i].n);
	}
	return py_mkbuf(ev, &b);
}

/* str methods */

static int
opt_int(struct ev *ev, struct pv *v, long long dflt, long long *out)
{
	if (!v) {
		*out = dflt;
		return 0;
	}
	if (!py_isnum(v)) {
		pyraise(ev, "TypeError: '%s' object cannot be interpreted as an integer", py_tname(v));
		return -1;
	}
	*out = v->i;
	return 0;
}

static int
push_sub(struct ev *ev, struct vec *vc, const char *s, size_t n)
{
	struct pv *v = py_mksub(ev, s, n);

	return v ? py_vec_push(ev, vc, v) : -1;
}

static void
vec_reverse(struct vec *vc)
{
	size_t i;
	struct pv *t;

	for (i = 0; i < vc->n / 2; i++) {
		t = vc->v[i];
		vc->v[i] = vc->v[vc->n - 1 - i];
		vc->v[vc->n - 1 - i] = t;
	}
}

static struct pv *
split_ws(struct ev *ev, struct pv *s, long long max)
{
	struct vec vc = { 0 };
	size_t i = 0, j, k, n = s->n;

	for (; max != 0; max--) {
		while (i < n && (k = bb_py_space_at(s->s, n, i)))
			i += k;
		if (i == n)
			break;
		for (j = i; i < n && !bb_py_space_at(s->s, n, i); i++)
			;
		if (push_sub(ev, &vc, s->s + j, i - j) < 0)
			return NULL;
	}
	while (i < n && (k = bb_py_space_at(s->s, n, i)))
		i += k;
	if (i < n && push_sub(ev, &vc, s->s + i, n - i) < 0)
		return NULL;
	return py_vec_seq(ev, &vc, T_LIST);
}

static struct pv *
rsplit_ws(struct ev *ev, struct pv *s, long long max)
{
	struct vec vc = { 0 };
	size_t e = s->n, b, k;

	for (; max != 0; max--) {
		while (e > 0 && (k = bb_py_space_before(s->s, e)))
			e -= k;
		if (!e)
			break;
		for (b = e; b > 0 && !bb_py_space_before(s->s, b);)
			while (b > 0 && ((unsigned char)s->s[--b] & 0xc0) == 0x80)
				;
		if (push_sub(ev, &vc, s->s + b, e - b) < 0)
			return NULL;
		e = b;
	}
	while (e > 0 && (k = bb_py_space_before(s->s, e)))
		e -= k;
	if (e > 0 && push_sub(ev, &vc, s->s, e) < 0)
		return NULL;
	vec_reverse(&vc);
	return py_vec_seq(ev, &vc, T_LIST);
}

/* last occurrence of t in s[0..end), or -1 */
static long long
rfind(struct ev *ev, const char *s, size_t end, struct pv *t)
{
	size_t p;

	if (t->n > end)
		return -1;
	for (p = end - t->n;; p--) {
		if (py_spend(ev, t->n) < 0)
			return -2;
		if (!memcmp(s + p, t->s, t->n))
			return (long long)p;
		if (!p)
			return -1;
	}
}

static struct pv *
split_sep(struct ev *ev, struct pv *s, struct pv *sep, long long max, bool rev)
{
	struct vec vc = { 0 };
	const char *f;
	size_t i = 0, e = s->n;
	long long p;

	if (py_spend(ev, s->n) < 0)
		return NULL;
	for (; max != 0 && !rev; max--) {
		if (!(f = py_find(ev, s->s + i, s->n - i, sep)))
			break;
		if (push_sub(ev, &vc, s->s + i, (size_t)(f - s->s) - i) < 0)
			return NULL;
		i = (size_t)(f - s->s) + sep->n;
	}
	for (; max != 0 && rev; max--) {
		if ((p = rfind(ev, s->s, e, sep)) < 0)
			break;
		if (push_sub(ev, &vc, s->s + p + sep->n, e - (size_t)p - sep->n) < 0)
			return NULL;
		e = (size_t)p;
	}
	if (ev->status || push_sub(ev, &vc, s->s + i, e - i) < 0)
		return NULL;
	if (rev)
		vec_reverse(&vc);
	return py_vec_seq(ev, &vc, T_LIST);
}

static struct pv *
do_split(struct ev *ev, struct pv *self, struct pv **a, bool rev)
{
	long long max;

	if (opt_int(ev, a[1], -1, &max) < 0)
		return NULL;
	if (max < 0)
		max = -1;
	if (!a[0] || a[0]->t == T_NONE)
		return rev ? rsplit_ws(ev, self, max) : split_ws(ev, self, max);
	if (a[0]->t != T_STR)
		return pyraise(ev, "TypeError: must be str or None, not %s", py_tname(a[0]));
	if (!a[0]->n)
		return pyraise(ev, "ValueError: empty separator");
	return split_sep(ev, self, a[0], max, rev);
}

struct pv *
py_m_split(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_split(ev, self, a, false);
}

struct pv *
py_m_rsplit(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_split(ev, self, a, true);
}

static struct pv *
do_strip(struct ev *ev, struct pv *self, struct pv *chars, int mode, const char *name)
{
	size_t a = 0, b = self->n, k;

	if (!chars || chars->t == T_NONE) {
		while ((mode & 1) && a < b && (k = bb_py_space_at(self->s, b, a)))
			a += k;
		while ((mode & 2) && b > a && (k = bb_py_space_before(self->s, b)))
			b -= k;
	} else if (chars->t == T_STR) {
		if (!py_is_ascii(chars->s, chars->n))
			return py_unsup(ev, "%s() of non-ascii characters", name);
		while ((mode & 1) && a < b && chars->n && memchr(chars->s, self->s[a], chars->n))
			a++;
		while ((mode & 2) && b > a && chars->n &&
		       memchr(chars->s, self->s[b - 1], chars->n))
			b--;
	} else {
		return pyraise(ev, "TypeError: %s arg must be None or str", name);
	}
	return py_mksub(ev, self->s + a, b - a);
}

struct pv *
py_m_strip(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_strip(ev, self, a[0], 3, "strip");
}

struct pv *
py_m_lstrip(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_strip(ev, self, a[0], 1, "lstrip");
}

struct pv *
py_m_rstrip(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_strip(ev, self, a[0], 2, "rstrip");
}

/* str.replace with an empty old string inserts before every character */
static struct pv *
replace_empty(struct ev *ev, struct pv *self, struct pv *nw, long long max)
{
	struct bb_buf b = BB_BUF_INIT;
	size_t i;

	if (max < 0 || max > (long long)self->n + 1)
		max = (long long)self->n + 1;
	if ((size_t)max * nw->n + self->n > BB_PY_MAX_STR)
		return py_unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
	for (i = 0; i <= self->n; i++) {
		if (max && (i == self->n || ((unsigned char)self->s[i] & 0xc0) != 0x80)) {
			bb_buf_add(&b, nw->s, nw->n);
			max--;
		}
		if (i < self->n)
			bb_buf_addch(&b, self->s[i]);
	}
	return py_mkbuf(ev, &b);
}

struct pv *
py_m_replace(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	long long max;
	size_t i = 0, k;
	const char *f;

	for (k = 0; k < 2; k++)
		if (a[k]->t != T_STR)
			return pyraise(ev, "TypeError: replace() argument %zu must be str, not %s", k + 1,
				       py_tname(a[k]));
	if (opt_int(ev, a[2], -1, &max) < 0 || py_spend(ev, self->n) < 0)
		return NULL;
	if (!a[0]->n)
		return replace_empty(ev, self, a[1], max);
	for (; max != 0 && (f = py_find(ev, self->s + i, self->n - i, a[0])); max--) {
		bb_buf_add(&b, self->s + i, (size_t)(f - self->s) - i);
		bb_buf_add(&b, a[1]->s, a[1]->n);
		i = (size_t)(f - self->s) + a[0]->n;
		if (b.len > BB_PY_MAX_STR)
			break;
	}
	bb_buf_add(&b, self->s + i, self->n - i);
	return py_mkbuf(ev, &b);
}

struct pv *
py_do_case(struct ev *ev, struct pv *self, bool up)
{
	struct pv *r;
	char *p;
	size_t i;

	if (!py_is_ascii(self->s, self->n))
		return py_unsup(ev, "%s() of a non-ascii string", up ? "upper" : "lower");
	if (!(r = py_mkstr(ev, self->n, &p)))
		return NULL;
	for (i = 0; i < self->n; i++) {
		p[i] = self->s[i];
		if (up && p[i] >= 'a' && p[i] <= 'z')
			p[i] -= 32;
		else if (!up && p[i] >= 'A' && p[i] <= 'Z')
			p[i] += 32;
	}
	return r;
}

struct pv *
py_m_lower(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_do_case(ev, self, false);
}

struct pv *
py_m_upper(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_do_case(ev, self, true);
}

bool
py_affix_match(struct pv *self, struct pv *x, bool end)
{
	return x->n <= self->n && !memcmp(self->s + (end ? self->n - x->n : 0), x->s, x->n);
}

static struct pv *
do_affix(struct ev *ev, struct pv *self, struct pv **a, bool end)
{
	const char *name = end ? "endswith" : "startswith";
	size_t i;

	if (a[1] || a[2])
		return py_unsup(ev, "%s() with start or end", name);
	if (a[0]->t == T_STR)
		return py_mkbool(py_affix_match(self, a[0], end));
	if (a[0]->t != T_TUPLE)
		return pyraise(ev, "TypeError: %s first arg must be str or a tuple of str, not %s",
			       name, py_tname(a[0]));
	for (i = 0; i < a[0]->n; i++) {
		if (a[0]->v[i]->t != T_STR)
			return pyraise(ev, "TypeError: tuple for %s must only contain str, not %s",
				       name, py_tname(a[0]->v[i]));
		if (py_affix_match(self, a[0]->v[i], end))
			return &py_true;
	}
	return &py_false;
}

struct pv *
py_m_startswith(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_affix(ev, self, a, false);
}

struct pv *
py_m_endswith(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_affix(ev, self, a, true);
}

/* str.find(sub): the code point index of sub's first occurrence, or -1 */
struct pv *
py_m_find(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	const char *at;

	(void)n;
	if (a[0]->t != T_STR)
		return py_opaque(a[0]) ? py_unsup(ev, "find() of a %s", py_tname(a[0])) :
		       pyraise(ev, "TypeError: must be str, not %s", py_tname(a[0]));
	if (a[1] || a[2])
		return py_unsup(ev, "find() with start or end");
	if (!a[0]->n)
		return py_mkint(ev, 0);
	if (!(at = py_find(ev, self->s, self->n, a[0])))
		return ev->status ? NULL : py_mkint(ev, -1);
	return py_mkint(ev, (long long)py_cp_len(self->s, (size_t)(at - self->s)));
}

static struct pv *
do_remove(struct ev *ev, struct pv *self, struct pv *x, bool end)
{
	if (x->t != T_STR)
		return pyraise(ev, "TypeError: %s() argument must be str, not %s",
			       end ? "removesuffix" : "removeprefix", py_tname(x));
	if (!x->n || !py_affix_match(self, x, end))
		return self;
	return py_mksub(ev, self->s + (end ? 0 : x->n), self->n - x->n);
}

struct pv *
py_m_removeprefix(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_remove(ev, self, a[0], false);
}

struct pv *
py_m_removesuffix(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_remove(ev, self, a[0], true);
}

struct pv *
py_m_join(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	struct pv **items;
	size_t i, cnt;

	if (!(items = py_iter_items(ev, a[0], &cnt)))
		return NULL;
	for (i = 0; i < cnt; i++) {
		if (items[i]->t != T_STR) {
			bb_buf_release(&b);
			return pyraise(ev, "TypeError: sequence item %zu: expected str instance, %s found",
				       i, py_tname(items[i]));
		}
		if (i)
			bb_buf_add(&b, self->s, self->n);
		bb_buf_add(&b, items[i]->s, items[i]->n);
		if (b.len > BB_PY_MAX_STR)
			break;
	}
	return py_mkbuf(ev, &b);
}

/* builtins */

struct pv *
py_f_int(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (!a[0])
		return py_mkint(ev, 0);
	if (a[1] && a[0]->t != T_STR)
		return pyraise(ev, "TypeError: int() can't convert non-string with explicit base");
	if (a[1] && !(py_isnum(a[1]) && a[1]->i == 10))
		return py_unsup(ev, "int() with a base other than 10");
	if (py_isnum(a[0]))
		return a[0]->t == T_INT ? a[0] : py_mkint(ev, a[0]->i);
	if (a[0]->t == T_STR)
		return py_int_of_str(ev, a[0]);
	if (py_opaque(a[0]))
		return py_unsup(ev, "int() of a %s", py_tname(a[0]));
	return pyraise(ev, "TypeError: int() argument must be a string, a bytes-like object or a "
		       "real number, not '%s'", py_tname(a[0]));
}

struct pv *
py_f_str(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return a[0] ? py_str_of(ev, a[0]) : py_mksub(ev, "", 0);
}

struct pv *
py_f_bool(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkbool(a[0] && py_truthy(a[0]));
}

struct pv *
py_f_len(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (a[0]->t == T_STR)
		return py_mkint(ev, (long long)py_cp_len(a[0]->s, a[0]->n));
	if (py_isseq(a[0]) || a[0]->t == T_DICT)
		return py_mkint(ev, (long long)a[0]->n);
	if (a[0]->t == T_FUNC || a[0]->t == T_MOD)
		return py_unsup(ev, "len() of a %s", py_tname(a[0]));
	return pyraise(ev, "TypeError: object of type '%s' has no len()", py_tname(a[0]));
}

static struct pv *
do_anyall(struct ev *ev, struct pv *x, bool all)
{
	struct pv **items;
	size_t i, cnt;

	if (!(items = py_iter_items(ev, x, &cnt)))
		return NULL;
	for (i = 0; i < cnt; i++)
		if (py_truthy(items[i]) != all)
			return py_mkbool(!all);
	return py_mkbool(all);
}

struct pv *
py_f_any(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_anyall(ev, a[0], false);
}

struct pv *
py_f_all(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_anyall(ev, a[0], true);
}

/* a stable merge sort using only '<', like python's list.sort */
static int
merge_sort(struct ev *ev, struct pv **v, struct pv **tmp, size_t n)
{
	size_t m = n / 2, i = 0, j = m, k = 0;
	int c;

	if (n < 2)
		return 0;
	if (merge_sort(ev, v, tmp, m) < 0 || merge_sort(ev, v + m, tmp, n - m) < 0)
		return -1;
	while (i < m && j < n) {
		if (py_cmp(ev, v[j], v[i], "<", &c) < 0)
			return -1;
		tmp[k++] = c < 0 ? v[j++] : v[i++];
	}
	while (i < m)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
	return 0;
}

struct pv *
py_f_sorted(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv **items, **tmp, *r;
	size_t cnt;

	if (!(items = py_iter_items(ev, a[0], &cnt)) || !(r = py_mkseq(ev, T_LIST, cnt)) ||
	    !(tmp = py_alloc(ev, (cnt + 1) * sizeof(*tmp))))
		return NULL;
	memcpy(r->v, items, cnt * sizeof(*items));
	return merge_sort(ev, r->v, tmp, cnt) < 0 ? NULL : r;
}
