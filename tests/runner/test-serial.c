/*
 * the serial transport without QEMU: the shell state machine of
 * runner/target/console.c fed a console transcript byte by byte, then
 * runner/target/transport-serial.c in a real session whose "guest" is /bin/sh -v
 * on pipes (its echo of what is typed standing in for the tty's): connect,
 * a task and its exit status, the wait for the processes a task left, the
 * tar stream in base64, the task's deadlines, and the guest going away
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/profile/stages.h"
#include "runner/profile/tarmeter.h"
#include "runner/target/session.h"
#include "tests/test-util.h"

struct feed {
	struct console_shell *c;
	struct bb_strvec output;	/* the lines that were the task's output */
};

static void
feed_line(void *ctx, const char *line)
{
	struct feed *f = ctx;

	if (console_shell_line(f->c, line))
		bb_strvec_pushdup(&f->output, line);
}

/* text into the machine one byte at a time, as a slow console gives it */
static void
feed(struct feed *f, const char *text)
{
	struct console_lines l = { BB_BUF_INIT, feed_line, f, NULL };

	for (const char *p = text; *p; p++)
		console_lines_feed(&l, p, 1);
	console_lines_release(&l);
}

static void
test_shell_machine(void **state)
{
	struct console_shell c;
	struct feed f = { &c, BB_STRVEC_INIT };
	char *line;

	console_shell_init(&c, "n0nce");
	free(console_shell_ready(&c));
	feed(&f, "[    1.0] random: crng init done\r\n/ # echo PGO-RDY-$((40+2))-n0nce\r\n");
	assert_false(c.want_seen);
	feed(&f, "PGO-RDY-42-n0nce\r\n");
	assert_true(c.want_seen);

	line = console_shell_run(&c, "task");
	assert_int_equal(c.mode, CONSOLE_WAIT_RUN);
	feed(&f, line);
	feed(&f, "\r\n[    2.0] kernel noise\r\nPGO-RUN-42-n0nce\r\n");
	assert_int_equal(c.mode, CONSOLE_TASK);
	feed(&f, "first\r\nan RC marker without its status: PGO-RC-42-n0nce\r\nlast\r\n");
	assert_int_equal(c.task_rc, -1);
	feed(&f, "PGO-RC-42-n0nce-3\r\n");
	assert_int_equal(c.task_rc, 3);
	assert_int_equal(c.mode, CONSOLE_IDLE);
	assert_int_equal(f.output.n, 3);
	assert_string_equal(f.output.v[0], "first");
	assert_string_equal(f.output.v[2], "last");
	free(line);

	line = console_shell_tar(&c, "/tmp/p");
	feed(&f, line);
	feed(&f, "\r\nPGO-TAR-42-n0nce\r\nAAFwZ2/+\r\n/yB0YXIK\r\nPGO-END-42-n0nce\r\n");
	assert_int_equal(c.mode, CONSOLE_TAR_DONE);
	assert_false(c.b64.bad);
	assert_int_equal(c.tar.len, 12);
	assert_memory_equal(c.tar.buf, "\x00\x01pgo\xfe\xff tar\n", 12);
	free(line);

	/* a kernel message in the middle of the base64 */
	c.mode = CONSOLE_IDLE;
	free(console_shell_tar(&c, "/tmp/p"));
	assert_int_equal(c.tar.len, 0);
	feed(&f, "PGO-TAR-42-n0nce\r\nAAFw\r\n[    3.0] oops\r\nZ2/+\r\nPGO-END-42-n0nce\r\n");
	assert_int_equal(c.mode, CONSOLE_TAR_DONE);
	assert_true(c.b64.bad);
	assert_int_equal(f.output.n, 3);
	console_shell_release(&c);
	bb_strvec_clear(&f.output);
}

static const char *const stages[] = { "boot", "connect", "run", "collect", "install", NULL };

struct guest_fx {
	struct target_opts o;
	const char *task;		/* /bin/sh's words */
	double timeout, idle_timeout;
	struct session s;
	FILE *log;
	char *dir;
};

/* a session whose QEMU is sh -c script on pipes; the task is /bin/sh TASK */
static struct guest_fx *
start(const char *script, const char *task)
{
	const char *argv[] = { "/bin/sh", "-c", script, NULL };
	struct guest_fx *g = xcalloc(1, sizeof(*g));
	static const char no_side_effects[] = "dmesg() { :; }; stty() { :; }\n";

	g->dir = test_tmpdir();
	g->o = (struct target_opts){ .target = TARGET_QEMU, .transport = TRANSPORT_SERIAL,
		.connect_timeout = 20 };
	g->task = task;
	g->timeout = 20;
	g->idle_timeout = 10;
	g->log = tmpfile();
	assert_non_null(g->log);
	session_init(&g->s, &g->o, g->log, false, "qemu", "/bin/sh task", stages);
	g->s.priv->tr = &transport_serial;
	g->s.priv->vm.proc.argv = argv;
	g->s.priv->vm.proc.in = g->s.priv->vm.proc.out = g->s.priv->vm.proc.err = PROC_PIPE;
	assert_int_equal(proc_start(&g->s.priv->vm.proc, &g->s.err), 0);
	g->s.priv->vm.proc.argv = NULL;
	assert_int_equal(write(g->s.priv->vm.proc.in_fd, no_side_effects,
		sizeof(no_side_effects) - 1), (ssize_t)sizeof(no_side_effects) - 1);
	return g;
}

