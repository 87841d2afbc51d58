/* the datastore in the conformance format: NAME<TAB>VALUE, flags after their variable */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "buf.h"
#include "data-int.h"
#include "parse.h"
#include "strvec.h"

/* whether a byte of w is zero */
static bool
has_zero(uint64_t w)
{
	return (w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL;
}

/* the length of the run of s[0, n) written as it is: no control, DEL or backslash */
static size_t
plain_run(const char *s, size_t n)
{
	/* 1: written as it is */
	static unsigned char plain[256];
	const uint64_t ones = 0x0101010101010101ULL;
	size_t i = 0;
	uint64_t w;

	if (!plain['a'])
		for (int c = 0x20; c < 256; c++)
			plain[c] = c != '\\' && c != 0x7f;
#ifdef __SSE2__
	/* sixteen bytes at a time: the first below 0x20, DEL or a backslash ends the run */
	const __m128i sp = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7f),
		      bs = _mm_set1_epi8('\\');

	for (; i + 16 <= n; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
		/* x >= 0x20 unsigned: max(x, 0x20) == x */
		__m128i ok = _mm_cmpeq_epi8(_mm_max_epu8(x, sp), x);
		__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, del), _mm_cmpeq_epi8(x, bs));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(bad, ok)) ^ 0xffffu;

		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	/* eight bytes at a time: none below 0x20, none DEL or a backslash */
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		if (((w - ones * 0x20) & ~w & ones * 0x80) || has_zero(w ^ ones * 0x7f) ||
		    has_zero(w ^ ones * '\\'))
			break;
	}
	while (i < n && plain[(unsigned char)s[i]])
		i++;
	return i;
}

static void
escape(struct bb_buf *out, const char *s)
{
	/* the characters written as a backslash and a letter */
	static const char named[] = "\\\n\t\r", letter[] = "\\ntr";
	const char *end = s + strlen(s), *e;

	if (*s == '!')
		bb_buf_addch(out, '\\');
	for (; s < end; s++) {
		unsigned char c = (unsigned char)*s;
		size_t n = plain_run(s, (size_t)(end - s));

		if (n) {
			bb_buf_add(out, s, n);
			s += n - 1;
			continue;
		}
		if ((e = strchr(named, c))) {
			bb_buf_addch(out, '\\');
			bb_buf_addch(out, letter[e - named]);
		} else if (c < 0x20 || c == 0x7f) {
			bb_buf_addf(out, "\\x%02x", c);
		} else {
			bb_buf_addch(out, (char)c);
		}
	}
}

/* var's entry is e (NULL: looked up) */
static void
value(struct bb_data *d, struct var *e, const char *var, const char *flag, bool expand,
	struct bb_buf *out)
{
	const char *view = NULL;
	char *v = NULL;
	int ret;

	if (expand) {
		ret = data_get_view_of(d, e, var, flag, &view, &v);
	} else {
		ret = bb_data_get_flag(d, var, flag, false, false, false, &v);
		view = v;
	}
	if (ret < 0) {
		bb_buf_addstr(out, "!ERROR");
		bb_data_warn(d, NULL, "%s", bb_data_error(d));
		bb_data_clear_error(d);
	} else if (!view) {
		bb_buf_addstr(out, "!NONE");
	} else {
		escape(out, view);
	}
	free(v);
}

static bool
listed(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

/* var's entry is e (NULL: looked up) */
static void
dump_var(struct bb_data *d, const struct bb_dump_opts *o, const char *var, struct var *e,
	struct bb_buf *out)
{
	const char **flags;
	size_t n;

	if (!e)
		e = data_find(d, var);
	bb_buf_addstr(out, var);
	bb_buf_addch(out, '\t');
	value(d, e, var, "_content", o->expand, out);
	bb_buf_addch(out, '\n');
	if (!o->flags)
		return;
	flags = data_flags_of(e, &n);
	for (size_t i = 0; i < n; i++) {
		bb_buf_addstr(out, var);
		bb_buf_addch(out, '[');
		bb_buf_addstr(out, flags[i]);
		bb_buf_addstr(out, "]\t");
		value(d, e, var, flags[i], o->expand, out);
		bb_buf_addch(out, '\n');
	}
	free(flags);
}

static void
maybe_flush(const struct bb_dump_opts *o, struct bb_buf *out)
{
	if (o->flush && out->len >= 32768) {
		o->flush(out, o->ctx);
		bb_buf_reset(out);
	}
}

void
bb_dump(struct bb_data *d, const struct bb_dump_opts *o, struct bb_buf *out)
{
	size_t n;
	const char **keys;

	if (o->only) {
		struct bb_strvec sorted = BB_STRVEC_INIT;

		for (const char *const *p = o->only; *p; p++)
			bb_strvec_pushdup(&sorted, *p);
		bb_strvec_sort(&sorted);
		for (size_t i = 0; i < sorted.n; i++) {
			if (i && !strcmp(sorted.v[i], sorted.v[i - 1]))
				continue;
			dump_var(d, o, sorted.v[i], NULL, out);
			maybe_flush(o, out);
		}
		bb_strvec_clear(&sorted);
		return;
	}
	keys = bb_data_keys(d, &n);
	for (size_t i = 0; i < n; i++) {
		if (!strncmp(keys[i], "__", 2) || listed(o->exclude, keys[i]))
			continue;
		dump_var(d, o, keys[i], data_var_of_key(keys[i]), out);
		maybe_flush(o, out);
	}
	free(keys);
}
