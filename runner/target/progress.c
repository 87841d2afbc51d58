/* the log, the progress line on a terminal, and the --junit report */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/proc.h"
#include "runner/quote.h"
#include "runner/target/progress.h"

void
progress_init(struct progress *p, FILE *log, bool keep_output, const char *target,
	const char *task, const char *const *stages)
{
	struct winsize ws;

	memset(p, 0, sizeof(*p));
	p->log = log;
	p->keep_output = keep_output;
	p->tty = isatty(STDERR_FILENO);
	p->cols = p->tty && !ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= 40 ?
		ws.ws_col : 80;
	p->stage = "setup";
	p->t0 = proc_now();
	p->rep.target = target;
	p->rep.task = p->task = xstrdup(task);
	clock_gettime(CLOCK_REALTIME, &p->rep.start);
	for (size_t i = 0; stages[i]; i++)
		junit_add_stage(&p->rep, stages[i]);
}

void
progress_clear(struct progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		p->shown = false;
	}
}

void
progress_note(struct progress *p, const char *fmt, ...)
{
	va_list ap;

	progress_clear(p);
	fprintf(p->log, "pgo-run: %s: ", p->stage);
	va_start(ap, fmt);
	vfprintf(p->log, fmt, ap);
	va_end(ap);
	fputc('\n', p->log);
	fflush(p->log);
}

void
progress_line(struct progress *p, const char *prefix, const char *line)
{
	progress_clear(p);
	fprintf(p->log, "%s%s\n", prefix, line);
	fflush(p->log);
	if (p->keep_output) {
		char *l = *prefix ? xstrcat(prefix, line, NULL) : NULL;

		junit_output(&p->rep, l ? l : line);
		free(l);
	}
}

void
progress_last(struct progress *p, const char *line)
{
	char *q;

	if (!*line)
		return;
	/* a target's bytes reach error lines: printable ASCII, the rest as \xNN */
	q = quote_text(line);
	snprintf(p->last, sizeof(p->last), "%s", q);
	free(q);
}

/*
 * cut to the width of the terminal (a line that wrapped could not be redrawn
 * in place) and without control characters
 */
void
progress_draw(struct progress *p, bool now)
{
	double t = proc_now();
	struct bb_buf b = BB_BUF_INIT;
	int cols = 0;

	if (!p->tty || (!now && t - p->drawn < 0.2))
		return;
	p->drawn = t;
	bb_buf_addf(&b, "pgo-run: %-8s %6.1fs  ", p->stage, t - p->t0);
	cols = (int)b.len;
	for (const char *s = p->last; *s && cols < p->cols - 1; s++) {
		unsigned char c = (unsigned char)*s;

		bb_buf_addch(&b, c < 0x20 || c == 0x7f ? ' ' : c);
		cols += (c & 0xc0) != 0x80;
	}
	while (b.len && (b.buf[b.len - 1] & 0xc0) == 0xc0)	/* a cut UTF-8 lead byte */
		bb_buf_setlen(&b, b.len - 1);
	fprintf(stderr, "\r\033[K%s", b.buf);
	fflush(stderr);
	p->shown = true;
	bb_buf_release(&b);
}

void
progress_stage(struct progress *p, const char *name)
{
	junit_enter(&p->rep, name, proc_now());
	p->stage = name;
	progress_draw(p, true);
}

void
progress_end(struct progress *p)
{
	junit_leave(&p->rep, proc_now());
}

int
progress_report(struct progress *p, const char *path, const char *stage, const char *msg)
{
	struct bb_error err = BB_ERROR_INIT;
	int r;

	p->rep.seconds = proc_now() - p->t0;
	if (msg) {
		char *line = xstrcat("pgo-run: ", msg, NULL);

		junit_fail(&p->rep, stage, line);
		free(line);
	}
	r = junit_write(path, &p->rep, &err);
	if (r < 0)
		fprintf(stderr, "pgo-run: junit: %s\n", err.msg);
	bb_error_clear(&err);
	return r;
}

void
progress_release(struct progress *p)
{
	progress_clear(p);
	junit_release(&p->rep);
	free(p->task);
	p->task = NULL;
}
