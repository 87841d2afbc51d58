/*
 * stages: one run of "pgo-run profile" (private to runner/profile/)
 *
 * profile.c makes the run and its session; stages.c reaches the target
 * (target.h) and runs the stages there: --overlay, run, collect and
 * install, then the target's shutdown.
 */
#ifndef RUNNER_STAGES_H
#define RUNNER_STAGES_H

#include <time.h>

#include "runner/profile/overlay.h"
#include "runner/profile/profile.h"
#include "runner/target/target.h"

struct profile_run {
	struct session s;
	const struct profile_opts *o;
	/* --overlay, packed before anything starts (-1: none) */
	int overlay_fd;
	struct overlay_stats overlay_st;
	struct timespec task_start;
	double task_seconds;
};

/* --overlay packed into a temporary file before the target is reached */
int stage_overlay_pack(struct profile_run *r);

/*
 * the targets: each reaches its target and picks the directory the task
 * writes to, then runs the stages, the archive going through the temporary
 * file fd; 0, or -1 with the error set
 */
/* --target qemu */
int profile_qemu(struct profile_run *r, int fd);
/* --target ssh */
int profile_board(struct profile_run *r, int fd);
/* --target local and qemu-user */
int profile_here(struct profile_run *r, int fd);

/*
 * the shell command that waits up to seconds for the processes with
 * GCOV_PREFIX=dir in their environment to end (a task's children that outlive
 * it write their counts when they exit): status 0 when none is left, else 3
 * after a last line naming them; caller frees
 */
char *stage_linger_cmd(const char *dir, double seconds);

#endif
