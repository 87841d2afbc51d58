/* datastore internals: the store (data.c), getVarFlag (getvar.c), setVar (setvar.c) */
#ifndef BB_DATA_INT_H
#define BB_DATA_INT_H

#include "buf.h"
#include "data.h"
#include "strvec.h"

enum { OPS_APPEND, OPS_PREPEND, OPS_REMOVE, OPS_N };

struct flag {
	char *name;
	char *val;
	struct bb_loc loc;
	/* val points into text the datastore keeps (data_keep): not freed with the flag */
	bool lent;
};

/* one :append/:prepend/:remove entry; ovr is NULL without an override */
struct opent {
	char *val;
	char *ovr;
};

/*
 * one overridedata entry: var is set when override ovr is active; owned:
 * var and ovr are one allocated block, else they point into var's own name
 */
struct ovrent {
	char *var;
	char *ovr;
	bool owned;
};

struct varops {
	struct opent *e[OPS_N];
	size_t n[OPS_N], a[OPS_N];
};

/* how many :append (:prepend, :remove) entries v has */
#define NOPS(v, k) ((v)->ops ? (v)->ops->n[k] : 0)
/* v has no :append, :prepend or :remove entry */
#define NO_OPS(v) (!NOPS(v, OPS_APPEND) && !NOPS(v, OPS_PREPEND) && !NOPS(v, OPS_REMOVE))

struct var {
	char *name;
	unsigned long hash;
	struct flag *flags;	/* &flag0 while there is room for one */
	struct flag flag0;
	struct varops *ops;	/* NULL until the first :append, :prepend or :remove */
	struct ovrent *ovr;
	/* bit k: this variable is listed in the overridedata of its prefix with k ':' fewer */
	unsigned long ovr_levels;
	/* expansion cache of the value, valid while cache_gen == d->gen */
	unsigned long cache_gen;
	char *cache_raw;
	char *cache_val;
	struct bb_strvec cache_removes;
	/* the counts together, then the bools: no padding between fields */
	unsigned nflags, aflags;
	unsigned novr, aovr;
	/* setting it is an error: BitBake renamed it (BB_RENAMED_VARIABLES) */
	bool renamed;
	bool in_ovrdata;
	bool cache_raw_set, cache_val_set, cache_uneval;
};

struct bb_data {
	struct var **slots;
	size_t nslots, nvars;
	struct bb_strvec interned;
	struct bb_error err;
	struct bb_strvec warnings;
	struct bb_strvec reported;
	/* OVERRIDES as a list, computed lazily (need_overrides) */
	struct bb_strvec overrides;
	const char **ovrhash;	/* open hash over overrides */
	size_t novrhash;
	bool ovr_valid, inoverride;
	unsigned long gen;
	unsigned depth;
	/* files being parsed, innermost last */
	struct bb_strvec parsing;
	bool inherit_warn;
	/* the override separator: ':', or '_' for metadata older than BitBake 1.52 */
	char sep;
	size_t files_read, lines_read;
	/* BB_RENAMED_VARIABLES, once it has flags */
	struct var *renames;
	/* where the statement being evaluated is, for reports */
	struct bb_loc cur;
	/* the variables (and their names) live in chunks freed with d */
	struct var_chunk *chunks;
	size_t chunk_left;
	/* blocks of statement text values point into, freed with d */
	char **kept;
	size_t nkept;
};

/* the entry of a name bb_data_keys returned: a variable's own name is stored right after it */
static inline struct var *
data_var_of_key(const char *key)
{
	return (struct var *)(void *)key - 1;
}

/* data.c: the variable table */
struct var *data_find(struct bb_data *d, const char *name);
/* finds or adds name */
struct var *data_lookup(struct bb_data *d, const char *name);
struct flag *var_flag(struct var *v, const char *name);
/* the flag's own value (v may be NULL), or its weak default unless noweak; owned by v */
const char *var_value(struct var *v, const char *flag, bool noweak);
bool var_empty(const struct var *v);
/* takes val; with lent, val lives in a block d keeps and is pointed to, not taken */
void var_flag_put(struct var *v, const char *name, char *val, const struct bb_loc *loc,
	bool lent);
/* takes the n blocks of text (and the array): freed with d */
void data_keep(struct bb_data *d, char **blocks, size_t n);
void var_flag_drop(struct var *v, const char *name);
/* the :append (:prepend, :remove) entries of v: k is OPS_*; takes val */
void var_ops_add(struct var *v, int k, char *val, const char *ovr);
void var_ops_clear(struct var *v, int k);
/* the overridedata of s: var (an override of s) is set when override o is active */
void data_ovr_add(struct bb_data *d, struct var *s, const char *var, const char *o);
void data_ovr_clear(struct bb_data *d, struct var *s);
/*
 * var (containing the separator) added to or dropped from its prefixes'
 * overridedata; v: var's own entry when the caller has it, else NULL
 */
void data_ovr_walk(struct bb_data *d, const char *var, struct var *v, bool add);
/* every cached value is stale */
void data_changed(struct bb_data *d);
/* what BitBake renamed name to: NULL when it is gone or was never renamed */
const char *data_renamed_to(const char *name);
/* sorts names bytewise */
void data_sort_names(const char **v, size_t n);

/* getvar.c: OVERRIDES as a list, evaluated when it is stale */
int data_need_overrides(struct bb_data *d);
/* whether every part of override o is in OVERRIDES */
bool data_ovr_active(struct bb_data *d, const char *o);
/* setVar of a value in a block d keeps (data_keep): pointed to, not copied */
int data_set_lent(struct bb_data *d, const char *var, const char *val, const struct bb_loc *loc);

/*
 * an expanded value without a copy: *view stays valid until the datastore
 * changes or expands anything else; *owned is what the caller frees (may be NULL);
 * 1 when the value holds inline python left unevaluated
 */
int data_get_view(struct bb_data *d, const char *var, const char *flag, const char **view,
	char **owned);
/* the same for var's entry v (NULL: it is looked up) */
int data_get_view_of(struct bb_data *d, struct var *v, const char *var, const char *flag,
	const char **view, char **owned);
/* bb_data_flags of var's entry v (may be NULL) */
const char **data_flags_of(struct var *v, size_t *n);

#endif
