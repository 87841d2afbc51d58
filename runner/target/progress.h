/*
 * progress: what "pgo-run profile" tells while it runs, and afterwards
 *
 * The log (--log FILE or standard error) gets every note ("pgo-run: STAGE:
 * what") and every line of output (the console, QEMU's messages, the task).
 * On a terminal, a progress line on standard error shows the stage, the
 * seconds since the start and the last line of output, redrawn in place;
 * never into a file or a pipe. The --junit report (junit.h) times the stages
 * and keeps the tail of each one's output.
 *
 * 1. progress_init() with the log, the target and the stages of its report.
 * 2. progress_stage() at each stage, progress_note() and progress_line() for
 *    what happens, progress_last() for the line to show, progress_draw().
 * 3. progress_report() writes the report, progress_release() frees it (the
 *    log stays open: it is the caller's).
 */
#ifndef RUNNER_PROGRESS_H
#define RUNNER_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "runner/target/junit.h"

struct progress {
	FILE *log;
	bool tty, shown;		/* the progress line: wanted, on the screen */
	bool keep_output;		/* the stages' output, for the report */
	int cols;
	const char *stage;
	double t0, drawn;		/* the start; the last redraw */
	char last[200];			/* the last line of output */
	struct junit_report rep;
	char *task;			/* "PYTHON TASK", for the report */
};

/*
 * starts with stage "setup" at the time of the call; stages (NULL-terminated)
 * are the report's testcases, keep_output whether they keep their output
 */
void progress_init(struct progress *p, FILE *log, bool keep_output, const char *target,
	const char *task, const char *const *stages);
/* the stage called name begins (name is not copied) */
void progress_stage(struct progress *p, const char *name);
/* "pgo-run: STAGE: " and the message into the log */
void progress_note(struct progress *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* prefix and line into the log, and into the report's tail of the stage */
void progress_line(struct progress *p, const char *prefix, const char *line);
/* line (unless empty) as the last line the progress line shows */
void progress_last(struct progress *p, const char *line);
/* redraws the progress line, unless it was drawn in the last 0.2 s and !now */
void progress_draw(struct progress *p, bool now);
/* takes the progress line off the screen */
void progress_clear(struct progress *p);
/* the time of the current stage ends */
void progress_end(struct progress *p);
/*
 * writes the report to path, with msg (when not NULL) as the failure of
 * stage; -1 after printing "pgo-run: junit: ..." when it cannot
 */
int progress_report(struct progress *p, const char *path, const char *stage, const char *msg);
void progress_release(struct progress *p);

#endif
