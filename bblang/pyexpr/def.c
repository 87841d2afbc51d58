/*
 * def.c: calls of the python functions of the metadata, stored as BitBake
 * stores a "def": the variable NAME holds "def NAME(PARAMS):\n    BODY".
 *
 * The body runs on a statement interpreter over the expression evaluator:
 * assignment to names (NAME = x, a, b = x, NAME += x and the other augmented
 * operators), if/elif/else, for over a value (without else), return, pass,
 * break, continue, docstrings, and "import NAME" of bb, oe, os, time and re.
 * A call of bb's logging (bb.note, bb.warn, bb.error, bb.fatal...) passes the
 * check but makes the call unsupported when it is reached.  Any other
 * statement (a call made for its effect, while, try, with, from, raise,
 * assignment to a subscript or an attribute, a nested def) makes the call
 * unsupported: the function's value is never half computed.  As python compiles a function before running it, the
 * whole body is checked first, with nothing evaluated; that pass also finds
 * the function's local names.
 */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/util.h"

#define MAX_PARAMS 16
#define STMT_COST 64

struct line {
	size_t a, b;		/* its tokens, without the K_NL that ends it */
	unsigned indent;
};

struct fn {
	const char *name;
	size_t nname;
	struct line *ln;
	size_t nln;
	struct scope sc;
	int loops;		/* for loops around the statement being checked */
	bool check;		/* the compile pass: evaluate nothing */
};

enum flow { FL_NEXT, FL_RETURN, FL_BREAK, FL_CONTINUE, FL_ERR };

static enum flow
fail_syntax(struct ev *ev, const struct fn *f, const char *what)
{
	pyraise(ev, "SyntaxError: %s in function '%.*s'", what, (int)f->nname, f->name);
	return FL_ERR;
}

static enum flow
fail_unsup(struct ev *ev, const struct fn *f, const struct tok *t, const char *what)
{
	py_unsup(ev, "%s '%.*s' in function '%.*s'", what, (int)(t->n > 40 ? 40 : t->n), t->p,
		 (int)f->nname, f->name);
	return FL_ERR;
}

/* the column of the token that starts a logical line; a tab moves to the next multiple of 8 */
static unsigned
indent_of(const char *text, const char *p)
{
	const char *s = p;
	unsigned col = 0;

	while (s > text && s[-1] != '\n')
		s--;
	for (; s < p; s++)
		col = *s == '\t' ? (col / 8 + 1) * 8 : *s == '\f' ? 0 : col + 1;
	return col;
}

static int
split_lines(struct ev *ev, struct fn *f, const char *text)
{
	size_t i, a = 0;

	if (!(f->ln = py_alloc(ev, (ev->ntok + 1) * sizeof(*f->ln))))
		return -1;
	for (i = 0; i < ev->ntok; i++) {
		if (ev->tok[i].k != K_NL && ev->tok[i].k != K_END)
			continue;
		if (i > a)
			f->ln[f->nln++] = (struct line){ a, i, indent_of(text, ev->tok[a].p) };
		a = i + 1;
	}
	return 0;
}

/* evaluates the expression of tokens [a, b) (nothing in the check pass) */
static struct pv *
expr(struct ev *ev, const struct fn *f, size_t a, size_t b, bool tuple)
{
	struct pv *v;

	if (a >= b)
		return fail_syntax(ev, f, "invalid syntax"), NULL;
	ev->pos = a;
	if (f->check)
		ev->skip++;
	v = py_parse_expr(ev, tuple);
	if (f->check)
		ev->skip--;
	if (v && ev->pos != b) {
		if (ev->tok[ev->pos].k == K_OP)
			return fail_unsup(ev, f, &ev->tok[ev->pos], "unsupported syntax at"), NULL;
		return fail_syntax(ev, f, "invalid syntax"), NULL;
	}
	return v;
}

/* the index of the first op outside brackets in tokens [a, b), or b */
static size_t
op_at(const struct ev *ev, size_t a, size_t b, int op)
{
	int depth = 0;

	for (size_t i = a; i < b; i++) {
		const struct tok *t = &ev->tok[i];

		if (py_tok_op(t, '(') || py_tok_op(t, '[') || py_tok_op(t, '{'))
			depth++;
		else if (py_tok_op(t, ')') || py_tok_op(t, ']') || py_tok_op(t, '}'))
			depth--;
		else if (!depth && py_tok_op(t, op))
			return i;
	}
	return b;
}

