/* pyexpr/ops.c: comparisons, arithmetic and % formatting of the python subset */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "pyexpr-int.h"

/* comparisons */

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
int
py_cmp(struct ev *ev, struct pv *a, struct pv *b, const char *op, int *res)
{
	int r;

	if (py_opaque(a) || py_opaque(b)) {
		py_unsup(ev, "ordering a %s and a %s", py_tname(a), py_tname(b));
		return -1;
	}
	if (py_isnum(a) && py_isnum(b)) {
		*res = a->i < b->i ? -1 : a->i > b->i;
		return 0;
	}
	if (a->t == T_STR && b->t == T_STR) {
		if (py_spend(ev, a->n) < 0)
			return -1;
		r = memcmp(a->s, b->s, a->n < b->n ? a->n : b->n);
		*res = r ? (r < 0 ? -1 : 1) : a->n < b->n ? -1 : a->n > b->n;
		return 0;
	}
	if (a->t == b->t && (a->t == T_LIST || a->t == T_TUPLE))
		return seq_cmp(ev, a, b, op, res);
	pyraise(ev, "TypeError: '%s' not supported between instances of '%s' and '%s'", op,
		py_tname(a), py_tname(b));
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
				py_tname(x));
			return -1;
		}
		if (py_spend(ev, c->n) < 0)
			return -1;
		return !x->n || py_find(ev, c->s, c->n, x) != NULL;
	}
	if (c->t == T_DICT)
		return py_dict_find(ev, c, x) > -2 ? py_dict_find(ev, c, x) >= 0 : -1;
	if (py_isseq(c)) {
		for (i = 0; i < c->n; i++)
			if ((r = py_eq(ev, x, c->v[i])) != 0)
				return r;
		return 0;
	}
	if (py_opaque(c)) {
		py_unsup(ev, "'in' on a %s", py_tname(c));
		return -1;
	}
	pyraise(ev, "TypeError: argument of type '%s' is not iterable", py_tname(c));
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
	py_unsup(ev, "'is' between a %s and a %s", py_tname(a), py_tname(b));
	return -1;
}

struct pv *
py_compare(struct ev *ev, int op, struct pv *a, struct pv *b)
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
	return py_mkbool(r);
}

/* arithmetic */

static struct pv *
concat(struct ev *ev, struct pv *a, struct pv *b)
{
	struct pv *r;
	char *p;

	if (a->t == T_STR) {
		if (!(r = py_mkstr(ev, a->n + b->n, &p)))
			return NULL;
		memcpy(p, a->s, a->n);
		memcpy(p + a->n, b->s, b->n);
		return r;
	}
	if (!(r = py_mkseq(ev, a->t, a->n + b->n)))
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
		return py_unsup(ev, "result too large");
	if (a->t == T_STR) {
		if (!(r = py_mkstr(ev, a->n * n, &p)))
			return NULL;
		for (i = 0; i < n; i++)
			memcpy(p + i * a->n, a->s, a->n);
		return r;
	}
	if (!(r = py_mkseq(ev, a->t, a->n * n)))
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
		return py_unsup(ev, "float division");
	else if (x == LLONG_MIN && y == -1)
		ovf = true;
	else if (op == O_FDIV)
		r = x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
	else
		r = (x % y != 0 && (x % y < 0) != (y < 0)) ? x % y + y : x % y;
	if (ovf)
		return py_unsup(ev, "integer overflow");
	return py_mkint(ev, r);
}

static struct pv *fmt_percent(struct ev *ev, struct pv *f, struct pv *args);

static const char *
op_name(int op)
{
	return op == '+' ? "+" : op == '-' ? "-" : op == '*' ? "*" : op == '/' ? "/" :
	       op == '%' ? "%" : "//";
}

struct pv *
py_binop(struct ev *ev, int op, struct pv *a, struct pv *b)
{
	if (py_opaque(a) || py_opaque(b))
		return py_unsup(ev, "operator %s on a %s and a %s", op_name(op), py_tname(a), py_tname(b));
	if (py_isnum(a) && py_isnum(b))
		return arith_int(ev, op, a->i, b->i);
	if (op == '+' && a->t == b->t && (a->t == T_STR || a->t == T_LIST || a->t == T_TUPLE))
		return concat(ev, a, b);
	if (op == '+' && (a->t == T_STR || a->t == T_LIST || a->t == T_TUPLE))
		return pyraise(ev, "TypeError: can only concatenate %s (not \"%s\") to %s",
			       py_tname(a), py_tname(b), py_tname(a));
	if (op == '*' && py_isnum(b) && (a->t == T_STR || py_isseq(a)))
		return repeat(ev, a, b->i);
	if (op == '*' && py_isnum(a) && (b->t == T_STR || py_isseq(b)))
		return repeat(ev, b, a->i);
	if (op == '*' && (a->t == T_STR || py_isseq(a)))
		return pyraise(ev, "TypeError: can't multiply sequence by non-int of type '%s'", py_tname(b));
	if (op == '%' && a->t == T_STR)
		return fmt_percent(ev, a, b);
	return pyraise(ev, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'",
		       op_name(op), py_tname(a), py_tname(b));
}

struct pv *
py_unary(struct ev *ev, int op, struct pv *a)
{
	if (!py_isnum(a)) {
		if (py_opaque(a))
			return py_unsup(ev, "unary %c on a %s", op, py_tname(a));
		return pyraise(ev, "TypeError: bad operand type for unary %c: '%s'", op, py_tname(a));
	}
	if (op == '-' && a->i == LLONG_MIN)
		return py_unsup(ev, "integer overflow");
	return py_mkint(ev, op == '-' ? -a->i : op == '~' ? ~a->i : a->i);
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
			py_unsup(ev, "'#' in a format");
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
			py_unsup(ev, "format width too large");
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
		py_unsup(ev, "'%c' in a format", s[i]);
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

	if (!py_isnum(arg)) {
		pyraise(ev, "TypeError: %%%c format: a real number is required, not %s", sp->conv, py_tname(arg));
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

	if (py_to_str(ev, arg, &t, sp->conv != 's') < 0) {
		bb_buf_release(&t);
		return -1;
	}
	n = t.len;
	if ((sp->width || sp->prec >= 0) && !py_is_ascii(t.buf, t.len)) {
		bb_buf_release(&t);
		py_unsup(ev, "format width on a non-ascii string");
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
	py_unsup(ev, "format '%%%c'", sp->conv);
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
		if (b.len > BB_PY_MAX_STR || py_spend(ev, 0) < 0)
			goto err;
	}
	if (argi < nargs && !(args->t == T_LIST || args->t == T_DICT)) {
		pyraise(ev, "TypeError: not all arguments converted during string formatting");
		goto err;
	}
	return py_mkbuf(ev, &b);
err:
	if (!ev->status)
		py_unsup(ev, "unsupported format %s", py_describe(ev, f));
	bb_buf_release(&b);
	return NULL;
}
