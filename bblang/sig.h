/* what a task's signature covers, as BitBake's basehash does */
#ifndef BB_SIG_H
#define BB_SIG_H

#include "bblang/buf.h"
#include "bblang/data.h"

/*
 * appends to out the data of task's basehash as bb.data.generate_dependencies
 * and siggen's gendeps walk it: every variable (and VAR[flag]) the task
 * depends on, one line "NAME: VALUE" each (VALUE unexpanded, or [vardepvalue];
 * empty when unset, as bitbake-dumpsig shows it), sorted. A variable's
 * dependencies are the ${VAR} references of its value, the names inline python reads (getVar, getVarFlag,
 * bb.utils.contains...), its [vardeps] and its flags outside
 * BB_SIGNATURE_EXCLUDE_FLAGS; a shell function's also the commands it runs
 * that are variables, the exported variables, [prefuncs] and [postfuncs];
 * less its [vardepsexclude] and BB_BASEHASH_IGNORE_VARS. -1 with err set
 * when shell code cannot be parsed or a value cannot be read.
 */
int bb_task_sigdata(struct bb_data *d, const char *task, struct bb_buf *out,
	struct bb_error *err);

#endif
