/*
 * which OE-core release and CPython version the layer is for, and the
 * patch set that goes with them
 *
 * The patch sets are the folders TEMPLATEDIR/patches/PN/X.Y (PN python3, or
 * python for 2.7), each with a series file and a releases file: comment
 * lines, then "codename PV" for every OE-core release whose PN recipe the
 * set is for. What is supported is what these files say.
 *
 * 1. with a build directory: release_read_build() reads it as BitBake's
 *    cooker does (bblang/cooker.h): conf/bblayers.conf, the layers, then
 *    conf/site.conf, conf/auto.conf, conf/toolcfg.conf and conf/local.conf
 *    as OE-core's bitbake.conf includes them (with the '_' override syntax
 *    when the release is one of Python 2.7's), and the recipe files.
 * 2. release_select() sets, unless a conf file or -D did: PGO_PYTHON_VERSION
 *    (2.7 on a release of the python/2.7 set), PGO_PYTHON_PV (the version
 *    of the build's python3 recipe), PGO_OVERRIDE_SEP, PGO_LAYERSERIES_COMPAT
 *    (the build's LAYERSERIES_CORENAMES; without a build, the releases of
 *    the patch set); and fails unless there is a patch set for the
 *    release and version.
 */
#ifndef GEN_RELEASE_H
#define GEN_RELEASE_H

#include "bblang/cooker.h"
#include "bblang/data.h"
#include "bblang/util.h"

/*
 * the build in builddir read into d, outdir (the layer to write, or NULL)
 * left out of BBLAYERS while it does not exist; NULL on error, with the
 * message in bb_data_error(d)
 */
struct bb_cooker *release_read_build(struct bb_data *d, const char *builddir, const char *tdir,
	const char *outdir);

/*
 * the release's values set in d (c: the build, or NULL), the patch set
 * checked; -1 with "file:line: error: ..." in err when there is none;
 * warnings go to bb_data_warn(d)
 */
int release_select(struct bb_data *d, struct bb_cooker *c, const char *tdir,
	struct bb_error *err);

#endif
