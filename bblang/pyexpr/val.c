/* pyexpr/val.c: errors, the arena, values, str() and repr(), subscripts, iteration, equality */
#include <limits.h>
#include <stddef.h>
#include <stdarg.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/util.h"

struct pv py_none = { .t = T_NONE };
struct pv py_false = { .t = T_BOOL, .i = 0 };
struct pv py_true = { .t = T_BOOL, .i = 1 };

static void
vfail(struct ev *ev, int status, const char *fmt, va_list ap)
{
	size_t start = ev->why->len, i;

	if (ev->status)
		return;
	ev->status = status;
	bb_buf_vaddf(ev->why, fmt, ap);
	for (i = start; i < ev->why->len; i++)
		if ((unsigned char)ev->why->buf[i] < 0x20)
			ev->why->buf[i] = '?';
}

void
py_vfail_str(struct ev *ev, const char *msg)
{
	if (ev->status)
		return;
	ev->status = BB_PY_ERROR;
	bb_buf_addstr(ev->why, msg ? msg : "getvar failed");
}

struct pv *
py_fail(struct ev *ev, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(ev, status, fmt, ap);
	va_end(ap);
	return NULL;
}

void
py_track(struct ev *ev, void *p)
{
	ev->mem = bb_grow(ev->mem, ev->nmem, &ev->amem, sizeof(*ev->mem), 64);
	ev->mem[ev->nmem++] = p;
}

/* small allocations are cut from blocks of this size, freed with the evaluation */
enum { BLOCK = 4096, SMALL = 256 };

void *
py_alloc(struct ev *ev, size_t n)
{
	const size_t align = _Alignof(max_align_t);
	void *p;

	if (n > ARENA_MAX - ev->bytes) {
		py_unsup(ev, "memory limit exceeded");
		return NULL;
	}
	ev->bytes += n;
	if (BB_ASAN || n > SMALL) {
		p = xmalloc(n);
		py_track(ev, p);
		return p;
	}
	n = (n + align - 1) & ~(align - 1);
	if (n > ev->blk_left) {
		ev->blk = xmalloc(BLOCK);
		ev->blk_left = BLOCK;
		py_track(ev, ev->blk);
	}
	p = ev->blk + BLOCK - ev->blk_left;
	ev->blk_left -= n;
	return p;
}

int
py_spend(struct ev *ev, size_t n)
{
	ev->work += n + 1;
	if (ev->work <= WORK_MAX)
		return 0;
	py_unsup(ev, "evaluation too expensive");
	return -1;
}

/* the first occurrence of t (not empty) in s[0..n); memchr keeps sanitizers linear */
const char *
py_find(struct ev *ev, const char *s, size_t n, const struct pv *t)
{
	const char *p = s, *end = s + n;

	while (t->n <= (size_t)(end - p) && (p = memchr(p, t->s[0], (size_t)(end - p) - t->n + 1))) {
		if (py_spend(ev, t->n) < 0)
			return NULL;
		if (!memcmp(p + 1, t->s + 1, t->n - 1))
			return p;
		p++;
	}
	return NULL;
}

struct pv *
py_newv(struct ev *ev, enum pt t)
{
	struct pv *v = py_alloc(ev, sizeof(*v));

	if (v) {
		memset(v, 0, sizeof(*v));
		v->t = t;
	}
	return v;
}

struct pv *
py_mkint(struct ev *ev, long long i)
{
	struct pv *v = py_newv(ev, T_INT);

	if (v)
		v->i = i;
	return v;
}

struct pv *
py_mkbool(bool b)
{
	return b ? &py_true : &py_false;
}

/* a str sharing s, which must live as long as the arena */
struct pv *
py_mksub(struct ev *ev, const char *s, size_t n)
{
	struct pv *v = py_newv(ev, T_STR);

	if (v) {
		v->s = s;
		v->n = n;
	}
	return v;
}

/* a new str of n bytes; *p receives the writable storage */
struct pv *
py_mkstr(struct ev *ev, size_t n, char **p)
{
	struct pv *v;

	if (n > BB_PY_MAX_STR)
		return py_unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
	*p = py_alloc(ev, n + 1);
	if (!*p || !(v = py_mksub(ev, *p, n)))
		return NULL;
	(*p)[n] = '\0';
	return v;
}