/* the ':' that ends a compound statement's header */
static size_t
header_colon(const struct ev *ev, size_t a, size_t b)
{
	return op_at(ev, a, b, ':');
}

/* a target of names: NAME or NAME, NAME... in [a, b) */
static bool
names_only(const struct ev *ev, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if ((i - a) % 2 ? !py_tok_op(&ev->tok[i], ',') : ev->tok[i].k != K_NAME)
			return false;
	return a < b && ev->tok[b - 1].k == K_NAME;
}

static int
bind(struct ev *ev, struct fn *f, size_t a, size_t b, struct pv *v)
{
	struct pv *name;

	if (!f->check)
		return py_bind_target(ev, &f->sc, a, b, v);
	for (size_t i = a; i < b; i += 2)
		if (!(name = py_mksub(ev, ev->tok[i].p, ev->tok[i].n)) ||
		    py_scope_set(ev, &f->sc, name, NULL) < 0)
			return -1;
	return 0;
}

static enum flow run_lines(struct ev *ev, struct fn *f, size_t from, size_t to, struct pv **ret);
static enum flow run_simple(struct ev *ev, struct fn *f, size_t a, size_t b, struct pv **ret);

/* the body of the compound statement on line i whose header's ':' is at token c;
   *next is the line after it */
static enum flow
run_body(struct ev *ev, struct fn *f, size_t i, size_t c, size_t *next, bool run, struct pv **ret)
{
	const struct line *l = &f->ln[i];
	size_t end = i + 1;

	if (c + 1 < l->b) {	/* if x: return y */
		*next = end;
		return run ? run_simple(ev, f, c + 1, l->b, ret) : FL_NEXT;
	}
	while (end < f->nln && f->ln[end].indent > l->indent)
		end++;
	*next = end;
	if (end == i + 1)
		return fail_syntax(ev, f, "expected an indented block");
	return run ? run_lines(ev, f, i + 1, end, ret) : FL_NEXT;
}

/* if/elif/else from line i; *next is the line after the chain */
static enum flow
run_if(struct ev *ev, struct fn *f, size_t i, size_t *next, struct pv **ret)
{
	unsigned indent = f->ln[i].indent;
	enum flow fl = FL_NEXT, r;
	bool done = false, is_else, taken;
	struct pv *c = NULL;
	size_t k;

	for (;;) {
		const struct line *l = &f->ln[i];

		is_else = py_tok_is(&ev->tok[l->a], "else");
		k = header_colon(ev, l->a, l->b);
		if (k == l->b)
			return fail_syntax(ev, f, "expected ':'");
		if (is_else ? k != l->a + 1 : !(c = expr(ev, f, l->a + 1, k, false)))
			return is_else ? fail_syntax(ev, f, "invalid syntax") : FL_ERR;
		taken = !f->check && !done && (is_else || py_truthy(c));
		r = run_body(ev, f, i, k, &i, f->check || taken, ret);
		if (r == FL_ERR)
			return r;
		if (taken) {
			done = true;
			fl = r;
		}
		if (is_else || i >= f->nln || f->ln[i].indent != indent ||
		    !(py_tok_is(&ev->tok[f->ln[i].a], "elif") || py_tok_is(&ev->tok[f->ln[i].a], "else")))
			break;
	}
	*next = i;
	return fl;
}

static enum flow
run_for(struct ev *ev, struct fn *f, size_t i, size_t *next, struct pv **ret)
{
	const struct line *l = &f->ln[i];
	size_t ta = l->a + 1, tb = ta, k, n, j, after;
	struct pv *it, **items = NULL;
	enum flow r = FL_NEXT;

	while (tb < l->b && !py_tok_is(&ev->tok[tb], "in"))
		tb++;
	if (tb == l->b || !names_only(ev, ta, tb))
		return ta < tb && tb < l->b ? fail_unsup(ev, f, &ev->tok[ta], "a for target") :
		       fail_syntax(ev, f, "invalid syntax");
	k = header_colon(ev, tb + 1, l->b);
	if (k == l->b)
		return fail_syntax(ev, f, "expected ':'");
	if (!(it = expr(ev, f, tb + 1, k, false)) || (f->check && bind(ev, f, ta, tb, NULL) < 0))
		return FL_ERR;
	if (run_body(ev, f, i, k, &after, false, ret) == FL_ERR)
		return FL_ERR;
	if (after < f->nln && f->ln[after].indent == l->indent && py_tok_is(&ev->tok[f->ln[after].a], "else"))
		return fail_unsup(ev, f, &ev->tok[f->ln[after].a], "for ...");
	*next = after;
	f->loops++;
	if (f->check) {
		r = run_body(ev, f, i, k, &after, true, ret);
	} else if ((items = py_iter_items(ev, it, &n))) {
		for (j = 0; j < n; j++) {
			if (bind(ev, f, ta, tb, items[j]) < 0) {
				r = FL_ERR;
				break;
			}
			r = run_body(ev, f, i, k, &after, true, ret);
			if (r == FL_BREAK) {
				r = FL_NEXT;
				break;
			}
			if (r == FL_RETURN || r == FL_ERR)
				break;
			r = FL_NEXT;
		}
	} else {
		r = FL_ERR;
	}
	f->loops--;
	return r;
}

