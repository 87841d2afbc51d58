/*
 * the assignment line of ConfHandler's __config_regexp__, matched by hand:
 * the same backtracking order as the pattern (lazy variable name, optional
 * flag, the operators in the pattern's order), without a regex engine
 */
#include <string.h>

#include "assign.h"
#include "utf8.h"

enum { VARCH = 1, FLAG1 = 2, FLAG2 = 4, WS = 8, OPCH = 16, PLAIN = 32 };

/* character classes of the pattern, by byte */
static unsigned char classes[256];

static void
init_classes(void)
{
	const char *p;

	for (int c = 0; c < 256; c++) {
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');

		if (alnum)
			classes[c] |= VARCH | FLAG1 | FLAG2;
		/* python's \s for ASCII */
		if (bb_py_ascii_space((unsigned char)c))
			classes[c] |= WS;
	}
	for (p = "-_+.${}/~:"; *p; p++)
		classes[(unsigned char)*p] |= VARCH;
	for (p = "-_+."; *p; p++)
		classes[(unsigned char)*p] |= FLAG1 | FLAG2;
	for (p = "@/"; *p; p++)
		classes[(unsigned char)*p] |= FLAG2;
	for (p = ":?+=."; *p; p++)
		classes[(unsigned char)*p] |= OPCH;
	/* a name's bytes after which nothing but more name can follow */
	for (int c = 0; c < 256; c++)
		if ((classes[c] & VARCH) && !(classes[c] & (OPCH | WS)) && c != '[')
			classes[c] |= PLAIN;
}

static bool
is(int c, int class)
{
	return classes[c & 0xff] & class;
}

/* the length of the python whitespace character at s, or 0 */
static size_t
isws(const char *s)
{
	if (is((unsigned char)*s, WS))
		return 1;
	return (unsigned char)*s < 0x80 ? 0 : bb_py_space_at(s, strnlen(s, 3), 0);
}

/* the value part: the negative lookaheads, then a quoted value ending the line */
static bool
match_value(const char *s, size_t len, size_t p, struct bb_assign *a)
{
	size_t n, quotes = 0, k;
	char q;

	while ((k = isws(s + p)))
		p += k;
	a->ws2_len = p;
	q = s[p];
	if (q != '\'' && q != '"')
		return false;
	n = len - p;
	if (n < 2 || s[p + n - 1] != q)
		return false;
	/*
	 * (?!'[^']*'[^']*'$): exactly three quotes of its kind, first and
	 * last; most values hold none between those two
	 */
	if (memchr(s + p + 1, q, n - 2)) {
		for (const char *c = s + p; quotes < 4 && (c = memchr(c, q, n - (size_t)(c - s - p)));
		     c++)
			quotes++;
		if (quotes == 3)
			return false;
	}
	a->value_off = p + 1;
	a->value_len = n - 2;
	return true;
}

/* the operator at s (the pattern's alternatives in order), its length in *n; -1: none */
static int
op_at(const char *s, size_t *n)
{
	/* each byte read only when the one before matched: none reads past s's NUL */
	*n = 2;
	switch (s[0]) {
	case ':':
		return s[1] == '=' ? BB_OP_IMMEDIATE : -1;
	case '?':
		if (s[1] == '?' && s[2] == '=')
			return *n = 3, BB_OP_WEAK_DEFAULT;
		return s[1] == '=' ? BB_OP_DEFAULT : -1;
	case '+':
		return s[1] == '=' ? BB_OP_APPEND : -1;
	case '.':
		return s[1] == '=' ? BB_OP_POSTDOT : -1;
	case '=':
		if (s[1] == '+')
			return BB_OP_PREPEND;
		if (s[1] == '.')
			return BB_OP_PREDOT;
		return *n = 1, BB_OP_SET;
	}
	return -1;
}

static bool
match_op(const char *s, size_t len, size_t p, struct bb_assign *a)
{
	size_t w = p, k, n;
	int op;

	while ((k = isws(s + w)))
		w += k;
	if ((op = op_at(s + w, &n)) < 0)
		return false;
	/*
	 * the pattern backtracks into "=" when the value does not match after
	 * "=+" or "=.": the "+" or "." is then the value's first byte
	 */
	if (!match_value(s, len, w + n, a) &&
	    (n != 2 || s[w] != '=' || (op = BB_OP_SET, n = 1, !match_value(s, len, w + 1, a))))
		return false;
	a->ws2_len -= w + n;
	a->ws_len = w - p;
	a->op = (enum bb_op)op;
	return true;
}

/* the rest of the line after a variable name ending at p: [flag], operator, value */
static bool
match_rest(const char *s, size_t len, size_t p, struct bb_assign *a)
{
	if (s[p] == '[' && is((unsigned char)s[p + 1], FLAG1)) {
		size_t q = p + 2;

		while (is((unsigned char)s[q], FLAG2))
			q++;
		if (s[q] == ']' && match_op(s, len, q + 1, a)) {
			a->has_flag = true;
			a->flag_off = p + 1;
			a->flag_len = q - p - 1;
			return true;
		}
	}
	a->has_flag = false;
	return match_op(s, len, p, a);
}

static bool
match_from(const char *s, size_t len, size_t start, struct bb_assign *a)
{
	for (size_t k = start;; k++) {
		int c = (unsigned char)s[k];

		if (is(c, PLAIN))
			continue;
		/* what may follow a name: a flag, whitespace or an operator */
		if ((c == '[' || is(c, OPCH) || isws(s + k)) && match_rest(s, len, k, a)) {
			a->var_off = start;
			a->var_len = k - start;
			return true;
		}
		if (!is(c, VARCH))
			return false;
	}
}

bool
bb_assign_match(const char *s, struct bb_assign *a)
{
	size_t len = strlen(s);

	if (!classes['a'])
		init_classes();
	if (s[0] == 'e' && !strncmp(s, "export", 6) && isws(s + 6)) {
		size_t p = 6, k;

		while ((k = isws(s + p)))
			p += k;
		if (match_from(s, len, p, a)) {
			a->exported = true;
			return true;
		}
	}
	a->exported = false;
	return match_from(s, len, 0, a);
}
