/* --target local and qemu-user: the commands on this machine */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/os.h"
#include "runner/target/session.h"

/* the task on this machine: sh -c 'exec "$@" WORDS' sh [QEMU -L SYSROOT] PROGRAM */
static int
run_local(struct session *s, const struct target_task *t)
{
	char *words = xasprintf("exec \"$@\" %s", t->words);
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bb_strvec_pushdup(&argv, "/bin/sh");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_push(&argv, words);
	bb_strvec_pushdup(&argv, "sh");
	if (s->qemu_user) {
		bb_strvec_pushdup(&argv, s->qemu_user);
		if (s->o->sysroot) {
			bb_strvec_pushdup(&argv, "-L");
			bb_strvec_pushdup(&argv, s->o->sysroot);
		}
	}
	bb_strvec_pushdup(&argv, t->program);
	r = session_cmd_start(s, &argv, t->env, -1);
	if (!r)
		r = session_cmd_wait(s, t->timeout, t->idle, "task");
	bb_strvec_clear(&argv);
	return r;
}

static int
collect_local(struct session *s, const char *dir, int fd, double timeout)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bb_strvec_pushdup(&argv, "tar");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_pushdup(&argv, "-C");
	bb_strvec_pushdup(&argv, dir);
	bb_strvec_pushdup(&argv, ".");
	r = session_cmd_start(s, &argv, NULL, fd);
	if (!r)
		r = session_cmd_wait(s, timeout, 0, "tar");
	bb_strvec_clear(&argv);
	return r;
}

int
local_shell_in(struct session *s, const char *cmd, int in_fd, double timeout, const char *what)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bb_strvec_pushdup(&argv, "/bin/sh");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_pushdup(&argv, cmd);
	r = session_cmd_start_in(s, &argv, NULL, in_fd, -1);
	if (!r)
		r = session_cmd_wait(s, timeout, 0, what);
	bb_strvec_clear(&argv);
	return r;
}

static int
shell_local(struct session *s, const char *cmd, double timeout, const char *what)
{
	return local_shell_in(s, cmd, -1, timeout, what);
}

/* nothing to connect to or shut down: the directory goes with the target */
const struct transport transport_local = {
	NULL, false, NULL, run_local, collect_local, shell_local, NULL,
};

/* name in dir, or in each directory of $PATH when dir is NULL; caller frees */
static char *
find_program(const char *name, const char *dir)
{
	const char *path = dir ? dir : getenv("PATH");

	if (strchr(name, '/'))
		return access(name, X_OK) ? NULL : xstrdup(name);
	for (const char *p = path ? path : "/usr/bin:/bin"; ; p++) {
		size_t n = dir ? strlen(p) : strcspn(p, ":");
		char *d = n ? xstrndup(p, n) : xstrdup("."), *f = bb_path_join(d, name);

		free(d);
		if (!access(f, X_OK))
			return f;
		free(f);
		p += n;
		if (!*p)
			return NULL;
	}
}

/* --qemu-user BIN: in --qemu-bindir or PATH, its ARCH from its name */
static int
given_qemu_user(struct session *s)
{
	const struct target_opts *o = s->o;
	const char *where = o->qemu_bindir ? o->qemu_bindir : "PATH", *base;

	if (!(s->qemu_user = find_program(o->qemu_user, o->qemu_bindir)))
		return session_fail(s, "--qemu-user %s: no such program%s%s", o->qemu_user,
			strchr(o->qemu_user, '/') ? "" : " in ",
			strchr(o->qemu_user, '/') ? "" : where);
	base = strrchr(s->qemu_user, '/');
	base = base ? base + 1 : s->qemu_user;
	if (!strncmp(base, "qemu-", 5) && base[5])
		s->arch = xstrndup(base + 5, strcspn(base + 5, "-"));
	return 0;
}

/* the emulator: --qemu-user, or qemu-ARCH[-static] */
static int
find_qemu_user(struct session *s)
{
	const struct target_opts *o = s->o;
	char *name;

	if (o->qemu_user)
		return given_qemu_user(s);
	s->arch = xstrdup(o->arch);
	name = xstrcat("qemu-", o->arch, NULL);
	if (!(s->qemu_user = find_program(name, o->qemu_bindir))) {
		char *static_name = xstrcat(name, "-static", NULL);

		s->qemu_user = find_program(static_name, o->qemu_bindir);
		free(static_name);
	}
	if (!s->qemu_user)
		session_fail(s, "%s (or %s-static) not found in %s: install qemu-user, or give "
			"--qemu-user BIN or --qemu-bindir DIR", name, name,
			o->qemu_bindir ? o->qemu_bindir : "PATH");
	free(name);
	return s->qemu_user ? 0 : -1;
}

static int
check_sysroot(struct session *s)
{
	struct stat st;

	if (!s->o->sysroot)
		return 0;
	if (stat(s->o->sysroot, &st) < 0)
		return session_fail(s, "--sysroot %s: %s", s->o->sysroot, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return session_fail(s, "--sysroot %s: not a directory", s->o->sysroot);
	return 0;
}

int
target_here(struct session *s)
{
	s->priv->tr = &transport_local;
	if (s->o->target != TARGET_QEMU_USER)
		return 0;
	return check_sysroot(s) == 0 && find_qemu_user(s) == 0 ? 0 : -1;
}
