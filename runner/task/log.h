/*
 * the files a task leaves in ${T} and ${STAMP}, as build.py writes them:
 * run scripts, log.task_order, the log.TASK courtesy link, stamps
 */
#ifndef RUNNER_LOG_H
#define RUNNER_LOG_H

#include <stddef.h>

#include "bblang/util.h"

/* the first line of a stamp; a stamp without it is not ours (and not current) */
#define LOG_STAMP_HEADER "pgo-run stamp 1"

/* writes path (mode 0775) with text, replacing it */
int log_write_script(const char *path, const char *text, size_t len, struct bb_error *err);

/* appends "YYYYmmdd-HHMMSS.ffffff TASK (PID): LOGBASE" to dir/log.task_order */
int log_task_order(const char *dir, const char *task, long pid, const char *logbase,
	struct bb_error *err);

/* makes dir/name a symlink to target, replacing whatever was there */
int log_link(const char *dir, const char *name, const char *target, struct bb_error *err);

/* writes the stamp path (header line, task, recipe) through a temp file and rename() */
int log_stamp_write(const char *path, const char *task, const char *recipe,
	struct bb_error *err);

/* removes the stamp path; a missing one is no error */
int log_stamp_remove(const char *path, struct bb_error *err);

#endif
