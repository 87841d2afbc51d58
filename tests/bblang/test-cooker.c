/* the cooker: bblayers.conf, layer.conf with LAYERDIR, collections, priorities, providers */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/cooker.h"
#include "bblang/data.h"
#include "tests/test-util.h"

/* an OE-core meta/conf/layer.conf, as the releases have it (trimmed) */
static const char core_conf[] =
	"# We have a conf and classes directory, add to BBPATH\n"
	"BBPATH .= \":${LAYERDIR}\"\n"
	"# We have recipes-* directories, add to BBFILES\n"
	"BBFILES += \"${LAYERDIR}/recipes-*/*/*.bb\"\n"
	"\n"
	"BBFILE_COLLECTIONS += \"core\"\n"
	"BBFILE_PATTERN_core = \"^${LAYERDIR}/\"\n"
	"BBFILE_PRIORITY_core = \"5\"\n"
	"\n"
	"LAYERSERIES_CORENAMES = \"wrynose blacksail\"\n"
	"LAYERVERSION_core = \"15\"\n"
	"LAYERSERIES_COMPAT_core = \"wrynose\"\n"
	"\n"
	"COREBASE = '${@os.path.normpath(\"${LAYERDIR}/../\")}'\n";

static const char bblayers[] =
	"BBPATH = \"${TOPDIR}\"\n"
	"BBFILES ?= \"\"\n"
	"BBLAYERS ?= \" \\\n"
	"  @DIR@/meta \\\n"
	"  @DIR@/meta-b/ \\\n"
	"  \"\n";

/* a second layer: its pattern through LAYERDIR_RE, its priority computed */
static const char b_conf[] =
	"BBPATH .= \":${LAYERDIR}\"\n"
	"BBFILES += \"${LAYERDIR}/recipes-*/*/*.bb ${LAYERDIR}/recipes-*/*/*.bbappend\"\n"
	"BBFILE_COLLECTIONS += \"b\"\n"
	"BBFILE_PATTERN_b := \"^${LAYERDIR_RE}/\"\n"
	"LAYERDEPENDS_b = \"core (>= 14)\"\n"
	"LAYERSERIES_COMPAT_b = \"wrynose scarthgap\"\n"
	"LAYERSERIES_CORENAMES = \"not-the-first\"\n";

struct tree {
	struct test_ctx t;
	struct bb_cooker *c;
	char *top;
};

/* writes name (text with @DIR@ standing for the temporary directory) */
static void
put(struct tree *w, const char *name, const char *text)
{
	char *real = test_replace(text, "@DIR@", w->t.dir);

	free(test_write(w->t.dir, name, real));
	free(real);
}

static void
tree_init(struct tree *w)
{
	test_ctx_init(&w->t);
	w->top = xasprintf("%s/build", w->t.dir);
	w->c = bb_cooker_new(w->t.d, w->top);
}

static void
tree_release(struct tree *w)
{
	bb_cooker_free(w->c);
	free(w->top);
	test_ctx_release(&w->t);
}

/* the usual two layers */
static void
tree_two(struct tree *w)
{
	tree_init(w);
	put(w, "build/conf/bblayers.conf", bblayers);
	put(w, "meta/conf/layer.conf", core_conf);
	put(w, "meta-b/conf/layer.conf", b_conf);
}

static void
parse_ok(struct tree *w)
{
	if (bb_cooker_parse_layers(w->c) < 0)
		fail_msg("%s", bb_data_error(w->t.d));
}

static void
collections_ok(struct tree *w)
{
	parse_ok(w);
	if (bb_cooker_collections(w->c) < 0)
		fail_msg("%s", bb_data_error(w->t.d));
}

/* a string with @DIR@ for the temporary directory; caller frees */
static char *
at(struct tree *w, const char *s)
{
	return test_replace(s, "@DIR@", w->t.dir);
}

static void
assert_var_at(struct tree *w, const char *var, const char *want)
{
	char *real = at(w, want);

	assert_var(w->t.d, var, real);
	free(real);
}

