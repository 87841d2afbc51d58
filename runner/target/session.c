/* the session: its lifecycle, its errors, its waits and commands */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "common/fe.h"
#include "runner/quote.h"
#include "runner/target/session.h"

const char *const target_names[] = { "qemu", "local", "ssh", "qemu-user", NULL };

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
	loop_active(&s->priv->loop);
	progress_last(&s->pr, line);
}

/* the count of the line that came again, into the log */
static void
repeats_flush(struct session *s)
{
	struct session_priv *sp = s->priv;

	if (sp->rep_n > 1) {
		char *line = xasprintf("%s (%u times)", sp->rep_line, sp->rep_n);

		progress_line(&s->pr, "", line);
		free(line);
	}
	sp->rep_n = 0;
	*sp->rep_line = '\0';
}

void
session_repeats_begin(struct session *s)
{
	struct session_priv *sp = s->priv;

	sp->squash = true;
	sp->rep_n = 0;
	*sp->rep_line = '\0';
}

void
session_repeats_end(struct session *s)
{
	repeats_flush(s);
	s->priv->squash = false;
}

/* whether line, in a window of tries, is the last one again (then counted) */
static bool
repeated(struct session *s, const char *line)
{
	struct session_priv *sp = s->priv;

	if (!sp->squash)
		return false;
	if (sp->rep_n && !strncmp(sp->rep_line, line, sizeof(sp->rep_line) - 1)) {
		sp->rep_n++;
		return true;
	}
	repeats_flush(s);
	snprintf(sp->rep_line, sizeof(sp->rep_line), "%s", line);
	sp->rep_n = 1;
	return false;
}

static void
cmd_err_line(void *ctx, const char *line)
{
	struct session *s = ctx;
	struct session_priv *sp = s->priv;

	if (repeated(s, line)) {
		loop_active(&sp->loop);
		progress_last(&s->pr, line);
	} else {
		cmd_out_line(ctx, line);
	}
	if (*line && *s->cmd_msg)
		memcpy(s->cmd_cause, s->cmd_msg, sizeof(s->cmd_cause));
	session_keep(s->cmd_msg, sizeof(s->cmd_msg), line);
	if (strstr(line, "REMOTE HOST IDENTIFICATION HAS CHANGED"))
		sp->hostkey_changed = true;
	if (strstr(line, "Failed to add the host to the list of known hosts"))
		sp->hostkey_unrecorded = true;
}

/* a line on the command's standard output: logged, then to out_line */
static void
cmd_stdout_line(void *ctx, const char *line)
{
	struct session *s = ctx;

	cmd_out_line(ctx, line);
	if (s->out_line)
		s->out_line(s->out_ctx, line);
}

/* the command's output through the filter into filter_fd */
static void
cmd_out_bytes(void *ctx, const char *p, size_t n)
{
	struct session *s = ctx;
	struct session_priv *sp = s->priv;

	loop_active(&sp->loop);
	if (sp->filter_err.msg)
		return;
	if (s->filter(s->filter_ctx, p, n, &sp->filter_err) == 0 &&
	    bb_write_all(sp->filter_fd, p, n) == 0)
		return;
	if (!sp->filter_err.msg)
		bb_error(&sp->filter_err, NULL, "writing the archive: %s", strerror(errno));
	/* nothing more is read: the command fails at its next write */
	proc_close(&sp->cmd.out_fd);
	if (sp->cmd.pid > 0)
		kill(sp->cmd.pid, SIGTERM);
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
session_init(struct session *s, const struct target_opts *o, FILE *log, bool report,
	const char *target, const char *task, const char *const *stages)
{
	struct session_priv *sp = xcalloc(1, sizeof(*sp));

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->priv = sp;
	progress_init(&s->pr, log, report, target, task, stages);
	loop_init(&sp->loop, s);
	sp->loop.tick = tick;
	sp->ssh = (struct ssh_opts){ NULL, "127.0.0.1", o->ssh_user, 0, o->ssh_key, 10,
		SSH_HOSTKEYS_GUEST, NULL };
	make_nonce(s->nonce, sizeof(s->nonce));
	console_shell_init(&sp->shell, s->nonce);
	guest_init(s);
	sp->cmd = (struct proc)PROC_INIT;
	sp->cout = (struct console_lines){ BB_BUF_INIT, cmd_stdout_line, s, NULL };
	sp->cerr = (struct console_lines){ BB_BUF_INIT, cmd_err_line, s, NULL };
	loop_watch(&sp->loop, &sp->cmd.out_fd, &sp->cout);
	loop_watch(&sp->loop, &sp->cmd.err_fd, &sp->cerr);
}

void
session_stop(struct session *s)
{
	if (s->priv->cmd.pid > 0)
		proc_kill(&s->priv->cmd, 500);
	guest_stop(s);
}

void
session_release(struct session *s)
{
	struct session_priv *sp = s->priv;

	session_stop(s);
	progress_release(&s->pr);
	guest_release(s);
	console_lines_release(&sp->cout);
	console_lines_release(&sp->cerr);
	bb_error_clear(&sp->filter_err);
	console_shell_release(&sp->shell);
	free(sp->user_host);
	free(sp->board_user);
	free(s->remote_dir);
	free(s->qemu_user);
	free(s->arch);
	free(sp);
	s->priv = NULL;
}

int
session_wait(struct session *s, bool (*done)(void *s), double timeout, double idle,
	const char *what)
{
	struct session_priv *sp = s->priv;
	enum loop_result r = loop_wait(&sp->loop, done, timeout, idle);

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
		return session_fail(s, "interrupted by signal %d (%s)", sp->loop.signal,
			strsignal(sp->loop.signal));
	default:
		return session_fail(s, "poll: %s", strerror(sp->loop.error));
	}
}

