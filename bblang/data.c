#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

/* variables are never freed one by one: they come from chunks of 64 KiB (BB_ASAN: one each) */
struct var_chunk {
	struct var_chunk *next;
	_Alignas(max_align_t) unsigned char mem[];
};

/* 64 KiB with the chunk's and the block's heads */
enum { CHUNK = 65536 - 64 };

const char *
data_renamed_to(const char *name)
{
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++)
		if (!strcmp(renamed[i][0], name))
			return renamed[i][1];
	return NULL;
}

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

/* the flag names nearly every variable or function has: shared, never copied */
static const char *const common_flags[] = {
	"_content", "func", "python", "filename", "lineno", "export", "task", "deps",
	"doc", "_defaultval", "unexport", "dirs", "cleandirs", "vardeps", "vardepsexclude",
};

static char *
flag_name(const char *name)
{
	for (size_t i = 0; i < sizeof(common_flags) / sizeof(*common_flags); i++)
		if (name[0] == common_flags[i][0] && !strcmp(name, common_flags[i]))
			return (char *)common_flags[i];
	return xstrdup(name);
}

static void
flag_name_free(char *name)
{
	for (size_t i = 0; i < sizeof(common_flags) / sizeof(*common_flags); i++)
		if (name == common_flags[i])
			return;
	free(name);
}

