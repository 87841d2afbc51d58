/*
 * runner/profile/overlay.c: a directory packed for / on the target, read back with
 * libarchive's reader: files with their bytes and modes, links as links, no
 * directory entries, sorted; what cannot go, refused with its path
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/profile/overlay.h"
#include "runner/quote.h"
#include "tests/test-util.h"

static bool keep_modes;

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
	locale_t utf8, prev;
	int r;

	assert_true(fd >= 0);
	unlink(path);
	if (overlay_pack(dir, keep_modes, fd, st, err) < 0) {
		close(fd);
		return NULL;
	}
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	a = archive_read_new();
	archive_read_support_format_tar(a);
	assert_int_equal(archive_read_open_fd(a, fd, 4096), ARCHIVE_OK);
	/* the names as UTF-8 bytes */
	utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	assert_non_null(utf8);
	prev = uselocale(utf8);
	while ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
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
	uselocale(prev);
	freelocale(utf8);
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

/* a file of dir with mode; caller frees the path */
static void
file_mode(const char *dir, const char *name, mode_t mode)
{
	char *p = xasprintf("%s/%s", dir, name);

	free(test_write(dir, name, "m\n"));
	assert_int_equal(chmod(p, mode), 0);
	free(p);
}

/* setuid, setgid, sticky, g+w and o+w taken away, and counted; kept when asked */
static void
narrows_modes(void **state)
{
	/* each file's mode, and the mode it is packed with when narrowed (by name) */
	static const struct {
		const char *name;
		mode_t mode, narrowed;
	} files[] = {
		{ "plain", 0640, 0640 },
		{ "sgid", 02775, 0755 },
		{ "sticky", 01644, 0644 },
		{ "suid", 04755, 0755 },
		{ "world", 0777, 0755 },
	};
	char *dir = test_tmpdir(), *got;
	struct overlay_stats st;
	struct bb_error err = BB_ERROR_INIT;
	struct bb_buf narrowed = BB_BUF_INIT, kept = BB_BUF_INIT;

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		file_mode(dir, files[i].name, files[i].mode);
		bb_buf_addf(&narrowed, "%s %o 0:0 2 m\n", files[i].name,
			(unsigned)files[i].narrowed);
		bb_buf_addf(&kept, "%s %o 0:0 2 m\n", files[i].name, (unsigned)files[i].mode);
	}
	got = pack_list(dir, &st, &err);
	test_check_str(got, narrowed.buf, "narrowed", __FILE__, __LINE__);
	assert_int_equal(st.narrowed, 4);
	free(got);
	keep_modes = true;
	got = pack_list(dir, &st, &err);
	keep_modes = false;
	test_check_str(got, kept.buf, "kept", __FILE__, __LINE__);
	assert_int_equal(st.narrowed, 0);
	free(got);
	bb_buf_release(&narrowed);
	bb_buf_release(&kept);
	test_rmtree(dir);
	free(dir);
}

/*
 * names in UTF-8 packed in the C locale (as pax path records in UTF-8); a
 * name that is not UTF-8 refused, quoted, as are names with a newline or ESC
 */
static void
packs_names(void **state)
{
	char *dir = test_tmpdir(), *got, *d = xasprintf("%s/d", dir), *f, *want;
	struct overlay_stats st;
	struct bb_error err = BB_ERROR_INIT;

	(void)state;
	assert_non_null(setlocale(LC_ALL, "C"));
	test_write_tree(dir, "etc/caf\xc3\xa9", "c\n", "a\nb", "n\n", "e\x1b[0m", "e\n", NULL);
	got = pack_list(dir, &st, &err);
	assert_null(err.msg);
	test_check_str(got,
		"a\nb 644 0:0 2 n\n"
		"e\x1b[0m 644 0:0 2 e\n"
		"etc/caf\xc3\xa9 644 0:0 2 c\n", "utf-8", __FILE__, __LINE__);
	free(got);
	assert_int_equal(mkdir(d, 0755), 0);
	free(test_write(d, "lat\xe9", "l\n"));
	f = xasprintf("'%s/d/lat\\xe9'", dir);
	want = xasprintf("--overlay %s: not a UTF-8 name (pax carries UTF-8)", f);
	assert_null(pack_list(dir, &st, &err));
	test_check_str(err.msg, want, "latin-1", __FILE__, __LINE__);
	bb_error_clear(&err);
	free(want);
	free(f);
	f = xasprintf("%s/d/lat\xe9", dir);
	unlink(f);
	free(f);
	/* what glibc's decoder lets through and libarchive's does not: past U+10FFFF,
	   overlong, a surrogate */
	for (size_t i = 0; i < 3; i++) {
		static const char *const bad[] = { "\xf6\x9d\x8f\x86", "\xc0\xaf", "\xed\xa0\x80" };
		char *q;

		free(test_write(d, bad[i], "b\n"));
		f = xasprintf("%s/d/%s", dir, bad[i]);
		q = quote_str(f);
		want = xasprintf("--overlay %s: not a UTF-8 name (pax carries UTF-8)", q);
		assert_null(pack_list(dir, &st, &err));
		test_check_str(err.msg, want, bad[i], __FILE__, __LINE__);
		bb_error_clear(&err);
		unlink(f);
		free(want), free(q), free(f);
	}
	f = xasprintf("%s/d/f\x1b\n", dir);
	assert_int_equal(mkfifo(f, 0644), 0);
	want = xasprintf("--overlay '%s/d/f\\x1b\\x0a': not a regular file, directory or "
		"symbolic link", dir);
	assert_null(pack_list(dir, &st, &err));
	test_check_str(err.msg, want, "fifo", __FILE__, __LINE__);
	bb_error_clear(&err);
	free(want);
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
		cmocka_unit_test(narrows_modes),
		cmocka_unit_test(packs_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
