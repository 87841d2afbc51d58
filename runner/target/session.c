/* the session of "pgo-run profile": its lifecycle, its errors, its waits and commands */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "common/fe.h"
#include "runner/quote.h"
#include "runner/target/session.h"

const char *const profile_target_names[] = { "qemu", "local", "ssh", "qemu-user", NULL };

int
session_fail(struct session *s, const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	bb_buf_addf(&b, "%s: ", s->pr.stage);
	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (!s->err.msg)
		s->failed = s->pr.stage;
	bb_error(&s->err, NULL, "%s", b.buf);
	bb_buf_release(&b);
	return -1;
}

void
session_clear_error(struct session *s)
{
	bb_error_clear(&s->err);
	s->failed = NULL;
}

int
session_tmp_file(struct session *s, const char *name)
{
	char *path = fe_tmp_template(name);
	int fd = mkstemp(path);

	if (fd < 0)
		session_fail(s, "%s: %s", path, strerror(errno));
	else
		unlink(path);
	free(path);
	return fd;
}

bool
session_disk_full(const char *msg)
{
	return strstr(msg, "No space left") || strstr(msg, "Disk quota exceeded");
}

void
session_keep(char *dst, size_t size, const char *line)
{
	char *q;

	if (!*line)
		return;
	/* a target's bytes reach error lines: printable ASCII, the rest as \xNN */
	q = quote_text(line);
	snprintf(dst, size, "%s", q);
	free(q);
}

static void
cmd_out_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	progress_line(&s->pr, "", line);
	loop_active(&s->loop);
	progress_last(&s->pr, line);
}

/* the count of the line that came again, into the log */
static void
repeats_flush(struct session *s)
{
	if (s->rep_n > 1) {
		char *line = xasprintf("%s (%u times)", s->rep_line, s->rep_n);

		progress_line(&s->pr, "", line);
		free(line);
	}
	s->rep_n = 0;
	*s->rep_line = '\0';
}

void
session_repeats_begin(struct session *s)
{
	s->squash = true;
	s->rep_n = 0;
	*s->rep_line = '\0';
}

void
session_repeats_end(struct session *s)
{
	repeats_flush(s);
	s->squash = false;
}

/* whether line, in a window of tries, is the last one again (then counted) */
static bool
repeated(struct session *s, const char *line)
{
	if (!s->squash)
		return false;
	if (s->rep_n && !strncmp(s->rep_line, line, sizeof(s->rep_line) - 1)) {
		s->rep_n++;
		return true;
	}
	repeats_flush(s);
	snprintf(s->rep_line, sizeof(s->rep_line), "%s", line);
	s->rep_n = 1;
	return false;
}

static void
cmd_err_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	if (repeated(s, line)) {
		loop_active(&s->loop);
		progress_last(&s->pr, line);
	} else {
		cmd_out_line(ctx, line);
	}
	if (*line && *s->cmd_msg)
		memcpy(s->cmd_cause, s->cmd_msg, sizeof(s->cmd_cause));
	session_keep(s->cmd_msg, sizeof(s->cmd_msg), line);
	if (strstr(line, "REMOTE HOST IDENTIFICATION HAS CHANGED"))
		s->hostkey_changed = true;
	if (strstr(line, "Failed to add the host to the list of known hosts"))
		s->hostkey_unrecorded = true;
}

/* the command's output through the meter into meter_fd */
static void
cmd_out_bytes(void *ctx, const char *p, size_t n)
{
	struct session *s = ctx;

	loop_active(&s->loop);
	if (s->meter_err.msg)
		return;
	if (tar_meter_feed(s->meter, p, n, &s->meter_err) == 0 && bb_write_all(s->meter_fd, p,
	    n) == 0)
		return;
	if (!s->meter_err.msg)
		bb_error(&s->meter_err, NULL, "writing the archive: %s", strerror(errno));
	/* nothing more is read: the command fails at its next write */
	proc_close(&s->cmd.out_fd);
	if (s->cmd.pid > 0)
		kill(s->cmd.pid, SIGTERM);
}

static void
tick(void *ctx)
{
	struct session *s = ctx;

	progress_draw(&s->pr, false);
}

static void
make_nonce(char *buf, size_t size)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(buf, size, "%lx%x", (unsigned long)ts.tv_nsec ^ (unsigned long)ts.tv_sec,
		(unsigned)getpid());
}

