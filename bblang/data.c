#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "data-int.h"

/* variables BitBake renamed; setting one is an error (data_smart.bitbake_renamed_vars) */
static const char *const renamed[][2] = {
	{ "BB_ENV_EXTRAWHITE", "BB_ENV_PASSTHROUGH_ADDITIONS" },
	{ "BB_ENV_WHITELIST", "BB_ENV_PASSTHROUGH" },
	{ "BB_HASHBASE_WHITELIST", "BB_BASEHASH_IGNORE_VARS" },
	{ "BB_HASHCONFIG_WHITELIST", "BB_HASHCONFIG_IGNORE_VARS" },
	{ "BB_HASHTASK_WHITELIST", "BB_TASKHASH_IGNORE_TASKS" },
	{ "BB_SETSCENE_ENFORCE_WHITELIST", "BB_SETSCENE_ENFORCE_IGNORE_TASKS" },
	{ "BB_STAMP_POLICY", NULL },
	{ "BB_STAMP_WHITELIST", NULL },
	{ "MULTI_PROVIDER_WHITELIST", "BB_MULTI_PROVIDER_ALLOWED" },
};

struct bb_data *
bb_data_new(void)
{
	struct bb_data *d = xcalloc(1, sizeof(*d));

	d->nslots = 1024;
	d->slots = xcalloc(d->nslots, sizeof(*d->slots));
	d->gen = 1;
	d->sep = ':';
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++)
		data_lookup(d, renamed[i][0])->renamed = true;
	return d;
}

static void
var_free(struct var *v)
{
	for (size_t i = 0; i < v->nflags; i++) {
		free(v->flags[i].name);
		free(v->flags[i].val);
	}
	free(v->flags);
	for (int k = 0; v->ops && k < OPS_N; k++) {
		for (size_t i = 0; i < v->ops->n[k]; i++) {
			free(v->ops->e[k][i].val);
			free(v->ops->e[k][i].ovr);
		}
		free(v->ops->e[k]);
	}
	free(v->ops);
	for (size_t i = 0; i < v->novr; i++) {
		free(v->ovr[i].var);
		free(v->ovr[i].ovr);
	}
	free(v->ovr);
	free(v->cache_raw);
	free(v->cache_val);
	bb_strvec_clear(&v->cache_removes);
	free(v->name);
	free(v);
}

void
bb_data_free(struct bb_data *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nslots; i++)
		if (d->slots[i])
			var_free(d->slots[i]);
	free(d->slots);
	bb_strvec_clear(&d->interned);
	bb_strvec_clear(&d->warnings);
	bb_strvec_clear(&d->reported);
	bb_strvec_clear(&d->overrides);
	free(d->ovrhash);
	bb_strvec_clear(&d->parsing);
	bb_error_clear(&d->err);
	free(d);
}

const char *
bb_data_error(struct bb_data *d)
{
	return d->err.msg ? d->err.msg : "";
}

void
bb_data_clear_error(struct bb_data *d)
{
	bb_error_clear(&d->err);
}

int
bb_data_fail(struct bb_data *d, const struct bb_loc *loc, const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	if (d->err.msg)
		return -1;
	if (loc && loc->file)
		bb_buf_addf(&b, "%s:%u: error: ", loc->file, loc->line);
	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	d->err.msg = bb_buf_detach(&b);
	return -1;
}

void
bb_data_warn(struct bb_data *d, const struct bb_loc *loc, const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	if (loc && loc->file)
		bb_buf_addf(&b, "%s:%u: warning: ", loc->file, loc->line);
	else
		bb_buf_addstr(&b, "warning: ");
	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	bb_strvec_push(&d->warnings, bb_buf_detach(&b));
}

void
bb_data_set_legacy_overrides(struct bb_data *d, bool legacy)
{
	d->sep = legacy ? '_' : ':';
}

size_t
bb_data_files_read(struct bb_data *d)
{
	return d->files_read;
}

size_t
bb_data_lines_read(struct bb_data *d)
{
	return d->lines_read;
}

void
bb_data_set_inherit_warn(struct bb_data *d, bool warn)
{
	d->inherit_warn = warn;
}

size_t
bb_data_nwarnings(struct bb_data *d)
{
	return d->warnings.n;
}

const char *
bb_data_warning(struct bb_data *d, size_t i)
{
	return i < d->warnings.n ? d->warnings.v[i] : NULL;
}

const char *
bb_data_intern(struct bb_data *d, const char *s)
{
	for (size_t i = d->interned.n; i-- > 0;)
		if (!strcmp(d->interned.v[i], s))
			return d->interned.v[i];
	bb_strvec_pushdup(&d->interned, s);
	return d->interned.v[d->interned.n - 1];
}

