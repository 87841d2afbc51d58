/* pgo-run profile: boot, connect, run, collect, install; QEMU never outlives us */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "runner/collect.h"
#include "runner/console.h"
#include "runner/gcda.h"
#include "runner/proc.h"
#include "runner/profile.h"
#include "runner/qemu.h"
#include "runner/ssh.h"

#define KVM_PROBE_MS 1000
#define SHUTDOWN_SECONDS 5.0

enum serial_mode { SER_IDLE, SER_WAIT_RUN, SER_TASK, SER_WAIT_TAR, SER_TAR, SER_TAR_DONE };

struct session {
	const struct profile_opts *o;
	FILE *log;
	bool tty;
	const char *stage;
	double t0, activity, drawn;
	char last[100];
	struct qemu_conf conf;
	int port;
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
	bb_error(&s->err, NULL, "%s", b.buf);
	bb_buf_release(&b);
	return -1;
}

static void
clear_progress(struct session *s)
{
	if (s->tty && s->drawn > 0) {
		fputs("\r\033[K", stderr);
		s->drawn = 0;
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

static void
progress(struct session *s)
{
	double now = proc_now();

	if (!s->tty || now - s->drawn < 0.2)
		return;
	s->drawn = now;
	fprintf(stderr, "\r\033[Kpgo-run: %-8s %6.1fs  %.60s", s->stage, now - s->t0, s->last);
}

static void
log_line(struct session *s, const char *prefix, const char *line)
{
	clear_progress(s);
	fprintf(s->log, "%s%s\n", prefix, line);
	fflush(s->log);
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
	if ((sig = proc_signal_caught()))
		return fail(s, "interrupted by signal %d (%s)", sig, strsignal(sig));
	for (int i = 1; i < n; i++)
		if (pfd[i].revents)
			read_into(fds[map[i]], ls[map[i]]);
	progress(s);
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
guest_ssh_argv(struct session *s, const char *cmd, int connect_timeout, struct bb_strvec *argv)
{
	struct ssh_opts so = { NULL, "127.0.0.1", s->o->ssh_user, s->port, s->o->ssh_key,
		connect_timeout };

	ssh_argv(&so, cmd, argv);
}

/* one ssh command in the guest; its exit status, or -1 with the error set */
static int
ssh_run(struct session *s, const char *cmd, int out_fd, double timeout, double idle,
	const char *what)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	guest_ssh_argv(s, cmd, 10, &argv);
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

static int
connect_ssh(struct session *s, double timeout)
{
	double end = proc_now() + timeout;
	int r;

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
		bb_error_clear(&s->err);
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
		bb_error_clear(&s->err);
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

static int
stage_boot(struct session *s)
{
	const struct profile_opts *o = s->o;
	struct qemu_opts qo = { o->qemu_bindir, o->accel, 0, o->kernel_append, o->qemu_append };
	const char *why;

	s->stage = "boot";
	if (o->transport == TRANSPORT_SSH && (s->port = qo.ssh_port = qemu_free_port()) < 0)
		return fail(s, "no free TCP port on 127.0.0.1");
	qo.accel = qemu_accel_resolve(&s->conf, &qo, KVM_PROBE_MS, &why);
	note(s, "accelerator %s%s%s", qo.accel == QEMU_ACCEL_KVM ? "kvm" : "tcg",
		why ? ": " : "", why ? why : "");
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
	double timeout = s->o->connect_timeout + (s->o->boot_marker ? 0 : s->o->boot_timeout);
	double t = proc_now();
	int r;

	s->stage = "connect";
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

static int
run_local(struct session *s, const char *dir)
{
	char *words = xasprintf("exec \"$0\" %s", s->o->task);
	char *prefix = xstrcat("GCOV_PREFIX=", dir, NULL);
	char *strip = xasprintf("GCOV_PREFIX_STRIP=%d", s->o->strip);
	const char *env[] = { prefix, strip, NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bb_strvec_pushdup(&argv, "/bin/sh");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_push(&argv, words);
	bb_strvec_pushdup(&argv, s->o->python);
	r = cmd_start(s, &argv, env, -1);
	if (!r)
		r = cmd_wait(s, s->o->timeout, s->o->idle_timeout, "task");
	bb_strvec_clear(&argv);
	free(prefix);
	free(strip);
	return r;
}

static int
stage_run(struct session *s, const char *dir)
{
	char *cmd = s->o->target == TARGET_LOCAL ? NULL : task_cmd(s->o, dir), *ssh_cmd;
	double t;
	int r;

	s->stage = "run";
	*s->last = '\0';
	note(s, "%s %s", s->o->python, s->o->task);
	clock_gettime(CLOCK_REALTIME, &s->task_start);
	t = proc_now();
	if (s->o->target == TARGET_LOCAL)
		r = run_local(s, dir);
	else if (s->o->transport == TRANSPORT_SERIAL)
		r = run_serial(s, cmd);
	else {
		ssh_cmd = xstrcat(cmd, " </dev/null 2>&1", NULL);
		r = ssh_run(s, ssh_cmd, -1, s->o->timeout, s->o->idle_timeout, "task");
		free(ssh_cmd);
		if (r == 255)
			r = fail(s, "ssh failed%s%s", *s->cmd_msg ? ": " : "", s->cmd_msg);
	}
	free(cmd);
	s->task_seconds = proc_now() - t;
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
	char *line = console_tar_cmd(s->o->remote_dir, s->nonce);
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

	if (s->o->target != TARGET_LOCAL) {
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

	s->stage = "collect";
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

	s->stage = "install";
	co.profile_dir = o->out;
	if (o->cc ? gcda_stamp_for_compiler(o->cc, co.stamp, &version, &s->err) :
	    gcda_stamp_from_version(o->gcc_version, co.stamp, &s->err))
		goto out;
	co.gcc_version = version ? version : o->gcc_version;
	co.machine = o->machine ? o->machine : s->conf.machine_name;
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

	s->stage = "shutdown";
	if (s->o->transport == TRANSPORT_SERIAL) {
		console_write(s, "poweroff -f");
	} else {
		guest_ssh_argv(s, "poweroff -f", 5, &argv);
		bb_strvec_push(&argv, NULL);
		off.argv = (const char *const *)argv.v;
		off.in = off.out = off.err = PROC_NULL;
		proc_start(&off, &s->err);
	}
	if (wait_for(s, qemu_ended, SHUTDOWN_SECONDS, 0, "poweroff") == 0)
		note(s, "QEMU ended %.1fs after poweroff -f", proc_now() - t);
	bb_error_clear(&s->err);
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

static void
session_init(struct session *s, const struct profile_opts *o, FILE *log)
{
	memset(s, 0, sizeof(*s));
	s->o = o;
	s->log = log;
	s->tty = log != stderr && isatty(STDERR_FILENO);
	s->stage = "setup";
	s->t0 = proc_now();
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

static void
session_release(struct session *s)
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
	clear_progress(s);
	console_lines_release(&s->con);
	console_lines_release(&s->qerr);
	console_lines_release(&s->cout);
	console_lines_release(&s->cerr);
	bb_buf_release(&s->tar);
	free(s->want);
	free(s->rc_marker);
	free(s->end_marker);
	qemu_conf_release(&s->conf);
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

static int
profile_qemu(struct session *s, int fd)
{
	char *name = xstrcat("qemu:", s->o->remote_dir, NULL);
	int r = -1;

	if (load_conf(s) == 0 && stage_boot(s) == 0 && stage_connect(s) == 0 &&
	    stage_run(s, s->o->remote_dir) == 0 && stage_collect(s, s->o->remote_dir, fd) == 0)
		r = stage_install(s, fd, name);
	if (s->qemu.pid > 0 && !r)
		stage_shutdown(s);
	free(name);
	return r;
}

static int
profile_local(struct session *s, int fd)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xstrcat(tmp && *tmp ? tmp : "/tmp", "/pgo-run-local.XXXXXX", NULL);
	int r = -1;

	if (!mkdtemp(dir))
		fail(s, "%s: %s", dir, strerror(errno));
	else if (stage_run(s, dir) == 0 && stage_collect(s, dir, fd) == 0)
		r = stage_install(s, fd, "local");
	bb_rmtree(dir);
	free(dir);
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
		r = o->target == TARGET_LOCAL ? profile_local(&s, fd) : profile_qemu(&s, fd);
		close(fd);
	}
	session_release(&s);
	if (r < 0) {
		const char *msg = s.err.msg ? s.err.msg : "failed";

		if (log != stderr)
			fprintf(log, "pgo-run: %s\n", msg);
		fprintf(stderr, "pgo-run: %s\n", msg);
	} else {
		s.stage = "done";
		note(&s, "%.1fs in all, the task %.1fs", proc_now() - s.t0, s.task_seconds);
	}
	bb_error_clear(&s.err);
	if (log != stderr)
		fclose(log);
	return r < 0 ? 1 : 0;
}
