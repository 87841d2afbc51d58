/* pyexpr: evaluate the python subset of "${@...}" inline code without python */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_getaffinity */
#endif
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "buf.h"
#include "pyexpr.h"
#include "util.h"

#define ARENA_MAX (128u << 20)
#define BB_PY_MAX_CODE (1u << 20)
#define WORK_MAX (1ull << 32)

enum pt {
	T_NONE, T_BOOL, T_INT, T_STR, T_LIST, T_TUPLE, T_DICT,
	T_FUNC, T_MOD, T_UNAME, T_TIME,
};

enum mod { M_D, M_BB, M_BB_UTILS, M_OE, M_OE_UTILS, M_OE_TYPES, M_OS, M_OS_PATH, M_TIME,
	M_BB_PARSE };

struct ev;
struct pv;
typedef struct pv *(*func_impl)(struct ev *ev, struct pv *self, struct pv **a, size_t n);

struct func {
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
	unsigned long long work;
};

static struct pv v_none = { .t = T_NONE };
static struct pv v_false = { .t = T_BOOL, .i = 0 };
static struct pv v_true = { .t = T_BOOL, .i = 1 };

static struct pv *unsup(struct ev *ev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static struct pv *pyraise(struct ev *ev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int to_str(struct ev *ev, struct pv *v, struct bb_buf *b, bool repr);
static struct pv *parse_ternary(struct ev *ev);

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

static void
vfail_str(struct ev *ev, const char *msg)
{
	if (ev->status)
		return;
	ev->status = BB_PY_ERROR;
	bb_buf_addstr(ev->why, msg ? msg : "getvar failed");
}

static struct pv *
unsup(struct ev *ev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(ev, BB_PY_UNSUPPORTED, fmt, ap);
	va_end(ap);
	return NULL;
}

static struct pv *
pyraise(struct ev *ev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(ev, BB_PY_RAISE, fmt, ap);
	va_end(ap);
	return NULL;
}

static void
track(struct ev *ev, void *p)
{
	if (ev->nmem == ev->amem) {
		ev->amem = ev->amem ? ev->amem * 2 : 64;
		ev->mem = xreallocarray(ev->mem, ev->amem, sizeof(*ev->mem));
	}
	ev->mem[ev->nmem++] = p;
}

static void *
alloc(struct ev *ev, size_t n)
{
	void *p;

	if (n > ARENA_MAX - ev->bytes) {
		unsup(ev, "memory limit exceeded");
		return NULL;
	}
	ev->bytes += n;
	p = xmalloc(n);
	track(ev, p);
	return p;
}

static int
spend(struct ev *ev, size_t n)
{
	ev->work += n + 1;
	if (ev->work <= WORK_MAX)
		return 0;
	unsup(ev, "evaluation too expensive");
	return -1;
}

/* the first occurrence of t (not empty) in s[0..n); memchr keeps sanitizers linear */
static const char *
find(struct ev *ev, const char *s, size_t n, const struct pv *t)
{
	const char *p = s, *end = s + n;

	while (t->n <= (size_t)(end - p) && (p = memchr(p, t->s[0], (size_t)(end - p) - t->n + 1))) {
		if (spend(ev, t->n) < 0)
			return NULL;
		if (!memcmp(p + 1, t->s + 1, t->n - 1))
			return p;
		p++;
	}
	return NULL;
}

static struct pv *
newv(struct ev *ev, enum pt t)
{
	struct pv *v = alloc(ev, sizeof(*v));

	if (v) {
		memset(v, 0, sizeof(*v));
		v->t = t;
	}
	return v;
}

static struct pv *
mkint(struct ev *ev, long long i)
{
	struct pv *v = newv(ev, T_INT);

	if (v)
		v->i = i;
	return v;
}

static struct pv *
mkbool(bool b)
{
	return b ? &v_true : &v_false;
}

/* a str sharing s, which must live as long as the arena */
static struct pv *
mksub(struct ev *ev, const char *s, size_t n)
{
	struct pv *v = newv(ev, T_STR);

	if (v) {
		v->s = s;
		v->n = n;
	}
	return v;
}

/* a new str of n bytes; *p receives the writable storage */
static struct pv *
mkstr(struct ev *ev, size_t n, char **p)
{
	struct pv *v;

	if (n > BB_PY_MAX_STR)
		return unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
	*p = alloc(ev, n + 1);
	if (!*p || !(v = mksub(ev, *p, n)))
		return NULL;
	(*p)[n] = '\0';
	return v;
}

static struct pv *
mkcopy(struct ev *ev, const char *s, size_t n)
{
	char *p;
	struct pv *v = mkstr(ev, n, &p);

	if (v)
		memcpy(p, s, n);
	return v;
}

static struct pv *
mkseq(struct ev *ev, enum pt t, size_t n)
{
	struct pv *v;

	if (n > ARENA_MAX / sizeof(struct pv *))
		return unsup(ev, "memory limit exceeded");
	v = newv(ev, t);
	if (v && !(v->v = alloc(ev, (n ? n : 1) * sizeof(*v->v))))
		return NULL;
	if (v)
		v->n = n;
	return v;
}

/* takes the storage of b */
static struct pv *
mkbuf(struct ev *ev, struct bb_buf *b)
{
	size_t n = b->len;
	char *p;

	if (n > BB_PY_MAX_STR) {
		bb_buf_release(b);
		return unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
	}
	p = bb_buf_detach(b);
	track(ev, p);
	if (n > ARENA_MAX - ev->bytes)
		return unsup(ev, "memory limit exceeded");
	ev->bytes += n;
	return mksub(ev, p, n);
}

static int
vec_push(struct ev *ev, struct vec *vc, struct pv *x)
{
	struct pv **nv;

	if (vc->n == vc->a) {
		vc->a = vc->a ? vc->a * 2 : 8;
		if (!(nv = alloc(ev, vc->a * sizeof(*nv))))
			return -1;
		if (vc->n)
			memcpy(nv, vc->v, vc->n * sizeof(*nv));
		vc->v = nv;
	}
	vc->v[vc->n++] = x;
	return 0;
}

static struct pv *
vec_seq(struct ev *ev, struct vec *vc, enum pt t)
{
	struct pv *v;

	if (!vc->v && !(vc->v = alloc(ev, sizeof(*vc->v))))
		return NULL;
	v = newv(ev, t);

	if (v) {
		v->v = vc->v;
		v->n = t == T_DICT ? vc->n / 2 : vc->n;
	}
	return v;
}

static const char *
tname(const struct pv *v)
{
	static const char *const names[] = {
		"NoneType", "bool", "int", "str", "list", "tuple", "dict",
		"builtin_function_or_method", "module", "posix.uname_result", "time.struct_time",
	};

	return names[v->t];
}

static bool
isnum(const struct pv *v)
{
	return v->t == T_INT || v->t == T_BOOL;
}

static bool
isseq(const struct pv *v)
{
	return v->t == T_LIST || v->t == T_TUPLE || v->t == T_UNAME;
}

static bool
opaque(const struct pv *v)
{
	return v->t == T_FUNC || v->t == T_MOD || v->t == T_UNAME || v->t == T_TIME;
}

static bool
truthy(const struct pv *v)
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
static const char *
describe(struct ev *ev, struct pv *v)
{
	struct bb_buf b = BB_BUF_INIT;
	char *p;

	ev->lenient = true;
	to_str(ev, v, &b, true);
	ev->lenient = false;
	if (b.len > 200) {
		bb_buf_setlen(&b, 200);
		bb_buf_addstr(&b, "...");
	}
	p = bb_buf_detach(&b);
	track(ev, p);
	return p;
}

/* utf-8 */

static bool
utf8_valid(const unsigned char *s, size_t n)
{
	size_t i = 0, j, k;
	unsigned cp, min;

	while (i < n) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if (s[i] >= 0xc2 && s[i] <= 0xdf)
			k = 1, cp = s[i] & 0x1f, min = 0x80;
		else if (s[i] >= 0xe0 && s[i] <= 0xef)
			k = 2, cp = s[i] & 0x0f, min = 0x800;
		else if (s[i] >= 0xf0 && s[i] <= 0xf4)
			k = 3, cp = s[i] & 0x07, min = 0x10000;
		else
			return false;
		if (n - i - 1 < k)
			return false;
		for (j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + j] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += k + 1;
	}
	return true;
}

static size_t
utf8_put(char *o, unsigned long cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12);
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18);
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

static bool
is_ascii(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return false;
	return true;
}

static size_t
cp_len(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* length of the python whitespace character (str.isspace) at s[i], or 0 */
static size_t
ws_at(const char *str, size_t n, size_t i)
{
	const unsigned char *s = (const unsigned char *)str;

	if (s[i] == ' ' || (s[i] >= 9 && s[i] <= 13) || (s[i] >= 0x1c && s[i] <= 0x1f))
		return 1;
	if (s[i] == 0xc2 && i + 1 < n && (s[i + 1] == 0x85 || s[i + 1] == 0xa0))
		return 2;
	if (i + 2 >= n)
		return 0;
	if ((s[i] == 0xe1 && s[i + 1] == 0x9a && s[i + 2] == 0x80) ||
	    (s[i] == 0xe2 && s[i + 1] == 0x81 && s[i + 2] == 0x9f) ||
	    (s[i] == 0xe3 && s[i + 1] == 0x80 && s[i + 2] == 0x80))
		return 3;
	if (s[i] == 0xe2 && s[i + 1] == 0x80 &&
	    (s[i + 2] <= 0x8a || s[i + 2] == 0xa8 || s[i + 2] == 0xa9 || s[i + 2] == 0xaf))
		return 3;
	return 0;
}

/* length of the whitespace character ending just before s[end], or 0 */
static size_t
ws_before(const char *s, size_t end)
{
	size_t k;

	for (k = 1; k <= 3 && k <= end; k++)
		if (ws_at(s, end, end - k) == k)
			return k;
	return 0;
}

static bool
word_in(const char *list, const char *s, size_t n)
{
	const char *p = list, *q;

	while (*p) {
		while (*p == ' ')
			p++;
		for (q = p; *q && *q != ' '; q++)
			;
		if ((size_t)(q - p) == n && n && !memcmp(p, s, n))
			return true;
		p = q;
	}
	return false;
}

/* numbers */

/* digits with python's single underscores; 0 ok, -1 invalid, -2 overflow */
static int
parse_digits(const char *s, size_t n, int base, long long *out)
{
	long long v = 0;
	size_t i;
	int d;

	if (!n || s[0] == '_' || s[n - 1] == '_')
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] == '_') {
			if (s[i + 1] == '_')
				return -1;
			continue;
		}
		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'f')
			d = (s[i] | 0x20) - 'a' + 10;
		else
			return -1;
		if (d >= base)
			return -1;
		if (__builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, d, &v))
			return -2;
	}
	*out = v;
	return 0;
}

static void
strip_ws(const char *s, size_t *start, size_t *end)
{
	size_t k;

	while (*start < *end && (k = ws_at(s, *end, *start)))
		*start += k;
	while (*end > *start && (k = ws_before(s, *end)))
		*end -= k;
}

/* int(str) in base 10 */
static struct pv *
int_of_str(struct ev *ev, struct pv *v)
{
	size_t a = 0, b = v->n;
	long long r;
	bool neg = false;
	int rc;

	strip_ws(v->s, &a, &b);
	if (!is_ascii(v->s + a, b - a))
		return unsup(ev, "int() of a non-ascii string");
	if (a < b && (v->s[a] == '-' || v->s[a] == '+'))
		neg = v->s[a++] == '-';
	rc = parse_digits(v->s + a, b - a, 10, &r);
	if (rc == -2)
		return unsup(ev, "integer overflow");
	if (rc < 0 || (b > a && v->s[a] == '_'))
		return pyraise(ev, "ValueError: invalid literal for int() with base 10: %s",
			       describe(ev, v));
	return mkint(ev, neg ? -r : r);
}

