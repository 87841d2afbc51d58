/*
 * getVarFlag, after lib/bb/data_smart.py: OVERRIDES, override selection,
 * :append/:prepend, expansion (expand.c) and :remove, with the value cache
 */
#include <stdlib.h>
#include <string.h>

#include "data-int.h"
#include "expand.h"
#include "utf8.h"

/* nesting depth of expansions: BitBake runs into Python's recursion limit */
#define MAX_DEPTH 200

/* what getVarFlag returns, with retparser's parser.value and parser.removes */
struct getres {
	char *value;
	char *parsed;
	bool has_parser;
	struct bb_strvec removes;
	/* asked for a view: a cached value is not copied but pointed to by view */
	bool borrow;
	const char *view;
	/* the expanded value holds inline python left unevaluated */
	bool uneval;
	/* the variable's entry, when the caller has looked it up already */
	struct var *known;
};

static int get_flag(struct bb_data *d, const char *var, const char *flag, bool expand,
	bool noweak, bool parsing, bool retparser, struct getres *r);
static int expand_take(struct bb_data *d, char *s, const char *varname, char **out);

static void
getres_release(struct getres *r)
{
	free(r->value);
	free(r->parsed);
	bb_strvec_clear(&r->removes);
	memset(r, 0, sizeof(*r));
}

static bool
ovr_has(struct bb_data *d, const char *s, size_t n)
{
	size_t mask = d->novrhash - 1;
	size_t i = bb_hash(s, n) & mask;

	if (!d->novrhash)
		return false;
	for (; d->ovrhash[i]; i = (i + 1) & mask) {
		const char *o = d->ovrhash[i];

		if (!strncmp(o, s, n) && !o[n])
			return true;
	}
	return false;
}

/* whether every ':'-separated part of o is in OVERRIDES */
bool
data_ovr_active(struct bb_data *d, const char *o)
{
	for (;;) {
		size_t n = strcspn(o, d->sep == '_' ? "_" : ":");

		if (!ovr_has(d, o, n))
			return false;
		if (!o[n])
			return true;
		o += n + 1;
	}
}

/* the check used for :append/:prepend/:remove overrides */
static bool
ops_match(struct bb_data *d, const char *o)
{
	return !o || !*o || data_ovr_active(d, o);
}

static void
set_overrides(struct bb_data *d, const char *val)
{
	size_t mask;

	bb_strvec_clear(&d->overrides);
	if (val)
		bb_strvec_splitc(&d->overrides, val, ':');
	for (d->novrhash = 16; d->novrhash < d->overrides.n * 2; d->novrhash *= 2)
		;
	free(d->ovrhash);
	d->ovrhash = xcalloc(d->novrhash, sizeof(*d->ovrhash));
	mask = d->novrhash - 1;
	for (size_t k = 0; k < d->overrides.n; k++) {
		const char *o = d->overrides.v[k];
		size_t i = bb_hash(o, strlen(o)) & mask;

		while (d->ovrhash[i] && strcmp(d->ovrhash[i], o))
			i = (i + 1) & mask;
		d->ovrhash[i] = o;
	}
}

/*
 * need_overrides: OVERRIDES is evaluated with no overrides active, then
 * re-evaluated with its own result until it is stable (at most 5 times)
 */
int
data_need_overrides(struct bb_data *d)
{
	char *cur = NULL, *next = NULL;

	if (d->ovr_valid || d->inoverride)
		return 0;
	d->inoverride = true;
	d->ovr_valid = true;
	set_overrides(d, NULL);
	d->gen++;
	if (bb_data_get(d, "OVERRIDES", true, &cur) < 0)
		goto err;
	d->inoverride = false;
	for (int i = 0; i < 5; i++) {
		set_overrides(d, cur ? cur : "");
		d->gen++;
		if (bb_data_get(d, "OVERRIDES", true, &next) < 0)
			goto err;
		if (!strcmp(cur ? cur : "", next ? next : "")) {
			free(cur);
			free(next);
			return 0;
		}
		free(cur);
		cur = next;
		next = NULL;
	}
	bb_data_fail(d, NULL, "overrides could not be expanded into a stable state after 5 "
		"iterations: '%s'", cur ? cur : "");
err:
	free(cur);
	free(next);
	d->inoverride = false;
	d->ovr_valid = false;
	return -1;
}

