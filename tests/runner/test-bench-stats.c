/*
 * runner/bench/bench-stats.c: Student's t against published quantiles, the
 * slow-mode filter, Welch's interval on known data (of the logs and of the
 * samples themselves), and the intervals' coverage over many simulated A/A
 * and A/B experiments with bimodal noise (a process 1.7x slower, a third of
 * the time): 92-97.5% of the 95% intervals hold the true speedup, for one
 * benchmark and for the geometric mean; the filter drops the slow mode, and
 * without it the estimate is off
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bench/bench-stats.h"
#include "tests/test-util.h"

static void
t_quantiles(void **state)
{
	/* two-sided 95%: the 0.975 quantile; 99%: 0.995 */
	static const struct { double df, p, t; } known[] = {
		{ 1, 0.975, 12.706 }, { 2, 0.975, 4.303 }, { 3, 0.975, 3.182 },
		{ 5, 0.975, 2.571 }, { 10, 0.975, 2.228 }, { 30, 0.975, 2.042 },
		{ 7, 0.975, 2.365 }, { 1, 0.95, 6.314 }, { 4, 0.995, 4.604 }, { 20, 0.995, 2.845 },
		{ INFINITY, 0.975, 1.960 }, { 1e9, 0.975, 1.960 },
	};

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		double t = stats_t_quantile(known[i].p, known[i].df);

		if (fabs(t - known[i].t) > 0.002)
			fail_msg("df %g p %g: %f, not %f", known[i].df, known[i].p, t, known[i].t);
		assert_true(fabs(stats_t_cdf(t, known[i].df) - known[i].p) < 1e-9);
		assert_true(fabs(stats_t_quantile(1 - known[i].p, known[i].df) + t) < 1e-9);
	}
	assert_true(stats_t_quantile(0.5, 3) == 0);
	assert_true(fabs(stats_t_cdf(0, 7) - 0.5) < 1e-12);
	(void)state;
}

static void
filter(void **state)
{
	/* the fast mode about 1.0, the slow one 1.7; a lucky 0.7 does not set the bar */
	double t[] = { 1.0, 1.7, 1.05, 1.72, 0.97, 1.2, 0.7, -1, NAN, 1.65 };
	bool keep[10];
	bool want[10] = { true, false, true, false, true, true, true, false, false, false };

	assert_int_equal(stats_filter(t, 10, 1.25, keep), 5);
	for (size_t i = 0; i < 10; i++)
		assert_int_equal(keep[i], want[i]);
	/* one process: kept; none: none */
	assert_int_equal(stats_filter(t, 1, 1.25, keep), 1);
	assert_int_equal(stats_filter(t, 0, 1.25, keep), 0);
	/* no filter */
	assert_int_equal(stats_filter(t, 10, INFINITY, keep), 8);
	(void)state;
}

static void
welch(void **state)
{
	/* logs of A: 0, 0.1, 0.2 (mean 0.1, var 0.01); of B: -0.1, 0, 0.1, 0.2 (mean 0.05) */
	double a[] = { 1, exp(0.1), exp(0.2) };
	double b[] = { exp(-0.1), 1, exp(0.1), exp(0.2) };
	struct stats_group ga, gb;
	struct stats_cmp c, g, two[2];
	double va = 0.01 / 3, vb = (0.0225 + 0.0025 + 0.0025 + 0.0225) / 3 / 4;
	double df = (va + vb) * (va + vb) / (va * va / 2 + vb * vb / 3);
	double t = stats_t_quantile(0.975, df);

	stats_group(a, 3, INFINITY, &ga);
	stats_group(b, 4, INFINITY, &gb);
	assert_int_equal(ga.kept, 3);
	assert_true(fabs(ga.mean - 0.1) < 1e-12 && fabs(ga.var - 0.01) < 1e-12);
	stats_compare(&ga, &gb, 0.95, &c);
	assert_true(c.ok);
	assert_true(fabs(c.speedup - exp(0.05)) < 1e-12);
	assert_true(fabs(c.df - df) < 1e-9);
	assert_true(fabs(c.low - exp(0.05 - t * sqrt(va + vb))) < 1e-12);
	assert_true(fabs(c.high - exp(0.05 + t * sqrt(va + vb))) < 1e-12);
	/* the geometric mean of one comparison is that comparison */
	stats_geomean(&c, 1, 0.95, &g);
	assert_true(fabs(g.low - c.low) < 1e-12 && fabs(g.high - c.high) < 1e-12);
	/* of two equal ones: the same speedup, a narrower interval (more processes) */
	two[0] = two[1] = c;
	stats_geomean(two, 2, 0.95, &g);
	assert_true(fabs(g.speedup - c.speedup) < 1e-12);
	assert_true(g.low > c.low && g.high < c.high);
	/* one process kept: no interval */
	stats_group(a, 1, INFINITY, &ga);
	stats_compare(&ga, &gb, 0.95, &c);
	assert_false(c.ok);
	assert_true(isnan(c.low));
	stats_geomean(&c, 1, 0.95, &g);
	assert_false(g.ok);
	(void)state;
}

