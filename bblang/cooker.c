/*
 * the cooker's configuration: bblayers.conf and the layers' layer.conf
 * (cookerdata.py parseConfigurationFiles), the collections and their
 * priorities (cooker.py handleCollections)
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cooker-int.h"
#include "os.h"
#include "parse.h"
#include "pyexpr/pyexpr.h"

struct bb_cooker *
bb_cooker_new(struct bb_data *d, const char *topdir)
{
	struct bb_cooker *c = xcalloc(1, sizeof(*c));

	c->d = d;
	c->topdir = bb_path_abs(topdir);
	return c;
}

static void
free_layers(struct bb_cooker *c)
{
	for (size_t i = 0; i < c->nlayers; i++) {
		free(c->layers[i].dir);
		bb_strvec_clear(&c->layers[i].collections);
	}
	free(c->layers);
	c->layers = NULL;
	c->nlayers = 0;
}

void
cooker_free_collections(struct bb_cooker *c)
{
	for (size_t i = 0; i < c->ncolls; i++) {
		free(c->colls[i].name);
		free(c->colls[i].pattern);
		pcre2_code_free(c->re[i]);
	}
	free(c->colls);
	free(c->re);
	free(c->byprio);
	c->colls = NULL;
	c->re = NULL;
	c->byprio = NULL;
	c->ncolls = 0;
}

void
bb_cooker_free(struct bb_cooker *c)
{
	if (!c)
		return;
	free_layers(c);
	cooker_free_collections(c);
	for (size_t i = 0; i < c->nrecipes; i++) {
		free(c->recipes[i].pn);
		free(c->recipes[i].pv);
	}
	free(c->recipes);
	bb_strvec_clear(&c->files);
	bb_strvec_clear(&c->appends);
	free(c->topdir);
	free(c->mc);
	free(c->pending);
	free(c);
}

void
bb_cooker_set_compat_warn(struct bb_cooker *c, bool warn)
{
	c->compat_warn = warn;
}

/* path made absolute, its directory resolved (symbolic links), its last name kept */
static char *
canon_path(const char *path)
{
	char *abs = bb_path_abs(path), *parent, *real, *out;

	if (!strcmp(abs, "/"))
		return abs;
	parent = bb_path_dirname(abs);
	real = realpath(parent, NULL);
	out = real ? bb_path_join(real, abs + strlen(parent) + (strcmp(parent, "/") != 0)) : xstrdup(abs);
	free(real);
	free(parent);
	free(abs);
	return out;
}

void
bb_cooker_set_pending_layer(struct bb_cooker *c, const char *dir)
{
	free(c->pending);
	c->pending = dir && *dir ? canon_path(dir) : NULL;
}

void
bb_cooker_set_mc(struct bb_cooker *c, const char *mc)
{
	free(c->mc);
	c->mc = xstrdup(mc ? mc : "");
}

const char *
bb_cooker_mc(const struct bb_cooker *c)
{
	return c->mc ? c->mc : "";
}

int
cooker_get(struct bb_cooker *c, const char *var, char **out)
{
	return bb_data_get(c->d, var, true, out);
}

int
cooker_getf(struct bb_cooker *c, const char *prefix, const char *name, char **out)
{
	char *var = xasprintf("%s_%s", prefix, name);
	int ret = cooker_get(c, var, out);

	free(var);
	return ret;
}

int
cooker_words(struct bb_cooker *c, const char *var, struct bb_strvec *out)
{
	char *val;

	if (cooker_get(c, var, &val) < 0)
		return -1;
	if (val)
		bb_strvec_split(out, val);
	free(val);
	return 0;
}

pcre2_code *
cooker_regex(const char *pattern)
{
	int code;
	PCRE2_SIZE off;

	return pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &code, &off,
		NULL);
}

bool
cooker_regex_match(pcre2_code *re, const char *s, bool anchored)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int rc = pcre2_match(re, (PCRE2_SPTR)s, PCRE2_ZERO_TERMINATED, 0,
		anchored ? PCRE2_ANCHORED : 0, md, NULL);

	pcre2_match_data_free(md);
	return rc >= 0;
}

/* --- the datastore's keys before the layers: expandVarref's "local keys" --- */

/*
 * BitBake parses the layers into a copy of the datastore, and expandVarref
 * rewrites only the keys of that copy: the ones set since. A snapshot of
 * every key's raw value before the layers tells them apart.
 */
