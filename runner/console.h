/*
 * console: the text coming back from a guest, split into lines, and the
 * serial-console protocol (a shell on the console, markers around output)
 *
 * A serial console is not a clean channel: the tty echoes what is typed,
 * lines end in CRLF, kernel messages interleave and it is not binary-safe.
 * So every marker the guest prints is computed by its shell ($((40+2)))
 * and carries a per-session nonce: the echo of the typed command never
 * matches it. Binary data (the tar) comes back in base64.
 */
#ifndef RUNNER_CONSOLE_H
#define RUNNER_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

#include "bblang/buf.h"

/* longest line kept; longer ones are passed on in pieces */
#define CONSOLE_LINE_MAX 4096

struct console_lines {
	struct bb_buf part;
	void (*line)(void *ctx, const char *line);	/* CR and LF stripped */
	void *ctx;
};

/* feeds n bytes, calling l->line for every complete line */
void console_lines_feed(struct console_lines *l, const char *p, size_t n);
/* passes on a last incomplete line */
void console_lines_flush(struct console_lines *l);
void console_lines_release(struct console_lines *l);

/* the marker "PGO-WHAT-42-NONCE" as the guest prints it; caller frees */
char *console_marker(const char *what, const char *nonce);
/* a shell command that prints that marker, without it appearing in the command */
char *console_marker_cmd(const char *what, const char *nonce);
/* whether line holds the marker; *rest (may be NULL) points after it */
bool console_has_marker(const char *line, const char *marker, const char **rest);

/* the typed line that runs cmd and reports its status between markers */
char *console_run_cmd(const char *cmd, const char *nonce);
/* the typed line that sends "tar c -C dir ." in base64 between markers */
char *console_tar_cmd(const char *dir, const char *nonce);

struct console_b64 {
	unsigned acc;
	int bits;
	bool bad;
};

/* decodes the base64 in line (whitespace ignored) into out; false on a bad character */
bool console_b64_decode(struct console_b64 *d, const char *line, struct bb_buf *out);

#endif
