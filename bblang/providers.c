/*
 * the cooker's recipes: BBFILES collected (cooker.py collect_bbfiles) and
 * the best provider of a PN chosen among them (providers.py findBestProvider)
 */
#include <dirent.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "cooker-int.h"
#include "os.h"
#include "pyexpr/pyexpr.h"

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
priority_of(const struct bb_cooker *c, const char *file)
{
	const struct bb_collection *col = bb_cooker_file_collection(c, file);

	return col ? col->priority : 0;
}

/* BBFILES sorted by the priority of the collection each entry falls in (a stable sort) */
struct entry {
	char *pattern;
	int prio;
	size_t i;
};

static int
cmp_entry(const void *a, const void *b)
{
	const struct entry *ea = a, *eb = b;

	if (ea->prio != eb->prio)
		return ea->prio < eb->prio ? -1 : 1;
	return ea->i < eb->i ? -1 : 1;
}

/* the files found, in order, and a hash set of them (open addressing, indexes + 1) */
struct found {
	struct bb_strvec files;
	size_t *slot, cap;
};

static void
found_grow(struct found *fd)
{
	size_t cap = fd->cap ? fd->cap * 2 : 1024;

	free(fd->slot);
	fd->slot = xcalloc(cap, sizeof(*fd->slot));
	fd->cap = cap;
	for (size_t i = 0; i < fd->files.n; i++) {
		size_t h = bb_hash(fd->files.v[i], strlen(fd->files.v[i])) & (cap - 1);

		while (fd->slot[h])
			h = (h + 1) & (cap - 1);
		fd->slot[h] = i + 1;
	}
}

static void
add_new(struct found *fd, const char *f)
{
	size_t h;

	if (2 * (fd->files.n + 1) > fd->cap)
		found_grow(fd);
	for (h = bb_hash(f, strlen(f)) & (fd->cap - 1); fd->slot[h]; h = (h + 1) & (fd->cap - 1))
		if (!strcmp(fd->files.v[fd->slot[h] - 1], f))
			return;
	bb_strvec_pushdup(&fd->files, f);
	fd->slot[h] = fd->files.n;
}