/* the '=' of an assignment */
static size_t
assign_at(const struct ev *ev, size_t a, size_t b)
{
	return op_at(ev, a, b, '=');
}

/* "+=" and the like: the operator for py_binop, or 0 */
static int
aug_op(const struct tok *t)
{
	if (t->k != K_OP || t->op != O_OTHER || t->p[t->n - 1] != '=')
		return 0;
	if (t->n == 3)
		return t->p[0] == '/' ? O_FDIV : O_POW;
	return strchr("+-*/%", t->p[0]) ? t->p[0] : -1;
}

static enum flow
run_assign(struct ev *ev, struct fn *f, size_t a, size_t b)
{
	size_t eq = assign_at(ev, a, b);
	struct pv *v, *old;
	int op;

	if (b - a >= 2 && (op = aug_op(&ev->tok[a + 1]))) {
		if (op < 0 || ev->tok[a].k != K_NAME)
			return fail_unsup(ev, f, &ev->tok[a + 1], "augmented assignment");
		if (!(v = expr(ev, f, a + 2, b, true)))
			return FL_ERR;
		if (f->check)
			return bind(ev, f, a, a + 1, NULL) < 0 ? FL_ERR : FL_NEXT;
		if (!(old = py_lookup(ev, ev->tok[a].p, ev->tok[a].n)) ||
		    !(v = py_binop(ev, op, old, v)))
			return FL_ERR;
		return bind(ev, f, a, a + 1, v) < 0 ? FL_ERR : FL_NEXT;
	}
	if (!names_only(ev, a, eq))
		return fail_unsup(ev, f, &ev->tok[a], "assignment to");
	if (assign_at(ev, eq + 1, b) != b)
		return fail_unsup(ev, f, &ev->tok[a], "chained assignment");
	if (!(v = expr(ev, f, eq + 1, b, true)))
		return FL_ERR;
	return bind(ev, f, a, eq, v) < 0 ? FL_ERR : FL_NEXT;
}

/* import NAME[.NAME...][, ...]: each first NAME bound to its module */
static enum flow
run_import(struct ev *ev, struct fn *f, size_t a, size_t b)
{
	size_t i = a + 1, first;
	struct pv *m;

	for (;;) {
		first = i;
		if (i >= b || ev->tok[i].k != K_NAME)
			return fail_syntax(ev, f, "invalid syntax");
		for (i++; i + 1 < b && py_tok_op(&ev->tok[i], '.') && ev->tok[i + 1].k == K_NAME; i += 2)
			;
		if (i < b && !py_tok_op(&ev->tok[i], ','))
			return fail_unsup(ev, f, &ev->tok[first], "import");
		if (!(m = py_import(ev, ev->tok[first].p, ev->tok[first].n)))
			return ev->status ? FL_ERR : fail_unsup(ev, f, &ev->tok[first], "import of");
		if (bind(ev, f, first, first + 1, m) < 0)
			return FL_ERR;
		if (i == b)
			return FL_NEXT;
		i++;
	}
}

/* bb.note(...), bb.warn(...) and the rest of bb's logging, as a statement */
static bool
bb_log_call(struct ev *ev, size_t a, size_t b)
{
	static const char logs[] = " debug note plain warn error fatal verbnote ";
	const struct tok *t = &ev->tok[a];

	return b >= a + 5 && py_tok_is(t, "bb") && py_tok_op(&t[1], '.') && t[2].k == K_NAME &&
	       py_word_in(logs, t[2].p, t[2].n) && py_tok_op(&t[3], '(') &&
	       py_tok_op(&ev->tok[b - 1], ')');
}

