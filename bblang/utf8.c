#include "utf8.h"

size_t
bb_utf8_len(const unsigned char *s, size_t n)
{
	size_t k;
	unsigned cp, min;

	if (!n)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		k = 1, cp = s[0] & 0x1f, min = 0x80;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		k = 2, cp = s[0] & 0x0f, min = 0x800;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		k = 3, cp = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (n - 1 < k)
		return 0;
	for (size_t j = 1; j <= k; j++) {
		if ((s[j] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[j] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return k + 1;
}

bool
bb_utf8_valid(const unsigned char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k)
		if (!(k = bb_utf8_len(s + i, n - i)))
			return false;
	return true;
}

size_t
bb_py_space_at_multi(const char *str, size_t n, size_t i)
{
	const unsigned char *s = (const unsigned char *)str;

	if (s[i] == 0xc2 && i + 1 < n && (s[i + 1] == 0x85 || s[i + 1] == 0xa0))
		return 2;
	if (i + 2 >= n)
		return 0;
	if ((s[i] == 0xe1 && s[i + 1] == 0x9a && s[i + 2] == 0x80) ||
	    (s[i] == 0xe2 && s[i + 1] == 0x81 && s[i + 2] == 0x9f) ||
	    (s[i] == 0xe3 && s[i + 1] == 0x80 && s[i + 2] == 0x80))
		return 3;
	if (s[i] == 0xe2 && s[i + 1] == 0x80 &&
	    ((s[i + 2] >= 0x80 && s[i + 2] <= 0x8a) || s[i + 2] == 0xa8 || s[i + 2] == 0xa9 ||
	     s[i + 2] == 0xaf))
		return 3;
	return 0;
}

size_t
bb_py_space_before(const char *s, size_t end)
{
	unsigned char c = end ? (unsigned char)s[end - 1] : 0;
	size_t k;

	/* a multi-byte space ends with a continuation byte */
	if (end && c < 0x80)
		return bb_py_ascii_space(c);

	for (k = 1; k <= 3 && k <= end; k++)
		if (bb_py_space_at(s, end, end - k) == k)
			return k;
	return 0;
}
