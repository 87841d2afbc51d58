/* pgo-run profile: the target run in a session, then the error line and the report */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fe.h"
#include "runner/target/session.h"

/* the stages of the targets, for --junit: each target's are a tail of these */
static const char *const stages[] = { "boot", "connect", "run", "collect", "install", NULL };

static const struct target {
	const char *name;
	size_t first;			/* its first stage in stages[] */
	int (*run)(struct session *s, int fd);
} targets[] = {
	[TARGET_QEMU] = { "qemu", 0, target_qemu },
	[TARGET_LOCAL] = { "local", 2, target_local },
	[TARGET_SSH] = { "ssh", 1, target_board },
	[TARGET_QEMU_USER] = { "qemu-user", 2, target_qemu_user },
};

/* the error line, into the log too when that is a file; the report */
static int
report(struct session *s, FILE *log, int r)
{
	const char *msg = s->err.msg ? s->err.msg : "setup: failed";

	if (r < 0) {
		if (log != stderr)
			fprintf(log, "pgo-run: %s\n", msg);
		fprintf(stderr, "pgo-run: %s\n", msg);
	}
	if (s->o->junit && progress_report(&s->pr, s->o->junit, s->failed ? s->failed : "setup",
	    r < 0 ? msg : NULL) < 0)
		return -1;
	return r;
}

int
profile_run(const struct profile_opts *o)
{
	const struct target *t = &targets[o->target];
	FILE *log = o->log ? fopen(o->log, "a") : stderr;
	struct session s;
	int fd, r = -1;

	if (!log) {
		fprintf(stderr, "pgo-run: setup: %s: %s\n", o->log, strerror(errno));
		return 1;
	}
	session_init(&s, o, log, t->name, stages + t->first);
	if (proc_signals_init(&s.err) == 0 && (!o->overlay || stage_overlay_pack(&s) == 0) &&
	    (fd = session_tmp_file(&s, "pgo-run-tar")) >= 0) {
		r = t->run(&s, fd);
		close(fd);
	}
	session_stop(&s);
	progress_end(&s.pr);
	progress_clear(&s.pr);
	r = report(&s, log, r);
	session_release(&s);
	if (r == 0) {
		s.pr.stage = "done";
		progress_note(&s.pr, "%.1fs in all, the task %.1fs", proc_now() - s.pr.t0,
			s.task_seconds);
	}
	bb_error_clear(&s.err);
	if (log != stderr)
		fclose(log);
	return r < 0 ? 1 : 0;
}
