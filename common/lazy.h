/*
 * a shared library loaded on first use, its functions looked up into the
 * fields of a struct of function pointers (common/xmlapi.c, runner/profile/la.c)
 */
#ifndef COMMON_LAZY_H
#define COMMON_LAZY_H

#include <stddef.h>

#include "bblang/util.h"

struct lazy_sym {
	const char *name;
	size_t off;	/* of its field in the struct */
};

/*
 * dlopen(soname) and each of syms[0..n) into api; 0, or -1 with err set
 * ("cannot load WHAT: ...", "WHAT has no 'NAME'") and the library closed
 */
int lazy_load(void **lib, const char *soname, const char *what, const struct lazy_sym *syms,
	      size_t n, void *api, struct bb_error *err);

#endif
