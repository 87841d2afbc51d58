/* the few system calls bblang makes, and path helpers */
#ifndef BB_OS_H
#define BB_OS_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* Python's os.path.normpath; caller frees */
char *bb_path_norm(const char *path);
/* os.path.join(a, b); caller frees */
char *bb_path_join(const char *a, const char *b);
/* os.path.abspath; caller frees */
char *bb_path_abs(const char *path);
/* os.path.dirname; caller frees */
char *bb_path_dirname(const char *path);
bool bb_path_exists(const char *path);
bool bb_path_isfile(const char *path);
bool bb_path_isdir(const char *path);
/*
 * bb.utils.which: the first dir/item of the ':'-separated path that exists, made
 * absolute when relative; an absolute one is kept as joined, not normalized; caller frees
 */
char *bb_path_which(const char *path, const char *item);
/* mkdir -p of the directories above path (its dirname); 0, or -1 with errno set */
int bb_mkdir_parents(const char *path);
/* rm -rf dir; 0, or -1 with errno set (a missing dir is no error) */
int bb_rmtree(const char *dir);
/*
 * puts the directory tmp in place of dir at once: renameat2 RENAME_EXCHANGE
 * where the file system has it, else the old tree moved aside first, or a
 * plain rename when dir does not exist; the old tree is removed after
 */
int bb_dir_replace(const char *tmp, const char *dir, struct bb_error *err);
/* writes all of p[0..n) to fd, retrying on EINTR; 0, or -1 with errno set */
int bb_write_all(int fd, const void *p, size_t n);
/* reads a whole file (at most max bytes); returns 0 or an errno value; caller frees *text */
int bb_read_file(const char *path, size_t max, char **text, size_t *len);

#endif
