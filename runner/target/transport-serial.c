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
	ssize_t w = s->vm.proc.in_fd >= 0 ? write(s->vm.proc.in_fd, l, n + 1) : -1;

	free(l);
	if (w != (ssize_t)n + 1)
		return session_fail(s, "writing to the console: %s", strerror(errno));
	return 0;
}

static bool
want_seen(void *ctx)
{
	struct session *s = ctx;

	return s->shell.want_seen;
}

/* types a marker's echo every second until the shell answers */
static int
connect_serial(struct session *s, double timeout)
{
	double end = proc_now() + timeout;
	char *cmd = console_shell_ready(&s->shell);
	int r;

	while (!s->shell.want_seen) {
		double left = end - proc_now();

		if (left <= 0) {
			session_fail(s, "no shell on the serial console within %gs", timeout);
			break;
		}
		if (console_write(s, cmd) < 0)
			break;
		r = session_wait(s, want_seen, left < 1 ? left : 1, 0, "console");
		if (r < 0 && r != LOOP_DEADLINE)
			break;
		session_clear_error(s);
	}
	free(cmd);
	return s->shell.want_seen ? 0 : -1;
}

static bool
task_done(void *ctx)
{
	struct session *s = ctx;

	return s->shell.task_rc >= 0;
}

/* cmd in a subshell of the console's, between markers; its exit status */
static int
console_cmd(struct session *s, const char *cmd, double timeout, double idle, const char *what)
{
	char *line = console_shell_run(&s->shell, cmd);
	int r = console_write(s, line);

	free(line);
	if (!r)
		r = session_wait(s, task_done, timeout, idle, what);
	s->shell.mode = CONSOLE_IDLE;
	return r < 0 ? -1 : s->shell.task_rc;
}

static int
run_serial(struct session *s, const char *dir)
{
	char *cmd = stage_task_cmd(s->o, dir, false);
	int r = console_cmd(s, cmd, s->o->timeout, s->o->idle_timeout, "task");

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
	struct bb_buf *t = &s->shell.tar;

	/* what came since the last round, through the meter */
	if (s->meter && !s->meter_err.msg && t->len > s->meter_fed) {
		tar_meter_feed(s->meter, t->buf + s->meter_fed, t->len - s->meter_fed,
			&s->meter_err);
		s->meter_fed = t->len;
	}
	return s->shell.mode == CONSOLE_TAR_DONE || s->meter_err.msg;
}

/*
 * the tar stream comes in base64, decoded into s->shell.tar (metered each
 * round, the wait ending at a refusal), then written to fd
 */
static int
collect_serial(struct session *s, const char *dir, int fd)
{
	char *line = console_shell_tar(&s->shell, dir);
	int r = console_write(s, line);

	free(line);
	s->meter_fed = 0;
	bb_error_clear(&s->meter_err);
	if (!r)
		r = session_wait(s, tar_done, s->o->collect_timeout, 0, "tar over the console");
	s->shell.mode = CONSOLE_IDLE;
	if (r < 0)
		return -1;
	if (s->meter_err.msg) {
		session_fail(s, "the archive from the target: %s", s->meter_err.msg);
		bb_error_clear(&s->meter_err);
		return -1;
	}
	if (s->shell.b64.bad)
		return session_fail(s, "the console garbled the base64 stream");
	if (write(fd, s->shell.tar.buf, s->shell.tar.len) != (ssize_t)s->shell.tar.len)
		return session_fail(s, "writing the archive: %s", strerror(errno));
	return 0;
}

/* poweroff -f; QEMU is killed anyway afterwards */
static void
shutdown_serial(struct session *s, bool ok)
{
	double t = proc_now();

	if (!ok || s->vm.proc.pid <= 0)
		return;
	progress_stage(&s->pr, "shutdown");
	console_write(s, "poweroff -f");
	guest_wait_poweroff(s, t);
}

const struct transport transport_serial = {
	"the console shell", false, connect_serial, run_serial, collect_serial, shell_serial,
	shutdown_serial,
};