/* an ordered dict of active overrides, as getVarFlag builds it */
struct active {
	struct ovrent *v;
	size_t n;
};

static void
active_put(struct active *a, const char *o, const char *var)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->v[i].ovr, o)) {
			free(a->v[i].var);
			a->v[i].var = xstrdup(var);
			return;
		}
	a->v = xreallocarray(a->v, a->n + 1, sizeof(*a->v));
	a->v[a->n].ovr = xstrdup(o);
	a->v[a->n].var = xstrdup(var);
	a->n++;
}

static const char *
active_get(struct active *a, const char *o)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->v[i].ovr, o))
			return a->v[i].var;
	return NULL;
}

static void
active_del(struct active *a, const char *o)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->v[i].ovr, o)) {
			free(a->v[i].ovr);
			free(a->v[i].var);
			memmove(&a->v[i], &a->v[i + 1], (a->n - i - 1) * sizeof(*a->v));
			a->n--;
			return;
		}
}

static void
active_release(struct active *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].ovr);
		free(a->v[i].var);
	}
	free(a->v);
}

static bool
ends_with_ovr(const char *a, const char *o, int sep)
{
	size_t la = strlen(a), lo = strlen(o);

	return la > lo && a[la - lo - 1] == sep && !strcmp(a + la - lo, o);
}

/* one pass of the reduction loop in getVarFlag; returns whether anything changed */
static bool
reduce_pass(struct bb_data *d, struct active *a, char **match)
{
	bool mod = false;

	for (size_t i = 0; i < d->overrides.n; i++) {
		const char *o = d->overrides.v[i];
		struct bb_strvec snap = BB_STRVEC_INIT;

		for (size_t j = 0; j < a->n; j++)
			bb_strvec_pushdup(&snap, a->v[j].ovr);
		for (size_t j = 0; j < snap.n; j++) {
			const char *key = snap.v[j];
			const char *t = active_get(a, key);
			char *suffix;

			if (!t)
				continue;
			suffix = xstrcat(d->sep == '_' ? "_" : ":", o, NULL);
			if (ends_with_ovr(key, o, d->sep)) {
				char *tv = xstrdup(t), *nk = bb_str_replace(key, suffix, "");

				active_del(a, key);
				active_put(a, nk, tv);
				free(nk);
				free(tv);
				mod = true;
			} else if (!strcmp(key, o)) {
				free(*match);
				*match = xstrdup(t);
				active_del(a, key);
			}
			free(suffix);
		}
		bb_strvec_clear(&snap);
	}
	return mod;
}

static int
resolve_override(struct bb_data *d, struct var *v, struct getres *r)
{
	struct active a = { NULL, 0 };
	char *match = NULL;
	int ret = 0;

	if (data_need_overrides(d) < 0)
		return -1;
	for (size_t i = 0; i < v->novr; i++)
		if (data_ovr_active(d, v->ovr[i].ovr))
			active_put(&a, v->ovr[i].ovr, v->ovr[i].var);
	while (reduce_pass(d, &a, &match))
		;
	active_release(&a);
	if (match) {
		struct getres sub = { 0 };

		ret = get_flag(d, match, "_content", false, false, false, true, &sub);
		if (ret == 0) {
			r->value = sub.value;
			sub.value = NULL;
			r->removes = sub.removes;
			memset(&sub.removes, 0, sizeof(sub.removes));
		}
		getres_release(&sub);
		free(match);
	}
	return ret;
}

