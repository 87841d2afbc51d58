/* child processes: posix_spawn, reaping, cleanup on exit and on signals */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/proc.h"

extern char **environ;

#define MAX_LIVE 16

static pid_t live[MAX_LIVE];
static bool live_group[MAX_LIVE];	/* live[i] leads a process group of its own */
static int sigpipe_fds[2] = { -1, -1 };
static volatile sig_atomic_t caught;

double
proc_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void
proc_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void
track(pid_t pid, pid_t with, bool group)
{
	static bool registered;

	if (!registered) {
		registered = true;
		atexit(proc_cleanup_all);
	}
	for (size_t i = 0; i < MAX_LIVE; i++)
		if (live[i] == pid) {
			live[i] = with;
			live_group[i] = group;
			return;
		}
}

static int
decode(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

/* waitpid in an EINTR loop; the result, or -2 (WNOHANG and still running) */
static int
reap(pid_t pid, int flags)
{
	int status;
	pid_t r;

	do
		r = waitpid(pid, &status, flags);
	while (r < 0 && errno == EINTR);
	if (r == 0)
		return -2;
	track(pid, 0, false);
	return r < 0 ? -1 : decode(status);
}

/*
 * the environment with the additions in add (replacing variables of the same
 * name); only add with only
 */
static char **
make_env(const char *const *add, bool only)
{
	size_t n = 0, m = 0, k = 0;
	char **env;

	while (!only && environ[n])
		n++;
	while (add && add[m])
		m++;
	env = xcalloc(n + m + 1, sizeof(*env));
	for (size_t i = 0; i < n; i++) {
		size_t len = strcspn(environ[i], "=");
		bool replaced = false;

		for (size_t j = 0; j < m && !replaced; j++)
			replaced = !strncmp(add[j], environ[i], len) && add[j][len] == '=';
		if (!replaced)
			env[k++] = environ[i];
	}
	for (size_t j = 0; j < m; j++)
		env[k++] = (char *)add[j];
	return env;
}

/* one of the child's standard fds: ours is the parent's end of a pipe */
static int
setup_fd(posix_spawn_file_actions_t *fa, enum proc_stdio mode, int *fd, int target,
	int *child_end)
{
	int pfd[2];

	switch (mode) {
	case PROC_INHERIT:
		return 0;
	case PROC_NULL:
		return posix_spawn_file_actions_addopen(fa, target, "/dev/null",
			target ? O_WRONLY : O_RDONLY, 0);
	case PROC_FD:
		return posix_spawn_file_actions_adddup2(fa, *fd, target);
	case PROC_STDOUT:
		return target == STDERR_FILENO ?
			posix_spawn_file_actions_adddup2(fa, STDOUT_FILENO, target) : EINVAL;
	case PROC_PIPE:
		if (pipe2(pfd, O_CLOEXEC) < 0)
			return errno;
		*fd = target ? pfd[0] : pfd[1];
		*child_end = target ? pfd[1] : pfd[0];
		return posix_spawn_file_actions_adddup2(fa, *child_end, target);
	}
	return EINVAL;
}

/* the child starts with the signals pgo-run catches or ignores at their defaults */
static int
child_attr(posix_spawnattr_t *attr, bool group)
{
	sigset_t def, none;
	int r = posix_spawnattr_init(attr);

	sigemptyset(&none);
	sigemptyset(&def);
	sigaddset(&def, SIGINT);
	sigaddset(&def, SIGTERM);
	sigaddset(&def, SIGHUP);
	sigaddset(&def, SIGPIPE);
	if (!r)
		r = posix_spawnattr_setsigdefault(attr, &def);
	if (!r)
		r = posix_spawnattr_setsigmask(attr, &none);
	if (!r && group)
		r = posix_spawnattr_setpgroup(attr, 0);
	if (!r)
		r = posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK |
			(group ? POSIX_SPAWN_SETPGROUP : 0));
	return r;
}

static int
spawn(struct proc *p, posix_spawn_file_actions_t *fa, posix_spawnattr_t *attr, int ends[3])
{
	int *fds[3] = { &p->in_fd, &p->out_fd, &p->err_fd };
	enum proc_stdio modes[3] = { p->in, p->out, p->err };
	char **env;
	int r = 0;

	for (int i = 0; i < 3 && !r; i++)
		r = setup_fd(fa, modes[i], fds[i], i, &ends[i]);
	if (!r && p->dir)
		r = posix_spawn_file_actions_addchdir_np(fa, p->dir);
	if (r)
		return r;
	env = make_env(p->env, p->env_only);
	r = posix_spawnp(&p->pid, p->argv[0], fa, attr, (char *const *)p->argv, env);
	free(env);
	return r;
}

