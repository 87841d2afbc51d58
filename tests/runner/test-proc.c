/* runner/proc.c: the child spec, exit statuses, pipes, kill and reap */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/proc.h"
#include "tests/test-util.h"

static int
sh(const char *script, struct proc *p)
{
	const char *argv[] = { "/bin/sh", "-c", script, NULL };
	struct bb_error err = BB_ERROR_INIT;
	int r;

	p->argv = argv;
	r = proc_run(p, &err);
	bb_error_clear(&err);
	return r;
}

static void
test_status(void **state)
{
	struct proc p = PROC_INIT;

	assert_int_equal(sh("exit 0", &p), 0);
	p = (struct proc)PROC_INIT;
	assert_int_equal(sh("exit 7", &p), 7);
	p = (struct proc)PROC_INIT;
	assert_int_equal(sh("kill -KILL $$", &p), 128 + SIGKILL);
}

/* output of script (stdout through a pipe, stderr as given) */
static char *
capture(const char *script, const char *const *env, const char *dir, enum proc_stdio err_mode)
{
	const char *argv[] = { "/bin/sh", "-c", script, NULL };
	struct bb_error err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;
	char buf[256];
	size_t len = 0;
	ssize_t n;

	p.argv = argv;
	p.env = env;
	p.dir = dir;
	p.in = PROC_NULL;
	p.out = PROC_PIPE;
	p.err = err_mode;
	assert_int_equal(proc_start(&p, &err), 0);
	while ((n = read(p.out_fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	assert_true(n == 0);
	buf[len] = '\0';
	assert_int_equal(proc_finish(&p), 0);
	return strdup(buf);
}

static void
test_env_dir_pipe(void **state)
{
	const char *env[] = { "PGO_A=1", "HOME=/nowhere", NULL };
	char *s = capture("printf '%s %s %s' \"$PGO_A\" \"$HOME\" \"$(pwd)\"", env, "/",
		PROC_INHERIT);

	assert_string_equal(s, "1 /nowhere /");
	free(s);
}

/* PROC_STDOUT: stderr into the same pipe as stdout, in the order written */
static void
test_stderr_to_stdout(void **state)
{
	char *s = capture("echo out; echo err >&2; echo out2", NULL, NULL, PROC_STDOUT);

	assert_string_equal(s, "out\nerr\nout2\n");
	free(s);
}

static void
test_spawn_error(void **state)
{
	const char *argv[] = { "/no/such/program", NULL };
	struct bb_error err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;

	p.argv = argv;
	assert_int_equal(proc_run(&p, &err), -1);
	assert_string_equal(err.msg, "/no/such/program: No such file or directory");
	bb_error_clear(&err);
}

static void
test_kill(void **state)
{
	const char *argv[] = { "/bin/sh", "-c", "trap '' TERM; sleep 30", NULL };
	struct bb_error err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;
	double t;

	p.argv = argv;
	assert_int_equal(proc_start(&p, &err), 0);
	assert_int_equal(proc_poll(&p), -2);
	usleep(100000);
	t = proc_now();
	/* SIGTERM is ignored: SIGKILL after the grace period */
	assert_int_equal(proc_kill(&p, 200), 128 + SIGKILL);
	assert_true(proc_now() - t < 5);
	assert_int_equal(p.pid, -1);
}

/* pid's state in /proc (R, S, Z...), or 0 when it is gone */
static char
state_of(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if (!(f = fopen(path, "r")))
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/*
 * a child leading a process group: its kill is the group's, a grandchild
 * that ignores SIGTERM (and outlives its parent) included
 */
static void
test_kill_group(void **state)
{
	/* SIGTERM ignored before anything is said: the shell and, inherited, the grandchild */
	const char *argv[] = { "/bin/sh", "-c", "trap '' TERM; sleep 30 & echo $!; sleep 30",
		NULL };
	struct bb_error err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;
	char buf[32] = "";
	pid_t leader, grandchild;
	int i;

	p.argv = argv;
	p.out = PROC_PIPE;
	p.group = true;
	assert_int_equal(proc_start(&p, &err), 0);
	leader = p.pid;
	assert_true(read(p.out_fd, buf, sizeof(buf) - 1) > 0);
	grandchild = (pid_t)atol(buf);
	assert_true(grandchild > 1);
	assert_int_equal(getpgid(grandchild), leader);
	assert_int_equal(proc_kill(&p, 200), 128 + SIGKILL);
	/* killed: gone, or a zombie until init reaps it */
	for (i = 0; i < 100 && state_of(grandchild) && state_of(grandchild) != 'Z'; i++)
		usleep(10000);
	assert_true(i < 100);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status),
		cmocka_unit_test(test_env_dir_pipe),
		cmocka_unit_test(test_stderr_to_stdout),
		cmocka_unit_test(test_spawn_error),
		cmocka_unit_test(test_kill),
		cmocka_unit_test(test_kill_group),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
