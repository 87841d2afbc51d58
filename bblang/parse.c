/*
 * lines to statements, after ConfHandler.py (conf files) and BBHandler.py
 * (recipes, classes, .inc files); the patterns are BitBake's own, in PCRE2
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "data-int.h"
#include "parse.h"
#include "strvec.h"
#include "utf8.h"

enum rx {
	RX_CONFIG,
	RX_INCLUDE,
	RX_REQUIRE,
	RX_INCLUDE_ALL,
	RX_EXPORT,
	RX_UNSET,
	RX_UNSET_FLAG,
	RX_ADDFRAGMENTS,
	RX_ADDPYLIB,
	RX_FUNC_START,
	RX_INHERIT,
	RX_INHERIT_DEFER,
	RX_EXPORT_FUNC,
	RX_ADDTASK,
	RX_DELTASK,
	RX_ADDHANDLER,
	RX_DEF,
	RX_PYTHON_FUNC,
	RX_N
};

/* python's \s (bb_py_space_at) on UTF-8 bytes: PCRE2's leaves out \x1c-\x1f */
#define WS "(?:[\\t-\\r \\x1c-\\x1f]|\\xc2[\\x85\\xa0]|\\xe1\\x9a\\x80|" \
	"\\xe2\\x80[\\x80-\\x8a\\xa8\\xa9\\xaf]|\\xe2\\x81\\x9f|\\xe3\\x80\\x80)"

/*
 * how rx_match matches a line: with PCRE2, or by hand for the patterns that
 * are "^KEYWORD" WS "+(.+)" (KW_REST) and "^KEYWORD" WS
 * "+([a-zA-Z0-9\\-_+.${}/~]+)$" (KW_NAME)
 */
enum kw_kind { KW_PCRE2, KW_REST, KW_NAME };

/* a pattern, the literal it starts with (a line without it cannot match) */
struct pattern {
	const char *prefix;
	const char *re;
	enum kw_kind kind;
};

#define KEYWORD(kw, rest) { kw, "^" kw rest, KW_PCRE2 }
#define KEYWORD_REST(kw) { kw, "^" kw WS "+(.+)", KW_REST }
#define KEYWORD_NAME(kw) { kw, "^" kw WS "+([a-zA-Z0-9\\-_+.${}/~]+)$", KW_NAME }

static const struct pattern patterns[RX_N] = {
	[RX_CONFIG] = { NULL, "^(?P<exp>export" WS "+)?"
		"(?P<var>[a-zA-Z0-9\\-_+.${}/~:]*?)"
		"(\\[(?P<flag>[a-zA-Z0-9\\-_+.][a-zA-Z0-9\\-_+.@/]*)\\])?"
		"(?P<ws>" WS "*)((?P<colon>:=)|(?P<lazyques>\\?\\?=)|(?P<ques>\\?=)|(?P<append>\\+=)|"
		"(?P<prepend>=\\+)|(?P<predot>=\\.)|(?P<postdot>\\.=)|=)(?P<ws2>" WS "*)"
		"(?!'[^']*'[^']*'$)(?!\"[^\"]*\"[^\"]*\"$)"
		"(?P<apo>['\"])(?P<value>.*)(?P=apo)$", KW_PCRE2 },
	[RX_INCLUDE] = KEYWORD_REST("include"),
	[RX_REQUIRE] = KEYWORD_REST("require"),
	[RX_INCLUDE_ALL] = KEYWORD_REST("include_all"),
	[RX_EXPORT] = KEYWORD_NAME("export"),
	[RX_UNSET] = KEYWORD_NAME("unset"),
	[RX_UNSET_FLAG] = KEYWORD("unset",
		WS "+([a-zA-Z0-9\\-_+.${}/~]+)\\[([a-zA-Z0-9\\-_+.][a-zA-Z0-9\\-_+.@]+)\\]$"),
	[RX_ADDFRAGMENTS] = KEYWORD("addfragments", WS "+(.+)" WS "+(.+)" WS "+(.+)" WS "+(.+)"),
	[RX_ADDPYLIB] = KEYWORD("addpylib", WS "+(.+)" WS "+(.+)"),
	[RX_FUNC_START] = { NULL,
		"^(((?P<py>python(?=(" WS "|\\()))|(?P<fr>fakeroot(?=" WS ")))" WS "*)*"
		"(?P<func>[\\w\\.\\-\\+\\{\\}\\$:]+)?" WS "*\\(" WS "*\\)" WS "*{$", KW_PCRE2 },
	[RX_INHERIT] = KEYWORD_REST("inherit"),
	[RX_INHERIT_DEFER] = KEYWORD_REST("inherit_defer"),
	[RX_EXPORT_FUNC] = KEYWORD_REST("EXPORT_FUNCTIONS"),
	[RX_ADDTASK] = KEYWORD("addtask", WS "+([^#\\n]+)(?P<comment>#.*|.*?)"),
	[RX_DELTASK] = KEYWORD("deltask", WS "+([^#\\n]+)(?P<comment>#.*|.*?)"),
	[RX_ADDHANDLER] = KEYWORD_REST("addhandler"),
	[RX_DEF] = KEYWORD("def", WS "+(\\w+).*:"),
	[RX_PYTHON_FUNC] = { NULL, "^(?:(" WS "+.*)|(^$)|(^#))", KW_PCRE2 },
};

