/* pgo-run bench: there, the commands on the target */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/os.h"
#include "runner/bench/bench-run.h"
#include "runner/bench/bench-text.h"

/*
 * what each command on a board or a guest says first: its shell's PID and
 * process group (the shell execs the python: the same process). sshd makes
 * the shell a session's leader, so a command cut off is killed there whole.
 */
#define GROUP_CMD "read -r _ _ _ _ g _ 2>/dev/null </proc/$$/stat; " \
	"echo \"PGO-BENCH-GROUP $$ ${g:-0}\"; "

/* cmd on the target, its output captured when capture; its status, or -1 */
int
bench_target_sh(struct bench *b, const char *cmd, double timeout, const char *what, bool capture)
{
	bool remote = b->o->p.t.target != TARGET_LOCAL;
	char *full = remote ? xstrcat(GROUP_CMD, cmd, NULL) : xstrdup(cmd);
	int r;

	bb_strvec_clear(&b->lines);
	b->capture = capture;
	b->cmd_lines = 0;
	b->group_pid = 0;
	r = target_shell(&b->s, full, timeout, what);
	b->capture = false;
	if (r < 0 && b->group_pid && !b->s.interrupted) {
		b->orphan_pid = b->group_pid;
		b->orphan_leader = b->group_leader;
	}
	free(full);
	return r;
}

/*
 * the processes of the command cut off, on the board or the guest: its shell
 * and every process descending from it (their parents in /proc), and its
 * process group when the shell leads one (what was orphaned stays in it)
 */
static char *
kill_cmd(long pid, bool leader)
{
	return xasprintf("p=%ld; t=$p; n=0; [ -d /proc/$p ] || exit 0; "
		"while [ \"$n\" != \"${#t}\" ]; do n=${#t}; "
		"for f in /proc/[0-9]*/stat; do read -r s 2>/dev/null <\"$f\" || continue; "
		"q=${f#/proc/}; q=${q%%/stat}; s=${s##*) }; set -- $s; "
		"case \" $t \" in *\" $q \"*) ;; *\" $2 \"*) t=\"$t $q\" ;; esac; done; done; "
		"%s kill -KILL $t 2>/dev/null; echo \"PGO-BENCH-KILLED $t\"",
		pid, leader ? "kill -KILL -$p 2>/dev/null;" : "");
}

/* nothing left running there by a command cut off (keeping the error) */
void
bench_kill_orphan(struct bench *b)
{
	struct bb_error saved = b->s.err;
	const char *failed = b->s.failed;
	char *cmd = kill_cmd(b->orphan_pid, b->orphan_leader);
	int r;

	b->s.err = (struct bb_error)BB_ERROR_INIT;
	r = target_shell(&b->s, cmd, 30, "kill");
	progress_note(&b->s.pr, r ? "could not kill what the command cut off left running on "
		"the target (its shell: PID %ld)" : "killed what the command cut off left running "
		"on the target (its shell: PID %ld)", b->orphan_pid);
	session_clear_error(&b->s);
	b->s.err = saved;
	b->s.failed = failed;
	b->orphan_pid = 0;
	free(cmd);
}

static const char *
last_captured(struct bench *b)
{
	return b->lines.n ? b->lines.v[b->lines.n - 1] : "";
}