static size_t
slot_of(struct bb_data *d, const char *name, unsigned long h)
{
	size_t mask = d->nslots - 1;
	size_t i = h & mask;
	struct var *v;

	while ((v = d->slots[i]) && (v->hash != h || strcmp(v->name, name)))
		i = (i + 1) & mask;
	return i;
}

struct var *
data_find(struct bb_data *d, const char *name)
{
	return d->slots[slot_of(d, name, bb_hash(name, strlen(name)))];
}

static void
grow_table(struct bb_data *d)
{
	struct var **old = d->slots;
	size_t n = d->nslots;

	d->nslots *= 2;
	d->slots = xcalloc(d->nslots, sizeof(*d->slots));
	for (size_t i = 0; i < n; i++)
		if (old[i])
			d->slots[slot_of(d, old[i]->name, old[i]->hash)] = old[i];
	free(old);
}

struct var *
data_lookup(struct bb_data *d, const char *name)
{
	unsigned long h = bb_hash(name, strlen(name));
	size_t i = slot_of(d, name, h);
	struct var *v = d->slots[i];

	if (v)
		return v;
	v = xcalloc(1, sizeof(*v));
	v->name = xstrdup(name);
	v->hash = h;
	d->slots[i] = v;
	if (++d->nvars * 2 > d->nslots)
		grow_table(d);
	return v;
}

struct flag *
var_flag(struct var *v, const char *name)
{
	if (!v)
		return NULL;
	for (size_t i = 0; i < v->nflags; i++)
		if (v->flags[i].name[0] == name[0] && !strcmp(v->flags[i].name, name))
			return &v->flags[i];
	return NULL;
}

bool
var_empty(const struct var *v)
{
	return !v || (!v->nflags && !NOPS(v, OPS_APPEND) && !NOPS(v, OPS_PREPEND) &&
		      !NOPS(v, OPS_REMOVE));
}

void
data_changed(struct bb_data *d)
{
	d->gen++;
	d->ovr_valid = false;
}

/* takes val */
static void
flag_put(struct var *v, const char *name, char *val, const struct bb_loc *loc)
{
	struct flag *f = var_flag(v, name);

	if (!f) {
		if (v->nflags == v->aflags) {
			v->aflags = v->aflags ? v->aflags * 2 : 4;
			v->flags = xreallocarray(v->flags, v->aflags, sizeof(*v->flags));
		}
		f = &v->flags[v->nflags++];
		f->name = xstrdup(name);
	} else {
		free(f->val);
	}
	f->val = val;
	f->loc = loc ? *loc : (struct bb_loc){ NULL, 0 };
}

static void
flag_drop(struct var *v, const char *name)
{
	struct flag *f = var_flag(v, name);
	size_t i;

	if (!f)
		return;
	i = (size_t)(f - v->flags);
	free(f->name);
	free(f->val);
	memmove(f, f + 1, (v->nflags - i - 1) * sizeof(*f));
	v->nflags--;
}

static void
ops_clear(struct var *v, int k)
{
	for (size_t i = 0; i < NOPS(v, k); i++) {
		free(v->ops->e[k][i].val);
		free(v->ops->e[k][i].ovr);
	}
	if (v->ops)
		v->ops->n[k] = 0;
}

/* takes val */
static void
ops_add(struct var *v, int k, char *val, const char *ovr)
{
	struct varops *o = v->ops;

	if (!o)
		o = v->ops = xcalloc(1, sizeof(*o));
	if (o->n[k] == o->a[k]) {
		o->a[k] = o->a[k] ? o->a[k] * 2 : 4;
		o->e[k] = xreallocarray(o->e[k], o->a[k], sizeof(*o->e[k]));
	}
	o->e[k][o->n[k]].val = val;
	o->e[k][o->n[k]].ovr = ovr ? xstrdup(ovr) : NULL;
	o->n[k]++;
}

/* data_smart's __override_regexp__.match(): only the first character counts */
static bool
override_like(const char *o)
{
	return (*o >= 'a' && *o <= 'z') || (*o >= '0' && *o <= '9');
}

static unsigned
separators(const char *s, int sep)
{
	unsigned n = 0;

	while ((s = strchr(s, sep)))
		n++, s++;
	return n;
}

/* the level bit of var's entry with override o, or 0 past the bitmask */
static unsigned long
level_bit(struct bb_data *d, const char *o)
{
	unsigned k = separators(o, d->sep);

	return k < 8 * sizeof(unsigned long) ? 1UL << k : 0;
}

