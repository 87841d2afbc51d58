#include <dlfcn.h>

#include "common/lazy.h"

void *
lazy_api(struct lazy_lib *l, void *api, struct bb_error *err)
{
	if (l->handle)
		return api;
	if (!(l->handle = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL))) {
		bb_error(err, NULL, "cannot load %s: %s", l->what, dlerror());
		return NULL;
	}
	for (size_t i = 0; i < l->n; i++) {
		void *p = dlsym(l->handle, l->syms[i].name);

		if (!p) {
			bb_error(err, NULL, "%s has no '%s'", l->what, l->syms[i].name);
			dlclose(l->handle);
			l->handle = NULL;
			return NULL;
		}
		/* POSIX: a data pointer from dlsym converts to a function pointer */
		*(void **)((char *)api + l->syms[i].off) = p;
	}
	return api;
}
