/* the release and CPython version the layer is for: the build, the patch sets */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/pyexpr/pyexpr.h"
#include "bblang/strvec.h"
#include "generator/release.h"

/* one patch set: TEMPLATEDIR/patches/PN/MAJMIN and its releases file */
struct pset {
	char *pn, *majmin;
	struct bb_strvec names, pvs;	/* the releases: codename and PV */
};

struct psets {
	struct pset *v;
	size_t n;
};

static const char *const families[] = { "python3", "python" };

static void
read_releases(struct pset *p, const char *file)
{
	char *text = NULL, *line, *save = NULL;
	size_t len;

	if (bb_read_file(file, 1u << 20, &text, &len))
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct bb_strvec w = BB_STRVEC_INIT;
		char *hash = strchr(line, '#');

		if (hash)
			*hash = '\0';
		bb_strvec_split(&w, line);
		if (w.n == 2) {
			bb_strvec_pushdup(&p->names, w.v[0]);
			bb_strvec_pushdup(&p->pvs, w.v[1]);
		}
		bb_strvec_clear(&w);
	}
	free(text);
}

static void
add_set(struct psets *s, const char *tdir, const char *pn, const char *majmin)
{
	char *dir = xasprintf("%s/patches/%s/%s", tdir, pn, majmin);
	char *series = bb_path_join(dir, "series"), *rel = bb_path_join(dir, "releases");
	struct pset *p;

	if (bb_path_isfile(series)) {
		s->v = xreallocarray(s->v, s->n + 1, sizeof(*s->v));
		p = &s->v[s->n++];
		*p = (struct pset){ xstrdup(pn), xstrdup(majmin), BB_STRVEC_INIT, BB_STRVEC_INIT };
		read_releases(p, rel);
	}
	free(rel);
	free(series);
	free(dir);
}

static int
cmp_set(const void *a, const void *b)
{
	const struct pset *pa = a, *pb = b;
	int r = strcmp(pa->pn, pb->pn);

	return r ? -r : bb_vercmp_part(pa->majmin, pb->majmin);
}

static void
psets_load(struct psets *s, const char *tdir)
{
	for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
		char *dir = xasprintf("%s/patches/%s", tdir, families[f]);
		DIR *dh = opendir(dir);
		struct dirent *e;

		while (dh && (e = readdir(dh)))
			if (e->d_name[0] != '.')
				add_set(s, tdir, families[f], e->d_name);
		if (dh)
			closedir(dh);
		free(dir);
	}
	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), cmp_set);
}

static void
psets_release(struct psets *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].pn);
		free(s->v[i].majmin);
		bb_strvec_clear(&s->v[i].names);
		bb_strvec_clear(&s->v[i].pvs);
	}
	free(s->v);
}

static const struct pset *
psets_find(const struct psets *s, const char *pn, const char *majmin)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].pn, pn) && !strcmp(s->v[i].majmin, majmin))
			return &s->v[i];
	return NULL;
}

/*
 * the line of p's releases for a build of corenames with python pv (NULL:
 * any): one whose codename is among corenames, that of pv first; "master"
 * stands for OE-core's master branch, whose LAYERSERIES_CORENAMES holds the
 * last release and the next, and matches when its PV is the build's; -1 if none
 */
static long
pset_release(const struct pset *p, const char *corenames, const char *pv)
{
	struct bb_strvec w = BB_STRVEC_INIT;
	long hit = -1;

	bb_strvec_split(&w, corenames);
	for (size_t i = 0; i < p->names.n && hit < 0; i++)
		if (pv && !strcmp(p->pvs.v[i], pv) && (bb_strvec_has(&w, p->names.v[i]) ||
			!strcmp(p->names.v[i], "master")))
			hit = (long)i;
	for (size_t i = 0; i < p->names.n && hit < 0; i++)
		if (bb_strvec_has(&w, p->names.v[i]))
			hit = (long)i;
	bb_strvec_clear(&w);
	return hit;
}