/* the warnings, "|"-joined, with @DIR@; caller frees */
static char *
warnings(struct tree *w)
{
	char *all = xstrdup(""), *ret;

	for (size_t i = 0; i < bb_data_nwarnings(w->t.d); i++) {
		char *old = all;

		all = xstrcat(old, i ? "|" : "", bb_data_warning(w->t.d, i), NULL);
		free(old);
	}
	ret = test_replace(all, w->t.dir, "@DIR@");
	free(all);
	return ret;
}

static void
test_layers(void **state)
{
	struct tree w;
	const struct bb_layer *l;

	tree_two(&w);
	parse_ok(&w);
	assert_var_at(&w, "TOPDIR", "@DIR@/build");
	assert_var(w.t.d, "BB_CURRENT_MC", "");
	{
		char *raw = at(&w, "${TOPDIR}:@DIR@/meta:@DIR@/meta-b");

		assert_raw(w.t.d, "BBPATH", raw);
		free(raw);
	}
	assert_var_at(&w, "BBPATH", "@DIR@/build:@DIR@/meta:@DIR@/meta-b");
	/* every reference made literal, so nothing depends on LAYERDIR afterwards */
	assert_var(w.t.d, "LAYERDIR", NULL);
	assert_var(w.t.d, "LAYERDIR_RE", NULL);
	assert_var_at(&w, "BBFILE_PATTERN_core", "^@DIR@/meta/");
	assert_var_at(&w, "BBFILES", " @DIR@/meta/recipes-*/*/*.bb @DIR@/meta-b/recipes-*/*/*.bb "
		"@DIR@/meta-b/recipes-*/*/*.bbappend");
	assert_var_at(&w, "COREBASE", "@DIR@");
	/* LAYERDIR_RE is re.escape(LAYERDIR) */
	{
		char *want = test_replace(w.t.dir, "-", "\\-"), *want2 = test_replace(want, ".",
			"\\."), *pat = xasprintf("^%s/meta\\-b/", want2);

		assert_var(w.t.d, "BBFILE_PATTERN_b", pat);
		free(want);
		free(want2);
		free(pat);
	}
	/* the first layer's LAYERSERIES_CORENAMES, sorted; the compat lists sorted */
	assert_var(w.t.d, "LAYERSERIES_CORENAMES", "blacksail wrynose");
	assert_var(w.t.d, "LAYERSERIES_COMPAT_b", "scarthgap wrynose");
	assert_var(w.t.d, "LAYERSERIES_COMPAT_core", "wrynose");
	assert_int_equal(bb_cooker_nlayers(w.c), 2);
	l = bb_cooker_layer(w.c, 1);
	{
		char *dir = at(&w, "@DIR@/meta-b");

		assert_string_equal(l->dir, dir);
		free(dir);
	}
	assert_int_equal(l->collections.n, 1);
	assert_string_equal(l->collections.v[0], "b");
	assert_string_equal(bb_cooker_layer(w.c, 0)->collections.v[0], "core");
	assert_null(bb_cooker_layer(w.c, 2));
	assert_int_equal(bb_data_nwarnings(w.t.d), 0);
	tree_release(&w);
}

static void
test_collections(void **state)
{
	struct tree w;
	const struct bb_collection *core, *b;
	char *file;

	tree_two(&w);
	collections_ok(&w);
	core = bb_cooker_collection(w.c, "core");
	b = bb_cooker_collection(w.c, "b");
	assert_non_null(core);
	assert_non_null(b);
	assert_int_equal(core->priority, 5);
	/* no BBFILE_PRIORITY_b: one more than the layers it depends on */
	assert_int_equal(b->priority, 6);
	file = at(&w, "@DIR@/meta");
	assert_string_equal(core->layer, file);
	free(file);
	file = at(&w, "@DIR@/meta-b/recipes-x/y/y.bb");
	assert_ptr_equal(bb_cooker_file_collection(w.c, file), b);
	free(file);
	file = at(&w, "@DIR@/meta/recipes-x/y/y.bb");
	assert_ptr_equal(bb_cooker_file_collection(w.c, file), core);
	free(file);
	assert_null(bb_cooker_file_collection(w.c, "/elsewhere/x.bb"));
	assert_null(bb_cooker_collection(w.c, "nope"));
	tree_release(&w);
}

