/* pgo-run profile: boot, connect, run, collect, install; QEMU never outlives us */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "runner/collect.h"
#include "runner/console.h"
#include "runner/gcda.h"
#include "runner/junit.h"
#include "runner/proc.h"
#include "runner/profile.h"
#include "runner/qemu.h"
#include "runner/ssh.h"

#define KVM_PROBE_MS 1000
#define SHUTDOWN_SECONDS 5.0
/* QEMU started this many times when another process takes the chosen ssh port */
#define PORT_TRIES 5

enum serial_mode { SER_IDLE, SER_WAIT_RUN, SER_TASK, SER_WAIT_TAR, SER_TAR, SER_TAR_DONE };

struct session {
	const struct profile_opts *o;
	FILE *log;
	bool tty, shown;			/* the progress line: wanted, on the screen */
	int cols;
	const char *stage;
	double t0, activity, drawn;
	char last[200];
	struct qemu_conf conf;
	/* where ssh goes: 127.0.0.1:PORT for QEMU, the board for --target ssh */
	const char *host, *user;
	char *user_host;
	int port, port_try;
	bool port_lost, interrupted;
	enum qemu_accel accel;
	const char *accel_why;
	char *remote_dir;
	char *qemu_user;			/* --target qemu-user: the emulator */
	char *arch;				/* and its ARCH (for the manifest) */
	char *board_user;			/* --target ssh USER@HOST */
	struct proc qemu, cmd;
	struct console_lines con, qerr, cout, cerr;
	char qemu_msg[200], cmd_msg[200], panic[200];
	bool marker_seen;
	/* the serial transport */
	char nonce[20];
	char *want, *rc_marker, *end_marker;
	bool want_seen;
	enum serial_mode mode;
	int task_rc;
	struct console_b64 b64;
	struct bb_buf tar;
	/* the task, for the manifest */
	struct timespec task_start;
	double task_seconds;
	struct bb_error err;
	const char *failed;			/* the stage err is from, or NULL */
	/* --junit */
	struct junit_report rep;
	char *task_line;
};

static int
fail(struct session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
fail(struct session *s, const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	bb_buf_addf(&b, "%s: ", s->stage);
	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (!s->err.msg)
		s->failed = s->stage;
	bb_error(&s->err, NULL, "%s", b.buf);
	bb_buf_release(&b);
	return -1;
}

static void
clear_error(struct session *s)
{
	bb_error_clear(&s->err);
	s->failed = NULL;
}

static void
clear_progress(struct session *s)
{
	if (s->shown) {
		fputs("\r\033[K", stderr);
		s->shown = false;
	}
}

static void
note(struct session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
note(struct session *s, const char *fmt, ...)
{
	va_list ap;

	clear_progress(s);
	fprintf(s->log, "pgo-run: %s: ", s->stage);
	va_start(ap, fmt);
	vfprintf(s->log, fmt, ap);
	va_end(ap);
	fputc('\n', s->log);
	fflush(s->log);
}

/*
 * the progress line on a terminal: the stage, the seconds since the start
 * and the last line of output, cut to the width of the terminal (a line that
 * wrapped could not be redrawn in place) and without control characters
 */
static void
progress(struct session *s, bool now_too)
{
	double now = proc_now();
	struct bb_buf b = BB_BUF_INIT;
	int cols = 0;

	if (!s->tty || (!now_too && now - s->drawn < 0.2))
		return;
	s->drawn = now;
	bb_buf_addf(&b, "pgo-run: %-8s %6.1fs  ", s->stage, now - s->t0);
	cols = (int)b.len;
	for (const char *p = s->last; *p && cols < s->cols - 1; p++) {
		unsigned char c = (unsigned char)*p;

		bb_buf_addch(&b, c < 0x20 || c == 0x7f ? ' ' : c);
		cols += (c & 0xc0) != 0x80;
	}
	while (b.len && (b.buf[b.len - 1] & 0xc0) == 0xc0)	/* a cut UTF-8 lead byte */
		bb_buf_setlen(&b, b.len - 1);
	fprintf(stderr, "\r\033[K%s", b.buf);
	fflush(stderr);
	s->shown = true;
	bb_buf_release(&b);
}

/* ends the current stage's time (for --junit) and starts the next */
static void
stage_begin(struct session *s, const char *name)
{
	junit_enter(&s->rep, name, proc_now());
	s->stage = name;
	progress(s, true);
}

static void
log_line(struct session *s, const char *prefix, const char *line)
{
	clear_progress(s);
	fprintf(s->log, "%s%s\n", prefix, line);
	fflush(s->log);
	if (s->o->junit) {
		char *l = *prefix ? xstrcat(prefix, line, NULL) : NULL;

		junit_output(&s->rep, l ? l : line);
		free(l);
	}
}

static void
keep(char *dst, size_t size, const char *line)
{
	if (*line)
		snprintf(dst, size, "%s", line);
}

/* --- lines from QEMU, the console and the guest command --------------------- */

static void
serial_line(struct session *s, const char *line)
{
	const char *rest;

	switch (s->mode) {
	case SER_WAIT_RUN:
		if (console_has_marker(line, s->want, NULL))
			s->mode = SER_TASK;
		break;
	case SER_TASK:
		if (console_has_marker(line, s->rc_marker, &rest) && *rest == '-') {
			s->task_rc = atoi(rest + 1);
			s->mode = SER_IDLE;
		} else {
			s->activity = proc_now();
			keep(s->last, sizeof(s->last), line);
		}
		break;
	case SER_WAIT_TAR:
		if (console_has_marker(line, s->want, NULL))
			s->mode = SER_TAR;
		break;
	case SER_TAR:
		if (console_has_marker(line, s->end_marker, NULL))
			s->mode = SER_TAR_DONE;
		else
			console_b64_decode(&s->b64, line, &s->tar);
		break;
	default:
		if (s->want && console_has_marker(line, s->want, NULL))
			s->want_seen = true;
	}
}

static void
console_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	if (s->mode != SER_TAR)
		log_line(s, "", line);
	if (s->o->boot_marker && strstr(line, s->o->boot_marker))
		s->marker_seen = true;
	if (strstr(line, "Kernel panic"))
		keep(s->panic, sizeof(s->panic), line);
	if (!strcmp(s->stage, "boot") || !strcmp(s->stage, "connect"))
		keep(s->last, sizeof(s->last), line);
	serial_line(s, line);
}

static void
qemu_err_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	log_line(s, "qemu: ", line);
	keep(s->qemu_msg, sizeof(s->qemu_msg), line);
	/* another process took the port between qemu_free_port() and QEMU's bind */
	if (s->port && strstr(line, "host forwarding rule"))
		s->port_lost = true;
}