/* whether a set of family pn is for one of corenames */
static bool
family_has(const struct psets *s, const char *pn, const char *corenames)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].pn, pn) && pset_release(&s->v[i], corenames, NULL) >= 0)
			return true;
	return false;
}

/* "kirkstone 3.10.20, scarthgap 3.12.13, ..." for family pn; caller frees */
static char *
supported(const struct psets *s, const char *pn)
{
	struct bb_buf b = BB_BUF_INIT;

	for (size_t i = 0; i < s->n; i++)
		for (size_t k = 0; !strcmp(s->v[i].pn, pn) && k < s->v[i].names.n; k++)
			bb_buf_addf(&b, "%s%s %s", b.len ? ", " : "", s->v[i].names.v[k],
				s->v[i].pvs.v[k]);
	if (!b.len)
		bb_buf_addstr(&b, "none");
	return bb_buf_detach(&b);
}

/* --- the build --- */

static char *
get(struct bb_data *d, const char *var)
{
	char *val = NULL;

	if (bb_data_get(d, var, true, &val) < 0)
		bb_data_clear_error(d);
	return val;
}

/* whether a conf file or -D set var (a weak default does not count) */
static bool
is_explicit(struct bb_data *d, const char *var)
{
	char *val = NULL;

	if (bb_data_get_flag(d, var, "_content", false, true, false, &val) < 0)
		bb_data_clear_error(d);
	free(val);
	return val != NULL;
}

/* the releases whose BitBake has no ':' override syntax */
static const char *const underscore_releases[] = {
	"sumo", "thud", "warrior", "zeus", "dunfell", "gatesgarth", "hardknott",
};

/* the override separator of a build of corenames: "_", ":", or NULL when none is named */
static const char *
release_sep(const char *corenames)
{
	struct bb_strvec w = BB_STRVEC_INIT;
	const char *sep = NULL;

	bb_strvec_split(&w, corenames ? corenames : "");
	if (w.n)
		sep = ":";
	for (size_t i = 0; i < sizeof(underscore_releases) / sizeof(underscore_releases[0]); i++)
		if (bb_strvec_has(&w, underscore_releases[i]))
			sep = "_";
	bb_strvec_clear(&w);
	return sep;
}

/*
 * a Python 2.7 release: the '_' override syntax, unless PGO_PYTHON_VERSION
 * is preset to 3; preset to 2.7, that of the release (the '_' one unnamed)
 */
static bool
legacy_release(struct bb_data *d, const struct psets *s)
{
	char *core = get(d, "LAYERSERIES_CORENAMES"), *ver = get(d, "PGO_PYTHON_VERSION");
	bool legacy = core && family_has(s, "python", core) && !family_has(s, "python3", core);
	const char *sep = release_sep(core);

	if (ver && is_explicit(d, "PGO_PYTHON_VERSION"))
		legacy = !strcmp(ver, "2.7") && (!sep || !strcmp(sep, "_"));
	free(core);
	free(ver);
	return legacy;
}

/* the user's conf files, in the order OE-core's conf/bitbake.conf includes them */
static const char *const user_confs[] = {
	"conf/site.conf", "conf/auto.conf", "conf/toolcfg.conf", "conf/local.conf",
};

struct bb_cooker *
release_read_build(struct bb_data *d, const char *builddir, const char *tdir,
	const char *outdir)
{
	struct bb_cooker *c = bb_cooker_new(d, builddir);
	struct psets s = { NULL, 0 };
	int ret;

	/* a meta-pgo generated for another release must not stop its own regeneration */
	bb_cooker_set_compat_warn(c, true);
	/* nor one named in bblayers.conf before its first writing */
	bb_cooker_set_pending_layer(c, outdir);
	ret = bb_cooker_parse_layers(c);
	if (!ret) {
		psets_load(&s, tdir);
		bb_data_set_legacy_overrides(d, legacy_release(d, &s));
		psets_release(&s);
	}
	for (size_t i = 0; i < sizeof(user_confs) / sizeof(user_confs[0]) && !ret; i++)
		ret = bb_cooker_include(c, user_confs[i]);
	if (!ret)
		ret = bb_cooker_collections(c);
	if (!ret)
		ret = bb_cooker_collect(c);
	if (ret) {
		bb_cooker_free(c);
		return NULL;
	}
	return c;
}

