/*
 * pgo-run bench -B BUILDDIR: the builds an OE build directory holds
 *
 * The PGO python3 and its baseline, python3-pgo-baseline (the layer's
 * python3 built with PGO off, under a prefix of its own, only when asked),
 * and with --oe-pgo python3-pgo-oe (the same with OE-core's own
 * PACKAGECONFIG[pgo]), each as the installed tree do_install left in
 * ${D}${prefix}. bblang reads
 * the build directory as "pgo-run task -B" does, so ${D} is BitBake's. The
 * PGO build must prove it: PGO on in the configuration, do_pgo_check's
 * stamp no older than do_compile's, and its log's line saying what the
 * profile covers, which the report repeats.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bblang/data.h"
#include "bblang/os.h"
#include "common/fe.h"
#include "runner/bench/bench.h"
#include "runner/task/task.h"

#define BASELINE_PN "python3-pgo-baseline"
#define OE_PN "python3-pgo-oe"

static int
load(const char *builddir, const char *pn, struct bb_data **d, struct bb_error *err)
{
	struct task_opts t = TASK_OPTS_INIT;
	int r;

	t.builddir = builddir;
	t.recipe = pn;
	r = task_load(&t, d, err);
	task_opts_release(&t);
	return r;
}

/* the newest mtime of STAMP.TASK.* that is a stamp (not sigdata), 0 when none */
static double
stamp_time(const char *stamp, const char *task)
{
	char *dir = bb_path_dirname(stamp);
	const char *base = strrchr(stamp, '/') ? strrchr(stamp, '/') + 1 : stamp;
	char *pre = xasprintf("%s.%s.", base, task);
	size_t n = strlen(pre);
	double t = 0;
	DIR *dp = opendir(dir);
	struct dirent *e;

	while (dp && (e = readdir(dp))) {
		struct stat st;
		char *p;

		if (strncmp(e->d_name, pre, n) || !strncmp(e->d_name + n, "sigdata.", 8))
			continue;
		p = bb_path_join(dir, e->d_name);
		if (stat(p, &st) == 0) {
			double m = (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec / 1e9;

			if (m > t)
				t = m;
		}
		free(p);
	}
	if (dp)
		closedir(dp);
	free(pre);
	free(dir);
	return t;
}

/* the line of T/log.do_pgo_check saying what the profile covers, or NULL */
static char *
coverage_line(const char *tdir)
{
	char *log = bb_path_join(tdir, "log.do_pgo_check"), line[1024], *found = NULL;
	FILE *f = fopen(log, "r");

	while (f && fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "PGO: ");

		if (p && (strstr(p, " covers ") || strstr(p, "using the LLVM profile"))) {
			p[strcspn(p, "\n")] = '\0';
			free(found);
			found = xstrdup(p + 5);
		}
	}
	if (f)
		fclose(f);
	free(log);
	return found;
}

/* ${D}${prefix} of pn, which must hold bin/python3 */
static int
tree_of(struct bb_data *d, const char *pn, const char *builddir, const char *how,
	char **tree, struct bb_error *err)
{
	char *dd = task_get(d, "D", NULL, true), *py;
	char *prefix = task_get(d, "prefix", NULL, true);
	int r = 0;

	if (!dd || !prefix) {
		r = bb_error(err, NULL, "-B %s: %s has no D or prefix", builddir, pn);
	} else {
		*tree = bb_path_join(dd, *prefix == '/' ? prefix + 1 : prefix);
		py = bb_path_join(*tree, "bin/python3");
		if (!bb_path_exists(py))
			r = bb_error(err, NULL, "-B %s: %s is not installed in its work "
				"directory (no %s): %s", builddir, pn, py, how);
		free(py);
	}
	free(dd);
	free(prefix);
	return r;
}

