/* pyexpr: evaluate the python subset of "${@...}" inline code without python */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/utf8.h"
#include "bblang/util.h"

#define BB_PY_MAX_CODE (1u << 20)

static struct pv *parse_ternary(struct ev *ev);
static struct pv *parse_andor(struct ev *ev, bool is_or);

/* the parser, which evaluates as it goes unless ev->skip */

static const char keywords[] =
	" False None True and as assert async await break class continue def del elif else"
	" except finally for from global if import in is lambda nonlocal not or pass raise"
	" return try while with yield ";

static struct tok *
cur(struct ev *ev)
{
	return &ev->tok[ev->pos];
}

static bool
at_op(struct ev *ev, int op)
{
	return py_tok_op(cur(ev), op);
}

static bool
at_kw(struct ev *ev, const char *kw)
{
	return py_tok_is(cur(ev), kw);
}

static struct pv *
syntax(struct ev *ev)
{
	struct tok *t = cur(ev);

	if (t->k == K_END || t->k == K_NL)
		return pyraise(ev, "SyntaxError: invalid syntax");
	return py_unsup(ev, "unsupported syntax at '%.*s'", (int)(t->n > 40 ? 40 : t->n), t->p);
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

	if (!ev->skip && py_vec_push(ev, &vc, first) < 0)
		return NULL;
	while (at_op(ev, ',')) {
		ev->pos++;
		if (at_close(ev, close))
			break;
		if (!(v = parse_ternary(ev)) || (!ev->skip && py_vec_push(ev, &vc, v) < 0))
			return NULL;
	}
	if (close && expect(ev, close) < 0)
		return NULL;
	return ev->skip ? &py_none : py_vec_seq(ev, &vc, t);
}

/*
 * scanning from ev->pos to the end of the expression (its closing bracket, the
 * line's end): whether the keyword want comes outside brackets before any of
 * the operators stops or the keyword stopkw (may be NULL)
 */
static bool
ahead(struct ev *ev, const char *want, const char *stops, const char *stopkw)
{
	int depth = 0, op;

	for (size_t i = ev->pos; i < ev->ntok; i++) {
		const struct tok *t = &ev->tok[i];

		op = t->k == K_OP ? t->op : 0;
		if (t->k == K_END || t->k == K_NL)
			return false;
		if (op == '(' || op == '[' || op == '{')
			depth++;
		else if ((op == ')' || op == ']' || op == '}') && !depth--)
			return false;
		else if (!depth && ((op > 0 && op < 256 && strchr(stops, op)) ||
				    (stopkw && py_tok_is(t, stopkw))))
			return false;
		else if (!depth && py_tok_is(t, want))
			return true;
	}
	return false;
}

/* whether the expression at ev->pos, up to its ',' or closing bracket, has a 'for' */
static bool
comp_ahead(struct ev *ev)
{
	return ahead(ev, "for", ",", NULL);
}

/* the target of a for: NAME or NAME, NAME...; the names' tokens are [*a, *b) */
static int
parse_target(struct ev *ev, size_t *a, size_t *b)
{
	*a = ev->pos;
	for (;;) {
		if (cur(ev)->k != K_NAME || py_word_in(keywords, cur(ev)->p, cur(ev)->n)) {
			syntax(ev);
			return -1;
		}
		ev->pos++;
		if (!at_op(ev, ','))
			break;
		ev->pos++;
	}
	*b = ev->pos;
	return 0;
}

int
py_bind_target(struct ev *ev, struct scope *sc, size_t a, size_t b, struct pv *v)
{
	size_t k = (b - a + 1) / 2, n, i;
	struct pv **items, *name;

	if (k == 1 && b - a == 1)
		return (name = py_mksub(ev, ev->tok[a].p, ev->tok[a].n)) ? py_scope_set(ev, sc, name, v) : -1;
	if (!(items = py_iter_items(ev, v, &n)))
		return -1;
	if (n != k) {
		pyraise(ev, n > k ? "ValueError: too many values to unpack (expected %zu)" :
			"ValueError: not enough values to unpack (expected %zu, got %zu)", k, n);
		return -1;
	}
	for (i = 0; i < k; i++)
		if (!(name = py_mksub(ev, ev->tok[a + 2 * i].p, ev->tok[a + 2 * i].n)) ||
		    py_scope_set(ev, sc, name, items[i]) < 0)
			return -1;
	return 0;
}