static void
own_value(struct var *v, const char *flag, bool noweak, struct getres *r)
{
	const char *val = var_value(v, flag, noweak);

	if (val)
		r->value = xstrdup(val);
}

/*
 * :append and :prepend whose override matches, in the order they were set:
 * each builds a new string around the value so far (op is OPS_APPEND or
 * OPS_PREPEND)
 */
static int
apply_ops(struct bb_data *d, struct var *v, int op, struct getres *r)
{
	if (!NOPS(v, op))
		return 0;
	if (data_need_overrides(d) < 0)
		return -1;
	for (size_t i = 0; i < NOPS(v, op); i++) {
		const struct opent *e = &v->ops->e[op][i];
		const char *cur = r->value ? r->value : "";
		char *nv;

		if (!ops_match(d, e->ovr))
			continue;
		nv = op == OPS_APPEND ? xstrcat(cur, e->val, NULL) : xstrcat(e->val, cur, NULL);
		free(r->value);
		r->value = nv;
	}
	return 0;
}

/* the length of the python whitespace character at s (a C string), or 0 */
static size_t
py_space(const char *s)
{
	return bb_py_space_at(s, strnlen(s, 3), 0);
}

/* drops the words listed in removes, keeping the whitespace around them */
static int
apply_removes(struct bb_data *d, struct bb_strvec *removes, struct getres *r)
{
	struct bb_strvec *words = xcalloc(removes->n ? removes->n : 1, sizeof(*words));
	struct bb_strvec used = BB_STRVEC_INIT;
	struct bb_buf b = BB_BUF_INIT;
	const char *s = r->parsed;
	int ret = 0;

	for (size_t i = 0; i < removes->n; i++) {
		char *e;

		if (expand_take(d, xstrdup(removes->v[i]), NULL, &e) < 0) {
			ret = -1;
			goto out;
		}
		bb_strvec_split(&words[i], e);
		free(e);
	}
	while (*s) {
		size_t n = 0, k;
		bool skip = false;
		char *tok;

		if ((k = py_space(s))) {
			bb_buf_add(&b, s, k);
			s += k;
			continue;
		}
		while (s[n] && !py_space(s + n))
			n++;
		tok = xstrndup(s, n);
		for (size_t i = 0; i < removes->n; i++)
			if (bb_strvec_has(&words[i], tok)) {
				skip = true;
				if (!bb_strvec_has(&used, removes->v[i]))
					bb_strvec_pushdup(&used, removes->v[i]);
			}
		if (!skip)
			bb_buf_add(&b, s, n);
		free(tok);
		s += n;
	}
	free(r->parsed);
	r->parsed = bb_buf_detach(&b);
	bb_strvec_clear(&r->removes);
	r->removes = used;
	memset(&used, 0, sizeof(used));
out:
	for (size_t i = 0; i < removes->n; i++)
		bb_strvec_clear(&words[i]);
	free(words);
	bb_strvec_clear(&used);
	bb_buf_release(&b);
	return ret;
}

static int
collect_removes(struct bb_data *d, struct var *v, struct bb_strvec *removes)
{
	if (data_need_overrides(d) < 0)
		return -1;
	for (size_t i = 0; i < NOPS(v, OPS_REMOVE); i++) {
		const struct opent *e = &v->ops->e[OPS_REMOVE][i];

		if (ops_match(d, e->ovr) && !bb_strvec_has(removes, e->val))
			bb_strvec_pushdup(removes, e->val);
	}
	return 0;
}

