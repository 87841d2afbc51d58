/* pgo-run bench: the table, the JSON and the SVG chart of a run */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/bench/bench-stats.h"
#include "runner/bench/bench-text.h"
#include "runner/bench/bench.h"

/* every group, every comparison against the first build, each build's geometric mean */
struct results {
	size_t nb, m;
	struct stats_group *g;		/* [bench * nb + build] */
	struct stats_cmp *c;		/* the same; build 0's unused */
	struct stats_cmp *geo;		/* [build] */
	size_t *kept, *procs;		/* [build]: over the benchmarks */
};

static void
results_compute(const struct bench_result *r, struct results *s)
{
	const struct bench_opts *o = r->o;
	struct stats_cmp *each = xmalloc((r->nbench + 1) * sizeof(*each));

	s->nb = o->nbuilds;
	s->m = r->nbench;
	s->g = xmalloc((s->m * s->nb + 1) * sizeof(*s->g));
	s->c = xmalloc((s->m * s->nb + 1) * sizeof(*s->c));
	s->geo = xmalloc(s->nb * sizeof(*s->geo));
	s->kept = calloc(s->nb, sizeof(size_t));
	s->procs = calloc(s->nb, sizeof(size_t));
	for (size_t j = 0; j < s->m; j++)
		for (size_t k = 0; k < s->nb; k++) {
			struct stats_group *g = &s->g[j * s->nb + k];
			const double *t = o->cpu ? r->cpu[k][j] : r->times[k][j];

			stats_group(t, r->n[k][j], o->factor, g);
			s->kept[k] += g->kept;
			s->procs[k] += g->n;
			if (k)
				stats_compare(&s->g[j * s->nb], g, o->level, &s->c[j * s->nb + k]);
		}
	for (size_t k = 1; k < s->nb; k++) {
		size_t n = 0;

		for (size_t j = 0; j < s->m; j++)
			if (s->g[j * s->nb].kept && s->g[j * s->nb + k].kept)
				each[n++] = s->c[j * s->nb + k];
		stats_geomean(each, n, o->level, &s->geo[k]);
	}
	free(each);
}

static void
results_release(struct results *s)
{
	free(s->g);
	free(s->c);
	free(s->geo);
	free(s->kept);
	free(s->procs);
}

/* a benchmark's name for people: float_ is float */
static const char *
shown(const char *name, char *buf, size_t size)
{
	size_t n = strlen(name);

	snprintf(buf, size, "%.*s", (int)(n && name[n - 1] == '_' ? n - 1 : n), name);
	return buf;
}

/* seconds, as a geometric mean of logs, to read */
static const char *
secs(double mean_log, char *buf, size_t size)
{
	double t = exp(mean_log);

	if (!isfinite(t))
		snprintf(buf, size, "-");
	else if (t < 1)
		snprintf(buf, size, "%.2fms", t * 1000);
	else
		snprintf(buf, size, "%.3fs", t);
	return buf;
}

static const char *
interval(const struct stats_cmp *c, char *buf, size_t size)
{
	if (c->ok && isfinite(c->low))
		snprintf(buf, size, "%.3f-%.3f", c->low, c->high);
	else
		snprintf(buf, size, "-");
	return buf;
}

static double
fastest(const struct bench_result *r, size_t build, size_t bench)
{
	double min = INFINITY;

	const double *t = r->o->cpu ? r->cpu[build][bench] : r->times[build][bench];

	for (size_t i = 0; i < r->n[build][bench]; i++)
		if (t[i] > 0 && t[i] < min)
			min = t[i];
	return min;
}

/*
 * the fastest processes of the baseline and of build k on benchmark j further
 * apart than SUSPECT: no build's gain is that large, the slow mode (1.6-1.8x)
 * is, so one of them may never have run at full speed
 */
#define SUSPECT 1.4
static bool
suspect(const struct bench_result *r, size_t j, size_t k)
{
	double q = fastest(r, 0, j) / fastest(r, k, j);

	return isfinite(q) && q > 0 && (q > SUSPECT || q < 1 / SUSPECT);
}

static void
suspect_note(const struct bench_result *r, size_t j, size_t k, FILE *f)
{
	double q = fastest(r, 0, j) / fastest(r, k, j);
	char name[64];

	if (suspect(r, j, k))
		fprintf(f, "note: on %s the fastest processes of %s and %s are %.2fx apart: one "
			"of them may have run only in the slow mode; more rounds (--reps) tell\n",
			shown(r->benches[j], name, sizeof(name)), r->o->builds[0].label,
			r->o->builds[k].label, q > 1 ? q : 1 / q);
}

