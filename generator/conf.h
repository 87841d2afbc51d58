/*
 * the meta-pgo knobs: every one must be set, to one of its values; the
 * datastore itself is read with bblang/conf.h
 */
#ifndef GEN_CONF_H
#define GEN_CONF_H

#include "bblang/data.h"

/*
 * checks every knob's value (see the table in conf.c); on error returns -1
 * with "file:line: error: KNOB must be ..." in err
 */
int conf_check_knobs(struct bb_data *d, struct bb_error *err);

#endif
