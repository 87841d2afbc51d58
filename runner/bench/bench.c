/* pgo-run bench: the builds copied to the target, checked, timed round after round */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "common/fe.h"
#include "runner/bench/bench-stats.h"
#include "runner/bench/bench-text.h"
#include "runner/bench/bench.h"
#include "runner/target/session.h"

const char *const bench_names[] = { "pystone", "richards", "nbody", "float_", "spectral_norm",
	"fannkuch", "json_", "regex", "nqueens", "generators", "strings", "startup", NULL };

struct bench {
	struct session s;		/* first: the line callbacks get it as their ctx */
	struct bench_opts *o;
	struct bench_result r;
	char *host_tmp;			/* here: the set, the unpacked tarballs */
	char *priv;			/* the private directory on the target */
	bool priv_made;
	void (*out_line)(void *ctx, const char *line);	/* the session's */
	struct bb_strvec lines;		/* the output captured */
	bool capture;
	/* the rounds */
	int round;			/* 1-based; <= warmup: a warm-up round */
	size_t items_done, items_total;
	double bench_t0;
	char fail[300];			/* a benchmark's failure, from the driver */
	char bad[300];			/* a time that is not one, from the driver */
	/* the command running on a board or a guest: its shell's PGO-BENCH-GROUP */
	size_t cmd_lines;		/* its lines so far */
	long group_pid;			/* its shell there, or 0 */
	bool group_leader;		/* which leads its process group */
	/* a command cut off there (its deadline, a lost connection): what it left runs */
	long orphan_pid;
	bool orphan_leader;
};

static int
fail(struct bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
fail(struct bench *b, const char *fmt, ...)
{
	struct bb_buf m = BB_BUF_INIT;
	va_list ap;
	int r;

	va_start(ap, fmt);
	bb_buf_vaddf(&m, fmt, ap);
	va_end(ap);
	r = session_fail(&b->s, "%s", m.buf);
	bb_buf_release(&m);
	return r;
}

/* the benchmarks run: --benchmarks's, in bench_names' order */
static void
pick_benches(struct bench *b)
{
	const char *list = b->o->benchmarks;

	b->r.benches = xmalloc(sizeof(bench_names));
	for (size_t i = 0; bench_names[i]; i++) {
		const char *name = bench_names[i];
		size_t n = strlen(name) - (name[strlen(name) - 1] == '_');
		bool want = !list;

		for (const char *p = list; p && *p; p += strcspn(p, ","), p += *p == ',') {
			size_t k = strcspn(p, ",");

			want = want || ((k == n || k == strlen(name)) && !strncmp(p, name, k));
		}
		if (want)
			b->r.benches[b->r.nbench++] = name;
	}
	b->r.benches[b->r.nbench] = NULL;
}

static void
result_init(struct bench *b)
{
	size_t nb = b->o->nbuilds;

	pick_benches(b);
	b->r.o = b->o;
	b->r.times = xmalloc(nb * sizeof(*b->r.times));
	b->r.cpu = xmalloc(nb * sizeof(*b->r.cpu));
	b->r.n = xmalloc(nb * sizeof(*b->r.n));
	b->r.cap = xmalloc(nb * sizeof(*b->r.cap));
	for (size_t i = 0; i < nb; i++) {
		b->r.times[i] = xmalloc(b->r.nbench * sizeof(**b->r.times));
		b->r.cpu[i] = xmalloc(b->r.nbench * sizeof(**b->r.cpu));
		b->r.n[i] = xmalloc(b->r.nbench * sizeof(**b->r.n));
		b->r.cap[i] = xmalloc(b->r.nbench * sizeof(**b->r.cap));
		for (size_t j = 0; j < b->r.nbench; j++) {
			b->r.times[i][j] = b->r.cpu[i][j] = NULL;
			b->r.n[i][j] = b->r.cap[i][j] = 0;
		}
	}
}

static void
result_add(struct bench_result *r, size_t build, size_t bench, double wall, double cpu)
{
	size_t *n = &r->n[build][bench], *cap = &r->cap[build][bench];

	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		r->times[build][bench] = xrealloc(r->times[build][bench], *cap * sizeof(double));
		r->cpu[build][bench] = xrealloc(r->cpu[build][bench], *cap * sizeof(double));
	}
	r->times[build][bench][*n] = wall;
	r->cpu[build][bench][(*n)++] = cpu;
}

