/*
 * target: where pgo-run's commands run, reached in a session, as the
 * profile (profile/) and the benchmarks (bench/) use it
 *
 * A session (session_init() .. session_release()) says everything through
 * its progress (progress.h: the log, the progress line, the --junit report)
 * and keeps one error line, "STAGE: what", in s->err (session_fail()). It
 * reaches its target by one of these, each ending in the connect stage:
 * target_boot_connect() (QEMU booted from an image, its ssh or its console
 * shell answering), target_board_connect() (a board over ssh) or
 * target_here() (this machine, directly or under qemu-user). Then the
 * target runs a task (target_task()), shell commands (target_shell(),
 * target_shell_in()), brings a directory back as a tar stream
 * (target_collect()), and target_shutdown() ends it. Each returns -1 with
 * the error set when it could not do its part, else an exit status.
 *
 * QEMU, the console, ssh and the poll loop are target/'s own (session.h).
 */
#ifndef RUNNER_TARGET_H
#define RUNNER_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bblang/strvec.h"
#include "bblang/util.h"
#include "runner/proc.h"
#include "runner/target/progress.h"

/* in the order of the --target names */
enum target_kind { TARGET_QEMU, TARGET_LOCAL, TARGET_SSH, TARGET_QEMU_USER };
enum target_transport { TRANSPORT_SSH, TRANSPORT_SERIAL };
enum qemu_accel { QEMU_ACCEL_AUTO, QEMU_ACCEL_TCG, QEMU_ACCEL_KVM };

/* --target's names, by enum target_kind, NULL-terminated (the manifest's too) */
extern const char *const target_names[];
/* --accel's names, by enum qemu_accel, NULL-terminated */
extern const char *const qemu_accel_names[];

/* what reaches the target, as the command line gives it */
struct target_opts {
	enum target_kind target;
	enum target_transport transport;	/* a guest's */
	const char *qemuboot, *kernel, *rootfs;
	const char *qemu_bindir, *qemu_append, *kernel_append;
	enum qemu_accel accel;
	int smp;				/* --target qemu: guest CPUs (0: QB_SMP's) */
	const char *ssh_key, *ssh_user, *boot_marker;
	const char *host;			/* --target ssh: [USER@]HOST */
	int ssh_port;				/* --target ssh: 0 for ssh's default */
	bool accept_new_host_key;		/* --target ssh: record a first key */
	const char *known_hosts;		/* --target ssh: NULL for ssh's own */
	const char *qemu_user, *arch, *sysroot;	/* --target qemu-user */
	double boot_timeout, connect_timeout;
};

/* the defaults of the options */
#define TARGET_OPTS_INIT { .target = TARGET_QEMU, .transport = TRANSPORT_SSH, \
	.accel = QEMU_ACCEL_AUTO, .boot_timeout = 120, .connect_timeout = 60 }

/*
 * NULL when ssh can be given o's board (--target ssh), user, known_hosts
 * and key: neither empty nor an ssh option, no "${" in a file's name; else
 * the reason, which the caller frees
 */
char *target_check_opts(const struct target_opts *o);
/* s as one word for the target's POSIX shell ('...' with ' as '\''); caller frees */
char *ssh_quote(const char *s);

/* the session's own: QEMU, the console, ssh, the command running (session.h) */
struct session_priv;

struct session {
	const struct target_opts *o;
	struct progress pr;
	struct bb_error err;		/* "STAGE: what" */
	const char *failed;		/* the stage err was set in (its prefix), or NULL */
	bool interrupted;		/* by a signal: nothing more is run on the target */
	/* of this run: in console markers, a board's directory */
	char nonce[20];
	/* the last command's last line on stderr, and the one before */
	char cmd_msg[200], cmd_cause[200];
	/* commands from now on lead a process group (proc.h) */
	bool cmd_group;
	/* each line a command writes on its standard output, after the log has it */
	void (*out_line)(void *ctx, const char *line);
	void *out_ctx;
	/*
	 * while set, what a command started with an out_fd writes goes through
	 * filter before that fd; on its refusal (-1, err set) the command is
	 * stopped and fails with "the archive from the target: " and the reason
	 */
	int (*filter)(void *ctx, const char *p, size_t n, struct bb_error *err);
	void *filter_ctx;
	char *remote_dir;		/* on a board: removed at its shutdown when set */
	char *qemu_user, *arch;		/* --target qemu-user: the emulator and its ARCH */
	struct session_priv *priv;
};

/*
 * a new session (nothing runs yet) logging to log; target, task and
 * stages name the report's (report: the stages keep their output for it)
 */
void session_init(struct session *s, const struct target_opts *o, FILE *log, bool report,
	const char *target, const char *task, const char *const *stages);
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
 * starts the command argv here (NULL is appended) with env additions, stdin
 * from /dev/null, stdout to out_fd (-1: into the log) and stderr into the log
 */
int session_cmd_start(struct session *s, struct bb_strvec *argv, const char *const *env,
	int out_fd);
/* the same with stdin from in_fd (-1: /dev/null) */
int session_cmd_start_in(struct session *s, struct bb_strvec *argv, const char *const *env,
	int in_fd, int out_fd);
/* waits for the command to end (killed on a deadline); its exit status, or -1 */
int session_cmd_wait(struct session *s, double timeout, double idle, const char *what);

/* the guest's machine and image (from the qemuboot.conf), or NULL */
const char *session_machine(const struct session *s);
const char *session_image(const struct session *s);
/* the guest's accelerator, resolved at boot */
enum qemu_accel session_accel(const struct session *s);

/* --target qemu: the image booted, then its ssh or its console shell answering */
int target_boot_connect(struct session *s);
/* --target ssh: the board answering */
int target_board_connect(struct session *s);
/*
 * dir made on the board for the run, mode 700: one that exists is refused
 * (with what is in it kept); s->remote_dir is dir once made
 */
int target_board_dir(struct session *s, const char *dir);
/* --target local and qemu-user: this machine (qemu-user: --sysroot and the emulator found) */
int target_here(struct session *s);

/* a task: PROGRAM and the shell words after it, with environment additions */
struct target_task {
	const char *program, *words;
	const char *const *env;		/* NAME=VALUE, NULL-terminated */
	const char *fresh;		/* a directory removed and made afresh first, or NULL */
	double timeout, idle;		/* total, without output (0: none) */
};

/* runs the task there (its output into the log, "task" its waits); its exit status */
int target_task(struct session *s, const struct target_task *t);
/* a shell command there; its exit status */
int target_shell(struct session *s, const char *cmd, double timeout, const char *what);
/* the same with stdin from in_fd, over ssh or here (not the console) */
int target_shell_in(struct session *s, const char *cmd, int in_fd, double timeout,
	const char *what);
/* dir there as a tar stream into fd (through s->filter); tar's exit status */
int target_collect(struct session *s, const char *dir, int fd, double timeout);
/*
 * the end, once connected: a guest powered off when ok, a board's
 * remote_dir removed; nothing here
 */
void target_shutdown(struct session *s, bool ok);

#endif
