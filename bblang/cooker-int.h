/* cooker internals shared by cooker.c (layers), collections.c and providers.c (recipes) */
#ifndef BB_COOKER_INT_H
#define BB_COOKER_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "cooker.h"

struct bb_cooker {
	struct bb_data *d;
	char *topdir;
	char *mc;		/* the multiconfig, NULL for the default */
	bool compat_warn;
	char *pending;		/* the layer being written, absolute; NULL for none */
	struct bb_layer *layers;
	size_t nlayers;
	/* in BBFILE_COLLECTIONS order; re[i] is the compiled pattern of colls[i] */
	struct bb_collection *colls;
	pcre2_code **re;
	size_t ncolls;
	/* indices into colls, longest pattern first (CookerCollectFiles) */
	size_t *byprio;
	struct bb_strvec files, appends;
	struct bb_recipe *recipes;
	size_t nrecipes;
};

/* d.getVar(var) expanded; *out NULL when unset; -1 on an expansion error */
int cooker_get(struct bb_cooker *c, const char *var, char **out);
/* the same for "PREFIX_NAME" */
int cooker_getf(struct bb_cooker *c, const char *prefix, const char *name, char **out);
/* get_words: the words of var's expanded value appended to out */
int cooker_words(struct bb_cooker *c, const char *var, struct bb_strvec *out);
/* frees the collections (bb_cooker_collections() makes them again) */
void cooker_free_collections(struct bb_cooker *c);
/* compiles a Python regular expression (as re.compile); NULL when invalid */
pcre2_code *cooker_regex(const char *pattern);
/* re.match (anchored at the start) or re.search */
bool cooker_regex_match(pcre2_code *re, const char *s, bool anchored);

#endif
