/* the command line's BBPATH, OVERRIDES and presets, then the conf files */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "conf.h"
#include "os.h"
#include "parse.h"

bool
bb_conf_opt(struct bb_conf_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'I':
		bb_strvec_pushdup(&o->bbpath, arg);
		return true;
	case 'D':
		bb_strvec_pushdup(&o->presets, arg);
		return true;
	case 'O':
		o->overrides = arg;
		return true;
	}
	return false;
}

void
bb_conf_opts_release(struct bb_conf_opts *o)
{
	bb_strvec_clear(&o->bbpath);
	bb_strvec_clear(&o->presets);
	o->overrides = NULL;
}

static int
preset(struct bb_data *d, const char *def)
{
	const char *eq = strchr(def, '=');
	const char *br = strchr(def, '[');
	char *var;
	int ret;

	if (!eq || eq == def)
		return bb_data_fail(d, NULL, "-D wants VAR=VALUE: '%s'", def);
	if (br && br < eq && eq[-1] == ']') {
		char *flag = xstrndup(br + 1, (size_t)(eq - br - 2));

		var = xstrndup(def, (size_t)(br - def));
		ret = bb_data_set_flag(d, var, flag, eq + 1, NULL);
		free(flag);
	} else {
		var = xstrndup(def, (size_t)(eq - def));
		ret = bb_data_set(d, var, eq + 1, false, NULL);
	}
	free(var);
	return ret;
}

int
bb_conf_setup(struct bb_data *d, const struct bb_conf_opts *o)
{
	if (o->bbpath.n) {
		struct bb_buf b = BB_BUF_INIT;

		for (size_t i = 0; i < o->bbpath.n; i++) {
			char *abs = bb_path_abs(o->bbpath.v[i]);

			bb_buf_addf(&b, "%s%s", i ? ":" : "", abs);
			free(abs);
		}
		bb_data_set(d, "BBPATH", b.buf, false, NULL);
		bb_buf_release(&b);
	}
	if (o->overrides)
		bb_data_set(d, "OVERRIDES", o->overrides, false, NULL);
	for (size_t i = 0; i < o->presets.n; i++)
		if (preset(d, o->presets.v[i]) < 0)
			return -1;
	return 0;
}

static int
load_file(struct bb_data *d, const char *path)
{
	if (!bb_path_isfile(path))
		return bb_data_fail(d, NULL, "%s: no such file", path);
	return bb_parse_file(d, path);
}

int
bb_conf_load(struct bb_data *d, const struct bb_conf_opts *o, const char *defaults,
	char *const *files, size_t n)
{
	if (bb_conf_setup(d, o) < 0)
		return -1;
	if (defaults && load_file(d, defaults) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (load_file(d, files[i]) < 0)
			return -1;
	return 0;
}

char *
bb_conf_relpath(const char *msg)
{
	char *cwd = getcwd(NULL, 0);
	size_t n = cwd ? strlen(cwd) : 0;
	char *ret;

	if (n > 1 && !strncmp(msg, cwd, n) && msg[n] == '/')
		ret = xstrdup(msg + n + 1);
	else
		ret = xstrdup(msg);
	free(cwd);
	return ret;
}
