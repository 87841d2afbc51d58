/* pyexpr/lex.c: python whitespace, numbers and the lexer of the python subset */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/utf8.h"
#include "bblang/util.h"

/* utf-8 */

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

/* the words of a list, indexed by their first byte: lists are literals (builtins: 152 words) */
struct word_list {
	const char *list;
	unsigned short first[256];	/* 1 + index of the first word starting with the byte */
	unsigned short next[256];	/* 1 + index of the next word with the same first byte */
	unsigned char len[256];
	const char *w[256];
};

static const struct word_list *
word_list_of(const char *list)
{
	static struct word_list cache[16];
	static size_t ncache;
	struct word_list *wl;
	unsigned short last[256] = { 0 };
	size_t k = 0;

	for (size_t i = 0; i < ncache; i++)
		if (cache[i].list == list)
			return &cache[i];
	if (ncache == sizeof(cache) / sizeof(cache[0]))
		return NULL;
	wl = &cache[ncache];
	memset(wl, 0, sizeof(*wl));
	for (const char *p = list; *p; ) {
		size_t n = strcspn(p, " ");
		unsigned char c = (unsigned char)*p;

		if (!n) {
			p++;
			continue;
		}
		if (k == sizeof(wl->w) / sizeof(wl->w[0]) || n > 255)
			return NULL;
		wl->w[k] = p;
		wl->len[k] = (unsigned char)n;
		if (last[c])
			wl->next[last[c] - 1] = (unsigned short)(k + 1);
		else
			wl->first[c] = (unsigned short)(k + 1);
		last[c] = (unsigned short)(k + 1);
		k++;
		p += n;
	}
	wl->list = list;
	ncache++;
	return wl;
}

bool
py_word_in(const char *list, const char *s, size_t n)
{
	const struct word_list *wl;

	/* the lists are words with a space before and after each */
	if (!n || memchr(s, ' ', n))
		return false;
	if ((wl = word_list_of(list))) {
		for (unsigned i = wl->first[(unsigned char)s[0]]; i; i = wl->next[i - 1])
			if (wl->len[i - 1] == n && !memcmp(wl->w[i - 1], s, n))
				return true;
		return false;
	}
	/* strncmp stops at list's NUL: after a match, p[n + 1] is in list */
	for (const char *p = strchr(list, ' '); p && p[1]; p = strchr(p + 1, ' '))
		if (p[1] == s[0] && !strncmp(p + 1, s, n) && p[n + 1] == ' ')
			return true;
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

void
py_strip_ws(const char *s, size_t *start, size_t *end)
{
	size_t k;

	while (*start < *end && (k = bb_py_space_at(s, *end, *start)))
		*start += k;
	while (*end > *start && (k = bb_py_space_before(s, *end)))
		*end -= k;
}

/* int(str) in base 10 */
struct pv *
py_int_of_str(struct ev *ev, struct pv *v)
{
	size_t a = 0, b = v->n;
	long long r;
	bool neg = false;
	int rc;

	py_strip_ws(v->s, &a, &b);
	if (!py_is_ascii(v->s + a, b - a))
		return py_unsup(ev, "int() of a non-ascii string");
	if (a < b && (v->s[a] == '-' || v->s[a] == '+'))
		neg = v->s[a++] == '-';
	rc = parse_digits(v->s + a, b - a, 10, &r);
	if (rc == -2)
		return py_unsup(ev, "integer overflow");
	if (rc < 0 || (b > a && v->s[a] == '_'))
		return pyraise(ev, "ValueError: invalid literal for int() with base 10: %s",
			       py_describe(ev, v));
	return py_mkint(ev, neg ? -r : r);
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
int
py_float_of(struct ev *ev, struct pv *v, double *out)
{
	size_t a = 0, b, i;
	char *tmp;

	if (py_isnum(v)) {
		*out = (double)v->i;
		return 0;
	}
	if (v->t != T_STR) {
		pyraise(ev, "TypeError: float() argument must be a string or a real number, "
			"not '%s'", py_tname(v));
		return -1;
	}
	b = v->n;
	py_strip_ws(v->s, &a, &b);
	i = a + (a < b && (v->s[a] == '+' || v->s[a] == '-'));
	if (!py_is_ascii(v->s + a, b - a) || memchr(v->s + a, '_', b - a) ||
	    (i < b && ((v->s[i] | 0x20) == 'i' || (v->s[i] | 0x20) == 'n'))) {
		py_unsup(ev, "float() of %s", py_describe(ev, v));
		return -1;
	}
	if (!float_syntax(v->s + a, b - a)) {
		pyraise(ev, "ValueError: could not convert string to float: %s", py_describe(ev, v));
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
		py_unsup(ev, "\\N{...} escapes");
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
		py_unsup(ev, "surrogate escapes");
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
	if (!(out = py_alloc(ev, n - i + 1)))
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
	if (!(t->v = py_mksub(ev, out, o)))
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
		py_unsup(ev, "unsupported number '%.*s'", (int)(j - i > 40 ? 40 : j - i), s + i);
		return -1;
	}
	t = push_tok(ev, K_INT, s + i, j - i);
	if (!(t->v = py_mkint(ev, v)))
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
			py_unsup(ev, "bytes and f-string literals");
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
			py_unsup(ev, "expression nested too deeply");
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
		py_unsup(ev, "float literals");
		return -1;
	}
	if (c >= '0' && c <= '9')
		return lex_number(ev, s, n, ip);
	if (c == '\'' || c == '"')
		return lex_string(ev, s, n, i, ip, false);
	if ((unsigned char)c >= 0x80) {
		py_unsup(ev, "non-ascii character outside a string");
		return -1;
	}
	t = push_tok(ev, K_OP, s + i, 0);
	t->op = lex_op(s, n, i, &len);
	t->n = len;
	*ip = i + len;
	return lex_bracket(ev, c, stack, depth);
}

/* s has python's newline translation applied */
int
py_lex(struct ev *ev, const char *s, size_t n)
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
