/*
 * the generator's datastore: presets and BBPATH from the command line, the
 * project's defaults.conf, the user's conf files; and the knob checks
 *
 * 1. fill a struct conf_opts (conf_opt() takes -I, -D and -O).
 * 2. conf_load() parses defaults.conf (if any) and the conf files into d.
 * 3. conf_check_knobs() validates the meta-pgo knobs.
 * 4. conf_opts_release().
 */
#ifndef GEN_CONF_H
#define GEN_CONF_H

#include <stdbool.h>
#include <stddef.h>

#include "bblang/data.h"
#include "bblang/strvec.h"

struct conf_opts {
	struct bb_strvec bbpath;	/* -I DIR */
	struct bb_strvec presets;	/* -D VAR=VALUE, -D VAR[flag]=VALUE */
	const char *overrides;		/* -O OVERRIDES, or NULL */
};

#define CONF_OPTS_INIT { BB_STRVEC_INIT, BB_STRVEC_INIT, NULL }

/* takes option c (I, D or O) with its argument; false if c is not one of them */
bool conf_opt(struct conf_opts *o, int c, const char *arg);
void conf_opts_release(struct conf_opts *o);

/* sets BBPATH, OVERRIDES and the presets in d */
int conf_setup(struct bb_data *d, const struct conf_opts *o);

/*
 * conf_setup(), then parses defaults (may be NULL) and files[0..n) in
 * order; on error returns -1 with the message in bb_data_error(d)
 */
int conf_load(struct bb_data *d, const struct conf_opts *o, const char *defaults,
	char *const *files, size_t n);

/*
 * checks every knob's value (see the table in conf.c); on error returns -1
 * with "file:line: error: KNOB must be ..." in err
 */
int conf_check_knobs(struct bb_data *d, struct bb_error *err);

/* msg without a leading "$PWD/": paths as the user typed them, mostly; caller frees */
char *conf_relpath(const char *msg);

#endif