/* --- the choice --- */

static void
set_unless_explicit(struct bb_data *d, const char *var, const char *val)
{
	if (!is_explicit(d, var))
		bb_data_set(d, var, val, false, NULL);
}

/* the family (python3 or python) of PGO_PYTHON_VERSION, which a build may decide */
static const char *
family(struct bb_data *d, struct bb_cooker *c, const struct psets *s)
{
	char *core = c ? get(d, "LAYERSERIES_CORENAMES") : NULL, *ver;
	const char *pn;

	if (core && family_has(s, "python", core) && !family_has(s, "python3", core))
		set_unless_explicit(d, "PGO_PYTHON_VERSION", "2.7");
	ver = get(d, "PGO_PYTHON_VERSION");
	pn = ver && !strcmp(ver, "2.7") ? "python" : "python3";
	free(ver);
	free(core);
	return pn;
}

/* "a/b c" from "a b c": the release as messages name it; caller frees */
static char *
release_name(const char *corenames)
{
	struct bb_strvec w = BB_STRVEC_INIT;
	struct bb_buf b = BB_BUF_INIT;

	bb_strvec_split(&w, corenames);
	for (size_t i = 0; i < w.n; i++)
		bb_buf_addf(&b, "%s%s", i ? "/" : "", w.v[i]);
	if (!w.n)
		bb_buf_addstr(&b, "(no LAYERSERIES_CORENAMES)");
	bb_strvec_clear(&w);
	return bb_buf_detach(&b);
}

/* the build's pn recipe, and the values it gives */
static int
from_build(struct bb_data *d, struct bb_cooker *c, const char *pn, const struct bb_recipe **r,
	struct bb_error *err)
{
	char *core = get(d, "LAYERSERIES_CORENAMES"), *pv;
	const char *sep = release_sep(core);

	if (bb_cooker_provider(c, pn, r) < 0) {
		free(core);
		return bb_error(err, NULL, "%s", bb_data_error(d));
	}
	if (!*r) {
		char *top = get(d, "TOPDIR");

		bb_error(err, NULL, "%s/conf/bblayers.conf: error: no %s recipe (%s_PV.bb) in the "
			"BBFILES of its layers", top ? top : ".", pn, pn);
		free(top);
		free(core);
		return -1;
	}
	pv = get(d, "PGO_PYTHON_PV");
	if (is_explicit(d, "PGO_PYTHON_PV") && pv && strcmp(pv, (*r)->pv))
		bb_data_warn(d, bb_data_loc(d, "PGO_PYTHON_PV"), "PGO_PYTHON_PV is %s, the "
			"build's %s is %s (%s)", pv, pn, (*r)->pv, (*r)->file);
	set_unless_explicit(d, "PGO_PYTHON_PV", (*r)->pv);
	set_unless_explicit(d, "PGO_LAYERSERIES_COMPAT", core ? core : "");
	if (!sep)
		sep = strcmp(pn, "python") ? ":" : "_";
	set_unless_explicit(d, "PGO_OVERRIDE_SEP", sep);
	free(pv);
	free(core);
	return 0;
}

