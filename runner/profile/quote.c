/* names quoted for messages: whatever bytes they hold, one printable line */
#include "runner/profile/quote.h"

void
quote_add(struct bb_buf *b, const char *s)
{
	bb_buf_addch(b, '\'');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
			bb_buf_addch(b, c);
		else
			bb_buf_addf(b, "\\x%02x", c);
	}
	bb_buf_addch(b, '\'');
}

char *
quote_text(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f)
			bb_buf_addch(&b, c);
		else
			bb_buf_addf(&b, "\\x%02x", c);
	}
	return bb_buf_detach(&b);
}

char *
quote_str(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	quote_add(&b, s);
	return bb_buf_detach(&b);
}
