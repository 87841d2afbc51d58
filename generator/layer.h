/*
 * the generated layer: a set of files held in memory, written to disk
 * atomically or compared with a tree on disk
 *
 * 1. layer_add() each file (manifest_render() does it).
 * 2. layer_sort() orders the files by path and rejects clashes.
 * 3. layer_write() or layer_check().
 * 4. layer_release().
 */
#ifndef GEN_LAYER_H
#define GEN_LAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bblang/util.h"

/* the file pgo-gen writes into every layer: only such a directory is ever replaced */
#define LAYER_MARKER ".pgo-gen"

struct layer_file {
	char *path;	/* relative, normalized */
	char *data;
	size_t len;
	unsigned mode;	/* 0644 or 0755 */
	char *origin;	/* "manifest.xml:LINE", for messages */
};

struct layer {
	struct layer_file *v;
	size_t n, alloc;
};

#define LAYER_INIT { NULL, 0, 0 }

/* checks that path is relative and clean (no "", ".", ".." components) */
bool layer_path_ok(const char *path);
/* adds a file; takes data (malloc'd, len bytes); copies path and origin */
void layer_add(struct layer *l, const char *path, char *data, size_t len, unsigned mode,
	const char *origin);
/* sorts by path; -1 when two files share a path or one is below another */
int layer_sort(struct layer *l, struct bb_error *err);
void layer_release(struct layer *l);

/*
 * writes the layer (plus LAYER_MARKER) into a new OUTDIR.tmp-XXXXXX, then
 * swaps it with outdir (renameat2 RENAME_EXCHANGE) and removes the old tree,
 * or renames it into place; on any failure the temporary directory is
 * removed and outdir is left as it was. An existing outdir must be empty or
 * hold LAYER_MARKER.
 */
int layer_write(const struct layer *l, const char *outdir, struct bb_error *err);

/*
 * compares the layer (plus LAYER_MARKER) with dir: prints "missing: PATH",
 * "extra: PATH" and "differs: PATH" lines, sorted, and a summary to out;
 * returns the number of differences, or -1 on error
 */
int layer_check(const struct layer *l, const char *dir, FILE *out, struct bb_error *err);

#endif
