/* bb_buf: growable string; buf is never NULL and always NUL-terminated */
#ifndef BB_BUF_H
#define BB_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct bb_buf {
	char *buf;
	size_t len;
	size_t alloc;
};

extern char bb_buf_empty[];
#define BB_BUF_INIT { bb_buf_empty, 0, 0 }

void bb_buf_init(struct bb_buf *b);
/* frees the storage; b is empty and reusable afterwards */
void bb_buf_release(struct bb_buf *b);
void bb_buf_reset(struct bb_buf *b);
void bb_buf_grow(struct bb_buf *b, size_t extra);
void bb_buf_add(struct bb_buf *b, const void *p, size_t n);
void bb_buf_addstr(struct bb_buf *b, const char *s);
void bb_buf_addch(struct bb_buf *b, int c);
void bb_buf_addf(struct bb_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void bb_buf_vaddf(struct bb_buf *b, const char *fmt, va_list ap);
void bb_buf_setlen(struct bb_buf *b, size_t len);
/* returns the string, caller frees; b is empty afterwards */
char *bb_buf_detach(struct bb_buf *b);

/* s with every from replaced by to (Python's str.replace; an empty from: a copy); caller frees */
char *bb_str_replace(const char *s, const char *from, const char *to);

#endif
