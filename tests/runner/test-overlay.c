/*
 * runner/overlay.c: a directory packed for / on the target, read back with
 * libarchive's reader: files with their bytes and modes, links as links, no
 * directory entries, sorted; what cannot go, refused with its path
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/overlay.h"
#include "tests/test-util.h"

/* packs dir into a temporary file; its listing ("PATH MODE UID:GID SIZE DATA|->TARGET\n"...) or NULL */
static char *
pack_list(const char *dir, struct overlay_stats *st, struct bb_error *err)
{
	char path[] = "/tmp/test-overlay.XXXXXX";
	int fd = mkstemp(path);
	struct bb_buf out = BB_BUF_INIT;
	struct archive *a;
	struct archive_entry *e;
	char data[64];

	assert_true(fd >= 0);
	unlink(path);
	if (overlay_pack(dir, fd, st, err) < 0) {
		close(fd);
		return NULL;
	}
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	a = archive_read_new();
	archive_read_support_format_tar(a);
	assert_int_equal(archive_read_open_fd(a, fd, 4096), ARCHIVE_OK);
	while (archive_read_next_header(a, &e) == ARCHIVE_OK) {
		bb_buf_addf(&out, "%s %o %lld:%lld", archive_entry_pathname(e),
			(unsigned)archive_entry_perm(e), (long long)archive_entry_uid(e),
			(long long)archive_entry_gid(e));
		if (archive_entry_filetype(e) == AE_IFLNK) {
			bb_buf_addf(&out, " ->%s\n", archive_entry_symlink(e));
		} else {
			la_ssize_t n = archive_read_data(a, data, sizeof(data) - 1);

			assert_true(archive_entry_filetype(e) == AE_IFREG);
			assert_true(n >= 0);
			data[n] = '\0';
			bb_buf_addf(&out, " %lld %s", (long long)archive_entry_size(e), data);
		}
	}
	archive_read_free(a);
	close(fd);
	return bb_buf_detach(&out);
}

static void
packs_files_and_links(void **state)
{
	char *dir = test_tmpdir(), *p, *got;
	struct overlay_stats st;
	struct bb_error err = BB_ERROR_INIT;

	(void)state;
	test_write_tree(dir, "usr/lib/libpython3.14.so.1.0", "lib\n", "usr/bin/python3.14", "py\n",
		"a", "x\n", NULL);
	p = xasprintf("%s/usr/bin/python3.14", dir);
	assert_int_equal(chmod(p, 0755), 0);
	free(p);
	p = xasprintf("%s/usr/bin/python3", dir);
	assert_int_equal(symlink("python3.14", p), 0);
	free(p);
	p = xasprintf("%s/empty", dir);
	assert_int_equal(mkdir(p, 0700), 0);
	free(p);
	got = pack_list(dir, &st, &err);
	assert_null(err.msg);
	/* sorted by path; no directory entry, so none for empty/ */
	test_check_str(got,
		"a 644 0:0 2 x\n"
		"usr/bin/python3 777 0:0 ->python3.14\n"
		"usr/bin/python3.14 755 0:0 3 py\n"
		"usr/lib/libpython3.14.so.1.0 644 0:0 4 lib\n", "listing", __FILE__, __LINE__);
	assert_int_equal(st.files, 3);
	assert_int_equal(st.links, 1);
	assert_int_equal(st.bytes, 9);
	free(got);
	test_rmtree(dir);
	free(dir);
}

/* packing dir fails with the message "--overlay PATH: why" */
static void
refused(const char *dir, const char *path, const char *why, const char *what)
{
	struct overlay_stats st;
	struct bb_error err = BB_ERROR_INIT;
	char *want = xasprintf("--overlay %s: %s", path, why);

	assert_null(pack_list(dir, &st, &err));
	test_check_str(err.msg, want, what, __FILE__, __LINE__);
	free(want);
	bb_error_clear(&err);
}

static void
refuses_fifo_and_empty(void **state)
{
	char *dir = test_tmpdir(), *d = xasprintf("%s/d", dir), *f = xasprintf("%s/d/f", dir);
	char *none = xasprintf("%s/none", dir);

	(void)state;
	assert_int_equal(mkdir(d, 0755), 0);
	refused(dir, dir, "no files in it", "empty");
	assert_int_equal(mkfifo(f, 0644), 0);
	refused(dir, f, "not a regular file, directory or symbolic link", "fifo");
	refused(none, none, "No such file or directory", "missing");
	free(none);
	free(f);
	free(d);
	test_rmtree(dir);
	free(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(packs_files_and_links),
		cmocka_unit_test(refuses_fifo_and_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