/* a layer inside another: the longer pattern is tried first; priorities from the dependencies */
static void
test_nested_priorities(void **state)
{
	struct tree w;
	char *file;

	tree_init(&w);
	put(&w, "build/conf/bblayers.conf", "BBPATH = \"${TOPDIR}\"\n"
		"BBLAYERS = \"@DIR@/meta @DIR@/meta/inner @DIR@/top\"\n");
	put(&w, "meta/conf/layer.conf", "BBFILE_COLLECTIONS += \"core\"\n"
		"BBFILE_PATTERN_core = \"^${LAYERDIR}/\"\nBBFILE_PRIORITY_core = \"5\"\n"
		"LAYERSERIES_CORENAMES = \"scarthgap\"\nLAYERSERIES_COMPAT_core = \"scarthgap\"\n");
	put(&w, "meta/inner/conf/layer.conf", "BBFILE_COLLECTIONS += \"inner\"\n"
		"BBFILE_PATTERN_inner = \"^${LAYERDIR}/\"\nLAYERDEPENDS_inner = \"core\"\n"
		"LAYERVERSION_inner = \"3\"\nLAYERSERIES_COMPAT_inner = \"scarthgap\"\n");
	put(&w, "top/conf/layer.conf", "BBFILE_COLLECTIONS += \"top\"\n"
		"BBFILE_PATTERN_top = \"^${LAYERDIR}/\"\nLAYERRECOMMENDS_top = \"inner (>= 2) gone\"\n"
		"LAYERSERIES_COMPAT_top = \"scarthgap\"\n");
	collections_ok(&w);
	assert_int_equal(bb_cooker_collection(w.c, "inner")->priority, 6);
	assert_int_equal(bb_cooker_collection(w.c, "top")->priority, 7);
	file = at(&w, "@DIR@/meta/inner/recipes-a/a/a.bb");
	assert_string_equal(bb_cooker_file_collection(w.c, file)->name, "inner");
	free(file);
	file = at(&w, "@DIR@/meta/recipes-a/a/a.bb");
	assert_string_equal(bb_cooker_file_collection(w.c, file)->name, "core");
	free(file);
	tree_release(&w);
}

static void
test_bbfiles_dynamic(void **state)
{
	struct tree w;

	tree_two(&w);
	put(&w, "meta-b/conf/layer.conf", "BBFILE_COLLECTIONS += \"b\"\n"
		"BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\nLAYERSERIES_COMPAT_b = \"wrynose\"\n"
		"BBFILES_DYNAMIC += \"core:${LAYERDIR}/dyn/core/*.bb !gone:${LAYERDIR}/dyn/gone/*.bb"
		" gone:${LAYERDIR}/dyn/never/*.bb\"\n");
	parse_ok(&w);
	assert_var_at(&w, "BBFILES", " @DIR@/meta/recipes-*/*/*.bb @DIR@/meta-b/dyn/core/*.bb "
		"@DIR@/meta-b/dyn/gone/*.bb");
	tree_release(&w);
}

static void
test_include(void **state)
{
	struct tree w;

	tree_two(&w);
	put(&w, "build/conf/local.conf", "PREFERRED_VERSION_python3 = \"3.12%\"\n"
		"include conf/later.conf\n");
	put(&w, "meta/conf/later.conf", "FROM_LAYER = \"${TOPDIR}\"\n");
	parse_ok(&w);
	assert_int_equal(bb_cooker_include(w.c, "conf/site.conf"), 0);
	assert_int_equal(bb_cooker_include(w.c, "conf/local.conf"), 0);
	assert_var(w.t.d, "PREFERRED_VERSION_python3", "3.12%");
	assert_var_at(&w, "FROM_LAYER", "@DIR@/build");
	put(&w, "build/conf/auto.conf", "A = \"1\"\nB = \"unterminated\n");
	assert_int_equal(bb_cooker_include(w.c, "conf/auto.conf"), -1);
	assert_error(&w.t, "@DIR@/build/conf/auto.conf:2: error: unparsed line: "
		"'B = \"unterminated'");
	tree_release(&w);
}