static void
table_head(const struct bench_result *r, const struct results *s, FILE *f)
{
	const struct bench_opts *o = r->o;
	char *m = bench_ascii_dup(r->machine ? r->machine : "?");

	if (r->emulated)
		fprintf(f, "emulated: not a speed (%s under QEMU: these times say nothing of a "
			"real %s)\n", r->machine ? m : "the guest", r->machine ? m : "board");
	fprintf(f, "pgo-run bench on %s (%s): %d rounds after %d warm-up, %s time, processes "
		"within %.2fx of the second fastest kept; %g%% intervals\n", r->target, m,
		r->rounds_done, o->warmup, o->cpu ? "CPU" : "wall-clock", o->factor,
		o->level * 100);
	free(m);
	for (size_t k = 0; k < s->nb; k++) {
		char *path = bench_ascii_dup(o->builds[k].path);
		char *v = bench_ascii_dup(o->builds[k].version ? o->builds[k].version : "?");

		fprintf(f, "  %-12s %s (Python %s)%s: %zu of %zu processes kept\n",
			o->builds[k].label, path, v, k ? "" : ", the baseline", s->kept[k],
			s->procs[k]);
		free(path);
		free(v);
	}
	if (o->pgo_proof)
		fprintf(f, "  pgo's do_pgo_check in %s: %s\n", o->builddir, o->pgo_proof);
	fprintf(f, "\n%-14s", "benchmark");
	for (size_t k = 0; k < s->nb; k++)
		fprintf(f, " %12.12s %7s", o->builds[k].label, "kept");
	for (size_t k = 1; k < s->nb; k++)
		fprintf(f, " %9s %-13s", "speedup", o->builds[k].label);
	fputc('\n', f);
}

void
bench_table(const struct bench_result *r, FILE *f)
{
	struct results s;
	char b1[64], b2[64];

	results_compute(r, &s);
	table_head(r, &s, f);
	for (size_t j = 0; j < s.m; j++) {
		fprintf(f, "%-14s", shown(r->benches[j], b1, sizeof(b1)));
		for (size_t k = 0; k < s.nb; k++) {
			const struct stats_group *g = &s.g[j * s.nb + k];

			snprintf(b2, sizeof(b2), "%zu/%zu", g->kept, g->n);
			fprintf(f, " %12s %7s", secs(g->mean, b1, sizeof(b1)), b2);
		}
		for (size_t k = 1; k < s.nb; k++) {
			const struct stats_cmp *c = &s.c[j * s.nb + k];

			fprintf(f, " %9.3f %-13s", c->speedup, interval(c, b1, sizeof(b1)));
		}
		fputc('\n', f);
	}
	fprintf(f, "%-14s", "geomean");
	for (size_t k = 0; k < s.nb; k++)
		fprintf(f, " %12s %7s", "", "");
	for (size_t k = 1; k < s.nb; k++)
		fprintf(f, " %9.3f %-13s", s.geo[k].speedup, interval(&s.geo[k], b1, sizeof(b1)));
	fputc('\n', f);
	fprintf(f, "(time: geometric mean of the kept processes; speedup: baseline time / "
		"the build's, with its interval)\n");
	for (size_t j = 0; j < s.m; j++)
		for (size_t k = 1; k < s.nb; k++)
			suspect_note(r, j, k, f);
	results_release(&s);
}

/* ---- JSON ---- */

static void
json_num(struct bb_buf *b, double v)
{
	if (isfinite(v))
		bb_buf_addf(b, "%.9g", v);
	else
		bb_buf_addstr(b, "null");
}

static void
json_cmp(struct bb_buf *b, const struct stats_cmp *c)
{
	bb_buf_addstr(b, "{\"speedup\": ");
	json_num(b, c->speedup);
	bb_buf_addstr(b, ", \"low\": ");
	json_num(b, c->ok ? c->low : NAN);
	bb_buf_addstr(b, ", \"high\": ");
	json_num(b, c->ok ? c->high : NAN);
	bb_buf_addstr(b, ", \"df\": ");
	json_num(b, c->ok ? c->df : NAN);
	bb_buf_addch(b, '}');
}

