/*
 * the cooker's collections and their priorities (cooker.py handleCollections,
 * CookerCollectFiles.calc_bbfile_priority)
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cooker-int.h"
#include "pyexpr/pyexpr.h"

/* one "name (op version)" entry of explode_dep_versions2 */
struct dep {
	char *name;
	struct bb_strvec ops;	/* "OP VERSION" each */
};

static void
deps_release(struct dep *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		bb_strvec_clear(&v[i].ops);
	}
	free(v);
}

static struct dep *
dep_find(struct dep *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

static const char *
dep_op(const char *s, size_t *len)
{
	static const char *const two[] = { "<=", "=<", "<<", "==", "!=", ">=", "=>", ">>" };

	for (size_t i = 0; i < sizeof(two) / sizeof(two[0]); i++)
		if (!strncmp(s, two[i], 2))
			return *len = 2, two[i];
	*len = 1;
	return strchr("<>=", *s) && *s ? s : NULL;
}

/*
 * bb.utils.explode_dep_versions2 (unsorted); -1 on a missing operator, with
 * *bad (the caller frees it) what follows the '('
 */
static int
explode_deps(const char *s, struct dep **out, size_t *n, char **bad)
{
	struct bb_strvec w = BB_STRVEC_INIT;
	char *t = bb_str_replace(s, ",", ""), cmp[3] = "";
	struct bb_buf ver = BB_BUF_INIT;
	struct dep *last = NULL;
	bool incmp = false, inver = false;

	*out = NULL;
	*n = 0;
	bb_strvec_split(&w, t);
	free(t);
	*out = xcalloc(w.n ? w.n : 1, sizeof(**out));
	for (size_t i = 0; i < w.n; i++) {
		const char *tok = w.v[i], *op;
		size_t oplen;

		if (tok[0] == '(') {
			incmp = true;
			tok += 1 + strspn(tok + 1, " \t");
			if (!*tok)
				continue;
		}
		if (incmp) {
			incmp = false;
			inver = true;
			if (!(op = dep_op(tok, &oplen))) {
				*bad = xstrdup(tok);
				break;
			}
			memcpy(cmp, op, oplen);
			cmp[oplen] = '\0';
			if (!*(tok += oplen))
				continue;
		}
		if (inver) {
			size_t len = strlen(tok);

			if (len && tok[len - 1] == ')') {
				len--;
				inver = false;
				if (ver.len && len)
					bb_buf_addch(&ver, ' ');
			}
			if (len) {
				bb_buf_add(&ver, tok, len);
				if (last)
					bb_strvec_push(&last->ops, xasprintf("%s %s", cmp, ver.buf));
			}
			continue;
		}
		bb_buf_reset(&ver);
		cmp[0] = '\0';
		if (!(last = dep_find(*out, *n, tok))) {
			last = &(*out)[(*n)++];
			last->name = xstrdup(tok);
		}
	}
	bb_strvec_clear(&w);
	bb_buf_release(&ver);
	return *bad ? -1 : 0;
}

/* bb.utils.split_version: epoch, version and revision of "E:V-R" */
static bool
split_version(const char *s, long *e, char **v, char **r)
{
	size_t a = strspn(s, " <>="), b = strlen(s);
	const char *colon, *dash;
	char *end;

	while (b > a && strchr(" <>=", s[b - 1]))
		b--;
	*e = 0;
	if ((colon = memchr(s + a, ':', b - a))) {
		*e = strtol(s + a, &end, 10);
		if (end != colon || colon == s + a)
			return false;
		a = (size_t)(colon - s) + 1;
		if ((colon = memchr(s + a, ':', b - a)))
			b = (size_t)(colon - s);
	}
	for (dash = s + b; dash > s + a && dash[-1] != '-'; dash--)
		;
	if (dash > s + a) {
		*v = xstrndup(s + a, (size_t)(dash - 1 - (s + a)));
		*r = xstrndup(dash, (size_t)(s + b - dash));
	} else {
		*v = xstrndup(s + a, b - a);
		*r = xstrdup("");
	}
	return true;
}

/* bb.utils.vercmp_string_op; -1 on an operator it does not know or a bad epoch */
static int
vercmp_op(const char *a, const char *b, const char *op)
{
	long ea, eb;
	char *va = NULL, *ra = NULL, *vb = NULL, *rb = NULL;
	int r = -1, res;

	if (split_version(a, &ea, &va, &ra) && split_version(b, &eb, &vb, &rb)) {
		res = ea < eb ? -1 : ea > eb;
		if (!res)
			res = bb_vercmp_part(va, vb);
		if (!res)
			res = bb_vercmp_part(ra, rb);
		if (!strcmp(op, "=") || !strcmp(op, "=="))
			r = res == 0;
		else if (!strcmp(op, "<="))
			r = res <= 0;
		else if (!strcmp(op, ">="))
			r = res >= 0;
		else if (!strcmp(op, ">") || !strcmp(op, ">>"))
			r = res > 0;
		else if (!strcmp(op, "<") || !strcmp(op, "<<"))
			r = res < 0;
		else if (!strcmp(op, "!="))
			r = res != 0;
	}
	free(va);
	free(ra);
	free(vb);
	free(rb);
	return r;
}

/* what cooker.py's handleCollections keeps per collection while it works */
struct prio {
	int prio;		/* 0: to be computed */
	bool busy;
	struct bb_strvec deps;	/* LAYERDEPENDS, then the LAYERRECOMMENDS that are there */
};

/*
 * LAYERVERSION_dep against opstr ("OP VERSION"): *have is its value (NULL
 * when unset), *ok whether it satisfies opstr; -1 on an unknown operator
 */
static int
check_version(struct bb_cooker *c, const char *kind, const char *coll, const char *dep,
	const char *opstr, bool *ok, char **have)
{
	const char *sp = strchr(opstr, ' ');
	char *op = xstrndup(opstr, sp ? (size_t)(sp - opstr) : strlen(opstr));
	int r = 0;

	if (cooker_getf(c, "LAYERVERSION", dep, have) < 0)
		r = -1;
	else if (*have && (r = vercmp_op(*have, sp ? sp + 1 : "", op)) < 0)
		bb_data_fail(c->d, NULL, "error parsing %s_%s: unsupported comparison operator "
			"'%s'", kind, coll, op);
	*ok = r == 1;
	free(op);
	return r < 0 ? -1 : 0;
}

static int
layer_depends(struct bb_cooker *c, const char *coll, const struct bb_strvec *colls,
	struct prio *p, const char *kind, bool recommends)
{
	char *val = NULL, *have = NULL;
	struct dep *deps = NULL;
	char *bad = NULL;
	size_t n = 0;
	bool ok;
	int ret = cooker_getf(c, kind, coll, &val);

	if (ret || !val)
		goto out;
	if (explode_deps(val, &deps, &n, &bad) < 0) {
		ret = bb_data_fail(c->d, NULL, "error parsing %s_%s: invalid version specification "
			"in '(%s' - invalid or missing operator", kind, coll, bad);
		goto out;
	}
	for (size_t i = 0; i < n && !ret; i++) {
		const char *dep = deps[i].name;
		bool there = bb_strvec_has(colls, dep), add = there;

		if (!there && !recommends)
			ret = bb_data_fail(c->d, NULL, "layer '%s' depends on layer '%s', but this "
				"layer is not enabled in your configuration", coll, dep);
		for (size_t k = 0; there && k < deps[i].ops.n && !ret; k++) {
			free(have);
			ret = check_version(c, kind, coll, dep, deps[i].ops.v[k], &ok, &have);
			if (!ret && recommends)
				add = have && ok;
			else if (!ret && !have)
				ret = bb_data_fail(c->d, NULL, "layer '%s' depends on version %s of "
					"layer '%s', which exists in your configuration but does not "
					"specify a version", coll, deps[i].ops.v[k], dep);
			else if (!ret && !ok)
				ret = bb_data_fail(c->d, NULL, "layer '%s' depends on version %s of "
					"layer '%s', but version %s is currently enabled in your "
					"configuration", coll, deps[i].ops.v[k], dep, have);
			if (recommends)
				break;
		}
		if (!ret && add)
			bb_strvec_pushdup(&p->deps, dep);
	}
out:
	deps_release(deps, n);
	free(bad);
	free(have);
	free(val);
	return ret;
}

/* calc_layer_priority: one more than the highest of its dependencies */
static int
calc_priority(struct bb_cooker *c, const struct bb_strvec *colls, struct prio *p, size_t i,
	int min)
{
	int max = min;

	if (p[i].prio)
		return 0;
	if (p[i].busy)
		return bb_data_fail(c->d, NULL, "layer '%s' depends on itself through "
			"LAYERDEPENDS or LAYERRECOMMENDS", colls->v[i]);
	p[i].busy = true;
	for (size_t k = 0; k < p[i].deps.n; k++) {
		size_t j = 0;

		while (strcmp(colls->v[j], p[i].deps.v[k]))
			j++;
		if (calc_priority(c, colls, p, j, min) < 0)
			return -1;
		if (p[j].prio > max)
			max = p[j].prio;
	}
	p[i].prio = max + 1;
	p[i].busy = false;
	return 0;
}

static int
explicit_priority(struct bb_cooker *c, const char *coll, int *prio, int *min)
{
	char *val = NULL, *end;
	long v;
	int ret = cooker_getf(c, "BBFILE_PRIORITY", coll, &val);

	*prio = 0;
	if (ret || !val || !*val)
		goto out;
	v = strtol(val, &end, 10);
	end += strspn(end, " \t\n");
	if (end == val || *end || v < -1000000 || v > 1000000) {
		char *var = xasprintf("BBFILE_PRIORITY_%s", coll);

		ret = bb_data_fail(c->d, bb_data_loc(c->d, var), "invalid value for %s: '%s'", var,
			val);
		free(var);
		goto out;
	}
	*prio = (int)v;
	if (*min == 0 || *prio < *min)
		*min = *prio;
out:
	free(val);
	return ret;
}

static int
compile_pattern(struct bb_cooker *c, size_t i)
{
	struct bb_collection *col = &c->colls[i];
	char *var = xasprintf("BBFILE_PATTERN_%s", col->name);
	int ret = cooker_get(c, var, &col->pattern);

	if (!ret && !col->pattern)
		ret = bb_data_fail(c->d, NULL, "%s not defined", var);
	else if (!ret && !(c->re[i] = cooker_regex(*col->pattern ? col->pattern : "^NULL$")))
		ret = bb_data_fail(c->d, bb_data_loc(c->d, var), "%s '%s' is not a valid regular "
			"expression", var, col->pattern);
	free(var);
	return ret;
}

static const char *
layer_of(const struct bb_cooker *c, const char *coll)
{
	for (size_t i = 0; i < c->nlayers; i++)
		if (bb_strvec_has(&c->layers[i].collections, coll))
			return c->layers[i].dir;
	return NULL;
}

static int
collections_fill(struct bb_cooker *c, const struct bb_strvec *colls, struct prio *p)
{
	int ret = 0, min = 0;

	for (size_t i = 0; i < colls->n && !ret; i++) {
		ret = explicit_priority(c, colls->v[i], &p[i].prio, &min);
		if (!ret)
			ret = layer_depends(c, colls->v[i], colls, &p[i], "LAYERDEPENDS", false);
		if (!ret)
			ret = layer_depends(c, colls->v[i], colls, &p[i], "LAYERRECOMMENDS", true);
	}
	for (size_t i = 0; i < colls->n && !ret; i++) {
		c->colls[i].name = xstrdup(colls->v[i]);
		c->colls[i].layer = layer_of(c, colls->v[i]);
		c->ncolls++;
		ret = calc_priority(c, colls, p, i, min);
		c->colls[i].priority = p[i].prio;
		if (!ret)
			ret = compile_pattern(c, i);
	}
	return ret;
}

/* CookerCollectFiles: the patterns sorted in reverse, so the longer of two nested ones first */
struct bypattern {
	const char *pattern;
	size_t i;
};

static int
cmp_pattern(const void *a, const void *b)
{
	const struct bypattern *pa = a, *pb = b;
	int r = strcmp(pb->pattern, pa->pattern);

	return r ? r : pa->i < pb->i ? -1 : 1;
}

static void
sort_patterns(struct bb_cooker *c)
{
	struct bypattern *v = xcalloc(c->ncolls ? c->ncolls : 1, sizeof(*v));

	for (size_t i = 0; i < c->ncolls; i++)
		v[i] = (struct bypattern){ c->colls[i].pattern, i };
	qsort(v, c->ncolls, sizeof(*v), cmp_pattern);
	c->byprio = xcalloc(c->ncolls ? c->ncolls : 1, sizeof(*c->byprio));
	for (size_t i = 0; i < c->ncolls; i++)
		c->byprio[i] = v[i].i;
	free(v);
}

int
bb_cooker_collections(struct bb_cooker *c)
{
	struct bb_strvec colls = BB_STRVEC_INIT;
	struct prio *p;
	int ret;

	cooker_free_collections(c);
	if (cooker_words(c, "BBFILE_COLLECTIONS", &colls) < 0)
		return -1;
	p = xcalloc(colls.n ? colls.n : 1, sizeof(*p));
	c->colls = xcalloc(colls.n ? colls.n : 1, sizeof(*c->colls));
	c->re = xcalloc(colls.n ? colls.n : 1, sizeof(*c->re));
	ret = collections_fill(c, &colls, p);
	for (size_t i = 0; i < colls.n; i++)
		bb_strvec_clear(&p[i].deps);
	free(p);
	bb_strvec_clear(&colls);
	if (!ret)
		sort_patterns(c);
	return ret;
}

const struct bb_collection *
bb_cooker_collection(const struct bb_cooker *c, const char *name)
{
	for (size_t i = 0; i < c->ncolls; i++)
		if (!strcmp(c->colls[i].name, name))
			return &c->colls[i];
	return NULL;
}

const struct bb_collection *
bb_cooker_file_collection(const struct bb_cooker *c, const char *file)
{
	for (size_t i = 0; i < c->ncolls; i++) {
		size_t k = c->byprio[i];

		if (cooker_regex_match(c->re[k], file, true))
			return &c->colls[k];
	}
	return NULL;
}
