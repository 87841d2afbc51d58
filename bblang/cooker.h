/*
 * the cooker: a build directory read the way BitBake's cooker reads it
 * (lib/bb/cookerdata.py, lib/bb/cooker.py, lib/bb/providers.py)
 *
 * 1. bb_cooker_new(d, topdir): the build directory (TOPDIR); d may already
 *    hold values (presets, a caller's defaults).
 * 2. bb_cooker_parse_layers(): parseConfigurationFiles up to bitbake.conf:
 *    BB_CURRENT_MC (empty: the default configuration), TOPDIR,
 *    conf/bblayers.conf, then each layer of BBLAYERS in order: its
 *    conf/layer.conf with LAYERDIR and LAYERDIR_RE set, every reference to
 *    them made literal afterwards (expandVarref); LAYERSERIES_COMPAT_* and
 *    LAYERSERIES_CORENAMES (the first layer's that sets it) as BitBake sets
 *    them; BBFILES_DYNAMIC; the checks on collections and series.
 *    bb_cooker_set_mc() before it names the multiconfig (BB_CURRENT_MC, so
 *    that OE-core's bitbake.conf reads conf/multiconfig/MC.conf).
 *    __bbclasstype is "global" from here on.
 * 3. bb_cooker_parse_base(): conf/bitbake.conf found through BBPATH (and
 *    what it includes: local.conf, machine, distro), then "base" and the
 *    INHERIT classes (classes-global/, then classes/); __bbclasstype is
 *    "recipe" afterwards. A caller that reads only the user's conf files
 *    instead uses bb_cooker_include(), what bitbake.conf's "include
 *    conf/local.conf" does (conf/site.conf, conf/auto.conf, conf/local.conf).
 * 4. bb_cooker_collections(): handleCollections: each BBFILE_COLLECTIONS
 *    entry's BBFILE_PATTERN and BBFILE_PRIORITY (computed from
 *    LAYERDEPENDS/LAYERRECOMMENDS when unset); bb_cooker_collection() and
 *    bb_cooker_priority() read them.
 * 5. bb_cooker_collect(): collect_bbfiles: BBFILES (sorted by the priority
 *    of each entry), globbed, BBMASK applied.
 * 6. bb_cooker_provider(): findBestProvider for one PN.
 * 7. bb_cooker_parse_recipe(): a recipe on the base configuration, as
 *    _parse_recipe and BBHandler do (the datastore is not copied: one
 *    recipe per cooker).
 * 8. bb_cooker_free().
 *
 * The functions returning int give 0, or -1 with "file:line: error: ..." in
 * bb_data_error(d); what BitBake only warns about goes to bb_data_warn(d).
 * Nothing is printed.
 *
 * Differences from BitBake: no event handler runs (ConfigParsed and the
 * others are python), nor does a recipe's anonymous python; for the
 * provider choice recipes are not parsed, so a recipe's PN and PV
 * come from its file name (PN_PV.bb, as OE-core's bitbake.conf sets them
 * unless the recipe does), PE is empty, PR "r0" and DEFAULT_PREFERENCE 0;
 * the keys of the datastore are not expanded before PREFERRED_VERSION is
 * read; a directory in BBFILES is walked in sorted order.
 */
#ifndef BB_COOKER_H
#define BB_COOKER_H

#include <stdbool.h>
#include <stddef.h>

#include "data.h"
#include "strvec.h"

struct bb_cooker;

/* one entry of BBLAYERS */
struct bb_layer {
	char *dir;			/* as listed, without a trailing '/' */
	struct bb_strvec collections;	/* the names its layer.conf added to BBFILE_COLLECTIONS */
};

/* one entry of BBFILE_COLLECTIONS, after bb_cooker_collections() */
struct bb_collection {
	char *name;
	char *pattern;		/* BBFILE_PATTERN_<name> */
	int priority;		/* BBFILE_PRIORITY_<name>, or the computed one */
	const char *layer;	/* the dir of the layer that added it, or NULL */
};

/* a recipe file and what its name says */
struct bb_recipe {
	const char *file;	/* as globbed from BBFILES */
	char *pn, *pv;		/* PN_PV.bb (PN_PV_PR.bb); pv is "1.0" when absent */
	int priority;		/* of the collection whose pattern matches the file, else 0 */
	const char *collection;	/* its name, or NULL */
};

/* the cooker of d (which it does not own) for the build directory topdir */
struct bb_cooker *bb_cooker_new(struct bb_data *d, const char *topdir);
void bb_cooker_free(struct bb_cooker *c);

/*
 * a layer whose LAYERSERIES_COMPAT has none of LAYERSERIES_CORENAMES: an
 * error as in BitBake (false, the default) or a warning (true)
 */
