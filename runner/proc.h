/*
 * proc: child processes from a declarative spec, and the signals that end pgo-run
 *
 * 1. Fill a struct proc (PROC_INIT): argv, env additions, dir, and for each of
 *    stdin, stdout and stderr a mode: inherit, /dev/null, a pipe or a given fd
 *    (and for stderr: wherever stdout goes).
 * 2. proc_start() spawns it (posix_spawn; every pipe end is close-on-exec) and
 *    registers it: a child still running when pgo-run exits is killed then.
 *    With PROC_PIPE, in_fd/out_fd/err_fd are the parent's ends afterwards.
 * 3. Pump the pipes (poll on them and on proc_signal_fd()).
 * 4. proc_finish() closes the parent's pipe ends and waits, proc_kill()
 *    terminates first (SIGTERM, then SIGKILL after a grace period). With
 *    group, the child leads a process group of its own, and the kill (also
 *    at exit) is the group's: what it started goes with it.
 *
 * Results: -1 on a system error, the exit status, or 128 + N for signal N.
 */
#ifndef RUNNER_PROC_H
#define RUNNER_PROC_H

#include <stdbool.h>
#include <sys/types.h>

#include "bblang/util.h"

/* PROC_STDOUT is for stderr only: the same file or pipe as stdout */
enum proc_stdio { PROC_INHERIT, PROC_NULL, PROC_PIPE, PROC_FD, PROC_STDOUT };

struct proc {
	const char *const *argv;	/* argv[0] is looked up in PATH unless it has a '/' */
	const char *const *env;		/* "NAME=VALUE" additions (NULL-terminated), or NULL */
	bool env_only;			/* the environment is env alone, not pgo-run's with env */
	const char *dir;		/* working directory, or NULL */
	enum proc_stdio in, out, err;
	int in_fd, out_fd, err_fd;	/* PROC_FD: the child's fd; PROC_PIPE: the parent's end */
	pid_t pid;			/* -1 when not running */
	int status;			/* the result once finished */
	bool group;			/* a process group of its own, killed whole */
};

#define PROC_INIT { NULL, NULL, false, NULL, PROC_INHERIT, PROC_INHERIT, PROC_INHERIT, \
	-1, -1, -1, -1, -1, false }

/* spawns p; -1 with err set when it cannot be started */
int proc_start(struct proc *p, struct bb_error *err);
/* waits for p (its pipe ends are closed first); the result */
int proc_finish(struct proc *p);
/* the result if p has ended (reaping it), -2 while it runs */
int proc_poll(struct proc *p);
/* SIGTERM, up to grace_ms for it to end, then SIGKILL (to its group too); reaps; the result */
int proc_kill(struct proc *p, int grace_ms);
/* start + finish; the result, or -1 with err set */
int proc_run(struct proc *p, struct bb_error *err);
/* closes *fd if open and sets it to -1 */
void proc_close(int *fd);

/*
 * catches SIGINT, SIGTERM and SIGHUP from now on: the handler only writes
 * the signal number to a pipe whose read end proc_signal_fd() returns
 */
int proc_signals_init(struct bb_error *err);
int proc_signal_fd(void);
/* the signal caught so far (draining the pipe), or 0 */
int proc_signal_caught(void);
/* kills and reaps every registered child (also done at exit) */
void proc_cleanup_all(void);

/* seconds on the monotonic clock */
double proc_now(void);

#endif