static void
result_release(struct bench_result *r)
{
	for (size_t i = 0; r->times && i < r->o->nbuilds; i++) {
		for (size_t j = 0; j < r->nbench; j++) {
			free(r->times[i][j]);
			free(r->cpu[i][j]);
		}
		free(r->times[i]);
		free(r->cpu[i]);
		free(r->n[i]);
		free(r->cap[i]);
	}
	free(r->times);
	free(r->cpu);
	free(r->n);
	free(r->cap);
	free(r->benches);
	free(r->machine);
}

/* ---- here: the builds found, the trees packed ---- */

static bool
is_tarball(const char *path)
{
	static const char *const ends[] = { ".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz",
		".tar.bz2", ".tbz2", ".tar.zst", NULL };
	size_t n = strlen(path);

	for (size_t i = 0; ends[i]; i++)
		if (n > strlen(ends[i]) && !strcmp(path + n - strlen(ends[i]), ends[i]))
			return true;
	return false;
}

/* tree/rel is a python3 there: bin/python3, usr/bin/python3, or one directory down */
static char *
find_python(const char *tree)
{
	static const char *const rels[] = { "bin/python3", "usr/bin/python3",
		"usr/local/bin/python3", NULL };
	char *found = NULL;
	DIR *d;
	struct dirent *e;

	for (size_t i = 0; rels[i]; i++) {
		char *p = bb_path_join(tree, rels[i]);
		bool ok = bb_path_exists(p);

		free(p);
		if (ok)
			return xstrdup(rels[i]);
	}
	if (!(d = opendir(tree)))
		return NULL;
	while (!found && (e = readdir(d))) {
		if (*e->d_name == '.')
			continue;
		for (size_t i = 0; !found && rels[i]; i++) {
			char *rel = xasprintf("%s/%s", e->d_name, rels[i]);
			char *p = bb_path_join(tree, rel);

			if (bb_path_exists(p))
				found = rel;
			else
				free(rel);
			free(p);
		}
	}
	closedir(d);
	return found;
}

/* a command here, its output into out_fd (-1: the log); its status, or -1 */
static int
host_cmd(struct bench *b, struct bb_strvec *argv, int out_fd, double timeout, const char *what)
{
	int r = session_cmd_start(&b->s, argv, NULL, out_fd);

	if (!r)
		r = session_cmd_wait(&b->s, timeout, 0, what);
	return r;
}

static int
unpack_tarball(struct bench *b, struct bench_build *bb, size_t i)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	bb->tree = xasprintf("%s/b%zu", b->host_tmp, i);
	if (mkdir(bb->tree, 0700) < 0)
		return fail(b, "%s: %s", bb->tree, strerror(errno));
	bb_strvec_pushdup(&argv, "tar");
	bb_strvec_pushdup(&argv, "-x");
	bb_strvec_pushdup(&argv, "-f");
	bb_strvec_pushdup(&argv, bb->path);
	bb_strvec_pushdup(&argv, "-C");
	bb_strvec_pushdup(&argv, bb->tree);
	r = host_cmd(b, &argv, -1, 3600, "tar");
	bb_strvec_clear(&argv);
	if (r > 0)
		return fail(b, "%s=%s: tar cannot unpack it (status %d)%s%s", bb->label, bb->path,
			r, *b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	return r;
}