static pcre2_code *compiled[RX_N];
static pcre2_match_data *mdata;

static pcre2_code *
rx_get(enum rx r)
{
	int ec;
	PCRE2_SIZE eo;

	if (!compiled[r]) {
		compiled[r] = pcre2_compile((PCRE2_SPTR)patterns[r].re, PCRE2_ZERO_TERMINATED, 0,
			&ec, &eo, NULL);
		if (!compiled[r])
			abort(); /* a bug in the patterns above */
	}
	if (!mdata)
		mdata = pcre2_match_data_create(32, NULL);
	return compiled[r];
}

/* a match of one of the patterns against one line */
struct m {
	pcre2_code *re;
	const char *s;
	PCRE2_SIZE *ov;
	int rc;
};

/* a match found by hand: the whole line, then groups 1..rc-1 already in ov */
static bool
own_match(struct m *m, const char *s, size_t n, PCRE2_SIZE *ov, int rc)
{
	ov[0] = 0;
	ov[1] = n;
	m->re = NULL;
	m->s = s;
	m->rc = rc;
	m->ov = ov;
	return true;
}

static bool
name_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		(c && strchr("-_+.${}/~", c));
}

/*
 * such a pattern matched by hand on a line without a newline: whitespace
 * after the keyword, then the rest (for a name: name characters to the
 * end); where only whitespace follows, "(.+)" backtracks and the group is
 * its last character
 */
static bool
match_keyword(enum rx r, const char *s, size_t n, struct m *m)
{
	static PCRE2_SIZE ov[4];
	size_t p = strlen(patterns[r].prefix), k, last = 0, count = 0;

	while ((k = bb_py_space_at(s, n, p))) {
		last = k;
		p += k;
		count++;
	}
	if (p == n && count > 1 && patterns[r].kind != KW_NAME)
		p -= last;
	if (!count || p == n)
		return false;
	for (size_t i = p; patterns[r].kind == KW_NAME && i < n; i++)
		if (!name_char((unsigned char)s[i]))
			return false;
	ov[2] = p;
	ov[3] = n;
	return own_match(m, s, n, ov, 2);
}

/*
 * addfragments with four fields split by single spaces and no other
 * whitespace: the one way the pattern can match; anything else goes to PCRE2
 */
static bool
simple_fields(const char *s, size_t n, struct m *m)
{
	static PCRE2_SIZE ov[10];
	size_t p = strlen(patterns[RX_ADDFRAGMENTS].prefix), g = 0;

	if (s[p] != ' ')
		return false;
	for (size_t i = ++p; i <= n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (i < n && c > ' ' && c < 0x7f)
			continue;
		if (i < n && c != ' ')
			return false;
		if (i == p || g == 4)
			return false;
		ov[2 + 2 * g] = p;
		ov[3 + 2 * g] = i;
		g++;
		p = i + 1;
	}
	return g == 4 && own_match(m, s, n, ov, 5);
}

