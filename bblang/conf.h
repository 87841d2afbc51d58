/*
 * a datastore from the command line and conf files, as the programs build
 * it: BBPATH, OVERRIDES and presets first, then the files in order
 *
 * 1. fill a struct bb_conf_opts: bb_conf_opt() takes -I DIR, -D VAR=VALUE
 *    and -O OVERRIDES.
 * 2. bb_conf_load() (or bb_conf_setup(), then parse files yourself).
 * 3. bb_conf_opts_release().
 *
 * Errors are the datastore's: -1 with the message in bb_data_error(d).
 */
#ifndef BB_CONF_H
#define BB_CONF_H

#include <stdbool.h>
#include <stddef.h>

#include "data.h"
#include "strvec.h"

struct bb_conf_opts {
	struct bb_strvec bbpath;	/* -I DIR */
	struct bb_strvec presets;	/* -D VAR=VALUE, -D VAR[flag]=VALUE */
	const char *overrides;		/* -O OVERRIDES, or NULL */
};

#define BB_CONF_OPTS_INIT { BB_STRVEC_INIT, BB_STRVEC_INIT, NULL }

/* takes option c (I, D or O) with its argument (copied); false if c is not one of them */
bool bb_conf_opt(struct bb_conf_opts *o, int c, const char *arg);
void bb_conf_opts_release(struct bb_conf_opts *o);

/* sets BBPATH (the -I directories made absolute), OVERRIDES and the presets in d */
int bb_conf_setup(struct bb_data *d, const struct bb_conf_opts *o);

/* bb_conf_setup(), then parses defaults (may be NULL) and files[0..n) in order */
int bb_conf_load(struct bb_data *d, const struct bb_conf_opts *o, const char *defaults,
	char *const *files, size_t n);

/* msg without a leading "$PWD/": paths as the user typed them, mostly; caller frees */
char *bb_conf_relpath(const char *msg);

#endif
