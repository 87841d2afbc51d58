/* BOLT's .fdata, checked for form line by line as it arrives */
#include <string.h>

#include "runner/fdata.h"

static bool
is_type(const char *s, size_t n)
{
	return n == 1 && *s >= '0' && *s <= '4';
}

static bool
is_hex(const char *s, size_t n)
{
	if (!n || n > 16)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strchr("0123456789abcdefABCDEF", s[i]))
			return false;
	return true;
}

static bool
is_dec(const char *s, size_t n)
{
	if (!n || n > 20)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/*
 * the line's fields, each (start, length), the first max of them kept: their
 * number, or -1 when one is empty (a leading, trailing or double space)
 */
static int
split(const char *line, size_t len, const char **f, size_t *fn, int max)
{
	int k = 0;
	size_t i = 0;

	for (;;) {
		size_t j = i;

		while (j < len && line[j] != ' ')
			j++;
		if (j == i)
			return -1;
		if (k < max) {
			f[k] = line + i;
			fn[k] = j - i;
		}
		k++;
		if (j == len)
			return k;
		i = j + 1;
	}
}

static int
check_line(struct fdata_check *c, struct bb_error *err)
{
	const char *f[8];
	size_t fn[8];
	uint64_t no = c->line + 1;
	int k;

	c->buf[c->len] = '\0';
	if (!strcmp(c->buf, "boltedcollection")) {
		if (c->line)
			return bb_error(err, NULL, "line %llu: 'boltedcollection' is not the first line",
				(unsigned long long)no);
		return 0;
	}
	if (!strncmp(c->buf, "no_lbr", 6) && (c->len == 6 || c->buf[6] == ' ')) {
		if (c->records || c->no_lbr)
			return bb_error(err, NULL, "line %llu: 'no_lbr' after the first record",
				(unsigned long long)no);
		c->no_lbr = true;
		return 0;
	}
	k = split(c->buf, c->len, f, fn, 8);
	if (k < 0)
		return bb_error(err, NULL, "line %llu: an empty field", (unsigned long long)no);
	if (k != (c->no_lbr ? 4 : 8))
		return bb_error(err, NULL, "line %llu: %d fields, a BOLT profile record has %d",
			(unsigned long long)no, k, c->no_lbr ? 4 : 8);
	if (!is_type(f[0], fn[0]) || !is_hex(f[2], fn[2]))
		return bb_error(err, NULL, "line %llu: malformed location", (unsigned long long)no);
	if (c->no_lbr) {
		if (!is_dec(f[3], fn[3]))
			return bb_error(err, NULL, "line %llu: malformed count", (unsigned long long)no);
	} else {
		if (!is_type(f[3], fn[3]) || !is_hex(f[5], fn[5]))
			return bb_error(err, NULL, "line %llu: malformed location", (unsigned long long)no);
		if (!is_dec(f[6], fn[6]) || !is_dec(f[7], fn[7]))
			return bb_error(err, NULL, "line %llu: malformed count", (unsigned long long)no);
	}
	c->records++;
	return 0;
}

int
fdata_feed(struct fdata_check *c, const void *p, size_t n, struct bb_error *err)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			if (check_line(c, err) < 0)
				return -1;
			c->line++;
			c->len = 0;
			continue;
		}
		if (s[i] < 0x20 || s[i] >= 0x7f)
			return bb_error(err, NULL, "line %llu: byte 0x%02x: not text",
				(unsigned long long)c->line + 1, s[i]);
		if (c->len == FDATA_LINE_MAX)
			return bb_error(err, NULL, "line %llu: longer than %d bytes",
				(unsigned long long)c->line + 1, FDATA_LINE_MAX);
		c->buf[c->len++] = (char)s[i];
	}
	return 0;
}

int
fdata_finish(struct fdata_check *c, struct bb_error *err)
{
	if (c->len) {
		if (check_line(c, err) < 0)
			return -1;
		c->line++;
		c->len = 0;
	}
	if (!c->records)
		return bb_error(err, NULL, "no BOLT profile record");
	return 0;
}