static void
cmd_out_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	log_line(s, "", line);
	s->activity = proc_now();
	keep(s->last, sizeof(s->last), line);
}

static void
cmd_err_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	cmd_out_line(ctx, line);
	keep(s->cmd_msg, sizeof(s->cmd_msg), line);
}

/* --- the poll loop ----------------------------------------------------------- */

static int
read_into(int *fd, struct console_lines *l)
{
	char buf[65536];
	ssize_t n = read(*fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		console_lines_flush(l);
		proc_close(fd);
		return 0;
	}
	console_lines_feed(l, buf, (size_t)n);
	return 0;
}

/* one round: waits until deadline (at most 200 ms) for output or a signal */
static int
pump(struct session *s, double deadline)
{
	int *fds[] = { &s->qemu.out_fd, &s->qemu.err_fd, &s->cmd.out_fd, &s->cmd.err_fd };
	struct console_lines *ls[] = { &s->con, &s->qerr, &s->cout, &s->cerr };
	struct pollfd pfd[5];
	int map[5], n = 1, ms = (int)((deadline - proc_now()) * 1000), sig;

	pfd[0] = (struct pollfd){ proc_signal_fd(), POLLIN, 0 };
	for (int i = 0; i < 4; i++)
		if (*fds[i] >= 0) {
			map[n] = i;
			pfd[n++] = (struct pollfd){ *fds[i], POLLIN, 0 };
		}
	ms = ms < 0 ? 0 : ms > 200 ? 200 : ms;
	if (poll(pfd, (nfds_t)n, ms) < 0 && errno != EINTR)
		return fail(s, "poll: %s", strerror(errno));
	if ((sig = proc_signal_caught())) {
		s->interrupted = true;
		return fail(s, "interrupted by signal %d (%s)", sig, strsignal(sig));
	}
	for (int i = 1; i < n; i++)
		if (pfd[i].revents)
			read_into(fds[map[i]], ls[map[i]]);
	progress(s, false);
	return 0;
}

static bool
qemu_gone(struct session *s)
{
	return s->qemu.pid > 0 && s->qemu.out_fd < 0 && s->qemu.err_fd < 0;
}

static int
qemu_exited(struct session *s)
{
	int st = proc_finish(&s->qemu);

	if (*s->panic)
		return fail(s, "the guest kernel panicked: %s", s->panic);
	if (*s->qemu_msg)
		return fail(s, "QEMU exited (status %d): %s", st, s->qemu_msg);
	return fail(s, "QEMU exited (status %d)", st);
}

typedef bool (*done_fn)(struct session *s);

/* pumps until done(s); what names the wait in the deadline messages */
static int
wait_for(struct session *s, done_fn done, double timeout, double idle, const char *what)
{
	double end = proc_now() + timeout;

	s->activity = proc_now();
	for (;;) {
		double now, until;

		if (done(s))
			return 0;
		if (qemu_gone(s))
			return qemu_exited(s);
		now = proc_now();
		if (now >= end)
			return fail(s, "%s: deadline of %gs passed", what, timeout);
		if (idle > 0 && now >= s->activity + idle)
			return fail(s, "%s: no output for %gs", what, idle);
		until = idle > 0 && s->activity + idle < end ? s->activity + idle : end;
		if (pump(s, until) < 0)
			return -1;
	}
}

static bool
never(struct session *s)
{
	return false;
}

static bool
cmd_done(struct session *s)
{
	return s->cmd.pid > 0 && s->cmd.out_fd < 0 && s->cmd.err_fd < 0;
}

/* starts a command whose stdout goes to out_fd (-1: to the log) and stderr to the log */
static int
cmd_start(struct session *s, struct bb_strvec *argv, const char *const *env, int out_fd)
{
	memset(&s->cmd, 0, sizeof(s->cmd));
	s->cmd = (struct proc)PROC_INIT;
	bb_strvec_push(argv, NULL);
	s->cmd.argv = (const char *const *)argv->v;
	s->cmd.env = env;
	s->cmd.in = PROC_NULL;
	s->cmd.out = out_fd >= 0 ? PROC_FD : PROC_PIPE;
	s->cmd.out_fd = out_fd;
	s->cmd.err = PROC_PIPE;
	*s->cmd_msg = '\0';
	if (proc_start(&s->cmd, &s->err) < 0)
		return fail(s, "cannot run %s", argv->v[0]);
	if (out_fd >= 0)
		s->cmd.out_fd = -1;
	return 0;
}