/* python's float() syntax, less underscores, infinities and nans */
static bool
float_syntax(const char *s, size_t n)
{
	size_t i = 0, d = 0;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		d++;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			d++;
	if (!d)
		return false;
	if (i < n && (s[i] | 0x20) == 'e') {
		i += 1 + (i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-'));
		for (d = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			d++;
		if (!d)
			return false;
	}
	return i == n;
}

/* float(v) for comparisons */
static int
float_of(struct ev *ev, struct pv *v, double *out)
{
	size_t a = 0, b, i;
	char *tmp;

	if (isnum(v)) {
		*out = (double)v->i;
		return 0;
	}
	if (v->t != T_STR) {
		pyraise(ev, "TypeError: float() argument must be a string or a real number, "
			"not '%s'", tname(v));
		return -1;
	}
	b = v->n;
	strip_ws(v->s, &a, &b);
	i = a + (a < b && (v->s[a] == '+' || v->s[a] == '-'));
	if (!is_ascii(v->s + a, b - a) || memchr(v->s + a, '_', b - a) ||
	    (i < b && ((v->s[i] | 0x20) == 'i' || (v->s[i] | 0x20) == 'n'))) {
		unsup(ev, "float() of %s", describe(ev, v));
		return -1;
	}
	if (!float_syntax(v->s + a, b - a)) {
		pyraise(ev, "ValueError: could not convert string to float: %s", describe(ev, v));
		return -1;
	}
	tmp = xstrndup(v->s + a, b - a);
	*out = strtod(tmp, NULL);
	free(tmp);
	return 0;
}

/* lexer */

static struct tok *
push_tok(struct ev *ev, enum tk k, const char *p, size_t n)
{
	struct tok *t = &ev->tok[ev->ntok++];

	memset(t, 0, sizeof(*t));
	t->k = k;
	t->p = p;
	t->n = n;
	return t;
}

static int
hexval(const char *s, size_t n, size_t i, int digits, unsigned long *cp)
{
	int d, k;

	*cp = 0;
	for (k = 0; k < digits; k++) {
		if (i + k >= n)
			return -1;
		d = s[i + k];
		if (d >= '0' && d <= '9')
			d -= '0';
		else if ((d | 0x20) >= 'a' && (d | 0x20) <= 'f')
			d = (d | 0x20) - 'a' + 10;
		else
			return -1;
		*cp = *cp << 4 | (unsigned long)d;
	}
	return 0;
}

/* a backslash escape at s[*ip] (the backslash) in a non-raw string */
static int
lex_escape(struct ev *ev, const char *s, size_t n, size_t *ip, char *o, size_t *op)
{
	static const char simple[] = "\n\\'\"abfnrtv";
	static const char value[] = { 0, '\\', '\'', '"', 7, 8, 12, 10, 13, 9, 11 };
	size_t i = *ip + 1, k;
	unsigned long cp = 0;
	const char *p = strchr(simple, s[i]);
	int digits;

	if (p && s[i]) {
		if (*p != '\n')
			o[(*op)++] = value[p - simple];
		*ip = i + 1;
		return 0;
	}
	if (s[i] >= '0' && s[i] <= '7') {
		for (k = 0; k < 3 && i < n && s[i] >= '0' && s[i] <= '7'; k++)
			cp = cp * 8 + (unsigned long)(s[i++] - '0');
		*op += utf8_put(o + *op, cp);
		*ip = i;
		return 0;
	}
	digits = s[i] == 'x' ? 2 : s[i] == 'u' ? 4 : s[i] == 'U' ? 8 : 0;
	if (s[i] == 'N') {
		unsup(ev, "\\N{...} escapes");
		return -1;
	}
	if (!digits) {
		o[(*op)++] = '\\';
		*ip = i;
		return 0;
	}
	if (hexval(s, n, i + 1, digits, &cp) < 0 || cp > 0x10ffff) {
		pyraise(ev, "SyntaxError: (unicode error) truncated or illegal \\%c escape", s[i]);
		return -1;
	}
	if (cp >= 0xd800 && cp <= 0xdfff) {
		unsup(ev, "surrogate escapes");
		return -1;
	}
	*op += utf8_put(o + *op, cp);
	*ip = i + 1 + (size_t)digits;
	return 0;
}

static int
lex_string(struct ev *ev, const char *s, size_t n, size_t start, size_t *ip, bool raw)
{
	size_t i = *ip, o = 0;
	char q = s[i], *out;
	bool triple = i + 2 < n && s[i + 1] == q && s[i + 2] == q;
	struct tok *t;

	i += triple ? 3 : 1;
	if (!(out = alloc(ev, n - i + 1)))
		return -1;
	for (;;) {
		if (i >= n || (!triple && s[i] == '\n')) {
			pyraise(ev, "SyntaxError: unterminated %sstring literal", triple ? "triple-quoted " : "");
			return -1;
		}
		if (s[i] == q && (!triple || (i + 2 < n && s[i + 1] == q && s[i + 2] == q))) {
			i += triple ? 3 : 1;
			break;
		}
		if (s[i] == '\\' && i + 1 < n && raw) {
			out[o++] = s[i++];
			out[o++] = s[i++];
		} else if (s[i] == '\\' && i + 1 < n) {
			if (lex_escape(ev, s, n, &i, out, &o) < 0)
				return -1;
		} else {
			out[o++] = s[i++];
		}
	}
	t = push_tok(ev, K_STR, s + start, i - start);
	if (!(t->v = mksub(ev, out, o)))
		return -1;
	*ip = i;
	return 0;
}

static int
lex_number(struct ev *ev, const char *s, size_t n, size_t *ip)
{
	size_t i = *ip, j, d = i;
	int base = 10, rc;
	long long v = 0;
	struct tok *t;

	if (s[i] == '0' && i + 1 < n && strchr("xXoObB", s[i + 1]) && s[i + 1]) {
		base = (s[i + 1] | 0x20) == 'x' ? 16 : (s[i + 1] | 0x20) == 'o' ? 8 : 2;
		d = i + 2;
	}
	for (j = d; j < n && (s[j] == '_' || s[j] == '.' || (s[j] >= '0' && s[j] <= '9') ||
			      ((s[j] | 0x20) >= 'a' && (s[j] | 0x20) <= 'z')); j++)
		;
	rc = parse_digits(s + d, j - d, base, &v);
	if (rc < 0 || (base == 10 && s[i] == '0' && v != 0)) {
		unsup(ev, "unsupported number '%.*s'", (int)(j - i > 40 ? 40 : j - i), s + i);
		return -1;
	}
	t = push_tok(ev, K_INT, s + i, j - i);
	if (!(t->v = mkint(ev, v)))
		return -1;
	*ip = j;
	return 0;
}

static bool
is_idchar(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

static int
lex_name(struct ev *ev, const char *s, size_t n, size_t *ip)
{
	size_t i = *ip, j;
	char p[3] = "";

	for (j = i; j < n && is_idchar(s[j]); j++)
		;
	if (j < n && (s[j] == '\'' || s[j] == '"') && j - i <= 2) {
		p[0] = s[i] | 0x20;
		p[1] = j - i == 2 ? s[i + 1] | 0x20 : 0;
		if (!strcmp(p, "r") || !strcmp(p, "u")) {
			*ip = j;
			return lex_string(ev, s, n, i, ip, p[0] == 'r');
		}
		if (strchr("bf", p[0]) || (p[1] && strchr("bf", p[1]) && strchr("rbf", p[0]))) {
			unsup(ev, "bytes and f-string literals");
			return -1;
		}
	}
	push_tok(ev, K_NAME, s + i, j - i);
	*ip = j;
	return 0;
}

static int
lex_op(const char *s, size_t n, size_t i, size_t *len)
{
	static const char two[][3] = { "==", "!=", "<=", ">=", "//", "**" };
	static const int codes[] = { O_EQ, O_NE, O_LE, O_GE, O_FDIV, O_POW };
	char c = s[i], d = i + 1 < n ? s[i + 1] : 0;
	size_t k;

	*len = 2;
	for (k = 0; k < 6; k++) {
		if (c == two[k][0] && d == two[k][1]) {
			if (k >= 4 && i + 2 < n && s[i + 2] == '=')
				return *len = 3, O_OTHER;
			return codes[k];
		}
	}
	if ((d == '=' && strchr("+-*/%&|^@:", c)) || (c == '<' && d == '<') ||
	    (c == '>' && d == '>') || (c == '-' && d == '>') || (c == '.' && d == '.'))
		return O_OTHER;
	*len = 1;
	if (strchr("()[]{},:.+-*/%<>=~", c))
		return c;
	return O_OTHER;
}

/* matching brackets; python itself rejects 200 levels */
static int
lex_bracket(struct ev *ev, char c, char *stack, int *depth)
{
	const char *open = "([{", *close = ")]}";

	if (strchr(open, c)) {
		if (*depth >= BB_PY_MAX_DEPTH - 1) {
			unsup(ev, "expression nested too deeply");
			return -1;
		}
		stack[(*depth)++] = c;
	} else if (strchr(close, c)) {
		if (!*depth || stack[*depth - 1] != open[strchr(close, c) - close]) {
			pyraise(ev, "SyntaxError: unmatched '%c'", c);
			return -1;
		}
		(*depth)--;
	}
	return 0;
}

static int
lex_one(struct ev *ev, const char *s, size_t n, size_t *ip, char *stack, int *depth)
{
	size_t i = *ip, len;
	char c = s[i];
	struct tok *t;

	if (is_idchar(c) && !(c >= '0' && c <= '9'))
		return lex_name(ev, s, n, ip);
	if (c == '.' && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') {
		unsup(ev, "float literals");
		return -1;
	}
	if (c >= '0' && c <= '9')
		return lex_number(ev, s, n, ip);
	if (c == '\'' || c == '"')
		return lex_string(ev, s, n, i, ip, false);
	if ((unsigned char)c >= 0x80) {
		unsup(ev, "non-ascii character outside a string");
		return -1;
	}
	t = push_tok(ev, K_OP, s + i, 0);
	t->op = lex_op(s, n, i, &len);
	t->n = len;
	*ip = i + len;
	return lex_bracket(ev, c, stack, depth);
}

/* s has python's newline translation applied */
static int
lex(struct ev *ev, const char *s, size_t n)
{
	char stack[BB_PY_MAX_DEPTH];
	int depth = 0;
	size_t i = 0;

	while (i < n) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\f') {
			i++;
		} else if (s[i] == '#') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n') {
			i += 2;
		} else if (s[i] == '\\') {
			pyraise(ev, "SyntaxError: unexpected character after line continuation character");
			return -1;
		} else if (s[i] == '\n') {
			if (!depth && ev->ntok && ev->tok[ev->ntok - 1].k != K_NL)
				push_tok(ev, K_NL, s + i, 1);
			i++;
		} else if (lex_one(ev, s, n, &i, stack, &depth) < 0) {
			return -1;
		}
	}
	if (depth) {
		pyraise(ev, "SyntaxError: '%c' was never closed", stack[depth - 1]);
		return -1;
	}
	push_tok(ev, K_END, s + n, 0);
	return 0;
}

/* str() and repr() */

static int
repr_str(struct ev *ev, const char *s, size_t n, struct bb_buf *b)
{
	char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
	unsigned char c;
	size_t i;

	if (!ev->lenient && !is_ascii(s, n)) {
		unsup(ev, "repr of a non-ascii string");
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
		if (to_str(ev, v->v[i], b, true) < 0)
			return -1;
		if (step == 2) {
			bb_buf_addstr(b, ": ");
			if (to_str(ev, v->v[i + 1], b, true) < 0)
				return -1;
		}
		if (b->len > BB_PY_MAX_STR) {
			unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
			return -1;
		}
	}
	return 0;
}

static int
to_str(struct ev *ev, struct pv *v, struct bb_buf *b, bool repr)
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
			bb_buf_addf(b, "<%s>", tname(v));
			return 0;
		}
		unsup(ev, "str() of a %s", tname(v));
		return -1;
	}
}

static struct pv *
str_of(struct ev *ev, struct pv *v)
{
	struct bb_buf b = BB_BUF_INIT;

	if (v->t == T_STR)
		return v;
	if (to_str(ev, v, &b, false) < 0) {
		bb_buf_release(&b);
		return NULL;
	}
	return mkbuf(ev, &b);
}

/* comparisons */

static int
hashable(struct ev *ev, struct pv *v)
{
	size_t i;

	if (v->t == T_LIST || v->t == T_DICT) {
		pyraise(ev, "TypeError: unhashable type: '%s'", tname(v));
		return -1;
	}
	if (opaque(v)) {
		unsup(ev, "hashing a %s", tname(v));
		return -1;
	}
	for (i = 0; v->t == T_TUPLE && i < v->n; i++)
		if (hashable(ev, v->v[i]) < 0)
			return -1;
	return 0;
}

static int py_eq(struct ev *ev, struct pv *a, struct pv *b);