static enum flow
run_simple(struct ev *ev, struct fn *f, size_t a, size_t b, struct pv **ret)
{
	static const char *const unsup[] = {
		"while", "try", "with", "from", "raise", "del", "global", "nonlocal",
		"assert", "def", "class", "async", "await", "yield", "lambda", "match",
	};
	const struct tok *t = &ev->tok[a];
	size_t i;

	if (py_spend(ev, STMT_COST) < 0)
		return FL_ERR;
	if (py_tok_is(t, "import"))
		return run_import(ev, f, a, b);
	if (bb_log_call(ev, a, b))
		return f->check ? FL_NEXT : fail_unsup(ev, f, t, "a call of bb's logging,");
	for (i = 0; i < sizeof(unsup) / sizeof(*unsup); i++)
		if (py_tok_is(t, unsup[i]))
			return fail_unsup(ev, f, t, "statement");
	if (py_tok_is(t, "pass") || py_tok_is(t, "break") || py_tok_is(t, "continue")) {
		if (b != a + 1)
			return fail_syntax(ev, f, "invalid syntax");
		if (!py_tok_is(t, "pass") && !f->loops)
			return fail_syntax(ev, f, "'break' or 'continue' outside loop");
		return py_tok_is(t, "pass") || f->check ? FL_NEXT : py_tok_is(t, "break") ? FL_BREAK : FL_CONTINUE;
	}
	if (py_tok_is(t, "return")) {
		*ret = &py_none;
		if (b > a + 1 && !(*ret = expr(ev, f, a + 1, b, true)))
			return FL_ERR;
		return f->check ? FL_NEXT : FL_RETURN;
	}
	if (py_tok_is(t, "if") || py_tok_is(t, "elif") || py_tok_is(t, "else") || py_tok_is(t, "for"))
		return fail_syntax(ev, f, "invalid syntax");
	for (i = a; i < b && ev->tok[i].k == K_STR; i++)
		;
	if (i == b)	/* a docstring */
		return FL_NEXT;
	if (assign_at(ev, a, b) != b || (b - a >= 2 && aug_op(&ev->tok[a + 1])))
		return run_assign(ev, f, a, b);
	return fail_unsup(ev, f, t, "a statement run for its effect:");
}

static enum flow
run_lines(struct ev *ev, struct fn *f, size_t from, size_t to, struct pv **ret)
{
	unsigned indent = f->ln[from].indent;
	enum flow r;
	size_t i = from;

	while (i < to) {
		const struct line *l = &f->ln[i];
		const struct tok *t = &ev->tok[l->a];

		if (l->indent != indent)
			return fail_syntax(ev, f, l->indent > indent ? "unexpected indent" :
					   "unindent does not match any outer indentation level");
		if (py_tok_is(t, "if")) {
			r = run_if(ev, f, i, &i, ret);
		} else if (py_tok_is(t, "for")) {
			r = run_for(ev, f, i, &i, ret);
		} else {
			r = run_simple(ev, f, l->a, l->b, ret);
			i++;
		}
		if (r != FL_NEXT)
			return r;
	}
	return FL_NEXT;
}

