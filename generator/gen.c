/* pgo-gen (generate and --check): conf files + templates -> the meta-pgo layer */
#include <errno.h>
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
#include "generator/sha256.h"
#include "generator/release.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/meta-pgo"
#endif
/* the runner's source tarball that make builds and installs beside the templates */
#define RUNNER_SRC_NAME "pgo-run-" PACKAGE_VERSION ".tar.gz"
/* as large as a from= file of the manifest may be */
#define MAX_RUNNER_SRC (16u << 20)

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

struct gen_opts {
	struct conf_opts conf;
	struct bb_strvec confs;
	const char *templates, *outdir, *runner_src, *builddir;
	bool check;
};

/*
 * what templates look up: the datastore, and pgo-gen's own names for the
 * runner's source tarball, found when a template first needs one of them:
 *   PGO_RUN_SRC         its path (-R, $PGO_RUN_SRC, or beside the templates)
 *   PGO_RUN_PV          the VERSION of its name, pgo-run-VERSION.tar.gz
 *   PGO_RUN_SRC_SHA256  its SHA-256
 */
struct gen_ctx {
	struct bb_data *d;
	const struct gen_opts *o;
	char *src;		/* PGO_RUN_SRC, once found */
	char *pv;
	char sha256[65];	/* "" until computed */
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

#if defined(BUILD_BINDIR) && defined(BUILD_TOPDIR) && defined(SOURCE_TEMPLATES)
/* whether this pgo-gen is the one make built, run from its build tree */
static bool
in_build_tree(void)
{
	char *exe = realpath("/proc/self/exe", NULL), *dir = exe ? bb_path_dirname(exe) : NULL;
	char *build = realpath(BUILD_BINDIR, NULL);
	bool same = dir && build && !strcmp(dir, build);

	free(exe);
	free(dir);
	free(build);
	return same;
}
#else
static bool
in_build_tree(void)
{
	return false;
}
#define BUILD_TOPDIR ""
#define SOURCE_TEMPLATES ""
#endif

static const char *
template_dir(const struct gen_opts *o)
{
	const char *env = getenv("PGO_TEMPLATES");

	if (o->templates)
		return o->templates;
	if (env && *env)
		return env;
	if (in_build_tree())
		return SOURCE_TEMPLATES;
	return PKGDATADIR "/templates";
}

/* the VERSION of ".../pgo-run-VERSION.tar.gz", or NULL; caller frees */
static char *
runner_src_version(const char *path)
{
	const char *base = strrchr(path, '/'), *pre = "pgo-run-", *suf = ".tar.gz";
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (strncmp(base, pre, strlen(pre)) || n <= strlen(pre) + strlen(suf) ||
	    strcmp(base + n - strlen(suf), suf))
		return NULL;
	base += strlen(pre);
	n -= strlen(pre) + strlen(suf);
	for (size_t i = 0; i < n; i++)
		if (!strchr("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.+~",
			base[i]))
			return NULL;
	return xstrndup(base, n);
}

/*
 * finds the runner's source tarball: -R, $PGO_RUN_SRC, else the build tree's
 * for a pgo-gen run from it, else beside the templates
 */
static int
find_runner_src(struct gen_ctx *c, struct bb_error *why)
{
	const char *env = getenv("PGO_RUN_SRC");
	char *dir;

	if (c->pv)
		return 0;
	free(c->src);
	if (c->o->runner_src || (env && *env)) {
		c->src = xstrdup(c->o->runner_src ? c->o->runner_src : env);
	} else if (in_build_tree()) {
		c->src = xstrdup(BUILD_TOPDIR "/" RUNNER_SRC_NAME);
	} else {
		dir = bb_path_join(template_dir(c->o), "../" RUNNER_SRC_NAME);
		c->src = bb_path_norm(dir);
		free(dir);
	}
	if (!bb_path_isfile(c->src))
		return bb_error(why, NULL, "%s: no such file: the runner's source tarball, "
			"which the layer carries for pgo-run-native (make builds it; "
			"give it with -R or PGO_RUN_SRC)", c->src);
	if (!(c->pv = runner_src_version(c->src)))
		return bb_error(why, NULL, "%s: the runner's source tarball must be named "
			"pgo-run-VERSION.tar.gz, as make names it", c->src);
	return 0;
}

static int
runner_src_sha256(struct gen_ctx *c, struct bb_error *why)
{
	char *data;
	size_t len;
	int rc;

	if (c->sha256[0])
		return 0;
	rc = bb_read_file(c->src, MAX_RUNNER_SRC, &data, &len);
	if (rc)
		return bb_error(why, NULL, "%s: %s", c->src, rc == EFBIG ? "too large" :
			strerror(rc));
	sha256_hex(data, len, c->sha256);
	free(data);
	return 0;
}

static int
lookup_runner_src(struct gen_ctx *c, const char *name, char **val, struct bb_error *why)
{
	if (find_runner_src(c, why) < 0)
		return -1;
	if (!strcmp(name, "PGO_RUN_SRC"))
		*val = xstrdup(c->src);
	else if (!strcmp(name, "PGO_RUN_PV"))
		*val = xstrdup(c->pv);
	else if (runner_src_sha256(c, why) < 0)
		return -1;
	else
		*val = xstrdup(c->sha256);
	return 0;
}

static int
lookup(void *ctx, const char *name, char **val, struct bb_error *why)
{
	struct gen_ctx *c = ctx;

	if (!strcmp(name, "PGO_RUN_SRC") || !strcmp(name, "PGO_RUN_PV") ||
	    !strcmp(name, "PGO_RUN_SRC_SHA256"))
		return lookup_runner_src(c, name, val, why);
	if (bb_data_get(c->d, name, true, val) < 0)
		return bb_error(why, NULL, "%s", bb_data_error(c->d));
	return 0;
}

/* presets, defaults.conf, the build (if any), the conf files; then the release's values */
static int
load(const struct gen_opts *o, struct bb_data *d, const char *tdir, const char *defaults,
	struct bb_error *err)
{
	struct conf_opts none = CONF_OPTS_INIT;
	struct bb_cooker *c = NULL;
	int ret;

