/* allocation helpers that abort on exhaustion, and the error handle */
#ifndef BB_UTIL_H
#define BB_UTIL_H

#include <stdbool.h>
#include <stddef.h>

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
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the concatenation of the strings up to a NULL; caller frees */
char *xstrcat(const char *s, ...) __attribute__((sentinel));
/* s with every from (not empty) replaced by to, as Python's str.replace; caller frees */
char *xstrreplace(const char *s, const char *from, const char *to);

/* sets err (keeping the first message) and returns -1; loc may be NULL */
int bb_error(struct bb_error *err, const struct bb_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void bb_error_clear(struct bb_error *err);

/* hash of a byte string (FNV-1a) */
unsigned long bb_hash(const char *s, size_t n);

#endif