/* index of key in dict d, or -1; -2 on error */
static long
dict_find(struct ev *ev, struct pv *d, struct pv *key)
{
	size_t i;
	int r;

	if (hashable(ev, key) < 0)
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
			if ((k = dict_find(ev, b, a->v[2 * i])) < -1)
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

static int
py_eq(struct ev *ev, struct pv *a, struct pv *b)
{
	if (spend(ev, 0) < 0)
		return -1;
	if (opaque(a) || opaque(b)) {
		unsup(ev, "comparing a %s with a %s", tname(a), tname(b));
		return -1;
	}
	if (isnum(a) && isnum(b))
		return a->i == b->i;
	if (a->t != b->t)
		return 0;
	switch (a->t) {
	case T_NONE:
		return 1;
	case T_STR:
		if (spend(ev, a->n) < 0)
			return -1;
		return a->n == b->n && !memcmp(a->s, b->s, a->n);
	default:
		return seq_eq(ev, a, b);
	}
}

static int py_cmp(struct ev *ev, struct pv *a, struct pv *b, const char *op, int *res);

static int
seq_cmp(struct ev *ev, struct pv *a, struct pv *b, const char *op, int *res)
{
	size_t i;
	int r;

	for (i = 0; i < a->n && i < b->n; i++) {
		if ((r = py_eq(ev, a->v[i], b->v[i])) < 0)
			return -1;
		if (!r)
			return py_cmp(ev, a->v[i], b->v[i], op, res);
	}
	*res = a->n < b->n ? -1 : a->n > b->n;
	return 0;
}

/* three-way order for < <= > >=; *res is -1, 0 or 1 */
static int
py_cmp(struct ev *ev, struct pv *a, struct pv *b, const char *op, int *res)
{
	int r;

	if (opaque(a) || opaque(b)) {
		unsup(ev, "ordering a %s and a %s", tname(a), tname(b));
		return -1;
	}
	if (isnum(a) && isnum(b)) {
		*res = a->i < b->i ? -1 : a->i > b->i;
		return 0;
	}
	if (a->t == T_STR && b->t == T_STR) {
		if (spend(ev, a->n) < 0)
			return -1;
		r = memcmp(a->s, b->s, a->n < b->n ? a->n : b->n);
		*res = r ? (r < 0 ? -1 : 1) : a->n < b->n ? -1 : a->n > b->n;
		return 0;
	}
	if (a->t == b->t && (a->t == T_LIST || a->t == T_TUPLE))
		return seq_cmp(ev, a, b, op, res);
	pyraise(ev, "TypeError: '%s' not supported between instances of '%s' and '%s'", op,
		tname(a), tname(b));
	return -1;
}

static int
py_in(struct ev *ev, struct pv *x, struct pv *c)
{
	size_t i;
	int r;

	if (c->t == T_STR) {
		if (x->t != T_STR) {
			pyraise(ev, "TypeError: 'in <string>' requires string as left operand, not %s",
				tname(x));
			return -1;
		}
		if (spend(ev, c->n) < 0)
			return -1;
		return !x->n || find(ev, c->s, c->n, x) != NULL;
	}
	if (c->t == T_DICT)
		return dict_find(ev, c, x) > -2 ? dict_find(ev, c, x) >= 0 : -1;
	if (isseq(c)) {
		for (i = 0; i < c->n; i++)
			if ((r = py_eq(ev, x, c->v[i])) != 0)
				return r;
		return 0;
	}
	if (opaque(c)) {
		unsup(ev, "'in' on a %s", tname(c));
		return -1;
	}
	pyraise(ev, "TypeError: argument of type '%s' is not iterable", tname(c));
	return -1;
}

/* objects of different types are never identical; None, True and False are singletons */
static int
py_is(struct ev *ev, struct pv *a, struct pv *b)
{
	if (a->t != b->t)
		return 0;
	if (a->t == T_NONE || a->t == T_BOOL)
		return a->i == b->i;
	unsup(ev, "'is' between a %s and a %s", tname(a), tname(b));
	return -1;
}

enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_IN, C_NOTIN, C_IS, C_ISNOT };

static struct pv *
compare(struct ev *ev, int op, struct pv *a, struct pv *b)
{
	static const char *const names[] = { "==", "!=", "<", "<=", ">", ">=" };
	int r, c;

	if (op == C_EQ || op == C_NE)
		r = py_eq(ev, a, b);
	else if (op == C_IN || op == C_NOTIN)
		r = py_in(ev, a, b);
	else if (op == C_IS || op == C_ISNOT)
		r = py_is(ev, a, b);
	else if ((r = py_cmp(ev, a, b, names[op], &c)) == 0)
		r = op == C_LT ? c < 0 : op == C_LE ? c <= 0 : op == C_GT ? c > 0 : c >= 0;
	if (r < 0)
		return NULL;
	if (op == C_NE || op == C_NOTIN || op == C_ISNOT)
		r = !r;
	return mkbool(r);
}

/* arithmetic */

static struct pv *
concat(struct ev *ev, struct pv *a, struct pv *b)
{
	struct pv *r;
	char *p;

	if (a->t == T_STR) {
		if (!(r = mkstr(ev, a->n + b->n, &p)))
			return NULL;
		memcpy(p, a->s, a->n);
		memcpy(p + a->n, b->s, b->n);
		return r;
	}
	if (!(r = mkseq(ev, a->t, a->n + b->n)))
		return NULL;
	memcpy(r->v, a->v, a->n * sizeof(*r->v));
	memcpy(r->v + a->n, b->v, b->n * sizeof(*r->v));
	return r;
}

static struct pv *
repeat(struct ev *ev, struct pv *a, long long k)
{
	size_t n = k > 0 ? (size_t)k : 0, i, unit = a->t == T_STR ? 1 : sizeof(struct pv *);
	struct pv *r;
	char *p;

	if (!a->n)
		n = 0;
	if (a->n && n > ARENA_MAX / unit / a->n)
		return unsup(ev, "result too large");
	if (a->t == T_STR) {
		if (!(r = mkstr(ev, a->n * n, &p)))
			return NULL;
		for (i = 0; i < n; i++)
			memcpy(p + i * a->n, a->s, a->n);
		return r;
	}
	if (!(r = mkseq(ev, a->t, a->n * n)))
		return NULL;
	for (i = 0; i < n; i++)
		memcpy(r->v + i * a->n, a->v, a->n * sizeof(*r->v));
	return r;
}

static struct pv *
arith_int(struct ev *ev, int op, long long x, long long y)
{
	long long r = 0;
	bool ovf = false;

	if ((op == '/' || op == O_FDIV || op == '%') && y == 0)
		return pyraise(ev, "ZeroDivisionError: %s", op == '/' ? "division by zero" :
			       op == '%' ? "integer modulo by zero" : "integer division or modulo by zero");
	if (op == '+')
		ovf = __builtin_add_overflow(x, y, &r);
	else if (op == '-')
		ovf = __builtin_sub_overflow(x, y, &r);
	else if (op == '*')
		ovf = __builtin_mul_overflow(x, y, &r);
	else if (op == '/')
		return unsup(ev, "float division");
	else if (x == LLONG_MIN && y == -1)
		ovf = true;
	else if (op == O_FDIV)
		r = x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
	else
		r = (x % y != 0 && (x % y < 0) != (y < 0)) ? x % y + y : x % y;
	if (ovf)
		return unsup(ev, "integer overflow");
	return mkint(ev, r);
}

static struct pv *fmt_percent(struct ev *ev, struct pv *f, struct pv *args);

static const char *
op_name(int op)
{
	return op == '+' ? "+" : op == '-' ? "-" : op == '*' ? "*" : op == '/' ? "/" :
	       op == '%' ? "%" : "//";
}

static struct pv *
binop(struct ev *ev, int op, struct pv *a, struct pv *b)
{
	if (opaque(a) || opaque(b))
		return unsup(ev, "operator %s on a %s and a %s", op_name(op), tname(a), tname(b));
	if (isnum(a) && isnum(b))
		return arith_int(ev, op, a->i, b->i);
	if (op == '+' && a->t == b->t && (a->t == T_STR || a->t == T_LIST || a->t == T_TUPLE))
		return concat(ev, a, b);
	if (op == '+' && (a->t == T_STR || a->t == T_LIST || a->t == T_TUPLE))
		return pyraise(ev, "TypeError: can only concatenate %s (not \"%s\") to %s",
			       tname(a), tname(b), tname(a));
	if (op == '*' && isnum(b) && (a->t == T_STR || isseq(a)))
		return repeat(ev, a, b->i);
	if (op == '*' && isnum(a) && (b->t == T_STR || isseq(b)))
		return repeat(ev, b, a->i);
	if (op == '*' && (a->t == T_STR || isseq(a)))
		return pyraise(ev, "TypeError: can't multiply sequence by non-int of type '%s'", tname(b));
	if (op == '%' && a->t == T_STR)
		return fmt_percent(ev, a, b);
	return pyraise(ev, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'",
		       op_name(op), tname(a), tname(b));
}

static struct pv *
unary(struct ev *ev, int op, struct pv *a)
{
	if (!isnum(a)) {
		if (opaque(a))
			return unsup(ev, "unary %c on a %s", op, tname(a));
		return pyraise(ev, "TypeError: bad operand type for unary %c: '%s'", op, tname(a));
	}
	if (op == '-' && a->i == LLONG_MIN)
		return unsup(ev, "integer overflow");
	return mkint(ev, op == '-' ? -a->i : op == '~' ? ~a->i : a->i);
}

/* % formatting */

struct spec {
	bool left, zero, plus, space;
	long width, prec;
	char conv;
};

static int
fmt_spec(struct ev *ev, const char *s, size_t n, size_t *ip, struct spec *sp)
{
	size_t i = *ip;
	long *field = &sp->width;

	memset(sp, 0, sizeof(*sp));
	sp->prec = -1;
	for (; i < n && strchr("-+ #0", s[i]); i++) {
		if (s[i] == '#') {
			unsup(ev, "'#' in a format");
			return -1;
		}
		sp->left |= s[i] == '-';
		sp->plus |= s[i] == '+';
		sp->space |= s[i] == ' ';
		sp->zero |= s[i] == '0';
	}
	for (; i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'); i++) {
		if (s[i] == '.') {
			if (field == &sp->prec)
				break;
			field = &sp->prec;
			sp->prec = 0;
		} else if ((*field = *field * 10 + (s[i] - '0')) > (long)BB_PY_MAX_STR) {
			unsup(ev, "format width too large");
			return -1;
		}
	}
	while (i < n && strchr("hlL", s[i]))
		i++;
	if (i >= n) {
		pyraise(ev, "ValueError: incomplete format");
		return -1;
	}
	if (s[i] == '(' || s[i] == '*') {
		unsup(ev, "'%c' in a format", s[i]);
		return -1;
	}
	sp->conv = s[i];
	*ip = i + 1;
	return 0;
}

static void
fmt_pad(struct bb_buf *b, long n)
{
	for (; n > 0; n--)
		bb_buf_addch(b, ' ');
}

static int
fmt_int(struct ev *ev, const struct spec *sp, struct pv *arg, struct bb_buf *b)
{
	char digits[32], sign[2] = "";
	unsigned long long u;
	long nd, len, zeros;

	if (!isnum(arg)) {
		pyraise(ev, "TypeError: %%%c format: a real number is required, not %s", sp->conv, tname(arg));
		return -1;
	}
	u = arg->i < 0 ? 0ull - (unsigned long long)arg->i : (unsigned long long)arg->i;
	nd = snprintf(digits, sizeof(digits), "%llu", u);
	sign[0] = arg->i < 0 ? '-' : sp->plus ? '+' : sp->space ? ' ' : 0;
	zeros = sp->prec > nd ? sp->prec - nd : 0;
	len = (long)strlen(sign) + zeros + nd;
	if (sp->zero && !sp->left && sp->width > len)
		zeros += sp->width - len, len = sp->width;
	if (!sp->left)
		fmt_pad(b, sp->width - len);
	bb_buf_addstr(b, sign);
	for (; zeros > 0; zeros--)
		bb_buf_addch(b, '0');
	bb_buf_add(b, digits, (size_t)nd);
	if (sp->left)
		fmt_pad(b, sp->width - len);
	return 0;
}

static int
fmt_str(struct ev *ev, const struct spec *sp, struct pv *arg, struct bb_buf *b)
{
	struct bb_buf t = BB_BUF_INIT;
	size_t n;

	if (to_str(ev, arg, &t, sp->conv != 's') < 0) {
		bb_buf_release(&t);
		return -1;
	}
	n = t.len;
	if ((sp->width || sp->prec >= 0) && !is_ascii(t.buf, t.len)) {
		bb_buf_release(&t);
		unsup(ev, "format width on a non-ascii string");
		return -1;
	}
	if (sp->prec >= 0 && (size_t)sp->prec < n)
		n = (size_t)sp->prec;
	if (!sp->left)
		fmt_pad(b, sp->width - (long)n);
	bb_buf_add(b, t.buf, n);
	if (sp->left)
		fmt_pad(b, sp->width - (long)n);
	bb_buf_release(&t);
	return 0;
}

static int
fmt_one(struct ev *ev, const struct spec *sp, struct pv *arg, struct bb_buf *b)
{
	if (sp->conv == 's' || sp->conv == 'r' || sp->conv == 'a')
		return fmt_str(ev, sp, arg, b);
	if (sp->conv == 'd' || sp->conv == 'i' || sp->conv == 'u')
		return fmt_int(ev, sp, arg, b);
	unsup(ev, "format '%%%c'", sp->conv);
	return -1;
}

