/*
 * session: one run of "pgo-run profile", as its parts share it
 *
 * profile.c makes the session and runs the target: boot.c boots QEMU, a
 * transport (transport.h) reaches the guest, the board or this machine, and
 * stages.c runs the stages through it. Everything waits in the one poll loop
 * (loop.h) over QEMU's console and stderr and the output of the command
 * running now, and everything said goes through progress.h. An error is one
 * line, "STAGE: what", in s->err: session_fail() sets it.
 */
#ifndef RUNNER_SESSION_H
#define RUNNER_SESSION_H

#include <stdbool.h>
#include <time.h>

#include "bblang/strvec.h"
#include "bblang/util.h"
#include "runner/target/console.h"
#include "runner/target/loop.h"
#include "runner/profile/overlay.h"
#include "runner/proc.h"
#include "runner/profile/profile.h"
#include "runner/target/progress.h"
#include "runner/target/qemu.h"
#include "runner/profile/tarmeter.h"
#include "runner/target/ssh.h"
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

struct session {
	const struct profile_opts *o;
	const struct transport *tr;
	struct progress pr;
	struct loop loop;
	struct bb_error err;
	const char *failed;		/* the stage err was set in (its prefix), or NULL */
	bool interrupted;		/* by a signal: nothing more is run on the target */
	char nonce[20];			/* of this run: console markers, a board's directory */
	struct guest vm;
	struct console_shell shell;	/* the serial transport's side of the console */
	/* where ssh goes: 127.0.0.1:PORT for QEMU, the board for --target ssh */
	struct ssh_opts ssh;
	char *user_host, *board_user;
	/* the command running now: ssh, tar or the task on this machine */
	struct proc cmd;
	bool cmd_group;			/* commands from now on lead a process group (proc.h) */
	struct console_lines cout, cerr;
	char cmd_msg[200];		/* its last line on stderr */
	char cmd_cause[200];		/* and the one before */
	bool hostkey_changed;		/* ssh said the host's key is not the known one */
	bool hostkey_unrecorded;	/* ssh said it could not record a first key */
	/* a window of tries (session_repeats_begin): a line on stderr the same as
	   the one before is counted, not logged */
	bool squash;
	char rep_line[200];
	unsigned rep_n;
	/*
	 * while set, a command started with an out_fd writes into a pipe
	 * instead, and what comes goes through the meter into that fd; on the
	 * meter's refusal the pipe is closed at once, the command stopped and
	 * session_cmd_wait() fails with the refusal (meter_err)
	 */
	struct tar_meter *meter;
	int meter_fd;
	struct bb_error meter_err;
	size_t meter_fed;		/* the serial transport's: the bytes metered so far */
	/* --overlay, packed before anything starts (-1: none) */
	int overlay_fd;
	struct overlay_stats overlay_st;
	/* the task */
	char *remote_dir;		/* GCOV_PREFIX on the target */
	char *qemu_user, *arch;		/* --target qemu-user: the emulator and its ARCH */
	struct timespec task_start;
	double task_seconds;
};

/* a new session (nothing runs yet) logging to log; target and stages name the report's */
void session_init(struct session *s, const struct profile_opts *o, FILE *log,
	const char *target, const char *const *stages);
/* kills what still runs: the command, QEMU (noted in the log) */
void session_stop(struct session *s);
void session_release(struct session *s);

/* sets the error "STAGE: message" unless one is set already; returns -1 */
int session_fail(struct session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void session_clear_error(struct session *s);
/* an unlinked temporary file (fe_tmp_template(name)), or -1 with the error set */
int session_tmp_file(struct session *s, const char *name);
/* whether a command's last line says the disk it wrote to is full */
bool session_disk_full(const char *msg);

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

/*
 * starts the command argv (NULL is appended) with env additions, stdin from
 * /dev/null, stdout to out_fd (-1: into the log) and stderr into the log
 */
int session_cmd_start(struct session *s, struct bb_strvec *argv, const char *const *env,
	int out_fd);
/* the same with stdin from in_fd (-1: /dev/null) */
int session_cmd_start_in(struct session *s, struct bb_strvec *argv, const char *const *env,
	int in_fd, int out_fd);
/* waits for the command to end (killed on a deadline); its exit status, or -1 */
int session_cmd_wait(struct session *s, double timeout, double idle, const char *what);

/* connect through the transport, within timeout seconds */
int stage_connect(struct session *s, double timeout);
/*
 * run, collect (dir on the target) and install (the archive
 * called name, in fd), then the transport's shutdown
 */
int stages_after_connect(struct session *s, const char *dir, int fd, const char *name);
/*
 * the shell command that runs the task with GCOV_PREFIX=dir, which
 * it removes and makes afresh (a guest's), or uses as it is when made (a
 * board's, made for the run); caller frees
 */
char *stage_task_cmd(const struct profile_opts *o, const char *dir, bool made);
/*
 * the shell command that waits up to seconds for the processes with
 * GCOV_PREFIX=dir in their environment to end (a task's children that outlive
 * it write their counts when they exit): status 0 when none is left, else 3
 * after a last line naming them; caller frees
 */
char *stage_linger_cmd(const char *dir, double seconds);

/* --overlay packed into a temporary file before the target is reached */
int stage_overlay_pack(struct session *s);

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
 * the targets: each picks its transport and the directory the task writes
 * to, then runs the stages, the archive going through the temporary file
 * fd; 0, or -1 with the error set
 */
/* QEMU booted from the options' image and the guest's ssh answering (pgo-run bench) */
int guest_boot_connect(struct session *s);
/* --target ssh's board answering (pgo-run bench) */
int board_connect(struct session *s);
/*
 * cmd run on the guest or the board with its stdin from
 * in_fd; its exit status, or -1 with the error set (ssh failed)
 */
int ssh_shell_in(struct session *s, const char *cmd, int in_fd, double timeout, const char *what);
/* --target qemu */
int target_qemu(struct session *s, int fd);
/* --target ssh */
int target_board(struct session *s, int fd);
/* --target local and qemu-user */
int target_local(struct session *s, int fd);
int target_qemu_user(struct session *s, int fd);

#endif
