/*
 * profile: "pgo-run profile", the work do_profile calls
 *
 * Stages, each with its own deadline: boot (QEMU up, the boot marker on the
 * console), connect (ssh answers, or the console shell does), run (the task
 * with GCOV_PREFIX into a fresh guest directory: a total deadline and an
 * inactivity one), collect (that directory back as a tar stream) and
 * install (collect_import_fd: checked, then swapped into the profile
 * directory). QEMU is always killed and reaped: on errors, deadlines and
 * SIGINT/SIGTERM/SIGHUP. Errors are one line, "pgo-run: STAGE: message".
 *
 * The targets: qemu (all five stages; a new forwarded port when QEMU loses
 * the race for the one chosen), ssh (a board: connect, run, collect over
 * ssh, and the remote directory removed afterwards), qemu-user and local
 * (run on this machine, under qemu-ARCH -L SYSROOT or directly, then tar of
 * a temporary directory). All end in the same install.
 */
#ifndef RUNNER_PROFILE_H
#define RUNNER_PROFILE_H

#include <stdbool.h>

#include "runner/profile/collect.h"
#include "runner/target/target.h"

struct profile_opts {
	struct target_opts t;			/* where the task runs */
	const char *python, *task, *remote_dir;
	const char *overlay;			/* files put at / on the target first (ssh) */
	bool overlay_keep_modes;		/* their setuid, setgid, sticky, g+w, o+w too */
	int strip;				/* GCOV_PREFIX_STRIP */
	const char *gcc_version, *cc;
	double timeout, idle_timeout;		/* the task: total, without output (0: none) */
	bool ok_status[255];			/* the task's exit statuses that count as success */
	double collect_timeout;
	double linger_timeout;			/* collect: for processes the task left */
	const char *out, *archive, *log, *junit;
	const char *machine, *image;		/* for the manifest */
};

/* the defaults of the options */
#define PROFILE_OPTS_INIT { .t = TARGET_OPTS_INIT, .timeout = 3600, .idle_timeout = 900, \
	.collect_timeout = 300, .linger_timeout = 60, .ok_status = { [0] = true } }

/* runs the stages; the exit status (0, or 1 after printing the error) */
int profile_run(const struct profile_opts *o);

struct import_opts {
	struct collect_opts c;
	const char *archive, *cc;
	const char *version;
};

#define IMPORT_OPTS_INIT { COLLECT_OPTS_INIT, NULL, NULL, NULL }

/* import-opts.c */
int import_parse_opts(struct import_opts *o, int argc, char **argv);
/* the usage lines and the help of import ("pgo-run --help") on standard output */
void import_print_help(void);
/* import.c: installs the archive; the exit status (0, or 1 after printing the error) */
int import_run(struct import_opts *o);

#endif
