/*
 * setVar, setVarFlag and renameVar, after lib/bb/data_smart.py: the
 * :append/:prepend/:remove keywords, renamed variables, and the overrides a
 * new value hides; list-valued flags
 */
#include <stdlib.h>
#include <string.h>

#include "data-int.h"

/* a renamed variable is an error in BitBake (logged, parsing goes on) */
static void
check_renamed(struct bb_data *d, struct var *v, const char *var, const struct bb_loc *loc)
{
	size_t n = strcspn(var, ":");
	const char *to = NULL;
	char *shortvar, buf[128];
	struct flag *f;

	if (var[n]) {
		shortvar = bb_strndup_in(buf, sizeof(buf), var, n);
		v = data_find(d, shortvar);
		if (shortvar != buf)
			free(shortvar);
	}
	if (!v || !v->renamed || !strcmp(v->name, "_FAILPARSINGERRORHANDLED"))
		return;
	to = data_renamed_to(v->name);
	if (d->renames && (f = var_flag(d->renames, v->name)))
		to = f->val;
	if (to && !strchr(to, ' '))
		bb_data_warn(d, loc, "variable '%s' has been renamed to '%s'", v->name, to);
	else
		bb_data_warn(d, loc, "variable '%s' %s", v->name,
			to ? to : "is deprecated and support has been removed");
	bb_data_set(d, "_FAILPARSINGERRORHANDLED", "True", true, NULL);
}