/* runs the command to its end (or a deadline); its exit status */
static int
cmd_wait(struct session *s, double timeout, double idle, const char *what)
{
	int r = wait_for(s, cmd_done, timeout, idle, what);

	if (r < 0) {
		proc_kill(&s->cmd, 500);
		return -1;
	}
	return proc_finish(&s->cmd);
}

/* --- the transports ---------------------------------------------------------- */

static void
target_ssh_argv(struct session *s, const char *cmd, int connect_timeout, struct bb_strvec *argv)
{
	struct ssh_opts so = { NULL, s->host, s->user, s->port, s->o->ssh_key,
		connect_timeout };

	ssh_argv(&so, cmd, argv);
}

/* USER@HOST:PORT (or USER@HOST), for messages */
static const char *
ssh_dest(struct session *s)
{
	if (!s->user_host)
		s->user_host = s->port ? xasprintf("%s@%s:%d", s->user ? s->user : "root",
			s->host, s->port) : xasprintf("%s@%s", s->user ? s->user : "root", s->host);
	return s->user_host;
}

/* one ssh command in the guest; its exit status, or -1 with the error set */
static int
ssh_run(struct session *s, const char *cmd, int out_fd, double timeout, double idle,
	const char *what)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	target_ssh_argv(s, cmd, s->o->target == TARGET_SSH ? (int)(s->o->connect_timeout + 0.999) :
		10, &argv);
	r = cmd_start(s, &argv, NULL, out_fd);
	if (!r)
		r = cmd_wait(s, timeout, idle, what);
	bb_strvec_clear(&argv);
	return r;
}

static bool
refused(const char *msg)
{
	return strstr(msg, "Permission denied") || strstr(msg, "Host key verification failed") ||
		strstr(msg, "Too many authentication failures");
}

/* ssh's own last line, without its "ssh: " */
static const char *
ssh_msg(struct session *s)
{
	return strncmp(s->cmd_msg, "ssh: ", 5) ? s->cmd_msg : s->cmd_msg + 5;
}

/* a board is up already: one try (ssh's ConnectTimeout is the deadline) */
static int
connect_board(struct session *s, double timeout)
{
	int r = ssh_run(s, "true", -1, timeout + 5, 0, "ssh");

	if (r > 0)
		return fail(s, "ssh to %s failed%s%s", ssh_dest(s), *s->cmd_msg ? ": " : "",
			ssh_msg(s));
	return r;
}

static int
connect_ssh(struct session *s, double timeout)
{
	double end = proc_now() + timeout;
	int r;

	if (s->o->target == TARGET_SSH)
		return connect_board(s, timeout);
	for (;;) {
		r = ssh_run(s, "true", -1, end - proc_now() > 0 ? end - proc_now() : 0.1, 0,
			"ssh");
		if (r == 0)
			return 0;
		if (r < 0)
			return -1;
		if (refused(s->cmd_msg))
			return fail(s, "ssh to 127.0.0.1:%d refused: %s", s->port, s->cmd_msg);
		if (proc_now() >= end)
			return fail(s, "no ssh connection to 127.0.0.1:%d within %gs%s%s", s->port,
				timeout, *s->cmd_msg ? ": " : "", s->cmd_msg);
		if (wait_for(s, never, 0.25, 0, "ssh") < 0 && !strstr(s->err.msg, "deadline of"))
			return -1;
		clear_error(s);
	}
}

static int
console_write(struct session *s, const char *line)
{
	size_t n = strlen(line);
	char *l = xstrcat(line, "\n", NULL);
	ssize_t w = s->qemu.in_fd >= 0 ? write(s->qemu.in_fd, l, n + 1) : -1;

	free(l);
	if (w != (ssize_t)n + 1)
		return fail(s, "writing to the console: %s", strerror(errno));
	return 0;
}

static bool
want_seen(struct session *s)
{
	return s->want_seen;
}

static int
connect_serial(struct session *s, double timeout)
{
	double end = proc_now() + timeout;
	char *cmd = console_marker_cmd("RDY", s->nonce);
	int r = -1;

	s->want = console_marker("RDY", s->nonce);
	s->want_seen = false;
	while (!s->want_seen) {
		double left = end - proc_now();

		if (left <= 0) {
			fail(s, "no shell on the serial console within %gs", timeout);
			break;
		}
		if (console_write(s, cmd) < 0)
			break;
		if (wait_for(s, want_seen, left < 1 ? left : 1, 0, "console") < 0 &&
		    !strstr(s->err.msg, "deadline of"))
			break;
		clear_error(s);
	}
	if (s->want_seen)
		r = 0;
	free(cmd);
	return r;
}

/* --- the stages ---------------------------------------------------------------- */

/* "PYTHON TASK" with GCOV_PREFIX into a fresh dir (the task is shell words) */
static char *
task_cmd(const struct profile_opts *o, const char *dir)
{
	char *qd = ssh_quote(dir), *qp = ssh_quote(o->python);
	char *s = xasprintf("rm -rf %s && mkdir -p %s && export GCOV_PREFIX=%s "
		"GCOV_PREFIX_STRIP=%d && exec %s %s", qd, qd, qd, o->strip, qp, o->task);

	free(qd);
	free(qp);
	return s;
}

