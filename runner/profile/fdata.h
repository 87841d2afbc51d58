/*
 * BOLT's profile data (.fdata), as an instrumented binary writes it at exit
 * (llvm-bolt -instrument), checked as it arrives against what its consumers
 * take: LLVM 19's merge-fdata merges a binary's files and llvm-bolt reads
 * what it wrote. A file passes when that pipeline passes it
 * (tests/runner/fdata-consumers.sh holds the cases):
 *
 *   [boltedcollection]                       optional first line
 *   T NAME OFF T NAME OFF MISPREDS COUNT     a branch: from, to
 *
 * one record a line, empty lines skipped (merge-fdata drops them). COUNT is
 * the last field after the last space: decimal, its sum over the file at most
 * 2^63-1 (merge-fdata adds them as unsigned, llvm-bolt reads them signed).
 * The rest is read as llvm-bolt reads the merged line: T one digit 0-2
 * followed by a space; fields separated by runs of spaces; NAME any bytes
 * but a space, a backslash taking the byte after it into the name; OFF
 * hexadecimal up to 2^64-1; MISPREDS a signed 64-bit decimal. Not taken:
 * no_lbr profiles (LLVM 19's merge-fdata refuses them), memory records
 * (T 3-5), lines over FDATA_LINE_MAX. The check is of form only: llvm-bolt
 * reads the meaning. It is fed in chunks, as the data arrives.
 */
#ifndef RUNNER_FDATA_H
#define RUNNER_FDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bblang/util.h"

/* the longest line accepted, newline excluded */
#define FDATA_LINE_MAX 65536

struct fdata_check {
	uint64_t line;		/* lines completed */
	uint64_t records;	/* branch lines */
	uint64_t counts;	/* their COUNTs added up (at most INT64_MAX) */
	bool bolted;		/* the first line is boltedcollection */
	size_t len;
	char buf[FDATA_LINE_MAX + 1];
};

#define FDATA_CHECK_INIT { 0, 0, 0, false, 0, { 0 } }

/* checks the next n bytes; -1 with "line N: what" in err at the first fault */
int fdata_feed(struct fdata_check *c, const void *p, size_t n, struct bb_error *err);

/* the end of the data: its last line (a newline is optional) and that it holds a record */
int fdata_finish(struct fdata_check *c, struct bb_error *err);

#endif
