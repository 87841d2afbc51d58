/* pgo-run bench: the builds copied to the target, checked, timed round after round */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/os.h"
#include "common/fe.h"
#include "runner/bench/bench-run.h"
#include "runner/bench/bench-text.h"

const char *const bench_names[] = { "pystone", "richards", "nbody", "float_", "spectral_norm",
	"fannkuch", "json_", "regex", "nqueens", "generators", "strings", "startup", NULL };


int
bench_fail(struct bench *b, const char *fmt, ...)
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

void
bench_result_add(struct bench_result *r, size_t build, size_t bench, double wall, double cpu)
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

/* ---- the run ---- */

static int
connect_target(struct bench *b)
{
	struct session *s = &b->s;
	const struct profile_opts *p = &b->o->p;

	switch (p->t.target) {
	case TARGET_QEMU:
		b->r.emulated = true;
		if (target_boot_connect(s) < 0)
			return -1;
		b->priv = xstrdup(p->remote_dir ? p->remote_dir : "/tmp/pgo-bench");
		return 0;
	case TARGET_SSH:
		if (target_board_connect(s) < 0)
			return -1;
		b->priv = p->remote_dir ? xstrdup(p->remote_dir) :
			xasprintf("/tmp/pgo-bench.%s", s->nonce);
		return 0;
	default:
		if (target_here(s) < 0)
			return -1;
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

	switch (b->o->p.t.target) {
	case TARGET_LOCAL:
		if (b->priv_made)
			bb_rmtree(b->priv);
		return;
	case TARGET_SSH:
		if (b->priv_made) {
			s->remote_dir = xstrdup(b->priv);
			target_shutdown(s, ok);
		}
		return;
	default:
		target_shutdown(s, ok);
	}
}

static int
prepare(struct bench *b)
{
	b->host_tmp = fe_tmp_template("pgo-bench");
	if (!mkdtemp(b->host_tmp))
		return bench_fail(b, "%s: %s", b->host_tmp, strerror(errno));
	for (size_t i = 0; i < b->o->nbuilds; i++)
		if (bench_prepare_build(b, &b->o->builds[i], i) < 0)
			return -1;
	return bench_write_set(b);
}

static const char *
target_name(struct bench *b)
{
	static char buf[300];
	const struct profile_opts *p = &b->o->p;

	if (p->t.target == TARGET_SSH)
		snprintf(buf, sizeof(buf), "ssh:%s", p->t.host);
	else if (p->t.target == TARGET_QEMU)
		snprintf(buf, sizeof(buf), "qemu:%s", session_machine(&b->s) ?
			session_machine(&b->s) : "guest");
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
	/* in order, each after the one before succeeded */
	static int (*const stages[])(struct bench *) = { connect_target, bench_stage_copy,
		bench_stage_check, bench_stage_bench };
	int r = 0;

	if (proc_signals_init(&b->s.err) < 0 || prepare(b) < 0)
		return -1;
	for (size_t i = 0; !r && i < sizeof(stages) / sizeof(stages[0]); i++)
		r = stages[i](b);
	if (b->orphan_pid)
		bench_kill_orphan(b);
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
	if (!o->seed_set) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		o->seed = (unsigned long long)ts.tv_sec * 1000003ULL;
		o->seed = (o->seed + (unsigned long long)ts.tv_nsec) % 1000000000000ULL;
	}
	session_init(&b.s, &o->p.t, log, o->p.junit != NULL, "bench", "python3 bench", stages);
	b.o = o;
	b.s.out_line = bench_out_line;
	b.s.out_ctx = &b;
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
