/*
 * bench-stats: the statistics of "pgo-run bench"
 *
 * Each build runs each benchmark in processes of their own, and a process
 * on these machines runs either at full speed or 1.6-1.8x slower for its
 * whole life (doc/runner.txt, "Measuring the gain"). So:
 * 1. stats_filter() keeps the processes within FACTOR (1.25) of the fastest
 *    seen for that build and benchmark (the second fastest, so that a single
 *    lucky process does not set the bar; two are always kept): the slow mode
 *    is dropped, the count kept is reported.
 * 2. stats_group() summarizes the kept times on a log scale (a time's log:
 *    the mean is the log of their geometric mean).
 * 3. stats_compare() gives the speedup of a build against the baseline,
 *    baseline time / its time, and its interval: Welch's t interval of the
 *    difference of the mean logs (unequal variances, Welch-Satterthwaite
 *    degrees of freedom), exponentiated. With a handful of processes per
 *    build a bootstrap percentile interval is too narrow; Welch's is not.
 * 4. stats_geomean() combines the benchmarks' comparisons: the mean of their
 *    log speedups, its variance the mean of theirs over m (the benchmarks'
 *    processes are independent), its degrees of freedom by Satterthwaite
 *    over every group.
 * An interval needs two kept processes in each group; else its ends are NaN.
 */
#ifndef RUNNER_BENCH_STATS_H
#define RUNNER_BENCH_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* the processes of one build on one benchmark, after the filter */
struct stats_group {
	size_t n, kept;
	double mean;		/* of the logs of the kept times */
	double var;		/* their sample variance (0 when kept < 2) */
};

struct stats_cmp {
	double speedup;		/* baseline time / this build's (geometric means) */
	double low, high;	/* the interval; NaN when it cannot be had */
	double d, se2, df;	/* log speedup, its variance, degrees of freedom */
	double dfden;		/* sum over both groups of (var/n)^2/(n-1), for stats_geomean */
	bool ok;		/* an interval was had */
};

/*
 * keep[i] = t[i] <= factor * the second smallest of t (the smallest when t has
 * one), for t[i] > 0 (a non-positive or non-finite time is never kept); the
 * number kept
 */
size_t stats_filter(const double *t, size_t n, double factor, bool *keep);
/* the group of t filtered with factor */
void stats_group(const double *t, size_t n, double factor, struct stats_group *g);
/*
 * Welch's t interval at level (e.g. 0.95) of the difference of two means:
 * ma - mb, from samples of na and nb values whose sample variances are va
 * and vb; into c, its d, low and high on the samples' own scale (speedup:
 * exp(d)), not exponentiated; low and high NaN with fewer than two values on
 * a side
 */
void stats_welch(double ma, double va, size_t na, double mb, double vb, size_t nb, double level,
	struct stats_cmp *c);
/* base against other at confidence level (e.g. 0.95): stats_welch() of the mean logs */
void stats_compare(const struct stats_group *base, const struct stats_group *other,
	double level, struct stats_cmp *c);
/* the geometric mean of m comparisons and its interval, into g */
void stats_geomean(const struct stats_cmp *c, size_t m, double level, struct stats_cmp *g);

/* Student's t distribution with df degrees of freedom (df > 0; infinite: normal) */
double stats_t_cdf(double t, double df);
/* its quantile: the t with stats_t_cdf(t, df) = p, 0 < p < 1 */
double stats_t_quantile(double p, double df);

/* a seeded generator (splitmix64): the shuffles of the rounds, the tests' data */
unsigned long long stats_rand(unsigned long long *state);
/* shuffles the n ints of v (Fisher-Yates) */
void stats_shuffle(int *v, size_t n, unsigned long long *state);

#endif