static void
json_head(struct bb_buf *b, const struct bench_result *r)
{
	const struct bench_opts *o = r->o;

	bb_buf_addstr(b, "{\n \"format\": \"pgo-run bench 1\",\n \"target\": ");
	bench_json_str(b, r->target);
	bb_buf_addstr(b, ",\n \"machine\": ");
	bench_json_str(b, r->machine);
	bb_buf_addf(b, ",\n \"emulated\": %s,\n \"complete\": %s,\n \"error\": ",
		r->emulated ? "true" : "false", r->error ? "false" : "true");
	bench_json_str(b, r->error);
	bb_buf_addstr(b, ",\n \"pgo_check\": ");
	bench_json_str(b, o->pgo_proof);
	bb_buf_addf(b, ",\n \"reps\": %d,\n \"rounds_done\": %d,\n \"warmup\": %d,\n"
		" \"startup_runs\": %d,\n \"startup_args\": \"%s\",\n \"scale\": %.9g,\n"
		" \"keep_within\": ", o->reps, r->rounds_done, o->warmup, o->startup_runs,
		BENCH_STARTUP_ARGS, o->scale);
	json_num(b, o->factor);
	bb_buf_addf(b, ",\n \"clock\": \"%s\",\n \"confidence\": %.9g,\n \"seed\": %llu,\n"
		" \"builds\": [", o->cpu ? "cpu" : "wall", o->level, o->seed);
	for (size_t k = 0; k < o->nbuilds; k++) {
		bb_buf_addstr(b, k ? ",\n  {\"label\": " : "\n  {\"label\": ");
		bench_json_str(b, o->builds[k].label);
		bb_buf_addstr(b, ", \"path\": ");
		bench_json_str(b, o->builds[k].path);
		bb_buf_addstr(b, ", \"python\": ");
		bench_json_str(b, o->builds[k].python);
		bb_buf_addstr(b, ", \"version\": ");
		bench_json_str(b, o->builds[k].version);
		bb_buf_addch(b, '}');
	}
	bb_buf_addstr(b, "\n ],\n \"benchmarks\": [");
	for (size_t j = 0; j < r->nbench; j++) {
		bb_buf_addstr(b, j ? ", " : "");
		bench_json_str(b, r->benches[j]);
	}
	bb_buf_addstr(b, "],\n");
}

/* "NAME": {LABEL: {BENCH: [seconds...]}}, every process in the order it ran */
static void
json_times(struct bb_buf *b, const struct bench_result *r, const char *name, double ***t)
{
	bb_buf_addf(b, " \"%s\": {", name);
	for (size_t k = 0; k < r->o->nbuilds; k++) {
		bb_buf_addstr(b, k ? ",\n  " : "\n  ");
		bench_json_str(b, r->o->builds[k].label);
		bb_buf_addstr(b, ": {");
		for (size_t j = 0; j < r->nbench; j++) {
			bb_buf_addstr(b, j ? ",\n   " : "\n   ");
			bench_json_str(b, r->benches[j]);
			bb_buf_addstr(b, ": [");
			for (size_t i = 0; i < r->n[k][j]; i++) {
				bb_buf_addstr(b, i ? ", " : "");
				json_num(b, t[k][j][i]);
			}
			bb_buf_addch(b, ']');
		}
		bb_buf_addstr(b, "}");
	}
	bb_buf_addstr(b, "\n },\n");
}

static void
json_results(struct bb_buf *b, const struct bench_result *r, const struct results *s)
{
	bb_buf_addstr(b, " \"results\": {");
	for (size_t j = 0; j < s->m; j++) {
		bb_buf_addstr(b, j ? ",\n  " : "\n  ");
		bench_json_str(b, r->benches[j]);
		bb_buf_addstr(b, ": {");
		for (size_t k = 0; k < s->nb; k++) {
			const struct stats_group *g = &s->g[j * s->nb + k];

			bb_buf_addstr(b, k ? ", " : "");
			bench_json_str(b, r->o->builds[k].label);
			bb_buf_addf(b, ": {\"processes\": %zu, \"kept\": %zu, \"time\": ", g->n,
				g->kept);
			json_num(b, exp(g->mean));
			if (k) {
				bb_buf_addstr(b, ", \"against_baseline\": ");
				json_cmp(b, &s->c[j * s->nb + k]);
				bb_buf_addf(b, ", \"suspect\": %s", suspect(r, j, k) ? "true" :
					"false");
			}
			bb_buf_addch(b, '}');
		}
		bb_buf_addch(b, '}');
	}
	bb_buf_addstr(b, "\n },\n \"geomean\": {");
	for (size_t k = 1; k < s->nb; k++) {
		bb_buf_addstr(b, k > 1 ? ", " : "");
		bench_json_str(b, r->o->builds[k].label);
		bb_buf_addstr(b, ": ");
		json_cmp(b, &s->geo[k]);
	}
	bb_buf_addstr(b, "},\n \"kept\": {");
	for (size_t k = 0; k < s->nb; k++) {
		bb_buf_addstr(b, k ? ", " : "");
		bench_json_str(b, r->o->builds[k].label);
		bb_buf_addf(b, ": [%zu, %zu]", s->kept[k], s->procs[k]);
	}
	bb_buf_addstr(b, "}\n}\n");
}