static bool
marker_seen(struct session *s)
{
	return s->marker_seen;
}

static int
start_qemu(struct session *s, const struct qemu_opts *qo)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	struct bb_buf line = BB_BUF_INIT;
	int r;

	qemu_argv(&s->conf, qo, &argv);
	for (size_t i = 0; i < argv.n; i++)
		bb_buf_addf(&line, "%s%s", i ? " " : "", argv.v[i]);
	note(s, "%s", line.buf);
	bb_buf_release(&line);
	bb_strvec_push(&argv, NULL);
	s->qemu.argv = (const char *const *)argv.v;
	s->qemu.in = s->qemu.out = s->qemu.err = PROC_PIPE;
	r = proc_start(&s->qemu, &s->err);
	s->qemu.argv = NULL;
	bb_strvec_clear(&argv);
	if (r < 0)
		return fail(s, "cannot start QEMU");
	note(s, "qemu pid %d%s", (int)s->qemu.pid, s->port ? "" : "");
	if (s->port)
		note(s, "ssh port 127.0.0.1:%d", s->port);
	return 0;
}

/*
 * the port to forward: a free one, or for tests the next of the ports in
 * $PGO_RUN_TEST_SSH_PORTS (separated by spaces or commas), taken or not
 */
static int
pick_port(struct session *s)
{
	const char *p = getenv("PGO_RUN_TEST_SSH_PORTS");

	for (int i = 0; p && *p; i++) {
		char *end;
		long v;

		p += strspn(p, " ,");
		v = strtol(p, &end, 10);
		if (end == p)
			break;
		if (i == s->port_try)
			return v > 0 && v < 65536 ? (int)v : -1;
		p = end;
	}
	return qemu_free_port();
}

static int
stage_boot(struct session *s)
{
	const struct profile_opts *o = s->o;
	struct qemu_opts qo = { o->qemu_bindir, o->accel, 0, o->kernel_append, o->qemu_append };

	stage_begin(s, "boot");
	if (o->transport == TRANSPORT_SSH && (s->port = qo.ssh_port = pick_port(s)) < 0)
		return fail(s, "no free TCP port on 127.0.0.1");
	free(s->user_host);
	s->user_host = NULL;
	if (!s->port_try) {
		s->accel = qemu_accel_resolve(&s->conf, &qo, KVM_PROBE_MS, &s->accel_why);
		note(s, "accelerator %s%s%s", s->accel == QEMU_ACCEL_KVM ? "kvm" : "tcg",
			s->accel_why ? ": " : "", s->accel_why ? s->accel_why : "");
	}
	qo.accel = s->accel;
	if (start_qemu(s, &qo) < 0)
		return -1;
	if (!o->boot_marker)
		return 0;
	if (wait_for(s, marker_seen, o->boot_timeout, 0, "boot marker") < 0)
		return -1;
	note(s, "%s after %.1fs", o->boot_marker, proc_now() - s->t0);
	return 0;
}

static int
stage_connect(struct session *s)
{
	double timeout = s->o->connect_timeout +
		(s->o->target == TARGET_QEMU && !s->o->boot_marker ? s->o->boot_timeout : 0);
	double t = proc_now();
	int r;

	stage_begin(s, "connect");
	r = s->o->transport == TRANSPORT_SSH ? connect_ssh(s, timeout) :
		connect_serial(s, timeout);
	if (!r)
		note(s, "%s answers after %.1fs", s->o->transport == TRANSPORT_SSH ? "ssh" :
			"the console shell", proc_now() - t);
	return r;
}

static bool
task_done(struct session *s)
{
	return s->task_rc >= 0;
}

static int
run_serial(struct session *s, const char *cmd)
{
	char *line = console_run_cmd(cmd, s->nonce);
	int r;

	free(s->want);
	s->want = console_marker("RUN", s->nonce);
	s->rc_marker = console_marker("RC", s->nonce);
	s->task_rc = -1;
	s->mode = SER_WAIT_RUN;
	r = console_write(s, line);
	free(line);
	if (!r)
		r = wait_for(s, task_done, s->o->timeout, s->o->idle_timeout, "task");
	s->mode = SER_IDLE;
	return r < 0 ? -1 : s->task_rc;
}

