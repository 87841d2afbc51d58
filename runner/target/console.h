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
	/* when set, the bytes as they come instead of lines */
	void (*bytes)(void *ctx, const char *p, size_t n);
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

/*
 * the shell on the console as the serial transport sees it, line by line:
 * 1. console_shell_init() with the session's nonce;
 * 2. type the line console_shell_ready(), _run() or _tar() returns, feed
 *    every console line to console_shell_line() until: want_seen (a shell
 *    answers), task_rc >= 0 (the task ended with that status) or mode
 *    CONSOLE_TAR_DONE (the archive is in tar, unless b64.bad);
 * 3. set mode back to CONSOLE_IDLE; console_shell_release().
 */
enum console_mode {
	CONSOLE_IDLE,		/* want_seen when a line holds want */
	CONSOLE_WAIT_RUN,	/* the task's output starts after the RUN marker */
	CONSOLE_TASK,		/* the task's output, up to the RC marker and status */
	CONSOLE_WAIT_TAR,	/* the archive starts after the TAR marker */
	CONSOLE_TAR,		/* base64, up to the END marker */
	CONSOLE_TAR_DONE,
};

struct console_shell {
	char nonce[20];
	enum console_mode mode;
	char *want;			/* the marker that starts the answer */
	bool want_seen;
	char *rc_marker, *end_marker;
	int task_rc;			/* the task's exit status, -1 until it ends */
	struct console_b64 b64;
	struct bb_buf tar;		/* the archive, decoded */
};

void console_shell_init(struct console_shell *c, const char *nonce);
/* the line to type to see whether a shell answers; caller frees */
char *console_shell_ready(struct console_shell *c);
/* the line to type to run cmd (a shell command) with its output; caller frees */
char *console_shell_run(struct console_shell *c, const char *cmd);
/* the line to type to have dir sent back as a tar stream; caller frees */
char *console_shell_tar(struct console_shell *c, const char *dir);
/* one line from the console; true when it is the task's output */
bool console_shell_line(struct console_shell *c, const char *line);
void console_shell_release(struct console_shell *c);

#endif
