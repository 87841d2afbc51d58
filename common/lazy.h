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

/* a library and what to look up in it; handle is NULL until it is loaded */
struct lazy_lib {
	const char *soname, *what;
	const struct lazy_sym *syms;
	size_t n;
	void *handle;
};

/*
 * api, with each of l's syms looked up into it when l is not loaded yet
 * (dlopen(soname)); NULL with err set ("cannot load WHAT: ...", "WHAT has
 * no 'NAME'") and the library closed, to be tried again on the next call
 */
void *lazy_api(struct lazy_lib *l, void *api, struct bb_error *err);

/* defines const struct TYPE *NAME(struct bb_error *err): lazy_api() of lib into a struct TYPE */
#define LAZY_API(type, name, lib) \
	const struct type * \
	name(struct bb_error *err) \
	{ \
		static struct type api; \
		\
		return lazy_api(&(lib), &api, err); \
	}

#endif
