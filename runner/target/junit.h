/*
 * junit: the JUnit XML report of a "pgo-run profile" run (--junit FILE)
 *
 * One <testsuite> for the run, one <testcase> per stage of the target
 * (boot, connect, run, collect, install) with its time; the stage that
 * failed has a <failure message="...">, the stages never reached a
 * <skipped>, and each reached stage the tail of its output (the console,
 * QEMU, the task) in <system-out>. Written with libxml2, through a
 * temporary file and a rename, so a reader never sees half a report.
 *
 * 1. junit_add_stage() for each stage of the target, in order.
 * 2. junit_enter() at each stage the run enters, junit_output() for the
 *    lines it shows, junit_fail() for the error that ends it.
 * 3. junit_leave() at the end, then junit_write() and junit_release().
 */
#ifndef RUNNER_JUNIT_H
#define RUNNER_JUNIT_H

#include <stdbool.h>
#include <time.h>

#include "bblang/buf.h"
#include "bblang/util.h"

/* the bytes of output kept per stage (the last ones) */
#define JUNIT_TAIL_MAX 8192

struct junit_stage {
	const char *name;
	bool reached;
	double seconds;			/* summed over the times the stage was entered */
	char *failure;			/* the error line when the stage failed, or NULL */
	struct bb_buf out;		/* the tail of its output, lines ending in \n */
};

struct junit_report {
	const char *target;		/* qemu, ssh, qemu-user, local */
	const char *task;		/* "PATH ARGS" */
	struct timespec start;		/* wall clock at the start of the run */
	double seconds;			/* the whole run */
	struct junit_stage stage[8];
	size_t n;
	struct junit_stage *cur;	/* the stage being timed, or NULL */
	double since;			/* when cur was entered */
};

/* adds a stage (in order); returns it */
struct junit_stage *junit_add_stage(struct junit_report *r, const char *name);
/*
 * the run enters the stage called name at now (seconds, any clock): the time
 * of the stage before ends, the new one is reached; a name the report does
 * not hold (a stage of no testcase) is not timed
 */
void junit_enter(struct junit_report *r, const char *name, double now);
/* the time of the current stage ends (at the end of the run) */
void junit_leave(struct junit_report *r, double now);
/* appends line and \n to the current stage's tail, dropping the oldest lines past the limit */
void junit_output(struct junit_report *r, const char *line);
/*
 * the failure of the stage called name: message (copied) is the error line;
 * a name the report does not hold ("setup": before the first stage) gets a
 * testcase of its own in front of the others
 */
void junit_fail(struct junit_report *r, const char *name, const char *message);
void junit_release(struct junit_report *r);

/* writes the report to path (temporary file + rename); -1 with err set */
int junit_write(const char *path, const struct junit_report *r, struct bb_error *err);

#endif