static struct pv *
fmt_percent(struct ev *ev, struct pv *f, struct pv *args)
{
	struct bb_buf b = BB_BUF_INIT;
	struct pv **items = args->t == T_TUPLE ? args->v : &args;
	size_t nargs = args->t == T_TUPLE ? args->n : 1, argi = 0, i = 0, j;
	struct spec sp;

	while (i < f->n) {
		for (j = i; j < f->n && f->s[j] != '%'; j++)
			;
		bb_buf_add(&b, f->s + i, j - i);
		if (j == f->n)
			break;
		i = j + 1;
		if (fmt_spec(ev, f->s, f->n, &i, &sp) < 0)
			goto err;
		if (sp.conv == '%' && i == j + 2) {
			bb_buf_addch(&b, '%');
			continue;
		}
		if (sp.conv != '%' && argi >= nargs) {
			pyraise(ev, "TypeError: not enough arguments for format string");
			goto err;
		}
		if (sp.conv == '%' || fmt_one(ev, &sp, items[argi++], &b) < 0)
			goto err;
		if (b.len > BB_PY_MAX_STR || spend(ev, 0) < 0)
			goto err;
	}
	if (argi < nargs && !(args->t == T_LIST || args->t == T_DICT)) {
		pyraise(ev, "TypeError: not all arguments converted during string formatting");
		goto err;
	}
	return mkbuf(ev, &b);
err:
	if (!ev->status)
		unsup(ev, "unsupported format %s", describe(ev, f));
	bb_buf_release(&b);
	return NULL;
}

/* subscripts */

/* code point i of s as byte offsets, for non-ascii strings */
static size_t *
cp_offsets(struct ev *ev, struct pv *s, size_t *count)
{
	size_t *off, i, k = 0;

	*count = cp_len(s->s, s->n);
	if (!(off = alloc(ev, (*count + 1) * sizeof(*off))))
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

	if (!isnum(idx))
		return pyraise(ev, "TypeError: %s indices must be integers%s, not '%s'",
			       v->t == T_STR ? "string" : tname(v), v->t == T_STR ? "" : " or slices",
			       tname(idx));
	if (v->t == T_STR && !is_ascii(v->s, v->n) && !(off = cp_offsets(ev, v, &len)))
		return NULL;
	i = idx->i < 0 ? idx->i + (long long)len : idx->i;
	if (i < 0 || i >= (long long)len)
		return pyraise(ev, "IndexError: %s index out of range",
			       v->t == T_STR ? "string" : v->t == T_LIST ? "list" : "tuple");
	if (v->t != T_STR)
		return v->v[i];
	if (!off)
		return mksub(ev, v->s + i, 1);
	return mksub(ev, v->s + off[i], off[i + 1] - off[i]);
}

static struct pv *
subscript(struct ev *ev, struct pv *v, struct pv *idx)
{
	long k;

	if (v->t == T_STR || isseq(v))
		return index_seq(ev, v, idx);
	if (v->t == T_DICT) {
		if ((k = dict_find(ev, v, idx)) >= 0)
			return v->v[2 * k + 1];
		return k == -1 ? pyraise(ev, "KeyError: %s", describe(ev, idx)) : NULL;
	}
	if (v->t == T_NONE || isnum(v))
		return pyraise(ev, "TypeError: '%s' object is not subscriptable", tname(v));
	return unsup(ev, "subscript of a %s", tname(v));
}

