/* lines from the guest, the serial-console protocol and its markers, base64 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/util.h"
#include "runner/target/console.h"
#include "runner/target/ssh.h"

void
console_lines_feed(struct console_lines *l, const char *p, size_t n)
{
	if (l->bytes) {
		l->bytes(l->ctx, p, n);
		return;
	}
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

void
console_shell_init(struct console_shell *c, const char *nonce)
{
	*c = (struct console_shell){ .mode = CONSOLE_IDLE, .task_rc = -1, .tar = BB_BUF_INIT };
	snprintf(c->nonce, sizeof(c->nonce), "%s", nonce);
}

static void
expect(struct console_shell *c, char **marker, const char *what)
{
	free(*marker);
	*marker = console_marker(what, c->nonce);
}

char *
console_shell_ready(struct console_shell *c)
{
	expect(c, &c->want, "RDY");
	c->want_seen = false;
	return console_marker_cmd("RDY", c->nonce);
}

char *
console_shell_run(struct console_shell *c, const char *cmd)
{
	expect(c, &c->want, "RUN");
	expect(c, &c->rc_marker, "RC");
	c->task_rc = -1;
	c->mode = CONSOLE_WAIT_RUN;
	return console_run_cmd(cmd, c->nonce);
}

char *
console_shell_tar(struct console_shell *c, const char *dir)
{
	expect(c, &c->want, "TAR");
	expect(c, &c->end_marker, "END");
	c->b64 = (struct console_b64){ 0, 0, false };
	bb_buf_reset(&c->tar);
	c->mode = CONSOLE_WAIT_TAR;
	return console_tar_cmd(dir, c->nonce);
}

bool
console_shell_line(struct console_shell *c, const char *line)
{
	const char *rest;

	switch (c->mode) {
	case CONSOLE_WAIT_RUN:
		if (console_has_marker(line, c->want, NULL))
			c->mode = CONSOLE_TASK;
		return false;
	case CONSOLE_TASK:
		if (!console_has_marker(line, c->rc_marker, &rest) || *rest != '-')
			return true;
		c->task_rc = atoi(rest + 1);
		c->mode = CONSOLE_IDLE;
		return false;
	case CONSOLE_WAIT_TAR:
		if (console_has_marker(line, c->want, NULL))
			c->mode = CONSOLE_TAR;
		return false;
	case CONSOLE_TAR:
		if (console_has_marker(line, c->end_marker, NULL))
			c->mode = CONSOLE_TAR_DONE;
		else
			console_b64_decode(&c->b64, line, &c->tar);
		return false;
	default:
		if (c->want && console_has_marker(line, c->want, NULL))
			c->want_seen = true;
		return false;
	}
}

void
console_shell_release(struct console_shell *c)
{
	free(c->want);
	free(c->rc_marker);
	free(c->end_marker);
	bb_buf_release(&c->tar);
}