/* each build: what it is, and for a tree or a tarball its python3 in it */
static int
prepare_build(struct bench *b, struct bench_build *bb, size_t i)
{
	struct stat st;
	char *dir, *up;

	if (stat(bb->path, &st) == 0 && S_ISDIR(st.st_mode)) {
		bb->kind = BUILD_TREE;
		bb->tree = xstrdup(bb->path);
	} else if (stat(bb->path, &st) == 0 && S_ISREG(st.st_mode) && is_tarball(bb->path)) {
		bb->kind = BUILD_TARBALL;
		if (unpack_tarball(b, bb, i) < 0)
			return -1;
	} else if (*bb->path == '/') {
		bb->kind = BUILD_TARGET;
		bb->python = xstrdup(bb->path);
		return 0;
	} else {
		return fail(b, "%s=%s: no directory or tarball here, nor an absolute path on "
			"the target", bb->label, bb->path);
	}
	if (!(bb->rel = find_python(bb->tree)))
		return fail(b, "%s=%s: no bin/python3 or usr/bin/python3 in it", bb->label,
			bb->path);
	dir = bb_path_dirname(bb->rel);
	up = bb_path_dirname(dir);
	bb->libdir = *up ? bb_path_join(up, "lib") : xstrdup("lib");
	free(up);
	free(dir);
	return 0;
}

/* the benchmark set into host_tmp/set */
static int
write_set(struct bench *b)
{
	char *dir = bb_path_join(b->host_tmp, "set");

	if (mkdir(dir, 0700) < 0) {
		fail(b, "%s: %s", dir, strerror(errno));
		free(dir);
		return -1;
	}
	for (size_t i = 0; bench_files[i].name; i++) {
		char *p = bb_path_join(dir, bench_files[i].name);
		FILE *f = fopen(p, "w");
		int bad = !f || fputs(bench_files[i].text, f) == EOF;

		if (f && fclose(f))
			bad = 1;
		if (bad)
			fail(b, "%s: %s", p, strerror(errno));
		free(p);
		if (bad) {
			free(dir);
			return -1;
		}
	}
	free(dir);
	return 0;
}

