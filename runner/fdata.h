/*
 * BOLT's profile data (.fdata), as an instrumented binary writes it at exit
 * (llvm-bolt -instrument) and merge-fdata merges it: text, one record a line,
 * fields separated by one space.
 *
 *   [boltedcollection]                 optional first line
 *   [no_lbr EVENT...]                  optional header (after the above)
 *   T NAME OFF T NAME OFF MISPREDS COUNT   a branch: from, to (with LBR)
 *   T NAME OFF COUNT                       a sample (after no_lbr)
 *
 * T is one digit 0-4 (0: an address, 1: a symbol, others: memory records),
 * NAME printable ASCII without spaces ("main", "hot/1", "[unknown]"), OFF
 * hexadecimal, MISPREDS and COUNT decimal. The check is of form only, as
 * profile data coming back from a target is untrusted: llvm-bolt reads the
 * meaning. It is fed in chunks, as the data arrives.
 */
#ifndef RUNNER_FDATA_H
#define RUNNER_FDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bblang/util.h"

/* the longest line accepted, newline excluded */
#define FDATA_LINE_MAX 4096

struct fdata_check {
	uint64_t line;		/* lines completed */
	uint64_t records;	/* branch or sample lines */
	bool no_lbr;
	size_t len;
	char buf[FDATA_LINE_MAX + 1];
};

#define FDATA_CHECK_INIT { 0, 0, false, 0, { 0 } }

/* checks the next n bytes; -1 with "line N: what" in err at the first fault */
int fdata_feed(struct fdata_check *c, const void *p, size_t n, struct bb_error *err);

/* the end of the data: its last line (a newline is optional) and that it holds a record */
int fdata_finish(struct fdata_check *c, struct bb_error *err);

#endif