static bool
rx_match(enum rx r, const char *s, struct m *m)
{
	const char *pre = patterns[r].prefix;
	size_t n;

	m->rc = 0;
	if (pre && (s[0] != pre[0] || strncmp(s, pre, strlen(pre))))
		return false;
	n = strlen(s);
	if (patterns[r].kind != KW_PCRE2 && !memchr(s, '\n', n))
		return match_keyword(r, s, n, m);
	if (r == RX_ADDFRAGMENTS && simple_fields(s, n, m))
		return true;
	if (r == RX_FUNC_START && (!n || s[n - 1] != '{'))
		return false;
	m->re = rx_get(r);
	m->s = s;
	m->rc = pcre2_match(m->re, (PCRE2_SPTR)s, n, 0, 0, mdata, NULL);
	m->ov = pcre2_get_ovector_pointer(mdata);
	return m->rc > 0;
}

static bool
grp_set(const struct m *m, int n)
{
	return n < m->rc && m->ov[2 * n] != PCRE2_UNSET;
}

/* group n as a new string, or NULL when it did not take part */
static char *
grp(const struct m *m, int n)
{
	if (!grp_set(m, n))
		return NULL;
	return xstrndup(m->s + m->ov[2 * n], m->ov[2 * n + 1] - m->ov[2 * n]);
}

/* group numbers by name; names are the string literals of this file */
static int
grp_named(const struct m *m, const char *name)
{
	static struct {
		const pcre2_code *re;
		const char *name;
		int n;
	} memo[32];
	size_t i;

	for (i = 0; i < 32 && memo[i].re; i++)
		if (memo[i].re == m->re && memo[i].name == name)
			return memo[i].n;
	if (i == 32)
		return pcre2_substring_number_from_name(m->re, (PCRE2_SPTR)name);
	memo[i].re = m->re;
	memo[i].name = name;
	memo[i].n = pcre2_substring_number_from_name(m->re, (PCRE2_SPTR)name);
	return memo[i].n;
}

static size_t
grp_len(const struct m *m, int n)
{
	return grp_set(m, n) ? m->ov[2 * n + 1] - m->ov[2 * n] : 0;
}

static bool
named_set(const struct m *m, const char *name)
{
	return grp_set(m, grp_named(m, name));
}

static char *
named(const struct m *m, const char *name)
{
	return grp(m, grp_named(m, name));
}