static int
slice_index(struct ev *ev, struct pv *x, long long dflt, long long *out)
{
	if (!x || x->t == T_NONE) {
		*out = dflt;
		return 0;
	}
	if (!isnum(x)) {
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
		if (!(r = mkseq(ev, v->t == T_LIST ? T_LIST : T_TUPLE, count)))
			return NULL;
		for (i = 0; i < count; i++)
			r->v[i] = v->v[start + (long long)i * step];
		return r;
	}
	if (step == 1 && count)
		return off ? mksub(ev, v->s + off[start], off[start + count] - off[start]) :
			     mksub(ev, v->s + start, count);
	if (!(r = mkstr(ev, off ? v->n : count, &p)))
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

static struct pv *
slice(struct ev *ev, struct pv *v, struct pv *lo, struct pv *hi, struct pv *st)
{
	long long start, stop, step, len;
	size_t count, clen = v->n, *off = NULL;

	if (v->t != T_STR && !isseq(v))
		return v->t == T_DICT ? pyraise(ev, "TypeError: unhashable type: 'slice'") :
		       opaque(v) ? unsup(ev, "slice of a %s", tname(v)) :
		       pyraise(ev, "TypeError: '%s' object is not subscriptable", tname(v));
	if (slice_index(ev, st, 1, &step) < 0)
		return NULL;
	if (step == 0)
		return pyraise(ev, "ValueError: slice step cannot be zero");
	if (step < -LLONG_MAX)
		step = -LLONG_MAX;
	if (slice_index(ev, lo, step < 0 ? LLONG_MAX : 0, &start) < 0 ||
	    slice_index(ev, hi, step < 0 ? LLONG_MIN : LLONG_MAX, &stop) < 0)
		return NULL;
	if (v->t == T_STR && !is_ascii(v->s, v->n) && !(off = cp_offsets(ev, v, &clen)))
		return NULL;
	len = (long long)clen;
	slice_adjust(len, step, &start, &stop, &count);
	return slice_gather(ev, v, off, start, step, count);
}

/* iteration: items of a list, tuple, dict (keys) or str (characters) */
static struct pv **
iter_items(struct ev *ev, struct pv *v, size_t *n)
{
	struct pv **items;
	size_t i, *off, count;

	if (isseq(v)) {
		*n = v->n;
		return v->v;
	}
	if (v->t == T_DICT || v->t == T_STR) {
		off = v->t == T_STR ? cp_offsets(ev, v, &count) : NULL;
		*n = v->t == T_STR ? count : v->n;
		if ((v->t == T_STR && !off) || !(items = alloc(ev, (*n + 1) * sizeof(*items))))
			return NULL;
		for (i = 0; i < *n; i++)
			if (!(items[i] = v->t == T_DICT ? v->v[2 * i] :
			      mksub(ev, v->s + off[i], off[i + 1] - off[i])))
				return NULL;
		return items;
	}
	if (opaque(v))
		unsup(ev, "iterating a %s", tname(v));
	else
		pyraise(ev, "TypeError: '%s' object is not iterable", tname(v));
	return NULL;
}

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

static int
word_cmp(const void *pa, const void *pb)
{
	const struct word *a = pa, *b = pb;
	int r = memcmp(a->s, b->s, a->n < b->n ? a->n : b->n);

	if (r)
		return r;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/* whitespace-split s into ws, sorted, each word's first occurrence marked */
static int
words_of(struct ev *ev, const char *s, size_t n, struct words *ws)
{
	size_t i = 0, j, k, cnt = 0;

	if (!(ws->w = alloc(ev, (n / 2 + 1) * sizeof(*ws->w))))
		return -1;
	while (i < n) {
		if ((k = ws_at(s, n, i))) {
			i += k;
			continue;
		}
		for (j = i; j < n && !ws_at(s, n, j); j++)
			;
		ws->w[cnt] = (struct word){ s + i, j - i, cnt, false };
		cnt++;
		i = j;
	}
	ws->n = cnt;
	if (spend(ev, n + cnt * 20) < 0)
		return -1;
	qsort(ws->w, cnt, sizeof(*ws->w), word_cmp);
	for (i = 0; i < cnt; i++)
		ws->w[i].first = !i || ws->w[i].n != ws->w[i - 1].n ||
				 memcmp(ws->w[i].s, ws->w[i - 1].s, ws->w[i].n);
	return 0;
}

static int
word_strcmp(const struct word *w, const char *s, size_t n)
{
	int r = memcmp(w->s, s, w->n < n ? w->n : n);

	if (r)
		return r;
	return w->n < n ? -1 : w->n > n;
}

static bool
words_has(const struct words *ws, const char *s, size_t n)
{
	size_t lo = 0, hi = ws->n, mid;
	int r;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (!(r = word_strcmp(&ws->w[mid], s, n)))
			return true;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static struct pv *
words_join(struct ev *ev, struct word *w, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			bb_buf_addch(&b, ' ');
		bb_buf_add(&b, w[i].s, w[i].n);
	}
	return mkbuf(ev, &b);
}

/* str methods */

static int
opt_int(struct ev *ev, struct pv *v, long long dflt, long long *out)
{
	if (!v) {
		*out = dflt;
		return 0;
	}
	if (!isnum(v)) {
		pyraise(ev, "TypeError: '%s' object cannot be interpreted as an integer", tname(v));
		return -1;
	}
	*out = v->i;
	return 0;
}

static int
push_sub(struct ev *ev, struct vec *vc, const char *s, size_t n)
{
	struct pv *v = mksub(ev, s, n);

	return v ? vec_push(ev, vc, v) : -1;
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
		while (i < n && (k = ws_at(s->s, n, i)))
			i += k;
		if (i == n)
			break;
		for (j = i; i < n && !ws_at(s->s, n, i); i++)
			;
		if (push_sub(ev, &vc, s->s + j, i - j) < 0)
			return NULL;
	}
	while (i < n && (k = ws_at(s->s, n, i)))
		i += k;
	if (i < n && push_sub(ev, &vc, s->s + i, n - i) < 0)
		return NULL;
	return vec_seq(ev, &vc, T_LIST);
}

static struct pv *
rsplit_ws(struct ev *ev, struct pv *s, long long max)
{
	struct vec vc = { 0 };
	size_t e = s->n, b, k;

	for (; max != 0; max--) {
		while (e > 0 && (k = ws_before(s->s, e)))
			e -= k;
		if (!e)
			break;
		for (b = e; b > 0 && !ws_before(s->s, b);)
			while (b > 0 && ((unsigned char)s->s[--b] & 0xc0) == 0x80)
				;
		if (push_sub(ev, &vc, s->s + b, e - b) < 0)
			return NULL;
		e = b;
	}
	while (e > 0 && (k = ws_before(s->s, e)))
		e -= k;
	if (e > 0 && push_sub(ev, &vc, s->s, e) < 0)
		return NULL;
	vec_reverse(&vc);
	return vec_seq(ev, &vc, T_LIST);
}

/* last occurrence of t in s[0..end), or -1 */
static long long
rfind(struct ev *ev, const char *s, size_t end, struct pv *t)
{
	size_t p;

	if (t->n > end)
		return -1;
	for (p = end - t->n;; p--) {
		if (spend(ev, t->n) < 0)
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

	if (spend(ev, s->n) < 0)
		return NULL;
	for (; max != 0 && !rev; max--) {
		if (!(f = find(ev, s->s + i, s->n - i, sep)))
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
	return vec_seq(ev, &vc, T_LIST);
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
		return pyraise(ev, "TypeError: must be str or None, not %s", tname(a[0]));
	if (!a[0]->n)
		return pyraise(ev, "ValueError: empty separator");
	return split_sep(ev, self, a[0], max, rev);
}

static struct pv *
m_split(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_split(ev, self, a, false);
}

static struct pv *
m_rsplit(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_split(ev, self, a, true);
}

static struct pv *
do_strip(struct ev *ev, struct pv *self, struct pv *chars, int mode, const char *name)
{
	size_t a = 0, b = self->n, k;

	if (!chars || chars->t == T_NONE) {
		while ((mode & 1) && a < b && (k = ws_at(self->s, b, a)))
			a += k;
		while ((mode & 2) && b > a && (k = ws_before(self->s, b)))
			b -= k;
	} else if (chars->t == T_STR) {
		if (!is_ascii(chars->s, chars->n))
			return unsup(ev, "%s() of non-ascii characters", name);
		while ((mode & 1) && a < b && chars->n && memchr(chars->s, self->s[a], chars->n))
			a++;
		while ((mode & 2) && b > a && chars->n &&
		       memchr(chars->s, self->s[b - 1], chars->n))
			b--;
	} else {
		return pyraise(ev, "TypeError: %s arg must be None or str", name);
	}
	return mksub(ev, self->s + a, b - a);
}

static struct pv *
m_strip(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_strip(ev, self, a[0], 3, "strip");
}

static struct pv *
m_lstrip(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_strip(ev, self, a[0], 1, "lstrip");
}

static struct pv *
m_rstrip(struct ev *ev, struct pv *self, struct pv **a, size_t n)
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
		return unsup(ev, "string longer than %u bytes", BB_PY_MAX_STR);
	for (i = 0; i <= self->n; i++) {
		if (max && (i == self->n || ((unsigned char)self->s[i] & 0xc0) != 0x80)) {
			bb_buf_add(&b, nw->s, nw->n);
			max--;
		}
		if (i < self->n)
			bb_buf_addch(&b, self->s[i]);
	}
	return mkbuf(ev, &b);
}

static struct pv *
m_replace(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	long long max;
	size_t i = 0, k;
	const char *f;

	for (k = 0; k < 2; k++)
		if (a[k]->t != T_STR)
			return pyraise(ev, "TypeError: replace() argument %zu must be str, not %s", k + 1,
				       tname(a[k]));
	if (opt_int(ev, a[2], -1, &max) < 0 || spend(ev, self->n) < 0)
		return NULL;
	if (!a[0]->n)
		return replace_empty(ev, self, a[1], max);
	for (; max != 0 && (f = find(ev, self->s + i, self->n - i, a[0])); max--) {
		bb_buf_add(&b, self->s + i, (size_t)(f - self->s) - i);
		bb_buf_add(&b, a[1]->s, a[1]->n);
		i = (size_t)(f - self->s) + a[0]->n;
		if (b.len > BB_PY_MAX_STR)
			break;
	}
	bb_buf_add(&b, self->s + i, self->n - i);
	return mkbuf(ev, &b);
}

static struct pv *
do_case(struct ev *ev, struct pv *self, bool up)
{
	struct pv *r;
	char *p;
	size_t i;

	if (!is_ascii(self->s, self->n))
		return unsup(ev, "%s() of a non-ascii string", up ? "upper" : "lower");
	if (!(r = mkstr(ev, self->n, &p)))
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

static struct pv *
m_lower(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_case(ev, self, false);
}

static struct pv *
m_upper(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_case(ev, self, true);
}

static bool
affix_match(struct pv *self, struct pv *x, bool end)
{
	return x->n <= self->n && !memcmp(self->s + (end ? self->n - x->n : 0), x->s, x->n);
}

static struct pv *
do_affix(struct ev *ev, struct pv *self, struct pv **a, bool end)
{
	const char *name = end ? "endswith" : "startswith";
	size_t i;

	if (a[1] || a[2])
		return unsup(ev, "%s() with start or end", name);
	if (a[0]->t == T_STR)
		return mkbool(affix_match(self, a[0], end));
	if (a[0]->t != T_TUPLE)
		return pyraise(ev, "TypeError: %s first arg must be str or a tuple of str, not %s",
			       name, tname(a[0]));
	for (i = 0; i < a[0]->n; i++) {
		if (a[0]->v[i]->t != T_STR)
			return pyraise(ev, "TypeError: tuple for %s must only contain str, not %s",
				       name, tname(a[0]->v[i]));
		if (affix_match(self, a[0]->v[i], end))
			return &v_true;
	}
	return &v_false;
}

static struct pv *
m_startswith(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_affix(ev, self, a, false);
}

static struct pv *
m_endswith(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_affix(ev, self, a, true);
}

static struct pv *
do_remove(struct ev *ev, struct pv *self, struct pv *x, bool end)
{
	if (x->t != T_STR)
		return pyraise(ev, "TypeError: %s() argument must be str, not %s",
			       end ? "removesuffix" : "removeprefix", tname(x));
	if (!x->n || !affix_match(self, x, end))
		return self;
	return mksub(ev, self->s + (end ? 0 : x->n), self->n - x->n);
}

static struct pv *
m_removeprefix(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_remove(ev, self, a[0], false);
}

static struct pv *
m_removesuffix(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_remove(ev, self, a[0], true);
}

static struct pv *
m_join(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	struct pv **items;
	size_t i, cnt;

	if (!(items = iter_items(ev, a[0], &cnt)))
		return NULL;
	for (i = 0; i < cnt; i++) {
		if (items[i]->t != T_STR) {
			bb_buf_release(&b);
			return pyraise(ev, "TypeError: sequence item %zu: expected str instance, %s found",
				       i, tname(items[i]));
		}
		if (i)
			bb_buf_add(&b, self->s, self->n);
		bb_buf_add(&b, items[i]->s, items[i]->n);
		if (b.len > BB_PY_MAX_STR)
			break;
	}
	return mkbuf(ev, &b);
}

/* builtins */

static struct pv *
f_int(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (!a[0])
		return mkint(ev, 0);
	if (a[1] && a[0]->t != T_STR)
		return pyraise(ev, "TypeError: int() can't convert non-string with explicit base");
	if (a[1] && !(isnum(a[1]) && a[1]->i == 10))
		return unsup(ev, "int() with a base other than 10");
	if (isnum(a[0]))
		return a[0]->t == T_INT ? a[0] : mkint(ev, a[0]->i);
	if (a[0]->t == T_STR)
		return int_of_str(ev, a[0]);
	if (opaque(a[0]))
		return unsup(ev, "int() of a %s", tname(a[0]));
	return pyraise(ev, "TypeError: int() argument must be a string, a bytes-like object or a "
		       "real number, not '%s'", tname(a[0]));
}

static struct pv *
f_str(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return a[0] ? str_of(ev, a[0]) : mksub(ev, "", 0);
}

static struct pv *
f_bool(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return mkbool(a[0] && truthy(a[0]));
}

static struct pv *
f_len(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (a[0]->t == T_STR)
		return mkint(ev, (long long)cp_len(a[0]->s, a[0]->n));
	if (isseq(a[0]) || a[0]->t == T_DICT)
		return mkint(ev, (long long)a[0]->n);
	if (a[0]->t == T_FUNC || a[0]->t == T_MOD)
		return unsup(ev, "len() of a %s", tname(a[0]));
	return pyraise(ev, "TypeError: object of type '%s' has no len()", tname(a[0]));
}

static struct pv *
do_anyall(struct ev *ev, struct pv *x, bool all)
{
	struct pv **items;
	size_t i, cnt;

	if (!(items = iter_items(ev, x, &cnt)))
		return NULL;
	for (i = 0; i < cnt; i++)
		if (truthy(items[i]) != all)
			return mkbool(!all);
	return mkbool(all);
}

static struct pv *
f_any(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_anyall(ev, a[0], false);
}

static struct pv *
f_all(struct ev *ev, struct pv *self, struct pv **a, size_t n)
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

static struct pv *
f_sorted(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv **items, **tmp, *r;
	size_t cnt;

	if (!(items = iter_items(ev, a[0], &cnt)) || !(r = mkseq(ev, T_LIST, cnt)) ||
	    !(tmp = alloc(ev, (cnt + 1) * sizeof(*tmp))))
		return NULL;
	memcpy(r->v, items, cnt * sizeof(*items));
	return merge_sort(ev, r->v, tmp, cnt) < 0 ? NULL : r;
}

/* the datastore */

static bool
is_d(const struct pv *v)
{
	return v->t == T_MOD && v->i == M_D;
}

static struct pv *
getvar(struct ev *ev, struct pv *name, bool expand)
{
	char *cname, *val = NULL, *err = NULL;
	size_t n;
	int r;

	if (name->t != T_STR)
		return unsup(ev, "getVar of a %s", tname(name));
	if (!ev->env || !ev->env->getvar)
		return unsup(ev, "no datastore");
	if (memchr(name->s, 0, name->n))
		return &v_none;
	cname = xstrndup(name->s, name->n);
	r = ev->env->getvar(ev->env->ctx, cname, expand, &val, &err);
	free(cname);
	if (r < 0) {
		vfail_str(ev, err);
		free(err);
		free(val);
		return NULL;
	}
	free(err);
	if (!val)
		return &v_none;
	track(ev, val);
	n = strlen(val);
	if (n > ARENA_MAX - ev->bytes)
		return unsup(ev, "memory limit exceeded");
	ev->bytes += n;
	if (!utf8_valid((const unsigned char *)val, n))
		return unsup(ev, "value of %s is not utf-8", describe(ev, name));
	return mksub(ev, val, n);
}

static struct pv *
need_d(struct ev *ev, struct pv *d)
{
	return is_d(d) ? d : unsup(ev, "a datastore other than d");
}

/* d.getVar(name) as the helpers call it: the name must be a str */
static struct pv *
dvar(struct ev *ev, struct pv *name)
{
	return getvar(ev, name, true);
}

static struct pv *
d_getvar(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (a[2] || a[3])
		return unsup(ev, "getVar() with noweakdefault or parsing");
	return getvar(ev, a[0], a[1] ? truthy(a[1]) : true);
}

/* python's error for a missing attribute; we know the attributes of the plain types */
static struct pv *
attr_error(struct ev *ev, struct pv *v, const char *name)
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

	if (opaque(v) || !strncmp(name, "__", 2) || word_in(known[v->t], name, strlen(name)))
		return unsup(ev, "unsupported attribute '%s' of a %s", name, tname(v));
	return pyraise(ev, "AttributeError: '%s' object has no attribute '%s'", tname(v), name);
}

/* bb.utils */

static void
words_mark(struct ev *ev, struct words *ws)
{
	size_t i;

	qsort(ws->w, ws->n, sizeof(*ws->w), word_cmp);
	for (i = 0; i < ws->n; i++)
		ws->w[i].first = !i || word_strcmp(&ws->w[i - 1], ws->w[i].s, ws->w[i].n);
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
		return words_of(ev, cv->s, cv->n, out);
	if (!(items = iter_items(ev, cv, &cnt)))
		return -1;
	for (i = 0; i < cnt; i++)
		if (hashable(ev, items[i]) < 0)
			return -1;
	if (!(out->w = alloc(ev, (cnt + 1) * sizeof(*out->w))))
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
		attr_error(ev, v, "split");
		return -1;
	}
	return words_of(ev, v->s, v->n, ws);
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
	if (!truthy(val))
		return a[3];
	if (words_of(ev, val->s, val->n, &vw) < 0 || check_words(ev, a[1], &cw, &other) < 0)
		return NULL;
	for (i = 0; i < cw.n; i++)
		hit += words_has(&vw, cw.w[i].s, cw.w[i].n);
	if (any)
		return hit ? a[2] : a[3];
	return hit == cw.n && !other ? a[2] : a[3];
}

static struct pv *
bb_contains(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_contains(ev, a, false);
}

static struct pv *
bb_contains_any(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return do_contains(ev, a, true);
}

static struct pv *
bb_filter(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct words vw, cw;
	struct pv *val;
	size_t i, k = 0;
	bool other;

	if (!need_d(ev, a[2]) || !(val = dvar(ev, a[0])))
		return NULL;
	if (!truthy(val))
		return mksub(ev, "", 0);
	if (words_of(ev, val->s, val->n, &vw) < 0 || check_words(ev, a[1], &cw, &other) < 0)
		return NULL;
	for (i = 0; i < cw.n; i++)
		if (cw.w[i].first && words_has(&vw, cw.w[i].s, cw.w[i].n))
			cw.w[k++] = cw.w[i];
	return words_join(ev, cw.w, k);
}

static struct pv *
lowered(struct ev *ev, struct pv *s)
{
	if (!is_ascii(s->s, s->n))
		return unsup(ev, "lower() of a non-ascii string");
	return do_case(ev, s, false);
}

static struct pv *
bb_to_boolean(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *low;

	if (!truthy(a[0]))
		return a[1] ? a[1] : &v_none;
	if (isnum(a[0]))
		return mkbool(a[0]->i != 0);
	if (a[0]->t != T_STR)
		return attr_error(ev, a[0], "lower");
	if (!(low = lowered(ev, a[0])))
		return NULL;
	if (word_in(" y yes 1 true ", low->s, low->n))
		return &v_true;
	if (word_in(" n no 0 false ", low->s, low->n))
		return &v_false;
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
		attr_error(ev, s, "strip");
		return -1;
	}
	if (!is_ascii(s->s, s->n) || memchr(s->s, '\n', s->n)) {
		unsup(ev, "version %s", describe(ev, s));
		return -1;
	}
	while (a < b && strchr(" <>=", s->s[a]) && s->s[a])
		a++;
	while (b > a && strchr(" <>=", s->s[b - 1]) && s->s[b - 1])
		b--;
	ver->e = 0;
	if ((p = memchr(s->s + a, ':', b - a))) {
		c = (size_t)(p - s->s);
		if (!(e = mksub(ev, s->s + a, c - a)) || !(e = int_of_str(ev, e)))
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
		unsup(ev, "integer overflow");
		return -1;
	}
	if (!*res)
		*res = vercmp_part(va.v, va.vn, vb.v, vb.vn);
	if (!*res)
		*res = vercmp_part(va.r, va.rn, vb.r, vb.rn);
	return 0;
}

static struct pv *
bb_vercmp_string(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	long long r;

	return vercmp_string(ev, a[0], a[1], &r) < 0 ? NULL : mkint(ev, r);
}

/* oe.types and oe.utils */

static int
oe_boolean(struct ev *ev, struct pv *v)
{
	struct pv *low;

	if (v->t == T_NONE || v->t == T_BOOL)
		return v->t == T_BOOL && v->i;
	if (v->t != T_STR) {
		pyraise(ev, "TypeError: boolean accepts a string, not '<class '%s'>'", tname(v));
		return -1;
	}
	if (!(low = lowered(ev, v)))
		return -1;
	if (word_in(" yes y true t 1 ", low->s, low->n))
		return 1;
	if (word_in(" no n false f 0 ", low->s, low->n))
		return 0;
	pyraise(ev, "ValueError: Invalid boolean value '%.*s'", (int)low->n, low->s);
	return -1;
}

static struct pv *
oe_types_boolean(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	int r = oe_boolean(ev, a[0]);

	return r < 0 ? NULL : mkbool(r);
}

static struct pv *
oe_conditional(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	int r;

	if (!need_d(ev, a[4]) || !(v = dvar(ev, a[0])) || (r = py_eq(ev, v, a[1])) < 0)
		return NULL;
	return r ? a[2] : a[3];
}

static struct pv *
oe_vartrue(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	int r;

	if (!need_d(ev, a[3]) || !(v = dvar(ev, a[0])) || (r = oe_boolean(ev, v)) < 0)
		return NULL;
	return r ? a[1] : a[2];
}