static bool
cache_get(struct bb_data *d, struct var *v, bool expand, bool retparser, struct getres *r)
{
	if (!v || v->cache_gen != d->gen)
		return false;
	if (expand && v->cache_val_set) {
		r->uneval = v->cache_uneval;
		if (r->borrow)
			r->view = v->cache_val;
		else
			r->value = v->cache_val ? xstrdup(v->cache_val) : NULL;
		return true;
	}
	if (!expand && retparser && v->cache_raw_set) {
		r->value = v->cache_raw ? xstrdup(v->cache_raw) : NULL;
		r->has_parser = true;
		for (size_t i = 0; i < v->cache_removes.n; i++)
			bb_strvec_pushdup(&r->removes, v->cache_removes.v[i]);
		return true;
	}
	return false;
}

/* takes parsed; raw is copied when given (the unexpanded value is not always known) */
static void
cache_put(struct bb_data *d, struct var *v, const char *raw, bool raw_known, char *parsed,
	bool uneval, const struct bb_strvec *removes)
{
	free(v->cache_raw);
	free(v->cache_val);
	bb_strvec_clear(&v->cache_removes);
	v->cache_gen = d->gen;
	v->cache_raw = raw ? xstrdup(raw) : NULL;
	v->cache_raw_set = raw_known;
	v->cache_val = parsed;
	v->cache_val_set = true;
	v->cache_uneval = uneval;
	for (size_t i = 0; i < removes->n; i++)
		bb_strvec_pushdup(&v->cache_removes, removes->v[i]);
}

static int
get_content_parts(struct bb_data *d, struct var *v, bool noweak, bool parsing,
	struct getres *r)
{
	if (!parsing && v && v->novr && resolve_override(d, v, r) < 0)
		return -1;
	if (v && !r->value)
		own_value(v, "_content", noweak, r);
	if (parsing || !v)
		return 0;
	if (apply_ops(d, v, OPS_APPEND, r) < 0 || apply_ops(d, v, OPS_PREPEND, r) < 0)
		return -1;
	return 0;
}

static int
get_flag(struct bb_data *d, const char *var, const char *flag, bool expand, bool noweak,
	bool parsing, bool retparser, struct getres *r)
{
	bool content = !strcmp(flag, "_content");
	struct var *v = r->known ? r->known : data_find(d, var);
	char *cachename = NULL;
	const char *cur;
	int ret = -1, st;

	/*
	 * a value with no override, no :append/:prepend/:remove and no ${ is
	 * its own expansion: a view points to it, nothing is copied or cached
	 */
	if (expand && r->borrow && !noweak && !parsing && !retparser &&
	    (!v || (!v->novr && NO_OPS(v)))) {
		const char *raw = v ? var_value(v, flag, false) : NULL;

		if (!raw || !bb_find_ref(raw)) {
			r->view = raw;
			r->has_parser = true;
			return 0;
		}
	}
	if (content && !noweak && cache_get(d, v, expand, retparser, r))
		return 0;
	if (content) {
		if (get_content_parts(d, v, noweak, parsing, r) < 0)
			return -1;
	} else if (v) {
		own_value(v, flag, noweak, r);
	}
	/* the name is only needed to catch a self reference */
	if (!content && r->value && bb_find_ref(r->value))
		cachename = xstrcat(var, "[", flag, "]", NULL);
	if ((expand || retparser) && r->value) {
		/* a plain getVar needs no unexpanded copy: the value is expanded in place */
		char *in = expand && !retparser ? r->value : xstrdup(r->value);

		if (in == r->value)
			r->value = NULL;
		if ((st = expand_take(d, in, content ? var : cachename, &r->parsed)) < 0)
			goto out;
		r->uneval = st > 0;
	}
	r->has_parser = expand || retparser;
	if (expand) {
		free(r->value);
		r->value = NULL;
	}
	/* BitBake applies :remove when the value, expanded or not as asked, is not empty */
	cur = expand ? r->parsed : r->value;
	if (cur && *cur && content && !parsing && v && NOPS(v, OPS_REMOVE) &&
	    collect_removes(d, v, &r->removes) < 0)
		goto out;
	if (cur && *cur && content && !parsing && r->removes.n && r->has_parser) {
		struct bb_strvec all = r->removes;

		memset(&r->removes, 0, sizeof(r->removes));
		ret = apply_removes(d, &all, r);
		bb_strvec_clear(&all);
		if (ret < 0)
			goto out;
	}
	if (content && r->has_parser && !noweak && v) {
		cache_put(d, v, r->value, !expand, r->parsed, r->uneval, &r->removes);
		r->parsed = NULL;
		if (expand && r->borrow)
			r->view = v->cache_val;
		else if (expand && v->cache_val)
			r->parsed = xstrdup(v->cache_val);
	}
	if (expand) {
		r->value = r->parsed;
		r->parsed = NULL;
	}
	ret = 0;
out:
	free(cachename);
	return ret;
}