static void
var_free(struct var *v)
{
	for (size_t i = 0; i < v->nflags; i++) {
		flag_name_free(v->flags[i].name);
		if (!v->flags[i].lent)
			free(v->flags[i].val);
	}
	if (v->flags != &v->flag0)
		free(v->flags);
	for (int k = 0; v->ops && k < OPS_N; k++) {
		for (size_t i = 0; i < v->ops->n[k]; i++) {
			free(v->ops->e[k][i].val);
			free(v->ops->e[k][i].ovr);
		}
		free(v->ops->e[k]);
	}
	free(v->ops);
	for (size_t i = 0; i < v->novr; i++)
		if (v->ovr[i].owned)
			free(v->ovr[i].var);	/* ovr is in the same block */
	free(v->ovr);
	free(v->cache_raw);
	free(v->cache_val);
	bb_strvec_clear(&v->cache_removes);
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
	while (d->chunks) {
		struct var_chunk *c = d->chunks;

		d->chunks = c->next;
		bb_block_free(c);
	}
	bb_blocks_free(d->kept, d->nkept);
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
	va_list ap;

	va_start(ap, fmt);
	bb_verror(&d->err, loc, fmt, ap);
	va_end(ap);
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

/* n zeroed bytes, aligned for a struct var */
static void *
var_alloc(struct bb_data *d, size_t n)
{
	struct var_chunk *c;

	n = (n + _Alignof(struct var) - 1) & ~(_Alignof(struct var) - 1);
	if (BB_ASAN || n > CHUNK / 4) {
		/* a huge name: a chunk of its own, behind the current one */
		c = bb_block_new(sizeof(*c) + n);
		memset(c, 0, sizeof(*c) + n);
		if (d->chunks) {
			c->next = d->chunks->next;
			d->chunks->next = c;
		} else {
			d->chunks = c;
		}
		return c->mem;
	}
	if (n > d->chunk_left) {
		/* not zeroed here: each variable is zeroed as it is cut */
		c = bb_block_new(sizeof(*c) + CHUNK);
		c->next = d->chunks;
		d->chunks = c;
		d->chunk_left = CHUNK;
	}
	d->chunk_left -= n;
	return memset(d->chunks->mem + CHUNK - d->chunk_left - n, 0, n);
}

struct var *
data_lookup(struct bb_data *d, const char *name)
{
	size_t n = strlen(name);
	unsigned long h = bb_hash(name, n);
	size_t i = slot_of(d, name, h);
	struct var *v = d->slots[i];

	if (v)
		return v;
	n++;
	v = var_alloc(d, sizeof(*v) + n);
	/* the name right after the variable: data_var_of_key relies on it */
	v->name = memcpy(v + 1, name, n);
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

const char *
var_value(struct var *v, const char *flag, bool noweak)
{
	static const char pre[] = "_defaultval_flag_";
	struct flag *f = var_flag(v, flag);

	if (f || noweak)
		return f ? f->val : NULL;
	if (!strcmp(flag, "_content") && (f = var_flag(v, "_defaultval")))
		return f->val;
	for (size_t i = 0; i < v->nflags; i++)
		if (v->flags[i].name[0] == '_' && !strncmp(v->flags[i].name, pre, sizeof(pre) - 1) &&
		    !strcmp(v->flags[i].name + sizeof(pre) - 1, flag))
			return v->flags[i].val;
	return NULL;
}

bool
var_empty(const struct var *v)
{
	return !v || (!v->nflags && NO_OPS(v));
}

void
data_changed(struct bb_data *d)
{
	d->gen++;
	d->ovr_valid = false;
}

void
data_keep(struct bb_data *d, char **blocks, size_t n)
{
	if (!n) {
		free(blocks);
		return;
	}
	if (!d->kept) {
		d->kept = blocks;
		d->nkept = n;
		return;
	}
	d->kept = xreallocarray(d->kept, d->nkept + n, sizeof(*d->kept));
	memcpy(d->kept + d->nkept, blocks, n * sizeof(*blocks));
	d->nkept += n;
	free(blocks);
}

void
var_flag_put(struct var *v, const char *name, char *val, const struct bb_loc *loc, bool lent)
{
	struct flag *f = var_flag(v, name);

	if (!f) {
		if (!v->aflags) {
			/* most variables have one flag, their value: in the variable */
			v->flags = &v->flag0;
			v->aflags = 1;
		} else if (v->nflags == v->aflags) {
			struct flag *old = v->flags != &v->flag0 ? v->flags : NULL;

			v->aflags = v->aflags < 4 ? 4 : v->aflags * 2;
			v->flags = xreallocarray(old, v->aflags, sizeof(*v->flags));
			if (!old)
				v->flags[0] = v->flag0;
		}
		f = &v->flags[v->nflags++];
		f->name = flag_name(name);
	} else if (!f->lent) {
		free(f->val);
	}
	f->val = val;
	f->lent = lent;
	f->loc = loc ? *loc : (struct bb_loc){ NULL, 0 };
}

void
var_flag_drop(struct var *v, const char *name)
{
	struct flag *f = var_flag(v, name);
	size_t i;

	if (!f)
		return;
	i = (size_t)(f - v->flags);
	flag_name_free(f->name);
	if (!f->lent)
		free(f->val);
	memmove(f, f + 1, (v->nflags - i - 1) * sizeof(*f));
	v->nflags--;
}

void
var_ops_clear(struct var *v, int k)
{
	for (size_t i = 0; i < NOPS(v, k); i++) {
		free(v->ops->e[k][i].val);
		free(v->ops->e[k][i].ovr);
	}
	if (v->ops)
		v->ops->n[k] = 0;
}

/* takes val */
void
var_ops_add(struct var *v, int k, char *val, const char *ovr)
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

/*
 * *full: var's own entry, looked up on first need; with copy the entry owns
 * a copy of var and o, else it points into full's name (o a suffix of var)
 */
static void
ovr_add(struct bb_data *d, struct var *s, const char *var, struct var **full, const char *o,
	bool copy)
{
	unsigned long bit = level_bit(d, o);
	struct ovrent *e;
	struct var *v;
	size_t n;

	s->in_ovrdata = true;
	if (bit) {
		if (!*full)
			*full = data_lookup(d, var);
		v = *full;
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
	e = &s->ovr[s->novr++];
	e->owned = copy;
	if (!copy) {
		if (!*full)
			*full = data_lookup(d, var);
		e->var = (*full)->name;
		e->ovr = e->var + (o - var);
		return;
	}
	/* one block: var, then o */
	n = strlen(var) + 1;
	e->var = xmalloc(n + strlen(o) + 1);
	memcpy(e->var, var, n);
	e->ovr = strcpy(e->var + n, o);
}

void
data_ovr_add(struct bb_data *d, struct var *s, const char *var, const char *o)
{
	struct var *full = NULL;

	ovr_add(d, s, var, &full, o, true);
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
		if (s->ovr[i].owned)
			free(s->ovr[i].var);
		memmove(&s->ovr[i], &s->ovr[i + 1], (s->novr - i - 1) * sizeof(*s->ovr));
		s->novr--;
		return;
	}
}

void
data_ovr_clear(struct bb_data *d, struct var *s)
{
	for (size_t i = 0; i < s->novr; i++) {
		ovr_forget(d, &s->ovr[i]);
		if (s->ovr[i].owned)
			free(s->ovr[i].var);
	}
	s->novr = 0;
	s->in_ovrdata = false;
}

/*
 * walks the override suffixes of var as data_smart does ("A:x:y" registers
 * y on "A:x" and x:y on "A"); a name without ':' registers its last
 * character's prefix, a BitBake quirk kept for parity
 */
void
data_ovr_walk(struct bb_data *d, const char *var, struct var *v, bool add)
{
	const char *c = strrchr(var, d->sep);
	size_t slen = c ? (size_t)(c - var) : (strlen(var) ? strlen(var) - 1 : 0);
	const char *o = c ? c + 1 : var;
	struct var *full = v;
	char buf[256];

	while (*o && override_like(o)) {
		char *shortvar = bb_strndup_in(buf, sizeof(buf), var, slen);
		struct var *s;

		s = add ? data_lookup(d, shortvar) : data_find(d, shortvar);
		if (add)
			ovr_add(d, s, var, &full, o, false);
		else if (s && s->in_ovrdata)
			ovr_remove(d, s, var, o);
		c = NULL;
		for (size_t i = slen; i-- > 0;)
			if (var[i] == d->sep) {
				c = var + i;
				break;
			}
		if (shortvar != buf)
			free(shortvar);
		if (!c)
			break;
		o = c + 1;
		slen = (size_t)(c - var);
		if (!slen)
			break;
	}
}

void
bb_data_del(struct bb_data *d, const char *var)
{
	struct var *v = data_find(d, var);

	data_changed(d);
	if (v) {
		while (v->nflags)
			var_flag_drop(v, v->flags[v->nflags - 1].name);
		for (int k = 0; k < OPS_N; k++)
			var_ops_clear(v, k);
		data_ovr_clear(d, v);
	}
	if (strchr(var, d->sep))
		data_ovr_walk(d, var, v, false);
}

void
bb_data_del_flag(struct bb_data *d, const char *var, const char *flag)
{
	struct var *v = data_find(d, var);
	char *dflt;

	if (var_empty(v) || !var_flag(v, flag))
		return;
	data_changed(d);
	var_flag_drop(v, flag);
	dflt = xstrcat("_defaultval_flag_", flag, NULL);
	var_flag_drop(v, dflt);
	free(dflt);
}

/*
 * v[0..n), whose names agree on their first depth bytes, in strcmp order: a
 * radix sort on the byte at depth (stable, through tmp), each bucket then on
 * the next byte; a short run by insertion
 */
static void
sort_names_from(const char **v, const char **tmp, size_t n, size_t depth)
{
	size_t count[256], pos[256], at = 0;
	unsigned lo = 255, hi = 0;

	if (n <= 16) {
		for (size_t i = 1; i < n; i++) {
			const char *x = v[i];
			size_t j = i;

			for (; j > 0 && strcmp(x + depth, v[j - 1] + depth) < 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	/* a byte all share needs no pass of its own */
	for (;;) {
		unsigned char c = (unsigned char)v[0][depth];
		size_t i = 1;

		while (i < n && (unsigned char)v[i][depth] == c)
			i++;
		if (i < n)
			break;
		if (!c)
			return;
		depth++;
	}
	/* names use few distinct bytes: only the buckets from lo to hi are walked */
	for (size_t i = 0; i < n; i++) {
		unsigned c = (unsigned char)v[i][depth];

		lo = c < lo ? c : lo;
		hi = c > hi ? c : hi;
	}
	memset(count + lo, 0, (hi - lo + 1) * sizeof(*count));
	for (size_t i = 0; i < n; i++)
		count[(unsigned char)v[i][depth]]++;
	for (unsigned b = lo; b <= hi; b++) {
		pos[b] = at;
		at += count[b];
	}
	for (size_t i = 0; i < n; i++)
		tmp[pos[(unsigned char)v[i][depth]]++] = v[i];
	memcpy(v, tmp, n * sizeof(*v));
	/* bucket 0: the names that end here, all equal */
	at = 0;
	for (unsigned b = lo; b <= hi; b++) {
		if (b && count[b] > 1)
			sort_names_from(v + at, tmp, count[b], depth + 1);
		at += count[b];
	}
}

/* strcmp order */
void
data_sort_names(const char **v, size_t n)
{
	/* a run of 16 or fewer is sorted by insertion, without tmp */
	const char **tmp = n > 16 ? xreallocarray(NULL, n, sizeof(*tmp)) : NULL;

	sort_names_from(v, tmp, n, 0);
	free(tmp);
}

const char **
bb_data_flags(struct bb_data *d, const char *var, size_t *n)
{
	return data_flags_of(data_find(d, var), n);
}

const char **
data_flags_of(struct var *v, size_t *n)
{
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
	data_sort_names(names, k);
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

