/* the ssh transport: to the guest on a forwarded port, or to a board (--target ssh) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"

#include "runner/target/session.h"

/* ssh with ConnectTimeout=connect_timeout running cmd, appended to argv */
static void
ssh_cmd_argv(struct session *s, const char *cmd, int connect_timeout, struct bb_strvec *argv)
{
	struct ssh_opts so = s->priv->ssh;

	so.connect_timeout = connect_timeout;
	ssh_argv(&so, cmd, argv);
}

/* USER@HOST:PORT (or USER@HOST), for messages */
static const char *
ssh_dest(struct session *s)
{
	struct session_priv *sp = s->priv;
	const char *user = sp->ssh.user ? sp->ssh.user : "root";

	if (!sp->user_host)
		sp->user_host = sp->ssh.port ?
			xasprintf("%s@%s:%d", user, sp->ssh.host, sp->ssh.port) :
			xasprintf("%s@%s", user, sp->ssh.host);
	return sp->user_host;
}

/* one ssh command on the target; its exit status, or -1 with the error set */
static int
ssh_run(struct session *s, const char *cmd, int out_fd, double timeout, double idle,
	const char *what)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	ssh_cmd_argv(s, cmd, s->priv->ssh.connect_timeout, &argv);
	r = session_cmd_start(s, &argv, NULL, out_fd);
	if (!r)
		r = session_cmd_wait(s, timeout, idle, what);
	bb_strvec_clear(&argv);
	return r;
}

static bool
refused(const char *msg)
{
	return strstr(msg, "Permission denied") || strstr(msg, "Host key verification failed") ||
		strstr(msg, "Too many authentication failures");
}

/* "ssh to USER@HOST failed" with ssh's own last line, without its "ssh: " */
static int
ssh_failed(struct session *s)
{
	const char *msg = strncmp(s->cmd_msg, "ssh: ", 5) ? s->cmd_msg : s->cmd_msg + 5;

	return session_fail(s, "ssh to %s failed%s%s", ssh_dest(s), *s->cmd_msg ? ": " : "", msg);
}

static bool
never(void *s)
{
	return false;
}

/* the guest boots meanwhile: tries again every quarter of a second */
static int
connect_guest(struct session *s, double timeout)
{
	double end = proc_now() + timeout;
	char last[sizeof(s->cmd_msg)] = "";
	int r;

	for (;;) {
		r = ssh_run(s, "true", -1, end - proc_now() > 0 ? end - proc_now() : 0.1, 0, "ssh");
		if (r == 0)
			return 0;
		if (r < 0 && proc_now() < end)
			return -1;
		if (r > 0 && refused(s->cmd_msg))
			return session_fail(s, "ssh to 127.0.0.1:%d refused: %s", s->priv->ssh.port,
				s->cmd_msg);
		/* a try the window's end cut short says less than the one before */
		if (r > 0 && *s->cmd_msg)
			snprintf(last, sizeof(last), "%s", s->cmd_msg);
		if (proc_now() >= end) {
			session_clear_error(s);
			return session_fail(s, "no ssh connection to 127.0.0.1:%d within %gs%s%s",
				s->priv->ssh.port, timeout, *last ? ": " : "", last);
		}
		if (session_wait(s, never, 0.25, 0, "ssh") != LOOP_DEADLINE)
			return -1;
		session_clear_error(s);
	}
}

/*
 * the board's host keys as ssh-keygen -l shows them ("ED25519 SHA256:...",
 * comma-separated), read with ssh-keyscan; "" when it does not answer
 */
static char *
board_fingerprints(struct session *s)
{
	struct session_priv *sp = s->priv;
	char path[] = "/tmp/pgo-run-keys.XXXXXX", *q = ssh_quote(sp->ssh.host), *cmd, *text = NULL;
	char port[16] = "";
	size_t len;
	struct bb_buf out = BB_BUF_INIT;
	struct bb_error err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;
	int fd = mkstemp(path);

	if (sp->ssh.port > 0)
		snprintf(port, sizeof(port), "-p %d ", sp->ssh.port);
	/* one type at a time: a server that limits unauthenticated connections
	   (dropbear: 5 per address) may drop some of keyscan's parallel ones */
	cmd = xasprintf("for t in ed25519 ecdsa rsa; do ssh-keyscan -T 5 -t $t %s-- %s; done "
		"2>/dev/null | ssh-keygen -l -f - 2>/dev/null", port, q);
	free(q);
	if (fd < 0) {
		free(cmd);
		return xstrdup("");
	}
	p.argv = (const char *const[]){ "/bin/sh", "-c", cmd, NULL };
	p.in = p.err = PROC_NULL;
	p.out = PROC_FD;
	p.out_fd = fd;
	proc_run(&p, &err);
	bb_error_clear(&err);
	close(fd);
	if (bb_read_file(path, 1 << 16, &text, &len) != 0)
		text = NULL;
	unlink(path);
	free(cmd);
	/* "256 SHA256:x [h]:p (ED25519)" -> "ED25519 SHA256:x" */
	for (char *line = text, *next; line && *line; line = next) {
		char *sp1, *sp2, *type;

		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		if (!(sp1 = strchr(line, ' ')) || !(sp2 = strchr(sp1 + 1, ' ')) ||
		    !(type = strrchr(sp2, '(')))
			continue;
		bb_buf_addf(&out, "%s%.*s %.*s", out.len ? ", " : "",
			(int)strcspn(type + 1, ")"), type + 1, (int)(sp2 - sp1 - 1), sp1 + 1);
	}
	free(text);
	return bb_buf_detach(&out);
}