static struct bb_stmt *
stmt_new(struct bb_stmts *st, enum bb_stmt_kind kind, unsigned line)
{
	struct bb_stmt *s;

	st->v = bb_grow(st->v, st->n, &st->alloc, sizeof(*st->v), 64);
	s = &st->v[st->n++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->line = line;
	return s;
}

/* a copy of s[0..n) that lives as long as the statements */
static char *
stmt_str(struct bb_stmts *st, const char *s, size_t n)
{
	char *r;

	if (n + 1 > st->room) {
		/* the first chunk as large as the text it comes from: its statements' strings fit */
		size_t size = !st->nchunks && st->hint ? st->hint : 16384;

		size = n + 1 > size ? n + 1 : size;

		st->chunks = xreallocarray(st->chunks, st->nchunks + 1, sizeof(*st->chunks));
		st->chunks[st->nchunks++] = bb_block_new(size);
		st->used = 0;
		st->room = size;
	}
	r = st->chunks[st->nchunks - 1] + st->used;
	memcpy(r, s, n);
	r[n] = '\0';
	st->used += n + 1;
	st->room -= n + 1;
	return r;
}

/* takes s (malloc'd, may be NULL) into the statements' strings */
static char *
stmt_take(struct bb_stmts *st, char *s)
{
	char *r = s ? stmt_str(st, s, strlen(s)) : NULL;

	free(s);
	return r;
}

void
bb_stmts_release(struct bb_stmts *st)
{
	bb_blocks_free(st->chunks, st->nchunks);
	free(st->v);
	free(st->classname);
	memset(st, 0, sizeof(*st));
}

struct parser {
	struct bb_data *d;
	struct bb_stmts *st;
	const char *file;
	/* recipe mode state, as BBHandler's globals */
	bool infunc, inpython;
	char *funcname;
	bool func_python, func_fakeroot;
	unsigned func_line;
	struct bb_strvec residue;
	struct bb_buf body;	/* a function's lines so far, joined by newlines */
	size_t nbody;
};

static int
perr(struct parser *p, unsigned line, const char *fmt, const char *arg)
{
	struct bb_loc loc = { p->file, line };

	return bb_data_fail(p->d, &loc, fmt, arg);
}

static const char *const opnames[] = { "colon", "lazyques", "ques", "append", "prepend",
	"postdot", "predot" };
static const enum bb_op opvals[] = { BB_OP_IMMEDIATE, BB_OP_WEAK_DEFAULT, BB_OP_DEFAULT,
	BB_OP_APPEND, BB_OP_PREPEND, BB_OP_POSTDOT, BB_OP_PREDOT };

static size_t
grp_off(const struct m *m, int n)
{
	return grp_set(m, n) ? m->ov[2 * n] : 0;
}

bool
bb_assign_match_re(const char *line, struct bb_assign *a)
{
	struct m m;
	int g;

	if (!rx_match(RX_CONFIG, line, &m))
		return false;
	memset(a, 0, sizeof(*a));
	a->exported = named_set(&m, "exp");
	g = grp_named(&m, "var");
	a->var_off = grp_off(&m, g);
	a->var_len = grp_len(&m, g);
	a->has_flag = named_set(&m, "flag");
	g = grp_named(&m, "flag");
	a->flag_off = grp_off(&m, g);
	a->flag_len = grp_len(&m, g);
	g = grp_named(&m, "value");
	a->value_off = grp_off(&m, g);
	a->value_len = grp_len(&m, g);
	a->ws_len = grp_len(&m, grp_named(&m, "ws"));
	a->ws2_len = grp_len(&m, grp_named(&m, "ws2"));
	a->op = BB_OP_SET;
	for (size_t i = 0; i < sizeof(opnames) / sizeof(opnames[0]); i++)
		if (named_set(&m, opnames[i]))
			a->op = opvals[i];
	return true;
}

static int
feed_assign(struct parser *p, unsigned line, const char *s, const struct bb_assign *a)
{
	struct bb_stmt *st;
	struct bb_loc loc = { p->file, line };

	if (!a->var_len)
		return perr(p, line, "empty variable name in assignment: '%s'", s);
	if (!a->ws_len || !a->ws2_len)
		bb_data_warn(p->d, &loc, "lack of whitespace around the assignment: '%s'", s);
	st = stmt_new(p->st, BB_ST_DATA, line);
	st->var = stmt_str(p->st, s + a->var_off, a->var_len);
	st->flag = a->has_flag ? stmt_str(p->st, s + a->flag_off, a->flag_len) : NULL;
	st->value = stmt_str(p->st, s + a->value_off, a->value_len);
	st->exported = a->exported;
	st->op = a->op;
	return 0;
}

/* a pattern and the kind of statement a line it matches makes */
struct rx_stmt {
	enum rx rx;
	enum bb_stmt_kind kind;
};

/* the first of t[0..n) that matches s, its match in m; NULL where none does */
static const struct rx_stmt *
rx_first(const struct rx_stmt *t, size_t n, const char *s, struct m *m)
{
	for (size_t i = 0; i < n; i++)
		if (rx_match(t[i].rx, s, m))
			return &t[i];
	return NULL;
}

static const struct rx_stmt simple[] = {
	{ RX_INCLUDE, BB_ST_INCLUDE },
	{ RX_REQUIRE, BB_ST_REQUIRE },
	{ RX_INCLUDE_ALL, BB_ST_INCLUDE_ALL },
	{ RX_EXPORT, BB_ST_EXPORT },
	{ RX_UNSET, BB_ST_UNSET },
};

/* ConfHandler.feeder; conffile: a conf file (not a recipe, class or .inc) */
static int
feed_conf(struct parser *p, unsigned line, const char *s, bool conffile)
{
	const struct rx_stmt *r;
	struct bb_assign a;
	struct bb_stmt *st;
	struct m m;

	if (bb_assign_match(s, &a))
		return feed_assign(p, line, s, &a);
	if ((r = rx_first(simple, sizeof(simple) / sizeof(simple[0]), s, &m))) {
		st = stmt_new(p->st, r->kind, line);
		st->var = stmt_take(p->st, grp(&m, 1));
		return 0;
	}
	if (rx_match(RX_UNSET_FLAG, s, &m)) {
		st = stmt_new(p->st, BB_ST_UNSET_FLAG, line);
		st->var = stmt_take(p->st, grp(&m, 1));
		st->flag = stmt_take(p->st, grp(&m, 2));
		return 0;
	}
	if (conffile && rx_match(RX_ADDPYLIB, s, &m)) {
		st = stmt_new(p->st, BB_ST_ADDPYLIB, line);
		st->value = stmt_take(p->st, grp(&m, 1));
		st->extra[0] = stmt_take(p->st, grp(&m, 2));
		return 0;
	}
	if (rx_match(RX_ADDFRAGMENTS, s, &m)) {
		st = stmt_new(p->st, BB_ST_ADDFRAGMENTS, line);
		st->value = stmt_take(p->st, grp(&m, 1));
		for (int k = 0; k < 3; k++)
			st->extra[k] = stmt_take(p->st, grp(&m, k + 2));
		return 0;
	}
	return perr(p, line, "unparsed line: '%s'", s);
}

/* str.rstrip(): the length of s[0..n) without the python whitespace that ends it */
static size_t
rstrip_len(const char *s, size_t n)
{
	size_t k;

	while (n && (k = bb_py_space_before(s, n)))
		n -= k;
	return n;
}

/* the physical lines of a file, pointing into one copy of its text */
struct lines {
	char *buf;
	char **v;
	size_t n;
};

/* splits text into physical lines with universal newlines, as Python's text mode does; takes text */
static void
split_lines(char *text, size_t len, struct lines *l)
{
	size_t i = 0, alloc = 64, next;
	/* text without a carriage return: lines end at newlines alone */
	bool cr = memchr(text, '\r', len) != NULL;

	l->buf = text;
	l->v = xreallocarray(NULL, alloc, sizeof(*l->v));
	l->n = 0;
	while (i < len) {
		size_t j = i;
		const char *nl;

		if (cr)
			j += strcspn(l->buf + j, "\r\n");
		else
			j = (nl = memchr(l->buf + i, '\n', len - i)) ? (size_t)(nl - l->buf) : len;
		l->v = bb_grow(l->v, l->n, &alloc, sizeof(*l->v), 64);
		l->v[l->n++] = l->buf + i;
		next = j + (j < len && l->buf[j] == '\r' && j + 1 < len && l->buf[j + 1] == '\n');
		l->buf[i + rstrip_len(l->buf + i, j - i)] = '\0';
		i = next + 1;
	}
}

static bool
blank(const char *s)
{
	size_t n = strlen(s), i = 0, k;

	while (i < n && (k = bb_py_space_at(s, n, i)))
		i += k;
	return i == n;
}

/* ConfHandler.handle's line loop */
static int
parse_conf(struct parser *p, struct lines *lines)
{
	struct bb_buf s = BB_BUF_INIT;
	int ret = 0;

	for (size_t i = 0; i < lines->n && !ret; i++) {
		unsigned first = (unsigned)i + 1;

		const char *l = lines->v[i];
		size_t n;

		if (blank(l))
			continue;
		n = strlen(l);
		if (l[n - 1] != '\\') {
			if (l[0] != '#')
				ret = feed_conf(p, first, l, true);
			continue;
		}
		bb_buf_reset(&s);
		bb_buf_addstr(&s, lines->v[i]);
		while (s.len && s.buf[s.len - 1] == '\\') {
			const char *s2 = ++i < lines->n ? lines->v[i] : "";

			if (s.buf[0] == '#' && s2[0] != '#') {
				ret = perr(p, (unsigned)first, "confusing multiline, partially commented "
					"expression: '%s'", s.buf);
				break;
			}
			bb_buf_setlen(&s, s.len - 1);
			bb_buf_addstr(&s, s2);
		}
		if (ret || s.buf[0] == '#')
			continue;
		if (!s.len) {
			ret = perr(p, first, "unparsed line: '%s'", "\\");
			break;
		}
		ret = feed_conf(p, i < lines->n ? (unsigned)i + 1 : (unsigned)lines->n, s.buf, true);
	}
	bb_buf_release(&s);
	return ret;
}

static void
body_add(struct parser *p, const char *line)
{
	if (p->nbody++)
		bb_buf_addch(&p->body, '\n');
	bb_buf_addstr(&p->body, line);
}

/* the lines added, joined; the body is empty again */
static char *
join_body(struct parser *p)
{
	p->nbody = 0;
	return bb_buf_detach(&p->body);
}

static void
end_function(struct parser *p, unsigned line)
{
	struct bb_stmt *st = stmt_new(p->st, BB_ST_METHOD, line);

	body_add(p, "");
	st->body_line = line - (unsigned)p->nbody;
	st->var = stmt_take(p->st, p->funcname);
	st->python = p->func_python;
	st->fakeroot = p->func_fakeroot;
	st->value = stmt_take(p->st, join_body(p));
	p->funcname = NULL;
	p->infunc = false;
}

static void
end_python(struct parser *p, unsigned line)
{
	struct bb_stmt *st = stmt_new(p->st, BB_ST_PYMETHOD, line);

	st->body_line = line - (unsigned)p->nbody - 1;
	st->var = stmt_take(p->st, p->funcname);
	st->value = stmt_take(p->st, join_body(p));
	p->funcname = NULL;
	p->inpython = false;
}

static void
split_addtask(struct parser *p, const char *args, struct bb_stmt *st)
{
	struct bb_buf before = BB_BUF_INIT, after = BB_BUF_INIT;
	const char *b = strstr(args, " before "), *a = strstr(args, " after ");
	const char *end = args + strlen(args);
	const char *tend = b && (!a || b < a) ? b : a ? a : end;

	/* the words after each " after " up to the next " before ", and the reverse */
	for (const char *w = a; w; w = strstr(w + 1, " after ")) {
		const char *q = strstr(w + 7, " before ");

		bb_buf_add(&after, w + 7, (size_t)((q ? q : end) - (w + 7)));
		bb_buf_addch(&after, ' ');
	}
	for (const char *w = b; w; w = strstr(w + 1, " before ")) {
		const char *q = strstr(w + 8, " after ");

		bb_buf_add(&before, w + 8, (size_t)((q ? q : end) - (w + 8)));
		bb_buf_addch(&before, ' ');
	}
	st->value = stmt_str(p->st, args, (size_t)(tend - args));
	st->extra[0] = stmt_take(p->st, bb_buf_detach(&before));
	st->extra[1] = stmt_take(p->st, bb_buf_detach(&after));
}

static int
feed_keywords(struct parser *p, unsigned line, const char *s)
{
	static const struct rx_stmt kw[] = {
		{ RX_DELTASK, BB_ST_DELTASK },
		{ RX_ADDHANDLER, BB_ST_ADDHANDLER },
		{ RX_INHERIT, BB_ST_INHERIT },
		{ RX_INHERIT_DEFER, BB_ST_INHERIT_DEFER },
	};
	const struct rx_stmt *r;
	struct bb_stmt *st;
	struct m m;

	if (rx_match(RX_EXPORT_FUNC, s, &m)) {
		st = stmt_new(p->st, BB_ST_EXPORT_FUNCS, line);
		st->value = stmt_take(p->st, grp(&m, 1));
		st->var = p->st->classname ? stmt_str(p->st, p->st->classname,
			strlen(p->st->classname)) : stmt_str(p->st, "", 0);
		return 0;
	}
	if (rx_match(RX_ADDTASK, s, &m)) {
		char *args = grp(&m, 1);

		/* BitBake looks for "%s_" % keyword with keywords ":append" ... in the words */
		if (strstr(s, ":append_") || strstr(s, ":prepend_") || strstr(s, ":remove_")) {
			free(args);
			return perr(p, line, "task name contains a keyword which is not supported: "
				"'%s'", s);
		}
		st = stmt_new(p->st, BB_ST_ADDTASK, line);
		split_addtask(p, args, st);
		free(args);
		return 0;
	}
	if ((r = rx_first(kw, sizeof(kw) / sizeof(kw[0]), s, &m))) {
		st = stmt_new(p->st, r->kind, line);
		st->value = stmt_take(p->st, grp(&m, 1));
		return 0;
	}
	return feed_conf(p, line, s, false);
}

/* a line the ASCII fast paths below may take: none of the multi-byte spaces
   PCRE2's WS class knows */
static bool
plain_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

/* WS on an ASCII line */
static bool
ascii_ws(char c)
{
	return bb_py_ascii_space((unsigned char)c);
}

static const char *
skip_ws(const char *s)
{
	while (ascii_ws(*s))
		s++;
	return s;
}

static bool
func_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("_.-+{}$:", c));
}

