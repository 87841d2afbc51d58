/* templates: compiled once into literal, variable and conditional parts, rendered on demand */
#include <stdlib.h>
#include <string.h>

#include "generator/tmpl.h"

#define MAX_DEPTH 64

enum cond_op { COND_TRUE, COND_NOT, COND_EQ, COND_NE };

struct tmpl_cond {
	enum cond_op op;
	char *var;
	char *word;
	struct bb_loc loc;
	char *file;
};

enum part_kind { PART_TEXT, PART_VAR, PART_IF };

struct block {
	struct part *v;
	size_t n, alloc;
};

struct part {
	enum part_kind kind;
	unsigned line;
	char *text;		/* TEXT: the literal; VAR: the name */
	size_t len;
	struct tmpl_cond *cond;	/* IF */
	struct block then, other;
};

struct tmpl {
	char *name;
	struct block root;
};

/* the compiler's state: the open @{if} blocks and the pending literal */
struct compiler {
	struct tmpl *t;
	struct part *open[MAX_DEPTH];
	bool in_else[MAX_DEPTH];
	int depth;
	struct bb_buf lit;
	struct bb_error *err;
	unsigned line;
};

static bool
is_name_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		c == '_' || c == '.' || c == ':' || c == '+' || c == '-';
}

static bool
is_blank(int c)
{
	return c == ' ' || c == '\t';
}

static size_t
name_len(const char *s)
{
	size_t n = 0;

	while (is_name_char((unsigned char)s[n]))
		n++;
	return n;
}

static void
block_release(struct block *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].text);
		tmpl_cond_free(b->v[i].cond);
		block_release(&b->v[i].then);
		block_release(&b->v[i].other);
	}
	free(b->v);
}

void
tmpl_free(struct tmpl *t)
{
	if (!t)
		return;
	block_release(&t->root);
	free(t->name);
	free(t);
}

void
tmpl_cond_free(struct tmpl_cond *c)
{
	if (!c)
		return;
	free(c->var);
	free(c->word);
	free(c->file);
	free(c);
}

static int
cond_fail(const char *name, unsigned line, const char *text, struct bb_error *err)
{
	struct bb_loc loc = { name, line };

	return bb_error(err, &loc, "malformed condition '%s'", text);
}

/* the WORD of NAME == WORD: a run of non-blanks or a double-quoted string */
static char *
cond_word(const char *s)
{
	size_t n;

	if (*s == '"') {
		const char *q = strchr(s + 1, '"');

		if (!q || q[1])
			return NULL;
		return xstrndup(s + 1, (size_t)(q - s - 1));
	}
	n = strcspn(s, " \t");
	if (!n || s[n])
		return NULL;
	return xstrdup(s);
}

struct tmpl_cond *
tmpl_cond_compile(const char *name, unsigned line, const char *text, struct bb_error *err)
{
	struct tmpl_cond *c = xcalloc(1, sizeof(*c));
	const char *s = text;
	size_t n;

	while (is_blank(*s))
		s++;
	if (*s == '!') {
		c->op = COND_NOT;
		for (s++; is_blank(*s); s++)
			;
	}
	n = name_len(s);
	c->var = xstrndup(s, n);
	for (s += n; is_blank(*s); s++)
		;
	if (c->op == COND_TRUE && (!strncmp(s, "==", 2) || !strncmp(s, "!=", 2))) {
		c->op = s[0] == '=' ? COND_EQ : COND_NE;
		for (s += 2; is_blank(*s); s++)
			;
		c->word = cond_word(s);
		s = c->word ? "" : "?";
	}
	if (!n || *s) {
		tmpl_cond_free(c);
		cond_fail(name, line, text, err);
		return NULL;
	}
	c->file = xstrdup(name);
	c->loc.file = c->file;
	c->loc.line = line;
	return c;
}

static int
lookup(tmpl_lookup_fn *fn, void *ctx, const char *var, const struct bb_loc *loc, char **val,
	struct bb_error *err)
{
	struct bb_error why = BB_ERROR_INIT;

	if (fn(ctx, var, val, &why) < 0) {
		const char *msg = why.msg ? why.msg : "lookup failed";

		/* a message with its own file:line (the conf's) is the better one */
		bb_error(err, strstr(msg, ": error: ") ? NULL : loc, "%s", msg);
		bb_error_clear(&why);
		return -1;
	}
	if (!*val)
		return bb_error(err, loc, "unknown substitution '%s'", var);
	return 0;
}

