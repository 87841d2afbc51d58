/* allocation helpers that abort on exhaustion, and the error handle */
#ifndef BB_UTIL_H
#define BB_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * 1 under AddressSanitizer: memory that is normally cut from larger blocks is
 * then allocated piece by piece, so that overruns are still seen
 */
#if defined(__SANITIZE_ADDRESS__)
#define BB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BB_ASAN 1
#endif
#endif
#ifndef BB_ASAN
#define BB_ASAN 0
#endif

/* a place in an input file; file is owned by the datastore's file table */
struct bb_loc {
	const char *file;
	unsigned line;
};

/* the error handle: one message, "file:line: error: text" when a location is known */
struct bb_error {
	char *msg;
};

#define BB_ERROR_INIT { NULL }

void bb_oom(void) __attribute__((noreturn));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
/*
 * v (n elements of size bytes, room for *alloc) with room for one more: the
 * room doubles when full, or is first when there was none
 */
void *bb_grow(void *v, size_t n, size_t *alloc, size_t size, size_t first);
char *xstrndup(const char *s, size_t n);
/*
 * a block of size bytes (not zeroed) for records or text that fill it and live
 * as long as a datastore; large ones come straight from the kernel with every
 * page mapped by the one call, instead of a fault per page as it fills
 */
void *bb_block_new(size_t size);
void bb_block_free(void *p);
/* frees blocks[0..n) and the array */
void bb_blocks_free(char **blocks, size_t n);
/*
 * s[0..n) NUL-terminated in buf (size bytes) when it fits, else in new memory:
 * the caller frees the result when it is not buf
 */
char *bb_strndup_in(char *buf, size_t size, const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* the concatenation of the strings up to a NULL; caller frees */
char *xstrcat(const char *s, ...) __attribute__((sentinel));

/* sets err (keeping the first message) and returns -1; loc may be NULL */
int bb_error(struct bb_error *err, const struct bb_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int bb_verror(struct bb_error *err, const struct bb_loc *loc, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
void bb_error_clear(struct bb_error *err);

/* hash of a byte string (FNV-1a) */
unsigned long bb_hash(const char *s, size_t n);

#endif