struct pv *
py_mkcopy(struct ev *ev, const char *s, size_t n)
{
	char *p;
	struct pv *v = py_mkstr(ev, n, &p);

	if (v)
		memcpy(p, s, n);
	return v;
}

struct pv *
py_mkseq(struct ev *ev, enum pt t, size_t n)
{
	struct pv *v;

	if (n > ARENA_MAX / sizeof(struct pv *))
		return py_unsup(ev, "memory limit exceeded");
	v = py_newv(ev, t);
	if (v && !(v->v = py_alloc(ev, (n ? n : 1) * sizeof(*v->v))))
		return NULL;
	if (v)
		v->n = n;
	return v;
}

/* takes the storage of b */
struct pv *
py_mkbuf(struct ev *ev, struct bb_buf *b)
{
	size_t n = b->len;
	char *p;

	if (n > BB_PY_MAX_STR) {
		bb_buf_release(b);
		return py_unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
	}
	p = bb_buf_detach(b);
	py_track(ev, p);
	if (n > ARENA_MAX - ev->bytes)
		return py_unsup(ev, "memory limit exceeded");
	ev->bytes += n;
	return py_mksub(ev, p, n);
}

int
py_vec_push(struct ev *ev, struct vec *vc, struct pv *x)
{
	struct pv **nv;

	if (vc->n == vc->a) {
		vc->a = vc->a ? vc->a * 2 : 8;
		if (!(nv = py_alloc(ev, vc->a * sizeof(*nv))))
			return -1;
		if (vc->n)
			memcpy(nv, vc->v, vc->n * sizeof(*nv));
		vc->v = nv;
	}
	vc->v[vc->n++] = x;
	return 0;
}

struct pv *
py_vec_seq(struct ev *ev, struct vec *vc, enum pt t)
{
	struct pv *v;

	if (!vc->v && !(vc->v = py_alloc(ev, sizeof(*vc->v))))
		return NULL;
	v = py_newv(ev, t);

	if (v) {
		v->v = vc->v;
		v->n = t == T_DICT ? vc->n / 2 : vc->n;
	}
	return v;
}

const char *
py_tname(const struct pv *v)
{
	static const char *const names[] = {
		"NoneType", "bool", "int", "str", "list", "tuple", "dict",
		"builtin_function_or_method", "module", "posix.uname_result", "time.struct_time",
		"function", "re.Match",
	};

	return names[v->t];
}

bool
py_isnum(const struct pv *v)
{
	return v->t == T_INT || v->t == T_BOOL;
}

bool
py_isseq(const struct pv *v)
{
	return v->t == T_LIST || v->t == T_TUPLE || v->t == T_UNAME;
}

bool
py_opaque(const struct pv *v)
{
	return v->t == T_FUNC || v->t == T_MOD || v->t == T_UNAME || v->t == T_TIME ||
	       v->t == T_DEF || v->t == T_MATCH;
}

bool
py_truthy(const struct pv *v)
{
	switch (v->t) {
	case T_NONE:
		return false;
	case T_BOOL:
	case T_INT:
		return v->i != 0;
	case T_STR:
	case T_LIST:
	case T_TUPLE:
	case T_DICT:
		return v->n != 0;
	default:
		return true;
	}
}

/* a short repr for messages; never fails */
const char *
py_describe(struct ev *ev, struct pv *v)
{
	struct bb_buf b = BB_BUF_INIT;
	char *p;

	/* the repr is cut at 200 bytes: of a long str, the repr of its start is enough */
	if (v->t == T_STR && v->n > 256) {
		size_t n = 256;
		struct pv *head;

		while (n && ((unsigned char)v->s[n] & 0xc0) == 0x80)
			n--;
		if ((head = py_mksub(ev, v->s, n)))
			v = head;
	}
	ev->lenient = true;
	py_to_str(ev, v, &b, true);
	ev->lenient = false;
	if (b.len > 200) {
		bb_buf_setlen(&b, 200);
		bb_buf_addstr(&b, "...");
	}
	p = bb_buf_detach(&b);
	py_track(ev, p);
	return p;
}

