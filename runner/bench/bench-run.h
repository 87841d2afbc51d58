/*
 * bench-run: what the parts of one "pgo-run bench" run share (private to
 * runner/bench/): bench.c runs it, bench-here.c finds the builds and packs
 * them, bench-there.c runs the commands on the target, bench-rounds.c the
 * rounds
 */
#ifndef RUNNER_BENCH_RUN_H
#define RUNNER_BENCH_RUN_H

#include <stdbool.h>

#include "bblang/strvec.h"
#include "runner/bench/bench.h"
#include "runner/target/target.h"

struct bench {
	struct session s;
	struct bench_opts *o;
	struct bench_result r;
	char *host_tmp;			/* here: the set, the unpacked tarballs */
	char *priv;			/* the private directory on the target */
	bool priv_made;
	struct bb_strvec lines;		/* the output captured */
	bool capture;
	/* the rounds */
	int round;			/* 1-based; <= warmup: a warm-up round */
	size_t items_done, items_total;
	double bench_t0;
	char fail[300];			/* a benchmark's failure, from the driver */
	char bad[300];			/* a time that is not one, from the driver */
	/* the command running on a board or a guest: its shell's PGO-BENCH-GROUP */
	size_t cmd_lines;		/* its lines so far */
	long group_pid;			/* its shell there, or 0 */
	bool group_leader;		/* which leads its process group */
	/* a command cut off there (its deadline, a lost connection): what it left runs */
	long orphan_pid;
	bool orphan_leader;
};

/* sets the error as session_fail() does; returns -1 */
int bench_fail(struct bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* one process's times for build and bench */
void bench_result_add(struct bench_result *r, size_t build, size_t bench, double wall, double cpu);

/* bench-here.c: build i found (a tree, or a tarball unpacked) and its python */
int bench_prepare_build(struct bench *b, struct bench_build *bd, size_t i);
/* bench-here.c: the benchmark set written out here */
int bench_write_set(struct bench *b);
/* bench-here.c: dir packed into a temporary file for the target; the fd, or -1 */
int bench_pack(struct bench *b, const char *dir, const char *label);

/* bench-there.c: cmd on the target, its output captured when capture; its status, or -1 */
int bench_target_sh(struct bench *b, const char *cmd, double timeout, const char *what,
	bool capture);
/* bench-there.c: kills what a command cut off left running there */
void bench_kill_orphan(struct bench *b);
/* bench-there.c: the set and the builds copied to the target */
int bench_stage_copy(struct bench *b);
/* bench-there.c: each build started once on the target */
int bench_stage_check(struct bench *b);
/* bench-there.c: the shell command that runs build bd's python; caller frees */
char *bench_python_cmd(const struct bench_build *bd);

/* bench-rounds.c: the session's out_line: the command's output lines captured (ctx: b) */
void bench_out_line(void *ctx, const char *line);
/* bench-rounds.c: the rounds */
int bench_stage_bench(struct bench *b);

#endif