static void
ovr_add(struct bb_data *d, struct var *s, const char *var, const char *o)
{
	unsigned long bit = level_bit(d, o);
	struct var *v;

	s->in_ovrdata = true;
	if (bit) {
		v = data_lookup(d, var);
		if (v->ovr_levels & bit)
			return;
		v->ovr_levels |= bit;
	} else {
		for (size_t i = 0; i < s->novr; i++)
			if (!strcmp(s->ovr[i].var, var) && !strcmp(s->ovr[i].ovr, o))
				return;
	}
	if (s->novr == s->aovr) {
		s->aovr = s->aovr ? s->aovr * 2 : 4;
		s->ovr = xreallocarray(s->ovr, s->aovr, sizeof(*s->ovr));
	}
	s->ovr[s->novr].var = xstrdup(var);
	s->ovr[s->novr].ovr = xstrdup(o);
	s->novr++;
}

static void
ovr_forget(struct bb_data *d, const struct ovrent *e)
{
	struct var *v = data_find(d, e->var);

	if (v)
		v->ovr_levels &= ~level_bit(d, e->ovr);
}

static void
ovr_remove(struct bb_data *d, struct var *s, const char *var, const char *o)
{
	for (size_t i = 0; i < s->novr; i++) {
		if (strcmp(s->ovr[i].var, var) || strcmp(s->ovr[i].ovr, o))
			continue;
		ovr_forget(d, &s->ovr[i]);
		free(s->ovr[i].var);
		free(s->ovr[i].ovr);
		memmove(&s->ovr[i], &s->ovr[i + 1], (s->novr - i - 1) * sizeof(*s->ovr));
		s->novr--;
		return;
	}
}

static void
ovr_clear(struct bb_data *d, struct var *s)
{
	for (size_t i = 0; i < s->novr; i++) {
		ovr_forget(d, &s->ovr[i]);
		free(s->ovr[i].var);
		free(s->ovr[i].ovr);
	}
	s->novr = 0;
	s->in_ovrdata = false;
}

/*
 * walks the override suffixes of var as data_smart does ("A:x:y" registers
 * y on "A:x" and x:y on "A"); a name without ':' registers its last
 * character's prefix, a BitBake quirk kept for parity
 */
static void
ovr_walk(struct bb_data *d, const char *var, bool add)
{
	const char *c = strrchr(var, d->sep);
	size_t slen = c ? (size_t)(c - var) : (strlen(var) ? strlen(var) - 1 : 0);
	const char *o = c ? c + 1 : var;

	while (*o && override_like(o)) {
		char *shortvar = xstrndup(var, slen);
		struct var *s = add ? data_lookup(d, shortvar) : data_find(d, shortvar);

		if (add)
			ovr_add(d, s, var, o);
		else if (s && s->in_ovrdata)
			ovr_remove(d, s, var, o);
		c = NULL;
		for (size_t i = slen; i-- > 0;)
			if (var[i] == d->sep) {
				c = var + i;
				break;
			}
		free(shortvar);
		if (!c)
			break;
		o = c + 1;
		slen = (size_t)(c - var);
		if (!slen)
			break;
	}
}

/* a renamed variable is an error in BitBake (logged, parsing goes on) */
static void
check_renamed(struct bb_data *d, struct var *v, const char *var, const struct bb_loc *loc)
{
	size_t n = strcspn(var, ":");
	const char *to = NULL;
	char *shortvar;
	struct flag *f;

	if (var[n]) {
		shortvar = xstrndup(var, n);
		v = data_find(d, shortvar);
		free(shortvar);
	}
	if (!v || !v->renamed || !strcmp(v->name, "_FAILPARSINGERRORHANDLED"))
		return;
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++)
		if (!strcmp(renamed[i][0], v->name))
			to = renamed[i][1];
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

			if (strncmp(p + 1, kw[k], n - 1))
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
	return strncmp(var, "__anon_", 7) &&
	       (strstr(var, "_append") || strstr(var, "_prepend") || strstr(var, "_remove"));
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
	ovr_clear(d, v);
}