/* the task of g with GCOV_PREFIX=dir, made afresh, as pgo-run profile runs it */
static int
run(struct guest_fx *g, const char *dir)
{
	char *prefix = xstrcat("GCOV_PREFIX=", dir, NULL);
	const char *env[] = { prefix, "GCOV_PREFIX_STRIP=0", NULL };
	struct target_task t = { "/bin/sh", g->task, env, dir, g->timeout, g->idle_timeout };
	int r = transport_serial.run(&g->s, &t);

	free(prefix);
	return r;
}

/* the session's filter: through the meter ctx */
static int
meter(void *ctx, const char *p, size_t n, struct bb_error *err)
{
	return tar_meter_feed(ctx, p, n, err);
}

/* the log so far; caller frees */
static char *
log_text(struct guest_fx *g)
{
	struct bb_buf b = BB_BUF_INIT;
	char chunk[4096];
	size_t n;

	fflush(g->log);
	rewind(g->log);
	while ((n = fread(chunk, 1, sizeof(chunk), g->log)) > 0)
		bb_buf_add(&b, chunk, n);
	return bb_buf_detach(&b);
}

static void
stop(struct guest_fx *g)
{
	session_release(&g->s);
	bb_error_clear(&g->s.err);
	fclose(g->log);
	test_rmtree(g->dir);
	free(g->dir);
	free(g);
}

/* what a file in the tar at path holds; caller frees */
static char *
tar_member(const char *path, const char *member)
{
	char *cmd = xasprintf("tar -xOf '%s' '%s'", path, member), buf[256];
	FILE *p = popen(cmd, "r");
	size_t n;

	assert_non_null(p);
	n = fread(buf, 1, sizeof(buf) - 1, p);
	buf[n] = '\0';
	assert_int_equal(pclose(p), 0);
	free(cmd);
	return xstrdup(buf);
}

static void
test_transport(void **state)
{
	struct guest_fx *g = start("exec 2>&1; exec /bin/sh -v",
		"-c 'echo one; echo two >&2; echo data >\"$GCOV_PREFIX/a.gcda\"; exit 3'");
	char *remote = xstrcat(g->dir, "/remote", NULL), *tar = xstrcat(g->dir, "/p.tar", NULL);
	char *text;
	FILE *out;

	progress_stage(&g->s.pr, "connect");
	assert_int_equal(transport_serial.connect(&g->s, 10), 0);
	progress_stage(&g->s.pr, "run");
	assert_int_equal(run(g, remote), 3);
	assert_string_equal(g->s.pr.last, "two");
	progress_stage(&g->s.pr, "collect");
	out = fopen(tar, "wb");
	assert_non_null(out);
	assert_int_equal(transport_serial.collect(&g->s, remote, fileno(out), 20), 0);
	fclose(out);
	assert_null(g->s.err.msg);
	text = tar_member(tar, "./a.gcda");
	assert_string_equal(text, "data\n");
	free(text);
	text = log_text(g);
	assert_non_null(strstr(text, "\none\ntwo\n"));
	assert_non_null(strstr(text, "PGO-TAR-42-"));
	assert_null(strstr(text, "PGO-END-42-"));
	free(text);
	free(remote);
	free(tar);
	stop(g);
}

/* the tar over the console goes through the session's filter: a file over its budget ends it */
static void
test_metered(void **state)
{
	struct guest_fx *g = start("exec 2>&1; exec /bin/sh -v",
		"-c 'head -c 3000 /dev/zero >\"$GCOV_PREFIX/big.gcda\"'");
	char *remote = xstrcat(g->dir, "/remote", NULL), *tar = xstrcat(g->dir, "/p.tar", NULL);
	struct tar_meter m;
	FILE *out;

	(void)state;
	tar_meter_init(&m, 1000, 1 << 20, 10);
	progress_stage(&g->s.pr, "connect");
	assert_int_equal(transport_serial.connect(&g->s, 10), 0);
	progress_stage(&g->s.pr, "run");
	assert_int_equal(run(g, remote), 0);
	progress_stage(&g->s.pr, "collect");
	out = fopen(tar, "wb");
	assert_non_null(out);
	g->s.filter = meter;
	g->s.filter_ctx = &m;
	assert_int_equal(transport_serial.collect(&g->s, remote, fileno(out), 20), -1);
	g->s.filter = NULL;
	fclose(out);
	assert_string_equal(g->s.err.msg, "collect: the archive from the target: entry "
		"'./big.gcda': over the budget per file of 1000 bytes");
	tar_meter_release(&m);
	free(remote);
	free(tar);
	stop(g);
}

