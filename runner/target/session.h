/*
 * session: what target/'s parts share of a session (private to
 * runner/target/; target.h is what the other rooms see)
 *
 * boot.c boots QEMU, a transport (transport.h) reaches the guest, the board
 * or this machine, and target.c connects and runs commands through it.
 * Everything waits in the one poll loop (loop.h) over QEMU's console and
 * stderr and the output of the command running now, and everything said
 * goes through progress.h. An error is one line, "STAGE: what", in s->err:
 * session_fail() sets it.
 */
#ifndef RUNNER_SESSION_H
#define RUNNER_SESSION_H

#include <stdbool.h>

#include "bblang/strvec.h"
#include "bblang/util.h"
#include "runner/target/console.h"
#include "runner/target/loop.h"
#include "runner/target/qemu.h"
#include "runner/target/ssh.h"
#include "runner/target/target.h"
#include "runner/target/transport.h"

/* QEMU, its console and the port it forwards */
struct guest {
	struct qemu_conf conf;
	struct proc proc;
	struct console_lines con, err;	/* its standard output (the console) and error */
	char msg[200];			/* its last message */
	char panic[200];		/* the guest kernel's panic line */
	bool marker_seen;		/* the boot marker was on the console */
	bool port_lost;			/* another process took the port first */
	int port_try;
	enum qemu_accel accel;
	const char *accel_why;
};

struct session_priv {
	const struct transport *tr;
	struct loop loop;
	struct guest vm;
	struct console_shell shell;	/* the serial transport's side of the console */
	/* where ssh goes: 127.0.0.1:PORT for QEMU, the board for --target ssh */
	struct ssh_opts ssh;
	char *user_host, *board_user;
	/* the command running now: ssh, tar or the task on this machine */
	struct proc cmd;
	struct console_lines cout, cerr;
	bool hostkey_changed;		/* ssh said the host's key is not the known one */
	bool hostkey_unrecorded;	/* ssh said it could not record a first key */
	const bool *wait_flag;		/* what session_wait_flag() waits for */
	/* a window of tries (session_repeats_begin): a line on stderr the same as
	   the one before is counted, not logged */
	bool squash;
	char rep_line[200];
	unsigned rep_n;
	/*
	 * while s->filter is set, a command started with an out_fd writes into
	 * a pipe instead, and what comes goes through the filter into that fd;
	 * on its refusal the pipe is closed at once, the command stopped and
	 * session_cmd_wait() fails with the refusal (filter_err)
	 */
	int filter_fd;
	struct bb_error filter_err;
	size_t filter_fed;		/* the serial transport's: the bytes filtered so far */
};

/*
 * a window of tries begins: while it lasts, a command's line on stderr the
 * same as the last one logged is counted instead of logged
 */
void session_repeats_begin(struct session *s);
/* the window ends: "LINE (N times)" for a line that came again */
void session_repeats_end(struct session *s);

/* copies line (unless empty) into dst, the last line kept of some output */
void session_keep(char *dst, size_t size, const char *line);

/*
 * pumps the loop until done(s): 0; or else sets the error (what names the
 * wait in it) and returns LOOP_DEADLINE when timeout passed, LOOP_IDLE
 * after idle seconds (when > 0) without output, -1 for the rest (a signal,
 * QEMU's end, poll)
 */
int session_wait(struct session *s, bool (*done)(void *s), double timeout, double idle,
	const char *what);
/* session_wait() until *flag is set, without an idle deadline */
int session_wait_flag(struct session *s, const bool *flag, double timeout, const char *what);

/* target.c: connect through the transport, within timeout seconds */
int stage_connect(struct session *s, double timeout);

/* the guest's lines into the loop (nothing runs yet) */
void guest_init(struct session *s);
/* kills and reaps QEMU if it runs (noted in the log) */
void guest_stop(struct session *s);
void guest_release(struct session *s);
/* the error for QEMU's end (its status, the panic or its last message); -1 */
int guest_exited(struct session *s);
/* waits a few seconds for QEMU to end after poweroff -f, sent at t */
void guest_wait_poweroff(struct session *s, double t);

/*
 * transport-ssh.c: cmd run on the guest or the board with its stdin from
 * in_fd; its exit status, or -1 with the error set (ssh failed)
 */
int ssh_shell_in(struct session *s, const char *cmd, int in_fd, double timeout, const char *what);
/* transport-local.c: cmd run here by /bin/sh with its stdin from in_fd; its exit status */
int local_shell_in(struct session *s, const char *cmd, int in_fd, double timeout,
	const char *what);
/*
 * target.c, for transport-ssh.c and transport-serial.c: the shell command that runs the task
 * there (fresh made first, env exported); caller frees
 */
char *session_task_cmd(const struct target_task *t);

#endif
