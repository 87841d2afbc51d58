#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "util.h"

char bb_buf_empty[1];

void
bb_buf_init(struct bb_buf *b)
{
	b->buf = bb_buf_empty;
	b->len = 0;
	b->alloc = 0;
}

void
bb_buf_release(struct bb_buf *b)
{
	if (b->alloc)
		free(b->buf);
	bb_buf_init(b);
}

void
bb_buf_reset(struct bb_buf *b)
{
	bb_buf_setlen(b, 0);
}

void
bb_buf_grow(struct bb_buf *b, size_t extra)
{
	size_t want;

	if (extra > SIZE_MAX / 2 - b->len - 1)
		bb_oom();
	want = b->len + extra + 1;
	if (want <= b->alloc)
		return;
	if (want < b->alloc * 2)
		want = b->alloc * 2;
	if (want < 32)
		want = 32;
	if (!b->alloc) {
		b->buf = xmalloc(want);
		b->buf[0] = '\0';
	} else {
		b->buf = xrealloc(b->buf, want);
	}
	b->alloc = want;
}

void
bb_buf_setlen(struct bb_buf *b, size_t len)
{
	if (!b->alloc)
		return;
	b->len = len;
	b->buf[len] = '\0';
}

void
bb_buf_add(struct bb_buf *b, const void *p, size_t n)
{
	if (!n)
		return;
	bb_buf_grow(b, n);
	memcpy(b->buf + b->len, p, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

void
bb_buf_addstr(struct bb_buf *b, const char *s)
{
	bb_buf_add(b, s, strlen(s));
}

void
bb_buf_addch(struct bb_buf *b, int c)
{
	bb_buf_grow(b, 1);
	b->buf[b->len++] = (char)c;
	b->buf[b->len] = '\0';
}

void
bb_buf_vaddf(struct bb_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(b->buf + b->len, b->alloc ? b->alloc - b->len : 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if (b->len + (size_t)n + 1 > b->alloc) {
		bb_buf_grow(b, (size_t)n);
		vsnprintf(b->buf + b->len, b->alloc - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void
bb_buf_addf(struct bb_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bb_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

char *
bb_buf_detach(struct bb_buf *b)
{
	char *s = b->alloc ? b->buf : xstrdup("");

	bb_buf_init(b);
	return s;
}

char *
bb_str_replace(const char *s, const char *from, const char *to)
{
	struct bb_buf b = BB_BUF_INIT;
	size_t n = strlen(from);
	const char *p;

	if (!n)
		return xstrdup(s);
	while ((p = strstr(s, from))) {
		bb_buf_add(&b, s, (size_t)(p - s));
		bb_buf_addstr(&b, to);
		s = p + n;
	}
	bb_buf_addstr(&b, s);
	return bb_buf_detach(&b);
}
