/*
 * helpers shared by the cmocka tests: fixture paths, temporary file trees,
 * parsing a string into a fresh datastore, a command line as one string
 *
 * Tests read fixtures below $TEST_DATADIR and write only below the
 * directories test_tmpdir() makes; test_rmtree() removes one again.
 */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bblang/data.h"

struct bb_strvec;

/* $TEST_DATADIR/rel made absolute; fails the test when TEST_DATADIR is unset; caller frees */
char *test_datapath(const char *rel);
/* a new mkdtemp directory below $TMPDIR (or /tmp); caller frees the name */
char *test_tmpdir(void);
/* removes dir and everything below it */
void test_rmtree(const char *dir);
/* writes dir/name (making the directories of name); returns the path, caller frees */
char *test_write(const char *dir, const char *name, const char *text);
/* writes several files: name, text, name, text, ..., NULL */
void test_write_tree(const char *dir, ...);
/* reads a whole file; NULL when it does not exist; caller frees */
char *test_read(const char *path);

/* a datastore and the temporary directory its files were written to */
struct test_ctx {
	struct bb_data *d;
	char *dir;
};

/* a fresh datastore and temporary directory */
void test_ctx_init(struct test_ctx *t);
/* frees the datastore and removes the directory */
void test_ctx_release(struct test_ctx *t);
/* a cmocka teardown for a heap-allocated struct test_ctx in *state */
int test_ctx_teardown(void **state);
/* writes text as t->dir/name and runs bb_parse_file on it; returns its result */
int test_parse(struct test_ctx *t, const char *name, const char *text);
/* as test_parse, but the parse must succeed (the error message is shown if not) */
void test_parse_ok(struct test_ctx *t, const char *name, const char *text);
/* bb_data_error() with every "t->dir/" replaced by "@DIR@/"; caller frees */
char *test_error(struct test_ctx *t);
/* asserts test_error(t) */
void test_check_error(struct test_ctx *t, const char *want, const char *file, int line);
/* s with every occurrence of from replaced by to; caller frees */
char *test_replace(const char *s, const char *from, const char *to);
/* the words of v joined by spaces (a command line to compare); caller frees */
char *test_join(const struct bb_strvec *v);

/* the expanded value (NULL when unset); the get must succeed; caller frees */
char *test_get(struct bb_data *d, const char *var);
/* the unexpanded value, likewise */
char *test_get_raw(struct bb_data *d, const char *var);
/* the expanded flag value, likewise */
char *test_get_flag(struct bb_data *d, const char *var, const char *flag);

/* compares a string that may be NULL with an expected one (NULL: must be unset) */
void test_check_str(const char *got, const char *want, const char *what, const char *file,
	int line);
/* asserts the expanded value of var; want NULL means unset */
void test_check_var(struct bb_data *d, const char *var, const char *want, const char *file,
	int line);
void test_check_raw(struct bb_data *d, const char *var, const char *want, const char *file,
	int line);
void test_check_flag(struct bb_data *d, const char *var, const char *flag, const char *want,
	const char *file, int line);
/* asserts names[0..n) joined by spaces */
void test_check_names(const char **names, size_t n, const char *want, const char *file,
	int line);

#define assert_var(d, var, want) test_check_var((d), (var), (want), __FILE__, __LINE__)
#define assert_raw(d, var, want) test_check_raw((d), (var), (want), __FILE__, __LINE__)
#define assert_flag(d, var, flag, want) \
	test_check_flag((d), (var), (flag), (want), __FILE__, __LINE__)
#define assert_names(names, n, want) test_check_names((names), (n), (want), __FILE__, __LINE__)
#define assert_error(t, want) test_check_error((t), (want), __FILE__, __LINE__)

#endif
