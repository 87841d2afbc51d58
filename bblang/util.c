#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "util.h"

void
bb_oom(void)
{
	/* the only way out of the library: nothing sensible can follow */
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		bb_oom();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		bb_oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		bb_oom();
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		bb_oom();
	return xrealloc(p, n * size);
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xasprintf(const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return bb_buf_detach(&b);
}

char *
xstrcat(const char *s, ...)
{
	size_t n = 0, len;
	const char *p;
	char *r, *o;
	va_list ap;

	va_start(ap, s);
	for (p = s; p; p = va_arg(ap, const char *))
		n += strlen(p);
	va_end(ap);
	o = r = xmalloc(n + 1);
	va_start(ap, s);
	for (p = s; p; p = va_arg(ap, const char *)) {
		len = strlen(p);
		memcpy(o, p, len);
		o += len;
	}
	va_end(ap);
	*o = '\0';
	return r;
}

char *
xstrreplace(const char *s, const char *from, const char *to)
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

int
bb_error(struct bb_error *err, const struct bb_loc *loc, const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	if (!err || err->msg)
		return -1;
	if (loc && loc->file)
		bb_buf_addf(&b, "%s:%u: error: ", loc->file, loc->line);
	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	err->msg = bb_buf_detach(&b);
	return -1;
}

void
bb_error_clear(struct bb_error *err)
{
	free(err->msg);
	err->msg = NULL;
}

unsigned long
bb_hash(const char *s, size_t n)
{
	/* eight bytes at a time, multiplied in (FxHash's step) */
	const uint64_t k = 0x517cc1b727220a95ULL;
	uint64_t h = n, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = ((h << 5 | h >> 59) ^ w) * k;
	}
	if (n) {
		w = 0;
		memcpy(&w, s, n);
		h = ((h << 5 | h >> 59) ^ w) * k;
	}
	return (unsigned long)(h ^ h >> 32);
}
