/* the meta-pgo knobs and their checks */
#include <stdlib.h>
#include <string.h>

#include "generator/conf.h"

/* the values a knob allows and how an error names them */
struct choice {
	const char *values[3];	/* ended by NULL */
	const char *expect;
};

static const struct choice bools = { { "0", "1" }, "0 or 1" };
static const struct choice versions = { { "3", "2.7" }, "3 or 2.7" };
static const struct choice seps = { { ":", "_" }, "':' or '_'" };
static const struct choice toolchains = { { "gcc", "clang" }, "gcc or clang" };
static const struct choice transports = { { "ssh", "serial" }, "ssh or serial" };

/* a knob and its allowed values (NULL: any non-empty value) */
struct knob {
	const char *name;
	const struct choice *allow;
};

static const struct knob knobs[] = {
	{ "PYTHON_PROFILE_OPT", &bools },
	{ "PYTHON_NATIVE_PROFILE_OPT", &bools },
	{ "PYTHON_PROFILE_TASK", NULL },
	{ "PYTHON_NATIVE_PROFILE_TASK", NULL },
	{ "PGO_PYTHON_VERSION", &versions },
	{ "PGO_OVERRIDE_SEP", &seps },
	{ "PGO_TOOLCHAIN", &toolchains },
	{ "PGO_TRANSPORT", &transports },
	{ "PGO_LTO", &bools },
	{ "PGO_BOLT", &bools },
	{ "PGO_AUTO_DEPEND", &bools },
	{ "PGO_BUILD_RUNS", &bools },
	{ "PGO_PROFILE_DIR", NULL },
	{ "PGO_PYTHON_PV", NULL },
	{ "PGO_PYTHON_PREFIX", NULL },
	{ "PGO_MAINTAINER", NULL },
};

static bool
allowed(const struct knob *k, const char *val)
{
	if (!k->allow)
		return *val != '\0';
	for (const char *const *v = k->allow->values; *v; v++)
		if (!strcmp(*v, val))
			return true;
	return false;
}

static int
check_knob(struct bb_data *d, const struct knob *k, struct bb_error *err)
{
	const struct bb_loc *loc = bb_data_loc(d, k->name);
	char *val;
	int ret = 0;

	if (bb_data_get(d, k->name, true, &val) < 0)
		return bb_error(err, NULL, "%s", bb_data_error(d));
	if (!val)
		ret = bb_error(err, NULL, "%s is not set", k->name);
	else if (!allowed(k, val) && k->allow)
		ret = bb_error(err, loc, "%s must be %s, not '%s'", k->name, k->allow->expect, val);
	else if (!allowed(k, val))
		ret = bb_error(err, loc, "%s must not be empty", k->name);
	free(val);
	return ret;
}

/*
 * knobs that serve the target's Python 3 alone (pgo-build-runs.py is
 * installed by its profile-opt recipe; BOLT rewrites its binaries): "1"
 * needs PYTHON_PROFILE_OPT = "1" and Python 3
 */
static int
check_needs_target_py3(struct bb_data *d, const char *knob, struct bb_error *err)
{
	char *val = NULL, *opt = NULL, *ver = NULL;
	int ret = 0;

	bb_data_get(d, knob, true, &val);
	bb_data_get(d, "PYTHON_PROFILE_OPT", true, &opt);
	bb_data_get(d, "PGO_PYTHON_VERSION", true, &ver);
	if (val && !strcmp(val, "1") && ((opt && strcmp(opt, "1")) || (ver && !strcmp(ver, "2.7"))))
		ret = bb_error(err, bb_data_loc(d, knob),
			"%s = \"1\" needs PYTHON_PROFILE_OPT = \"1\" and Python 3", knob);
	free(val);
	free(opt);
	free(ver);
	return ret;
}

/* BOLT's profile run takes the binaries to the guest over ssh (pgo-run --overlay),
   and the profile it sits on is GCC's */
static int
check_bolt(struct bb_data *d, struct bb_error *err)
{
	char *bolt = NULL, *tr = NULL, *tc = NULL;
	int ret = 0;

	bb_data_get(d, "PGO_BOLT", true, &bolt);
	bb_data_get(d, "PGO_TRANSPORT", true, &tr);
	bb_data_get(d, "PGO_TOOLCHAIN", true, &tc);
	if (bolt && !strcmp(bolt, "1") && ((tr && strcmp(tr, "ssh")) || (tc && strcmp(tc, "gcc"))))
		ret = bb_error(err, bb_data_loc(d, "PGO_BOLT"),
			"PGO_BOLT = \"1\" needs PGO_TRANSPORT = \"ssh\" and PGO_TOOLCHAIN = \"gcc\"");
	free(bolt);
	free(tr);
	free(tc);
	return ret;
}

/* "Name <user@host>" on one line: a name, then one address in angle brackets at the end */
static bool
valid_maintainer(const char *v)
{
	const char *lt = strchr(v, '<'), *at, *gt;

	if (!lt || lt == v || strpbrk(v, "\n\"") || lt[strcspn(lt, "@")] != '@')
		return false;
	at = strchr(lt, '@');
	gt = strchr(at, '>');
	return at > lt + 1 && gt && gt > at + 1 && !gt[1] && strcspn(lt + 1, " <@") ==
		(size_t)(at - lt - 1) && strcspn(at + 1, " <@>") == (size_t)(gt - at - 1);
}

/* the layer's README and SECURITY.md name the maintainer: OE-core's
   yocto-check-layer wants an email address there */
static int
check_maintainer(struct bb_data *d, struct bb_error *err)
{
	char *val = NULL;
	int ret = 0;

	if (bb_data_get(d, "PGO_MAINTAINER", true, &val) < 0)
		return bb_error(err, NULL, "%s", bb_data_error(d));
	if (val && !valid_maintainer(val))
		ret = bb_error(err, bb_data_loc(d, "PGO_MAINTAINER"),
			"PGO_MAINTAINER must be 'Name <user@host>', not '%s'", val);
	free(val);
	return ret;
}

int
conf_check_knobs(struct bb_data *d, struct bb_error *err)
{
	for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
		if (check_knob(d, &knobs[i], err) < 0)
			return -1;
	if (check_maintainer(d, err) < 0)
		return -1;
	if (check_needs_target_py3(d, "PGO_BUILD_RUNS", err) < 0)
		return -1;
	if (check_needs_target_py3(d, "PGO_BOLT", err) < 0)
		return -1;
	return check_bolt(d, err);
}
