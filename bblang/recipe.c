/*
 * the cooker's datastores: the base configuration (cookerdata.py
 * parseConfigurationFiles after the layers, parseBaseConfiguration) and a
 * recipe parsed on it (cookerdata.py _parse_recipe, BBHandler.handle,
 * ast.multi_finalize and finalize up to the anonymous functions)
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cooker-int.h"
#include "os.h"
#include "parse.h"

struct bb_data *
bb_cooker_data(const struct bb_cooker *c)
{
	return c->d;
}

static const char *const exported_env[] = {	/* bb.utils.preserved_envvars_exported */
	"BB_TASKHASH", "HOME", "LOGNAME", "PATH", "PWD", "SHELL", "USER", "LC_ALL", "BBSERVER",
	NULL,
};

static bool
in_list(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (!strcmp(*l, s))
			return true;
	return false;
}

/* the environment's value of name, or NULL */
static const char *
env_get(const char *const *envp, const char *name)
{
	size_t n = strlen(name);

	for (; *envp; envp++)
		if (!strncmp(*envp, name, n) && (*envp)[n] == '=')
			return *envp + n + 1;
	return NULL;
}

/* bb.utils.approved_variables */
static void
approved(const char *const *envp, struct bb_strvec *out)
{
	static const char *const preserved[] = {
		"BBPATH", "BB_PRESERVE_ENV", "BB_ENV_PASSTHROUGH_ADDITIONS", NULL,
	};
	const char *pass = env_get(envp, "BB_ENV_PASSTHROUGH");
	const char *add = env_get(envp, "BB_ENV_PASSTHROUGH_ADDITIONS");

	if (pass) {
		bb_strvec_split(out, pass);
		bb_strvec_pushdup(out, "BB_ENV_PASSTHROUGH");
	} else {
		for (size_t i = 0; preserved[i]; i++)
			bb_strvec_pushdup(out, preserved[i]);
		for (size_t i = 0; exported_env[i]; i++)
			bb_strvec_pushdup(out, exported_env[i]);
	}
	if (add) {
		bb_strvec_split(out, add);
		if (!bb_strvec_has(out, "BB_ENV_PASSTHROUGH_ADDITIONS"))
			bb_strvec_pushdup(out, "BB_ENV_PASSTHROUGH_ADDITIONS");
	}
}

void
bb_cooker_env(struct bb_cooker *c, const char *const *envp)
{
	bb_data_inherit_env(c->d, envp);
}

void
bb_data_inherit_env(struct bb_data *d, const char *const *envp)
{
	struct bb_strvec ok = BB_STRVEC_INIT;
	bool all = env_get(envp, "BB_PRESERVE_ENV") != NULL;

	if (!all)
		approved(envp, &ok);
	for (; *envp; envp++) {
		const char *eq = strchr(*envp, '=');
		char *name;

		if (!eq || eq == *envp)
			continue;
		name = xasprintf("%.*s", (int)(eq - *envp), *envp);
		if (all || bb_strvec_has(&ok, name)) {
			bb_data_set(d, name, eq + 1, false, NULL);
			if (in_list(exported_env, name))
				bb_data_set_flag(d, name, "export", "1", NULL);
		}
		free(name);
	}
	bb_strvec_clear(&ok);
}

/* parse_config_file(os.path.join("conf", "bitbake.conf")): resolve_file along BBPATH */
static int
parse_bitbake_conf(struct bb_cooker *c)
{
	char *bbpath = NULL, *found = NULL;
	int ret = cooker_get(c, "BBPATH", &bbpath);

	if (!ret) {
		found = bb_path_which(bbpath ? bbpath : "", "conf/bitbake.conf");
		if (!found || !bb_path_isfile(found))
			ret = bb_data_fail(c->d, NULL, "%s: error: file conf/bitbake.conf not found "
				"in %s", c->topdir, bbpath ? bbpath : "");
		else
			ret = bb_parse_file(c->d, found);
	}
	free(found);
	free(bbpath);
	return ret;
}