static int
pgo_build(const char *builddir, char **tree, char **proof, struct bb_error *err)
{
	struct bb_data *d = NULL;
	char *opt = NULL, *stamp = NULL, *tdir = NULL;
	int r = load(builddir, "python3", &d, err);

	if (!r) {
		opt = task_get(d, "PYTHON_PROFILE_OPT", NULL, true);
		if (!opt || strcmp(opt, "1"))
			r = bb_error(err, NULL, "-B %s: PGO of python3 is off there "
				"(PYTHON_PROFILE_OPT is \"%s\"): set PYTHON_PROFILE_OPT = \"1\" in "
				"local.conf and bitbake python3", builddir, opt ? opt : "");
	}
	if (!r)
		r = tree_of(d, "python3", builddir, "bitbake python3 (with rm_work, "
			"RM_WORK_EXCLUDE += \"python3\")", tree, err);
	if (!r) {
		double check, compile;

		stamp = task_get(d, "STAMP", NULL, true);
		tdir = task_get(d, "T", NULL, true);
		check = stamp ? stamp_time(stamp, "do_pgo_check") : 0;
		compile = stamp ? stamp_time(stamp, "do_compile") : 0;
		if (!check)
			r = bb_error(err, NULL, "-B %s: python3 has no do_pgo_check stamp: it "
				"was not built with the profile (bitbake python3)", builddir);
		else if (compile > check)
			r = bb_error(err, NULL, "-B %s: python3 was compiled after its last "
				"do_pgo_check: it was rebuilt without the profile (bitbake python3 "
				"with PYTHON_PROFILE_OPT = \"1\")", builddir);
		else if (!(*proof = coverage_line(tdir)))
			r = bb_error(err, NULL, "-B %s: %s/log.do_pgo_check does not say what "
				"the profile covers: bitbake python3 -C pgo_check", builddir, tdir);
	}
	free(stamp);
	free(tdir);
	free(opt);
	bb_data_free(d);
	return r;
}

/* a build of the layer's own, pn, made only when asked (how) */
static int
asked_build(const char *builddir, const char *pn, const char *how, char **tree,
	struct bb_error *err)
{
	struct bb_data *d = NULL;
	int r = load(builddir, pn, &d, err);

	if (r == TASK_NO_PROVIDER) {
		bb_error_clear(err);
		r = bb_error(err, NULL, "-B %s: no recipe %s: its layer predates it; "
			"regenerate meta-pgo with pgo-gen", builddir, pn);
	}
	if (!r)
		r = tree_of(d, pn, builddir, how, tree, err);
	bb_data_free(d);
	return r;
}

static void
prepend(struct bench_opts *o, const char *label, char *tree)
{
	struct bench_build *b;

	o->builds = xrealloc(o->builds, (o->nbuilds + 1) * sizeof(*o->builds));
	memmove(o->builds + 1, o->builds, o->nbuilds * sizeof(*o->builds));
	o->nbuilds++;
	b = &o->builds[0];
	memset(b, 0, sizeof(*b));
	b->label = xstrdup(label);
	b->path = b->own_path = tree;
}

int
bench_builddir(struct bench_opts *o, struct bb_error *err)
{
	char *pgo = NULL, *base = NULL, *oe = NULL, *proof = NULL;
	int r = 0;

	for (size_t i = 0; i < o->nbuilds && !r; i++)
		if (!strcmp(o->builds[i].label, "pgo") || !strcmp(o->builds[i].label, "plain") ||
		    (o->oe_pgo && !strcmp(o->builds[i].label, "oe-pgo")))
			r = bb_error(err, NULL, "label '%s' is -B's own: give the build another",
				o->builds[i].label);
	if (!r)
		r = pgo_build(o->builddir, &pgo, &proof, err);
	if (!r)
		r = asked_build(o->builddir, BASELINE_PN, "bitbake " BASELINE_PN " -c install "
			"(python3 without PGO, built only when asked)", &base, err);
	if (!r && o->oe_pgo)
		r = asked_build(o->builddir, OE_PN, "bitbake " OE_PN " -c install (python3 "
			"with OE-core's PACKAGECONFIG[pgo], built only when asked)", &oe, err);
	if (r < 0) {
		free(pgo);
		free(base);
		free(oe);
		free(proof);
		return -1;
	}
	prepend(o, "pgo", pgo);
	if (oe)
		prepend(o, "oe-pgo", oe);
	prepend(o, "plain", base);
	o->pgo_proof = proof;
	return 0;
}