/* the layers fail to parse with this error; bblayers.conf and layers given (b "": no layer.conf) */
static void
check_parse_error(const char *bbl, const char *core, const char *b, const char *want)
{
	struct tree w;

	tree_init(&w);
	if (bbl)
		put(&w, "build/conf/bblayers.conf", bbl);
	if (core)
		put(&w, "meta/conf/layer.conf", core);
	if (b)
		put(&w, *b ? "meta-b/conf/layer.conf" : "meta-b/README", b);
	assert_int_equal(bb_cooker_parse_layers(w.c), -1);
	assert_error(&w.t, want);
	tree_release(&w);
}

static void
test_layer_errors(void **state)
{
	check_parse_error(NULL, NULL, NULL,
		"@DIR@/build: error: not a build directory (no conf/bblayers.conf)");
	check_parse_error("BBPATH = \"${TOPDIR}\"\n", NULL, NULL, "@DIR@/build/conf/bblayers.conf: "
		"error: the bblayers.conf file doesn't contain any BBLAYERS definition");
	check_parse_error("BBPATH = \"${TOPDIR}\"\nBBLAYERS = \"@DIR@/meta \\\n  @DIR@/gone1 "
		"@DIR@/gone2\"\n", core_conf, NULL, "@DIR@/build/conf/bblayers.conf:3: error: "
		"BBLAYERS names layer directories that do not exist: '@DIR@/gone1' '@DIR@/gone2'");
	check_parse_error(bblayers, core_conf, "", "@DIR@/build/conf/bblayers.conf:6: error: "
		"layer '@DIR@/meta-b' has no conf/layer.conf");
	check_parse_error(bblayers, core_conf, "BBFILE_COLLECTIONS += \"b\"\nX = \"a\" junk\n",
		"@DIR@/meta-b/conf/layer.conf:2: error: unparsed line: 'X = \"a\" junk'");
	check_parse_error(bblayers, core_conf, "BBFILE_COLLECTIONS += \"core\"\n",
		"@DIR@/build/conf/bblayers.conf: error: found duplicated BBFILE_COLLECTIONS 'core', "
		"check bblayers.conf or layer.conf to fix it");
	check_parse_error(bblayers, core_conf, "BBFILE_COLLECTIONS += \"b\"\n"
		"LAYERSERIES_COMPAT_b = \"kirkstone scarthgap\"\n",
		"@DIR@/build/conf/bblayers.conf: error: layer b is not compatible with the core "
		"layer which only supports these series: blacksail wrynose (layer is compatible "
		"with kirkstone scarthgap)");
	check_parse_error("BBPATH = \"${TOPDIR}\"\nBBLAYERS = \"@DIR@/meta-b\"\n", NULL,
		"BBFILE_COLLECTIONS += \"b\"\nLAYERSERIES_COMPAT_b = \"wrynose\"\n",
		"@DIR@/build/conf/bblayers.conf: error: no core layer found to work with layer "
		"'b': missing entry in bblayers.conf?");
	check_parse_error("BBLAYERS = \"@DIR@/meta\"\n", "BBFILE_COLLECTIONS += \"core\"\n", NULL,
		"@DIR@/build/conf/bblayers.conf: error: the BBPATH variable is not set");
	check_parse_error(bblayers, core_conf, "BBFILE_COLLECTIONS += \"b\"\n"
		"LAYERSERIES_COMPAT_b = \"wrynose\"\nBBFILES_DYNAMIC = \"core-only\"\n",
		"@DIR@/meta-b/conf/layer.conf:3: error: BBFILES_DYNAMIC entries must be of the form "
		"{!}<collection name>:<filename pattern>, not: 'core-only'");
}

/* meta and meta-pgo in BBLAYERS (meta-pgo absent), pending (with @DIR@) the layer being written */
static void
pending_tree(struct tree *w, const char *pending)
{
	char *dir;

	put(w, "build/conf/bblayers.conf", "BBPATH = \"${TOPDIR}\"\nBBLAYERS = \"@DIR@/meta "
		"@DIR@/meta-pgo/\"\n");
	put(w, "meta/conf/layer.conf", core_conf);
	dir = at(w, pending);
	bb_cooker_set_pending_layer(w->c, dir);
	free(dir);
}