/* the private directory made (it must not exist), and uname -m there */
static int
make_priv(struct bench *b)
{
	char *q = ssh_quote(b->priv), *cmd, *m;
	int r;

	cmd = xasprintf("if [ -e %s ]; then echo \"exists already\"; exit 3; fi; "
		"mkdir -p %s && uname -m", q, q);
	r = bench_target_sh(b, cmd, 60, "mkdir", true);
	free(cmd);
	free(q);
	if (r == 3)
		return bench_fail(b, "%s exists already on the target: give another --remote-dir",
			b->priv);
	if (r > 0)
		return bench_fail(b, "cannot make %s on the target (status %d)%s%s", b->priv, r,
			*b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	if (r < 0)
		return -1;
	b->priv_made = true;
	b->r.machine = xstrndup(last_captured(b), strnlen(last_captured(b), 100));
	m = bench_ascii_dup(b->r.machine);
	progress_note(&b->s.pr, "%s made on the target (%s)", b->priv, m);
	free(m);
	return 0;
}

/* the tar in fd unpacked into priv/sub on the target */
static int
push(struct bench *b, int fd, const char *sub, const char *what)
{
	char *dir = xasprintf("%s/%s", b->priv, sub), *q = ssh_quote(dir);
	char *cmd = xasprintf("mkdir -p %s && tar -x -f - -C %s", q, q);
	off_t size = lseek(fd, 0, SEEK_END);
	double t = proc_now();
	int r;

	lseek(fd, 0, SEEK_SET);
	progress_last(&b->s.pr, what);
	progress_draw(&b->s.pr, true);
	r = target_shell_in(&b->s, cmd, fd, 3600, "tar");
	if (r > 0 && session_disk_full(b->s.cmd_msg))
		bench_fail(b, "%s: the target's disk is full in %s (%lld bytes to unpack): %s", what,
			dir, (long long)size, b->s.cmd_msg);
	else if (r > 0)
		bench_fail(b, "%s: tar on the target exited with status %d%s%s", what, r,
			*b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	else if (!r)
		progress_note(&b->s.pr, "%s: %lld bytes into %s in %.1fs", what, (long long)size,
			dir, proc_now() - t);
	free(cmd);
	free(q);
	free(dir);
	return r ? -1 : 0;
}

int
bench_stage_copy(struct bench *b)
{
	char *set;
	int fd, r;

	progress_stage(&b->s.pr, "copy");
	if (make_priv(b) < 0)
		return -1;
	set = bb_path_join(b->host_tmp, "set");
	fd = bench_pack(b, set, "the benchmark set");
	free(set);
	if (fd < 0)
		return -1;
	r = push(b, fd, "set", "the benchmark set");
	close(fd);
	for (size_t i = 0; !r && i < b->o->nbuilds; i++) {
		struct bench_build *bd = &b->o->builds[i];
		char *sub = xasprintf("b%zu", i), *what = xasprintf("build %s", bd->label);

		if (bd->kind != BUILD_TARGET) {
			if ((fd = bench_pack(b, bd->tree, what)) < 0)
				r = -1;
			else
				r = push(b, fd, sub, what);
			if (fd >= 0)
				close(fd);
			bd->python = xasprintf("%s/%s/%s", b->priv, sub, bd->rel);
			bd->target_libdir = xasprintf("%s/%s/%s", b->priv, sub, bd->libdir);
		}
		free(sub);
		free(what);
	}
	return r;
}

/* "LD_LIBRARY_PATH=DIR exec PYTHON" or "exec PYTHON", quoted */
char *
bench_python_cmd(const struct bench_build *bd)
{
	char *qp = ssh_quote(bd->python), *s;

	if (bd->target_libdir) {
		char *ql = ssh_quote(bd->target_libdir);

		s = xasprintf("LD_LIBRARY_PATH=%s exec %s", ql, qp);
		free(ql);
	} else {
		s = xasprintf("exec %s", qp);
	}
	free(qp);
	return s;
}

/* ELF's e_machine names, as uname -m says them */
static const char *
elf_machine(const char *path)
{
	unsigned char h[20];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(h, 1, sizeof(h), f) : 0;
	unsigned m;

	if (f)
		fclose(f);
	if (n < sizeof(h) || memcmp(h, "\177ELF", 4))
		return NULL;
	m = h[5] == 2 ? (unsigned)h[18] << 8 | h[19] : (unsigned)h[19] << 8 | h[18];
	switch (m) {
	case 3: return "i386";
	case 8: return "mips";
	case 20: return "ppc";
	case 21: return "ppc64";
	case 40: return "arm";
	case 62: return "x86_64";
	case 183: return "aarch64";
	case 243: return h[4] == 2 ? "riscv64" : "riscv32";
	}
	return "another architecture";
}

/* whether ELF machine m runs where uname -m says u */
static bool
machine_fits(const char *m, const char *u)
{
	if (!strcmp(m, "arm"))
		return !strncmp(u, "arm", 3);
	if (!strcmp(m, "i386"))
		return u[0] == 'i' && !strcmp(u + 2, "86");
	return !strncmp(u, m, strlen(m));
}

/* why a build did not start: its architecture, else its own last line */
static int
not_started(struct bench *b, const struct bench_build *bd, int r)
{
	const char *m = NULL, *u = b->r.machine ? b->r.machine : "";
	const char *last = *last_captured(b) ? last_captured(b) : b->s.cmd_msg;

	if (bd->kind != BUILD_TARGET) {
		char *p = bb_path_join(bd->tree, bd->rel), *real = realpath(p, NULL);

		m = elf_machine(real ? real : p);
		free(real);
		free(p);
	}
	if (m && *u && !machine_fits(m, u))
		return bench_fail(b, "build %s does not start on the target: its %s is an %s "
			"executable and the target is %s", bd->label, bd->rel, m, u);
	if (r == 126 || r == 127)
		return bench_fail(b, "build %s does not start on the target: %s", bd->label,
			*last ? last : r == 127 ? "not found" : "cannot execute");
	return bench_fail(b, "build %s does not start on the target (status %d)%s%s", bd->label, r,
		*last ? ": " : "", last);
}

int
bench_stage_check(struct bench *b)
{
	progress_stage(&b->s.pr, "check");
	for (size_t i = 0; i < b->o->nbuilds; i++) {
		struct bench_build *bd = &b->o->builds[i];
		char *py = bench_python_cmd(bd), *qd = ssh_quote(b->priv);
		char *cmd = xasprintf("cd %s && %s -I -c 'import sys; print(\"PGO-BENCH-VERSION\", "
			"sys.version.split()[0])' 2>&1", qd, py);
		int r = bench_target_sh(b, cmd, b->o->p.timeout, "python3 -c", true);
		const char *v = bench_parse_version(last_captured(b));
		char *shown;

		free(cmd);
		free(qd);
		free(py);
		if (r < 0)
			return -1;
		if (r > 0 || !v)
			return not_started(b, bd, r);
		bd->version = xstrdup(v);
		shown = bench_ascii_dup(v);
		progress_note(&b->s.pr, "build %s: Python %s, %s", bd->label, shown, bd->python);
		free(shown);
	}
	return 0;
}
