/* lines from the guest, serial-console markers, base64 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/util.h"
#include "runner/console.h"
#include "runner/ssh.h"

void
console_lines_feed(struct console_lines *l, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = p[i];

		if (c == '\n' || l->part.len >= CONSOLE_LINE_MAX) {
			l->line(l->ctx, l->part.buf);
			bb_buf_reset(&l->part);
			if (c == '\n')
				continue;
		}
		if ((unsigned char)c >= 0x20 || c == '\t')
			bb_buf_addch(&l->part, c);
	}
}

void
console_lines_flush(struct console_lines *l)
{
	if (l->part.len)
		l->line(l->ctx, l->part.buf);
	bb_buf_reset(&l->part);
}

void
console_lines_release(struct console_lines *l)
{
	bb_buf_release(&l->part);
}

char *
console_marker(const char *what, const char *nonce)
{
	return xasprintf("PGO-%s-42-%s", what, nonce);
}

char *
console_marker_cmd(const char *what, const char *nonce)
{
	return xasprintf("echo PGO-%s-$((40+2))-%s", what, nonce);
}

bool
console_has_marker(const char *line, const char *marker, const char **rest)
{
	const char *s = strstr(line, marker);

	if (s && rest)
		*rest = s + strlen(marker);
	return s != NULL;
}

char *
console_run_cmd(const char *cmd, const char *nonce)
{
	char *begin = console_marker_cmd("RUN", nonce), *end = console_marker_cmd("RC", nonce);
	char *s = xasprintf("stty -echo 2>/dev/null; dmesg -n 1 2>/dev/null; %s; "
		"( %s ) </dev/null 2>&1; %s-$?", begin, cmd, end);

	free(begin);
	free(end);
	return s;
}

char *
console_tar_cmd(const char *dir, const char *nonce)
{
	char *begin = console_marker_cmd("TAR", nonce), *end = console_marker_cmd("END", nonce);
	char *q = ssh_quote(dir);
	char *s = xasprintf("%s; tar c -C %s . 2>/dev/null | base64; %s", begin, q, end);

	free(begin);
	free(end);
	free(q);
	return s;
}

static int
b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

bool
console_b64_decode(struct console_b64 *d, const char *line, struct bb_buf *out)
{
	for (const unsigned char *s = (const unsigned char *)line; *s; s++) {
		int v = b64_value(*s);

		if (*s == ' ' || *s == '\t' || *s == '=')
			continue;
		if (v < 0)
			return !(d->bad = true);
		d->acc = (d->acc << 6 | (unsigned)v) & 0xffffff;
		d->bits += 6;
		if (d->bits >= 8) {
			d->bits -= 8;
			bb_buf_addch(out, (d->acc >> d->bits) & 0xff);
		}
	}
	return true;
}