/* the known_hosts file as messages name it, shell-quoted: caller frees */
static char *
known_file(struct session *s)
{
	return s->priv->ssh.known_hosts ? ssh_quote(s->priv->ssh.known_hosts) :
		xstrdup("~/.ssh/known_hosts");
}

/*
 * ssh refused the board's host key: unknown (strict checking) or changed;
 * the error says which, the key the board offers, and what to do
 */
static int
hostkey_refused(struct session *s)
{
	struct session_priv *sp = s->priv;
	char *fp = board_fingerprints(s), *name = ssh_known_name(&sp->ssh), *qname, *qfile;
	char *file = known_file(s), *keys = *fp ? xasprintf(" (it offers %s)", fp) : xstrdup("");
	int r;

	qname = ssh_quote(name);
	qfile = sp->ssh.known_hosts ? xasprintf(" -f %s", file) : xstrdup("");
	if (sp->hostkey_changed)
		r = session_fail(s, "ssh to %s refused: the board's host key has changed%s; if it "
			"was reinstalled, check the new key on the board, remove the old one with "
			"ssh-keygen -R %s%s and connect again", ssh_dest(s), keys, qname, qfile);
	else
		r = session_fail(s, "ssh to %s refused: the board's host key is not known%s; check "
			"it on the board (ssh-keygen -l -f on its host key), then accept it with "
			"--accept-new-host-key, or add it to %s", ssh_dest(s), keys, file);
	free(keys);
	free(qfile);
	free(file);
	free(qname);
	free(name);
	free(fp);
	return r;
}

/*
 * --accept-new-host-key: the key ssh accepted must be recorded, and is then
 * the only one for the rest of the run: a second connection checks it
 * strictly, so a key ssh could not write is a refusal, never a key accepted
 * on every connection
 */
static int
pin_hostkey(struct session *s, double timeout, bool unrecorded)
{
	char *file;
	int r;

	s->priv->ssh.hostkeys = SSH_HOSTKEYS_STRICT;
	r = ssh_run(s, "true", -1, timeout + 5, 0, "ssh");
	if (r <= 0 || !strstr(s->cmd_msg, "Host key verification failed"))
		return r > 0 ? ssh_failed(s) : r;
	if (s->priv->hostkey_changed)
		return hostkey_refused(s);
	file = known_file(s);
	r = session_fail(s, "ssh to %s refused: --accept-new-host-key: the board's key could not "
		"be recorded in %s%s; make it writable, or add the key there yourself", ssh_dest(s),
		file, unrecorded ? " (ssh: Failed to add the host to the list of known hosts)" : "");
	free(file);
	return r;
}

/* a board is up already: one try (ssh's ConnectTimeout is the deadline) */
static int
connect_board(struct session *s, double timeout)
{
	int r = ssh_run(s, "true", -1, timeout + 5, 0, "ssh");

	if (r > 0 && strstr(s->cmd_msg, "Host key verification failed"))
		return hostkey_refused(s);
	if (r == 0 && s->priv->ssh.hostkeys == SSH_HOSTKEYS_ACCEPT_NEW)
		return pin_hostkey(s, timeout, s->priv->hostkey_unrecorded);
	return r > 0 ? ssh_failed(s) : r;
}

static int
run_ssh(struct session *s, const struct target_task *t)
{
	char *task = session_task_cmd(t);
	char *cmd = xstrcat(task, " </dev/null 2>&1", NULL);
	int r = ssh_run(s, cmd, -1, t->timeout, t->idle, "task");

	free(cmd);
	free(task);
	return r == 255 ? ssh_failed(s) : r;
}

static int
shell_ssh(struct session *s, const char *cmd, double timeout, const char *what)
{
	int r = ssh_run(s, cmd, -1, timeout, 0, what);

	return r == 255 ? ssh_failed(s) : r;
}