void
session_init(struct session *s, const struct profile_opts *o, FILE *log,
	const char *target, const char *const *stages)
{
	char *task = xasprintf("%s %s", o->python, o->task);

	memset(s, 0, sizeof(*s));
	s->o = o;
	progress_init(&s->pr, log, o->junit != NULL, target, task, stages);
	free(task);
	loop_init(&s->loop, s);
	s->loop.tick = tick;
	s->ssh = (struct ssh_opts){ NULL, "127.0.0.1", o->ssh_user, 0, o->ssh_key, 10,
		SSH_HOSTKEYS_GUEST, NULL };
	make_nonce(s->nonce, sizeof(s->nonce));
	console_shell_init(&s->shell, s->nonce);
	guest_init(s);
	s->cmd = (struct proc)PROC_INIT;
	s->overlay_fd = -1;
	s->cout = (struct console_lines){ BB_BUF_INIT, cmd_out_line, s, NULL };
	s->cerr = (struct console_lines){ BB_BUF_INIT, cmd_err_line, s, NULL };
	loop_watch(&s->loop, &s->cmd.out_fd, &s->cout);
	loop_watch(&s->loop, &s->cmd.err_fd, &s->cerr);
}

void
session_stop(struct session *s)
{
	if (s->cmd.pid > 0)
		proc_kill(&s->cmd, 500);
	guest_stop(s);
}

void
session_release(struct session *s)
{
	session_stop(s);
	progress_release(&s->pr);
	guest_release(s);
	console_lines_release(&s->cout);
	console_lines_release(&s->cerr);
	bb_error_clear(&s->meter_err);
	if (s->overlay_fd >= 0)
		close(s->overlay_fd);
	console_shell_release(&s->shell);
	free(s->user_host);
	free(s->board_user);
	free(s->remote_dir);
	free(s->qemu_user);
	free(s->arch);
}

int
session_wait(struct session *s, bool (*done)(void *s), double timeout, double idle,
	const char *what)
{
	enum loop_result r = loop_wait(&s->loop, done, timeout, idle);

	switch (r) {
	case LOOP_DONE:
		return 0;
	case LOOP_GONE:
		return guest_exited(s);
	case LOOP_DEADLINE:
		session_fail(s, "%s: deadline of %gs passed", what, timeout);
		return r;
	case LOOP_IDLE:
		session_fail(s, "%s: no output for %gs", what, idle);
		return r;
	case LOOP_SIGNAL:
		s->interrupted = true;
		return session_fail(s, "interrupted by signal %d (%s)", s->loop.signal,
			strsignal(s->loop.signal));
	default:
		return session_fail(s, "poll: %s", strerror(s->loop.error));
	}
}

static bool
cmd_done(void *ctx)
{
	struct session *s = ctx;

	return s->cmd.pid > 0 && s->cmd.out_fd < 0 && s->cmd.err_fd < 0;
}

int
session_cmd_start(struct session *s, struct bb_strvec *argv, const char *const *env, int out_fd)
{
	return session_cmd_start_in(s, argv, env, -1, out_fd);
}

int
session_cmd_start_in(struct session *s, struct bb_strvec *argv, const char *const *env,
	int in_fd, int out_fd)
{
	s->cmd = (struct proc)PROC_INIT;
	s->cmd.group = s->cmd_group;
	bb_strvec_push(argv, NULL);
	s->cmd.argv = (const char *const *)argv->v;
	s->cmd.env = env;
	s->cmd.in = in_fd >= 0 ? PROC_FD : PROC_NULL;
	s->cmd.in_fd = in_fd;
	s->cmd.out = out_fd >= 0 && !s->meter ? PROC_FD : PROC_PIPE;
	s->cmd.out_fd = s->meter ? -1 : out_fd;
	s->cout.bytes = out_fd >= 0 && s->meter ? cmd_out_bytes : NULL;
	s->meter_fd = out_fd;
	bb_error_clear(&s->meter_err);
	s->cmd.err = PROC_PIPE;
	*s->cmd_msg = *s->cmd_cause = '\0';
	s->hostkey_changed = s->hostkey_unrecorded = false;
	if (proc_start(&s->cmd, &s->err) < 0)
		return session_fail(s, "cannot run %s", argv->v[0]);
	if (out_fd >= 0 && !s->meter)
		s->cmd.out_fd = -1;
	return 0;
}

int
session_cmd_wait(struct session *s, double timeout, double idle, const char *what)
{
	int r;

	if (session_wait(s, cmd_done, timeout, idle, what) < 0) {
		proc_kill(&s->cmd, 500);
		return -1;
	}
	r = proc_finish(&s->cmd);
	s->cout.bytes = NULL;
	if (s->meter_err.msg) {
		session_fail(s, "the archive from the target: %s", s->meter_err.msg);
		bb_error_clear(&s->meter_err);
		return -1;
	}
	return r;
}
