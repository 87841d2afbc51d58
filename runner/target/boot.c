/* --target qemu: QEMU started, its console watched, booted again when it loses its port */
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "runner/target/session.h"

#define KVM_PROBE_MS 1000
#define SHUTDOWN_SECONDS 5.0
/* QEMU started this many times when another process takes the chosen ssh port */
#define PORT_TRIES 5

static void
console_line(void *ctx, const char *line)
{
	struct session *s = ctx;
	struct session_priv *sp = s->priv;
	struct guest *vm = &sp->vm;

	if (sp->shell.mode != CONSOLE_TAR)
		progress_line(&s->pr, "", line);
	if (s->o->boot_marker && strstr(line, s->o->boot_marker))
		vm->marker_seen = true;
	if (strstr(line, "Kernel panic"))
		session_keep(vm->panic, sizeof(vm->panic), line);
	if (!strcmp(s->pr.stage, "boot") || !strcmp(s->pr.stage, "connect"))
		progress_last(&s->pr, line);
	if (console_shell_line(&sp->shell, line)) {
		loop_active(&sp->loop);
		progress_last(&s->pr, line);
	}
}

static void
qemu_err_line(void *ctx, const char *line)
{
	struct session *s = ctx;
	struct guest *vm = &s->priv->vm;

	progress_line(&s->pr, "qemu: ", line);
	session_keep(vm->msg, sizeof(vm->msg), line);
	/* another process took the port between qemu_free_port() and QEMU's bind */
	if (s->priv->ssh.port && strstr(line, "host forwarding rule"))
		vm->port_lost = true;
}

/* QEMU closed its output: it has ended, or is about to */
static bool
gone(void *ctx)
{
	struct session *s = ctx;
	struct guest *vm = &s->priv->vm;

	return vm->proc.pid > 0 && vm->proc.out_fd < 0 && vm->proc.err_fd < 0;
}

void
guest_init(struct session *s)
{
	struct session_priv *sp = s->priv;
	struct guest *vm = &sp->vm;

	vm->proc = (struct proc)PROC_INIT;
	vm->con = (struct console_lines){ BB_BUF_INIT, console_line, s, NULL };
	vm->err = (struct console_lines){ BB_BUF_INIT, qemu_err_line, s, NULL };
	loop_watch(&sp->loop, &vm->proc.out_fd, &vm->con);
	loop_watch(&sp->loop, &vm->proc.err_fd, &vm->err);
	sp->loop.gone = gone;
}

void
guest_stop(struct session *s)
{
	struct guest *vm = &s->priv->vm;
	const char *stage = s->pr.stage;
	pid_t pid = vm->proc.pid;
	int st;

	if (pid <= 0)
		return;
	st = proc_kill(&vm->proc, 1000);
	s->pr.stage = "cleanup";
	progress_note(&s->pr, "qemu pid %d reaped (status %d)", (int)pid, st);
	s->pr.stage = stage;
}

void
guest_release(struct session *s)
{
	struct guest *vm = &s->priv->vm;

	console_lines_release(&vm->con);
	console_lines_release(&vm->err);
	qemu_conf_release(&vm->conf);
}

int
guest_exited(struct session *s)
{
	struct guest *vm = &s->priv->vm;
	int st = proc_finish(&vm->proc);

	if (*vm->panic)
		return session_fail(s, "the guest kernel panicked: %s", vm->panic);
	if (*vm->msg)
		return session_fail(s, "QEMU exited (status %d): %s", st, vm->msg);
	return session_fail(s, "QEMU exited (status %d)", st);
}

static bool
ended(void *ctx)
{
	struct session *s = ctx;

	return gone(s) || s->priv->vm.proc.pid < 0;
}

void
guest_wait_poweroff(struct session *s, double t)
{
	if (session_wait(s, ended, SHUTDOWN_SECONDS, 0, "poweroff") == 0)
		progress_note(&s->pr, "QEMU ended %.1fs after poweroff -f", proc_now() - t);
	session_clear_error(s);
}

static int
load_conf(struct session *s)
{
	const struct target_opts *o = s->o;
	struct qemu_conf *c = &s->priv->vm.conf;
	struct bb_error err = BB_ERROR_INIT;

	if (o->qemuboot && qemu_conf_load(c, o->qemuboot, &s->err) < 0)
		return -1;
	if (o->kernel)
		qemu_conf_set(&c->kernel, o->kernel);
	if (o->rootfs) {
		qemu_conf_set(&c->rootfs, o->rootfs);
		qemu_conf_set(&c->fstype, strstr(o->rootfs, ".cpio") ? "cpio.gz" : "ext4");
	}
	qemu_conf_defaults(c);
	if (!c->kernel)
		return session_fail(s, "no kernel: give --qemuboot FILE or --kernel FILE");
	if (qemu_conf_check(c, &err) < 0) {
		session_fail(s, "%s", err.msg);
		bb_error_clear(&err);
		return -1;
	}
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
		if (i == s->priv->vm.port_try)
			return v > 0 && v < 65536 ? (int)v : -1;
		p = end;
	}
	return qemu_free_port();
}