/* path's temporary file: path.tmp beside it */
static char *
tmp_of(const char *path)
{
	return xstrcat(path, ".tmp", NULL);
}

/* the error of path, naming the file the failed call was on when it is the temporary one */
static int
out_error(const char *path, const char *tmp, const char *doing, struct bb_error *err)
{
	int e = errno;

	if (tmp)
		return bb_error(err, NULL, "%s: cannot %s %s beside it: %s", path, doing, tmp,
			strerror(e));
	return bb_error(err, NULL, "%s: cannot %s it: %s", path, doing, strerror(e));
}

int
bench_check_output(const char *path, struct bb_error *err)
{
	char *tmp = tmp_of(path);
	struct stat st;
	int fd, r = 0;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		r = out_error(path, NULL, "replace", err);
	} else if ((fd = open(tmp, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) < 0) {
		r = out_error(path, tmp, "create", err);
	} else {
		close(fd);
		unlink(tmp);
	}
	free(tmp);
	return r;
}

/* text to path through path.tmp */
static int
write_out(const char *path, const struct bb_buf *b, struct bb_error *err)
{
	char *tmp = tmp_of(path);
	FILE *f = fopen(tmp, "w");
	int r = 0;

	if (!f)
		r = out_error(path, tmp, "create", err);
	else if (fwrite(b->buf, 1, b->len, f) != b->len || fflush(f) || fsync(fileno(f)))
		r = out_error(path, tmp, "write", err);
	if (f && fclose(f) && !r)
		r = out_error(path, tmp, "write", err);
	if (!r && rename(tmp, path) < 0)
		r = out_error(path, NULL, "replace", err);
	if (r)
		unlink(tmp);
	free(tmp);
	return r;
}

int
bench_write_json(const struct bench_result *r, const char *path, struct bb_error *err)
{
	struct bb_buf b = BB_BUF_INIT;
	struct results s;
	int ret;

	results_compute(r, &s);
	json_head(&b, r);
	json_times(&b, r, "times", r->times);
	json_times(&b, r, "cpu_times", r->cpu);
	json_results(&b, r, &s);
	ret = write_out(path, &b, err);
	results_release(&s);
	bb_buf_release(&b);
	return ret;
}

/* ---- SVG ---- */

#define SVG_W 760
#define SVG_LEFT 130
#define SVG_RIGHT 30
#define SVG_ROW 28
#define SVG_TOP 70

static const char *const svg_colors[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd",
	"#ff7f0e", "#8c564b" };

/* the speedups shown: from lo to hi, 1.0 within */
static void
svg_range(const struct results *s, double *lo, double *hi)
{
	*lo = *hi = 1;
	for (size_t k = 1; k < s->nb; k++) {
		for (size_t j = 0; j <= s->m; j++) {
			const struct stats_cmp *c = j < s->m ? &s->c[j * s->nb + k] : &s->geo[k];
			double a = c->ok && isfinite(c->low) ? c->low : c->speedup;
			double z = c->ok && isfinite(c->high) ? c->high : c->speedup;

			if (isfinite(a) && a < *lo)
				*lo = a;
			if (isfinite(z) && z > *hi)
				*hi = z;
		}
	}
	*lo -= (*hi - *lo) * 0.05 + 0.005;
	*hi += (*hi - *lo) * 0.05 + 0.005;
}

static double
svg_x(double v, double lo, double hi)
{
	return SVG_LEFT + (v - lo) / (hi - lo) * (SVG_W - SVG_LEFT - SVG_RIGHT);
}