void bb_cooker_set_compat_warn(struct bb_cooker *c, bool warn);

/*
 * data.inheritFromOS before anything is parsed: the variables of envp
 * (NULL-terminated "NAME=value") that BitBake lets through
 * (approved_variables: BB_ENV_PASSTHROUGH, BB_ENV_PASSTHROUGH_ADDITIONS,
 * BB_PRESERVE_ENV), those of preserved_envvars_exported exported
 */
void bb_cooker_env(struct bb_cooker *c, const char *const *envp);
/* the same into a datastore without a cooker (conf files given one by one) */
void bb_data_inherit_env(struct bb_data *d, const char *const *envp);

/* the datastore the cooker reads into */
struct bb_data *bb_cooker_data(const struct bb_cooker *c);

/*
 * dir, a layer being written (pgo-gen's -o): a BBLAYERS entry naming it while
 * nothing exists there is left out rather than an error, so that the layer
 * can be named in bblayers.conf before it is first written; before
 * bb_cooker_parse_layers()
 */
void bb_cooker_set_pending_layer(struct bb_cooker *c, const char *dir);

/* the multiconfig mc ("" or NULL: the default), before bb_cooker_parse_layers() */
void bb_cooker_set_mc(struct bb_cooker *c, const char *mc);
const char *bb_cooker_mc(const struct bb_cooker *c);

/* TOPDIR, conf/bblayers.conf and every layer's conf/layer.conf (step 2) */
int bb_cooker_parse_layers(struct bb_cooker *c);
/* the layers of BBLAYERS in order, after bb_cooker_parse_layers(); owned by c */
size_t bb_cooker_nlayers(const struct bb_cooker *c);
const struct bb_layer *bb_cooker_layer(const struct bb_cooker *c, size_t i);

/*
 * "include FILE" as a conf file says it: FILE (relative) is looked up along
 * BBPATH and parsed when found; a file that does not exist is no error
 */
int bb_cooker_include(struct bb_cooker *c, const char *file);

/* the collections, their patterns and priorities (step 4) */
int bb_cooker_collections(struct bb_cooker *c);
/* a collection by name (after bb_cooker_collections()), or NULL; owned by c */
const struct bb_collection *bb_cooker_collection(const struct bb_cooker *c, const char *name);
/* calc_bbfile_priority: the collection whose pattern matches file (longest pattern first), or NULL */
const struct bb_collection *bb_cooker_file_collection(const struct bb_cooker *c,
	const char *file);

/* the .bb and .bbappend files of BBFILES, BBMASK applied (step 5) */
int bb_cooker_collect(struct bb_cooker *c);
/* the recipe files, in BitBake's order; owned by c */
size_t bb_cooker_nrecipes(const struct bb_cooker *c);
const struct bb_recipe *bb_cooker_recipe(const struct bb_cooker *c, size_t i);

/*
 * findBestProvider for pn among the collected recipes: the one that
 * REQUIRED_VERSION or PREFERRED_VERSION (":pn-PN", "_PN" or plain; a
 * trailing '%' matches any version that starts with the rest) names, in the
 * highest priority that has it; else the highest version of the highest
 * priority. *out is NULL when no recipe has that PN, or when
 * REQUIRED_VERSION names a version there is not (then -1). *out is owned by c.
 */
int bb_cooker_provider(struct bb_cooker *c, const char *pn, const struct bb_recipe **out);

/* bitbake.conf through BBPATH, base and INHERIT (step 3), after bb_cooker_parse_layers() */
int bb_cooker_parse_base(struct bb_cooker *c);

/*
 * whether the bbappend append applies to the recipe file recipe (paths or
 * names), as cooker.py's get_file_appends decides it: the same name with
 * .bb for .bbappend, or "%" in the bbappend's name standing for the rest
 * of the recipe's
 */
bool bb_append_matches(const char *append, const char *recipe);

/*
 * get_file_appends: the bbappends of the collected files (bb_cooker_collect())
 * that apply to the recipe file, in BBFILES order, appended to out
 */
void bb_cooker_appends(const struct bb_cooker *c, const char *file, struct bb_strvec *out);

/*
 * the recipe file (after bb_cooker_parse_base() and bb_cooker_collect()):
 * __BBMULTICONFIG, FILE_LAYERNAME, __BB_RECIPE_FILE and __BBAPPEND set,
 * the recipe parsed with FILE its own (classes-recipe/, then classes/),
 * its bbappends, then the deferred inherits
 */
int bb_cooker_parse_recipe(struct bb_cooker *c, const char *file);

#endif