/* str() and repr() */

static int
repr_str(struct ev *ev, const char *s, size_t n, struct bb_buf *b)
{
	char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
	unsigned char c;
	size_t i;

	if (!ev->lenient && !py_is_ascii(s, n)) {
		py_unsup(ev, "repr of a non-ascii string");
		return -1;
	}
	bb_buf_addch(b, q);
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (c == q || c == '\\')
			bb_buf_addf(b, "\\%c", c);
		else if (c == '\t' || c == '\n' || c == '\r')
			bb_buf_addf(b, "\\%c", c == '\t' ? 't' : c == '\n' ? 'n' : 'r');
		else if (c < 0x20 || c == 0x7f)
			bb_buf_addf(b, "\\x%02x", c);
		else
			bb_buf_addch(b, c);
	}
	bb_buf_addch(b, q);
	return 0;
}

static int
repr_items(struct ev *ev, struct pv *v, struct bb_buf *b)
{
	size_t i, step = v->t == T_DICT ? 2 : 1, n = v->n * step;

	for (i = 0; i < n; i += step) {
		if (i)
			bb_buf_addstr(b, ", ");
		if (py_to_str(ev, v->v[i], b, true) < 0)
			return -1;
		if (step == 2) {
			bb_buf_addstr(b, ": ");
			if (py_to_str(ev, v->v[i + 1], b, true) < 0)
				return -1;
		}
		if (b->len > BB_PY_MAX_STR) {
			py_unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
			return -1;
		}
	}
	return 0;
}

int
py_to_str(struct ev *ev, struct pv *v, struct bb_buf *b, bool repr)
{
	static const char open[] = "  [({", close[] = "  ])}";
	int rc;

	switch (v->t) {
	case T_NONE:
		bb_buf_addstr(b, "None");
		return 0;
	case T_BOOL:
		bb_buf_addstr(b, v->i ? "True" : "False");
		return 0;
	case T_INT:
		bb_buf_addf(b, "%lld", v->i);
		return 0;
	case T_STR:
		if (repr)
			return repr_str(ev, v->s, v->n, b);
		bb_buf_add(b, v->s, v->n);
		return 0;
	case T_LIST:
	case T_TUPLE:
	case T_DICT:
		bb_buf_addch(b, open[v->t - T_STR + 1]);
		rc = repr_items(ev, v, b);
		if (v->t == T_TUPLE && v->n == 1)
			bb_buf_addch(b, ',');
		bb_buf_addch(b, close[v->t - T_STR + 1]);
		return rc;
	default:
		if (ev->lenient) {
			bb_buf_addf(b, "<%s>", py_tname(v));
			return 0;
		}
		py_unsup(ev, "str() of a %s", py_tname(v));
		return -1;
	}
}

struct pv *
py_str_of(struct ev *ev, struct pv *v)
{
	struct bb_buf b = BB_BUF_INIT;

	if (v->t == T_STR)
		return v;
	if (py_to_str(ev, v, &b, false) < 0) {
		bb_buf_release(&b);
		return NULL;
	}
	return py_mkbuf(ev, &b);
}

/* subscripts */

/* code point i of s as byte offsets, for non-ascii strings */
static size_t *
cp_offsets(struct ev *ev, struct pv *s, size_t *count)
{
	size_t *off, i, k = 0;

	*count = py_cp_len(s->s, s->n);
	if (!(off = py_alloc(ev, (*count + 1) * sizeof(*off))))
		return NULL;
	for (i = 0; i < s->n; i++)
		if (((unsigned char)s->s[i] & 0xc0) != 0x80)
			off[k++] = i;
	off[k] = s->n;
	return off;
}