static void
pending_error(const char *pending, const char *file)
{
	struct tree w;

	tree_init(&w);
	pending_tree(&w, pending);
	if (file)
		put(&w, file, "not a directory\n");
	assert_int_equal(bb_cooker_parse_layers(w.c), -1);
	assert_error(&w.t, "@DIR@/build/conf/bblayers.conf:2: error: BBLAYERS names layer "
		"directories that do not exist: '@DIR@/meta-pgo'");
	tree_release(&w);
}

/* the layer being written is left out of BBLAYERS until it exists; any other missing one is not */
static void
test_pending_layer(void **state)
{
	struct tree w;
	char *link;

	(void)state;
	/* named another way: through ".." and a symbolic link */
	tree_init(&w);
	link = at(&w, "@DIR@/link");
	assert_int_equal(symlink(w.t.dir, link), 0);
	free(link);
	pending_tree(&w, "@DIR@/link/build/../meta-pgo");
	parse_ok(&w);
	assert_int_equal(bb_cooker_nlayers(w.c), 1);
	assert_var_at(&w, "BBPATH", "@DIR@/build:@DIR@/meta");
	tree_release(&w);
	/* another directory pending: the error stands */
	pending_error("@DIR@/meta-other", NULL);
	/* a file where the layer would be is not left out */
	pending_error("@DIR@/meta-pgo", "meta-pgo");
}

static void
test_layer_warnings(void **state)
{
	struct tree w;
	char *got;

	tree_two(&w);
	put(&w, "meta-b/conf/layer.conf", "BBFILE_COLLECTIONS += \"b\"\n"
		"BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\n");
	parse_ok(&w);
	got = warnings(&w);
	assert_string_equal(got, "warning: layer b should set LAYERSERIES_COMPAT_b in its "
		"conf/layer.conf file to list the core layer names it is compatible with");
	free(got);
	tree_release(&w);

	/* an old layer (a previous meta-pgo, say) may be let through with a warning */
	tree_two(&w);
	put(&w, "meta-b/conf/layer.conf", "BBFILE_COLLECTIONS += \"b\"\n"
		"BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\nLAYERSERIES_COMPAT_b = \"kirkstone\"\n");
	bb_cooker_set_compat_warn(w.c, true);
	parse_ok(&w);
	got = warnings(&w);
	assert_string_equal(got, "warning: layer b is not compatible with the core layer which "
		"only supports these series: blacksail wrynose (layer is compatible with kirkstone)");
	free(got);
	tree_release(&w);
}

/* collections() fails with this error, b's layer.conf given */
static void
check_collections_error(const char *b, const char *want)
{
	struct tree w;

	tree_two(&w);
	put(&w, "meta-b/conf/layer.conf", b);
	parse_ok(&w);
	assert_int_equal(bb_cooker_collections(w.c), -1);
	assert_error(&w.t, want);
	tree_release(&w);
}

static void
test_collection_errors(void **state)
{
	static const char head[] = "BBFILE_COLLECTIONS += \"b\"\nLAYERSERIES_COMPAT_b = \"wrynose\"\n";
	char *b;

	b = xstrcat(head, "BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\nLAYERDEPENDS_b = \"core gone\"\n",
		NULL);
	check_collections_error(b, "layer 'b' depends on layer 'gone', but this layer is not "
		"enabled in your configuration");
	free(b);
	b = xstrcat(head, "BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\n"
		"LAYERDEPENDS_b = \"core (>= 16)\"\n", NULL);
	check_collections_error(b, "layer 'b' depends on version >= 16 of layer 'core', but "
		"version 15 is currently enabled in your configuration");
	free(b);
	b = xstrcat(head, "BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\nLAYERDEPENDS_b = \"core (~ 1)\"\n",
		NULL);
	check_collections_error(b, "error parsing LAYERDEPENDS_b: invalid version specification "
		"in '(~' - invalid or missing operator");
	free(b);
	b = xstrcat(head, "BBFILE_PATTERN_b = \"^${LAYERDIR}/\"\n\nBBFILE_PRIORITY_b = \"high\"\n",
		NULL);
	check_collections_error(b, "@DIR@/meta-b/conf/layer.conf:5: error: invalid value for "
		"BBFILE_PRIORITY_b: 'high'");
	free(b);
	check_collections_error(head, "BBFILE_PATTERN_b not defined");
	b = xstrcat(head, "BBFILE_PATTERN_b = \"^(${LAYERDIR}/\"\n", NULL);
	check_collections_error(b, "@DIR@/meta-b/conf/layer.conf:3: error: BBFILE_PATTERN_b "
		"'^(@DIR@/meta-b/' is not a valid regular expression");
	free(b);
}

