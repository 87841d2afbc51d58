/* pgo-gen: the layer and the subcommands */
#ifndef GEN_H
#define GEN_H

#include <stdbool.h>

#include "bblang/conf.h"
#include "bblang/strvec.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/meta-pgo"
#endif
/* the runner's source tarball that make builds and installs beside the templates */
#define RUNNER_SRC_NAME "pgo-run-" PACKAGE_VERSION ".tar.gz"

/* pgo-gen's options (generator/main.c parses them) */
struct gen_opts {
	struct bb_conf_opts conf;
	struct bb_strvec confs;		/* -c CONF, in order */
	const char *templates, *outdir;	/* -T DIR (NULL: $PGO_TEMPLATES, PKGDATADIR), -o DIR */
	const char *runner_src;		/* -R TARBALL (NULL: $PGO_RUN_SRC, beside the templates) */
	const char *builddir;		/* -B BUILDDIR (or $BUILDDIR when there is neither -B nor -c) */
	bool check;			/* --check */
};

/* writes the layer, or with check compares it; reports on stderr; returns the exit status */
int gen_run(const struct gen_opts *o);

/* pgo-gen vars ...: prints the datastore of conf files; returns the exit status */
int cmd_vars(int argc, char **argv);

#endif