/* the task on this machine: sh -c 'exec "$@" TASK' sh [QEMU -L SYSROOT] PYTHON */
static int
run_local(struct session *s, const char *dir)
{
	char *words = xasprintf("exec \"$@\" %s", s->o->task);
	char *prefix = xstrcat("GCOV_PREFIX=", dir, NULL);
	char *strip = xasprintf("GCOV_PREFIX_STRIP=%d", s->o->strip);
	const char *env[] = { prefix, strip, NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bb_strvec_pushdup(&argv, "/bin/sh");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_push(&argv, words);
	bb_strvec_pushdup(&argv, "sh");
	if (s->qemu_user) {
		bb_strvec_pushdup(&argv, s->qemu_user);
		if (s->o->sysroot) {
			bb_strvec_pushdup(&argv, "-L");
			bb_strvec_pushdup(&argv, s->o->sysroot);
		}
	}
	bb_strvec_pushdup(&argv, s->o->python);
	r = cmd_start(s, &argv, env, -1);
	if (!r)
		r = cmd_wait(s, s->o->timeout, s->o->idle_timeout, "task");
	bb_strvec_clear(&argv);
	free(prefix);
	free(strip);
	return r;
}

/* the task runs elsewhere (QEMU or a board), reached by ssh or the console */
static bool
remote(const struct session *s)
{
	return s->o->target == TARGET_QEMU || s->o->target == TARGET_SSH;
}

static int
stage_run(struct session *s, const char *dir)
{
	char *cmd = remote(s) ? task_cmd(s->o, dir) : NULL, *ssh_cmd;
	double t;
	int r;

	stage_begin(s, "run");
	*s->last = '\0';
	if (s->qemu_user)
		note(s, "%s%s%s %s %s", s->qemu_user, s->o->sysroot ? " -L " : "",
			s->o->sysroot ? s->o->sysroot : "", s->o->python, s->o->task);
	else
		note(s, "%s %s", s->o->python, s->o->task);
	clock_gettime(CLOCK_REALTIME, &s->task_start);
	t = proc_now();
	if (!remote(s))
		r = run_local(s, dir);
	else if (s->o->transport == TRANSPORT_SERIAL)
		r = run_serial(s, cmd);
	else {
		ssh_cmd = xstrcat(cmd, " </dev/null 2>&1", NULL);
		r = ssh_run(s, ssh_cmd, -1, s->o->timeout, s->o->idle_timeout, "task");
		free(ssh_cmd);
		if (r == 255)
			r = fail(s, "ssh to %s failed%s%s", ssh_dest(s), *s->cmd_msg ? ": " : "",
				ssh_msg(s));
	}
	free(cmd);
	s->task_seconds = proc_now() - t;
	if (r > 0 && r < 255 && s->o->ok_status[r]) {
		note(s, "the task exited with status %d, accepted by --ok-status", r);
		r = 0;
	}
	if (r > 0)
		return fail(s, "the task exited with status %d%s%s", r,
			*s->last ? "; its last line: " : "", s->last);
	if (!r)
		note(s, "the task ended after %.1fs", s->task_seconds);
	return r;
}

static bool
tar_done(struct session *s)
{
	return s->mode == SER_TAR_DONE;
}

static int
collect_serial(struct session *s, int fd)
{
	char *line = console_tar_cmd(s->remote_dir, s->nonce);
	int r;

	free(s->want);
	s->want = console_marker("TAR", s->nonce);
	s->end_marker = console_marker("END", s->nonce);
	s->b64 = (struct console_b64){ 0, 0, false };
	bb_buf_reset(&s->tar);
	s->mode = SER_WAIT_TAR;
	r = console_write(s, line);
	free(line);
	if (!r)
		r = wait_for(s, tar_done, s->o->collect_timeout, 0, "tar over the console");
	s->mode = SER_IDLE;
	if (r < 0)
		return -1;
	if (s->b64.bad)
		return fail(s, "the console garbled the base64 stream");
	if (write(fd, s->tar.buf, s->tar.len) != (ssize_t)s->tar.len)
		return fail(s, "writing the archive: %s", strerror(errno));
	return 0;
}

static int
collect_cmd(struct session *s, const char *dir, int fd)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *cmd;
	int r;

	if (remote(s)) {
		char *q = ssh_quote(dir);

		cmd = xasprintf("tar c -C %s .", q);
		free(q);
		r = ssh_run(s, cmd, fd, s->o->collect_timeout, 0, "tar over ssh");
		free(cmd);
		return r;
	}
	bb_strvec_pushdup(&argv, "tar");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_pushdup(&argv, "-C");
	bb_strvec_pushdup(&argv, dir);
	bb_strvec_pushdup(&argv, ".");
	r = cmd_start(s, &argv, NULL, fd);
	if (!r)
		r = cmd_wait(s, s->o->collect_timeout, 0, "tar");
	bb_strvec_clear(&argv);
	return r;
}

/* brings the profile directory back into the temporary file fd */
static int
stage_collect(struct session *s, const char *dir, int fd)
{
	double t = proc_now();
	int r;

	stage_begin(s, "collect");
	if (s->o->target == TARGET_QEMU && s->o->transport == TRANSPORT_SERIAL)
		r = collect_serial(s, fd);
	else
		r = collect_cmd(s, dir, fd);
	if (r > 0)
		return fail(s, "tar of %s exited with status %d%s%s", dir, r,
			*s->cmd_msg ? ": " : "", s->cmd_msg);
	if (!r)
		note(s, "%lld bytes of tar in %.1fs", (long long)lseek(fd, 0, SEEK_CUR),
			proc_now() - t);
	return r;
}

static int
source_date_epoch(int64_t *out)
{
	const char *v = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long n;

	*out = 0;
	if (!v || !*v)
		return 0;
	errno = 0;
	n = strtoll(v, &end, 10);
	if (*end || errno || n < 0 || *v < '0' || *v > '9')
		return -1;
	*out = n;
	return 0;
}

static int
copy_archive(struct session *s, const char *from, const char *to)
{
	char *tmp = xstrcat(to, ".tmp", NULL), *text;
	size_t len;
	FILE *f;
	int r = bb_read_file(from, (size_t)1 << 31, &text, &len);

	if (r)
		return fail(s, "%s: %s", from, strerror(r));
	f = fopen(tmp, "wb");
	r = !f || fwrite(text, 1, len, f) != len;
	if (f && fclose(f))
		r = 1;
	if (r || rename(tmp, to) < 0) {
		fail(s, "%s: %s", to, strerror(errno));
		unlink(tmp);
		r = -1;
	}
	free(text);
	free(tmp);
	return r ? -1 : 0;
}