int
bb_data_set_take(struct bb_data *d, const char *var, char *val, bool parsing,
	const struct bb_loc *loc)
{
	const char *add;
	size_t blen;
	int k;
	struct var *v;

	if (d->sep == ':' && old_syntax(var)) {
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
		ops_add(v, k, val, add);
		ovr_walk(d, base, true);
		free(base);
		return 0;
	}
	v = data_lookup(d, var);
	check_renamed(d, v, var, loc);
	if (!parsing) {
		for (k = 0; k < OPS_N; k++)
			ops_clear(v, k);
		if (v->in_ovrdata)
			drop_active_overrides(d, v);
	}
	if (strchr(var, d->sep))
		ovr_walk(d, var, true);
	flag_put(v, "_content", val, loc);
	return 0;
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
	flag_put(v, flag, val, loc);
	if (!strcmp(flag, "_defaultval") && strchr(var, d->sep))
		ovr_walk(d, var, true);
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

void
bb_data_del(struct bb_data *d, const char *var)
{
	struct var *v = data_find(d, var);

	data_changed(d);
	if (v) {
		while (v->nflags)
			flag_drop(v, v->flags[v->nflags - 1].name);
		for (int k = 0; k < OPS_N; k++)
			ops_clear(v, k);
		ovr_clear(d, v);
	}
	if (strchr(var, d->sep))
		ovr_walk(d, var, false);
}

void
bb_data_del_flag(struct bb_data *d, const char *var, const char *flag)
{
	struct var *v = data_find(d, var);
	char *dflt;

	if (var_empty(v) || !var_flag(v, flag))
		return;
	data_changed(d);
	flag_drop(v, flag);
	dflt = xstrcat("_defaultval_flag_", flag, NULL);
	flag_drop(v, dflt);
	free(dflt);
}

int
bb_data_rename(struct bb_data *d, const char *key, const char *newkey)
{
	struct var *v, *nv;
	char *val = NULL;
	bool found = false;

	if (!strcmp(key, newkey))
		return 0;
	if (bb_data_get_flag(d, key, "_content", false, false, true, &val) < 0)
		return -1;
	v = data_find(d, key);
	if (val) {
		bb_data_set(d, newkey, val, true, bb_data_loc(d, key));
		found = true;
	}
	nv = data_lookup(d, newkey);
	v = data_find(d, key);
	for (int k = 0; v && k < OPS_N; k++) {
		for (size_t i = 0; i < NOPS(v, k); i++)
			ops_add(nv, k, xstrdup(v->ops->e[k][i].val), v->ops->e[k][i].ovr);
		found |= NOPS(v, k) > 0;
	}
	if (v && v->in_ovrdata) {
		struct bb_strvec olds = BB_STRVEC_INIT;

		found = true;
		ovr_clear(d, nv);
		nv->in_ovrdata = true;
		for (size_t i = 0; i < v->novr; i++) {
			char *nvar = xstrreplace(v->ovr[i].var, key, newkey);

			ovr_add(d, nv, nvar, v->ovr[i].ovr);
			free(nvar);
			bb_strvec_pushdup(&olds, v->ovr[i].var);
		}
		for (size_t i = 0; i < olds.n; i++) {
			char *nvar = xstrreplace(olds.v[i], key, newkey);

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
			ovr_walk(d, newkey, true);
		bb_data_del(d, key);
	}
	data_changed(d);
	free(val);
	return 0;
}

static int
cmpstrp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **
bb_data_keys(struct bb_data *d, size_t *n)
{
	const char **keys = xreallocarray(NULL, d->nvars + 1, sizeof(*keys));
	size_t k = 0;

	if (data_need_overrides(d) < 0)
		bb_data_clear_error(d);
	for (size_t i = 0; i < d->nslots; i++) {
		struct var *v = d->slots[i];
		bool active = false;

		if (!v)
			continue;
		for (size_t j = 0; j < v->novr && !active; j++)
			active = data_ovr_active(d, v->ovr[j].ovr);
		if (active || !var_empty(v))
			keys[k++] = v->name;
	}
	if (k > 1)
		qsort(keys, k, sizeof(*keys), cmpstrp);
	*n = k;
	return keys;
}

const char **
bb_data_flags(struct bb_data *d, const char *var, size_t *n)
{
	struct var *v = data_find(d, var);
	const char **names;
	size_t k = 0;

	*n = 0;
	if (!v || (v->nflags == 1 && !strcmp(v->flags[0].name, "_content")))
		return NULL;
	names = xreallocarray(NULL, v->nflags + 1, sizeof(*names));
	for (size_t i = 0; i < v->nflags; i++) {
		const char *name = v->flags[i].name;

		if (!strncmp(name, "_defaultval_flag_", 17)) {
			if (var_flag(v, name + 17))
				continue;
			name += 17;
		} else if (name[0] == '_' || name[0] == ':') {
			continue;
		}
		names[k++] = name;
	}
	if (k > 1)
		qsort(names, k, sizeof(*names), cmpstrp);
	*n = k;
	return names;
}

const struct bb_loc *
bb_data_loc(struct bb_data *d, const char *var)
{
	struct flag *f = var_flag(data_find(d, var), "_content");

	if (!f)
		f = var_flag(data_find(d, var), "_defaultval");
	return f && f->loc.file ? &f->loc : NULL;
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
		if (f && *f->val)
			bb_buf_addf(&b, " %s", f->val);
	} else {
		if (f && *f->val)
			bb_buf_addf(&b, "%s ", f->val);
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
	struct bb_strvec w = BB_STRVEC_INIT;
	bool has;

	if (!f)
		return false;
	bb_strvec_split(&w, f->val);
	has = bb_strvec_has(&w, word);
	bb_strvec_clear(&w);
	return has;
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
