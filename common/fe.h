/*
 * front-end helpers shared by pgo-gen and pgo-run: what a program says on
 * stderr about its command line and its input, and what it takes from the
 * environment. The library (bblang/) reports; these print.
 */
#ifndef COMMON_FE_H
#define COMMON_FE_H

#include <stdint.h>

#include "bblang/data.h"

/*
 * a command-line mistake: "WHO: MESSAGE (see HELP)" on stderr, e.g. who
 * "pgo-run: profile", help "pgo-run profile --help"; returns 2, its exit status
 */
int fe_usage_error(const char *who, const char *help, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "WHO: --OPT: bad value 'ARG' (see HELP)" on stderr; returns -1 */
int fe_bad_value(const char *who, const char *help, const char *opt, const char *arg);

/* a number in [min, max] (strtod's syntax, all of s): 0, or -1 */
int fe_number(const char *s, double min, double max, double *out);
/* decimal digits only, in [min, max]: 0, or -1 */
int fe_int(const char *s, int min, int max, int *out);

/* "PROG: MSG" on stderr, with a leading "$PWD/" dropped from MSG (bb_conf_relpath) */
void fe_report(const char *prog, const char *msg);

/* the warnings collected in d: each through fe_report(prog, ...), or as it is when prog is NULL */
void fe_report_warnings(const char *prog, struct bb_data *d);

/*
 * $SOURCE_DATE_EPOCH, as reproducible-builds.org defines it: *out is 0 when
 * it is unset or empty; -1 when it is not a number of seconds
 */
int fe_source_date_epoch(int64_t *out);

/*
 * the directory a program writes, dir, normalized (bb_path_norm()); NULL
 * with "DIR: not a usable WHAT directory" in err when its last part is
 * empty, "." or ".."; caller frees
 */
char *fe_out_dir(const char *dir, const char *what, struct bb_error *err);

/* "$TMPDIR/NAME.XXXXXX" (/tmp without TMPDIR), for mkstemp or mkdtemp; caller frees */
char *fe_tmp_template(const char *name);

/*
 * a datastore the program is done with just before it exits: freed only where
 * leaks are checked (the sanitizer build), else left to the exit, which
 * returns the memory at once (freeing it piece by piece is about 7% of a parse)
 */
void fe_data_done(struct bb_data *d);

#endif