struct snapshot {
	struct bb_strvec keys;	/* sorted */
	char **vals;		/* raw values, NULL when unset */
};

static char *
raw_value(struct bb_data *d, const char *key)
{
	char *val = NULL;

	if (bb_data_get(d, key, false, &val) < 0) {
		bb_data_clear_error(d);
		return NULL;
	}
	return val;
}

static void
snapshot_take(struct snapshot *s, struct bb_data *d)
{
	size_t n;
	const char **keys = bb_data_keys(d, &n);

	s->vals = xcalloc(n ? n : 1, sizeof(*s->vals));
	for (size_t i = 0; i < n; i++) {
		bb_strvec_pushdup(&s->keys, keys[i]);
		s->vals[i] = raw_value(d, keys[i]);
	}
	free(keys);
}

static void
snapshot_release(struct snapshot *s)
{
	for (size_t i = 0; i < s->keys.n; i++)
		free(s->vals[i]);
	free(s->vals);
	bb_strvec_clear(&s->keys);
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* whether key was set since the snapshot, with raw its value now */
static bool
snapshot_local(const struct snapshot *s, const char *key, const char *raw)
{
	char **hit = s->keys.n ? bsearch(&key, s->keys.v, s->keys.n, sizeof(char *), cmpstr) :
		NULL;
	const char *old;

	if (!hit)
		return true;
	old = s->vals[hit - s->keys.v];
	return !old || strcmp(old, raw);
}

/* data.expandVarref(var): "${var}" in every local key's value becomes var's value */
static int
expand_varref(struct bb_data *d, const struct snapshot *s, const char *var)
{
	char *ref = xasprintf("${%s}", var), *val = raw_value(d, var);
	size_t n;
	const char **keys = bb_data_keys(d, &n);
	int ret = 0;

	for (size_t i = 0; i < n && !ret; i++) {
		char *raw = raw_value(d, keys[i]);

		if (raw && strstr(raw, ref) && snapshot_local(s, keys[i], raw)) {
			const struct bb_loc *l = bb_data_loc(d, keys[i]);
			struct bb_loc loc = { l ? l->file : NULL, l ? l->line : 0 };

			ret = bb_data_set_take(d, keys[i], bb_str_replace(raw, ref, val ? val : ""),
				false, l ? &loc : NULL);
		}
		free(raw);
	}
	free(keys);
	free(val);
	free(ref);
	return ret;
}

/* --- bblayers.conf and the layers --- */

/* Python's re.escape (3.7 and later) */
static char *
re_escape(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	for (; *s; s++) {
		if (strchr("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", *s))
			bb_buf_addch(&b, '\\');
		bb_buf_addch(&b, *s);
	}
	return bb_buf_detach(&b);
}

/* a BBLAYERS entry as the loop uses it: "~" expanded, no trailing '/' */
static char *
layer_dir(const char *entry)
{
	const char *home = getenv("HOME");
	char *dir;
	size_t n;

	if (entry[0] == '~' && (entry[1] == '/' || !entry[1]) && home && *home)
		dir = xasprintf("%s%s", home, entry + 1);
	else
		dir = xstrdup(entry);
	n = strlen(dir);
	while (n > 0 && dir[n - 1] == '/')
		dir[--n] = '\0';
	return dir;
}

/* the layer being written, named in BBLAYERS before its first writing */
static bool
is_pending(const struct bb_cooker *c, const char *dir)
{
	char *canon;
	bool same;

	if (!c->pending || bb_path_exists(dir))
		return false;
	canon = canon_path(dir);
	same = !strcmp(canon, c->pending);
	free(canon);
	return same;
}

/* the entries of BBLAYERS that are directories; any other is an error, but the pending layer */
static int
existing_layers(struct bb_cooker *c, const struct bb_strvec *layers, const char *conf,
	struct bb_strvec *out)
{
	struct bb_buf missing = BB_BUF_INIT;
	int ret = 0;

	for (size_t i = 0; i < layers->n; i++) {
		char *dir = layer_dir(layers->v[i]);

		if (bb_path_isdir(dir))
			bb_strvec_pushdup(out, layers->v[i]);
		else if (!is_pending(c, dir))
			bb_buf_addf(&missing, " '%s'", dir);
		free(dir);
	}
	if (missing.len) {
		const struct bb_loc *loc = bb_data_loc(c->d, "BBLAYERS");

		if (loc)
			ret = bb_data_fail(c->d, loc, "BBLAYERS names layer directories that do "
				"not exist:%s", missing.buf);
		else
			ret = bb_data_fail(c->d, NULL, "%s: error: BBLAYERS names layer "
				"directories that do not exist:%s", conf, missing.buf);
	}
	bb_buf_release(&missing);
	return ret;
}

/* what the layers' confs said about series, gathered as the loop goes */
struct series {
	struct bb_strvec compat_names;	/* collections with a LAYERSERIES_COMPAT_* */
	struct bb_strvec compat;	/* its words, space-separated, sorted */
	struct bb_strvec corenames;	/* LAYERSERIES_CORENAMES, from the first layer with it */
	bool have_corenames;
};

static void
series_release(struct series *s)
{
	bb_strvec_clear(&s->compat_names);
	bb_strvec_clear(&s->compat);
	bb_strvec_clear(&s->corenames);
}

/* " ".join(sorted(set(words))); sorts w */
static char *
join_sorted(struct bb_strvec *w)
{
	struct bb_buf b = BB_BUF_INIT;

	bb_strvec_sort(w);
	for (size_t i = 0; i < w->n; i++)
		if (!i || strcmp(w->v[i], w->v[i - 1]))
			bb_buf_addf(&b, "%s%s", b.len ? " " : "", w->v[i]);
	return bb_buf_detach(&b);
}

/* the words of s, sorted and unique, joined by spaces */
static char *
sorted_words(const char *s)
{
	struct bb_strvec w = BB_STRVEC_INIT;
	char *ret;

	bb_strvec_split(&w, s);
	ret = join_sorted(&w);
	bb_strvec_clear(&w);
	return ret;
}

/* after one layer.conf: its LAYERSERIES_COMPAT_* and LAYERSERIES_CORENAMES, taken out */
static int
take_series(struct bb_cooker *c, struct series *s)
{
	struct bb_strvec colls = BB_STRVEC_INIT;
	char *val = NULL;
	int ret = cooker_words(c, "BBFILE_COLLECTIONS", &colls);

	for (size_t i = 0; i < colls.n && !ret; i++) {
		char *var = xasprintf("LAYERSERIES_COMPAT_%s", colls.v[i]);

		if (!(ret = cooker_get(c, var, &val)) && val && *val) {
			size_t k;

			for (k = 0; k < s->compat_names.n; k++)
				if (!strcmp(s->compat_names.v[k], colls.v[i]))
					break;
			if (k == s->compat_names.n) {
				bb_strvec_pushdup(&s->compat_names, colls.v[i]);
				bb_strvec_push(&s->compat, sorted_words(val));
			} else {
				free(s->compat.v[k]);
				s->compat.v[k] = sorted_words(val);
			}
			bb_data_del(c->d, var);
		}
		free(val);
		free(var);
	}
	bb_strvec_clear(&colls);
	if (!ret && !s->have_corenames && !(ret = cooker_get(c, "LAYERSERIES_CORENAMES", &val))) {
		if (val)
			bb_strvec_split(&s->corenames, val);
		if (s->corenames.n) {
			s->have_corenames = true;
			bb_data_del(c->d, "LAYERSERIES_CORENAMES");
		}
		free(val);
	}
	return ret;
}

/* the collections this layer added: the words of BBFILE_COLLECTIONS not there before */
static int
note_collections(struct bb_cooker *c, struct bb_layer *l, const struct bb_strvec *before)
{
	struct bb_strvec now = BB_STRVEC_INIT;
	int ret = cooker_words(c, "BBFILE_COLLECTIONS", &now);

	for (size_t i = 0; i < now.n; i++)
		if (!bb_strvec_has(before, now.v[i]) && !bb_strvec_has(&l->collections, now.v[i]))
			bb_strvec_pushdup(&l->collections, now.v[i]);
	bb_strvec_clear(&now);
	return ret;
}

static int
parse_layer(struct bb_cooker *c, const char *entry, const struct snapshot *snap,
	struct series *s)
{
	struct bb_layer *l = &c->layers[c->nlayers++];
	struct bb_strvec before = BB_STRVEC_INIT;
	char *conf, *re;
	int ret;

	l->dir = layer_dir(entry);
	conf = bb_path_join(l->dir, "conf/layer.conf");
	re = re_escape(l->dir);
	bb_data_set(c->d, "LAYERDIR", l->dir, false, NULL);
	bb_data_set_take(c->d, "LAYERDIR_RE", re, false, NULL);
	ret = cooker_words(c, "BBFILE_COLLECTIONS", &before);
	if (!ret && !bb_path_isfile(conf))
		ret = bb_data_fail(c->d, bb_data_loc(c->d, "BBLAYERS"), "layer '%s' has no "
			"conf/layer.conf", l->dir);
	if (!ret)
		ret = bb_parse_file(c->d, conf);
	if (!ret)
		ret = expand_varref(c->d, snap, "LAYERDIR");
	if (!ret)
		ret = expand_varref(c->d, snap, "LAYERDIR_RE");
	if (!ret)
		ret = take_series(c, s);
	if (!ret)
		ret = note_collections(c, l, &before);
	bb_strvec_clear(&before);
	free(conf);
	return ret;
}

/* BBFILES_DYNAMIC: "[!]COLLECTION:PATTERN" adds PATTERN to BBFILES when COLLECTION is (not) there */
static int
bbfiles_dynamic(struct bb_cooker *c)
{
	struct bb_strvec dyn = BB_STRVEC_INIT, colls = BB_STRVEC_INIT;
	struct bb_buf add = BB_BUF_INIT, bad = BB_BUF_INIT;
	int ret = cooker_words(c, "BBFILES_DYNAMIC", &dyn) || cooker_words(c, "BBFILE_COLLECTIONS",
		&colls) ? -1 : 0;

	for (size_t i = 0; i < dyn.n && !ret; i++) {
		char *colon = strchr(dyn.v[i], ':'), *name = dyn.v[i];
		bool invert = name[0] == '!';

		if (!colon) {
			bb_buf_addf(&bad, " '%s'", dyn.v[i]);
			continue;
		}
		*colon = '\0';
		if (bb_strvec_has(&colls, name + invert) != invert)
			bb_buf_addf(&add, " %s", colon + 1);
	}
	if (!ret && bad.len)
		ret = bb_data_fail(c->d, bb_data_loc(c->d, "BBFILES_DYNAMIC"), "BBFILES_DYNAMIC "
			"entries must be of the form {!}<collection name>:<filename pattern>, "
			"not:%s", bad.buf);
	if (!ret && add.len) {
		char *old = raw_value(c->d, "BBFILES");

		ret = bb_data_set_take(c->d, "BBFILES", xstrcat(old ? old : "", add.buf, NULL),
			false, bb_data_loc(c->d, "BBFILES"));
		free(old);
	}
	bb_strvec_clear(&dyn);
	bb_strvec_clear(&colls);
	bb_buf_release(&add);
	bb_buf_release(&bad);
	return ret;
}

static bool
words_meet(const char *a, const struct bb_strvec *b)
{
	struct bb_strvec w = BB_STRVEC_INIT;
	bool meet = false;

	bb_strvec_split(&w, a);
	for (size_t i = 0; i < w.n && !meet; i++)
		meet = bb_strvec_has(b, w.v[i]);
	bb_strvec_clear(&w);
	return meet;
}

/* the checks after the loop: duplicated collections, LAYERSERIES_COMPAT */
static int
check_collections(struct bb_cooker *c, struct series *s, const char *conf)
{
	struct bb_strvec colls = BB_STRVEC_INIT;
	char *core = join_sorted(&s->corenames);
	int ret = cooker_words(c, "BBFILE_COLLECTIONS", &colls);
	for (size_t i = 0; i < colls.n && !ret; i++) {
		const char *name = colls.v[i], *compat = NULL;

		for (size_t k = i + 1; k < colls.n && !ret; k++)
			if (!strcmp(colls.v[k], name))
				ret = bb_data_fail(c->d, NULL, "%s: error: found duplicated "
					"BBFILE_COLLECTIONS '%s', check bblayers.conf or "
					"layer.conf to fix it", conf, name);
		for (size_t k = 0; k < s->compat_names.n; k++)
			if (!strcmp(s->compat_names.v[k], name))
				compat = s->compat.v[k];
		if (ret)
			break;
		if (compat && !s->have_corenames)
			ret = bb_data_fail(c->d, NULL, "%s: error: no core layer found to work with "
				"layer '%s': missing entry in bblayers.conf?", conf, name);
		else if (compat && !words_meet(compat, &s->corenames) && c->compat_warn)
			bb_data_warn(c->d, NULL, "layer %s is not compatible with the core layer "
				"which only supports these series: %s (layer is compatible with %s)",
				name, core, compat);
		else if (compat && !words_meet(compat, &s->corenames))
			ret = bb_data_fail(c->d, NULL, "%s: error: layer %s is not compatible with "
				"the core layer which only supports these series: %s (layer is "
				"compatible with %s)", conf, name, core, compat);
		else if (!compat)
			bb_data_warn(c->d, NULL, "layer %s should set LAYERSERIES_COMPAT_%s in its "
				"conf/layer.conf file to list the core layer names it is compatible "
				"with", name, name);
	}
	free(core);
	bb_strvec_clear(&colls);
	return ret;
}

/* after the loop: LAYERDIR gone, the series variables set again, BBFILES_DYNAMIC, checks */
static int
finish_layers(struct bb_cooker *c, struct series *s, const char *conf)
{
	char *bbpath = NULL;
	int ret;

	bb_data_del(c->d, "LAYERDIR_RE");
	bb_data_del(c->d, "LAYERDIR");
	for (size_t i = 0; i < s->compat_names.n; i++) {
		char *var = xasprintf("LAYERSERIES_COMPAT_%s", s->compat_names.v[i]);

		bb_data_set(c->d, var, s->compat.v[i], false, NULL);
		free(var);
	}
	ret = bbfiles_dynamic(c);
	if (!ret)
		ret = check_collections(c, s, conf);
	bb_data_set_take(c->d, "LAYERSERIES_CORENAMES", join_sorted(&s->corenames), false,
		NULL);
	if (!ret && !(ret = cooker_get(c, "BBPATH", &bbpath)) && (!bbpath || !*bbpath))
		ret = bb_data_fail(c->d, NULL, "%s: error: the BBPATH variable is not set", conf);
	free(bbpath);
	return ret;
}

int
bb_cooker_parse_layers(struct bb_cooker *c)
{
	char *conf = bb_path_join(c->topdir, "conf/bblayers.conf");
	struct bb_strvec words = BB_STRVEC_INIT, layers = BB_STRVEC_INIT;
	struct snapshot snap = { BB_STRVEC_INIT, NULL };
	struct series s = { BB_STRVEC_INIT, BB_STRVEC_INIT, BB_STRVEC_INIT, false };
	int ret;

	free_layers(c);
	bb_data_set(c->d, "__bbclasstype", "global", false, NULL);
	bb_data_set(c->d, "BB_CURRENT_MC", bb_cooker_mc(c), false, NULL);
	bb_data_set(c->d, "TOPDIR", c->topdir, false, NULL);
	if (!bb_path_isfile(conf))
		ret = bb_data_fail(c->d, NULL, "%s: error: not a build directory (no "
			"conf/bblayers.conf)", c->topdir);
	else
		ret = bb_parse_file(c->d, conf);
	if (!ret)
		ret = cooker_words(c, "BBLAYERS", &words);
	if (!ret && !words.n)
		ret = bb_data_fail(c->d, NULL, "%s: error: the bblayers.conf file doesn't contain "
			"any BBLAYERS definition", conf);
	if (!ret)
		ret = existing_layers(c, &words, conf, &layers);
	if (!ret) {
		snapshot_take(&snap, c->d);
		c->layers = xcalloc(layers.n, sizeof(*c->layers));
	}
	for (size_t i = 0; i < layers.n && !ret; i++)
		ret = parse_layer(c, layers.v[i], &snap, &s);
	if (!ret)
		ret = finish_layers(c, &s, conf);
	snapshot_release(&snap);
	series_release(&s);
	bb_strvec_clear(&words);
	bb_strvec_clear(&layers);
	free(conf);
	return ret;
}

size_t
bb_cooker_nlayers(const struct bb_cooker *c)
{
	return c->nlayers;
}

const struct bb_layer *
bb_cooker_layer(const struct bb_cooker *c, size_t i)
{
	return i < c->nlayers ? &c->layers[i] : NULL;
}

int
bb_cooker_include(struct bb_cooker *c, const char *file)
{
	char *bbpath = NULL, *found;
	int ret = cooker_get(c, "BBPATH", &bbpath);

	if (ret < 0)
		return -1;
	found = bb_path_which(bbpath ? bbpath : "", file);
	if (found && bb_path_isfile(found))
		ret = bb_parse_file(c->d, found);
	free(found);
	free(bbpath);
	return ret;
}