/* def NAME(PARAMS): on line 0; binds the arguments as python does */
static int
bind_args(struct ev *ev, struct fn *f, const struct args *ar, size_t *body)
{
	const struct line *l = &f->ln[0];
	size_t p = l->a + 2, np = 0, dflt[MAX_PARAMS], i, k, c;
	const struct tok *par[MAX_PARAMS], *t;
	struct pv *val[MAX_PARAMS] = { NULL }, *name;

	if (!py_tok_is(&ev->tok[l->a], "def") || ev->tok[l->a + 1].k != K_NAME ||
	    !py_tok_op(&ev->tok[p], '('))
		return py_unsup(ev, "'%.*s' is not a def", (int)f->nname, f->name), -1;
	for (p++; !py_tok_op(&ev->tok[p], ')'); p++) {
		t = &ev->tok[p];
		if (t->k != K_NAME || np == MAX_PARAMS)
			return fail_unsup(ev, f, t, "parameter"), -1;
		par[np] = t;
		dflt[np] = 0;
		if (py_tok_op(&ev->tok[++p], '=')) {
			dflt[np] = ++p;
			ev->pos = p;
			ev->skip++;
			name = py_parse_expr(ev, false);
			ev->skip--;
			if (!name)
				return -1;
			p = ev->pos;
		} else if (np && dflt[np - 1]) {
			return fail_syntax(ev, f, "parameter without a default follows one with"), -1;
		}
		np++;
		if (!py_tok_op(&ev->tok[p], ','))
			break;
	}
	if (!py_tok_op(&ev->tok[p], ')') || (c = header_colon(ev, p + 1, l->b)) != p + 1)
		return fail_syntax(ev, f, "invalid syntax"), -1;
	*body = c;
	if (ar->npos > np)
		return pyraise(ev, "TypeError: %.*s() takes %zu positional arguments but %zu were given",
			       (int)f->nname, f->name, np, ar->npos), -1;
	for (i = 0; i < ar->npos; i++)
		val[i] = ar->pos[i];
	for (i = 0; i < ar->nkw; i++) {
		for (k = 0; k < np; k++)
			if (par[k]->n == ar->kw[i]->n && !memcmp(par[k]->p, ar->kw[i]->s, par[k]->n))
				break;
		if (k == np || val[k])
			return pyraise(ev, "TypeError: %.*s() got %s argument '%.*s'", (int)f->nname,
				       f->name, k == np ? "an unexpected keyword" : "multiple values for",
				       (int)ar->kw[i]->n, ar->kw[i]->s), -1;
		val[k] = ar->kwv[i];
	}
	for (k = 0; k < np; k++) {
		if (!val[k] && dflt[k]) {	/* defaults are read at the call, in the globals */
			ev->pos = dflt[k];
			if (!(val[k] = py_parse_expr(ev, false)))
				return -1;
		}
		if (!val[k])
			return pyraise(ev, "TypeError: %.*s() missing required argument: '%.*s'",
				       (int)f->nname, f->name, (int)par[k]->n, par[k]->p), -1;
		if (!(name = py_mksub(ev, par[k]->p, par[k]->n)) ||
		    py_scope_set(ev, &f->sc, name, val[k]) < 0)
			return -1;
	}
	return 0;
}

/* run (or check) the body: after the header's ':' on line 0, or the lines after it */
static enum flow
run_def(struct ev *ev, struct fn *f, size_t c, struct pv **ret)
{
	size_t next;

	return run_body(ev, f, 0, c, &next, true, ret) == FL_ERR ? FL_ERR :
	       next != f->nln ? fail_syntax(ev, f, "unexpected unindent") : FL_NEXT;
}

struct pv *
py_call_def(struct ev *ev, struct pv *fv, const struct args *ar)
{
	struct tok *tok = ev->tok;
	size_t ntok = ev->ntok, pos = ev->pos, c;
	struct scope *outer = ev->scope;
	struct fn f = { .name = fv->s, .nname = fv->n, .sc = { .fn = true } };
	struct pv *ret = &py_none;
	char *text = NULL, *err = NULL, *cname;
	enum flow r = FL_ERR;
	int got;

	if (++ev->depth > BB_PY_MAX_DEPTH) {
		ev->depth--;
		return py_unsup(ev, "calls nested too deeply");
	}
	cname = xstrndup(fv->s, fv->n);
	got = ev->env->getvar(ev->env->ctx, cname, false, &text, &err);
	free(cname);
	if (got < 0) {
		py_fail(ev, BB_PY_ERROR, "%s", err);
		free(err);
		goto out;
	}
	if (text)
		py_track(ev, text);
	if (got > 0 || !text) {
		py_unsup(ev, "python function '%.*s' is not evaluated", (int)fv->n, fv->s);
		goto out;
	}
	/* a shell or "python NAME() {...}" function is no python global */
	if (strncmp(text, "def ", 4)) {
		pyraise(ev, "NameError: name '%.*s' is not defined", (int)fv->n, fv->s);
		goto out;
	}
	if (py_lex_code(ev, text, strlen(text)) < 0 || split_lines(ev, &f, text) < 0 || !f.nln)
		goto out;
	ev->scope = NULL;	/* defaults: the globals */
	if (bind_args(ev, &f, ar, &c) < 0)
		goto out;
	ev->scope = &f.sc;
	f.check = true;
	r = run_def(ev, &f, c, &ret);
	f.check = false;
	if (r != FL_ERR) {	/* the locals found are declared, unbound; the parameters bound */
		ret = &py_none;
		r = run_def(ev, &f, c, &ret);
	}
out:
	ev->scope = outer;
	ev->tok = tok;
	ev->ntok = ntok;
	ev->pos = pos;
	ev->depth--;
	return r == FL_ERR || ev->status ? NULL : ret;
}
