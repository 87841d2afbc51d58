/* a tar stream metered header by header as it arrives */
#include <stdlib.h>
#include <string.h>

#include "runner/quote.h"
#include "runner/profile/tarmeter.h"

void
tar_meter_init(struct tar_meter *m, uint64_t max_file, uint64_t max_total, uint64_t max_files)
{
	*m = (struct tar_meter){ .max_file = max_file, .max_total = max_total,
		.max_files = max_files, .ext = BB_BUF_INIT };
}

void
tar_meter_release(struct tar_meter *m)
{
	bb_buf_release(&m->ext);
	free(m->name);
	m->name = NULL;
}

/* the entry's name for messages: the long name, else ustar's prefix/name */
static char *
entry_name(const struct tar_meter *m)
{
	const char *h = (const char *)m->hdr;
	struct bb_buf b = BB_BUF_INIT;
	char *s;

	if (m->name)
		return quote_str(m->name);
	if (!memcmp(h + 257, "ustar\0", 6) && h[345]) {
		bb_buf_add(&b, h + 345, strnlen(h + 345, 155));
		bb_buf_addch(&b, '/');
	}
	bb_buf_add(&b, h, strnlen(h, 100));
	s = quote_str(b.buf);
	bb_buf_release(&b);
	return s;
}

static int
refuse(struct tar_meter *m, struct bb_error *err, const char *what, uint64_t limit)
{
	char *name = entry_name(m);

	bb_error(err, NULL, "entry %s: %s %llu%s", name, what, (unsigned long long)limit,
		strstr(what, "files") || strstr(what, "entries") ? "" : " bytes");
	free(name);
	return -1;
}

static int
corrupt(struct tar_meter *m, struct bb_error *err, const char *what)
{
	return bb_error(err, NULL, "not a tar stream at byte %llu: %s",
		(unsigned long long)(m->bytes - 512), what);
}

/* a numeric field: octal (spaces and NULs around it) or GNU's base-256 */
static bool
number(const unsigned char *f, size_t n, uint64_t *v)
{
	size_t i = 0;

	*v = 0;
	if (f[0] & 0x80) {
		if (f[0] != 0x80)
			return false;	/* negative, or more than 64 bits */
		for (i = 1; i < n; i++) {
			if (*v >> 56)
				return false;
			*v = *v << 8 | f[i];
		}
		return true;
	}
	while (i < n && f[i] == ' ')
		i++;
	for (; i < n && f[i] >= '0' && f[i] <= '7'; i++) {
		if (*v >> 61)
			return false;
		*v = *v << 3 | (uint64_t)(f[i] - '0');
	}
	for (; i < n; i++)
		if (f[i] != ' ' && f[i])
			return false;
	return true;
}

/* the checksum field against the header's bytes, summed unsigned or signed */
static bool
checksum_ok(const unsigned char *h)
{
	uint64_t want;
	unsigned long u = 0;
	long s = 0;

	if (!number(h + 148, 8, &want))
		return false;
	for (int i = 0; i < 512; i++) {
		unsigned char c = i >= 148 && i < 156 ? ' ' : h[i];

		u += c;
		s += (signed char)c;
	}
	return want == u || (int64_t)want == s;
}

/* a pax extended header's records: path= and size= for the next entry */
static int
pax_records(struct tar_meter *m, struct bb_error *err)
{
	const char *p = m->ext.buf, *end = p + m->ext.len;

	while (p < end) {
		char *sp;
		unsigned long len = strtoul(p, &sp, 10);
		const char *key, *eq;

		if (*sp != ' ' || len <= (size_t)(sp - p) || len > (size_t)(end - p) ||
		    p[len - 1] != '\n')
			return corrupt(m, err, "a malformed pax record");
		key = sp + 1;
		eq = memchr(key, '=', (size_t)(p + len - 1 - key));
		if (!eq)
			return corrupt(m, err, "a malformed pax record");
		if (eq - key == 4 && !memcmp(key, "path", 4)) {
			free(m->name);
			m->name = xstrndup(eq + 1, (size_t)(p + len - 2 - eq));
		} else if (eq - key == 4 && !memcmp(key, "size", 4)) {
			const char *d = eq + 1;

			if (m->type == 'g')
				return corrupt(m, err, "a global pax header with a size");
			m->size = 0;
			for (; *d >= '0' && *d <= '9'; d++) {
				if (m->size > (UINT64_MAX - 9) / 10)
					return corrupt(m, err, "a pax size out of range");
				m->size = m->size * 10 + (uint64_t)(*d - '0');
			}
			if (d == eq + 1 || *d != '\n')
				return corrupt(m, err, "a malformed pax size");
			m->has_size = true;
		}
		p += len;
	}
	return 0;
}