/* finds the :append/:prepend/:remove keyword as data_smart's __setvar_regexp__ */
static int
setvar_keyword(const char *var, int sep, size_t *base, const char **add)
{
	static const char *const kw[OPS_N] = { "append", "prepend", "remove" };

	for (const char *p = strchr(var, sep); p; p = strchr(p + 1, sep)) {
		for (int k = 0; k < OPS_N; k++) {
			size_t n = strlen(kw[k]) + 1;
			const char *r = p + n;

			if (p[1] != kw[k][0] || strncmp(p + 1, kw[k], n - 1))
				continue;
			if (*r == sep && !r[strcspn(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")]) {
				*add = r + 1;
			} else if (*r == '\0') {
				*add = NULL;
			} else {
				continue;
			}
			*base = (size_t)(p - var);
			return k;
		}
	}
	return -1;
}

static bool
old_syntax(const char *var)
{
	if (!strncmp(var, "__anon_", 7))
		return false;
	for (const char *p = strchr(var, '_'); p; p = strchr(p + 1, '_'))
		if ((p[1] == 'a' && !strncmp(p, "_append", 7)) ||
		    (p[1] == 'p' && !strncmp(p, "_prepend", 8)) ||
		    (p[1] == 'r' && !strncmp(p, "_remove", 7)))
			return true;
	return false;
}

static void
drop_active_overrides(struct bb_data *d, struct var *v)
{
	struct bb_strvec active = BB_STRVEC_INIT;

	if (data_need_overrides(d) < 0)
		bb_data_clear_error(d);
	for (size_t i = 0; i < v->novr; i++)
		if (data_ovr_active(d, v->ovr[i].ovr))
			bb_strvec_pushdup(&active, v->ovr[i].var);
	for (size_t i = 0; i < active.n; i++)
		bb_data_del(d, active.v[i]);
	bb_strvec_clear(&active);
	data_ovr_clear(d, v);
}

/* takes val, or with lent points to it (a block d keeps) */
static int
set_value(struct bb_data *d, const char *var, char *val, bool lent, bool parsing,
	const struct bb_loc *loc)
{
	const char *add;
	size_t blen;
	int k;
	struct var *v;

	if (d->sep == ':' && old_syntax(var)) {
		if (!lent)
			free(val);
		return bb_data_fail(d, loc, "variable '%s' contains an operation using the old "
			"override syntax; convert this metadata to the ':' syntax", var);
	}
	data_changed(d);
	k = setvar_keyword(var, d->sep, &blen, &add);
	if (k >= 0) {
		char *base = xstrndup(var, blen);

		check_renamed(d, NULL, var, loc);
		v = data_lookup(d, base);
		/* :append and the like own their values */
		var_ops_add(v, k, lent ? xstrdup(val) : val, add);
		data_ovr_walk(d, base, v, true);
		free(base);
		return 0;
	}
	v = data_lookup(d, var);
	check_renamed(d, v, var, loc);
	if (!parsing) {
		for (k = 0; k < OPS_N; k++)
			var_ops_clear(v, k);
		if (v->in_ovrdata)
			drop_active_overrides(d, v);
	}
	if (strchr(var, d->sep))
		data_ovr_walk(d, var, v, true);
	var_flag_put(v, "_content", val, loc, lent);
	return 0;
}

int
bb_data_set_take(struct bb_data *d, const char *var, char *val, bool parsing,
	const struct bb_loc *loc)
{
	return set_value(d, var, val, false, parsing, loc);
}

int
data_set_lent(struct bb_data *d, const char *var, const char *val, const struct bb_loc *loc)
{
	/* lent values are never written through: the cast only shares the field */
	return set_value(d, var, (char *)val, true, true, loc);
}

int
bb_data_set_flag_take(struct bb_data *d, const char *var, const char *flag, char *val,
	const struct bb_loc *loc)
{
	struct var *v;

	data_changed(d);
	v = data_lookup(d, var);
	if (!strcmp(var, "BB_RENAMED_VARIABLES")) {
		d->renames = v;
		data_lookup(d, flag)->renamed = true;
	} else {
		check_renamed(d, v, var, loc);
	}
	var_flag_put(v, flag, val, loc, false);
	if (!strcmp(flag, "_defaultval") && strchr(var, d->sep))
		data_ovr_walk(d, var, v, true);
	return 0;
}

int
bb_data_set(struct bb_data *d, const char *var, const char *val, bool parsing,
	const struct bb_loc *loc)
{
	return bb_data_set_take(d, var, xstrdup(val), parsing, loc);
}

int
bb_data_set_flag(struct bb_data *d, const char *var, const char *flag, const char *val,
	const struct bb_loc *loc)
{
	return bb_data_set_flag_take(d, var, flag, xstrdup(val), loc);
}

int
bb_data_rename(struct bb_data *d, const char *key, const char *newkey)
{
	struct var *v, *nv;
	const char *own;
	char *val = NULL;
	bool found = false;

	if (!strcmp(key, newkey))
		return 0;
	v = data_find(d, key);
	if ((own = var_value(v, "_content", false))) {
		val = xstrdup(own);
		bb_data_set(d, newkey, val, true, bb_data_loc(d, key));
		found = true;
	}
	nv = data_lookup(d, newkey);
	v = data_find(d, key);
	for (int k = 0; v && k < OPS_N; k++) {
		for (size_t i = 0; i < NOPS(v, k); i++)
			var_ops_add(nv, k, xstrdup(v->ops->e[k][i].val), v->ops->e[k][i].ovr);
		found |= NOPS(v, k) > 0;
	}
	if (v && v->in_ovrdata) {
		struct bb_strvec olds = BB_STRVEC_INIT;

		found = true;
		data_ovr_clear(d, nv);
		nv->in_ovrdata = true;
		for (size_t i = 0; i < v->novr; i++) {
			char *nvar = bb_str_replace(v->ovr[i].var, key, newkey);

			data_ovr_add(d, nv, nvar, v->ovr[i].ovr);
			free(nvar);
			bb_strvec_pushdup(&olds, v->ovr[i].var);
		}
		for (size_t i = 0; i < olds.n; i++) {
			char *nvar = bb_str_replace(olds.v[i], key, newkey);

			if (bb_data_rename(d, olds.v[i], nvar) < 0) {
				free(nvar);
				bb_strvec_clear(&olds);
				free(val);
				return -1;
			}
			free(nvar);
		}
		bb_strvec_clear(&olds);
	}
	if (found) {
		if (strchr(newkey, d->sep) && !val)
			data_ovr_walk(d, newkey, NULL, true);
		bb_data_del(d, key);
	}
	data_changed(d);
	free(val);
	return 0;
}

int
bb_data_list_add(struct bb_data *d, const char *var, const char *flag, const char *word,
	bool front)
{
	struct flag *f = var_flag(data_find(d, var), flag);
	struct bb_buf b = BB_BUF_INIT;
	int ret;

	if (front) {
		bb_buf_addstr(&b, word);
		if (f && *f->val) {
			bb_buf_addch(&b, ' ');
			bb_buf_addstr(&b, f->val);
		}
	} else {
		if (f && *f->val) {
			bb_buf_addstr(&b, f->val);
			bb_buf_addch(&b, ' ');
		}
		bb_buf_addstr(&b, word);
	}
	ret = bb_data_set_flag(d, var, flag, b.buf, f ? &f->loc : NULL);
	bb_buf_release(&b);
	return ret;
}

bool
bb_data_list_has(struct bb_data *d, const char *var, const char *flag, const char *word)
{
	struct flag *f = var_flag(data_find(d, var), flag);

	return f && bb_words_has(f->val, word);
}

void
bb_data_list_remove(struct bb_data *d, const char *var, const char *flag, const char *word)
{
	struct flag *f = var_flag(data_find(d, var), flag);
	struct bb_strvec w = BB_STRVEC_INIT;
	struct bb_buf b = BB_BUF_INIT;

	if (!f)
		return;
	bb_strvec_split(&w, f->val);
	for (size_t i = 0; i < w.n; i++) {
		if (!strcmp(w.v[i], word))
			continue;
		if (b.len)
			bb_buf_addch(&b, ' ');
		bb_buf_addstr(&b, w.v[i]);
	}
	bb_data_set_flag(d, var, flag, b.buf, &f->loc);
	bb_buf_release(&b);
	bb_strvec_clear(&w);
}