static int
start_qemu(struct session *s, const struct qemu_opts *qo)
{
	struct session_priv *sp = s->priv;
	struct guest *vm = &sp->vm;
	struct bb_strvec argv = BB_STRVEC_INIT;
	struct bb_buf line = BB_BUF_INIT;
	int r;

	qemu_argv(&vm->conf, qo, &argv);
	for (size_t i = 0; i < argv.n; i++)
		bb_buf_addf(&line, "%s%s", i ? " " : "", argv.v[i]);
	progress_note(&s->pr, "%s", line.buf);
	bb_buf_release(&line);
	bb_strvec_push(&argv, NULL);
	vm->proc.argv = (const char *const *)argv.v;
	vm->proc.in = vm->proc.out = vm->proc.err = PROC_PIPE;
	r = proc_start(&vm->proc, &s->err);
	vm->proc.argv = NULL;
	bb_strvec_clear(&argv);
	if (r < 0)
		return session_fail(s, "cannot start QEMU");
	progress_note(&s->pr, "qemu pid %d", (int)vm->proc.pid);
	if (sp->ssh.port)
		progress_note(&s->pr, "ssh port 127.0.0.1:%d", sp->ssh.port);
	return 0;
}

static int
stage_boot(struct session *s)
{
	struct session_priv *sp = s->priv;
	struct guest *vm = &sp->vm;
	const struct target_opts *o = s->o;
	struct qemu_opts qo = { .bindir = o->qemu_bindir, .accel = o->accel,
		.kernel_append = o->kernel_append, .qemu_append = o->qemu_append, .smp = o->smp };

	progress_stage(&s->pr, "boot");
	if (sp->tr->forward_port && (sp->ssh.port = qo.ssh_port = pick_port(s)) < 0)
		return session_fail(s, "no free TCP port on 127.0.0.1");
	free(sp->user_host);
	sp->user_host = NULL;
	if (!vm->port_try) {
		vm->accel = qemu_accel_resolve(&vm->conf, &qo, KVM_PROBE_MS, &vm->accel_why);
		progress_note(&s->pr, "accelerator %s%s%s",
			qemu_accel_names[vm->accel], vm->accel_why ? ": " : "",
			vm->accel_why ? vm->accel_why : "");
	}
	qo.accel = vm->accel;
	if (start_qemu(s, &qo) < 0)
		return -1;
	if (!o->boot_marker)
		return 0;
	if (session_wait_flag(s, &vm->marker_seen, o->boot_timeout, "boot marker") < 0)
		return -1;
	progress_note(&s->pr, "%s after %.1fs", o->boot_marker, proc_now() - s->pr.t0);
	return 0;
}

/* QEMU lost the race for its port (qemu_free_port() only probes): again */
static bool
boot_again(struct session *s)
{
	struct guest *vm = &s->priv->vm;

	if (!vm->port_lost || vm->proc.pid > 0 || vm->port_try + 1 >= PORT_TRIES)
		return false;
	progress_note(&s->pr, "127.0.0.1:%d was taken before QEMU could bind it; another port "
		"(try %d of %d)", s->priv->ssh.port, vm->port_try + 2, PORT_TRIES);
	proc_finish(&vm->proc);
	vm->proc = (struct proc)PROC_INIT;
	console_lines_release(&vm->con);
	console_lines_release(&vm->err);
	*vm->msg = *vm->panic = '\0';
	vm->marker_seen = vm->port_lost = false;
	vm->port_try++;
	session_clear_error(s);
	return true;
}

/* boot and connect, with QEMU started again while it loses its port */
static int
boot_connect(struct session *s)
{
	struct guest *vm = &s->priv->vm;
	const struct target_opts *o = s->o;
	double timeout = o->connect_timeout + (o->boot_marker ? 0 : o->boot_timeout);
	int r;

	while ((r = stage_boot(s) == 0 && stage_connect(s, timeout) == 0 ? 0 : -1) < 0 &&
	       boot_again(s))
		;
	if (r < 0 && vm->port_lost && vm->proc.pid <= 0 && vm->port_try + 1 >= PORT_TRIES) {
		session_clear_error(s);
		session_fail(s, "QEMU could not forward a port to the guest's ssh (%d ports tried, "
			"the last 127.0.0.1:%d taken)", vm->port_try + 1, s->priv->ssh.port);
	}
	return r;
}

int
target_boot_connect(struct session *s)
{
	s->priv->tr = s->o->transport == TRANSPORT_SERIAL ? &transport_serial :
		&transport_ssh_guest;
	return load_conf(s) == 0 && boot_connect(s) == 0 ? 0 : -1;
}