/* the end of a header extension's data */
static int
extension_done(struct tar_meter *m, struct bb_error *err)
{
	int r = 0;

	bb_buf_setlen(&m->ext, m->ext_len);
	if (m->type == 'L') {
		free(m->name);
		m->name = xstrndup(m->ext.buf, m->ext.len);
	} else if (m->type != 'K') {
		r = pax_records(m, err);
	}
	bb_buf_reset(&m->ext);
	m->type = 0;
	return r;
}

/* an entry of its own: the budgets */
static int
entry(struct tar_meter *m, char type, uint64_t size, struct bb_error *err)
{
	bool regular = type == '0' || type == '\0' || type == '7';

	m->ext_run = 0;
	if (regular ? ++m->files > m->max_files : ++m->others > m->max_files)
		return refuse(m, err, regular ? "more files than the budget of" :
			"more entries other than files than the budget of", m->max_files);
	if (size > m->max_file)
		return refuse(m, err, "over the budget per file of", m->max_file);
	if (size > m->max_total - m->total)
		return refuse(m, err, "over the budget for the whole profile of", m->max_total);
	m->total += size;
	return 0;
}

/* a whole header in m->hdr */
static int
header(struct tar_meter *m, struct bb_error *err)
{
	static const unsigned char zero[512];
	char type = (char)m->hdr[156];
	uint64_t size;
	int r;

	if (!memcmp(m->hdr, zero, 512)) {
		m->ended = ++m->zero_blocks == 2;
		return 0;
	}
	m->zero_blocks = 0;
	if (!checksum_ok(m->hdr))
		return corrupt(m, err, "a header with a bad checksum");
	if (!number(m->hdr + 124, 12, &size))
		return corrupt(m, err, "a header with a bad size field");
	if (type == 'L' || type == 'K' || type == 'x' || type == 'g') {
		if (size > TAR_METER_EXT_MAX)
			return refuse(m, err, "a header extension over the limit of",
				TAR_METER_EXT_MAX);
		if (++m->ext_run > TAR_METER_EXT_RUN)
			return corrupt(m, err, "header extensions without an entry");
		m->type = type;
		m->ext_len = (size_t)size;
	} else {
		if (m->has_size)
			size = m->size;
		r = entry(m, type, size, err);
		free(m->name);
		m->name = NULL;
		m->has_size = false;
		if (r < 0)
			return -1;
	}
	m->left = (size + 511) / 512 * 512;
	if (!m->left && m->type)
		return extension_done(m, err);
	return 0;
}

int
tar_meter_feed(struct tar_meter *m, const void *p, size_t n, struct bb_error *err)
{
	const unsigned char *s = p;

	while (n) {
		size_t k;

		if (m->ended) {
			m->tail += n;
			m->bytes += n;
			if (m->tail > TAR_METER_TAIL_MAX)
				return bb_error(err, NULL, "more than %d bytes after the end of the "
					"archive", TAR_METER_TAIL_MAX);
			return 0;
		}
		if (m->left) {
			k = n < m->left ? n : (size_t)m->left;
			if (m->type)
				bb_buf_add(&m->ext, s, k);
			m->left -= k;
			m->bytes += k;
			s += k;
			n -= k;
			if (!m->left && m->type && extension_done(m, err) < 0)
				return -1;
			continue;
		}
		k = 512 - m->hlen < n ? 512 - m->hlen : n;
		memcpy(m->hdr + m->hlen, s, k);
		m->hlen += k;
		m->bytes += k;
		s += k;
		n -= k;
		if (m->hlen == 512) {
			m->hlen = 0;
			if (header(m, err) < 0)
				return -1;
		}
	}
	return 0;
}
