/*
 * the BitBake language: conf files (ConfHandler) and recipes, classes and
 * .inc files (BBHandler), parsed into statements and evaluated into a datastore
 */
#ifndef BB_PARSE_H
#define BB_PARSE_H

#include <stdbool.h>

#include "assign.h"
#include "data.h"

enum bb_stmt_kind {
	BB_ST_DATA,
	BB_ST_INCLUDE,
	BB_ST_REQUIRE,
	BB_ST_INCLUDE_ALL,
	BB_ST_EXPORT,
	BB_ST_UNSET,
	BB_ST_UNSET_FLAG,
	BB_ST_ADDFRAGMENTS,
	BB_ST_METHOD,
	BB_ST_PYMETHOD,
	BB_ST_EXPORT_FUNCS,
	BB_ST_ADDTASK,
	BB_ST_DELTASK,
	BB_ST_ADDHANDLER,
	BB_ST_INHERIT,
	BB_ST_INHERIT_DEFER,
	BB_ST_ADDPYLIB,
};

/* one statement; the meaning of the strings depends on kind */
struct bb_stmt {
	enum bb_stmt_kind kind;
	enum bb_op op;
	unsigned line;
	char *var;	/* DATA, EXPORT, UNSET*: variable; METHOD: function name */
	char *flag;	/* DATA, UNSET_FLAG: flag name or NULL */
	char *value;	/* DATA: value; INCLUDE*, INHERIT*, ...: the argument; METHOD: body;
			   ADDPYLIB: the directory */
	char *extra[3];	/* ADDTASK: before, after; ADDFRAGMENTS: the other three words;
			   ADDPYLIB: the namespace */
	bool exported, python, fakeroot;
	unsigned body_line;	/* METHOD: line of the first body line */
};

struct bb_stmts {
	struct bb_stmt *v;
	size_t n, alloc;
	const char *file;	/* interned */
	char *classname;	/* .bbclass: the class name */
	/* the statements' strings live in these chunks; hint: the first one's size */
	char **chunks;
	size_t nchunks, used, room, hint;
};

/* the same with the pattern itself (PCRE2), for tests */
bool bb_assign_match_re(const char *line, struct bb_assign *a);

/* parses text (len bytes) of file as a conf file (recipe false) or a recipe/class/.inc */
int bb_parse_text(struct bb_data *d, const char *file, const char *text, size_t len,
	bool recipe, struct bb_stmts *out);
/* the same with text[len] a NUL-terminated buffer it takes */
int bb_parse_buf(struct bb_data *d, const char *file, char *text, size_t len, bool recipe,
	struct bb_stmts *out);
void bb_stmts_release(struct bb_stmts *st);

/*
 * evaluates statements into d, which takes their text (values point into it);
 * st is released afterwards as before
 */
int bb_stmts_eval(struct bb_data *d, struct bb_stmts *st);

/*
 * parses and evaluates one file as BitBake's include would (FILE set while
 * it is evaluated, restored after); the handler is chosen by extension
 */
int bb_parse_file(struct bb_data *d, const char *path);

/*
 * a recipe as BBHandler.handle parses it at the top (not included): FILE
 * is set to it and stays
 */
int bb_parse_recipe(struct bb_data *d, const char *path);
/* ast.finalize: inherits each class of __BBDEFINHERITS (inherit_defer), in order */
int bb_inherit_deferred(struct bb_data *d);

/* bb.data.expandKeys: renames keys containing ${...} to their expansion */
int bb_data_expand_keys(struct bb_data *d);

/* the datastore dump in the conformance format (flags: with -f; expand: without -u) */
struct bb_buf;
struct bb_dump_opts {
	bool flags;
	bool expand;
	const char *const *only;	/* NULL-terminated, or NULL for all */
	const char *const *exclude;	/* NULL-terminated, or NULL */
	/* when set, called with whole records whenever out holds 32 KiB, which it then empties */
	void (*flush)(struct bb_buf *out, void *ctx);
	void *ctx;
};
void bb_dump(struct bb_data *d, const struct bb_dump_opts *o, struct bb_buf *out);

#endif