/*
 * ELEM for TARGET in ITER [if COND]...: the list of ELEM over ITER's items for
 * which every COND holds, ELEM and COND read again for each item in a scope of
 * their own. A generator (gen) is evaluated at once: an exception python
 * would raise there may never have been reached, so it is unsupported.
 */
static struct pv *
parse_comp(struct ev *ev, bool gen)
{
	size_t elem = ev->pos, ta, tb, conds[8], ncond = 0, end, n, i, k;
	struct scope sc = { .up = ev->scope };
	struct vec out = { 0 };
	struct pv *it, **items, *c, *v;
	bool keep;

	ev->skip++;
	v = parse_ternary(ev);
	ev->skip--;
	if (!v)
		return NULL;
	ev->pos++;	/* for */
	if (parse_target(ev, &ta, &tb) < 0)
		return NULL;
	if (!at_kw(ev, "in"))
		return syntax(ev);
	ev->pos++;
	if (!(it = parse_andor(ev, true)))
		return NULL;
	while (at_kw(ev, "if")) {
		if (ncond == sizeof(conds) / sizeof(*conds))
			return py_unsup(ev, "more than %zu conditions in a comprehension", ncond);
		conds[ncond++] = ++ev->pos;
		ev->skip++;
		v = parse_andor(ev, true);
		ev->skip--;
		if (!v)
			return NULL;
	}
	if (at_kw(ev, "for") || at_kw(ev, "async"))
		return py_unsup(ev, "comprehensions with more than one 'for'");
	end = ev->pos;
	if (ev->skip)
		return &py_none;
	if (!(items = py_iter_items(ev, it, &n)))
		return NULL;
	ev->scope = &sc;
	for (i = 0; i < n; i++) {
		if (py_spend(ev, 16) < 0 || py_bind_target(ev, &sc, ta, tb, items[i]) < 0)
			break;
		for (k = 0, keep = true; k < ncond && keep; k++) {
			ev->pos = conds[k];
			if (!(c = parse_andor(ev, true)))
				break;
			keep = py_truthy(c);
		}
		if (ev->status)
			break;
		ev->pos = elem;
		if (keep && (!(v = parse_ternary(ev)) || py_vec_push(ev, &out, v) < 0))
			break;
	}
	ev->scope = sc.up;
	ev->pos = end;
	if (ev->status == BB_PY_RAISE && gen) {
		bb_buf_setlen(ev->why, 0);
		ev->status = 0;
		return py_unsup(ev, "a generator that raises when evaluated at once");
	}
	return ev->status ? NULL : py_vec_seq(ev, &out, T_LIST);
}

/*
 * passes an opening bracket; when close follows at once, passes it too and
 * gives the empty sequence of type t in *out
 */
static bool
empty_display(struct ev *ev, int close, enum pt t, struct pv **out)
{
	ev->pos++;
	if (!at_op(ev, close))
		return false;
	ev->pos++;
	*out = ev->skip ? &py_none : py_mkseq(ev, t, 0);
	return true;
}

static struct pv *
parse_paren(struct ev *ev)
{
	struct pv *x;

	if (empty_display(ev, ')', T_TUPLE, &x))
		return x;
	if (!(x = parse_ternary(ev)))
		return NULL;
	if (at_kw(ev, "for"))
		return py_unsup(ev, "generator expressions");
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

	if (empty_display(ev, ']', T_LIST, &x))
		return x;
	if (comp_ahead(ev))
		return (x = parse_comp(ev, false)) && expect(ev, ']') == 0 ? x : NULL;
	if (!(x = parse_ternary(ev)))
		return NULL;
	return parse_items(ev, x, ']', T_LIST);
}

