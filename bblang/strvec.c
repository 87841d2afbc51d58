#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "strvec.h"
#include "utf8.h"
#include "util.h"

void
bb_strvec_push(struct bb_strvec *sv, char *s)
{
	sv->v = bb_grow(sv->v, sv->n, &sv->alloc, sizeof(*sv->v), 8);
	sv->v[sv->n++] = s;
}

void
bb_strvec_pushdup(struct bb_strvec *sv, const char *s)
{
	bb_strvec_push(sv, xstrdup(s));
}

bool
bb_strvec_has(const struct bb_strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return true;
	return false;
}

void
bb_strvec_clear(struct bb_strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->alloc = 0;
}

/* the length of the python whitespace character at s (a C string), or 0 */
static size_t
isspace_py(const char *s)
{
	unsigned char c = (unsigned char)*s;

	if (c < 0x80)
		return bb_py_ascii_space(c);
	if (c != 0xc2 && c != 0xe1 && c != 0xe2 && c != 0xe3)
		return 0;
	return bb_py_space_at(s, strnlen(s, 3), 0);
}

/* the next word of *s as python's str.split() finds it, n bytes long; NULL at the end */
static const char *
next_word(const char **s, size_t *n)
{
	const char *p = *s, *e;
	size_t k;

	while ((k = isspace_py(p)))
		p += k;
	if (!*p)
		return NULL;
	for (e = p; *e && !isspace_py(e); e++)
		;
	*n = (size_t)(e - p);
	*s = e;
	return p;
}

static bool
words_has_slow(const char *s, const char *word)
{
	size_t n = strlen(word), k;
	const char *w;

	while ((w = next_word(&s, &k)))
		if (k == n && !memcmp(w, word, n))
			return true;
	return false;
}

/* a word without whitespace is found as a substring bounded by whitespace or the
   ends; a multi-byte neighbour, which may be a space, takes the word by word scan */
bool
bb_words_has(const char *s, const char *word)
{
	size_t n = strlen(word);

	if (!n)
		return false;
	for (const char *w = word; *w; w++)
		if ((unsigned char)*w >= 0x80 || bb_py_ascii_space((unsigned char)*w))
			return words_has_slow(s, word);
	for (const char *p = strstr(s, word); p; p = strstr(p + 1, word)) {
		unsigned char before = p > s ? (unsigned char)p[-1] : ' ', after = (unsigned char)p[n];

		if (before >= 0x80 || after >= 0x80)
			return words_has_slow(s, word);
		if (bb_py_ascii_space(before) && (!after || bb_py_ascii_space(after)))
			return true;
	}
	return false;
}

void
bb_strvec_split(struct bb_strvec *sv, const char *s)
{
	const char *w;
	size_t n;

	while ((w = next_word(&s, &n)))
		bb_strvec_push(sv, xstrndup(w, n));
}

void
bb_strvec_splitc(struct bb_strvec *sv, const char *s, int sep)
{
	for (;;) {
		const char *e = strchr(s, sep);

		if (!e) {
			bb_strvec_pushdup(sv, s);
			return;
		}
		bb_strvec_push(sv, xstrndup(s, (size_t)(e - s)));
		s = e + 1;
	}
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
bb_strvec_sort(struct bb_strvec *sv)
{
	if (sv->n)
		qsort(sv->v, sv->n, sizeof(*sv->v), cmpstr);
}

char *
bb_strvec_join(const struct bb_strvec *sv, size_t from, const char *sep)
{
	struct bb_buf b = BB_BUF_INIT;

	for (size_t i = from; i < sv->n; i++) {
		if (i > from)
			bb_buf_addstr(&b, sep);
		bb_buf_addstr(&b, sv->v[i]);
	}
	return bb_buf_detach(&b);
}
