/* a growable vector of owned strings */
#ifndef BB_STRVEC_H
#define BB_STRVEC_H

#include <stdbool.h>
#include <stddef.h>

struct bb_strvec {
	char **v;
	size_t n;
	size_t alloc;
};

#define BB_STRVEC_INIT { NULL, 0, 0 }

/* takes ownership of s */
void bb_strvec_push(struct bb_strvec *sv, char *s);
void bb_strvec_pushdup(struct bb_strvec *sv, const char *s);
bool bb_strvec_has(const struct bb_strvec *sv, const char *s);
void bb_strvec_clear(struct bb_strvec *sv);
/* appends the whitespace-separated words of s (Python's str.split()) */
/* whether word is one of the words of s (split as bb_strvec_split splits) */
bool bb_words_has(const char *s, const char *word);
void bb_strvec_split(struct bb_strvec *sv, const char *s);
/* appends the fields of s separated by sep (Python's str.split(sep)) */
void bb_strvec_splitc(struct bb_strvec *sv, const char *s, int sep);
void bb_strvec_sort(struct bb_strvec *sv);
/* the strings from index from on, joined by sep; caller frees */
char *bb_strvec_join(const struct bb_strvec *sv, size_t from, const char *sep);

#endif