/* python evaluates every key and value before building the dict */
static struct pv *
build_dict(struct ev *ev, struct vec *kv)
{
	struct vec out = { 0 };
	size_t i;
	long k;
	struct pv *d = py_newv(ev, T_DICT);

	for (i = 0; d && i < kv->n; i += 2) {
		d->v = out.v;
		d->n = out.n / 2;
		if ((k = py_dict_find(ev, d, kv->v[i])) < -1)
			return NULL;
		if (k >= 0)
			out.v[2 * k + 1] = kv->v[i + 1];
		else if (py_vec_push(ev, &out, kv->v[i]) < 0 || py_vec_push(ev, &out, kv->v[i + 1]) < 0)
			return NULL;
	}
	return d ? py_vec_seq(ev, &out, T_DICT) : NULL;
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
			return py_unsup(ev, "set displays");
		ev->pos++;
		if (!(v = parse_ternary(ev)))
			return NULL;
		if (at_kw(ev, "for"))
			return py_unsup(ev, "dict comprehensions");
		if (!ev->skip && (py_vec_push(ev, &kv, k) < 0 || py_vec_push(ev, &kv, v) < 0))
			return NULL;
		if (!at_op(ev, ','))
			break;
		ev->pos++;
	}
	if (expect(ev, '}') < 0)
		return NULL;
	return ev->skip ? &py_none : build_dict(ev, &kv);
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
	return ev->skip ? &py_none : py_mkbuf(ev, &b);
}

static struct pv *
parse_name(struct ev *ev)
{
	struct tok *t = cur(ev);

	if (py_word_in(keywords, t->p, t->n)) {
		if (!py_tok_is(t, "True") && !py_tok_is(t, "False") && !py_tok_is(t, "None"))
			return syntax(ev);
		ev->pos++;
		return t->p[0] == 'T' ? &py_true : t->p[0] == 'F' ? &py_false : &py_none;
	}
	ev->pos++;
	return ev->skip ? &py_none : py_lookup(ev, t->p, t->n);
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
			if (py_word_in(keywords, t->p, t->n))
				return syntax(ev);
			if (!(name = py_mksub(ev, t->p, t->n)))
				return NULL;
			ev->pos += 2;
		} else if (kw.n) {
			return py_unsup(ev, "positional argument after keyword argument");
		}
		if (!name && !pos.n && comp_ahead(ev)) {
			/* f(x for x in y): the generator must be f's only argument */
			if (!ev->skip && !py_takes_generator(f))
				return py_unsup(ev, "a generator expression passed to %s",
						py_describe(ev, f));
			if (!(v = parse_comp(ev, true)))
				return NULL;
			if (!at_op(ev, ')'))
				return pyraise(ev, "SyntaxError: Generator expression must be parenthesized");
		} else if (!(v = parse_ternary(ev))) {
			return NULL;
		}
		for (i = 0; name && i < kw.n; i++)
			if (kw.v[i]->n == name->n && !memcmp(kw.v[i]->s, name->s, name->n))
				return py_unsup(ev, "keyword argument repeated");
		if (name ? py_vec_push(ev, &kw, name) < 0 || py_vec_push(ev, &kwv, v) < 0 :
			   py_vec_push(ev, &pos, v) < 0)
			return NULL;
		if (!at_op(ev, ','))
			break;
	}
	if (expect(ev, ')') < 0)
		return NULL;
	if (ev->skip)
		return &py_none;
	ar = (struct args){ pos.v, pos.n, kw.v, kwv.v, kw.n };
	return py_call_value(ev, f, &ar);
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
		return py_unsup(ev, "tuple subscripts");
	}
	if (expect(ev, ']') < 0)
		return NULL;
	if (ev->skip)
		return &py_none;
	return sl ? py_slice(ev, v, lo, hi, st) : py_subscript(ev, v, lo);
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
			if (t->k != K_NAME || py_word_in(keywords, t->p, t->n))
				return syntax(ev);
			ev->pos++;
			v = ev->skip ? &py_none : py_get_attr(ev, v, t->p, t->n);
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
	py_unsup(ev, "expression nested too deeply");
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
		return !x || ev->skip ? x : py_unary(ev, op, x);
	}
	x = parse_primary(ev);
	if (x && at_op(ev, O_POW))
		return py_unsup(ev, "the ** operator");
	return x;
}