static int
stage_install(struct session *s, int fd, const char *name)
{
	const struct profile_opts *o = s->o;
	struct collect_opts co = COLLECT_OPTS_INIT;
	struct collect_result res;
	char *version = NULL, *task = xasprintf("%s %s", o->python, o->task), *from;
	int r = -1;

	stage_begin(s, "install");
	co.profile_dir = o->out;
	if (o->cc ? gcda_stamp_for_compiler(o->cc, co.stamp, &version, &s->err) :
	    gcda_stamp_from_version(o->gcc_version, co.stamp, &s->err))
		goto out;
	co.gcc_version = version ? version : o->gcc_version;
	co.machine = o->machine ? o->machine : s->conf.machine_name ? s->conf.machine_name :
		s->arch;
	co.image = o->image ? o->image : s->conf.image;
	co.task = task;
	co.source = name;
	co.start = s->task_start;
	co.duration = s->task_seconds;
	if (source_date_epoch(&co.mtime) < 0) {
		fail(s, "SOURCE_DATE_EPOCH is not a number of seconds");
		goto out;
	}
	if (lseek(fd, 0, SEEK_SET) < 0 || collect_import_fd(fd, name, &co, &res, &s->err) < 0)
		goto out;
	note(s, "%zu profile files (%llu bytes) installed in %s", res.files,
		(unsigned long long)res.bytes, o->out);
	from = bb_path_join(o->out, COLLECT_ARCHIVE);
	r = o->archive ? copy_archive(s, from, o->archive) : 0;
	free(from);
out:
	if (r < 0 && s->err.msg && strncmp(s->err.msg, "install: ", 9)) {
		char *m = xstrcat("install: ", s->err.msg, NULL);

		free(s->err.msg);
		s->err.msg = m;
		s->failed = "install";
	}
	free(version);
	free(task);
	return r;
}

static bool
qemu_ended(struct session *s)
{
	return qemu_gone(s) || s->qemu.pid < 0;
}

/* poweroff -f; QEMU is killed anyway afterwards */
static void
stage_shutdown(struct session *s)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	struct proc off = PROC_INIT;
	double t = proc_now();

	stage_begin(s, "shutdown");
	if (s->o->transport == TRANSPORT_SERIAL) {
		console_write(s, "poweroff -f");
	} else {
		target_ssh_argv(s, "poweroff -f", 5, &argv);
		bb_strvec_push(&argv, NULL);
		off.argv = (const char *const *)argv.v;
		off.in = off.out = off.err = PROC_NULL;
		proc_start(&off, &s->err);
	}
	if (wait_for(s, qemu_ended, SHUTDOWN_SECONDS, 0, "poweroff") == 0)
		note(s, "QEMU ended %.1fs after poweroff -f", proc_now() - t);
	clear_error(s);
	if (off.pid > 0)
		proc_kill(&off, 200);
	bb_strvec_clear(&argv);
}

/* --- the session ---------------------------------------------------------------- */

static void
make_nonce(char *buf, size_t size)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(buf, size, "%lx%x", (unsigned long)ts.tv_nsec ^ (unsigned long)ts.tv_sec,
		(unsigned)getpid());
}

static const char *const target_names[] = { "qemu", "local", "ssh", "qemu-user" };

/* the stages of the target, for --junit */
static void
report_init(struct session *s)
{
	static const char *const all[] = { "boot", "connect", "run", "collect", "install" };
	enum profile_target t = s->o->target;
	size_t from = t == TARGET_QEMU ? 0 : t == TARGET_SSH ? 1 : 2;

	s->rep.target = target_names[t];
	s->rep.task = s->task_line = xasprintf("%s %s", s->o->python, s->o->task);
	clock_gettime(CLOCK_REALTIME, &s->rep.start);
	for (size_t i = from; i < sizeof(all) / sizeof(all[0]); i++)
		junit_add_stage(&s->rep, all[i]);
}

static void
session_init(struct session *s, const struct profile_opts *o, FILE *log)
{
	struct winsize ws;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->log = log;
	/* the progress line: on a terminal only, never into a file or a pipe */
	s->tty = isatty(STDERR_FILENO);
	s->cols = s->tty && !ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= 40 ?
		ws.ws_col : 80;
	s->stage = "setup";
	s->t0 = proc_now();
	s->host = "127.0.0.1";
	s->user = o->ssh_user;
	report_init(s);
	s->qemu = (struct proc)PROC_INIT;
	s->cmd = (struct proc)PROC_INIT;
	s->con = (struct console_lines){ BB_BUF_INIT, console_line, s };
	s->qerr = (struct console_lines){ BB_BUF_INIT, qemu_err_line, s };
	s->cout = (struct console_lines){ BB_BUF_INIT, cmd_out_line, s };
	s->cerr = (struct console_lines){ BB_BUF_INIT, cmd_err_line, s };
	s->tar = (struct bb_buf)BB_BUF_INIT;
	s->task_rc = -1;
	make_nonce(s->nonce, sizeof(s->nonce));
}

/* kills what still runs: the command, QEMU (noted in the log) */
static void
session_stop(struct session *s)
{
	const char *stage = s->stage;

	if (s->cmd.pid > 0)
		proc_kill(&s->cmd, 500);
	if (s->qemu.pid > 0) {
		pid_t pid = s->qemu.pid;
		int st = proc_kill(&s->qemu, 1000);

		s->stage = "cleanup";
		note(s, "qemu pid %d reaped (status %d)", (int)pid, st);
		s->stage = stage;
	}
}