static bool
flag_set(void *ctx)
{
	struct session *s = ctx;

	return *s->priv->wait_flag;
}

int
session_wait_flag(struct session *s, const bool *flag, double timeout, const char *what)
{
	s->priv->wait_flag = flag;
	return session_wait(s, flag_set, timeout, 0, what);
}

static bool
cmd_done(void *ctx)
{
	struct session *s = ctx;
	struct session_priv *sp = s->priv;

	return sp->cmd.pid > 0 && sp->cmd.out_fd < 0 && sp->cmd.err_fd < 0;
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
	struct session_priv *sp = s->priv;
	bool filtered = out_fd >= 0 && s->filter;

	sp->cmd = (struct proc)PROC_INIT;
	sp->cmd.group = s->cmd_group;
	bb_strvec_push(argv, NULL);
	sp->cmd.argv = (const char *const *)argv->v;
	sp->cmd.env = env;
	sp->cmd.in = in_fd >= 0 ? PROC_FD : PROC_NULL;
	sp->cmd.in_fd = in_fd;
	sp->cmd.out = out_fd >= 0 && !s->filter ? PROC_FD : PROC_PIPE;
	sp->cmd.out_fd = s->filter ? -1 : out_fd;
	sp->cout.bytes = filtered ? cmd_out_bytes : NULL;
	sp->filter_fd = out_fd;
	bb_error_clear(&sp->filter_err);
	sp->cmd.err = PROC_PIPE;
	*s->cmd_msg = *s->cmd_cause = '\0';
	sp->hostkey_changed = sp->hostkey_unrecorded = false;
	if (proc_start(&sp->cmd, &s->err) < 0)
		return session_fail(s, "cannot run %s", argv->v[0]);
	if (out_fd >= 0 && !s->filter)
		sp->cmd.out_fd = -1;
	return 0;
}

int
session_cmd_wait(struct session *s, double timeout, double idle, const char *what)
{
	struct session_priv *sp = s->priv;
	int r;

	if (session_wait(s, cmd_done, timeout, idle, what) < 0) {
		proc_kill(&sp->cmd, 500);
		return -1;
	}
	r = proc_finish(&sp->cmd);
	sp->cout.bytes = NULL;
	if (sp->filter_err.msg) {
		session_fail(s, "the archive from the target: %s", sp->filter_err.msg);
		bb_error_clear(&sp->filter_err);
		return -1;
	}
	return r;
}

const char *
session_machine(const struct session *s)
{
	return s->priv->vm.conf.machine_name;
}

const char *
session_image(const struct session *s)
{
	return s->priv->vm.conf.image;
}

enum qemu_accel
session_accel(const struct session *s)
{
	return s->priv->vm.accel;
}