static void
close_pipes(struct proc *p)
{
	if (p->in == PROC_PIPE)
		proc_close(&p->in_fd);
	if (p->out == PROC_PIPE)
		proc_close(&p->out_fd);
	if (p->err == PROC_PIPE)
		proc_close(&p->err_fd);
}

int
proc_start(struct proc *p, struct bb_error *err)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int ends[3] = { -1, -1, -1 };
	int r;

	if (posix_spawn_file_actions_init(&fa))
		return bb_error(err, NULL, "%s: %s", p->argv[0], strerror(errno));
	track(0, 0, false);
	r = child_attr(&attr, p->group);
	if (!r)
		r = spawn(p, &fa, &attr, ends);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	for (int i = 0; i < 3; i++)
		proc_close(&ends[i]);
	if (r) {
		p->pid = -1;
		close_pipes(p);
		return bb_error(err, NULL, "%s: %s", p->argv[0], strerror(r));
	}
	track(0, p->pid, p->group);
	return 0;
}

int
proc_finish(struct proc *p)
{
	close_pipes(p);
	if (p->pid > 0) {
		p->status = reap(p->pid, 0);
		p->pid = -1;
	}
	return p->status;
}

int
proc_poll(struct proc *p)
{
	int r;

	if (p->pid <= 0)
		return p->status;
	r = reap(p->pid, WNOHANG);
	if (r == -2)
		return -2;
	p->pid = -1;
	return p->status = r;
}

/* whether pid has ended, without reaping it (a group leader's zombie keeps the group's id) */
static bool
ended(pid_t pid)
{
	siginfo_t si;

	si.si_pid = 0;
	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 || si.si_pid != 0;
}

/*
 * kills pid (SIGTERM, then SIGKILL after grace_ms) and reaps it; with group,
 * its group: SIGKILL to what is left of it before the leader is reaped
 */
static int
kill_reap(pid_t pid, int grace_ms, bool group)
{
	double end = proc_now() + grace_ms / 1000.0;
	pid_t who = group ? -pid : pid;

	kill(who, SIGTERM);
	while (!ended(pid) && proc_now() < end)
		poll(NULL, 0, 10);
	if (group || !ended(pid))
		kill(who, SIGKILL);
	return reap(pid, 0);
}

int
proc_kill(struct proc *p, int grace_ms)
{
	close_pipes(p);
	if (p->pid > 0) {
		p->status = kill_reap(p->pid, grace_ms, p->group);
		p->pid = -1;
	}
	return p->status;
}

int
proc_run(struct proc *p, struct bb_error *err)
{
	if (proc_start(p, err) < 0)
		return -1;
	return proc_finish(p);
}

void
proc_cleanup_all(void)
{
	for (size_t i = 0; i < MAX_LIVE; i++)
		if (live[i] > 0)
			kill(live_group[i] ? -live[i] : live[i], SIGTERM);
	for (size_t i = 0; i < MAX_LIVE; i++)
		if (live[i] > 0)
			kill_reap(live[i], 1000, live_group[i]);
}

static void
on_signal(int sig)
{
	unsigned char c = (unsigned char)sig;
	int saved = errno;

	caught = sig;
	if (write(sigpipe_fds[1], &c, 1) < 0) {
		/* the pipe is full: a signal is already pending there */
	}
	errno = saved;
}

int
proc_signals_init(struct bb_error *err)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;

	if (sigpipe_fds[0] >= 0)
		return 0;
	if (pipe2(sigpipe_fds, O_CLOEXEC | O_NONBLOCK) < 0)
		return bb_error(err, NULL, "pipe: %s", strerror(errno));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

int
proc_signal_fd(void)
{
	return sigpipe_fds[0];
}

int
proc_signal_caught(void)
{
	unsigned char c[64];
	int sig = caught;

	if (sigpipe_fds[0] >= 0)
		while (read(sigpipe_fds[0], c, sizeof(c)) > 0)
			;
	return sig;
}
