/*
 * loop: the one poll loop of "pgo-run profile": the output of QEMU and of
 * the command it runs, split into lines, and the signals that end pgo-run
 *
 * 1. loop_init(), then loop_watch() for each fd (a pointer to it: the fd may
 *    change, and -1 is skipped) with the console_lines its text goes to.
 * 2. loop_wait() pumps until a condition holds, a deadline passes, the
 *    output stays silent too long, a signal comes or the child the loop
 *    depends on is gone; the result says which.
 * 3. Line callbacks call loop_active() for what counts as output.
 *
 * At the end of a pipe, its last incomplete line is passed on and the fd
 * closed (set to -1).
 */
#ifndef RUNNER_LOOP_H
#define RUNNER_LOOP_H

#include <stdbool.h>

#include "runner/target/console.h"

#define LOOP_MAX_FDS 4

/* how loop_wait() ended: 0, or one of the negative reasons */
enum loop_result {
	LOOP_DONE = 0,
	LOOP_ERROR = -1,	/* poll failed: errno in l->error */
	LOOP_DEADLINE = -2,	/* the timeout passed */
	LOOP_IDLE = -3,		/* no loop_active() within the idle time */
	LOOP_SIGNAL = -4,	/* SIGINT, SIGTERM or SIGHUP: the number in l->signal */
	LOOP_GONE = -5,		/* l->gone() said so */
};

struct loop {
	int *fd[LOOP_MAX_FDS];
	struct console_lines *lines[LOOP_MAX_FDS];
	int n;
	double (*now)(void);		/* the clock in seconds: proc_now, unless a test's */
	bool (*gone)(void *ctx);	/* a child the waits depend on has ended; or NULL */
	void (*tick)(void *ctx);	/* after each round (the progress line); or NULL */
	void *ctx;
	double activity;		/* the time of the last loop_active() */
	int signal, error;		/* after LOOP_SIGNAL and LOOP_ERROR */
};

/* an empty loop on proc_now() passing ctx to gone and tick */
void loop_init(struct loop *l, void *ctx);
/* reads *fd (while it is not -1) into lines */
void loop_watch(struct loop *l, int *fd, struct console_lines *lines);
/* output seen now: the idle time starts again */
void loop_active(struct loop *l);

/*
 * pumps until done(ctx), in rounds of at most 200 ms; timeout is the
 * deadline in seconds from now, idle (when > 0) the longest silence
 */
enum loop_result loop_wait(struct loop *l, bool (*done)(void *ctx), double timeout,
	double idle);

#endif