static struct pv *
index_seq(struct ev *ev, struct pv *v, struct pv *idx)
{
	size_t len = v->n, *off = NULL;
	long long i;

	if (!py_isnum(idx))
		return pyraise(ev, "TypeError: %s indices must be integers%s, not '%s'",
			       v->t == T_STR ? "string" : py_tname(v), v->t == T_STR ? "" : " or slices",
			       py_tname(idx));
	if (v->t == T_STR && !py_is_ascii(v->s, v->n) && !(off = cp_offsets(ev, v, &len)))
		return NULL;
	i = idx->i < 0 ? idx->i + (long long)len : idx->i;
	if (i < 0 || i >= (long long)len)
		return pyraise(ev, "IndexError: %s index out of range",
			       v->t == T_STR ? "string" : v->t == T_LIST ? "list" : "tuple");
	if (v->t != T_STR)
		return v->v[i];
	if (!off)
		return py_mksub(ev, v->s + i, 1);
	return py_mksub(ev, v->s + off[i], off[i + 1] - off[i]);
}

struct pv *
py_subscript(struct ev *ev, struct pv *v, struct pv *idx)
{
	long k;

	if (v->t == T_STR || py_isseq(v))
		return index_seq(ev, v, idx);
	if (v->t == T_DICT) {
		if ((k = py_dict_find(ev, v, idx)) >= 0)
			return v->v[2 * k + 1];
		return k == -1 ? pyraise(ev, "KeyError: %s", py_describe(ev, idx)) : NULL;
	}
	if (v->t == T_NONE || py_isnum(v))
		return pyraise(ev, "TypeError: '%s' object is not subscriptable", py_tname(v));
	return py_unsup(ev, "subscript of a %s", py_tname(v));
}

static int
slice_index(struct ev *ev, struct pv *x, long long dflt, long long *out)
{
	if (!x || x->t == T_NONE) {
		*out = dflt;
		return 0;
	}
	if (!py_isnum(x)) {
		pyraise(ev, "TypeError: slice indices must be integers or None or have an __index__ method");
		return -1;
	}
	*out = x->i;
	return 0;
}

static void
slice_adjust(long long len, long long step, long long *start, long long *stop, size_t *count)
{
	long long *p[2] = { start, stop };
	int k;

	for (k = 0; k < 2; k++) {
		if (*p[k] < 0) {
			*p[k] += len;
			if (*p[k] < 0)
				*p[k] = step < 0 ? -1 : 0;
		} else if (*p[k] >= len) {
			*p[k] = step < 0 ? len - 1 : len;
		}
	}
	*count = 0;
	if (step < 0 && *stop < *start)
		*count = (size_t)((*start - *stop - 1) / -step + 1);
	else if (step > 0 && *start < *stop)
		*count = (size_t)((*stop - *start - 1) / step + 1);
}

static struct pv *
slice_gather(struct ev *ev, struct pv *v, size_t *off, long long start, long long step,
	     size_t count)
{
	struct pv *r;
	size_t i, o = 0, at, w;
	char *p;

	if (v->t != T_STR) {
		if (!(r = py_mkseq(ev, v->t == T_LIST ? T_LIST : T_TUPLE, count)))
			return NULL;
		for (i = 0; i < count; i++)
			r->v[i] = v->v[start + (long long)i * step];
		return r;
	}
	if (step == 1 && count)
		return off ? py_mksub(ev, v->s + off[start], off[start + count] - off[start]) :
			     py_mksub(ev, v->s + start, count);
	if (!(r = py_mkstr(ev, off ? v->n : count, &p)))
		return NULL;
	for (i = 0; i < count; i++) {
		at = (size_t)(start + (long long)i * step);
		w = off ? off[at + 1] - off[at] : 1;
		memcpy(p + o, v->s + (off ? off[at] : at), w);
		o += w;
	}
	p[o] = '\0';
	r->n = o;
	return r;
}