/* "base" and the INHERIT classes, each as BBHandler.inherit (class type global) */
static int
inherit_global(struct bb_cooker *c)
{
	char *inherit = NULL, *text;
	struct bb_stmts st;
	int ret;

	if (cooker_get(c, "INHERIT", &inherit) < 0)
		return -1;
	text = xasprintf("inherit base %s\n", inherit ? inherit : "");
	free(inherit);
	ret = bb_parse_text(c->d, "configuration INHERITs", text, strlen(text), true, &st);
	free(text);
	if (ret < 0)
		return -1;
	ret = bb_stmts_eval(c->d, &st);
	bb_stmts_release(&st);
	return ret;
}

int
bb_cooker_parse_base(struct bb_cooker *c)
{
	char *cachedir = NULL;
	int ret = cooker_get(c, "BB_CACHEDIR", &cachedir);

	if (!ret && (!cachedir || !*cachedir))
		bb_data_set(c->d, "BB_CACHEDIR", "${TOPDIR}/cache", false, NULL);
	free(cachedir);
	if (!ret)
		ret = parse_bitbake_conf(c);
	if (!ret)
		ret = inherit_global(c);
	if (ret)
		return -1;
	/* parseBaseConfiguration, once every configuration is parsed */
	bb_data_set(c->d, "__bbclasstype", "recipe", false, NULL);
	return 0;
}

bool
bb_append_matches(const char *append, const char *recipe)
{
	const char *a = strrchr(append, '/'), *r = strrchr(recipe, '/'), *pct;
	size_t n, rn;
	bool ret;
	char *base;

	a = a ? a + 1 : append;
	r = r ? r + 1 : recipe;
	n = strlen(a);
	rn = strlen(r);
	if (n < 9 || strcmp(a + n - 9, ".bbappend"))
		return false;
	base = xasprintf("%.*s.bb", (int)(n - 9), a);
	pct = strchr(base, '%');
	if (!pct) {
		ret = !strcmp(base, r);
	} else {
		/* bbappend.startswith(f[:bbappend.index('%')]) */
		size_t idx = (size_t)(pct - base);

		ret = !strncmp(base, r, idx < rn ? idx : rn);
	}
	free(base);
	return ret;
}

void
bb_cooker_appends(const struct bb_cooker *c, const char *file, struct bb_strvec *out)
{
	for (size_t i = 0; i < c->appends.n; i++)
		if (bb_append_matches(c->appends.v[i], file))
			bb_strvec_pushdup(out, c->appends.v[i]);
}

/* _parse_recipe's variables, then the recipe (FILE its own), its bbappends */
int
bb_cooker_parse_recipe(struct bb_cooker *c, const char *file)
{
	struct bb_strvec appends = BB_STRVEC_INIT;
	const struct bb_collection *coll;
	char *abs = bb_path_abs(file);
	int ret;

	bb_data_set(c->d, "__BBMULTICONFIG", bb_cooker_mc(c), false, NULL);
	coll = bb_cooker_file_collection(c, abs);
	if (coll)
		bb_data_set(c->d, "FILE_LAYERNAME", coll->name, false, NULL);
	bb_data_set(c->d, "__BB_RECIPE_FILE", abs, false, NULL);
	bb_cooker_appends(c, abs, &appends);
	if (appends.n)
		bb_data_set_take(c->d, "__BBAPPEND", bb_strvec_join(&appends, 0, " "), false, NULL);
	ret = bb_parse_recipe(c->d, abs);
	for (size_t i = 0; i < appends.n && !ret; i++)
		ret = bb_parse_file(c->d, appends.v[i]);
	if (!ret)
		ret = bb_inherit_deferred(c->d);
	bb_strvec_clear(&appends);
	free(abs);
	return ret;
}