/* a tree with python3 recipes: 3.12.3 and 3.13.1 in core (5), 3.11.2 in meta-b (6) */
static void
tree_recipes(struct tree *w, const char *local)
{
	tree_two(w);
	put(w, "meta/recipes-devtools/python/python3_3.12.3.bb", "# stub\n");
	put(w, "meta/recipes-devtools/python/python3_3.13.1.bb", "# stub\n");
	put(w, "meta/recipes-devtools/python/python3-x_3.13.1.bb", "# another PN\n");
	put(w, "meta/recipes-core/other/other.bb", "# no version: 1.0\n");
	put(w, "meta-b/recipes-devtools/python/python3_3.11.2.bb", "# stub\n");
	put(w, "meta-b/recipes-devtools/python/python3_%.bbappend", "# append\n");
	put(w, "build/conf/local.conf", local);
	parse_ok(w);
	assert_int_equal(bb_cooker_include(w->c, "conf/local.conf"), 0);
	if (bb_cooker_collections(w->c) < 0 || bb_cooker_collect(w->c) < 0)
		fail_msg("%s", bb_data_error(w->t.d));
}

/* the provider of python3 for this local.conf: "PV in collection", or NULL */
static void
check_provider(const char *local, const char *want, const char *want_warnings)
{
	struct tree w;
	const struct bb_recipe *r;
	char *got, *warn;

	tree_recipes(&w, local);
	if (bb_cooker_provider(w.c, "python3", &r) < 0)
		fail_msg("%s", bb_data_error(w.t.d));
	got = r ? xasprintf("%s in %s", r->pv, r->collection) : NULL;
	test_check_str(got, want, local, __FILE__, __LINE__);
	warn = warnings(&w);
	assert_string_equal(warn, want_warnings);
	free(warn);
	free(got);
	tree_release(&w);
}

static void
test_collect(void **state)
{
	struct tree w;
	const struct bb_recipe *r;
	char *file;

	tree_recipes(&w, "BBMASK = \"python3-x_ /nothing/\"\n");
	/* BBFILES in priority order (core's entry first), each glob sorted; masked ones gone */
	assert_int_equal(bb_cooker_nrecipes(w.c), 4);
	r = bb_cooker_recipe(w.c, 0);
	assert_string_equal(r->pn, "other");
	assert_string_equal(r->pv, "1.0");
	assert_string_equal(r->collection, "core");
	assert_int_equal(r->priority, 5);
	assert_string_equal(bb_cooker_recipe(w.c, 1)->pv, "3.12.3");
	assert_string_equal(bb_cooker_recipe(w.c, 2)->pv, "3.13.1");
	r = bb_cooker_recipe(w.c, 3);
	file = at(&w, "@DIR@/meta-b/recipes-devtools/python/python3_3.11.2.bb");
	assert_string_equal(r->file, file);
	free(file);
	assert_int_equal(r->priority, 6);
	assert_null(bb_cooker_recipe(w.c, 4));
	assert_int_equal(bb_cooker_provider(w.c, "nothing", &r), 0);
	assert_null(r);
	tree_release(&w);
}

