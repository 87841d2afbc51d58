#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/conf.h"
#include "bblang/os.h"
#include "common/fe.h"

int
fe_usage_error(const char *who, const char *help, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", who);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see %s)\n", help);
	return 2;
}

int
fe_bad_value(const char *who, const char *help, const char *opt, const char *arg)
{
	fprintf(stderr, "%s: --%s: bad value '%s' (see %s)\n", who, opt, arg, help);
	return -1;
}

int
fe_number(const char *s, double min, double max, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= min) || !(v <= max))
		return -1;
	*out = v;
	return 0;
}

int
fe_int(const char *s, int min, int max, int *out)
{
	char *end;
	long v;

	if (!*s || s[strspn(s, "0123456789")])
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || v < min || v > max)
		return -1;
	*out = (int)v;
	return 0;
}

void
fe_report(const char *prog, const char *msg)
{
	char *rel = bb_conf_relpath(msg);

	fprintf(stderr, "%s: %s\n", prog, rel);
	free(rel);
}

void
fe_report_warnings(const char *prog, struct bb_data *d)
{
	for (size_t i = 0; i < bb_data_nwarnings(d); i++)
		if (prog)
			fe_report(prog, bb_data_warning(d, i));
		else
			fprintf(stderr, "%s\n", bb_data_warning(d, i));
}

int
fe_source_date_epoch(int64_t *out)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	*out = 0;
	if (!s || !*s)
		return 0;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end || errno || v < 0 || !isdigit((unsigned char)*s))
		return -1;
	*out = v;
	return 0;
}

char *
fe_out_dir(const char *dir, const char *what, struct bb_error *err)
{
	char *norm = bb_path_norm(dir);
	const char *base = strrchr(norm, '/');

	base = base ? base + 1 : norm;
	if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
		bb_error(err, NULL, "%s: not a usable %s directory", dir, what);
		free(norm);
		return NULL;
	}
	return norm;
}

char *
fe_tmp_template(const char *name)
{
	const char *tmp = getenv("TMPDIR");

	return xstrcat(tmp && *tmp ? tmp : "/tmp", "/", name, ".XXXXXX", NULL);
}

#if defined(__SANITIZE_ADDRESS__)
#define LEAKS_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LEAKS_CHECKED 1
#endif
#endif

void
fe_data_done(struct bb_data *d)
{
#ifdef LEAKS_CHECKED
	bb_data_free(d);
#else
	(void)d;
#endif
}