/* the outermost expansion names the variable asked for, where it was set */
static void
wrap_error(struct bb_data *d, const char *var, const char *flag)
{
	char *msg = xstrdup(bb_data_error(d));
	char *name = flag ? xasprintf("%s[%s]", var, flag) : xstrdup(var);

	bb_data_clear_error(d);
	bb_data_fail(d, bb_data_loc(d, var), "failure expanding '%s': %s", name, msg);
	free(name);
	free(msg);
}

/* one outermost getVarFlag: the depth limit, and an error naming what was asked for */
static int
get_top(struct bb_data *d, const char *var, const char *flag, bool expand, bool noweak,
	bool parsing, struct getres *r)
{
	int ret;

	if (d->depth >= MAX_DEPTH)
		return bb_data_fail(d, NULL, "references nested deeper than %d levels at '%s' "
			"(a reference cycle?)", MAX_DEPTH, var);
	d->depth++;
	ret = get_flag(d, var, flag, expand, noweak, parsing, false, r);
	d->depth--;
	if (ret < 0 && !d->depth)
		wrap_error(d, var, strcmp(flag, "_content") ? flag : NULL);
	return ret;
}

const char *
bb_data_flag_raw(struct bb_data *d, const char *var, const char *flag)
{
	struct var *v;

	if (!strcmp(flag, "_content") || !(v = data_find(d, var)))
		return NULL;
	return var_value(v, flag, false);
}

/*
 * get_top into r, the value it owns taken into *out (NULL when there is none);
 * -1, or 1 when the value holds inline python left unevaluated
 */
static int
get_taken(struct bb_data *d, const char *var, const char *flag, bool expand, bool noweak,
	bool parsing, struct getres *r, char **out)
{
	int ret = get_top(d, var, flag, expand, noweak, parsing, r);

	*out = NULL;
	if (ret == 0) {
		*out = r->value;
		r->value = NULL;
		ret = r->uneval;
	}
	return ret;
}

/* the value, or -1; 1 when it holds inline python left unevaluated */
static int
get_value(struct bb_data *d, const char *var, const char *flag, bool expand, bool noweak,
	bool parsing, char **out)
{
	struct getres r = { 0 };
	int ret = get_taken(d, var, flag, expand, noweak, parsing, &r, out);

	getres_release(&r);
	return ret;
}

int
bb_data_get_flag(struct bb_data *d, const char *var, const char *flag, bool expand,
	bool noweakdefault, bool parsing, char **out)
{
	return get_value(d, var, flag, expand, noweakdefault, parsing, out) < 0 ? -1 : 0;
}

int
bb_data_get_checked(struct bb_data *d, const char *var, const char *flag, char **out)
{
	return get_value(d, var, flag, true, false, false, out);
}

int
data_get_view(struct bb_data *d, const char *var, const char *flag, const char **view,
	char **owned)
{
	return data_get_view_of(d, NULL, var, flag, view, owned);
}

int
data_get_view_of(struct bb_data *d, struct var *v, const char *var, const char *flag,
	const char **view, char **owned)
{
	struct getres r = { .borrow = true, .known = v };
	int ret = get_taken(d, var, flag, true, false, false, &r, owned);

	*view = ret < 0 ? NULL : *owned ? *owned : r.view;
	getres_release(&r);
	return ret;
}