/* RX_FUNC_START on an ASCII line: [python|fakeroot]... [NAME] ( ) { */
struct func_start {
	bool py, fr;
	char *name;
};

static bool
func_start_ascii(const char *s, struct func_start *fs)
{
	const char *n;

	memset(fs, 0, sizeof(*fs));
	for (;;) {
		if (!strncmp(s, "python", 6) && (ascii_ws(s[6]) || s[6] == '(')) {
			fs->py = true;
			s = skip_ws(s + 6);
		} else if (!strncmp(s, "fakeroot", 8) && ascii_ws(s[8])) {
			fs->fr = true;
			s = skip_ws(s + 8);
		} else {
			break;
		}
	}
	for (n = s; func_name_char(*s); s++)
		;
	if (*(s = skip_ws(s)) != '(' || *(s = skip_ws(s + 1)) != ')' ||
	    *(s = skip_ws(s + 1)) != '{' || s[1])
		return false;
	s = n;
	while (func_name_char(*s))
		s++;
	fs->name = s > n ? xstrndup(n, (size_t)(s - n)) : NULL;
	return true;
}

static bool
func_start(const char *s, struct func_start *fs)
{
	struct m m;
	size_t n = strlen(s);

	if (!n || s[n - 1] != '{')
		return false;
	if (plain_ascii(s))
		return func_start_ascii(s, fs);
	if (!rx_match(RX_FUNC_START, s, &m))
		return false;
	fs->name = named(&m, "func");
	fs->py = named_set(&m, "py");
	fs->fr = named_set(&m, "fr");
	return true;
}

