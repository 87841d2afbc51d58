/*
 * collect-import: one import's state, shared by collect.c (reading, checking
 * and staging the archive, then putting the profile in place) and
 * collect-out.c (the staged files written as the tarball and the manifest);
 * private to runner/profile/
 */
#ifndef RUNNER_COLLECT_IMPORT_H
#define RUNNER_COLLECT_IMPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "bblang/util.h"
#include "runner/profile/collect.h"
#include "runner/profile/la.h"

#define CHUNK (64 * 1024)

struct staged {
	char *name;	/* flattened */
	char *entry;	/* as in the archive, for messages */
	uint64_t size;
};

struct import {
	const struct collect_opts *o;
	const char *aname;
	struct archive *a;
	char *stage;
	int dfd;
	struct staged *v;
	size_t n, alloc, dirs, nfdata;
	uint64_t total, fdata_bytes;
	uint64_t fdata_counts;	/* the .fdata files' counts, added up */
	bool fdata_bolted;	/* theirs: boltedcollection */
	const struct la *la;	/* libarchive */
	unsigned char *buf;
	struct bb_error *err;
	bool walk;	/* the first pass: headers only, nothing staged */
	char *msg;	/* archive_msg()'s */
};

/* qsort's order of the staged files: by name */
int collect_cmp_staged(const void *a, const void *b);
/* the staged files as the profile's tarball, in the stage */
int collect_write_tar(struct import *im);
/* the manifest, in the stage */
int collect_write_manifest(struct import *im);

#endif
