/*
 * libFuzzer target: pgo-run import's archive reader (runner/collect.c over
 * libarchive) on hostile archives
 *
 * The input is the archive (tar, gzip or anything libarchive sniffs), read
 * from a memfd by collect_import_fd() into "profile" inside an empty
 * temporary directory, with small budgets (64 KiB a file, 256 KiB in all,
 * 64 files) and the stamp "B2?*" (GCC 12.x). A profile it installs is left
 * for the next input to replace, as pgo-run import does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/collect.h"
#include "fuzz-util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *profile;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	if (asprintf(&profile, "%s/profile", fuzz_tmpdir("fuzz-import", NULL, NULL)) < 0)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct collect_opts o = COLLECT_OPTS_INIT;
	struct collect_result res;
	struct bb_error err = BB_ERROR_INIT;
	int fd = memfd_create("archive", MFD_CLOEXEC);

	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size) || lseek(fd, 0, SEEK_SET)) {
		perror("fuzz-import: memfd");
		abort();
	}
	o.profile_dir = profile;
	memcpy(o.stamp, "B2?*", 4);
	o.gcc_version = "12.2.0";
	o.max_file_size = 64 << 10;
	o.max_total_size = 256 << 10;
	o.max_files = 64;
	o.duration = 1;
	collect_import_fd(fd, "fuzz.tar", &o, &res, &err);
	bb_error_clear(&err);
	close(fd);
	return 0;
}