/* on the samples' own scale: A 1, 2, 3 and B 4, 5, 6 (variances 1, df 4, t 2.776445) */
static void
welch_linear(void **state)
{
	double h = 2.776445 * sqrt(2.0 / 3);
	struct stats_cmp c;

	stats_welch(2, 1, 3, 5, 1, 3, 0.95, &c);
	assert_true(c.ok);
	assert_true(fabs(c.d + 3) < 1e-12 && fabs(c.df - 4) < 1e-9);
	assert_true(fabs(c.low - (-3 - h)) < 1e-5 && fabs(c.high - (-3 + h)) < 1e-5);
	/* equal samples: the difference itself */
	stats_welch(0.5, 0, 4, 0.25, 0, 4, 0.95, &c);
	assert_true(c.ok && c.low == 0.25 && c.high == 0.25);
	/* one value on a side: none */
	stats_welch(2, 0, 1, 5, 1, 3, 0.95, &c);
	assert_false(c.ok);
	assert_true(isnan(c.low) && isnan(c.high));
	(void)state;
}

/* a uniform in (0, 1) and a normal */
static double
uniform(unsigned long long *s)
{
	return ((double)(stats_rand(s) >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(unsigned long long *s)
{
	return sqrt(-2 * log(uniform(s))) * cos(2 * M_PI * uniform(s));
}

/* a process's time: base, 3% noise, 1.7x slower a third of the time */
static double
process(double base, unsigned long long *s)
{
	double t = base * exp(0.03 * normal(s));

	return uniform(s) < 1.0 / 3 ? t * 1.7 : t;
}

#define BENCHES 5
#define REPS 8
#define TRIALS 2000

/* the share of TRIALS experiments whose interval holds the truth, one benchmark and geomean */
static void
coverage(double speedup, double factor, double *one, double *geo, double *mean_est)
{
	unsigned long long s = 42;
	int hit1 = 0, hitg = 0;
	double sum = 0;

	for (int trial = 0; trial < TRIALS; trial++) {
		struct stats_cmp c[BENCHES], g;

		for (int j = 0; j < BENCHES; j++) {
			double a[REPS], b[REPS], base = 0.1 * (j + 1);
			struct stats_group ga, gb;

			for (int i = 0; i < REPS; i++) {
				a[i] = process(base, &s);
				b[i] = process(base / speedup, &s);
			}
			stats_group(a, REPS, factor, &ga);
			stats_group(b, REPS, factor, &gb);
			stats_compare(&ga, &gb, 0.95, &c[j]);
		}
		hit1 += c[0].ok && c[0].low <= speedup && speedup <= c[0].high;
		stats_geomean(c, BENCHES, 0.95, &g);
		hitg += g.ok && g.low <= speedup && speedup <= g.high;
		sum += g.speedup;
	}
	*one = (double)hit1 / TRIALS;
	*geo = (double)hitg / TRIALS;
	*mean_est = sum / TRIALS;
}

static void
coverage_aa_ab(void **state)
{
	static const double truths[] = { 1.0, 1.08 };
	double one, geo, est;

	for (size_t i = 0; i < 2; i++) {
		coverage(truths[i], 1.25, &one, &geo, &est);
		print_message("# speedup %.2f: 95%% intervals hold it %.1f%% (one benchmark), "
			"%.1f%% (geomean); mean estimate %.4f\n", truths[i], 100 * one, 100 * geo,
			est);
		assert_true(one >= 0.92 && one <= 0.975);
		assert_true(geo >= 0.92 && geo <= 0.975);
		assert_true(fabs(est / truths[i] - 1) < 0.002);
	}
	(void)state;
}

/* without the filter, the slow mode's noise makes the intervals far wider */
static void
filter_narrows(void **state)
{
	unsigned long long s = 7;
	double w_f = 0, w_n = 0;

	for (int trial = 0; trial < 200; trial++) {
		double a[REPS], b[REPS];
		struct stats_group ga, gb;
		struct stats_cmp cf, cn;

		for (int i = 0; i < REPS; i++) {
			a[i] = process(1, &s);
			b[i] = process(1, &s);
		}
		stats_group(a, REPS, 1.25, &ga);
		stats_group(b, REPS, 1.25, &gb);
		stats_compare(&ga, &gb, 0.95, &cf);
		stats_group(a, REPS, INFINITY, &ga);
		stats_group(b, REPS, INFINITY, &gb);
		stats_compare(&ga, &gb, 0.95, &cn);
		w_f += log(cf.high / cf.low);
		w_n += log(cn.high / cn.low);
	}
	print_message("# mean log width of the 95%% interval: %.4f filtered, %.4f not\n",
		w_f / 200, w_n / 200);
	assert_true(w_f * 3 < w_n);
	(void)state;
}

static void
shuffle(void **state)
{
	unsigned long long s = 1, s2 = 1;
	int v[10], w[10], seen = 0;

	for (int i = 0; i < 10; i++)
		v[i] = w[i] = i;
	stats_shuffle(v, 10, &s);
	stats_shuffle(w, 10, &s2);
	assert_memory_equal(v, w, sizeof(v));	/* the same seed, the same order */
	for (int i = 0; i < 10; i++)
		seen |= 1 << v[i];
	assert_int_equal(seen, 1023);		/* a permutation */
	stats_shuffle(w, 10, &s2);
	assert_memory_not_equal(v, w, sizeof(v));
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_quantiles),
		cmocka_unit_test(filter),
		cmocka_unit_test(welch),
		cmocka_unit_test(welch_linear),
		cmocka_unit_test(coverage_aa_ab),
		cmocka_unit_test(filter_narrows),
		cmocka_unit_test(shuffle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