/* the current token is one of the operators ops[0..n) */
static bool
at_one_of(struct ev *ev, const int *ops, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (at_op(ev, ops[i]))
			return true;
	return false;
}

/* operands by operand, joined left to right by the operators ops[0..n) */
static struct pv *
parse_left(struct ev *ev, struct pv *(*operand)(struct ev *), const int *ops, size_t n)
{
	struct pv *x = operand(ev), *y;
	int op;

	while (x && at_one_of(ev, ops, n)) {
		op = cur(ev)->op;
		ev->pos++;
		if (!(y = operand(ev)))
			return NULL;
		x = ev->skip ? x : py_binop(ev, op, x, y);
	}
	return x;
}

static struct pv *
parse_term(struct ev *ev)
{
	static const int ops[] = { '*', '/', O_FDIV, '%' };

	return parse_left(ev, parse_factor, ops, sizeof(ops) / sizeof(ops[0]));
}

static struct pv *
parse_arith(struct ev *ev)
{
	static const int ops[] = { '+', '-' };

	return parse_left(ev, parse_term, ops, sizeof(ops) / sizeof(ops[0]));
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
	if (py_tok_is(t, "in") || (py_tok_is(t, "not") && py_tok_is(t + 1, "in"))) {
		ev->pos += py_tok_is(t, "in") ? 1 : 2;
		return py_tok_is(t, "in") ? C_IN : C_NOTIN;
	}
	if (py_tok_is(t, "is")) {
		ev->pos += py_tok_is(t + 1, "not") ? 2 : 1;
		return py_tok_is(t + 1, "not") ? C_ISNOT : C_IS;
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
		} else if (!ev->skip && !(r = py_compare(ev, op, a, b))) {
			a = NULL;
		} else {
			if (!ev->skip && !py_truthy(r)) {
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
	return !x || ev->skip ? x : py_mkbool(!py_truthy(x));
}

/* and/or return an operand; the rest is skipped once the result is known */
static struct pv *
parse_andor(struct ev *ev, bool is_or)
{
	struct pv *x = is_or ? parse_andor(ev, false) : parse_not(ev), *y;
	bool done = false;

	while (x && at_kw(ev, is_or ? "or" : "and")) {
		ev->pos++;
		if (!done && !ev->skip && py_truthy(x) == is_or) {
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
	return ahead(ev, "if", ",:=", "for");
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
	if (!py_truthy(c))
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
		r = py_unsup(ev, "'%.*s' expressions", (int)cur(ev)->n, cur(ev)->p);
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

int
py_lex_code(struct ev *ev, const char *code, size_t len)
{
	if (memchr(code, 0, len)) {
		pyraise(ev, "SyntaxError: source code string cannot contain null bytes");
		return -1;
	}
	if (!bb_utf8_valid((const unsigned char *)code, len)) {
		py_unsup(ev, "code is not valid utf-8");
		return -1;
	}
	if (len > BB_PY_MAX_CODE) {
		py_unsup(ev, "code longer than %u bytes", BB_PY_MAX_CODE);
		return -1;
	}
	if (!(ev->tok = py_alloc(ev, (len + 2) * sizeof(*ev->tok))))
		return -1;
	ev->ntok = ev->pos = 0;
	return py_lex(ev, code, len);
}

struct pv *
py_parse_expr(struct ev *ev, bool tuple)
{
	struct pv *x = parse_ternary(ev);

	if (x && tuple && at_op(ev, ','))
		x = parse_items(ev, x, 0, T_TUPLE);
	return x;
}

struct pv *
py_evaluate(struct ev *ev, const char *code, size_t len)
{
	size_t a = 0, b = len;
	struct pv *v;

	py_strip_ws(code, &a, &b);
	if (py_lex_code(ev, code + a, b - a) < 0)
		return NULL;
	ev->skip = 1;
	v = parse_top(ev);
	ev->skip = 0;
	return v ? parse_top(ev) : NULL;
}
