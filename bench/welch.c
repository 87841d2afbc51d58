/*
 * bench/welch: Welch's t interval of the difference of two means, as pgo-run
 * bench computes its intervals (runner/bench/bench-stats.c), for the lab's
 * reports (bench/pybench/report.py)
 *
 * usage: bench/welch [-l LEVEL] A1,A2,... B1,B2,...
 *
 * Prints "D LOW HIGH": mean(A) - mean(B) and the interval at LEVEL (default
 * 0.95) of that difference, the samples' variances unequal, the degrees of
 * freedom Welch-Satterthwaite's; "D nan nan" when a side has fewer than two
 * values. Status 2 on bad use.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/bench/bench-stats.h"

struct sample {
	size_t n;
	double mean, var;
};

/* the comma-separated numbers of arg: their mean and sample variance; -1 if one is not a number */
static int
sample(const char *arg, struct sample *s)
{
	double sum = 0, ss = 0, v[256];
	const char *p = arg;
	char *end;

	s->n = 0;
	for (;;) {
		if (s->n == sizeof(v) / sizeof(*v))
			return -1;
		errno = 0;
		v[s->n] = strtod(p, &end);
		if (end == p || errno || !isfinite(v[s->n]))
			return -1;
		sum += v[s->n++];
		if (!*end)
			break;
		if (*end != ',')
			return -1;
		p = end + 1;
	}
	s->mean = sum / (double)s->n;
	for (size_t i = 0; i < s->n; i++)
		ss += (v[i] - s->mean) * (v[i] - s->mean);
	s->var = s->n > 1 ? ss / (double)(s->n - 1) : 0;
	return 0;
}

static int
usage(const char *why)
{
	fprintf(stderr, "welch: %s\nusage: welch [-l LEVEL] A1,A2,... B1,B2,...\n", why);
	return 2;
}

int
main(int argc, char **argv)
{
	struct sample a, b;
	struct stats_cmp c;
	double level = 0.95;
	char *end;
	int ch;

	while ((ch = getopt(argc, argv, "l:")) != -1) {
		if (ch != 'l')
			return usage("unknown option");
		level = strtod(optarg, &end);
		if (*end || !(level > 0 && level < 1))
			return usage("LEVEL is a number between 0 and 1");
	}
	if (argc - optind != 2)
		return usage("two samples");
	if (sample(argv[optind], &a) < 0 || sample(argv[optind + 1], &b) < 0)
		return usage("a sample is up to 256 comma-separated finite numbers");
	stats_welch(a.mean, a.var, a.n, b.mean, b.var, b.n, level, &c);
	printf("%.17g %.17g %.17g\n", c.d, c.low, c.high);
	return 0;
}
