/* the serial transport: commands typed into the shell on QEMU's console */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/target/session.h"

static int
console_write(struct session *s, const char *line)
{
	size_t n = strlen(line);
	char *l = xstrcat(line, "\n", NULL);
	ssize_t w = s->priv->vm.proc.in_fd >= 0 ? write(s->priv->vm.proc.in_fd, l, n + 1) : -1;

	free(l);
	if (w != (ssize_t)n + 1)
		return session_fail(s, "writing to the console: %s", strerror(errno));
	return 0;
}

/* types a marker's echo every second until the shell answers */
static int
connect_serial(struct session *s, double timeout)
{
	struct session_priv *sp = s->priv;
	double end = proc_now() + timeout;
	char *cmd = console_shell_ready(&sp->shell);
	int r;

	while (!sp->shell.want_seen) {
		double left = end - proc_now();

		if (left <= 0) {
			session_fail(s, "no shell on the serial console within %gs", timeout);
			break;
		}
		if (console_write(s, cmd) < 0)
			break;
		r = session_wait_flag(s, &sp->shell.want_seen, left < 1 ? left : 1, "console");
		if (r < 0 && r != LOOP_DEADLINE)
			break;
		session_clear_error(s);
	}
	free(cmd);
	return sp->shell.want_seen ? 0 : -1;
}

static bool
task_done(void *ctx)
{
	struct session *s = ctx;

	return s->priv->shell.task_rc >= 0;
}

/* cmd in a subshell of the console's, between markers; its exit status */
static int
console_cmd(struct session *s, const char *cmd, double timeout, double idle, const char *what)
{
	struct session_priv *sp = s->priv;
	char *line = console_shell_run(&sp->shell, cmd);
	int r = console_write(s, line);

	free(line);
	if (!r)
		r = session_wait(s, task_done, timeout, idle, what);
	sp->shell.mode = CONSOLE_IDLE;
	return r < 0 ? -1 : sp->shell.task_rc;
}

static int
run_serial(struct session *s, const struct target_task *t)
{
	char *cmd = session_task_cmd(t);
	int r = console_cmd(s, cmd, t->timeout, t->idle, "task");

	free(cmd);
	return r;
}

static int
shell_serial(struct session *s, const char *cmd, double timeout, const char *what)
{
	return console_cmd(s, cmd, timeout, 0, what);
}

static bool
tar_done(void *ctx)
{
	struct session *s = ctx;
	struct session_priv *sp = s->priv;
	struct bb_buf *t = &sp->shell.tar;

	/* what came since the last round, through the filter */
	if (s->filter && !sp->filter_err.msg && t->len > sp->filter_fed) {
		s->filter(s->filter_ctx, t->buf + sp->filter_fed, t->len - sp->filter_fed,
			&sp->filter_err);
		sp->filter_fed = t->len;
	}
	return sp->shell.mode == CONSOLE_TAR_DONE || sp->filter_err.msg;
}

/*
 * the tar stream comes in base64, decoded into the shell's tar (filtered
 * each round, the wait ending at a refusal), then written to fd
 */
static int
collect_serial(struct session *s, const char *dir, int fd, double timeout)
{
	struct session_priv *sp = s->priv;
	char *line = console_shell_tar(&sp->shell, dir);
	int r = console_write(s, line);

	free(line);
	sp->filter_fed = 0;
	bb_error_clear(&sp->filter_err);
	if (!r)
		r = session_wait(s, tar_done, timeout, 0, "tar over the console");
	sp->shell.mode = CONSOLE_IDLE;
	if (r < 0)
		return -1;
	if (sp->filter_err.msg) {
		session_fail(s, "the archive from the target: %s", sp->filter_err.msg);
		bb_error_clear(&sp->filter_err);
		return -1;
	}
	if (sp->shell.b64.bad)
		return session_fail(s, "the console garbled the base64 stream");
	if (write(fd, sp->shell.tar.buf, sp->shell.tar.len) != (ssize_t)sp->shell.tar.len)
		return session_fail(s, "writing the archive: %s", strerror(errno));
	return 0;
}

/* poweroff -f; QEMU is killed anyway afterwards */
static void
shutdown_serial(struct session *s, bool ok)
{
	double t = proc_now();

	if (!ok || s->priv->vm.proc.pid <= 0)
		return;
	progress_stage(&s->pr, "shutdown");
	console_write(s, "poweroff -f");
	guest_wait_poweroff(s, t);
}

const struct transport transport_serial = {
	"the console shell", false, connect_serial, run_serial, collect_serial, shell_serial,
	shutdown_serial,
};