static void
test_task_deadlines(void **state)
{
	struct guest_fx *g = start("exec /bin/sh", "-c 'sleep 3'");

	g->timeout = 0.5;
	assert_int_equal(transport_serial.connect(&g->s, 10), 0);
	progress_stage(&g->s.pr, "run");
	assert_int_equal(run(g, g->dir), -1);
	assert_string_equal(g->s.err.msg, "run: task: deadline of 0.5s passed");
	assert_string_equal(g->s.failed, "run");
	stop(g);

	g = start("exec /bin/sh", "-c 'echo a; sleep 3'");
	g->idle_timeout = 0.5;
	assert_int_equal(transport_serial.connect(&g->s, 10), 0);
	progress_stage(&g->s.pr, "run");
	assert_int_equal(run(g, g->dir), -1);
	assert_string_equal(g->s.err.msg, "run: task: no output for 0.5s");
	stop(g);
}

/*
 * the task of g run (when task) with GCOV_PREFIX=its dir/remote, where late
 * (when not NULL) is not yet when the task has ended; the linger command's
 * status (bound: seconds)
 */
static int
linger(struct guest_fx *g, bool task, double seconds, const char *late)
{
	char *remote = xstrcat(g->dir, "/remote", NULL), *cmd = stage_linger_cmd(remote, seconds);
	char *path = late ? xstrcat(remote, "/", late, NULL) : NULL;
	int r;

	assert_int_equal(transport_serial.connect(&g->s, 10), 0);
	progress_stage(&g->s.pr, "run");
	assert_true(!task || run(g, remote) == 0);
	assert_true(!path || access(path, F_OK) < 0);
	progress_stage(&g->s.pr, "collect");
	r = transport_serial.shell(&g->s, cmd, 30, "linger");
	assert_true(!path || access(path, F_OK) == 0);
	free(path);
	free(cmd);
	free(remote);
	return r;
}

/*
 * a child the task left writes its counts 3 seconds after the task ended:
 * the linger command waits for it; one that runs on past the bound is named;
 * a target without what the command needs says so
 */
static void
test_linger(void **state)
{
	struct guest_fx *g = start("exec 2>&1; exec /bin/sh -v", "-c '(sleep 3; "
		"echo late >\"$GCOV_PREFIX/b.gcda\") </dev/null >/dev/null 2>&1 & exit 0'");

	assert_int_equal(linger(g, true, 20, "b.gcda"), 0);
	assert_non_null(strstr(g->s.pr.last, "waiting for processes the task left: "));
	stop(g);

	g = start("exec /bin/sh", "-c 'sleep 5 </dev/null >/dev/null 2>&1 & exit 0'");
	assert_int_equal(linger(g, true, 1, NULL), 3);
	assert_non_null(strstr(g->s.pr.last, " sleep 5"));
	assert_int_equal(strspn(g->s.pr.last, "0123456789"), strcspn(g->s.pr.last, " "));
	assert_null(strchr(g->s.pr.last, ';'));
	stop(g);

	g = start("PATH=/nonexistent; export PATH; exec /bin/sh", "-c 'exit 0'");
	assert_int_equal(linger(g, false, 1, NULL), 4);
	assert_string_equal(g->s.pr.last, "no tr on the target");
	stop(g);
}

/* no shell answers: the deadline of connect; the guest ends: QEMU's status */
static void
test_no_shell(void **state)
{
	struct guest_fx *g = start("exec sleep 5", "");

	progress_stage(&g->s.pr, "connect");
	assert_int_equal(transport_serial.connect(&g->s, 1.5), -1);
	assert_string_equal(g->s.err.msg, "connect: no shell on the serial console within 1.5s");
	stop(g);

	g = start("read x; read x; echo bye >&2; exit 7", "");
	progress_stage(&g->s.pr, "connect");
	assert_int_equal(transport_serial.connect(&g->s, 10), -1);
	assert_string_equal(g->s.err.msg, "connect: QEMU exited (status 7): bye");
	stop(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shell_machine),
		cmocka_unit_test(test_transport),
		cmocka_unit_test(test_metered),
		cmocka_unit_test(test_task_deadlines),
		cmocka_unit_test(test_linger),
		cmocka_unit_test(test_no_shell),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