static void
svg_axis(struct bb_buf *b, double lo, double hi, int height)
{
	static const double steps[] = { 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5 };
	double step = steps[0];
	int bottom = height - 40;

	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if ((hi - lo) / steps[i] <= 10) {
			step = steps[i];
			break;
		}
	for (double v = ceil(lo / step) * step; v <= hi; v += step) {
		double x = svg_x(v, lo, hi);

		bb_buf_addf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#ddd\"/>\n<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
			"text-anchor=\"middle\">%.3g</text>\n", x, SVG_TOP - 10, x, bottom, x,
			bottom + 15, v);
	}
	bb_buf_addf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000\" "
		"stroke-dasharray=\"4 3\"/>\n", svg_x(1, lo, hi), SVG_TOP - 10, svg_x(1, lo, hi),
		bottom);
	bb_buf_addf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">speedup "
		"against the baseline (baseline time / build time); bars: the intervals</text>\n",
		(SVG_W + SVG_LEFT) / 2, bottom + 32);
}

static void
svg_point(struct bb_buf *b, const struct stats_cmp *c, double y, double lo, double hi,
	const char *color)
{
	if (c->ok && isfinite(c->low))
		bb_buf_addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"%s\" stroke-width=\"2\"/>\n", svg_x(c->low, lo, hi), y,
			svg_x(c->high, lo, hi), y, color);
	if (isfinite(c->speedup))
		bb_buf_addf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>%.3f"
			"</title></circle>\n", svg_x(c->speedup, lo, hi), y, color, c->speedup);
}

static void
svg_head(struct bb_buf *b, const struct bench_result *r, int height)
{
	bb_buf_addf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
		"<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">", SVG_W, height,
		SVG_W, height);
	if (r->emulated)
		bb_buf_addstr(b, "emulated: not a speed. ");
	bb_buf_addstr(b, "pgo-run bench on ");
	bench_xml_text(b, r->target);
	bb_buf_addstr(b, " (");
	bench_xml_text(b, r->machine ? r->machine : "?");
	bb_buf_addstr(b, ")</text>\n<text x=\"10\" y=\"38\" font-size=\"11\">");
	bb_buf_addf(b, "%d rounds, %s time; processes within %.2fx of the second fastest kept; "
		"%g%% intervals</text>\n", r->rounds_done, r->o->cpu ? "CPU" : "wall-clock",
		r->o->factor, r->o->level * 100);
	for (size_t k = 1; k < r->o->nbuilds; k++) {
		bb_buf_addf(b, "<circle cx=\"%zu\" cy=\"52\" r=\"4\" fill=\"%s\"/><text x=\"%zu\" "
			"y=\"56\" font-size=\"11\">", 16 + 180 * (k - 1), svg_colors[(k - 1) % 6],
			24 + 180 * (k - 1));
		bench_xml_text(b, r->o->builds[k].label);
		bb_buf_addstr(b, " against ");
		bench_xml_text(b, r->o->builds[0].label);
		bb_buf_addstr(b, "</text>\n");
	}
}

int
bench_write_svg(const struct bench_result *r, const char *path, struct bb_error *err)
{
	struct bb_buf b = BB_BUF_INIT;
	struct results s;
	double lo, hi, band;
	int height, ret;
	char name[64];

	results_compute(r, &s);
	height = SVG_TOP + SVG_ROW * (int)(s.m + 1) + 50;
	band = (double)SVG_ROW / (double)(s.nb + 1);
	svg_range(&s, &lo, &hi);
	svg_head(&b, r, height);
	svg_axis(&b, lo, hi, height);
	for (size_t j = 0; j <= s.m; j++) {
		double y0 = SVG_TOP + SVG_ROW * (double)j;

		if (j == s.m)
			bb_buf_addf(&b, "<line x1=\"10\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
				"stroke=\"#999\"/>\n", y0 - 2, SVG_W - SVG_RIGHT, y0 - 2);
		bb_buf_addf(&b, "<text x=\"10\" y=\"%.1f\" font-size=\"12\"%s>%s</text>\n",
			y0 + SVG_ROW / 2.0 + 4, j == s.m ? " font-weight=\"bold\"" : "",
			j == s.m ? "geomean" : shown(r->benches[j], name, sizeof(name)));
		for (size_t k = 1; k < s.nb; k++)
			svg_point(&b, j == s.m ? &s.geo[k] : &s.c[j * s.nb + k],
				y0 + band * (double)k, lo, hi, svg_colors[(k - 1) % 6]);
	}
	bb_buf_addstr(&b, "</svg>\n");
	ret = write_out(path, &b, err);
	results_release(&s);
	bb_buf_release(&b);
	return ret;
}
