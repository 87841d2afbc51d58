/* the poll loop over the children's pipes and the signal self-pipe */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include "runner/target/loop.h"
#include "runner/proc.h"

#define ROUND_MS 200

void
loop_init(struct loop *l, void *ctx)
{
	*l = (struct loop){ .now = proc_now, .ctx = ctx };
}

void
loop_watch(struct loop *l, int *fd, struct console_lines *lines)
{
	if (l->n == LOOP_MAX_FDS)
		abort();
	l->fd[l->n] = fd;
	l->lines[l->n++] = lines;
}

void
loop_active(struct loop *l)
{
	l->activity = l->now();
}

static void
read_into(int *fd, struct console_lines *lines)
{
	char buf[65536];
	ssize_t n = read(*fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		console_lines_flush(lines);
		proc_close(fd);
		return;
	}
	console_lines_feed(lines, buf, (size_t)n);
}

/* one round: waits until deadline (at most ROUND_MS) for output or a signal */
static enum loop_result
round_until(struct loop *l, double deadline)
{
	struct pollfd pfd[LOOP_MAX_FDS + 1];
	int map[LOOP_MAX_FDS + 1], n = 1, ms = (int)((deadline - l->now()) * 1000);

	pfd[0] = (struct pollfd){ proc_signal_fd(), POLLIN, 0 };
	for (int i = 0; i < l->n; i++)
		if (*l->fd[i] >= 0) {
			map[n] = i;
			pfd[n++] = (struct pollfd){ *l->fd[i], POLLIN, 0 };
		}
	ms = ms < 0 ? 0 : ms > ROUND_MS ? ROUND_MS : ms;
	if (poll(pfd, (nfds_t)n, ms) < 0 && errno != EINTR) {
		l->error = errno;
		return LOOP_ERROR;
	}
	if ((l->signal = proc_signal_caught()))
		return LOOP_SIGNAL;
	for (int i = 1; i < n; i++)
		if (pfd[i].revents)
			read_into(l->fd[map[i]], l->lines[map[i]]);
	if (l->tick)
		l->tick(l->ctx);
	return LOOP_DONE;
}

enum loop_result
loop_wait(struct loop *l, bool (*done)(void *ctx), double timeout, double idle)
{
	double end = l->now() + timeout;
	enum loop_result r;

	loop_active(l);
	for (;;) {
		double now, until;

		if (done(l->ctx))
			return LOOP_DONE;
		if (l->gone && l->gone(l->ctx))
			return LOOP_GONE;
		now = l->now();
		if (now >= end)
			return LOOP_DEADLINE;
		if (idle > 0 && now >= l->activity + idle)
			return LOOP_IDLE;
		until = idle > 0 && l->activity + idle < end ? l->activity + idle : end;
		if ((r = round_until(l, until)) != LOOP_DONE)
			return r;
	}
}
