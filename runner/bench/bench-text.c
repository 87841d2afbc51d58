/* pgo-run bench: the target's lines parsed strictly, its text escaped for the JSON, the SVG, a terminal */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bench/bench-text.h"

/* the next space-separated word of *p: its start and length, *p past it */
static const char *
word(const char **p, size_t *n)
{
	const char *s = *p;

	while (*s == ' ')
		s++;
	*n = strcspn(s, " ");
	*p = s + *n;
	return s;
}

/* n digits, 1 to 18 of them, as v */
static bool
digits(const char *s, size_t n, unsigned long long *v)
{
	*v = 0;
	if (!n || n > 18)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (unsigned long long)(s[i] - '0');
	}
	return true;
}

/* DIGITS[.DIGITS], as driver.py's %.9f prints a time; a finite number >= 0 */
static bool
seconds(const char *s, size_t n, double *v)
{
	size_t whole = strspn(s, "0123456789"), frac = 0;
	char buf[64];

	if (!whole || whole > n || n >= sizeof(buf))
		return false;
	if (whole < n) {
		if (s[whole] != '.')
			return false;
		frac = strspn(s + whole + 1, "0123456789");
		if (!frac || whole + 1 + frac != n)
			return false;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, NULL);
	return isfinite(*v) && *v >= 0;
}

/* "K NAME" at *p into l, *p past it */
static bool
build_and_name(const char **p, struct bench_line *l)
{
	unsigned long long k;
	size_t n;
	const char *s = word(p, &n);

	if (!digits(s, n, &k))
		return false;
	l->build = (unsigned long)k;
	s = word(p, &n);
	if (!n || n >= sizeof(l->name))
		return false;
	memcpy(l->name, s, n);
	l->name[n] = '\0';
	return true;
}

static enum bench_line_kind
parse_time(const char *p, struct bench_line *l)
{
	size_t nw, nc;
	const char *w, *c;

	if (!build_and_name(&p, l))
		return BENCH_LINE_OTHER;
	w = word(&p, &nw);
	c = word(&p, &nc);
	if (!nw || !nc || *p)
		return BENCH_LINE_OTHER;
	if (!seconds(w, nw, &l->wall) || l->wall <= 0) {
		l->rest = w;
		l->rest_len = nw;
		return BENCH_LINE_BAD;
	}
	if (!seconds(c, nc, &l->cpu)) {
		l->rest = c;
		l->rest_len = nc;
		return BENCH_LINE_BAD;
	}
	return BENCH_LINE_TIME;
}

static enum bench_line_kind
parse_fail(const char *p, struct bench_line *l)
{
	unsigned long long st;
	size_t n;
	const char *s;

	if (!build_and_name(&p, l))
		return BENCH_LINE_OTHER;
	s = word(&p, &n);
	if (!digits(s, n, &st) || st > 1000)
		return BENCH_LINE_OTHER;
	l->status = (int)st;
	l->rest = p + (*p == ' ');
	return BENCH_LINE_FAIL;
}

static enum bench_line_kind
parse_group(const char *p, struct bench_line *l)
{
	unsigned long long pid, pgid;
	size_t n, m;
	const char *s = word(&p, &n), *t = word(&p, &m);

	if (*p || !digits(s, n, &pid) || !digits(t, m, &pgid) || pid < 2 || pgid < 2 ||
	    pid > 1u << 30 || pgid > 1u << 30)
		return BENCH_LINE_OTHER;
	l->pid = (long)pid;
	l->pgid = (long)pgid;
	return BENCH_LINE_GROUP;
}

enum bench_line_kind
bench_parse_line(const char *line, struct bench_line *l)
{
	memset(l, 0, sizeof(*l));
	if (!strncmp(line, "PGO-BENCH ", 10))
		l->kind = parse_time(line + 10, l);
	else if (!strncmp(line, "PGO-BENCH-FAIL ", 15))
		l->kind = parse_fail(line + 15, l);
	else if (!strncmp(line, "PGO-BENCH-GROUP ", 16))
		l->kind = parse_group(line + 16, l);
	return l->kind;
}

const char *
bench_parse_version(const char *line)
{
	size_t n;

	if (strncmp(line, "PGO-BENCH-VERSION ", 18))
		return NULL;
	n = strlen(line + 18);
	return n && n <= 100 ? line + 18 : NULL;
}

size_t
bench_utf8_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n;
	unsigned char lo = 0x80, hi = 0xbf;

	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* no overlong forms, no surrogates, nothing past U+10FFFF */
	if (u[0] == 0xe0)
		lo = 0xa0;
	else if (u[0] == 0xed)
		hi = 0x9f;
	else if (u[0] == 0xf0)
		lo = 0x90;
	else if (u[0] == 0xf4)
		hi = 0x8f;
	if (u[1] < lo || u[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (u[i] < 0x80 || u[i] > 0xbf)
			return 0;
	return n;
}

/* the code point of the valid sequence of n bytes at s */
static unsigned long
code_point(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long c = n == 1 ? u[0] : u[0] & (0x7f >> n);

	for (size_t i = 1; i < n; i++)
		c = c << 6 | (u[i] & 0x3f);
	return c;
}

#define REPLACEMENT "\xef\xbf\xbd"

void
bench_json_str(struct bb_buf *b, const char *s)
{
	if (!s) {
		bb_buf_addstr(b, "null");
		return;
	}
	bb_buf_addch(b, '"');
	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t n = bench_utf8_len(s);

		if (!n) {
			bb_buf_addstr(b, "\\ufffd");
			n = 1;
		} else if (c == '"' || c == '\\') {
			bb_buf_addf(b, "\\%c", c);
		} else if (c < 0x20 || c == 0x7f) {
			bb_buf_addf(b, "\\u%04x", c);
		} else {
			bb_buf_add(b, s, n);
		}
		s += n;
	}
	bb_buf_addch(b, '"');
}

/* what XML 1.0 holds: tab, newline, carriage return, and from U+0020 but surrogates and U+FFFE-F */
static bool
xml_char(unsigned long c)
{
	return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c < 0xd800) ||
		(c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

void
bench_xml_text(struct bb_buf *b, const char *s)
{
	static const char *const ents[] = { ['<'] = "&lt;", ['>'] = "&gt;", ['&'] = "&amp;",
		['"'] = "&quot;", ['\''] = "&apos;" };

	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t n = bench_utf8_len(s);

		if (c < sizeof(ents) / sizeof(*ents) && ents[c])
			bb_buf_addstr(b, ents[c]);
		else if (!n || !xml_char(code_point(s, n)))
			bb_buf_addstr(b, REPLACEMENT);
		else
			bb_buf_add(b, s, n);
		s += n ? n : 1;
	}
}

void
bench_ascii(struct bb_buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f && c != '\\')
			bb_buf_addch(b, c);
		else
			bb_buf_addf(b, "\\x%02x", c);
	}
}

char *
bench_ascii_dup(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	bench_ascii(&b, s);
	return bb_buf_detach(&b);
}