/* with a build and PGO_PYTHON_PV from it: the set must be for the build's release */
static int
check_build_release(struct bb_data *d, const struct psets *s, const struct pset *p,
	const struct bb_recipe *r, const char *pn, struct bb_error *err)
{
	char *core = get(d, "LAYERSERIES_CORENAMES"), *name = release_name(core ? core : "");
	long i = p ? pset_release(p, core ? core : "", r->pv) : -1;
	int ret = 0;

	if (i < 0) {
		char *sup = supported(s, pn);

		ret = bb_error(err, NULL, "%s: error: no patch set for OE-core %s with %s %s "
			"(supported: %s)", r->file, name, pn, r->pv, sup);
		free(sup);
	} else if (strcmp(p->pvs.v[i], r->pv)) {
		bb_data_warn(d, NULL, "%s %s of OE-core %s: the %s patch set is for %s %s there "
			"(patches/%s/%s/releases)", pn, r->pv, name, p->majmin, pn, p->pvs.v[i],
			pn, p->majmin);
	}
	free(name);
	free(core);
	return ret;
}

/* whether the set is for a release of override separator sep */
static bool
pset_has_sep(const struct pset *p, const char *sep)
{
	for (size_t i = 0; i < p->names.n; i++)
		if (!strcmp(release_sep(p->names.v[i]), sep))
			return true;
	return false;
}

/*
 * without a build: LAYERSERIES_COMPAT is the set's releases of this PV, else
 * all of them ("master" is no series name: master's LAYERSERIES_CORENAMES
 * has the last release); of those, the ones of PGO_OVERRIDE_SEP's syntax
 * when the set has any
 */
static void
compat_from_set(struct bb_data *d, const struct pset *p, const char *pv)
{
	struct bb_buf b = BB_BUF_INIT, all = BB_BUF_INIT;
	char *sep = get(d, "PGO_OVERRIDE_SEP");
	bool by_sep = sep && pset_has_sep(p, sep);

	for (size_t i = 0; i < p->names.n; i++) {
		if (!strcmp(p->names.v[i], "master"))
			continue;
		if (by_sep && strcmp(release_sep(p->names.v[i]), sep))
			continue;
		if (!strcmp(p->pvs.v[i], pv))
			bb_buf_addf(&b, "%s%s", b.len ? " " : "", p->names.v[i]);
		bb_buf_addf(&all, "%s%s", all.len ? " " : "", p->names.v[i]);
	}
	set_unless_explicit(d, "PGO_LAYERSERIES_COMPAT", b.len ? b.buf : all.buf);
	free(sep);
	bb_buf_release(&b);
	bb_buf_release(&all);
}

static int
select_set(struct bb_data *d, struct bb_cooker *c, const struct psets *s, struct bb_error *err)
{
	const char *pn = family(d, c, s);
	const struct bb_recipe *r = NULL;
	bool pv_from_build = c && !is_explicit(d, "PGO_PYTHON_PV");
	char *pv, *majmin;
	const struct pset *p;
	int ret = 0;

	if (c && from_build(d, c, pn, &r, err) < 0)
		return -1;
	pv = get(d, "PGO_PYTHON_PV");
	majmin = get(d, "PGO_PYTHON_MAJMIN");
	p = pv && majmin ? psets_find(s, pn, majmin) : NULL;
	if (pv_from_build) {
		ret = check_build_release(d, s, p, r, pn, err);
	} else if (!p) {
		char *sup = supported(s, pn);

		ret = bb_error(err, bb_data_loc(d, "PGO_PYTHON_PV"), "no patch set for %s %s "
			"(PGO_PYTHON_PV; supported: %s)", pn, pv ? pv : "(unset)", sup);
		free(sup);
	}
	if (!ret && !c)
		compat_from_set(d, p, pv);
	free(pv);
	free(majmin);
	return ret;
}

int
release_select(struct bb_data *d, struct bb_cooker *c, const char *tdir, struct bb_error *err)
{
	struct psets s = { NULL, 0 };
	int ret;

	psets_load(&s, tdir);
	ret = select_set(d, c, &s, err);
	psets_release(&s);
	return ret;
}