static void
test_provider(void **state)
{
	/* the highest priority wins over the highest version */
	check_provider("", "3.11.2 in b", "");
	/* PREFERRED_VERSION looks in every priority, the highest first */
	check_provider("PREFERRED_VERSION_python3 = \"3.13.1\"\n", "3.13.1 in core", "");
	check_provider("PREFERRED_VERSION_python3 = \"3.12%\"\n", "3.12.3 in core", "");
	check_provider("PREFERRED_VERSION:pn-python3 = \"3.1%\"\n", "3.11.2 in b", "");
	check_provider("PREFERRED_VERSION_python3 = \"3.13.1\"\n"
		"PREFERRED_VERSION:pn-python3 = \"3.12.3\"\n", "3.12.3 in core", "");
	/* a '%' only at the end is a wildcard; an epoch never matches (PE is empty) */
	check_provider("PREFERRED_VERSION_python3 = \"3.%.3\"\n", "3.11.2 in b",
		"@DIR@/build/conf/local.conf:1: warning: preferred version 3.%.3 of python3 not "
		"available|@DIR@/build/conf/local.conf:1: warning: versions of python3 available: "
		"3.11.2 3.12.3 3.13.1");
	check_provider("PREFERRED_VERSION_python3 = \"1:3.12.3\"\n", "3.11.2 in b",
		"@DIR@/build/conf/local.conf:1: warning: preferred version 1:3.12.3 of python3 not "
		"available|@DIR@/build/conf/local.conf:1: warning: versions of python3 available: "
		"3.11.2 3.12.3 3.13.1");
	/* REQUIRED_VERSION wins over PREFERRED_VERSION */
	check_provider("PREFERRED_VERSION_python3 = \"3.13.1\"\nREQUIRED_VERSION_python3 = "
		"\"3.12.3\"\n", "3.12.3 in core", "@DIR@/build/conf/local.conf:2: warning: "
		"REQUIRED_VERSION and PREFERRED_VERSION for package python3 are both set using "
		"REQUIRED_VERSION 3.12.3");
	/* a higher version in the same priority: vercmp, not strcmp */
	check_provider("BBMASK = \"meta-b/\"\n", "3.13.1 in core", "");
}

static void
test_provider_required_missing(void **state)
{
	struct tree w;
	const struct bb_recipe *r;

	tree_recipes(&w, "\nREQUIRED_VERSION_python3 = \"3.14%\"\n");
	assert_int_equal(bb_cooker_provider(w.c, "python3", &r), -1);
	assert_null(r);
	assert_error(&w.t, "@DIR@/build/conf/local.conf:2: error: required version 3.14% of "
		"python3 not available");
	tree_release(&w);
}

/* cooker.py get_file_appends's rule */
static void
append_matches(void **state)
{
	static const struct { const char *app, *recipe; bool want; } cases[] = {
		{ "demo_%.bbappend", "demo_1.0.bb", true },
		{ "demo_1.0.bbappend", "demo_1.0.bb", true },
		{ "demo_1.%.bbappend", "demo_1.0.bb", true },
		{ "%.bbappend", "demo_1.0.bb", true },
		{ "python3_%.bbappend", "python3_3.11.2.bb", true },
		{ "demo_2.%.bbappend", "demo_1.0.bb", false },
		{ "demo-extra_%.bbappend", "demo_1.0.bb", false },
		{ "demo.bbappend", "demo_1.0.bb", false },
		{ "demo_1.0.bb", "demo_1.0.bb", false },
		{ "python3_%.bbappend", "python3-pgo-image.bb", false },
		/* a name shorter than the part before "%": bbappend.startswith(f[:idx]) */
		{ "x.bbfoo%.bbappend", "x.bb", true },
		{ "layer/demo_%.bbappend", "recipes/demo_1.0.bb", true },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (bb_append_matches(cases[i].app, cases[i].recipe) != cases[i].want)
			fail_msg("%s for %s: want %d", cases[i].app, cases[i].recipe,
				cases[i].want);
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(append_matches),
		cmocka_unit_test(test_layers),
		cmocka_unit_test(test_collections),
		cmocka_unit_test(test_nested_priorities),
		cmocka_unit_test(test_bbfiles_dynamic),
		cmocka_unit_test(test_include),
		cmocka_unit_test(test_layer_errors),
		cmocka_unit_test(test_pending_layer),
		cmocka_unit_test(test_layer_warnings),
		cmocka_unit_test(test_collection_errors),
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_provider),
		cmocka_unit_test(test_provider_required_missing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
