/*
 * templates: recipe text with the generator's own substitutions
 *
 *   @{NAME}          the value of NAME (an unset NAME is an error)
 *   @@{              a literal "@{"
 *   @{if COND}       on a line of its own (blanks around it allowed): the
 *   @{else}          lines up to the matching @{else} or @{endif} are kept
 *   @{endif}         only when COND holds; blocks nest
 *
 * COND is NAME (true when the value is neither empty nor "0"), !NAME,
 * NAME == WORD or NAME != WORD; WORD is a run of non-blanks or "a quoted string".
 * A directive line is dropped whole, newline included. Every NAME a template
 * mentions must be set, also in blocks that are not kept, so that a typo
 * shows whatever the configuration.
 *
 * 1. tmpl_compile() once per template (syntax errors come out here).
 * 2. tmpl_render() against a lookup callback, as often as needed.
 * 3. tmpl_free().
 *
 * Errors are "NAME:LINE: error: text" in a struct bb_error; nothing is printed.
 */
#ifndef GEN_TMPL_H
#define GEN_TMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "bblang/buf.h"
#include "bblang/util.h"

struct tmpl;
struct tmpl_cond;

/*
 * looks up a variable: returns 0 with *val the value (the caller frees it)
 * or NULL when the variable is unset; or -1 with a message in why, which gets
 * the template's "NAME:LINE: error: " unless it has a "file:line: error: " of its own
 */
typedef int tmpl_lookup_fn(void *ctx, const char *name, char **val, struct bb_error *why);

/* compiles text (len bytes); name is used in messages; NULL on error */
struct tmpl *tmpl_compile(const char *name, const char *text, size_t len, struct bb_error *err);
/* the same, counting the first line of text as line (an attribute in a bigger file) */
struct tmpl *tmpl_compile_at(const char *name, unsigned line, const char *text, size_t len,
	struct bb_error *err);
void tmpl_free(struct tmpl *t);

/* appends the rendered text to out; out NULL only checks the names; 0 or -1 */
int tmpl_render(const struct tmpl *t, tmpl_lookup_fn *fn, void *ctx, struct bb_buf *out,
	struct bb_error *err);

/* a condition on its own (the manifest's if=); name and line are used in messages */
struct tmpl_cond *tmpl_cond_compile(const char *name, unsigned line, const char *text,
	struct bb_error *err);
void tmpl_cond_free(struct tmpl_cond *c);
/* evaluates c into *res; 0 or -1 */
int tmpl_cond_eval(const struct tmpl_cond *c, tmpl_lookup_fn *fn, void *ctx, bool *res,
	struct bb_error *err);

#endif