static struct pv *
oe_less_or_equal(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *v;
	double x, y;

	if (!need_d(ev, a[4]) || !(v = dvar(ev, a[0])) || float_of(ev, v, &x) < 0 ||
	    float_of(ev, a[1], &y) < 0)
		return NULL;
	return x <= y ? a[2] : a[3];
}

static struct pv *
oe_version_less_or_equal(struct ev *ev, struct pv *self, struct pv **a, size_t n)
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
		if (ws->w[i].first && (!other || words_has(other, ws->w[i].s, ws->w[i].n) == in))
			ws->w[k++] = ws->w[i];
	if (ordered)
		qsort(ws->w, k, sizeof(*ws->w), at_cmp);
	return words_join(ev, ws->w, k);
}

static struct pv *
oe_both_contain(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct words w1, w2, cw;
	size_t i;
	bool other;

	if (!need_d(ev, a[3]) || var_words(ev, a[0], &w1) < 0 || var_words(ev, a[1], &w2) < 0 ||
	    check_words(ev, a[2], &cw, &other) < 0)
		return NULL;
	for (i = 0; i < cw.n; i++)
		if (!words_has(&w1, cw.w[i].s, cw.w[i].n) || !words_has(&w2, cw.w[i].s, cw.w[i].n))
			return mksub(ev, "", 0);
	return other ? mksub(ev, "", 0) : words_pick(ev, &cw, NULL, true, true);
}

static struct pv *
oe_set_intersect(struct ev *ev, struct pv *self, struct pv **a, size_t n)
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
	if (!truthy(v1))
		return mksub(ev, "", 0);
	if (!(v2 = dvar(ev, n2)))
		return NULL;
	if (!truthy(v2))
		return v1;
	if (words_of(ev, v1->s, v1->n, &w1) < 0 || words_of(ev, v2->s, v2->n, &w2) < 0)
		return NULL;
	if (words_has(&w2, "*", 1))
		return mksub(ev, "", 0);
	return words_pick(ev, &w1, &w2, false, false);
}

static struct pv *
oe_set_difference(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return need_d(ev, a[2]) ? set_difference(ev, a[0], a[1]) : NULL;
}

static struct pv *
oe_filter_default_features(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *s1, *s2, *n1, *n2;

	if (!need_d(ev, a[1]) || !(s1 = mksub(ev, "_DEFAULTS", 9)) ||
	    !(s2 = mksub(ev, "_OPTED_OUT", 10)) || !(n1 = binop(ev, '+', a[0], s1)) ||
	    !(n2 = binop(ev, '+', a[0], s2)))
		return NULL;
	return set_difference(ev, n1, n2);
}

static struct pv *
oe_prune_suffix(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv **items, *var = a[0], *prefix;
	size_t i, cnt;

	if (!need_d(ev, a[2]) || !(items = iter_items(ev, a[1], &cnt)))
		return NULL;
	for (i = 0; i < cnt; i++) {
		if (!truthy(items[i]))
			continue;
		if (var->t != T_STR)
			return attr_error(ev, var, "endswith");
		if (items[i]->t != T_STR)
			return unsup(ev, "prune_suffix() of a %s suffix", tname(items[i]));
		if (affix_match(var, items[i], true) &&
		    !(var = mksub(ev, var->s, var->n - items[i]->n)))
			return NULL;
	}
	if (!(prefix = getvar(ev, mksub(ev, "MLPREFIX", 8), true)))
		return NULL;
	if (!truthy(prefix))
		return var;
	if (var->t != T_STR)
		return attr_error(ev, var, "startswith");
	if (!affix_match(var, prefix, false))
		return var;
	return mksub(ev, var->s + prefix->n, var->n - prefix->n);
}

/*
 * bb.parse.vars_from_file: (PN, PV, PR) from a recipe's file name
 * "name_version_revision.bb", (None, None, None) for other files
 */
static struct pv *
bb_vars_from_file(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *fn = a[0], *r;
	const char *base, *end, *p;
	size_t k = 0;

	if (fn->t != T_STR && fn->t != T_NONE)
		return unsup(ev, "vars_from_file() of a %s", tname(fn));
	if (!(r = mkseq(ev, T_TUPLE, 3)))
		return NULL;
	r->v[0] = r->v[1] = r->v[2] = &v_none;
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

		if (!(r->v[k] = mksub(ev, p, (size_t)((q ? q : end) - p))))
			return NULL;
		if (!q)
			return r;
		p = q + 1;
	}
	return pyraise(ev, "ParseError: Unable to generate default variables from filename "
		"(too many underscores)");
}

static struct pv *
oe_ifelse(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	if (truthy(a[0]))
		return a[1] ? a[1] : &v_true;
	return a[2] ? a[2] : &v_false;
}

static struct pv *
oe_cpu_count(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *least = a[0], *most = a[1], *cpus, *r;
	cpu_set_t set;

	if ((least && !isnum(least)) || (most && !isnum(most)))
		return unsup(ev, "cpu_count() of a non-int");
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return unsup(ev, "cannot count the cpus");
	if (!(cpus = mkint(ev, CPU_COUNT(&set))))
		return NULL;
	r = most && most->i < cpus->i ? most : cpus;
	if (!most && cpus->i > 64)
		r = mkint(ev, 64);
	if (least)
		return least->i > r->i ? least : r;
	return r->i < 1 ? mkint(ev, 1) : r;
}

/* os.path, os, time */

static struct pv *
need_path(struct ev *ev, struct pv *p)
{
	if (p->t == T_STR)
		return p;
	if (opaque(p))
		return unsup(ev, "path of a %s", tname(p));
	return pyraise(ev, "TypeError: expected str, bytes or os.PathLike object, not %s", tname(p));
}

static size_t
after_slash(struct pv *p)
{
	size_t i = p->n;

	while (i > 0 && p->s[i - 1] != '/')
		i--;
	return i;
}

static struct pv *
os_basename(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	size_t i;

	if (!need_path(ev, a[0]))
		return NULL;
	i = after_slash(a[0]);
	return mksub(ev, a[0]->s + i, a[0]->n - i);
}

static struct pv *
os_dirname(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	size_t i, k = 0;

	if (!need_path(ev, a[0]))
		return NULL;
	i = after_slash(a[0]);
	while (k < i && a[0]->s[k] == '/')
		k++;
	while (k < i && i > 0 && a[0]->s[i - 1] == '/')
		i--;
	return mksub(ev, a[0]->s, i);
}

static struct pv *
os_join(struct ev *ev, struct pv *self, struct pv **a, size_t n)
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
	return mkbuf(ev, &b);
}

static struct pv *
os_normpath(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *p = a[0];
	struct word *comps;
	struct bb_buf b = BB_BUF_INIT;
	size_t i, j, nc = 0, cl, init;
	bool dd;

	if (!need_path(ev, p) || !(comps = alloc(ev, (p->n / 2 + 2) * sizeof(*comps))))
		return NULL;
	if (!p->n)
		return mksub(ev, ".", 1);
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
	return mkbuf(ev, &b);
}

static struct pv *
os_uname(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct utsname u;
	const char *f[5];
	struct pv *r;
	size_t i;

	if (uname(&u) < 0)
		return unsup(ev, "uname() failed");
	f[0] = u.sysname, f[1] = u.nodename, f[2] = u.release, f[3] = u.version, f[4] = u.machine;
	if (!(r = mkseq(ev, T_UNAME, 5)))
		return NULL;
	for (i = 0; i < 5; i++) {
		if (!utf8_valid((const unsigned char *)f[i], strlen(f[i])))
			return unsup(ev, "uname() is not utf-8");
		if (!(r->v[i] = mkcopy(ev, f[i], strlen(f[i]))))
			return NULL;
	}
	return r;
}

static struct pv *
time_gmtime(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *r;

	if (a[0] && a[0]->t != T_NONE && !isnum(a[0]))
		return unsup(ev, "gmtime() of a %s", tname(a[0]));
	if ((r = newv(ev, T_TIME))) {
		r->i = a[0] && a[0]->t != T_NONE ? a[0]->i : (long long)time(NULL);
		r->n = 1;
	}
	return r;
}

static struct pv *
time_strftime(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	char fmt[3] = "%", tmp[64];
	time_t t = a[1] ? (time_t)a[1]->i : time(NULL);
	struct tm tm;
	size_t i;

	if (a[0]->t != T_STR || (a[1] && a[1]->t != T_TIME))
		return unsup(ev, "strftime() arguments");
	if (!(a[1] ? gmtime_r(&t, &tm) : localtime_r(&t, &tm)))
		return unsup(ev, "time out of range");
	for (i = 0; i < a[0]->n; i++) {
		if (a[0]->s[i] != '%') {
			bb_buf_addch(&b, a[0]->s[i]);
			continue;
		}
		if (++i >= a[0]->n || !strchr("YmdHMSyjeI%", a[0]->s[i]) || !a[0]->s[i]) {
			bb_buf_release(&b);
			return unsup(ev, "strftime() format %s", describe(ev, a[0]));
		}
		fmt[1] = a[0]->s[i];
		bb_buf_add(&b, tmp, strftime(tmp, sizeof(tmp), fmt, &tm));
	}
	return mkbuf(ev, &b);
}

/* names */

enum fid {
	F_INT, F_STR, F_BOOL, F_LEN, F_ANY, F_ALL, F_SORTED,
	F_SPLIT, F_RSPLIT, F_STRIP, F_LSTRIP, F_RSTRIP, F_REPLACE, F_LOWER, F_UPPER,
	F_STARTSWITH, F_ENDSWITH, F_JOIN, F_REMOVEPREFIX, F_REMOVESUFFIX,
	F_GETVAR, F_CONTAINS, F_CONTAINS_ANY, F_FILTER, F_TO_BOOLEAN, F_VERCMP_STRING,
	F_CONDITIONAL, F_VARTRUE, F_LESS_OR_EQUAL, F_VERSION_LESS_OR_EQUAL, F_BOTH_CONTAIN,
	F_SET_INTERSECT, F_SET_DIFFERENCE, F_PRUNE_SUFFIX, F_IFELSE, F_CPU_COUNT,
	F_FILTER_DEFAULT_FEATURES, F_BOOLEAN, F_DIRNAME, F_BASENAME, F_JOINPATH, F_NORMPATH,
	F_UNAME, F_GMTIME, F_STRFTIME, F_VARS_FROM_FILE,
};

#define P_CONTAINS "variable checkvalues truevalue falsevalue d"
#define P_CONDITIONAL "variable checkvalue truevalue falsevalue d"

static const struct func funcs[] = {
	[F_INT] = { "int", f_int, "x base", 0, 2, false, false },
	[F_STR] = { "str", f_str, "object", 0, 1, false, false },
	[F_BOOL] = { "bool", f_bool, "x", 0, 1, false, true },
	[F_LEN] = { "len", f_len, "obj", 1, 1, false, true },
	[F_ANY] = { "any", f_any, "iterable", 1, 1, false, true },
	[F_ALL] = { "all", f_all, "iterable", 1, 1, false, true },
	[F_SORTED] = { "sorted", f_sorted, "iterable", 1, 1, false, false },
	[F_SPLIT] = { "split", m_split, "sep maxsplit", 0, 2, true, true },
	[F_RSPLIT] = { "rsplit", m_rsplit, "sep maxsplit", 0, 2, true, true },
	[F_STRIP] = { "strip", m_strip, "chars", 0, 1, false, true },
	[F_LSTRIP] = { "lstrip", m_lstrip, "chars", 0, 1, false, true },
	[F_RSTRIP] = { "rstrip", m_rstrip, "chars", 0, 1, false, true },
	[F_REPLACE] = { "replace", m_replace, "old new count", 2, 3, false, false },
	[F_LOWER] = { "lower", m_lower, "", 0, 0, false, true },
	[F_UPPER] = { "upper", m_upper, "", 0, 0, false, true },
	[F_STARTSWITH] = { "startswith", m_startswith, "prefix start end", 1, 3, false, true },
	[F_ENDSWITH] = { "endswith", m_endswith, "suffix start end", 1, 3, false, true },
	[F_JOIN] = { "join", m_join, "iterable", 1, 1, false, true },
	[F_REMOVEPREFIX] = { "removeprefix", m_removeprefix, "prefix", 1, 1, false, true },
	[F_REMOVESUFFIX] = { "removesuffix", m_removesuffix, "suffix", 1, 1, false, true },
	[F_GETVAR] = { "getVar", d_getvar, "var expand noweakdefault parsing", 1, 4, true, true },
	[F_CONTAINS] = { "contains", bb_contains, P_CONTAINS, 5, 5, true, true },
	[F_CONTAINS_ANY] = { "contains_any", bb_contains_any, P_CONTAINS, 5, 5, true, true },
	[F_FILTER] = { "filter", bb_filter, "variable checkvalues d", 3, 3, true, true },
	[F_TO_BOOLEAN] = { "to_boolean", bb_to_boolean, "string default", 1, 2, true, true },
	[F_VERCMP_STRING] = { "vercmp_string", bb_vercmp_string, "a b", 2, 2, true, true },
	[F_CONDITIONAL] = { "conditional", oe_conditional, P_CONDITIONAL, 5, 5, true, true },
	[F_VARTRUE] = { "vartrue", oe_vartrue, "var iftrue iffalse d", 4, 4, true, true },
	[F_LESS_OR_EQUAL] = { "less_or_equal", oe_less_or_equal, P_CONDITIONAL, 5, 5, true, true },
	[F_VERSION_LESS_OR_EQUAL] = { "version_less_or_equal", oe_version_less_or_equal,
				      P_CONDITIONAL, 5, 5, true, true },
	[F_BOTH_CONTAIN] = { "both_contain", oe_both_contain, "variable1 variable2 checkvalue d", 4, 4, true, true },
	[F_SET_INTERSECT] = { "set_intersect", oe_set_intersect, "variable1 variable2 d", 3, 3, true, true },
	[F_SET_DIFFERENCE] = { "set_difference", oe_set_difference, "variable1 variable2 d", 3, 3, true, true },
	[F_PRUNE_SUFFIX] = { "prune_suffix", oe_prune_suffix, "var suffixes d", 3, 3, true, true },
	[F_IFELSE] = { "ifelse", oe_ifelse, "condition iftrue iffalse", 1, 3, true, true },
	[F_CPU_COUNT] = { "cpu_count", oe_cpu_count, "at_least at_most", 0, 2, true, true },
	[F_FILTER_DEFAULT_FEATURES] = { "filter_default_features", oe_filter_default_features,
					"varname d", 2, 2, true, true },
	[F_BOOLEAN] = { "boolean", oe_types_boolean, "value", 1, 1, true, true },
	[F_DIRNAME] = { "dirname", os_dirname, "p", 1, 1, true, true },
	[F_BASENAME] = { "basename", os_basename, "p", 1, 1, true, true },
	[F_JOINPATH] = { "join", os_join, "*a", 1, 0, false, true },
	[F_NORMPATH] = { "normpath", os_normpath, "path", 1, 1, true, true },
	[F_UNAME] = { "uname", os_uname, "", 0, 0, false, true },
	[F_GMTIME] = { "gmtime", time_gmtime, "secs", 0, 1, false, false },
	[F_STRFTIME] = { "strftime", time_strftime, "format t", 1, 2, false, false },
	[F_VARS_FROM_FILE] = { "vars_from_file", bb_vars_from_file, "mypkg d", 2, 2, true, true },
};

