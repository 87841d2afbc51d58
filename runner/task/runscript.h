/*
 * the run script of a shell task, as BitBake writes it (build.py
 * exec_func_shell, data.py emit_func), and running it with its output logged
 *
 * 1. runscript_build() writes the script text for one function into a buffer.
 * 2. runscript_exec() runs a script file with /bin/sh, output to a log fd.
 */
#ifndef RUNNER_RUNSCRIPT_H
#define RUNNER_RUNSCRIPT_H

#include <stdbool.h>

#include "bblang/buf.h"
#include "bblang/data.h"
#include "bblang/strvec.h"

/* whether var[name], unexpanded, is true as runscript_true() says */
bool runscript_flag_true(struct bb_data *d, const char *var, const char *name);
/* moves the datastore's error into err; -1 */
int runscript_data_error(struct bb_data *d, struct bb_error *err);

/* bb.utils.to_boolean: 1/yes/y/true/t/on (any case); NULL and anything else are false */
bool runscript_true(const char *s);

/* appends s double-quoted as emit_var quotes an exported value */
void runscript_quote_dq(struct bb_buf *out, const char *s);
/* appends s single-quoted for the shell */
void runscript_quote_sq(struct bb_buf *out, const char *s);

/*
 * the shell functions func calls, transitively (words of the bodies that
 * name a [func] variable without [python], and [vardeps]), sorted within
 * each round as emit_func emits them; func itself is not included
 */
int runscript_deps(struct bb_data *d, const char *func, struct bb_strvec *out,
	struct bb_error *err);

/*
 * appends the script for func to out: the exit trap, "set -e", every
 * exported variable, func and the shell functions it calls, "cd 'cwd'"
 * (when cwd is not NULL) and the call of func
 */
int runscript_build(struct bb_data *d, const char *func, const char *cwd, struct bb_buf *out,
	struct bb_error *err);

/*
 * runs "/bin/sh script" with stdin from /dev/null and stdout and stderr
 * to logfd (and to our stdout too when tee is set); *status is the exit
 * code, or 128 + the signal that killed it
 */
int runscript_exec(const char *script, int logfd, bool tee, int *status, struct bb_error *err);

#endif
