/* pgo-gen (generate and --check): conf files + templates -> the meta-pgo layer */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/data.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "generator/conf.h"
#include "generator/gen.h"
#include "generator/layer.h"
#include "generator/manifest.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/meta-pgo"
#endif

static const char gen_usage[] =
	"usage: pgo-gen [-c CONF]... [-I DIR]... [-D VAR=VALUE]... [-T TEMPLATEDIR] -o OUTDIR\n"
	"       pgo-gen --check [same options] -o DIR\n"
	"       pgo-gen vars [OPTIONS] FILE...   (see pgo-gen vars --help)\n"
	"\n"
	"Writes the meta-pgo layer for the knobs set in the conf files, or checks that\n"
	"DIR is what would be written.\n"
	"\n"
	"  -c CONF         parse CONF after the defaults (repeatable, in order)\n"
	"  -I DIR          append DIR to BBPATH\n"
	"  -D VAR=VALUE    preset a variable (VAR[flag]=VALUE presets a flag)\n"
	"  -T TEMPLATEDIR  templates, defaults.conf and manifest.xml\n"
	"                  (default: $PGO_TEMPLATES, else " PKGDATADIR "/templates)\n"
	"  -o OUTDIR       the layer to write (replaced atomically) or to check\n"
	"  --check         compare with OUTDIR instead of writing: exit 1 on any difference\n"
	"  -h, --help      show this help\n";

struct gen_opts {
	struct conf_opts conf;
	struct bb_strvec confs;
	const char *templates, *outdir;
	bool check;
};

static int
report(const char *msg)
{
	char *rel = conf_relpath(msg);

	fprintf(stderr, "pgo-gen: %s\n", rel);
	free(rel);
	return -1;
}

static void
flush_warnings(struct bb_data *d)
{
	for (size_t i = 0; i < bb_data_nwarnings(d); i++) {
		char *rel = conf_relpath(bb_data_warning(d, i));

		fprintf(stderr, "pgo-gen: %s\n", rel);
		free(rel);
	}
}

static int
lookup(void *ctx, const char *name, char **val, struct bb_error *why)
{
	struct bb_data *d = ctx;

	if (bb_data_get(d, name, true, val) < 0)
		return bb_error(why, NULL, "%s", bb_data_error(d));
	return 0;
}

static const char *
template_dir(const struct gen_opts *o)
{
	const char *env = getenv("PGO_TEMPLATES");

	if (o->templates)
		return o->templates;
	return env && *env ? env : PKGDATADIR "/templates";
}

/* the datastore and the manifest rendered against it */
static int
render(const struct gen_opts *o, struct bb_data *d, struct layer *l, struct bb_error *err)
{
	const char *tdir = template_dir(o);
	char *defaults = bb_path_join(tdir, "defaults.conf");
	struct manifest *m = NULL;
	int ret;

	if (!bb_path_isfile(defaults)) {
		free(defaults);
		return bb_error(err, NULL, "%s: not a template directory (no defaults.conf; "
			"see -T and PGO_TEMPLATES)", tdir);
	}
	ret = conf_load(d, &o->conf, defaults, o->confs.v, o->confs.n);
	free(defaults);
	if (ret < 0)
		return bb_error(err, NULL, "%s", bb_data_error(d));
	if (conf_check_knobs(d, err) < 0 || !(m = manifest_load(tdir, err)))
		return -1;
	ret = manifest_render(m, lookup, d, l, err);
	manifest_free(m);
	return ret;
}

static int
run(const struct gen_opts *o)
{
	struct bb_data *d = bb_data_new();
	struct layer l = LAYER_INIT;
	struct bb_error err = BB_ERROR_INIT;
	int ret = render(o, d, &l, &err);

	if (!ret && o->check)
		ret = layer_check(&l, o->outdir, stdout, &err);
	else if (!ret)
		ret = layer_write(&l, o->outdir, &err);
	flush_warnings(d);
	if (ret < 0)
		report(err.msg ? err.msg : "failed");
	bb_error_clear(&err);
	layer_release(&l);
	bb_data_free(d);
	return ret ? 1 : 0;
}

static int
usage_error(const char *arg, int opt)
{
	if (!arg)
		fputs("pgo-gen: -o OUTDIR is required", stderr);
	else if (opt && strchr("cIDTo", opt))
		fprintf(stderr, "pgo-gen: option -%c needs an argument", opt);
	else if (*arg == '-')
		fprintf(stderr, "pgo-gen: unknown option '%s'", arg);
	else
		fprintf(stderr, "pgo-gen: unexpected argument '%s'", arg);
	fputs(" (see pgo-gen --help)\n", stderr);
	return 2;
}

static int
parse_opts(struct gen_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "check", no_argument, NULL, 'C' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "c:I:D:T:o:h", longopts, NULL)) != -1) {
		if (conf_opt(&o->conf, c, optarg))
			continue;
		switch (c) {
		case 'c': bb_strvec_pushdup(&o->confs, optarg); break;
		case 'T': o->templates = optarg; break;
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
	return -1;
}

int
cmd_gen(int argc, char **argv)
{
	struct gen_opts o = { CONF_OPTS_INIT, BB_STRVEC_INIT, NULL, NULL, false };
	int ret = parse_opts(&o, argc, argv);

	if (ret < 0)
		ret = run(&o);
	conf_opts_release(&o.conf);
	bb_strvec_clear(&o.confs);
	return ret;
}
