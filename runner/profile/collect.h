/*
 * collect: a profile archive brought back from the target (or gathered
 * elsewhere) checked entry by entry and installed as a whole
 *
 * 1. Fill a struct collect_opts (COLLECT_OPTS_INIT holds the default budgets)
 *    with the profile directory and the expected gcda version stamp.
 * 2. collect_import_file() or collect_import_fd() reads a tar stream (plain
 *    or gzip) with libarchive, never through its disk writer, and accepts only:
 *    regular files (directories are skipped; links, devices, fifos and
 *    sockets are errors) under relative paths without "..", named *.gcda or
 *    *.fdata in printable ASCII, each within max_file_size, all within
 *    max_total_size and max_files; a .gcda starts with the gcda magic
 *    (either byte order) and the expected stamp, a .fdata (BOLT's profile,
 *    llvm-bolt -instrument) is text of BOLT's records (runner/profile/fdata.h).
 *    Paths are flattened the way GCC mangles them ("Objects/abstract.gcda"
 *    becomes "Objects#abstract.gcda"); two entries with the same flattened
 *    name are an error. An archive with neither is an error ("no profile
 *    data").
 *    The headers are walked first (the data skipped) so that a name, type,
 *    size or count refused is found before anything is written; standard
 *    input or a FIFO is copied into the staging directory first (within the
 *    budgets' bound) to be read twice.
 * 3. The files go into a fresh PROFILE_DIR.tmp-PID-XXXXXX beside the profile
 *    directory, with pgo-manifest.xml (what, when, which compiler, how many
 *    files and bytes, and of them BOLT's in <bolt>) and profile.tar (the
 *    files sorted by name, owner 0, mode 0644, mtime opts.mtime:
 *    byte-identical for the same files); that
 *    directory is then swapped in (renameat2 RENAME_EXCHANGE) and the old
 *    profile removed. On any error the staging directory is removed and the
 *    profile directory is left as it was; a signal caught by
 *    proc_signals_init() is such an error. A staging directory an import
 *    that was killed left (its PID gone, ours, regular files only) is
 *    removed by the next. An existing profile directory is
 *    replaced only when it holds pgo-manifest.xml or is empty.
 *
 * Errors are one line: "ARCHIVE: entry 'NAME': what is wrong".
 */
#ifndef RUNNER_COLLECT_H
#define RUNNER_COLLECT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "bblang/util.h"

#define COLLECT_MANIFEST "pgo-manifest.xml"
#define COLLECT_ARCHIVE "profile.tar"

struct collect_opts {
	const char *profile_dir;
	char stamp[4];			/* expected gcda stamp; '?' matches any character */
	const char *gcc_version;	/* for the manifest */
	const char *machine, *image, *task, *source;	/* for the manifest; NULL: left out */
	/* how the task ran: qemu, ssh, qemu-user or local, and QEMU's accelerator (kvm, tcg) */
	const char *target, *accel;
	int smp;			/* QEMU's guest CPUs as asked (--smp), 0: the image's */
	uint64_t max_file_size, max_total_size, max_files;
	struct timespec start;		/* when the task started (CLOCK_REALTIME) */
	double duration;		/* the task's seconds; < 0: time since start */
	int64_t mtime;			/* of the entries of profile.tar */
};

#define COLLECT_OPTS_INIT { NULL, { 0 }, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, \
	64ULL << 20, 1ULL << 30, 100000, { 0, 0 }, -1, 0 }

struct collect_result {
	size_t files;
	uint64_t bytes;
	size_t fdata_files;	/* of files, BOLT's */
};

/* imports the archive at path ("-": standard input); res may be NULL */
int collect_import_file(const char *path, const struct collect_opts *o,
	struct collect_result *res, struct bb_error *err);
/* imports the archive read from fd (left open); name is used in messages */
int collect_import_fd(int fd, const char *name, const struct collect_opts *o,
	struct collect_result *res, struct bb_error *err);

#endif