static int
collect_ssh(struct session *s, const char *dir, int fd, double timeout)
{
	char *q = ssh_quote(dir), *cmd = xasprintf("tar c -C %s .", q);
	int r = ssh_run(s, cmd, fd, timeout, 0, "tar over ssh");

	free(cmd);
	free(q);
	return r;
}

/* poweroff -f; QEMU is killed anyway afterwards */
static void
shutdown_guest(struct session *s, bool ok)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	struct proc off = PROC_INIT;
	double t = proc_now();

	if (!ok || s->priv->vm.proc.pid <= 0)
		return;
	progress_stage(&s->pr, "shutdown");
	ssh_cmd_argv(s, "poweroff -f", 5, &argv);
	bb_strvec_push(&argv, NULL);
	off.argv = (const char *const *)argv.v;
	off.in = off.out = off.err = PROC_NULL;
	proc_start(&off, &s->err);
	guest_wait_poweroff(s, t);
	if (off.pid > 0)
		proc_kill(&off, 200);
	bb_strvec_clear(&argv);
}

/*
 * rm -rf REMOTE_DIR on the board, whatever happened before (keeping that
 * error), when it was made for the run (set only then)
 */
static void
shutdown_board(struct session *s, bool ok)
{
	struct bb_error saved = s->err;
	const char *failed = s->failed;
	char *q, *rm;

	if (s->priv->cmd.pid > 0)
		proc_kill(&s->priv->cmd, 500);
	if (s->interrupted || !s->remote_dir)
		return;
	q = ssh_quote(s->remote_dir);
	rm = xasprintf("rm -rf %s", q);
	s->err = (struct bb_error)BB_ERROR_INIT;
	if (ssh_run(s, rm, -1, 15, 0, "rm") != 0)
		progress_note(&s->pr, "could not remove %s on %s", s->remote_dir, ssh_dest(s));
	session_clear_error(s);
	s->err = saved;
	s->failed = failed;
	free(rm);
	free(q);
}

const struct transport transport_ssh_guest = {
	"ssh", true, connect_guest, run_ssh, collect_ssh, shell_ssh, shutdown_guest,
};

const struct transport transport_ssh_board = {
	"ssh", false, connect_board, run_ssh, collect_ssh, shell_ssh, shutdown_board,
};

/* [USER@]HOST: the user from there, or --ssh-user, or root */
static void
board_address(struct session *s)
{
	struct ssh_opts *so = &s->priv->ssh;
	const char *at = strrchr(s->o->host, '@');

	so->host = at ? at + 1 : s->o->host;
	if (at)
		so->user = s->priv->board_user = xstrndup(s->o->host, (size_t)(at - s->o->host));
	so->port = s->o->ssh_port;
	so->connect_timeout = (int)(s->o->connect_timeout + 0.999);
	so->hostkeys = s->o->accept_new_host_key ? SSH_HOSTKEYS_ACCEPT_NEW : SSH_HOSTKEYS_STRICT;
	so->known_hosts = s->o->known_hosts;
}

/*
 * one that exists is refused so that removing it afterwards removes only
 * what the run made
 */
int
target_board_dir(struct session *s, const char *dir)
{
	char *q = ssh_quote(dir), *cmd;
	int r;

	cmd = xasprintf("if [ -e %s ] || [ -L %s ]; then exit 3; fi; mkdir -m 700 %s", q, q, q);
	r = shell_ssh(s, cmd, s->o->connect_timeout + 30, "mkdir");
	free(cmd);
	free(q);
	if (r == 3)
		return session_fail(s, "%s exists on %s: --remote-dir is made for the run and "
			"removed after, so it must not exist (nothing in it was touched)", dir,
			ssh_dest(s));
	if (r > 0)
		return session_fail(s, "cannot make %s on %s (status %d)%s%s", dir, ssh_dest(s), r,
			*s->cmd_msg ? ": " : "", s->cmd_msg);
	if (r == 0)
		s->remote_dir = xstrdup(dir);
	return r;
}

int
target_board_connect(struct session *s)
{
	s->priv->tr = &transport_ssh_board;
	board_address(s);
	return stage_connect(s, s->o->connect_timeout);
}

int
ssh_shell_in(struct session *s, const char *cmd, int in_fd, double timeout, const char *what)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	ssh_cmd_argv(s, cmd, s->priv->ssh.connect_timeout, &argv);
	r = session_cmd_start_in(s, &argv, NULL, in_fd, -1);
	if (!r)
		r = session_cmd_wait(s, timeout, 0, what);
	bb_strvec_clear(&argv);
	return r == 255 ? ssh_failed(s) : r;
}
