/*
 * what the fuzz targets share: libFuzzer's entry points, an empty temporary
 * directory removed with its contents at exit, and the inputs they skip
 */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <ftw.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_dir[64];

static int
fuzz_rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void
fuzz_rm_dir(void)
{
	nftw(fuzz_dir, fuzz_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* dir and what it holds, links not followed, if it is there */
static void
fuzz_rm_dir_at(const char *dir)
{
	nftw(dir, fuzz_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* a relative path argument made absolute, as the working directory changes */
static char *
fuzz_absolute(const char *cwd, const char *flag, const char *path)
{
	char *s;

	if (path[0] == '/' || asprintf(&s, "%s%s/%s", flag, cwd, path) < 0)
		return NULL;
	return s;
}

/*
 * makes /tmp/NAME.XXXXXX, removed at exit; with argv, the directory becomes
 * the working directory and the relative paths of the arguments (corpus
 * directories and files, and the values of libFuzzer's path flags) are made
 * absolute first. argv[0] stays: libFuzzer forbids changing it, so -merge
 * and -jobs need the program by absolute path. Aborts on failure.
 */
static const char *
fuzz_tmpdir(const char *name, int *argc, char ***argv)
{
	static const char *const flags[] = { "-artifact_prefix=", "-exact_artifact_path=",
		"-dict=", "-merge_control_file=", "-features_dir=" };
	char cwd[4096];

	snprintf(fuzz_dir, sizeof(fuzz_dir), "/tmp/%s.XXXXXX", name);
	if (!getcwd(cwd, sizeof(cwd)) || !mkdtemp(fuzz_dir) || (argv && chdir(fuzz_dir) < 0)) {
		perror(name);
		abort();
	}
	atexit(fuzz_rm_dir);
	for (int i = 1; argv && i < *argc; i++) {
		const char *a = (*argv)[i], *flag = "";
		char *abs;

		for (size_t k = 0; k < sizeof(flags) / sizeof(*flags) && a[0] == '-'; k++)
			if (!strncmp(a, flags[k], strlen(flags[k])))
				flag = flags[k];
		if (a[0] == '-' && !*flag)
			continue;
		if ((abs = fuzz_absolute(cwd, flag, a + strlen(flag))))
			(*argv)[i] = abs;
	}
	return fuzz_dir;
}

/* file in a new temporary directory (fuzz_tmpdir without argv); aborts on failure */
static char *
fuzz_tmpfile(const char *name, const char *file)
{
	char *s;

	if (asprintf(&s, "%s/%s", fuzz_tmpdir(name, NULL, NULL), file) < 0)
		abort();
	return s;
}

static bool
fuzz_has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/* an include, require, inherit or addfragments that could name a system
   path (/dev, /proc, /sys): such inputs are skipped */
static bool
fuzz_risky(const char *s, size_t n)
{
	static const char *const kw[] = { "include", "require", "inherit", "addfragments" };
	static const char *const sys[] = { "/dev", "/proc", "/sys" };
	bool k = false;

	for (size_t i = 0; i < sizeof(kw) / sizeof(*kw) && !k; i++)
		k = fuzz_has(s, n, kw[i]);
	for (size_t i = 0; i < sizeof(sys) / sizeof(*sys) && k; i++)
		if (fuzz_has(s, n, sys[i]))
			return true;
	return false;
}

#endif
