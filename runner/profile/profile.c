/* pgo-run profile: the target run in a session, then the error line and the report */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fe.h"
#include "runner/profile/stages.h"

/* the stages of the targets, for --junit: each target's are a tail of these */
static const char *const stages[] = { "boot", "connect", "run", "collect", "install", NULL };

static const struct target {
	const char *name;
	size_t first;			/* its first stage in stages[] */
	int (*run)(struct profile_run *r, int fd);
} targets[] = {
	[TARGET_QEMU] = { "qemu", 0, profile_qemu },
	[TARGET_LOCAL] = { "local", 2, profile_here },
	[TARGET_SSH] = { "ssh", 1, profile_board },
	[TARGET_QEMU_USER] = { "qemu-user", 2, profile_here },
};

/* the error line, into the log too when that is a file; the report */
static int
report(struct session *s, const struct profile_opts *o, FILE *log, int r)
{
	const char *msg = s->err.msg ? s->err.msg : "setup: failed";

	if (r < 0) {
		if (log != stderr)
			fprintf(log, "pgo-run: %s\n", msg);
		fprintf(stderr, "pgo-run: %s\n", msg);
	}
	if (o->junit && progress_report(&s->pr, o->junit, s->failed ? s->failed : "setup",
	    r < 0 ? msg : NULL) < 0)
		return -1;
	return r;
}

int
profile_run(const struct profile_opts *o)
{
	const struct target *t = &targets[o->t.target];
	FILE *log = o->log ? fopen(o->log, "a") : stderr;
	struct profile_run run = { .o = o, .overlay_fd = -1 };
	struct session *s = &run.s;
	char *task;
	int fd, r = -1;

	if (!log) {
		fprintf(stderr, "pgo-run: setup: %s: %s\n", o->log, strerror(errno));
		return 1;
	}
	task = xasprintf("%s %s", o->python, o->task);
	session_init(s, &o->t, log, o->junit != NULL, t->name, task, stages + t->first);
	free(task);
	if (proc_signals_init(&s->err) == 0 && (!o->overlay || stage_overlay_pack(&run) == 0) &&
	    (fd = session_tmp_file(s, "pgo-run-tar")) >= 0) {
		r = t->run(&run, fd);
		close(fd);
	}
	session_stop(s);
	progress_end(&s->pr);
	progress_clear(&s->pr);
	r = report(s, o, log, r);
	session_release(s);
	if (run.overlay_fd >= 0)
		close(run.overlay_fd);
	if (r == 0) {
		s->pr.stage = "done";
		progress_note(&s->pr, "%.1fs in all, the task %.1fs", proc_now() - s->pr.t0,
			run.task_seconds);
	}
	bb_error_clear(&s->err);
	if (log != stderr)
		fclose(log);
	return r < 0 ? 1 : 0;
}
