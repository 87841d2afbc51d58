/*
 * OE-core's setup_hosttools_dir (meta/classes-global/base.bbclass), which
 * its ConfigParsed handler runs before any task: HOSTTOOLS_DIR holds a link
 * to each host tool, and OE-core's layer.conf makes it the end of PATH
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "runner/task/runscript.h"
#include "runner/task/task.h"

/* bb.utils.which(path, item, executable=True), in PATH order or reversed */
static char *
which_exec(const struct bb_strvec *dirs, const char *item, bool reverse)
{
	for (size_t k = 0; k < dirs->n; k++) {
		const char *dir = dirs->v[reverse ? dirs->n - 1 - k : k];
		char *p = xstrcat(dir, "/", item, NULL);
		struct stat st;

		if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0)
			return p;
		free(p);
	}
	return NULL;
}

/* whether srctool --help mentions --no-rosegment (bb.process.run) */
static bool
knows_no_rosegment(const char *srctool)
{
	char *cmd = xasprintf("'%s' --help 2>/dev/null", srctool);
	FILE *f = popen(cmd, "r");
	char line[4096];
	bool found = false;

	free(cmd);
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "--no-rosegment"))
			found = true;
	pclose(f);
	return found;
}

/* write_ld_wrapper */
static int
ld_wrapper(const char *srctool, const char *dest, struct bb_error *err)
{
	struct bb_buf b = BB_BUF_INIT;
	int fd, ret = 0;

	if (!knows_no_rosegment(srctool)) {
		if (symlink(srctool, dest) < 0)
			return bb_error(err, NULL, "cannot link '%s': %s", dest, strerror(errno));
		return 0;
	}
	bb_buf_addf(&b, "#!/bin/sh\n%s --no-rosegment $@", srctool);
	fd = open(dest, O_WRONLY | O_CREAT | O_TRUNC, 0744);
	if (fd < 0 || write(fd, b.buf, b.len) != (ssize_t)b.len)
		ret = bb_error(err, NULL, "cannot write '%s': %s", dest, strerror(errno));
	if (fd >= 0)
		close(fd);
	bb_buf_release(&b);
	return ret;
}

/* one tool: 1 when it is not in PATH, else 0 or -1 */
static int
link_tool(const struct bb_strvec *path, const char *dest, const char *tool,
	struct bb_error *err)
{
	char *desttool = xstrcat(dest, "/", tool, NULL), *gnu = xstrcat("gnu", tool, NULL);
	char *src, buf[4096];
	struct stat st;
	int ret = 0;
	ssize_t n;

	if (stat(desttool, &st) == 0)
		goto out;
	if (lstat(desttool, &st) == 0)
		unlink(desttool);	/* a dead link */
	src = which_exec(path, gnu, false);
	if (!src)
		src = which_exec(path, tool, false);
	/* gcc/g++ may link to ccache: the last one in PATH then */
	if (src && (n = readlink(src, buf, sizeof(buf) - 1)) > 0) {
		const char *base;

		buf[n] = '\0';
		base = strrchr(buf, '/');
		if (!strcmp(base ? base + 1 : buf, "ccache")) {
			free(src);
			src = which_exec(path, tool, true);
		}
	}
	if (!src)
		ret = 1;
	else if (!strcmp(tool, "ld") || !strncmp(tool, "ld.", 3))
		ret = ld_wrapper(src, desttool, err);
	else if (symlink(src, desttool) < 0)
		ret = bb_error(err, NULL, "cannot link '%s': %s", desttool, strerror(errno));
	free(src);
out:
	free(desttool);
	free(gnu);
	return ret;
}

/* $PATH as bitbake was started with it, a directory ending in /scripts as /ignoreme */
static void
orig_path(struct bb_strvec *out)
{
	const char *env = getenv("PATH");

	bb_strvec_splitc(out, env ? env : "", ':');
	for (size_t i = 0; i < out->n; i++) {
		size_t n = strlen(out->v[i]);

		if (n >= 8 && !strcmp(out->v[i] + n - 8, "/scripts")) {
			free(out->v[i]);
			out->v[i] = xstrdup("/ignoreme");
		}
	}
}

/*
 * the value less each "${@...}" left unevaluated (bblang warned about it
 * when it expanded the value): the tools those would add are unknown
 */
static char *
strip_python(const char *val)
{
	struct bb_buf b = BB_BUF_INIT;

	while (*val) {
		int depth = 0;
		char quote = 0;

		if (strncmp(val, "${@", 3)) {
			bb_buf_addch(&b, *val++);
			continue;
		}
		for (; *val; val++) {
			if (quote) {
				if (*val == '\\' && val[1])
					val++;
				else if (*val == quote)
					quote = 0;
			} else if (*val == '\'' || *val == '"') {
				quote = *val;
			} else if (*val == '{') {
				depth++;
			} else if (*val == '}' && !--depth) {
				val++;
				break;
			}
		}
		bb_buf_addch(&b, ' ');
	}
	return bb_buf_detach(&b);
}

static int
setup_dir(struct bb_data *d, const char *dest, const char *var, bool fatal,
	struct bb_error *err)
{
	struct bb_strvec tools = BB_STRVEC_INIT, path = BB_STRVEC_INIT, missing = BB_STRVEC_INIT;
	char *val = NULL;
	int ret = bb_data_get(d, var, true, &val) < 0 ? runscript_data_error(d, err) : 0;

	if (val && strstr(val, "${@")) {
		char *known = strip_python(val);

		bb_data_warn(d, NULL, "%s: the tools its inline python adds are not known, only "
			"the others are linked", var);
		free(val);
		val = known;
	}
	bb_strvec_split(&tools, val ? val : "");
	orig_path(&path);
	if (!ret && (bb_mkdir_parents(dest) < 0 || (mkdir(dest, 0777) < 0 && errno != EEXIST)))
		ret = bb_error(err, NULL, "cannot make the directory '%s': %s", dest,
			strerror(errno));
	for (size_t i = 0; i < tools.n && !ret; i++) {
		int r = link_tool(&path, dest, tools.v[i], err);

		if (r < 0)
			ret = -1;
		else if (r)
			bb_strvec_pushdup(&missing, tools.v[i]);
	}
	if (!ret && missing.n && fatal) {
		char *names = bb_strvec_join(&missing, 0, " ");

		ret = bb_error(err, NULL, "The following required tools (as specified by HOSTTOOLS) "
			"appear to be unavailable in PATH, please install them in order to "
			"proceed: %s", names);
		free(names);
	}
	bb_strvec_clear(&tools);
	bb_strvec_clear(&path);
	bb_strvec_clear(&missing);
	free(val);
	return ret;
}

int
task_hosttools(struct bb_data *d, struct bb_error *err)
{
	char *dest = NULL;
	int ret;

	if (bb_data_get(d, "HOSTTOOLS_DIR", true, &dest) < 0)
		return runscript_data_error(d, err);
	if (!dest || !*dest) {
		free(dest);
		return 0;
	}
	ret = setup_dir(d, dest, "HOSTTOOLS", true, err);
	if (!ret)
		ret = setup_dir(d, dest, "HOSTTOOLS_NONFATAL", false, err);
	free(dest);
	return ret;
}
