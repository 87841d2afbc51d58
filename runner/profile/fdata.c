/* BOLT's .fdata, checked line by line as it arrives, as merge-fdata and llvm-bolt read it */
#include <stdint.h>
#include <string.h>

#include "runner/profile/fdata.h"

/* a line being read: its bytes up to the count's space at end */
struct cur {
	const char *s;
	size_t i, end;
};

/* the spaces at c->i, up to the count's (at end) included */
static void
skip_spaces(struct cur *c)
{
	while (c->i <= c->end && c->s[c->i] == ' ')
		c->i++;
}

/*
 * a field up to the next space (a backslash takes the byte after it),
 * which it consumes: false when empty or when it runs into the count
 */
static bool
field(struct cur *c, size_t *start, size_t *len)
{
	size_t j = c->i;

	while (j < c->end && c->s[j] != ' ')
		j += c->s[j] == '\\' ? 2 : 1;
	if (j > c->end || j == c->i)
		return false;
	*start = c->i;
	*len = j - c->i;
	c->i = j + 1;
	return true;
}

/* digits (hexadecimal ones when hex) of a value at most max, into *out (may be NULL) */
static bool
number(const char *s, size_t n, bool hex, uint64_t max, uint64_t *out)
{
	uint64_t v = 0, base = hex ? 16 : 10;

	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];
		uint64_t d = ch >= '0' && ch <= '9' ? (uint64_t)(ch - '0') :
			hex && ch >= 'a' && ch <= 'f' ? (uint64_t)(ch - 'a' + 10) :
			hex && ch >= 'A' && ch <= 'F' ? (uint64_t)(ch - 'A' + 10) : base;

		if (d >= base || v > (max - d) / base)
			return false;
		v = v * base + d;
	}
	if (out)
		*out = v;
	return true;
}

/* T NAME OFF: T 0-2 and one space, then runs of spaces between */
static bool
location(struct cur *c)
{
	size_t a, n;

	if (c->i + 1 > c->end || c->s[c->i] < '0' || c->s[c->i] > '2' || c->s[c->i + 1] != ' ')
		return false;
	c->i += 2;
	skip_spaces(c);
	if (!field(c, &a, &n))
		return false;
	skip_spaces(c);
	return field(c, &a, &n) && number(c->s + a, n, true, UINT64_MAX, NULL);
}

/* the record before the count's space at end, as llvm-bolt reads the merged line */
static const char *
record(const char *s, size_t end)
{
	struct cur c = { s, 0, end };
	size_t a, n;

	if (!location(&c))
		return "malformed source location";
	skip_spaces(&c);
	if (!location(&c))
		return "malformed target location";
	skip_spaces(&c);
	if (!field(&c, &a, &n))
		return "no mispredictions field";
	if (s[a] == '-' ? !number(s + a + 1, n - 1, false, (uint64_t)INT64_MAX + 1, NULL) :
	    !number(s + a, n, false, INT64_MAX, NULL))
		return "malformed mispredictions";
	skip_spaces(&c);
	if (c.i != end + 1)
		return "more than 8 fields";
	return NULL;
}

static int
check_line(struct fdata_check *c, bool nl, struct bb_error *err)
{
	unsigned long long no = (unsigned long long)c->line + 1;
	const char *sp, *count, *why;
	uint64_t v;
	size_t n;

	c->buf[c->len] = '\0';
	if (!c->line && nl && c->len == 16 && !memcmp(c->buf, "boltedcollection", 16)) {
		c->bolted = true;
		return 0;
	}
	if (!c->len)
		return 0;
	if (!strcmp(c->buf, "boltedcollection"))
		return bb_error(err, NULL, "line %llu: 'boltedcollection' is not the first line", no);
	if (!strncmp(c->buf, "no_lbr", 6) && (c->len == 6 || c->buf[6] == ' '))
		return bb_error(err, NULL, "line %llu: a no_lbr profile (LLVM 19's merge-fdata "
			"refuses them)", no);
	if (!(sp = memrchr(c->buf, ' ', c->len)))
		return bb_error(err, NULL, "line %llu: not a BOLT profile record (no space)", no);
	count = sp + 1;
	n = c->len - (size_t)(count - c->buf);
	if (!number(count, n, false, UINT64_MAX, &v))
		return bb_error(err, NULL, "line %llu: malformed count", no);
	if (v > INT64_MAX - c->counts)
		return bb_error(err, NULL, "line %llu: counts add up to more than 2^63-1 "
			"(llvm-bolt reads them as signed 64-bit)", no);
	if ((why = record(c->buf, (size_t)(sp - c->buf))))
		return bb_error(err, NULL, "line %llu: %s", no, why);
	c->counts += v;
	c->records++;
	return 0;
}

int
fdata_feed(struct fdata_check *c, const void *p, size_t n, struct bb_error *err)
{
	const char *s = p;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			if (check_line(c, true, err) < 0)
				return -1;
			c->line++;
			c->len = 0;
			continue;
		}
		if (c->len == FDATA_LINE_MAX)
			return bb_error(err, NULL, "line %llu: longer than %d bytes",
				(unsigned long long)c->line + 1, FDATA_LINE_MAX);
		c->buf[c->len++] = s[i];
	}
	return 0;
}

int
fdata_finish(struct fdata_check *c, struct bb_error *err)
{
	if (c->len) {
		if (check_line(c, false, err) < 0)
			return -1;
		c->line++;
		c->len = 0;
	}
	if (!c->records)
		return bb_error(err, NULL, "no BOLT profile record");
	return 0;
}
