/*
 * runner/target/loop.c: the deadlines of the poll loop on a fake clock that moves one
 * second a round, over real pipes: the total deadline, the silence, a
 * condition met by a line (the last one without its newline), a child gone,
 * and a signal
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/strvec.h"
#include "runner/target/loop.h"
#include "runner/proc.h"
#include "tests/test-util.h"

static double fake_t;

static double
fake_now(void)
{
	return fake_t;
}

struct fx {
	struct loop l;
	int rfd, wfd;
	struct console_lines lines;
	struct bb_strvec got;
	int rounds;
	const char *const *writes;	/* written one a round, NULL-terminated */
	int gone_after, signal_after;	/* rounds; 0: never */
	const char *want;		/* the line done() waits for */
};

static void
on_line(void *ctx, const char *line)
{
	struct fx *f = ctx;

	bb_strvec_pushdup(&f->got, line);
	loop_active(&f->l);
}

/* one second a round; the next write, and the end of the pipe after the last */
static void
tick(void *ctx)
{
	struct fx *f = ctx;

	fake_t += 1;
	f->rounds++;
	if (f->writes && *f->writes) {
		assert_true(write(f->wfd, *f->writes, strlen(*f->writes)) >= 0);
		if (!*++f->writes)
			proc_close(&f->wfd);
	}
	if (f->signal_after && f->rounds == f->signal_after)
		raise(SIGTERM);
}

static bool
gone(void *ctx)
{
	struct fx *f = ctx;

	return f->gone_after && f->rounds >= f->gone_after;
}

static bool
done(void *ctx)
{
	struct fx *f = ctx;

	return f->want && bb_strvec_has(&f->got, f->want);
}

static int
setup(void **state)
{
	struct fx *f = xcalloc(1, sizeof(*f));
	int p[2];

	assert_int_equal(pipe(p), 0);
	f->rfd = p[0];
	f->wfd = p[1];
	f->lines = (struct console_lines){ BB_BUF_INIT, on_line, f, NULL };
	loop_init(&f->l, f);
	f->l.now = fake_now;
	f->l.tick = tick;
	f->l.gone = gone;
	loop_watch(&f->l, &f->rfd, &f->lines);
	fake_t = 1000;
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	proc_close(&f->rfd);
	proc_close(&f->wfd);
	console_lines_release(&f->lines);
	bb_strvec_clear(&f->got);
	free(f);
	return 0;
}

/* nothing comes: the deadline, after as many rounds as seconds */
static void
test_deadline(void **state)
{
	struct fx *f = *state;

	assert_int_equal(loop_wait(&f->l, done, 2.5, 0), LOOP_DEADLINE);
	assert_int_equal(f->rounds, 3);
	assert_true(fake_t == 1003);
}

/* output for three rounds, then silence: idle seconds after the last line */
static void
test_idle(void **state)
{
	static const char *const writes[] = { "one\n", "two\n", "three\n", "", NULL };
	struct fx *f = *state;

	f->writes = writes;
	assert_int_equal(loop_wait(&f->l, done, 100, 2), LOOP_IDLE);
	assert_int_equal(f->got.n, 3);
	assert_true(f->l.activity == 1003);
	assert_true(fake_t == 1005);
}

/* lines keep the idle deadline away, never the total one */
static void
test_deadline_despite_output(void **state)
{
	static const char *const writes[] = { "a\n", "b\n", "c\n", "d\n", "e\n", "f\n", NULL };
	struct fx *f = *state;

	f->writes = writes;
	assert_int_equal(loop_wait(&f->l, done, 4, 1.5), LOOP_DEADLINE);
	assert_int_equal(f->got.n, 3);
	assert_true(fake_t == 1004);
}

/* the line waited for comes in pieces, the last without a newline before the end */
static void
test_done_at_eof(void **state)
{
	static const char *const writes[] = { "noise\r\nREA", "DY", NULL };
	struct fx *f = *state;

	f->writes = writes;
	f->want = "READY";
	assert_int_equal(loop_wait(&f->l, done, 60, 0), LOOP_DONE);
	assert_int_equal(f->got.n, 2);
	assert_string_equal(f->got.v[0], "noise");
	assert_int_equal(f->rfd, -1);
}

/* the child goes away: LOOP_GONE, unless what was waited for came first */
static void
test_gone(void **state)
{
	static const char *const writes[] = { "READY\n", NULL };
	struct fx *f = *state;

	f->gone_after = 2;
	assert_int_equal(loop_wait(&f->l, done, 60, 0), LOOP_GONE);
	assert_int_equal(f->rounds, 2);
	f->writes = writes;
	f->want = "READY";
	f->rounds = 0;
	assert_int_equal(loop_wait(&f->l, done, 60, 0), LOOP_DONE);
}

/* SIGTERM through the self-pipe ends the wait (last: the signal stays caught) */
static void
test_signal(void **state)
{
	struct fx *f = *state;
	struct bb_error err = BB_ERROR_INIT;

	assert_int_equal(proc_signals_init(&err), 0);
	f->signal_after = 2;
	assert_int_equal(loop_wait(&f->l, done, 60, 0), LOOP_SIGNAL);
	assert_int_equal(f->l.signal, SIGTERM);
	assert_int_equal(f->rounds, 2);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_deadline), T(test_idle), T(test_deadline_despite_output),
		T(test_done_at_eof), T(test_gone), T(test_signal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
