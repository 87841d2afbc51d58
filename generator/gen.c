/* pgo-gen (generate and --check): conf files + templates -> the meta-pgo layer */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/data.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "bblang/conf.h"
#include "common/fe.h"
#include "generator/conf.h"
#include "generator/gen.h"
#include "generator/layer.h"
#include "generator/manifest.h"
#include "generator/sha256.h"
#include "generator/release.h"

/* as large as a from= file of the manifest may be */
#define MAX_RUNNER_SRC (16u << 20)


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
	struct bb_conf_opts none = BB_CONF_OPTS_INIT;
	struct bb_cooker *c = NULL;
	int ret;

	if (!o->builddir)
		ret = bb_conf_load(d, &o->conf, defaults, o->confs.v, o->confs.n);
	else if (!(ret = bb_conf_load(d, &o->conf, defaults, NULL, 0)))
		ret = (c = release_read_build(d, o->builddir, tdir, o->outdir)) ?
			bb_conf_load(d, &none, NULL, o->confs.v, o->confs.n) : -1;
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

int
gen_run(const struct gen_opts *o)
{
	struct bb_data *d = bb_data_new();
	struct layer l = LAYER_INIT;
	struct bb_error err = BB_ERROR_INIT;
	int ret = render(o, d, &l, &err);

	if (!ret && o->check)
		ret = layer_check(&l, o->outdir, stdout, &err);
	else if (!ret)
		ret = layer_write(&l, o->outdir, &err);
	fe_report_warnings("pgo-gen", d);
	if (ret < 0)
		fe_report("pgo-gen", err.msg ? err.msg : "failed");
	bb_error_clear(&err);
	layer_release(&l);
	fe_data_done(d);
	return ret ? 1 : 0;
}
