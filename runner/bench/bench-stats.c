/* the statistics of pgo-run bench: the slow-mode filter, Welch's intervals, the geometric mean */
#include <math.h>
#include <stdlib.h>

#include "bblang/util.h"
#include "runner/bench/bench-stats.h"

size_t
stats_filter(const double *t, size_t n, double factor, bool *keep)
{
	double min = INFINITY, second = INFINITY;
	size_t kept = 0;

	for (size_t i = 0; i < n; i++) {
		if (!(t[i] > 0 && isfinite(t[i])))
			continue;
		if (t[i] < min) {
			second = min;
			min = t[i];
		} else if (t[i] < second) {
			second = t[i];
		}
	}
	/* one process alone faster than the rest (a lucky one) does not set the bar */
	if (isfinite(second))
		min = second;
	for (size_t i = 0; i < n; i++) {
		keep[i] = t[i] > 0 && isfinite(t[i]) && t[i] <= factor * min;
		kept += keep[i];
	}
	return kept;
}

void
stats_group(const double *t, size_t n, double factor, struct stats_group *g)
{
	bool *keep = xmalloc((n ? n : 1) * sizeof(*keep));
	double sum = 0, ss = 0;

	g->n = n;
	g->kept = stats_filter(t, n, factor, keep);
	g->mean = NAN;
	g->var = 0;
	if (!g->kept) {
		free(keep);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			sum += log(t[i]);
	g->mean = sum / (double)g->kept;
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			ss += (log(t[i]) - g->mean) * (log(t[i]) - g->mean);
	g->var = g->kept > 1 ? ss / (double)(g->kept - 1) : 0;
	free(keep);
}

void
stats_welch(double ma, double va, size_t na, double mb, double vb, size_t nb, double level,
	struct stats_cmp *c)
{
	double t;

	c->d = ma - mb;
	c->speedup = exp(c->d);
	c->low = c->high = c->df = NAN;
	c->se2 = c->dfden = 0;
	c->ok = false;
	if (na < 2 || nb < 2 || !isfinite(c->d))
		return;
	va /= (double)na;
	vb /= (double)nb;
	c->se2 = va + vb;
	c->dfden = va * va / (double)(na - 1) + vb * vb / (double)(nb - 1);
	c->ok = true;
	if (c->se2 <= 0) {	/* identical samples: no spread to speak of */
		c->df = INFINITY;
		c->low = c->high = c->d;
		return;
	}
	c->df = c->se2 * c->se2 / c->dfden;
	t = stats_t_quantile(0.5 + level / 2, c->df);
	c->low = c->d - t * sqrt(c->se2);
	c->high = c->d + t * sqrt(c->se2);
}

void
stats_compare(const struct stats_group *base, const struct stats_group *other, double level,
	struct stats_cmp *c)
{
	stats_welch(base->mean, base->var, base->kept, other->mean, other->var, other->kept,
		level, c);
	c->low = exp(c->low);
	c->high = exp(c->high);
}

void
stats_geomean(const struct stats_cmp *c, size_t m, double level, struct stats_cmp *g)
{
	double sum = 0, se2 = 0, dfden = 0, t;
	bool ok = m > 0;

	for (size_t i = 0; i < m; i++) {
		sum += c[i].d;
		se2 += c[i].se2;
		dfden += c[i].dfden;
		ok = ok && c[i].ok;
	}
	g->d = m ? sum / (double)m : NAN;
	g->speedup = exp(g->d);
	g->se2 = m ? se2 / ((double)m * (double)m) : 0;
	g->dfden = dfden;
	g->low = g->high = g->df = NAN;
	g->ok = ok;
	if (!ok)
		return;
	if (se2 <= 0) {
		g->df = INFINITY;
		g->low = g->high = g->speedup;
		return;
	}
	/* Satterthwaite: the 1/m^2 scale cancels */
	g->df = dfden > 0 ? se2 * se2 / dfden : INFINITY;
	t = stats_t_quantile(0.5 + level / 2, g->df);
	g->low = exp(g->d - t * sqrt(g->se2));
	g->high = exp(g->d + t * sqrt(g->se2));
}

/* the continued fraction of the incomplete beta function (modified Lentz) */
static double
beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		double aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)), del;

		d = 1 + aa * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + aa / c;
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + aa * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + aa / c;
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* the regularized incomplete beta function I_x(a, b) */
static double
beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double
stats_t_cdf(double t, double df)
{
	double tail;

	if (isinf(df))
		return 0.5 * erfc(-t / sqrt(2));
	tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

double
stats_t_quantile(double p, double df)
{
	double lo = 0, hi = 1;

	if (p == 0.5)
		return 0;
	if (p < 0.5)
		return -stats_t_quantile(1 - p, df);
	while (stats_t_cdf(hi, df) < p && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

unsigned long long
stats_rand(unsigned long long *state)
{
	unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
stats_shuffle(int *v, size_t n, unsigned long long *state)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(stats_rand(state) % i);
		int x = v[i - 1];

		v[i - 1] = v[j];
		v[j] = x;
	}
}
