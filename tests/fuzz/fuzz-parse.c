/*
 * libFuzzer target: the input is a conf file (or a recipe, class or .inc)
 *
 * Input layout: one mode byte (odd: parse as a recipe with BBHandler, even:
 * as a conf file with ConfHandler), then the file text up to the first NUL.
 * The bytes after that NUL, if any, are expanded with bb_data_expand() in
 * the resulting datastore; without a NUL the file text itself is expanded.
 *
 * Includes and inherits resolve against an empty BBPATH and the directory of
 * "fuzz.conf": the working directory, which LLVMFuzzerInitialize changes to
 * an empty temporary one (making relative path arguments absolute first), so
 * relative names are not found.  bblang only reads regular files named
 * *.conf, *.inc, *.bb or *.bbclass, so devices cannot be opened; inputs that
 * name /dev, /proc or /sys and have an include-like keyword are skipped too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/parse.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a relative path argument made absolute, as the working directory changes */
static char *
absolute(const char *cwd, const char *flag, const char *path)
{
	char *s;

	if (path[0] == '/' || asprintf(&s, "%s%s/%s", flag, cwd, path) < 0)
		return NULL;
	return s;
}

static char tmpdir[] = "/tmp/fuzz-parse.XXXXXX";

static void
remove_tmpdir(void)
{
	rmdir(tmpdir);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const flags[] = { "-artifact_prefix=", "-exact_artifact_path=",
		"-dict=", "-merge_control_file=", "-features_dir=" };
	char cwd[4096];

	if (!getcwd(cwd, sizeof(cwd)) || !mkdtemp(tmpdir) || chdir(tmpdir) < 0) {
		perror("fuzz-parse: empty working directory");
		abort();
	}
	atexit(remove_tmpdir);
	for (int i = 1; i < *argc; i++) {
		const char *a = (*argv)[i], *flag = "";
		char *abs;

		for (size_t k = 0; k < sizeof(flags) / sizeof(*flags) && a[0] == '-'; k++)
			if (!strncmp(a, flags[k], strlen(flags[k])))
				flag = flags[k];
		if (a[0] == '-' && !*flag)
			continue;
		if ((abs = absolute(cwd, flag, a + strlen(flag))))
			(*argv)[i] = abs;
	}
	return 0;
}

static bool
has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/* an include, require or inherit that could name a system path */
static bool
risky(const char *s, size_t n)
{
	static const char *const kw[] = { "include", "require", "inherit", "addfragments" };
	static const char *const sys[] = { "/dev", "/proc", "/sys" };
	bool k = false;

	for (size_t i = 0; i < sizeof(kw) / sizeof(*kw) && !k; i++)
		k = has(s, n, kw[i]);
	for (size_t i = 0; i < sizeof(sys) / sizeof(*sys) && k; i++)
		if (has(s, n, sys[i]))
			return true;
	return false;
}

static void
dump(struct bb_data *d, bool expand)
{
	struct bb_buf out = BB_BUF_INIT;
	struct bb_dump_opts o = { .flags = true, .expand = expand };

	bb_dump(d, &o, &out);
	bb_buf_release(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data + 1;
	size_t len, rest;
	struct bb_data *d;
	struct bb_stmts st;
	char *etext, *e = NULL;

	if (size < 1 || risky((const char *)data, size))
		return -1;
	len = strnlen(text, size - 1);
	rest = size - 1 - len;
	etext = rest > 1 ? strndup(text + len + 1, rest - 1) : strndup(text, len);
	if (!etext)
		abort();

	d = bb_data_new();
	if (!bb_parse_text(d, "fuzz.conf", text, len, data[0] & 1, &st)) {
		bb_stmts_eval(d, &st);
		bb_stmts_release(&st);
	}
	dump(d, true);
	dump(d, false);
	bb_data_clear_error(d);
	bb_data_expand(d, etext, NULL, &e);
	free(e);
	bb_data_free(d);
	free(etext);
	return 0;
}
