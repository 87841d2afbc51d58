/*
 * junit: the JUnit XML report of a "pgo-run profile" run (--junit FILE)
 *
 * One <testsuite> for the run, one <testcase> per stage of the target
 * (boot, connect, run, collect, install) with its time; the stage that
 * failed has a <failure message="...">, the stages never reached a
 * <skipped>, and each reached stage the tail of its output (the console,
 * QEMU, the task) in <system-out>. Written with libxml2, through a
 * temporary file and a rename, so a reader never sees half a report.
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
};

/* adds a stage (in order); returns it */
struct junit_stage *junit_add_stage(struct junit_report *r, const char *name);
/* the stage called name, or NULL */
struct junit_stage *junit_find(struct junit_report *r, const char *name);
/* appends line and \n to the stage's tail, dropping the oldest lines past the limit */
void junit_tail_add(struct junit_stage *st, const char *line);
void junit_release(struct junit_report *r);

/* writes the report to path (temporary file + rename); -1 with err set */
int junit_write(const char *path, const struct junit_report *r, struct bb_error *err);

#endif