int
tmpl_cond_eval(const struct tmpl_cond *c, tmpl_lookup_fn *fn, void *ctx, bool *res,
	struct bb_error *err)
{
	char *val;

	if (lookup(fn, ctx, c->var, &c->loc, &val, err) < 0)
		return -1;
	switch (c->op) {
	case COND_TRUE: *res = *val && strcmp(val, "0"); break;
	case COND_NOT: *res = !*val || !strcmp(val, "0"); break;
	case COND_EQ: *res = !strcmp(val, c->word); break;
	case COND_NE: *res = strcmp(val, c->word) != 0; break;
	}
	free(val);
	return 0;
}

static struct block *
current(struct compiler *c)
{
	struct part *p;

	if (!c->depth)
		return &c->t->root;
	p = c->open[c->depth - 1];
	return c->in_else[c->depth - 1] ? &p->other : &p->then;
}

static struct part *
add_part(struct compiler *c, enum part_kind kind)
{
	struct block *b = current(c);

	if (b->n == b->alloc) {
		b->alloc = b->alloc ? 2 * b->alloc : 8;
		b->v = xreallocarray(b->v, b->alloc, sizeof(*b->v));
	}
	memset(&b->v[b->n], 0, sizeof(b->v[0]));
	b->v[b->n].kind = kind;
	b->v[b->n].line = c->line;
	return &b->v[b->n++];
}

static void
flush_literal(struct compiler *c)
{
	struct part *p;

	if (!c->lit.len)
		return;
	p = add_part(c, PART_TEXT);
	p->len = c->lit.len;
	p->text = bb_buf_detach(&c->lit);
}

static int
fail(struct compiler *c, const char *fmt, const char *arg)
{
	struct bb_loc loc = { c->t->name, c->line };

	return bb_error(c->err, &loc, fmt, arg);
}

static int
open_if(struct compiler *c, const char *cond)
{
	struct part *p;

	if (c->depth == MAX_DEPTH)
		return fail(c, "%s: conditionals nested too deeply", "@{if}");
	p = add_part(c, PART_IF);
	p->cond = tmpl_cond_compile(c->t->name, c->line, cond, c->err);
	if (!p->cond)
		return -1;
	c->open[c->depth] = p;
	c->in_else[c->depth++] = false;
	return 0;
}

/* a directive line: "@{if COND}", "@{else}" or "@{endif}" between blanks */
static int
directive(struct compiler *c, const char *inner, size_t len)
{
	char *arg = xstrndup(inner, len);
	int ret = 0;

	flush_literal(c);
	if (!strncmp(arg, "if", 2) && (is_blank(arg[2]) || !arg[2]))
		ret = open_if(c, arg + (arg[2] ? 3 : 2));
	else if (!strcmp(arg, "else") && (!c->depth || c->in_else[c->depth - 1]))
		ret = fail(c, "%s", c->depth ? "second '@{else}' in one '@{if}'" :
			"'@{else}' without '@{if}'");
	else if (!strcmp(arg, "else"))
		c->in_else[c->depth - 1] = true;
	else if (!strcmp(arg, "endif") && !c->depth)
		ret = fail(c, "%s", "'@{endif}' without '@{if}'");
	else if (!strcmp(arg, "endif"))
		c->depth--;
	else
		ret = 1;
	free(arg);
	return ret;
}

/* if line (len bytes, newline included) is a directive: its inner text */
static const char *
directive_inner(const char *line, size_t len, size_t *inner_len)
{
	const char *s = line, *end = line + len;

	while (s < end && is_blank(*s))
		s++;
	if (end - s < 3 || strncmp(s, "@{", 2))
		return NULL;
	while (end > s && (is_blank(end[-1]) || end[-1] == '\n' || end[-1] == '\r'))
		end--;
	if (end[-1] != '}' || memchr(s + 2, '}', (size_t)(end - s - 3)))
		return NULL;
	*inner_len = (size_t)(end - s - 3);
	return s + 2;
}

static bool
is_directive(const char *p, size_t n)
{
	return (n == 2 && !strncmp(p, "if", 2)) || (n == 4 && !strncmp(p, "else", 4)) ||
		(n == 5 && !strncmp(p, "endif", 5));
}

static int
bad_subst(struct compiler *c, const char *p, const char *end, bool directive_word)
{
	const char *q = memchr(p, '}', (size_t)(end - p));
	size_t n = q ? (size_t)(q - p + 1) : 0;
	char *what;
	int ret;

	while (!q && p + n < end && p[n] != '\n' && p[n] != '\r')
		n++;
	what = xstrndup(p - 2, n + 2);
	ret = fail(c, directive_word ? "'%s' must be on a line of its own" :
		"malformed substitution '%s'", what);
	free(what);
	return ret;
}