/* RX_DEF: def NAME...: ; the name, or NULL */
static char *
def_start(const char *s)
{
	const char *n, *e;
	struct m m;

	if (strncmp(s, "def", 3))
		return NULL;
	if (!plain_ascii(s))
		return rx_match(RX_DEF, s, &m) ? grp(&m, 1) : NULL;
	if (!ascii_ws(s[3]))
		return NULL;
	n = skip_ws(s + 3);
	for (e = n; (*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') || (*e >= '0' && *e <= '9') ||
		    *e == '_'; e++)
		;
	return e > n && strchr(e, ':') ? xstrndup(n, (size_t)(e - n)) : NULL;
}

static int
feed_start(struct parser *p, unsigned line, const char *s)
{
	struct func_start fs;
	char *def;

	if (func_start(s, &fs)) {
		p->infunc = true;
		p->funcname = fs.name ? fs.name : xstrdup("__anonymous");
		p->func_python = fs.py;
		p->func_fakeroot = fs.fr;
		p->func_line = line;
		return 0;
	}
	if ((def = def_start(s))) {
		body_add(p, s);
		p->inpython = true;
		p->funcname = def;
		return 0;
	}
	return feed_keywords(p, line, s);
}

/* a line of a def's body (RX_PYTHON_FUNC: empty, a comment, or indented), without
   the regex for the ASCII lines that are nearly all of them */
static bool
python_body_line(const char *s, struct m *m)
{
	unsigned char c = (unsigned char)s[0];

	if (!c || c == '#' || (c < 0x80 && bb_py_ascii_space(c)))
		return true;
	return c >= 0x80 && rx_match(RX_PYTHON_FUNC, s, m);
}

/* BBHandler.feeder */
static int
feed_recipe(struct parser *p, unsigned line, const char *s, bool eof)
{
	struct bb_loc loc = { p->file, line };
	struct bb_buf joined = BB_BUF_INIT;
	struct m m;
	int ret;

	if ((p->inpython || (p->infunc && (p->func_python ||
	     !strcmp(p->funcname, "__anonymous")))) && s[strspn(s, " ")] == '\t')
		bb_data_warn(p->d, &loc, "python should use 4 spaces indentation, but found tabs");
	if (p->infunc) {
		if (!strcmp(s, "}"))
			end_function(p, line);
		else
			body_add(p, s);
		return 0;
	}
	if (p->inpython) {
		if (!eof && python_body_line(s, &m)) {
			body_add(p, s);
			return 0;
		}
		end_python(p, line);
		if (eof)
			return 0;
	}
	if (s[0] == '#' && p->residue.n && p->residue.v[0][0] != '#')
		return perr(p, line, "comment in the middle of a multiline expression: '%s'", s);
	if (p->residue.n && p->residue.v[0][0] == '#' && s[0] != '#')
		return perr(p, line, "confusing multiline, partially commented expression: '%s'",
			p->residue.v[0]);
	if (s[0] && s[strlen(s) - 1] == '\\') {
		bb_strvec_push(&p->residue, xstrndup(s, strlen(s) - 1));
		return 0;
	}
	if (!p->residue.n)
		return s[0] && s[0] != '#' ? feed_start(p, line, s) : 0;
	for (size_t i = 0; i < p->residue.n; i++)
		bb_buf_addstr(&joined, p->residue.v[i]);
	bb_buf_addstr(&joined, s);
	bb_strvec_clear(&p->residue);
	ret = 0;
	if (joined.len && joined.buf[0] != '#')
		ret = feed_start(p, line, joined.buf);
	bb_buf_release(&joined);
	return ret;
}

static int
parse_recipe(struct parser *p, struct lines *lines)
{
	unsigned n = (unsigned)lines->n;
	int ret = 0;

	for (size_t i = 0; i < lines->n && !ret; i++)
		ret = feed_recipe(p, (unsigned)i + 1, lines->v[i], false);
	/* BitBake's line counter has moved past the last line when it sees the end */
	if (!ret && p->inpython)
		ret = feed_recipe(p, n + 1, "", true);
	if (ret)
		return ret;
	if (p->residue.n)
		return perr(p, n, "unparsed lines at the end of the file: '%s'", p->residue.v[0]);
	/* BitBake reports the last line; the line of the opening brace is more useful */
	if (p->infunc)
		return perr(p, p->func_line, "function '%s' is never closed", p->funcname);
	return 0;
}

int
bb_parse_text(struct bb_data *d, const char *file, const char *text, size_t len, bool recipe,
	struct bb_stmts *out)
{
	return bb_parse_buf(d, file, xstrndup(text, len), len, recipe, out);
}

/*
 * BitBake reads files as UTF-8 text: anything else fails with a
 * UnicodeDecodeError; here with the line (universal newlines) of the first bad byte
 */
static int
check_utf8(struct parser *p, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned line = 1;
	size_t i = 0, k;
	uint64_t w;
	char *msg;
	int ret;

	while (i < len) {
		/* ASCII eight bytes at a time */
		if (i + 8 <= len && (memcpy(&w, s + i, 8), !(w & 0x8080808080808080ULL))) {
			i += 8;
		} else if (s[i] < 0x80) {
			i++;
		} else if ((k = bb_utf8_len(s + i, len - i))) {
			i += k;
		} else {
			break;
		}
	}
	if (i == len)
		return 0;
	for (size_t j = 0; j < i; j++)
		line += s[j] == '\n' || (s[j] == '\r' && s[j + 1] != '\n');
	msg = xasprintf("invalid UTF-8: byte 0x%02x at offset %zu (BitBake: UnicodeDecodeError)",
		s[i], i);
	ret = perr(p, line, "%s", msg);
	free(msg);
	return ret;
}

int
bb_parse_buf(struct bb_data *d, const char *file, char *text, size_t len, bool recipe,
	struct bb_stmts *out)
{
	struct lines lines;
	struct parser p = { 0 };
	const char *base = strrchr(file, '/');
	size_t blen;
	int ret;

	bb_buf_init(&p.body);

	memset(out, 0, sizeof(*out));
	/* the statements' strings are parts of the lines, each with its NUL */
	out->hint = len + 64;
	out->file = bb_data_intern(d, file);
	base = base ? base + 1 : file;
	blen = strlen(base);
	if (blen > 8 && !strcmp(base + blen - 8, ".bbclass"))
		out->classname = xstrndup(base, blen - 8);
	p.d = d;
	p.st = out;
	p.file = out->file;
	if (memchr(text, '\0', len)) {
		free(text);
		return perr(&p, 1, "not a text file: '%s'", file);
	}
	if ((ret = check_utf8(&p, text, len))) {
		free(text);
		return ret;
	}
	split_lines(text, len, &lines);
	/* a statement per line at most, but for the rare line that makes two */
	out->alloc = lines.n + 8;
	out->v = xreallocarray(NULL, out->alloc, sizeof(*out->v));
	d->files_read++;
	d->lines_read += lines.n;
	ret = recipe ? parse_recipe(&p, &lines) : parse_conf(&p, &lines);
	free(lines.buf);
	free(lines.v);
	bb_buf_release(&p.body);
	bb_strvec_clear(&p.residue);
	free(p.funcname);
	if (ret)
		bb_stmts_release(out);
	return ret;
}
