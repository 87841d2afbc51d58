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

#endif
