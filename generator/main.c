/* pgo-gen: generate the meta-pgo layer; "pgo-gen vars" shows conf variables */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fe.h"
#include "generator/gen.h"

static const char gen_usage[] =
	"usage: pgo-gen [-B BUILDDIR] [-c CONF]... [-I DIR]... [-D VAR=VALUE]...\n"
	"               [-T TEMPLATEDIR] [-R TARBALL] -o OUTDIR\n"
	"       pgo-gen --check [same options] -o DIR\n"
	"       pgo-gen vars [OPTIONS] FILE...   (see pgo-gen vars --help)\n"
	"\n"
	"Writes the meta-pgo layer for a build (its OE-core release and python3, the knobs\n"
	"in its local.conf) or for the knobs set in the conf files, or checks that DIR is\n"
	"what would be written.\n"
	"\n"
	"  -B BUILDDIR     the build directory, read as BitBake reads it (default: $BUILDDIR\n"
	"                  when there is neither -B nor -c)\n"
	"  -c CONF         parse CONF after the defaults and the build (repeatable, in order)\n"
	"  -I DIR          append DIR to BBPATH\n"
	"  -D VAR=VALUE    preset a variable (VAR[flag]=VALUE presets a flag)\n"
	"  -T TEMPLATEDIR  templates, defaults.conf and manifest.xml (default:\n"
	"                  $PGO_TEMPLATES, else the source tree's when run from the build\n"
	"                  tree, else " PKGDATADIR "/templates)\n"
	"  -R TARBALL      the runner's sources, pgo-run-VERSION.tar.gz (make builds it),\n"
	"                  which the layer carries for pgo-run-native (default:\n"
	"                  $PGO_RUN_SRC, else the build tree's when run from it, else\n"
	"                  " RUNNER_SRC_NAME " next to TEMPLATEDIR)\n"
	"  -o OUTDIR       the layer to write (replaced atomically) or to check\n"
	"  --check         compare with OUTDIR instead of writing: exit 1 on any difference\n"
	"  -h, --help      show this help\n";

static const char usage[] =
	"usage: pgo-gen [-B BUILDDIR] [-c CONF]... [-I DIR]... [-D VAR=VALUE]... [-T TEMPLATEDIR]\n"
	"               -o OUTDIR\n"
	"       pgo-gen --check [same options] -o DIR\n"
	"       pgo-gen vars [OPTIONS] FILE...   print the variables of conf files\n"
	"\n"
	"pgo-gen --help and pgo-gen vars --help describe the options.\n";

static int
usage_error(const char *arg, int opt)
{
	static const char who[] = "pgo-gen", help[] = "pgo-gen --help";

	if (!arg)
		return fe_usage_error(who, help, "-o OUTDIR is required");
	if (opt && strchr("BcIDTRo", opt))
		return fe_usage_error(who, help, "option -%c needs an argument", opt);
	if (*arg == '-')
		return fe_usage_error(who, help, "unknown option '%s'", arg);
	return fe_usage_error(who, help, "unexpected argument '%s'", arg);
}

/* -1 to run, else the exit status */
static int
parse_opts(struct gen_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "check", no_argument, NULL, 'C' },
		{ "runner-src", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "B:c:I:D:T:R:o:h", longopts, NULL)) != -1) {
		if (bb_conf_opt(&o->conf, c, optarg))
			continue;
		switch (c) {
		case 'B': o->builddir = optarg; break;
		case 'c': bb_strvec_pushdup(&o->confs, optarg); break;
		case 'T': o->templates = optarg; break;
		case 'R': o->runner_src = optarg; break;
		case 'o': o->outdir = optarg; break;
		case 'C': o->check = true; break;
		case 'h': fputs(gen_usage, stdout); return 0;
		default: return usage_error(argv[optind - 1], optopt);
		}
	}
	if (optind < argc)
		return usage_error(argv[optind], 0);
	if (!o->outdir)
		return usage_error(NULL, 0);
	/* as after oe-init-build-env, when nothing says what to read */
	if (!o->builddir && !o->confs.n && getenv("BUILDDIR") && *getenv("BUILDDIR"))
		o->builddir = getenv("BUILDDIR");
	return -1;
}

static int
cmd_gen(int argc, char **argv)
{
	struct gen_opts o = { BB_CONF_OPTS_INIT, BB_STRVEC_INIT, NULL, NULL, NULL, NULL, false };
	int ret = parse_opts(&o, argc, argv);

	if (ret < 0)
		ret = gen_run(&o);
	bb_conf_opts_release(&o.conf);
	bb_strvec_clear(&o.confs);
	return ret;
}

int
main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "vars"))
		return cmd_vars(argc - 1, argv + 1);
	if (argc == 1) {
		fputs(usage, stderr);
		return 2;
	}
	return cmd_gen(argc, argv);
}
