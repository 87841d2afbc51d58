#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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

/* before each block: its mapped length, 0 for one from malloc */
struct block_head {
	_Alignas(max_align_t) size_t mapped;
};

/* below this a block comes from malloc: mapping costs more than it saves */
enum { BLOCK_MAP_MIN = 16384 };

void *
bb_block_new(size_t size)
{
	struct block_head *h;

	if (size > SIZE_MAX - sizeof(*h))
		bb_oom();
#if defined(MAP_POPULATE) && !BB_ASAN
	if (size >= BLOCK_MAP_MIN) {
		size_t len = sizeof(*h) + size;

		h = mmap(NULL, len, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		if (h == MAP_FAILED)
			bb_oom();
		h->mapped = len;
		return h + 1;
	}
#endif
	h = xmalloc(sizeof(*h) + size);
	h->mapped = 0;
	return h + 1;
}

void
bb_block_free(void *p)
{
	struct block_head *h;

	if (!p)
		return;
	h = (struct block_head *)p - 1;
	if (h->mapped)
		munmap(h, h->mapped);
	else
		free(h);
}

void *
bb_grow(void *v, size_t n, size_t *alloc, size_t size, size_t first)
{
	if (n < *alloc)
		return v;
	*alloc = *alloc ? *alloc * 2 : first;
	return xreallocarray(v, *alloc, size);
}

void
bb_blocks_free(char **blocks, size_t n)
{
	for (size_t i = 0; i < n; i++)
		bb_block_free(blocks[i]);
	free(blocks);
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
bb_strndup_in(char *buf, size_t size, const char *s, size_t n)
{
	if (n >= size)
		return xstrndup(s, n);
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
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
xvasprintf(const char *fmt, va_list ap)
{
	va_list cp;
	char *s;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return xstrdup("");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
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

int
bb_verror(struct bb_error *err, const struct bb_loc *loc, const char *fmt, va_list ap)
{
	char *msg;

	if (!err || err->msg)
		return -1;
	msg = xvasprintf(fmt, ap);
	if (loc && loc->file) {
		err->msg = xasprintf("%s:%u: error: %s", loc->file, loc->line, msg);
		free(msg);
	} else {
		err->msg = msg;
	}
	return -1;
}

int
bb_error(struct bb_error *err, const struct bb_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bb_verror(err, loc, fmt, ap);
	va_end(ap);
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
		/* the last 1-7 bytes as one word, from two loads that may overlap */
		const unsigned char *u = (const unsigned char *)s;

		if (n >= 4) {
			uint32_t lo, hi;

			memcpy(&lo, s, 4);
			memcpy(&hi, s + n - 4, 4);
			w = lo | (uint64_t)hi << 8 * (n - 4);
		} else {
			w = u[0] | (uint64_t)u[n / 2] << 8 * (n / 2) | (uint64_t)u[n - 1] << 8 * (n - 1);
		}
		h = ((h << 5 | h >> 59) ^ w) * k;
	}
	return (unsigned long)(h ^ h >> 32);
}
