/* UTF-8 as Python's strict codec and XML 1.0 take it */
#ifndef BB_UTF8_H
#define BB_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/*
 * the length (1 to 4) of the UTF-8 sequence at s[0..n), or 0 when it is not
 * valid: an overlong form, a surrogate, past U+10FFFF, or cut short
 */
size_t bb_utf8_len(const unsigned char *s, size_t n);

/* whether s[0..n) is valid UTF-8 throughout */
bool bb_utf8_valid(const unsigned char *s, size_t n);

/*
 * the length of the Python whitespace character (str.isspace, re's \s) at
 * s[i] (s holds n bytes of valid UTF-8), or 0: \t-\r, \x1c-\x1f, space,
 * U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000
 */
static inline size_t bb_py_space_at(const char *s, size_t n, size_t i);
/* bb_py_space_at for a byte at or above 0x80 */
size_t bb_py_space_at_multi(const char *s, size_t n, size_t i);
/* the byte c (below 0x80) is Python whitespace: \t-\r, \x1c-\x1f or space */
static inline bool
bb_py_ascii_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}
static inline size_t
bb_py_space_at(const char *s, size_t n, size_t i)
{
	unsigned char c = (unsigned char)s[i];

	return c < 0x80 ? bb_py_ascii_space(c) : bb_py_space_at_multi(s, n, i);
}
/* the length of the Python whitespace character ending just before s[end], or 0 */
size_t bb_py_space_before(const char *s, size_t end);

#endif
