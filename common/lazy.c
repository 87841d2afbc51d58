#include <dlfcn.h>

#include "common/lazy.h"

int
lazy_load(void **lib, const char *soname, const char *what, const struct lazy_sym *syms,
	  size_t n, void *api, struct bb_error *err)
{
	if (!(*lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL)))
		return bb_error(err, NULL, "cannot load %s: %s", what, dlerror());
	for (size_t i = 0; i < n; i++) {
		void *p = dlsym(*lib, syms[i].name);

		if (!p) {
			bb_error(err, NULL, "%s has no '%s'", what, syms[i].name);
			dlclose(*lib);
			*lib = NULL;
			return -1;
		}
		/* POSIX: a data pointer from dlsym converts to a function pointer */
		*(void **)((char *)api + syms[i].off) = p;
	}
	return 0;
}