struct pv *
py_slice(struct ev *ev, struct pv *v, struct pv *lo, struct pv *hi, struct pv *st)
{
	long long start, stop, step, len;
	size_t count, clen = v->n, *off = NULL;

	if (v->t != T_STR && !py_isseq(v))
		return v->t == T_DICT ? pyraise(ev, "TypeError: unhashable type: 'slice'") :
		       py_opaque(v) ? py_unsup(ev, "slice of a %s", py_tname(v)) :
		       pyraise(ev, "TypeError: '%s' object is not subscriptable", py_tname(v));
	if (slice_index(ev, st, 1, &step) < 0)
		return NULL;
	if (step == 0)
		return pyraise(ev, "ValueError: slice step cannot be zero");
	if (step < -LLONG_MAX)
		step = -LLONG_MAX;
	if (slice_index(ev, lo, step < 0 ? LLONG_MAX : 0, &start) < 0 ||
	    slice_index(ev, hi, step < 0 ? LLONG_MIN : LLONG_MAX, &stop) < 0)
		return NULL;
	if (v->t == T_STR && !py_is_ascii(v->s, v->n) && !(off = cp_offsets(ev, v, &clen)))
		return NULL;
	len = (long long)clen;
	slice_adjust(len, step, &start, &stop, &count);
	return slice_gather(ev, v, off, start, step, count);
}

/* iteration: items of a list, tuple, dict (keys) or str (characters) */
struct pv **
py_iter_items(struct ev *ev, struct pv *v, size_t *n)
{
	struct pv **items;
	size_t i, *off, count;

	if (py_isseq(v)) {
		*n = v->n;
		return v->v;
	}
	if (v->t == T_DICT || v->t == T_STR) {
		off = v->t == T_STR ? cp_offsets(ev, v, &count) : NULL;
		*n = v->t == T_STR ? count : v->n;
		if ((v->t == T_STR && !off) || !(items = py_alloc(ev, (*n + 1) * sizeof(*items))))
			return NULL;
		for (i = 0; i < *n; i++)
			if (!(items[i] = v->t == T_DICT ? v->v[2 * i] :
			      py_mksub(ev, v->s + off[i], off[i + 1] - off[i])))
				return NULL;
		return items;
	}
	if (py_opaque(v))
		py_unsup(ev, "iterating a %s", py_tname(v));
	else
		pyraise(ev, "TypeError: '%s' object is not iterable", py_tname(v));
	return NULL;
}

/* utf-8 */

bool
py_is_ascii(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return false;
	return true;
}

size_t
py_cp_len(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* equality */

int
py_hashable(struct ev *ev, struct pv *v)
{
	size_t i;

	if (v->t == T_LIST || v->t == T_DICT) {
		pyraise(ev, "TypeError: unhashable type: '%s'", py_tname(v));
		return -1;
	}
	if (py_opaque(v)) {
		py_unsup(ev, "hashing a %s", py_tname(v));
		return -1;
	}
	for (i = 0; v->t == T_TUPLE && i < v->n; i++)
		if (py_hashable(ev, v->v[i]) < 0)
			return -1;
	return 0;
}


long
py_dict_find(struct ev *ev, struct pv *d, struct pv *key)
{
	size_t i;
	int r;

	if (py_hashable(ev, key) < 0)
		return -2;
	for (i = 0; i < d->n; i++) {
		if ((r = py_eq(ev, d->v[2 * i], key)) < 0)
			return -2;
		if (r)
			return (long)i;
	}
	return -1;
}

static int
seq_eq(struct ev *ev, struct pv *a, struct pv *b)
{
	size_t i;
	int r;
	long k;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++) {
		if (a->t == T_DICT) {
			if ((k = py_dict_find(ev, b, a->v[2 * i])) < -1)
				return -1;
			r = k < 0 ? 0 : py_eq(ev, a->v[2 * i + 1], b->v[2 * k + 1]);
		} else {
			r = py_eq(ev, a->v[i], b->v[i]);
		}
		if (r <= 0)
			return r;
	}
	return 1;
}

int
py_eq(struct ev *ev, struct pv *a, struct pv *b)
{
	if (py_spend(ev, 0) < 0)
		return -1;
	if (py_opaque(a) || py_opaque(b)) {
		py_unsup(ev, "comparing a %s with a %s", py_tname(a), py_tname(b));
		return -1;
	}
	if (py_isnum(a) && py_isnum(b))
		return a->i == b->i;
	if (a->t != b->t)
		return 0;
	switch (a->t) {
	case T_NONE:
		return 1;
	case T_STR:
		if (py_spend(ev, a->n) < 0)
			return -1;
		return a->n == b->n && !memcmp(a->s, b->s, a->n);
	default:
		return seq_eq(ev, a, b);
	}
}
