/* pgo-run bench: the rounds, the benchmarks timed */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bench/bench-run.h"
#include "runner/bench/bench-stats.h"
#include "runner/bench/bench-text.h"

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
			bench_result_add(&b->r, l.build, (size_t)j, l.wall, l.cpu);
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
		if (b->cmd_lines || b->o->p.t.target == TARGET_LOCAL)
			break;
		b->group_pid = l.pid;
		b->group_leader = l.pid == l.pgid;
		return true;
	case BENCH_LINE_OTHER:
		break;
	}
	return false;
}

void
bench_out_line(void *ctx, const char *line)
{
	struct bench *b = ctx;
	bool group = false;

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
	char *q = ssh_quote(b->priv), *py = bench_python_cmd(&b->o->builds[0]);

	bb_buf_addf(&s, "cd %s/set && %s -I -B driver.py %.6g '%s' %zu", q, py, b->o->scale,
		BENCH_STARTUP_ARGS, b->o->nbuilds);
	for (size_t i = 0; i < b->o->nbuilds; i++) {
		const struct bench_build *bd = &b->o->builds[i];
		char *qp = ssh_quote(bd->python);
		char *ql = bd->target_libdir ? ssh_quote(bd->target_libdir) : xstrdup("-");

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
	r = bench_target_sh(b, cmd, b->o->p.timeout, "round", false);
	free(cmd);
	free(items);
	if (*b->bad)
		return bench_fail(b, "%s", b->bad);
	if (r < 0)
		return -1;
	if (r == 3 && *b->fail)
		return bench_fail(b, "%s", b->fail);
	if (r > 0)
		return bench_fail(b, "round %d: the driver exited with status %d%s%s", b->round, r,
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
				return bench_fail(b, "build %s: none of its %zu processes of %s took a %s "
					"time above 0: no speed to compare", b->o->builds[k].label, n,
					b->r.benches[j], b->o->cpu ? "CPU" : "wall-clock");
		}
	return 0;
}

int
bench_stage_bench(struct bench *b)
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