static void
session_release(struct session *s)
{
	session_stop(s);
	clear_progress(s);
	console_lines_release(&s->con);
	console_lines_release(&s->qerr);
	console_lines_release(&s->cout);
	console_lines_release(&s->cerr);
	bb_buf_release(&s->tar);
	free(s->want);
	free(s->rc_marker);
	free(s->end_marker);
	free(s->user_host);
	free(s->remote_dir);
	free(s->qemu_user);
	free(s->arch);
	free(s->board_user);
	free(s->task_line);
	qemu_conf_release(&s->conf);
	junit_release(&s->rep);
}

static int
load_conf(struct session *s)
{
	const struct profile_opts *o = s->o;

	if (o->qemuboot && qemu_conf_load(&s->conf, o->qemuboot, &s->err) < 0)
		return -1;
	if (o->kernel)
		qemu_conf_set(&s->conf.kernel, o->kernel);
	if (o->rootfs) {
		qemu_conf_set(&s->conf.rootfs, o->rootfs);
		qemu_conf_set(&s->conf.fstype, strstr(o->rootfs, ".cpio") ? "cpio.gz" : "ext4");
	}
	qemu_conf_defaults(&s->conf);
	if (!s->conf.kernel)
		return fail(s, "no kernel: give --qemuboot FILE or --kernel FILE");
	return 0;
}

/* QEMU lost the race for its port (design: qemu_free_port() only probes): again */
static bool
boot_again(struct session *s)
{
	int lost = s->port;

	if (!s->port_lost || s->qemu.pid > 0 || s->port_try + 1 >= PORT_TRIES)
		return false;
	note(s, "127.0.0.1:%d was taken before QEMU could bind it; another port (try %d of %d)",
		lost, s->port_try + 2, PORT_TRIES);
	proc_finish(&s->qemu);
	s->qemu = (struct proc)PROC_INIT;
	console_lines_release(&s->con);
	console_lines_release(&s->qerr);
	*s->qemu_msg = *s->panic = '\0';
	s->marker_seen = s->port_lost = false;
	s->port_try++;
	clear_error(s);
	return true;
}

static int
profile_qemu(struct session *s, int fd)
{
	char *name;
	int r = -1;

	s->remote_dir = xstrdup(s->o->remote_dir ? s->o->remote_dir : "/tmp/pgo-profile");
	name = xstrcat("qemu:", s->remote_dir, NULL);
	if (load_conf(s) == 0) {
		while ((r = stage_boot(s) == 0 && stage_connect(s) == 0 ? 0 : -1) < 0 &&
		       boot_again(s))
			;
		if (r < 0 && s->port_lost && s->qemu.pid <= 0 && s->port_try + 1 >= PORT_TRIES) {
			clear_error(s);
			fail(s, "QEMU could not forward a port to the guest's ssh (%d ports tried, "
				"the last 127.0.0.1:%d taken)", s->port_try + 1, s->port);
		}
	}
	if (r == 0 && stage_run(s, s->remote_dir) == 0 && stage_collect(s, s->remote_dir, fd) == 0)
		r = stage_install(s, fd, name);
	else
		r = -1;
	if (s->qemu.pid > 0 && !r)
		stage_shutdown(s);
	free(name);
	return r;
}

/* [USER@]HOST: the user from there, or --ssh-user, or root */
static void
board_address(struct session *s)
{
	const char *at = strrchr(s->o->host, '@');

	s->host = at ? at + 1 : s->o->host;
	if (at)
		s->user = s->board_user = xstrndup(s->o->host, (size_t)(at - s->o->host));
	s->port = s->o->ssh_port;
}

/* rm -rf REMOTE_DIR on the board, whatever happened before (keeping that error) */
static void
board_cleanup(struct session *s)
{
	struct bb_error saved = s->err;
	const char *failed = s->failed;
	char *q = ssh_quote(s->remote_dir), *rm = xasprintf("rm -rf %s", q);

	if (s->cmd.pid > 0)
		proc_kill(&s->cmd, 500);
	if (s->interrupted)
		goto out;
	s->err = (struct bb_error)BB_ERROR_INIT;
	if (ssh_run(s, rm, -1, 15, 0, "rm") != 0)
		note(s, "could not remove %s on %s", s->remote_dir, ssh_dest(s));
	bb_error_clear(&s->err);
	s->err = saved;
	s->failed = failed;
out:
	free(rm);
	free(q);
}

static int
profile_ssh(struct session *s, int fd)
{
	char *name;
	int r = -1;

	board_address(s);
	/* on a board, a directory of our own (removed afterwards) unless one is given */
	s->remote_dir = s->o->remote_dir ? xstrdup(s->o->remote_dir) :
		xasprintf("/tmp/pgo-profile.%s", s->nonce);
	name = xasprintf("ssh:%s:%s", s->host, s->remote_dir);
	if (stage_connect(s) == 0) {
		if (stage_run(s, s->remote_dir) == 0 && stage_collect(s, s->remote_dir, fd) == 0)
			r = stage_install(s, fd, name);
		board_cleanup(s);
	}
	free(name);
	return r;
}

/* name in dir, or in each directory of $PATH when dir is NULL; caller frees */
static char *
find_program(const char *name, const char *dir)
{
	const char *path = dir ? dir : getenv("PATH");

	if (strchr(name, '/'))
		return access(name, X_OK) ? NULL : xstrdup(name);
	for (const char *p = path ? path : "/usr/bin:/bin"; ; p++) {
		size_t n = dir ? strlen(p) : strcspn(p, ":");
		char *d = n ? xstrndup(p, n) : xstrdup("."), *f = bb_path_join(d, name);

		free(d);
		if (!access(f, X_OK))
			return f;
		free(f);
		p += n;
		if (!*p)
			return NULL;
	}
}

