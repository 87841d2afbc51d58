/*
 * bench: "pgo-run bench", two or more python3 builds timed on a target
 *
 * The builds (LABEL=PATH: an installed tree or a tarball of one, copied to a
 * private directory on the target once; or a python3 program already on the
 * target) run the benchmark set of bench/pybench, which pgo-run carries
 * (bench_files), and the interpreter's start-up, interleaved: every round
 * runs each benchmark once per build (the start-up STARTUP_RUNS times), the
 * benchmarks and the builds in an order shuffled per round; every process
 * is timed on its own. bench-stats.h drops the slow processes and gives the
 * speedup against the first build with its interval; bench-out.c writes the
 * table, the JSON (every raw time) and the SVG chart.
 *
 * The target is reached as "pgo-run profile" reaches it (target.h): QEMU
 * booted from an image (ssh to the guest: "emulated", never a speed), a
 * board over ssh, or this machine. Errors are one line; the JSON then keeps
 * what was measured.
 */
#ifndef RUNNER_BENCH_H
#define RUNNER_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bblang/util.h"
#include "runner/profile/profile.h"

/* a file of the benchmark set, as pgo-run carries it (bench-set.c, generated) */
struct bench_file {
	const char *name, *text;
};
/* NULL-terminated */
extern const struct bench_file bench_files[];

/* the benchmarks, "startup" last (the modules of bench_files with bench()) */
extern const char *const bench_names[];

enum bench_kind {
	BUILD_TREE,		/* a directory here, copied */
	BUILD_TARBALL,		/* a tarball here, unpacked here, then copied */
	BUILD_TARGET,		/* a program on the target, run where it is */
};

struct bench_build {
	const char *label, *path;
	char *own_path;		/* path, when allocated (-B) */
	enum bench_kind kind;
	char *tree;		/* here: the tree to copy (the tarball's: unpacked) */
	char *rel;		/* its python3, relative to the tree */
	char *libdir;		/* relative to the tree: the lib beside bin/ */
	char *python;		/* on the target, once known */
	char *target_libdir;	/* on the target, or NULL */
	char *version;		/* what it says it is, on the target */
};

struct bench_opts {
	struct profile_opts p;		/* the target, its options, --log, --timeout */
	const char *json, *svg;
	const char *benchmarks;		/* NULL: all */
	int reps, warmup, startup_runs;
	double scale, factor, level;
	bool cpu;			/* --clock cpu (the default): the statistics on CPU times */
	unsigned long long seed;
	bool seed_set;
	struct bench_build *builds;
	size_t nbuilds;
	const char *builddir;		/* -B: the builds are python3's and its baseline's */
	bool oe_pgo;			/* --oe-pgo: and python3-pgo-oe's */
	char *pgo_proof;		/* -B: what do_pgo_check said of the profile */
};

#define BENCH_OPTS_INIT { PROFILE_OPTS_INIT, NULL, NULL, NULL, 10, 1, 20, 1.0, 1.25, 0.95, \
	true, 0, false, NULL, 0, NULL, false, NULL }

/* what the start-up benchmark runs, after the program */
#define BENCH_STARTUP_ARGS "-I -c pass"

/* the raw times and the results of a run */
struct bench_result {
	const struct bench_opts *o;
	const char *target;		/* local, ssh:USER@HOST, qemu:MACHINE */
	bool emulated;
	char *machine;			/* uname -m there */
	const char **benches;		/* the benchmarks run, NULL-terminated */
	size_t nbench;
	/*
	 * times[build][bench]: every process's seconds of wall-clock time, in
	 * the order they ran; cpu[build][bench] its CPU time (user and system)
	 */
	double ***times, ***cpu;
	size_t **n, **cap;
	int rounds_done;
	const char *error;		/* the error line, NULL when complete */
};

/* runs the command; its exit status (bench.c) */
int bench_run(struct bench_opts *o);
/*
 * bench-builddir.c, for -B: puts "plain" (python3-pgo-baseline), with
 * --oe-pgo "oe-pgo" (python3-pgo-oe), and "pgo" (python3) first among the builds, the trees their do_install left in the
 * build directory, once python3 is shown built with the profile; 0, or -1
 * with err set
 */
int bench_builddir(struct bench_opts *o, struct bb_error *err);
/* parses the command line (bench-opts.c; cli.h's convention) */
int bench_parse_opts(struct bench_opts *o, int argc, char **argv);
void bench_opts_release(struct bench_opts *o);

/* bench-out.c: the terminal table on f */
void bench_table(const struct bench_result *r, FILE *f);
/* bench-out.c: the JSON and the SVG chart at path (through a temp file); -1 with err set */
int bench_write_json(const struct bench_result *r, const char *path, struct bb_error *err);
int bench_write_svg(const struct bench_result *r, const char *path, struct bb_error *err);
/*
 * bench-out.c: whether the report can be written at path (its temporary file
 * made and removed beside it, path not a directory), before anything is run;
 * -1 with err set
 */
int bench_check_output(const char *path, struct bb_error *err);

#endif
