/*
 * libFuzzer target: pgo-run import's archive reader (runner/profile/collect.c over
 * libarchive) on hostile archives
 *
 * The input is the archive (tar, gzip or anything libarchive sniffs), read
 * from a memfd by collect_import_fd() into "profile" inside an empty
 * temporary directory, with small budgets (64 KiB a file, 256 KiB in all,
 * 64 files) and the stamp "B2?*" (GCC 12.x). A profile it installs is left
 * for the next input to replace, as pgo-run import does. The input goes
 * through the collect stage's meter too (runner/profile/tarmeter.c, the same
 * budgets), whole and in pieces: its verdict must not depend on them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/profile/collect.h"
#include "runner/profile/tarmeter.h"
#include "fuzz-util.h"

static char *profile;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	profile = fuzz_tmpfile("fuzz-import", "profile");
	return 0;
}

/* the collect meter's verdict on the bytes, fed in pieces of step; caller frees */
static char *
meter(const uint8_t *data, size_t size, size_t step)
{
	struct tar_meter m;
	struct bb_error err = BB_ERROR_INIT;
	char *msg = NULL;

	tar_meter_init(&m, 64 << 10, 256 << 10, 64);
	for (size_t i = 0; i < size && !msg; i += step)
		if (tar_meter_feed(&m, data + i, size - i < step ? size - i : step, &err) < 0)
			msg = strdup(err.msg);
	tar_meter_release(&m);
	bb_error_clear(&err);
	return msg ? msg : strdup("");
}

/* the same verdict whether the stream comes whole, in 7-byte pieces or 511-byte ones */
static void
meter_same(const uint8_t *data, size_t size)
{
	char *a = meter(data, size, size ? size : 1), *b = meter(data, size, 7);
	char *c = meter(data, size, 511);

	if (strcmp(a, b) || strcmp(a, c))
		abort();
	free(a), free(b), free(c);
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
	meter_same(data, size);
	return 0;
}