/* @{...} inside a line: a substitution; p points after "@{" */
static int
inline_subst(struct compiler *c, const char *p, const char *end, size_t *used)
{
	size_t n = name_len(p);
	struct part *v;

	if (is_directive(p, n) && p + n < end && (p[n] == '}' || is_blank(p[n])))
		return bad_subst(c, p, end, true);
	if (!n || p + n >= end || p[n] != '}')
		return bad_subst(c, p, end, false);
	flush_literal(c);
	v = add_part(c, PART_VAR);
	v->text = xstrndup(p, n);
	v->len = n;
	*used = n + 1;
	return 0;
}

static int
text_line(struct compiler *c, const char *s, size_t len)
{
	const char *end = s + len;

	while (s < end) {
		const char *at = memchr(s, '@', (size_t)(end - s));
		size_t used = 0;

		if (!at) {
			bb_buf_add(&c->lit, s, (size_t)(end - s));
			break;
		}
		bb_buf_add(&c->lit, s, (size_t)(at - s));
		if (end - at >= 3 && at[1] == '@' && at[2] == '{') {
			bb_buf_add(&c->lit, "@{", 2);
			s = at + 3;
		} else if (end - at >= 2 && at[1] == '{') {
			if (inline_subst(c, at + 2, end, &used) < 0)
				return -1;
			s = at + 2 + used;
		} else {
			bb_buf_addch(&c->lit, '@');
			s = at + 1;
		}
	}
	return 0;
}

static int
compile_line(struct compiler *c, const char *line, size_t len)
{
	size_t ilen;
	const char *inner = directive_inner(line, len, &ilen);
	int ret = inner ? directive(c, inner, ilen) : 1;

	if (ret <= 0)
		return ret;
	return text_line(c, line, len);
}

static int
compile_text(struct compiler *c, const char *text, size_t len)
{
	const char *s = text, *end = text + len;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *next = nl ? nl + 1 : end;

		c->line++;
		if (compile_line(c, s, (size_t)(next - s)) < 0)
			return -1;
		s = next;
	}
	flush_literal(c);
	if (c->depth) {
		c->line = c->open[c->depth - 1]->line;
		return fail(c, "%s", "'@{if}' without '@{endif}'");
	}
	return 0;
}

struct tmpl *
tmpl_compile(const char *name, const char *text, size_t len, struct bb_error *err)
{
	return tmpl_compile_at(name, 1, text, len, err);
}

struct tmpl *
tmpl_compile_at(const char *name, unsigned line, const char *text, size_t len,
	struct bb_error *err)
{
	struct compiler c = { 0 };

	c.line = line - 1;
	c.t = xcalloc(1, sizeof(*c.t));
	c.t->name = xstrdup(name);
	c.err = err;
	bb_buf_init(&c.lit);
	if (compile_text(&c, text, len) < 0) {
		bb_buf_release(&c.lit);
		tmpl_free(c.t);
		return NULL;
	}
	return c.t;
}

struct render {
	const struct tmpl *t;
	tmpl_lookup_fn *fn;
	void *ctx;
	struct bb_buf *out;
	struct bb_error *err;
};

static int
render_block(struct render *r, const struct block *b, bool emit)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct part *p = &b->v[i];
		struct bb_loc loc = { r->t->name, p->line };
		bool res;
		char *val;

		switch (p->kind) {
		case PART_TEXT:
			if (emit)
				bb_buf_add(r->out, p->text, p->len);
			break;
		case PART_VAR:
			if (lookup(r->fn, r->ctx, p->text, &loc, &val, r->err) < 0)
				return -1;
			if (emit)
				bb_buf_addstr(r->out, val);
			free(val);
			break;
		case PART_IF:
			if (tmpl_cond_eval(p->cond, r->fn, r->ctx, &res, r->err) < 0 ||
			    render_block(r, &p->then, emit && res) < 0 ||
			    render_block(r, &p->other, emit && !res) < 0)
				return -1;
			break;
		}
	}
	return 0;
}

int
tmpl_render(const struct tmpl *t, tmpl_lookup_fn *fn, void *ctx, struct bb_buf *out,
	struct bb_error *err)
{
	struct render r = { t, fn, ctx, out, err };
	size_t len = out ? out->len : 0;

	if (render_block(&r, &t->root, out != NULL) < 0) {
		if (out)
			bb_buf_setlen(out, len);
		return -1;
	}
	return 0;
}
