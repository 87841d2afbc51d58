/*
 * the manifest: templates/manifest.xml, validated against manifest.xsd,
 * lists every file of the layer (see manifest.xsd for the format)
 *
 * 1. manifest_load() parses, validates and compiles every template it names.
 * 2. manifest_render() renders the files whose condition holds into a layer;
 *    a <patches> entry's folder (a patch set, e.g. patches/python3/3.14) is
 *    read then: its series file names the patches, copied verbatim.
 * 3. manifest_free().
 *
 * Nothing is printed: errors are "FILE:LINE: error: text" in a struct bb_error.
 */
#ifndef GEN_MANIFEST_H
#define GEN_MANIFEST_H

#include <stddef.h>

#include "bblang/util.h"
#include "generator/layer.h"
#include "generator/tmpl.h"

struct manifest_entry {
	char *template;		/* as written in the manifest; NULL with from and for <patches> */
	struct tmpl *text;	/* the template, compiled; NULL when verbatim */
	char *raw;		/* verbatim="true": the file as it is */
	size_t rawlen;
	struct tmpl *from;	/* from="FILE": a file copied as it is, named when rendered */
	struct tmpl *path;	/* the path attribute, compiled */
	struct tmpl *dir;	/* <patches>: the dir attribute, compiled; else NULL */
	struct tmpl_cond *cond;	/* the if attribute, or NULL */
	unsigned mode;
	char *origin;		/* "MANIFEST:LINE" */
};

struct manifest {
	struct manifest_entry *v;
	size_t n;
	char *dir;		/* the template directory */
};

/* loads dir/manifest.xml against dir/manifest.xsd; templates are read from dir */
struct manifest *manifest_load(const char *dir, struct bb_error *err);
void manifest_free(struct manifest *m);

/*
 * renders every entry whose condition holds into l (sorted, checked); the
 * templates of the other entries are checked too (every name must be set)
 */
int manifest_render(const struct manifest *m, tmpl_lookup_fn *fn, void *ctx, struct layer *l,
	struct bb_error *err);

#endif