int
bb_data_get(struct bb_data *d, const char *var, bool expand, char **out)
{
	return bb_data_get_flag(d, var, "_content", expand, false, false, out);
}

const char **
bb_data_keys(struct bb_data *d, size_t *n)
{
	return bb_data_keys_with(d, NULL, n);
}

const char **
bb_data_keys_with(struct bb_data *d, const char *part, size_t *n)
{
	const char **keys = xreallocarray(NULL, d->nvars + 1, sizeof(*keys));
	size_t k = 0;

	if (data_need_overrides(d) < 0)
		bb_data_clear_error(d);
	for (size_t i = 0; i < d->nslots; i++) {
		struct var *v = d->slots[i];
		bool active;

		if (!v || (part && !strstr(v->name, part)))
			continue;
		/* an empty variable is a key while one of its overrides is active */
		active = !var_empty(v);
		for (size_t j = 0; j < v->novr && !active; j++)
			active = data_ovr_active(d, v->ovr[j].ovr);
		if (active)
			keys[k++] = v->name;
	}
	data_sort_names(keys, k);
	*n = k;
	return keys;
}


/* the expander's view of d (expand.h) */
static int
lookup(void *ctx, const char *name, const char **view, char **owned)
{
	return data_get_view(ctx, name, "_content", view, owned);
}

static int
py_getflag(void *ctx, const char *name, const char *flag, bool expand, char **val, char **err)
{
	struct bb_data *d = ctx;
	int ret = get_value(d, name, flag, expand, false, false, val);

	if (ret < 0)
		*err = xstrdup(bb_data_error(d));
	return ret;
}

static int
py_getvar(void *ctx, const char *name, bool expand, char **val, char **err)
{
	return py_getflag(ctx, name, "_content", expand, val, err);
}

static bool
py_isfunc(void *ctx, const char *name)
{
	return var_flag(data_find(ctx, name), "func") != NULL;
}

/* a warning for each ${@...} left unevaluated, once per place it was set */
static void
report_python(void *ctx, const char *varname, const char *code, size_t len, const char *why)
{
	struct bb_data *d = ctx;
	const struct bb_loc *loc = NULL;
	char *key, *base;

	if (varname) {
		base = xstrndup(varname, strcspn(varname, "["));
		loc = bb_data_loc(d, base);
		free(base);
	}
	if (!loc && d->cur.file)
		loc = &d->cur;
	key = xasprintf("%s:%u:%.*s", loc ? loc->file : "", loc ? loc->line : 0, (int)len, code);
	if (!bb_strvec_has(&d->reported, key)) {
		bb_data_warn(d, loc, "inline python not evaluated in '%s': %s: '${@%.*s}'",
			varname ? varname : "expression", why, (int)len, code);
		bb_strvec_push(&d->reported, key);
	} else {
		free(key);
	}
}

/* takes s */
static int
expand_take(struct bb_data *d, char *s, const char *varname, char **out)
{
	const struct bb_expand_env env = {
		lookup, report_python, { py_getvar, py_isfunc, d, py_getflag }, d, &d->err,
	};

	return bb_expand_take(&env, s, varname, out);
}

int
bb_data_expand(struct bb_data *d, const char *s, const char *varname, char **out)
{
	int ret;

	*out = NULL;
	if (d->depth >= MAX_DEPTH)
		return bb_data_fail(d, NULL, "maximum expansion depth exceeded");
	d->depth++;
	ret = expand_take(d, xstrdup(s), varname, out);
	d->depth--;
	if (ret < 0 && !d->depth && varname) {
		char *msg = xstrdup(bb_data_error(d));

		bb_data_clear_error(d);
		bb_data_fail(d, NULL, "failure expanding '%s': %s", varname, msg);
		free(msg);
	}
	return ret;
}
