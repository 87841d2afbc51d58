/*
 * the datastore: variables, flags, overrides, :append/:prepend/:remove,
 * with BitBake's getVar semantics (lib/bb/data_smart.py)
 *
 * 1. bb_data_new() makes an empty store.
 * 2. bb_parse_file() (parse.h) or bb_data_set*() fill it.
 * 3. bb_data_get*() read values, expanding ${VAR} and supported ${@...}.
 * 4. bb_data_free() releases everything.
 *
 * Functions returning int give 0 on success and -1 on error; the message is
 * then in bb_data_error(). Strings returned through char ** are the caller's.
 */
#ifndef BB_DATA_H
#define BB_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct bb_data;

struct bb_data *bb_data_new(void);
void bb_data_free(struct bb_data *d);

/* the last error message, or "" */
const char *bb_data_error(struct bb_data *d);
void bb_data_clear_error(struct bb_data *d);
/* sets the error (if none is set yet) and returns -1 */
int bb_data_fail(struct bb_data *d, const struct bb_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* warnings collected so far, "file:line: warning: ..." each; owned by d */
size_t bb_data_nwarnings(struct bb_data *d);
const char *bb_data_warning(struct bb_data *d, size_t i);
void bb_data_warn(struct bb_data *d, const struct bb_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* the '_' override syntax of metadata for BitBake before 1.52 (OE-core before 3.4) */
void bb_data_set_legacy_overrides(struct bb_data *d, bool legacy);

/* a class that cannot be found: a warning (true) or an error (false, the default) */
void bb_data_set_inherit_warn(struct bb_data *d, bool warn);

/* how many files and physical lines the parser has read into d */
size_t bb_data_files_read(struct bb_data *d);
size_t bb_data_lines_read(struct bb_data *d);

/* interns a file name; the result lives as long as d */
const char *bb_data_intern(struct bb_data *d, const char *s);

/* setVar: parsing keeps existing :append/:prepend/:remove (as the parser does) */
int bb_data_set(struct bb_data *d, const char *var, const char *val, bool parsing,
	const struct bb_loc *loc);
int bb_data_set_flag(struct bb_data *d, const char *var, const char *flag, const char *val,
	const struct bb_loc *loc);
/* the same, taking val (a malloc'd string) */
int bb_data_set_take(struct bb_data *d, const char *var, char *val, bool parsing,
	const struct bb_loc *loc);
int bb_data_set_flag_take(struct bb_data *d, const char *var, const char *flag, char *val,
	const struct bb_loc *loc);
void bb_data_del(struct bb_data *d, const char *var);
void bb_data_del_flag(struct bb_data *d, const char *var, const char *flag);
/* renameVar, as bb.data.expandKeys uses it */
int bb_data_rename(struct bb_data *d, const char *from, const char *to);

/* getVarFlag; *out is NULL when unset; flag "_content" is the value */
int bb_data_get_flag(struct bb_data *d, const char *var, const char *flag, bool expand,
	bool noweakdefault, bool parsing, char **out);
int bb_data_get(struct bb_data *d, const char *var, bool expand, char **out);
/* var[flag] expanded, as bb_data_get_flag; 1 (with *out set) when *out holds
   inline python that was left unevaluated, or text built from it */
int bb_data_get_checked(struct bb_data *d, const char *var, const char *flag, char **out);
/* expands a string; varname (may be NULL) is used for self-reference checks */
int bb_data_expand(struct bb_data *d, const char *s, const char *varname, char **out);

/* var[flag] as it was set, neither expanded nor copied, as getVarFlag(var, flag,
   False) gives it; NULL when unset or flag is _content; valid until d changes */
const char *bb_data_flag_raw(struct bb_data *d, const char *var, const char *flag);
/* the keys the datastore iterates, sorted bytewise; caller frees the array, not the names */
const char **bb_data_keys(struct bb_data *d, size_t *n);
/* the same, only the keys that hold part */
const char **bb_data_keys_with(struct bb_data *d, const char *part, size_t *n);
/* user flag names of var, sorted; caller frees the array, not the names */
const char **bb_data_flags(struct bb_data *d, const char *var, size_t *n);
/* where var was last assigned, or NULL */
const struct bb_loc *bb_data_loc(struct bb_data *d, const char *var);

/* a list-valued variable (__BBTASKS, a task's deps): words joined by spaces */
int bb_data_list_add(struct bb_data *d, const char *var, const char *flag, const char *word,
	bool front);
bool bb_data_list_has(struct bb_data *d, const char *var, const char *flag, const char *word);
void bb_data_list_remove(struct bb_data *d, const char *var, const char *flag, const char *word);

#endif