struct attr {
	int mod;		/* the owner: a module, or -1 for str methods */
	const char *name;
	int sub;		/* a submodule, or -1 */
	int fid;
};

static const struct attr attrs[] = {
	{ M_D, "getVar", -1, F_GETVAR },
	{ M_BB, "utils", M_BB_UTILS, -1 },
	{ M_BB, "parse", M_BB_PARSE, -1 },
	{ M_BB_PARSE, "vars_from_file", -1, F_VARS_FROM_FILE },
	{ M_BB_UTILS, "contains", -1, F_CONTAINS },
	{ M_BB_UTILS, "contains_any", -1, F_CONTAINS_ANY },
	{ M_BB_UTILS, "filter", -1, F_FILTER },
	{ M_BB_UTILS, "to_boolean", -1, F_TO_BOOLEAN },
	{ M_BB_UTILS, "vercmp_string", -1, F_VERCMP_STRING },
	{ M_OE, "utils", M_OE_UTILS, -1 },
	{ M_OE, "types", M_OE_TYPES, -1 },
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
	{ M_OE_UTILS, "filter_default_features", -1, F_FILTER_DEFAULT_FEATURES },
	{ M_OE_TYPES, "boolean", -1, F_BOOLEAN },
	{ M_OS, "path", M_OS_PATH, -1 },
	{ M_OS, "uname", -1, F_UNAME },
	{ M_OS_PATH, "dirname", -1, F_DIRNAME },
	{ M_OS_PATH, "basename", -1, F_BASENAME },
	{ M_OS_PATH, "join", -1, F_JOINPATH },
	{ M_OS_PATH, "normpath", -1, F_NORMPATH },
	{ M_TIME, "gmtime", -1, F_GMTIME },
	{ M_TIME, "strftime", -1, F_STRFTIME },
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

static const char keywords[] =
	" False None True and as assert async await break class continue def del elif else"
	" except finally for from global if import in is lambda nonlocal not or pass raise"
	" return try while with yield ";

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

static struct pv *
attr_value(struct ev *ev, const struct attr *at, struct pv *self)
{
	struct pv *v = newv(ev, at->sub >= 0 ? T_MOD : T_FUNC);

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

static struct pv *
get_attr(struct ev *ev, struct pv *v, const char *name, size_t len)
{
	static const char *const uname_fields[] = {
		"sysname", "nodename", "release", "version", "machine",
	};
	const struct attr *at;
	char buf[64];
	size_t i;

	if (len >= sizeof(buf))
		return unsup(ev, "attribute name too long");
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (v->t == T_MOD || v->t == T_STR) {
		at = attr_find(attrs, sizeof(attrs) / sizeof(*attrs), v->t == T_MOD ? (int)v->i : -1,
			       buf, len);
		if (at)
			return attr_value(ev, at, v->t == T_STR ? v : NULL);
		if (v->t == T_MOD)
			return unsup(ev, "unsupported name '%s.%s'", mod_names[v->i], buf);
	}
	for (i = 0; v->t == T_UNAME && i < 5; i++)
		if (!strcmp(buf, uname_fields[i]))
			return v->v[i];
	return attr_error(ev, v, buf);
}

static bool
isfunc(struct ev *ev, struct pv *name)
{
	char *cname = xstrndup(name->s, name->n);
	bool r = ev->env->isfunc(ev->env->ctx, cname);

	free(cname);
	return r;
}

static struct pv *
lookup(struct ev *ev, const char *name, size_t len)
{
	const struct attr *at;
	struct pv *v;

	at = attr_find(globals, sizeof(globals) / sizeof(*globals), -1, name, len);
	if (at)
		return attr_value(ev, at, NULL);
	if (word_in(builtin_names, name, len))
		return unsup(ev, "unsupported name '%.*s'", (int)len, name);
	if (!(v = mksub(ev, name, len)))
		return NULL;
	/* a python function of the metadata is a global there; we do not run those */
	if (ev->env && ev->env->isfunc && isfunc(ev, v))
		return unsup(ev, "python function '%.*s' is not run", (int)len, name);
	/* bitbake's DataContext: any other name reads the variable */
	if (!(v = getvar(ev, v, true)))
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
		unsup(ev, "call of %s() that %s%.*s", fn->name, what, (int)n, arg);
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

static struct pv *
call_value(struct ev *ev, struct pv *f, const struct args *ar)
{
	const struct func *fn = f->fn;
	struct pv *a[8] = { NULL };

	if (f->t != T_FUNC) {
		if (opaque(f))
			return unsup(ev, "calling a %s", tname(f));
		return pyraise(ev, "TypeError: '%s' object is not callable", tname(f));
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

/* the parser, which evaluates as it goes unless ev->skip */

static struct tok *
cur(struct ev *ev)
{
	return &ev->tok[ev->pos];
}

static bool
at_op(struct ev *ev, int op)
{
	return cur(ev)->k == K_OP && cur(ev)->op == op;
}

static bool
tok_is(const struct tok *t, const char *kw)
{
	return t->k == K_NAME && t->n == strlen(kw) && !memcmp(t->p, kw, t->n);
}

static bool
at_kw(struct ev *ev, const char *kw)
{
	return tok_is(cur(ev), kw);
}

static struct pv *
syntax(struct ev *ev)
{
	struct tok *t = cur(ev);

	if (t->k == K_END || t->k == K_NL)
		return pyraise(ev, "SyntaxError: invalid syntax");
	return unsup(ev, "unsupported syntax at '%.*s'", (int)(t->n > 40 ? 40 : t->n), t->p);
}

static int
expect(struct ev *ev, int op)
{
	if (!at_op(ev, op)) {
		syntax(ev);
		return -1;
	}
	ev->pos++;
	return 0;
}

/* close 0 means the end of the expression */
static bool
at_close(struct ev *ev, int close)
{
	return close ? at_op(ev, close) : cur(ev)->k == K_END || cur(ev)->k == K_NL;
}

static struct pv *
parse_items(struct ev *ev, struct pv *first, int close, enum pt t)
{
	struct vec vc = { 0 };
	struct pv *v;

	if (!ev->skip && vec_push(ev, &vc, first) < 0)
		return NULL;
	while (at_op(ev, ',')) {
		ev->pos++;
		if (at_close(ev, close))
			break;
		if (!(v = parse_ternary(ev)) || (!ev->skip && vec_push(ev, &vc, v) < 0))
			return NULL;
	}
	if (close && expect(ev, close) < 0)
		return NULL;
	return ev->skip ? &v_none : vec_seq(ev, &vc, t);
}

static struct pv *
parse_paren(struct ev *ev)
{
	struct pv *x;

	ev->pos++;
	if (at_op(ev, ')')) {
		ev->pos++;
		return ev->skip ? &v_none : mkseq(ev, T_TUPLE, 0);
	}
	if (!(x = parse_ternary(ev)))
		return NULL;
	if (at_kw(ev, "for"))
		return unsup(ev, "generator expressions");
	if (at_op(ev, ')')) {
		ev->pos++;
		return x;
	}
	if (!at_op(ev, ','))
		return syntax(ev);
	return parse_items(ev, x, ')', T_TUPLE);
}

static struct pv *
parse_list(struct ev *ev)
{
	struct pv *x;

	ev->pos++;
	if (at_op(ev, ']')) {
		ev->pos++;
		return ev->skip ? &v_none : mkseq(ev, T_LIST, 0);
	}
	if (!(x = parse_ternary(ev)))
		return NULL;
	if (at_kw(ev, "for"))
		return unsup(ev, "list comprehensions");
	return parse_items(ev, x, ']', T_LIST);
}

/* python evaluates every key and value before building the dict */
static struct pv *
build_dict(struct ev *ev, struct vec *kv)
{
	struct vec out = { 0 };
	size_t i;
	long k;
	struct pv *d = newv(ev, T_DICT);

	for (i = 0; d && i < kv->n; i += 2) {
		d->v = out.v;
		d->n = out.n / 2;
		if ((k = dict_find(ev, d, kv->v[i])) < -1)
			return NULL;
		if (k >= 0)
			out.v[2 * k + 1] = kv->v[i + 1];
		else if (vec_push(ev, &out, kv->v[i]) < 0 || vec_push(ev, &out, kv->v[i + 1]) < 0)
			return NULL;
	}
	return d ? vec_seq(ev, &out, T_DICT) : NULL;
}

static struct pv *
parse_dict(struct ev *ev)
{
	struct vec kv = { 0 };
	struct pv *k, *v;

	ev->pos++;
	while (!at_op(ev, '}')) {
		if (!(k = parse_ternary(ev)))
			return NULL;
		if (!at_op(ev, ':'))
			return unsup(ev, "set displays");
		ev->pos++;
		if (!(v = parse_ternary(ev)))
			return NULL;
		if (at_kw(ev, "for"))
			return unsup(ev, "dict comprehensions");
		if (!ev->skip && (vec_push(ev, &kv, k) < 0 || vec_push(ev, &kv, v) < 0))
			return NULL;
		if (!at_op(ev, ','))
			break;
		ev->pos++;
	}
	if (expect(ev, '}') < 0)
		return NULL;
	return ev->skip ? &v_none : build_dict(ev, &kv);
}

static struct pv *
parse_strings(struct ev *ev)
{
	struct bb_buf b = BB_BUF_INIT;
	struct tok *t = cur(ev);

	if (ev->tok[ev->pos + 1].k != K_STR) {
		ev->pos++;
		return t->v;
	}
	for (; cur(ev)->k == K_STR; ev->pos++)
		if (!ev->skip)
			bb_buf_add(&b, cur(ev)->v->s, cur(ev)->v->n);
	return ev->skip ? &v_none : mkbuf(ev, &b);
}

static struct pv *
parse_name(struct ev *ev)
{
	struct tok *t = cur(ev);

	if (word_in(keywords, t->p, t->n)) {
		if (!tok_is(t, "True") && !tok_is(t, "False") && !tok_is(t, "None"))
			return syntax(ev);
		ev->pos++;
		return t->p[0] == 'T' ? &v_true : t->p[0] == 'F' ? &v_false : &v_none;
	}
	ev->pos++;
	return ev->skip ? &v_none : lookup(ev, t->p, t->n);
}

static struct pv *
parse_atom(struct ev *ev)
{
	struct tok *t = cur(ev);

	if (t->k == K_INT) {
		ev->pos++;
		return t->v;
	}
	if (t->k == K_STR)
		return parse_strings(ev);
	if (t->k == K_NAME)
		return parse_name(ev);
	if (at_op(ev, '('))
		return parse_paren(ev);
	if (at_op(ev, '['))
		return parse_list(ev);
	if (at_op(ev, '{'))
		return parse_dict(ev);
	return syntax(ev);
}

static struct pv *
parse_call(struct ev *ev, struct pv *f)
{
	struct vec pos = { 0 }, kw = { 0 }, kwv = { 0 };
	struct args ar;
	struct pv *v, *name;
	struct tok *t;
	size_t i;

	for (ev->pos++; !at_op(ev, ')'); ev->pos++) {
		t = cur(ev);
		name = NULL;
		if (t->k == K_NAME && t[1].k == K_OP && t[1].op == '=') {
			if (word_in(keywords, t->p, t->n))
				return syntax(ev);
			if (!(name = mksub(ev, t->p, t->n)))
				return NULL;
			ev->pos += 2;
		} else if (kw.n) {
			return unsup(ev, "positional argument after keyword argument");
		}
		if (!(v = parse_ternary(ev)))
			return NULL;
		if (at_kw(ev, "for"))
			return unsup(ev, "generator expressions");
		for (i = 0; name && i < kw.n; i++)
			if (kw.v[i]->n == name->n && !memcmp(kw.v[i]->s, name->s, name->n))
				return unsup(ev, "keyword argument repeated");
		if (name ? vec_push(ev, &kw, name) < 0 || vec_push(ev, &kwv, v) < 0 :
			   vec_push(ev, &pos, v) < 0)
			return NULL;
		if (!at_op(ev, ','))
			break;
	}
	if (expect(ev, ')') < 0)
		return NULL;
	if (ev->skip)
		return &v_none;
	ar = (struct args){ pos.v, pos.n, kw.v, kwv.v, kw.n };
	return call_value(ev, f, &ar);
}

static struct pv *
parse_subscript(struct ev *ev, struct pv *v)
{
	struct pv *lo = NULL, *hi = NULL, *st = NULL;
	bool sl = false;

	ev->pos++;
	if (!at_op(ev, ':') && !(lo = parse_ternary(ev)))
		return NULL;
	if (at_op(ev, ':')) {
		sl = true;
		ev->pos++;
		if (!at_op(ev, ']') && !at_op(ev, ':') && !(hi = parse_ternary(ev)))
			return NULL;
		if (at_op(ev, ':')) {
			ev->pos++;
			if (!at_op(ev, ']') && !(st = parse_ternary(ev)))
				return NULL;
		}
	} else if (at_op(ev, ',')) {
		return unsup(ev, "tuple subscripts");
	}
	if (expect(ev, ']') < 0)
		return NULL;
	if (ev->skip)
		return &v_none;
	return sl ? slice(ev, v, lo, hi, st) : subscript(ev, v, lo);
}

static struct pv *
parse_primary(struct ev *ev)
{
	struct pv *v = parse_atom(ev);
	struct tok *t;

	while (v) {
		if (at_op(ev, '(')) {
			v = parse_call(ev, v);
		} else if (at_op(ev, '[')) {
			v = parse_subscript(ev, v);
		} else if (at_op(ev, '.')) {
			t = &ev->tok[++ev->pos];
			if (t->k != K_NAME || word_in(keywords, t->p, t->n))
				return syntax(ev);
			ev->pos++;
			v = ev->skip ? &v_none : get_attr(ev, v, t->p, t->n);
		} else {
			break;
		}
	}
	return v;
}

static int
enter(struct ev *ev)
{
	if (++ev->depth <= BB_PY_MAX_DEPTH)
		return 0;
	unsup(ev, "expression nested too deeply");
	return -1;
}

static struct pv *
parse_factor(struct ev *ev)
{
	struct pv *x;
	int op = cur(ev)->op;

	if (cur(ev)->k == K_OP && (op == '-' || op == '+' || op == '~')) {
		ev->pos++;
		if (enter(ev) < 0)
			return NULL;
		x = parse_factor(ev);
		ev->depth--;
		return !x || ev->skip ? x : unary(ev, op, x);
	}
	x = parse_primary(ev);
	if (x && at_op(ev, O_POW))
		return unsup(ev, "the ** operator");
	return x;
}

static struct pv *
parse_term(struct ev *ev)
{
	struct pv *x = parse_factor(ev), *y;
	int op;

	while (x && (at_op(ev, '*') || at_op(ev, '/') || at_op(ev, O_FDIV) || at_op(ev, '%'))) {
		op = cur(ev)->op;
		ev->pos++;
		if (!(y = parse_factor(ev)))
			return NULL;
		x = ev->skip ? x : binop(ev, op, x, y);
	}
	return x;
}

static struct pv *
parse_arith(struct ev *ev)
{
	struct pv *x = parse_term(ev), *y;
	int op;

	while (x && (at_op(ev, '+') || at_op(ev, '-'))) {
		op = cur(ev)->op;
		ev->pos++;
		if (!(y = parse_term(ev)))
			return NULL;
		x = ev->skip ? x : binop(ev, op, x, y);
	}
	return x;
}

/* reads a comparison operator, or returns -1 */
static int
comp_op(struct ev *ev)
{
	static const int ops[] = { O_EQ, O_NE, '<', O_LE, '>', O_GE };
	struct tok *t = cur(ev);
	int i;

	for (i = 0; t->k == K_OP && i < 6; i++) {
		if (t->op == ops[i]) {
			ev->pos++;
			return i;
		}
	}
	if (tok_is(t, "in") || (tok_is(t, "not") && tok_is(t + 1, "in"))) {
		ev->pos += tok_is(t, "in") ? 1 : 2;
		return tok_is(t, "in") ? C_IN : C_NOTIN;
	}
	if (tok_is(t, "is")) {
		ev->pos += tok_is(t + 1, "not") ? 2 : 1;
		return tok_is(t + 1, "not") ? C_ISNOT : C_IS;
	}
	return -1;
}

/* a chain stops evaluating at its first false comparison */
static struct pv *
parse_comparison(struct ev *ev)
{
	struct pv *a = parse_arith(ev), *b, *r = a;
	bool done = false;
	int op;

	while (a && (op = comp_op(ev)) >= 0) {
		if (!(b = parse_arith(ev))) {
			a = NULL;
		} else if (!ev->skip && !(r = compare(ev, op, a, b))) {
			a = NULL;
		} else {
			if (!ev->skip && !truthy(r)) {
				done = true;
				ev->skip++;
			}
			a = b;
		}
	}
	if (done)
		ev->skip--;
	return a ? r : NULL;
}

static struct pv *
parse_not(struct ev *ev)
{
	struct pv *x;

	if (!at_kw(ev, "not"))
		return parse_comparison(ev);
	ev->pos++;
	if (enter(ev) < 0)
		return NULL;
	x = parse_not(ev);
	ev->depth--;
	return !x || ev->skip ? x : mkbool(!truthy(x));
}

/* and/or return an operand; the rest is skipped once the result is known */
static struct pv *
parse_andor(struct ev *ev, bool is_or)
{
	struct pv *x = is_or ? parse_andor(ev, false) : parse_not(ev), *y;
	bool done = false;

	while (x && at_kw(ev, is_or ? "or" : "and")) {
		ev->pos++;
		if (!done && !ev->skip && truthy(x) == is_or) {
			done = true;
			ev->skip++;
		}
		y = is_or ? parse_andor(ev, false) : parse_not(ev);
		if (!y)
			x = NULL;
		else if (!done)
			x = y;
	}
	if (done)
		ev->skip--;
	return x;
}

/* whether a conditional expression starts here: an 'if' outside brackets */
static bool
has_if(struct ev *ev)
{
	size_t i;
	int depth = 0, op;

	for (i = ev->pos; i < ev->ntok; i++) {
		op = ev->tok[i].k == K_OP ? ev->tok[i].op : 0;
		if (ev->tok[i].k == K_END || ev->tok[i].k == K_NL)
			return false;
		if (op == '(' || op == '[' || op == '{')
			depth++;
		else if ((op == ')' || op == ']' || op == '}') && !depth--)
			return false;
		else if (!depth && (op == ',' || op == ':' || op == '='))
			return false;
		else if (!depth && tok_is(&ev->tok[i], "if"))
			return true;
	}
	return false;
}

/* x if c else y: c is evaluated first, then x or y */
static struct pv *
ternary_eval(struct ev *ev)
{
	size_t xpos = ev->pos, end;
	struct pv *r, *c;

	ev->skip++;
	r = parse_andor(ev, true);
	ev->skip--;
	if (!r || !at_kw(ev, "if"))
		return r ? syntax(ev) : NULL;
	ev->pos++;
	if (!(c = parse_andor(ev, true)))
		return NULL;
	if (!at_kw(ev, "else"))
		return syntax(ev);
	ev->pos++;
	if (!truthy(c))
		return parse_ternary(ev);
	ev->skip++;
	r = parse_ternary(ev);
	ev->skip--;
	if (!r)
		return NULL;
	end = ev->pos;
	ev->pos = xpos;
	r = parse_andor(ev, true);
	ev->pos = end;
	return r;
}

static struct pv *
ternary_skip(struct ev *ev)
{
	struct pv *x = parse_andor(ev, true);

	if (!x || !at_kw(ev, "if"))
		return x;
	if (!ev->skip)
		return syntax(ev);
	ev->pos++;
	if (!parse_andor(ev, true))
		return NULL;
	if (!at_kw(ev, "else"))
		return syntax(ev);
	ev->pos++;
	return parse_ternary(ev);
}

static struct pv *
parse_ternary(struct ev *ev)
{
	struct pv *r;

	if (enter(ev) < 0)
		return NULL;
	if (at_kw(ev, "lambda") || at_kw(ev, "yield") || at_kw(ev, "await"))
		r = unsup(ev, "'%.*s' expressions", (int)cur(ev)->n, cur(ev)->p);
	else
		r = !ev->skip && has_if(ev) ? ternary_eval(ev) : ternary_skip(ev);
	ev->depth--;
	return r;
}

static struct pv *
parse_top(struct ev *ev)
{
	struct pv *x;

	ev->pos = 0;
	ev->depth = 0;
	x = parse_ternary(ev);
	if (x && at_op(ev, ','))
		x = parse_items(ev, x, 0, T_TUPLE);
	if (x && cur(ev)->k == K_NL) {
		while (cur(ev)->k == K_NL)
			ev->pos++;
		/* a second logical line */
		if (cur(ev)->k != K_END)
			return pyraise(ev, "SyntaxError: invalid syntax");
	}
	/* an expression followed by '=' is an assignment: never valid in eval() */
	if (x && at_op(ev, '='))
		return pyraise(ev, "SyntaxError: invalid syntax");
	if (x && cur(ev)->k != K_END)
		return syntax(ev);
	return x;
}

/* entry */

/* python reads source with universal newlines */
static char *
translate_newlines(const char *code, size_t len, size_t *n)
{
	char *s = xmalloc(len + 1);
	size_t i, k = 0;

	for (i = 0; i < len; i++) {
		if (code[i] == '\r') {
			s[k++] = '\n';
			i += i + 1 < len && code[i + 1] == '\n';
		} else {
			s[k++] = code[i];
		}
	}
	s[k] = '\0';
	*n = k;
	return s;
}

static struct pv *
evaluate(struct ev *ev, const char *code, size_t len)
{
	size_t a = 0, b = len;
	struct pv *v;

	if (memchr(code, 0, len))
		return pyraise(ev, "SyntaxError: source code string cannot contain null bytes");
	if (!utf8_valid((const unsigned char *)code, len))
		return unsup(ev, "code is not valid utf-8");
	strip_ws(code, &a, &b);
	if (b - a > BB_PY_MAX_CODE)
		return unsup(ev, "expression longer than %u bytes", BB_PY_MAX_CODE);
	ev->tok = xcalloc(b - a + 2, sizeof(*ev->tok));
	if (lex(ev, code + a, b - a) < 0)
		return NULL;
	ev->skip = 1;
	v = parse_top(ev);
	ev->skip = 0;
	return v ? parse_top(ev) : NULL;
}

int
bb_py_eval(const struct bb_py_env *env, const char *code, size_t len, struct bb_buf *out,
	   struct bb_buf *why)
{
	struct bb_buf res = BB_BUF_INIT;
	struct ev ev;
	struct pv *v;
	size_t n, i;
	char *src;

	memset(&ev, 0, sizeof(ev));
	ev.env = env;
	ev.why = why;
	src = translate_newlines(code, len, &n);
	v = evaluate(&ev, src, n);
	if (v && !ev.status && to_str(&ev, v, &res, false) == 0) {
		if (memchr(res.buf, 0, res.len))
			unsup(&ev, "result contains a nul byte");
		else if (res.len > BB_PY_MAX_STR)
			unsup(&ev, "result longer than %u bytes", BB_PY_MAX_STR);
		else
			bb_buf_add(out, res.buf, res.len);
	}
	bb_buf_release(&res);
	for (i = 0; i < ev.nmem; i++)
		free(ev.mem[i]);
	free(ev.mem);
	free(ev.tok);
	free(src);
	return ev.status;
}