	if (!o->builddir)
		ret = conf_load(d, &o->conf, defaults, o->confs.v, o->confs.n);
	else if (!(ret = conf_load(d, &o->conf, defaults, NULL, 0)))
		ret = (c = release_read_build(d, o->builddir, tdir)) ? conf_load(d, &none, NULL,
			o->confs.v, o->confs.n) : -1;
	if (ret < 0)
		ret = bb_error(err, NULL, "%s", bb_data_error(d));
	else
		ret = release_select(d, c, tdir, err);
	bb_cooker_free(c);
	return ret;
}

/* the datastore and the manifest rendered against it */
static int
render(const struct gen_opts *o, struct bb_data *d, struct layer *l, struct bb_error *err)
{
	const char *tdir = template_dir(o);
	char *defaults = bb_path_join(tdir, "defaults.conf");
	struct gen_ctx c = { d, o, NULL, NULL, "" };
	struct manifest *m = NULL;
	int ret;

	if (!bb_path_isfile(defaults)) {
		free(defaults);
		return bb_error(err, NULL, "%s: not a template directory (no defaults.conf; "
			"see -T and PGO_TEMPLATES)", tdir);
	}
	ret = load(o, d, tdir, defaults, err);
	free(defaults);
	if (ret < 0 || conf_check_knobs(d, err) < 0 || !(m = manifest_load(tdir, err)))
		return -1;
	ret = manifest_render(m, lookup, &c, l, err);
	manifest_free(m);
	free(c.src);
	free(c.pv);
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
	else if (opt && strchr("BcIDTRo", opt))
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
		{ "runner-src", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "B:c:I:D:T:R:o:h", longopts, NULL)) != -1) {
		if (conf_opt(&o->conf, c, optarg))
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

int
cmd_gen(int argc, char **argv)
{
	struct gen_opts o = { CONF_OPTS_INIT, BB_STRVEC_INIT, NULL, NULL, NULL, NULL, false };
	int ret = parse_opts(&o, argc, argv);

	if (ret < 0)
		ret = run(&o);
	conf_opts_release(&o.conf);
	bb_strvec_clear(&o.confs);
	return ret;
}