/* an unlinked temporary file holding a tar of dir (test suites and static libraries left out) */
static int
pack(struct bench *b, const char *dir, const char *label)
{
	static const char *const excl[] = { "--exclude=*/lib/python3*/test",
		"--exclude=*/lib/python3*/config-*/*.a", "--exclude=*/lib/libpython3*.a", NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	int fd = session_tmp_file(&b->s, "pgo-bench-tar"), r;

	if (fd < 0)
		return -1;
	bb_strvec_pushdup(&argv, "tar");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_pushdup(&argv, "-f");
	bb_strvec_pushdup(&argv, "-");
	for (size_t i = 0; excl[i]; i++)
		bb_strvec_pushdup(&argv, excl[i]);
	bb_strvec_pushdup(&argv, "-C");
	bb_strvec_pushdup(&argv, dir);
	bb_strvec_pushdup(&argv, ".");
	r = host_cmd(b, &argv, fd, 3600, "tar");
	bb_strvec_clear(&argv);
	if (r > 0)
		fail(b, "%s: tar of %s failed (status %d)%s%s", label, dir, r,
			*b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	if (r || lseek(fd, 0, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* ---- there: commands on the target ---- */

/* the output lines of the command running: captured, and into the log */
static void
out_line(void *ctx, const char *line);

/*
 * what each command on a board or a guest says first: its shell's PID and
 * process group (the shell execs the python: the same process). sshd makes
 * the shell a session's leader, so a command cut off is killed there whole.
 */
#define GROUP_CMD "read -r _ _ _ _ g _ 2>/dev/null </proc/$$/stat; " \
	"echo \"PGO-BENCH-GROUP $$ ${g:-0}\"; "

/* cmd on the target, its output captured when capture; its status, or -1 */
static int
target_sh(struct bench *b, const char *cmd, double timeout, const char *what, bool capture)
{
	bool remote = b->s.tr != &transport_local;
	char *full = remote ? xstrcat(GROUP_CMD, cmd, NULL) : xstrdup(cmd);
	int r;

	bb_strvec_clear(&b->lines);
	b->capture = capture;
	b->cmd_lines = 0;
	b->group_pid = 0;
	r = b->s.tr->shell(&b->s, full, timeout, what);
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
static void
kill_orphan(struct bench *b)
{
	struct bb_error saved = b->s.err;
	const char *failed = b->s.failed;
	char *cmd = kill_cmd(b->orphan_pid, b->orphan_leader);
	int r;

	b->s.err = (struct bb_error)BB_ERROR_INIT;
	r = b->s.tr->shell(&b->s, cmd, 30, "kill");
	progress_note(&b->s.pr, r ? "could not kill what the command cut off left running on "
		"the target (its shell: PID %ld)" : "killed what the command cut off left running "
		"on the target (its shell: PID %ld)", b->orphan_pid);
	session_clear_error(&b->s);
	b->s.err = saved;
	b->s.failed = failed;
	b->orphan_pid = 0;
	free(cmd);
}

/* cmd on the target with stdin from fd */
static int
target_sh_in(struct bench *b, const char *cmd, int fd, double timeout, const char *what)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	int r;

	if (b->s.tr != &transport_local)
		return ssh_shell_in(&b->s, cmd, fd, timeout, what);
	bb_strvec_pushdup(&argv, "/bin/sh");
	bb_strvec_pushdup(&argv, "-c");
	bb_strvec_pushdup(&argv, cmd);
	r = session_cmd_start_in(&b->s, &argv, NULL, fd, -1);
	if (!r)
		r = session_cmd_wait(&b->s, timeout, 0, what);
	bb_strvec_clear(&argv);
	return r;
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
	r = target_sh(b, cmd, 60, "mkdir", true);
	free(cmd);
	free(q);
	if (r == 3)
		return fail(b, "%s exists already on the target: give another --remote-dir",
			b->priv);
	if (r > 0)
		return fail(b, "cannot make %s on the target (status %d)%s%s", b->priv, r,
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
	r = target_sh_in(b, cmd, fd, 3600, "tar");
	if (r > 0 && session_disk_full(b->s.cmd_msg))
		fail(b, "%s: the target's disk is full in %s (%lld bytes to unpack): %s", what,
			dir, (long long)size, b->s.cmd_msg);
	else if (r > 0)
		fail(b, "%s: tar on the target exited with status %d%s%s", what, r,
			*b->s.cmd_msg ? ": " : "", b->s.cmd_msg);
	else if (!r)
		progress_note(&b->s.pr, "%s: %lld bytes into %s in %.1fs", what, (long long)size,
			dir, proc_now() - t);
	free(cmd);
	free(q);
	free(dir);
	return r ? -1 : 0;
}

static int
stage_copy(struct bench *b)
{
	char *set;
	int fd, r;

	progress_stage(&b->s.pr, "copy");
	if (make_priv(b) < 0)
		return -1;
	set = bb_path_join(b->host_tmp, "set");
	fd = pack(b, set, "the benchmark set");
	free(set);
	if (fd < 0)
		return -1;
	r = push(b, fd, "set", "the benchmark set");
	close(fd);
	for (size_t i = 0; !r && i < b->o->nbuilds; i++) {
		struct bench_build *bb = &b->o->builds[i];
		char *sub = xasprintf("b%zu", i), *what = xasprintf("build %s", bb->label);

		if (bb->kind != BUILD_TARGET) {
			if ((fd = pack(b, bb->tree, what)) < 0)
				r = -1;
			else
				r = push(b, fd, sub, what);
			if (fd >= 0)
				close(fd);
			bb->python = xasprintf("%s/%s/%s", b->priv, sub, bb->rel);
			bb->target_libdir = xasprintf("%s/%s/%s", b->priv, sub, bb->libdir);
		}
		free(sub);
		free(what);
	}
	return r;
}

/* "LD_LIBRARY_PATH=DIR exec PYTHON" or "exec PYTHON", quoted */
static char *
python_cmd(const struct bench_build *bb)
{
	char *qp = ssh_quote(bb->python), *s;

	if (bb->target_libdir) {
		char *ql = ssh_quote(bb->target_libdir);

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
not_started(struct bench *b, const struct bench_build *bb, int r)
{
	const char *m = NULL, *u = b->r.machine ? b->r.machine : "";
	const char *last = *last_captured(b) ? last_captured(b) : b->s.cmd_msg;

	if (bb->kind != BUILD_TARGET) {
		char *p = bb_path_join(bb->tree, bb->rel), *real = realpath(p, NULL);

		m = elf_machine(real ? real : p);
		free(real);
		free(p);
	}
	if (m && *u && !machine_fits(m, u))
		return fail(b, "build %s does not start on the target: its %s is an %s "
			"executable and the target is %s", bb->label, bb->rel, m, u);
	if (r == 126 || r == 127)
		return fail(b, "build %s does not start on the target: %s", bb->label,
			*last ? last : r == 127 ? "not found" : "cannot execute");
	return fail(b, "build %s does not start on the target (status %d)%s%s", bb->label, r,
		*last ? ": " : "", last);
}

static int
stage_check(struct bench *b)
{
	progress_stage(&b->s.pr, "check");
	for (size_t i = 0; i < b->o->nbuilds; i++) {
		struct bench_build *bb = &b->o->builds[i];
		char *py = python_cmd(bb), *qd = ssh_quote(b->priv);
		char *cmd = xasprintf("cd %s && %s -I -c 'import sys; print(\"PGO-BENCH-VERSION\", "
			"sys.version.split()[0])' 2>&1", qd, py);
		int r = target_sh(b, cmd, b->o->p.timeout, "python3 -c", true);
		const char *v = bench_parse_version(last_captured(b));
		char *shown;

		free(cmd);
		free(qd);
		free(py);
		if (r < 0)
			return -1;
		if (r > 0 || !v)
			return not_started(b, bb, r);
		bb->version = xstrdup(v);
		shown = bench_ascii_dup(v);
		progress_note(&b->s.pr, "build %s: Python %s, %s", bb->label, shown, bb->python);
		free(shown);
	}
	return 0;
}

/* ---- the rounds ---- */

static long
bench_index(const struct bench *b, const char *name)
{
	for (size_t j = 0; j < b->r.nbench; j++)
		if (!strcmp(b->r.benches[j], name))
			return (long)j;
	return -1;
}

static void
show_left(struct bench *b, bool now)
{
	double el = proc_now() - b->bench_t0;
	double left = b->items_done ? el / (double)b->items_done *
		(double)(b->items_total - b->items_done) : NAN;
	char line[160];

	if (isnan(left))
		snprintf(line, sizeof(line), "round %d of %d%s", b->round,
			b->o->warmup + b->o->reps, b->round <= b->o->warmup ? " (warm-up)" : "");
	else
		snprintf(line, sizeof(line), "round %d of %d%s, %.0f%% done, about %dm%02ds left",
			b->round, b->o->warmup + b->o->reps,
			b->round <= b->o->warmup ? " (warm-up)" : "",
			100.0 * (double)b->items_done / (double)b->items_total,
			(int)(left / 60), (int)fmod(left, 60));
	progress_last(&b->s.pr, line);
	progress_draw(&b->s.pr, now);
}

/* a time that is not one: the first is the round's error */
static void
bad_time(struct bench *b, const struct bench_line *l)
{
	if (*b->bad || l->build >= b->o->nbuilds)
		return;
	snprintf(b->bad, sizeof(b->bad), "round %d: %s on build %s printed the time '%.*s': "
		"not a positive number of seconds", b->round, l->name,
		b->o->builds[l->build].label, (int)(l->rest_len > 40 ? 40 : l->rest_len), l->rest);
}

/*
 * the driver's lines (bench-text.h); true for the command's first line
 * saying its shell's process group, which is not the command's output
 */
static bool
driver_line(struct bench *b, const char *line)
{
	struct bench_line l;
	long j;

	switch (bench_parse_line(line, &l)) {
	case BENCH_LINE_TIME:
		j = bench_index(b, l.name);
		if (l.build < b->o->nbuilds && j >= 0 && b->round > b->o->warmup)
			result_add(&b->r, l.build, (size_t)j, l.wall, l.cpu);
		b->items_done++;
		show_left(b, false);
		break;
	case BENCH_LINE_BAD:
		bad_time(b, &l);
		break;
	case BENCH_LINE_FAIL:
		if (l.build < b->o->nbuilds)
			snprintf(b->fail, sizeof(b->fail), "%s failed on build %s (exit status "
				"%d): %s", l.name, b->o->builds[l.build].label, l.status, l.rest);
		break;
	case BENCH_LINE_GROUP:
		if (b->cmd_lines || b->s.tr == &transport_local)
			break;
		b->group_pid = l.pid;
		b->group_leader = l.pid == l.pgid;
		return true;
	case BENCH_LINE_OTHER:
		break;
	}
	return false;
}

static void
out_line(void *ctx, const char *line)
{
	struct bench *b = ctx;
	bool group = false;

	b->out_line(ctx, line);
	if (!strncmp(line, "PGO-BENCH", 9))
		group = driver_line(b, line);
	b->cmd_lines++;
	if (b->capture && !group)
		bb_strvec_pushdup(&b->lines, line);
}

/* a round's items, "K:NAME", shuffled: the benchmarks, and the builds within each */
static char *
round_items(struct bench *b, unsigned long long *state)
{
	size_t nb = b->o->nbuilds, m = b->r.nbench;
	int *order = xmalloc(m * sizeof(int)), *builds = xmalloc(nb * sizeof(int));
	struct bb_buf s = BB_BUF_INIT;

	for (size_t j = 0; j < m; j++)
		order[j] = (int)j;
	stats_shuffle(order, m, state);
	for (size_t j = 0; j < m; j++) {
		const char *name = b->r.benches[order[j]];
		int runs = strcmp(name, "startup") ? 1 : b->o->startup_runs;

		for (int k = 0; k < runs; k++) {
			for (size_t i = 0; i < nb; i++)
				builds[i] = (int)i;
			stats_shuffle(builds, nb, state);
			for (size_t i = 0; i < nb; i++)
				bb_buf_addf(&s, " %d:%s", builds[i], name);
		}
	}
	free(order);
	free(builds);
	return bb_buf_detach(&s);
}

/* the driver's command line before the items */
static char *
driver_cmd(struct bench *b)
{
	struct bb_buf s = BB_BUF_INIT;
	char *q = ssh_quote(b->priv), *py = python_cmd(&b->o->builds[0]);

	bb_buf_addf(&s, "cd %s/set && %s -I -B driver.py %.6g '%s' %zu", q, py, b->o->scale,
		BENCH_STARTUP_ARGS, b->o->nbuilds);
	for (size_t i = 0; i < b->o->nbuilds; i++) {
		const struct bench_build *bb = &b->o->builds[i];
		char *qp = ssh_quote(bb->python);
		char *ql = bb->target_libdir ? ssh_quote(bb->target_libdir) : xstrdup("-");

		bb_buf_addf(&s, " %s %s", qp, ql);
		free(qp);
		free(ql);
	}
	free(q);
	free(py);
	return bb_buf_detach(&s);
}

static int
run_round(struct bench *b, const char *head, unsigned long long *state)
{
	char *items = round_items(b, state), *cmd = xasprintf("%s%s 2>&1", head, items);
	double t = proc_now();
	int r;

	*b->fail = *b->bad = '\0';
	show_left(b, true);	/* each round's start is drawn, however fast */
	r = target_sh(b, cmd, b->o->p.timeout, "round", false);
	free(cmd);
	free(items);
	if (*b->bad)
		return fail(b, "%s", b->bad);
	if (r < 0)
		return -1;
	if (r == 3 && *b->fail)
		return fail(b, "%s", b->fail);
	if (r > 0)
		return fail(b, "round %d: the driver exited with status %d%s%s", b->round, r,
			*b->s.pr.last ? ": " : "", b->s.pr.last);
	if (b->round > b->o->warmup)
		b->r.rounds_done++;
	progress_note(&b->s.pr, "round %d of %d%s done in %.1fs", b->round,
		b->o->warmup + b->o->reps, b->round <= b->o->warmup ? " (warm-up)" : "",
		proc_now() - t);
	return 0;
}

/* a benchmark of a build with no process kept (times of 0): no speed to compare */
static int
check_kept(struct bench *b)
{
	for (size_t k = 0; k < b->o->nbuilds; k++)
		for (size_t j = 0; j < b->r.nbench; j++) {
			size_t n = b->r.n[k][j], kept;
			bool *keep = xmalloc((n ? n : 1) * sizeof(*keep));

			kept = stats_filter(b->o->cpu ? b->r.cpu[k][j] : b->r.times[k][j], n,
				b->o->factor, keep);
			free(keep);
			if (!kept)
				return fail(b, "build %s: none of its %zu processes of %s took a %s "
					"time above 0: no speed to compare", b->o->builds[k].label, n,
					b->r.benches[j], b->o->cpu ? "CPU" : "wall-clock");
		}
	return 0;
}

static int
stage_bench(struct bench *b)
{
	unsigned long long state = b->o->seed;
	size_t per_round = 0;
	char *head = driver_cmd(b);
	int r = 0;

	progress_stage(&b->s.pr, "bench");
	progress_note(&b->s.pr, "seed %llu; %d warm-up and %d measured rounds", b->o->seed,
		b->o->warmup, b->o->reps);
	for (size_t j = 0; j < b->r.nbench; j++)
		per_round += strcmp(b->r.benches[j], "startup") ? 1 : (size_t)b->o->startup_runs;
	b->items_total = per_round * b->o->nbuilds * (size_t)(b->o->warmup + b->o->reps);
	b->bench_t0 = proc_now();
	for (b->round = 1; !r && b->round <= b->o->warmup + b->o->reps; b->round++)
		r = run_round(b, head, &state);
	free(head);
	return r ? r : check_kept(b);
}

/* ---- the run ---- */

static int
connect_target(struct bench *b)
{
	struct session *s = &b->s;
	const struct profile_opts *p = &b->o->p;

	switch (p->target) {
	case TARGET_QEMU:
		s->tr = &transport_ssh_guest;
		b->r.emulated = true;
		if (guest_boot_connect(s) < 0)
			return -1;
		b->priv = xstrdup(p->remote_dir ? p->remote_dir : "/tmp/pgo-bench");
		return 0;
	case TARGET_SSH:
		if (board_connect(s) < 0)
			return -1;
		b->priv = p->remote_dir ? xstrdup(p->remote_dir) :
			xasprintf("/tmp/pgo-bench.%s", s->nonce);
		return 0;
	default:
		s->tr = &transport_local;
		s->cmd_group = true;	/* a command cut off here is killed whole */
		b->priv = p->remote_dir ? xstrdup(p->remote_dir) :
			xasprintf("%s/target", b->host_tmp);
		return 0;
	}
}

/* nothing left behind: the private directory removed, the guest powered off */
static void
disconnect(struct bench *b, bool ok)
{
	struct session *s = &b->s;

	if (s->tr == &transport_local) {
		if (b->priv_made)
			bb_rmtree(b->priv);
	} else if (s->tr == &transport_ssh_board) {
		if (b->priv_made) {
			s->remote_dir = xstrdup(b->priv);
			s->tr->shutdown(s, ok);
		}
	} else if (s->tr && s->tr->shutdown) {
		s->tr->shutdown(s, ok);
	}
}

static int
prepare(struct bench *b)
{
	b->host_tmp = fe_tmp_template("pgo-bench");
	if (!mkdtemp(b->host_tmp))
		return fail(b, "%s: %s", b->host_tmp, strerror(errno));
	for (size_t i = 0; i < b->o->nbuilds; i++)
		if (prepare_build(b, &b->o->builds[i], i) < 0)
			return -1;
	return write_set(b);
}

static const char *
target_name(struct bench *b)
{
	static char buf[300];
	const struct profile_opts *p = &b->o->p;

	if (p->target == TARGET_SSH)
		snprintf(buf, sizeof(buf), "ssh:%s", p->host);
	else if (p->target == TARGET_QEMU)
		snprintf(buf, sizeof(buf), "qemu:%s", b->s.vm.conf.machine_name ?
			b->s.vm.conf.machine_name : "guest");
	else
		snprintf(buf, sizeof(buf), "local");
	return buf;
}

/* the table, the JSON and the SVG; error: the run's error line, NULL when complete */
static int
outputs(struct bench *b, const char *error)
{
	struct bb_error err = BB_ERROR_INIT;
	bool complete = !error;
	int r = 0;

	b->r.target = target_name(b);
	b->r.error = error;
	if (complete)
		bench_table(&b->r, stdout);
	if (b->o->json && bench_write_json(&b->r, b->o->json, &err) < 0)
		r = -1;
	else if (complete && b->o->svg && bench_write_svg(&b->r, b->o->svg, &err) < 0)
		r = -1;
	if (r < 0)
		fprintf(stderr, "pgo-run: report: %s\n", err.msg);
	bb_error_clear(&err);
	return r;
}

static int
run(struct bench *b)
{
	int r;

	if (proc_signals_init(&b->s.err) < 0 || prepare(b) < 0)
		return -1;
	r = connect_target(b);
	if (!r)
		r = stage_copy(b);
	if (!r)
		r = stage_check(b);
	if (!r)
		r = stage_bench(b);
	if (b->orphan_pid)
		kill_orphan(b);
	disconnect(b, r == 0);
	return r;
}

/* --json and --svg can be written, before anything runs (a long run's result is not lost) */
static int
check_outputs(const struct bench_opts *o, FILE *log)
{
	const char *paths[] = { o->json, o->svg }, *opts[] = { "--json", "--svg" };
	struct bb_error err = BB_ERROR_INIT;

	for (size_t i = 0; i < 2; i++) {
		if (!paths[i] || bench_check_output(paths[i], &err) == 0)
			continue;
		if (log != stderr)
			fprintf(log, "pgo-run: setup: %s %s\n", opts[i], err.msg);
		fprintf(stderr, "pgo-run: setup: %s %s\n", opts[i], err.msg);
		bb_error_clear(&err);
		return -1;
	}
	return 0;
}

int
bench_run(struct bench_opts *o)
{
	static const char *const stages[] = { "boot", "connect", "copy", "check", "bench", NULL };
	FILE *log = o->p.log ? fopen(o->p.log, "a") : stderr;
	struct bench b;
	char *line = NULL;
	int r;

	if (!log) {
		fprintf(stderr, "pgo-run: setup: %s: %s\n", o->p.log, strerror(errno));
		return 1;
	}
	if (check_outputs(o, log) < 0) {
		if (log != stderr)
			fclose(log);
		return 1;
	}
	memset(&b, 0, sizeof(b));
	o->p.python = "python3";
	o->p.task = "bench";
	if (!o->seed_set) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		o->seed = (unsigned long long)ts.tv_sec * 1000003ULL;
		o->seed = (o->seed + (unsigned long long)ts.tv_nsec) % 1000000000000ULL;
	}
	session_init(&b.s, &o->p, log, "bench", stages);
	b.o = o;
	b.out_line = b.s.cout.line;
	b.s.cout.line = out_line;
	result_init(&b);
	r = run(&b);
	session_stop(&b.s);
	progress_clear(&b.s.pr);
	if (r < 0) {
		/* the target's text in it: printable ASCII */
		line = bench_ascii_dup(b.s.err.msg ? b.s.err.msg : "setup: failed");
		if (log != stderr)
			fprintf(log, "pgo-run: %s\n", line);
		fprintf(stderr, "pgo-run: %s\n", line);
	}
	if (outputs(&b, line) < 0)
		r = -1;
	free(line);
	session_release(&b.s);
	bb_error_clear(&b.s.err);
	if (b.host_tmp)
		bb_rmtree(b.host_tmp);
	free(b.host_tmp);
	free(b.priv);
	bb_strvec_clear(&b.lines);
	result_release(&b.r);
	if (log != stderr)
		fclose(log);
	return r < 0 ? 1 : 0;
}