/* find_bbfiles: the .bb and .bbappend files below dir (SCCS, CVS and .svn skipped), sorted */
static void
find_bbfiles(const char *dir, struct found *out)
{
	struct bb_strvec names = BB_STRVEC_INIT;
	DIR *dh = opendir(dir);
	struct dirent *e;

	if (!dh)
		return;
	while ((e = readdir(dh)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			bb_strvec_pushdup(&names, e->d_name);
	closedir(dh);
	bb_strvec_sort(&names);
	for (size_t i = 0; i < names.n; i++) {
		char *p = bb_path_join(dir, names.v[i]);
		size_t n = strlen(p);
		struct stat st;

		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (strcmp(names.v[i], "SCCS") && strcmp(names.v[i], "CVS") &&
				strcmp(names.v[i], ".svn"))
				find_bbfiles(p, out);
		} else if ((n > 3 && !strcmp(p + n - 3, ".bb")) ||
			(n > 9 && !strcmp(p + n - 9, ".bbappend"))) {
			add_new(out, p);
		}
		free(p);
	}
	bb_strvec_clear(&names);
}

static void
glob_entry(const char *f, struct found *out)
{
	glob_t g;

	if (bb_path_isdir(f)) {
		find_bbfiles(f, out);
		return;
	}
	if (glob(f, GLOB_NOSORT, NULL, &g) == 0) {
		qsort(g.gl_pathv, g.gl_pathc, sizeof(char *), cmpstr);
		for (size_t i = 0; i < g.gl_pathc; i++)
			add_new(out, g.gl_pathv[i]);
		globfree(&g);
	} else if (bb_path_exists(f)) {
		add_new(out, f);
	}
}

static int
glob_bbfiles(struct bb_cooker *c, struct bb_strvec *out)
{
	struct bb_strvec files = BB_STRVEC_INIT;
	struct found fd = { BB_STRVEC_INIT, NULL, 0 };
	struct entry *v;
	char *val = NULL;

	if (cooker_get(c, "BBFILES", &val) < 0)
		return -1;
	if (val)
		bb_strvec_split(&files, val);
	free(val);
	if (!files.n)
		return bb_data_fail(c->d, NULL, "no recipe files to build, check your BBPATH and "
			"BBFILES?");
	v = xcalloc(files.n, sizeof(*v));
	for (size_t i = 0; i < files.n; i++)
		v[i] = (struct entry){ files.v[i], priority_of(c, files.v[i]), i };
	qsort(v, files.n, sizeof(*v), cmp_entry);
	for (size_t i = 0; i < files.n; i++)
		glob_entry(v[i].pattern, &fd);
	free(v);
	free(fd.slot);
	*out = fd.files;
	bb_strvec_clear(&files);
	return 0;
}

/* BBMASK: its valid expressions joined by '|', or NULL */
static pcre2_code *
bbmask(struct bb_cooker *c)
{
	struct bb_strvec masks = BB_STRVEC_INIT;
	struct bb_buf all = BB_BUF_INIT;
	const struct bb_loc *loc = bb_data_loc(c->d, "BBMASK");
	pcre2_code *re = NULL;
	char *val = NULL;

	if (cooker_get(c, "BBMASK", &val) < 0)
		bb_data_clear_error(c->d);
	if (val)
		bb_strvec_split(&masks, val);
	for (size_t i = 0; i < masks.n; i++) {
		const char *m = masks.v[i];

		if (m[0] == '|') {
			bb_data_warn(c->d, loc, "BBMASK contains regular expression beginning "
				"with '|', fixing: %s", m);
			m++;
		}
		if (!(re = cooker_regex(m))) {
			bb_data_warn(c->d, loc, "BBMASK contains an invalid regular expression, "
				"ignoring: %s", m);
			continue;
		}
		pcre2_code_free(re);
		bb_buf_addf(&all, "%s%s", all.len ? "|" : "", m);
	}
	re = all.len ? cooker_regex(all.buf) : NULL;
	bb_buf_release(&all);
	bb_strvec_clear(&masks);
	free(val);
	return re;
}

/*
 * bb.parse.vars_from_file: PN_PV_PR.bb, with OE-core's bitbake.conf
 * defaults (PV "1.0"); false when the name has more than two '_'
 */
static bool
vars_from_file(const char *file, struct bb_recipe *r)
{
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	const char *dot = strrchr(base, '.');
	char *name = xstrndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
	struct bb_strvec parts = BB_STRVEC_INIT;
	bool ok;

	bb_strvec_splitc(&parts, name, '_');
	ok = parts.n <= 3;
	if (ok) {
		r->pn = xstrdup(parts.v[0]);
		r->pv = xstrdup(parts.n > 1 && *parts.v[1] ? parts.v[1] : "1.0");
	}
	bb_strvec_clear(&parts);
	free(name);
	return ok;
}

static void
add_recipes(struct bb_cooker *c)
{
	c->recipes = xcalloc(c->files.n ? c->files.n : 1, sizeof(*c->recipes));
	for (size_t i = 0; i < c->files.n; i++) {
		struct bb_recipe *r = &c->recipes[c->nrecipes];
		const struct bb_collection *col = bb_cooker_file_collection(c, c->files.v[i]);

		if (!vars_from_file(c->files.v[i], r))
			continue;
		r->file = c->files.v[i];
		r->priority = col ? col->priority : 0;
		r->collection = col ? col->name : NULL;
		c->nrecipes++;
	}
}

int
bb_cooker_collect(struct bb_cooker *c)
{
	struct bb_strvec all = BB_STRVEC_INIT;
	pcre2_code *mask;

	if (glob_bbfiles(c, &all) < 0)
		return -1;
	mask = bbmask(c);
	for (size_t i = 0; i < all.n; i++) {
		const char *f = all.v[i];
		size_t n = strlen(f);

		if (mask && cooker_regex_match(mask, f, false))
			continue;
		if (n > 3 && !strcmp(f + n - 3, ".bb"))
			bb_strvec_pushdup(&c->files, f);
		else if (n > 9 && !strcmp(f + n - 9, ".bbappend"))
			bb_strvec_pushdup(&c->appends, f);
	}
	pcre2_code_free(mask);
	bb_strvec_clear(&all);
	add_recipes(c);
	return 0;
}

size_t
bb_cooker_nrecipes(const struct bb_cooker *c)
{
	return c->nrecipes;
}

const struct bb_recipe *
bb_cooker_recipe(const struct bb_cooker *c, size_t i)
{
	return i < c->nrecipes ? &c->recipes[i] : NULL;
}

/* --- findBestProvider --- */

/* versionVariableMatch: KEYWORD_VERSION:pn-PN, KEYWORD_VERSION_PN, KEYWORD_VERSION */
static int
version_var(struct bb_cooker *c, const char *keyword, const char *pn, char **out,
	const struct bb_loc **loc)
{
	char *names[3];
	int ret = 0;

	names[0] = xasprintf("%s_VERSION:pn-%s", keyword, pn);
	names[1] = xasprintf("%s_VERSION_%s", keyword, pn);
	names[2] = xasprintf("%s_VERSION", keyword);
	*out = NULL;
	for (size_t i = 0; i < 3 && !ret && !(*out && **out); i++) {
		free(*out);
		ret = cooker_get(c, names[i], out);
		*loc = bb_data_loc(c->d, names[i]);
	}
	for (size_t i = 0; i < 3; i++)
		free(names[i]);
	return ret;
}

/* preferredVersionMatch with PE empty: "V", or "V%" for any version starting with V */
static bool
version_match(const struct bb_recipe *r, const char *pref)
{
	size_t d = strspn(pref, "0123456789"), n = strlen(pref);

	if (d && pref[d] == ':')
		return false;	/* an epoch: the recipe's PE is empty */
	if (!strcmp(r->pv, pref))
		return true;
	return n && pref[n - 1] == '%' && !strncmp(r->pv, pref, n - 1);
}

/* the recipes of pn, highest priority first, in collection order within one */
static const struct bb_recipe **
candidates(const struct bb_cooker *c, const char *pn, size_t *n)
{
	const struct bb_recipe **v = xcalloc(c->nrecipes ? c->nrecipes : 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < c->nrecipes; i++)
		if (!strcmp(c->recipes[i].pn, pn))
			v[(*n)++] = &c->recipes[i];
	for (size_t i = 1; i < *n; i++)
		for (size_t k = i; k > 0 && v[k - 1]->priority < v[k]->priority; k--) {
			const struct bb_recipe *t = v[k];

			v[k] = v[k - 1];
			v[k - 1] = t;
		}
	return v;
}


static void
warn_unavailable(struct bb_cooker *c, const struct bb_loc *loc, const char *pref,
	const char *pn, const struct bb_recipe **v, size_t n)
{
	struct bb_strvec vers = BB_STRVEC_INIT;
	struct bb_buf b = BB_BUF_INIT;

	bb_data_warn(c->d, loc, "preferred version %s of %s not available", pref, pn);
	for (size_t i = 0; i < n; i++)
		if (!bb_strvec_has(&vers, v[i]->pv))
			bb_strvec_pushdup(&vers, v[i]->pv);
	bb_strvec_sort(&vers);
	for (size_t i = 0; i < vers.n; i++)
		bb_buf_addf(&b, "%s%s", i ? " " : "", vers.v[i]);
	if (vers.n)
		bb_data_warn(c->d, loc, "versions of %s available: %s", pn, b.buf);
	bb_buf_release(&b);
	bb_strvec_clear(&vers);
}

/* findPreferredProvider; *out NULL when there is no preferred version or it is not there */
static int
preferred(struct bb_cooker *c, const char *pn, const struct bb_recipe **v, size_t n,
	const struct bb_recipe **out, bool *required)
{
	const struct bb_loc *rloc = NULL, *ploc = NULL;
	char *req = NULL, *pref = NULL;
	int ret = version_var(c, "REQUIRED", pn, &req, &rloc);

	if (!ret)
		ret = version_var(c, "PREFERRED", pn, &pref, &ploc);
	*required = !ret && req && *req;
	if (*required && pref && *pref)
		bb_data_warn(c->d, rloc, "REQUIRED_VERSION and PREFERRED_VERSION for package %s are "
			"both set using REQUIRED_VERSION %s", pn, req);
	if (*required) {
		free(pref);
		pref = req;
		req = NULL;
		ploc = rloc;
	}
	for (size_t i = 0; !ret && pref && *pref && i < n && !*out; i++)
		if (version_match(v[i], pref))
			*out = v[i];
	if (!ret && pref && *pref && !*out && *required)
		ret = bb_data_fail(c->d, ploc, "required version %s of %s not available", pref, pn);
	else if (!ret && pref && *pref && !*out)
		warn_unavailable(c, ploc, pref, pn, v, n);
	free(req);
	free(pref);
	return ret;
}

int
bb_cooker_provider(struct bb_cooker *c, const char *pn, const struct bb_recipe **out)
{
	size_t n;
	const struct bb_recipe **v = candidates(c, pn, &n);
	bool required = false;
	int ret = 0;

	*out = NULL;
	if (n)
		ret = preferred(c, pn, v, n, out, &required);
	/* findLatestProvider over the highest priority */
	for (size_t i = 0; !ret && !*out && i < n && v[i]->priority == v[0]->priority; i++) {
		const struct bb_recipe *best = v[0];

		for (size_t k = 1; k < n && v[k]->priority == v[0]->priority; k++)
			if (bb_vercmp_part(best->pv, v[k]->pv) < 0)
				best = v[k];
		*out = best;
	}
	free(v);
	return ret;
}