/* --target qemu-user: the emulator (--qemu-user, or qemu-ARCH[-static]) */
static int
find_qemu_user(struct session *s)
{
	const struct profile_opts *o = s->o;
	const char *where = o->qemu_bindir ? o->qemu_bindir : "PATH", *base;
	char *name;

	if (o->qemu_user) {
		if (!(s->qemu_user = find_program(o->qemu_user, o->qemu_bindir)))
			return fail(s, "--qemu-user %s: no such program%s%s", o->qemu_user,
				strchr(o->qemu_user, '/') ? "" : " in ",
				strchr(o->qemu_user, '/') ? "" : where);
		base = strrchr(s->qemu_user, '/');
		base = base ? base + 1 : s->qemu_user;
		if (!strncmp(base, "qemu-", 5) && base[5])
			s->arch = xstrndup(base + 5, strcspn(base + 5, "-"));
		return 0;
	}
	s->arch = xstrdup(o->arch);
	name = xstrcat("qemu-", o->arch, NULL);
	if (!(s->qemu_user = find_program(name, o->qemu_bindir))) {
		char *static_name = xstrcat(name, "-static", NULL);

		s->qemu_user = find_program(static_name, o->qemu_bindir);
		free(static_name);
	}
	if (!s->qemu_user)
		fail(s, "%s (or %s-static) not found in %s: install qemu-user, or give "
			"--qemu-user BIN or --qemu-bindir DIR", name, name, where);
	free(name);
	return s->qemu_user ? 0 : -1;
}

static int
check_sysroot(struct session *s)
{
	struct stat st;

	if (!s->o->sysroot)
		return 0;
	if (stat(s->o->sysroot, &st) < 0)
		return fail(s, "--sysroot %s: %s", s->o->sysroot, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return fail(s, "--sysroot %s: not a directory", s->o->sysroot);
	return 0;
}

/* local and qemu-user: the task on this machine, GCOV_PREFIX in a temporary directory */
static int
profile_local(struct session *s, int fd)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xstrcat(tmp && *tmp ? tmp : "/tmp", "/pgo-run-local.XXXXXX", NULL);
	bool user = s->o->target == TARGET_QEMU_USER;
	int r = -1;

	if (user && (check_sysroot(s) < 0 || find_qemu_user(s) < 0))
		;
	else if (!mkdtemp(dir))
		fail(s, "%s: %s", dir, strerror(errno));
	else if (stage_run(s, dir) == 0 && stage_collect(s, dir, fd) == 0)
		r = stage_install(s, fd, user ? "qemu-user" : "local");
	bb_rmtree(dir);
	free(dir);
	return r;
}

/* --junit: the failure goes to the stage it happened in, else to "setup" */
static int
write_report(struct session *s, const char *msg)
{
	struct bb_error err = BB_ERROR_INIT;
	int r;

	s->rep.seconds = proc_now() - s->t0;
	if (msg) {
		char *line = xstrcat("pgo-run: ", msg, NULL);

		junit_fail(&s->rep, s->failed ? s->failed : "setup", line);
		free(line);
	}
	r = junit_write(s->o->junit, &s->rep, &err);
	if (r < 0)
		fprintf(stderr, "pgo-run: junit: %s\n", err.msg);
	bb_error_clear(&err);
	return r;
}

/* an unlinked temporary file for the tar stream */
static int
tmp_file(struct session *s)
{
	const char *tmp = getenv("TMPDIR");
	char *path = xstrcat(tmp && *tmp ? tmp : "/tmp", "/pgo-run-tar.XXXXXX", NULL);
	int fd = mkstemp(path);

	if (fd < 0)
		fail(s, "%s: %s", path, strerror(errno));
	else
		unlink(path);
	free(path);
	return fd;
}

int
profile_run(const struct profile_opts *o)
{
	FILE *log = o->log ? fopen(o->log, "a") : stderr;
	struct session s;
	int fd, r = -1;

	if (!log) {
		fprintf(stderr, "pgo-run: setup: %s: %s\n", o->log, strerror(errno));
		return 1;
	}
	session_init(&s, o, log);
	if (proc_signals_init(&s.err) == 0 && (fd = tmp_file(&s)) >= 0) {
		r = o->target == TARGET_QEMU ? profile_qemu(&s, fd) :
			o->target == TARGET_SSH ? profile_ssh(&s, fd) : profile_local(&s, fd);
		close(fd);
	}
	session_stop(&s);
	junit_leave(&s.rep, proc_now());
	clear_progress(&s);
	if (r < 0) {
		const char *msg = s.err.msg ? s.err.msg : "setup: failed";

		if (log != stderr)
			fprintf(log, "pgo-run: %s\n", msg);
		fprintf(stderr, "pgo-run: %s\n", msg);
	}
	if (o->junit && write_report(&s, r < 0 ? (s.err.msg ? s.err.msg : "setup: failed") :
	    NULL) < 0)
		r = -1;
	session_release(&s);
	if (r == 0) {
		s.stage = "done";
		note(&s, "%.1fs in all, the task %.1fs", proc_now() - s.t0, s.task_seconds);
	}
	bb_error_clear(&s.err);
	if (log != stderr)
		fclose(log);
	return r < 0 ? 1 : 0;
}
