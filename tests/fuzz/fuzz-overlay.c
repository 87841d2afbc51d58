/*
 * libFuzzer target: --overlay's packing of names (runner/profile/overlay.c)
 *
 * The input is a mode byte (bit 0: keep modes; the other bits, the mode of
 * the files, and so their setuid, setgid, sticky and write bits), then names
 * separated by NUL bytes: each a relative path of up to 8 components, made
 * in an empty directory as a regular file (or, when the name ends in "@", a
 * symbolic link to the rest of the next name). Names that no file system
 * takes ("", ".", "..", over 255 bytes a component) are skipped. The
 * directory is packed, then read back with libarchive in C.UTF-8, and it
 * aborts unless: every packed entry is one made, with its bytes as its
 * name; every one made is packed; no mode carries setuid, setgid, sticky or
 * group or world write unless kept; or else, when packing fails, the error
 * is one line of printable ASCII naming a name that is no UTF-8.
 */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/profile/overlay.h"
#include "fuzz-util.h"

#define MAX_NAMES 32

static char *root;
static locale_t utf8;

struct made {
	char *path[MAX_NAMES];
	bool link[MAX_NAMES], seen[MAX_NAMES];
	int n;
};

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	root = fuzz_tmpfile("fuzz-overlay", "overlay");
	if (!(utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0)))
		abort();
	return 0;
}

/* whether a file system takes the path: components "", ".", "..", too long are not */
static bool
usable(const char *p)
{
	int parts = 0;

	if (!*p || strlen(p) > 1000)
		return false;
	for (const char *s = p; *s;) {
		size_t n = strcspn(s, "/");

		if (!n || n > 255 || (n == 1 && s[0] == '.') || (n == 2 && !strncmp(s, "..", 2)) ||
		    ++parts > 8)
			return false;
		s += n;
		if (*s == '/' && !*++s)
			return false;
	}
	return true;
}

/* the directories above path, made under root; false when one is a file already */
static bool
make_parents(const char *path)
{
	char *p = strdup(path);
	struct stat st;

	for (char *s = strchr(p, '/'); s; s = strchr(s + 1, '/')) {
		char *d;

		*s = '\0';
		if (asprintf(&d, "%s/%s", root, p) < 0)
			abort();
		/* a directory of its own: never through a link the input made */
		if (mkdir(d, 0755) < 0 && (errno != EEXIST || lstat(d, &st) < 0 ||
		    !S_ISDIR(st.st_mode))) {
			free(d), free(p);
			return false;
		}
		free(d);
		*s = '/';
	}
	free(p);
	return true;
}

/* one name: a file of mode, or a link to target; false when it cannot be */
static bool
make_one(const char *path, const char *target, mode_t mode)
{
	char *full;
	int fd;
	bool ok;

	if (!make_parents(path) || asprintf(&full, "%s/%s", root, path) < 0)
		return false;
	if (target) {
		ok = symlink(target, full) == 0;
	} else {
		fd = open(full, O_WRONLY | O_CREAT | O_EXCL, 0600);
		ok = fd >= 0 && write(fd, path, strlen(path)) == (ssize_t)strlen(path) &&
			fchmod(fd, mode) == 0;
		if (fd >= 0)
			close(fd);
	}
	free(full);
	return ok;
}

static void
make_tree(const uint8_t *data, size_t size, mode_t mode, struct made *m)
{
	const char *s = (const char *)data, *end = s + size;

	while (s < end && m->n < MAX_NAMES) {
		size_t n = strnlen(s, (size_t)(end - s));
		char *name = strndup(s, n);
		const char *next = s + n + 1 < end ? s + n + 1 : NULL;
		bool link = n > 1 && name[n - 1] == '@' && next;

		s += n + 1;
		if (!usable(name) || !make_one(name, link ? next : NULL, mode)) {
			free(name);
			continue;
		}
		m->link[m->n] = link;
		m->path[m->n++] = name;
	}
}

/* the error names a path that is not UTF-8, in one line of printable ASCII */
static void
check_error(const char *msg)
{
	for (const char *s = msg; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			abort();
	if (!strstr(msg, "not a UTF-8 name"))
		abort();
}

static void
check_archive(int fd, bool keep, struct made *m)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	locale_t prev = uselocale(utf8);
	int r;

	archive_read_support_format_tar(a);
	if (lseek(fd, 0, SEEK_SET) < 0 || archive_read_open_fd(a, fd, 65536) != ARCHIVE_OK)
		abort();
	while ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);
		int i;

		for (i = 0; i < m->n && (!name || strcmp(m->path[i], name)); i++)
			;
		if (i == m->n || m->seen[i] || (archive_entry_filetype(e) == AE_IFLNK) != m->link[i])
			abort();
		m->seen[i] = true;
		if (!m->link[i] && !keep && (archive_entry_perm(e) & 07022))
			abort();
	}
	if (r != ARCHIVE_EOF)
		abort();
	for (int i = 0; i < m->n; i++)
		if (!m->seen[i])
			abort();
	archive_read_free(a);
	uselocale(prev);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct made m = { .n = 0 };
	struct overlay_stats st;
	struct bb_error err = BB_ERROR_INIT;
	bool keep;
	mode_t mode;
	int fd;

	if (!size)
		return 0;
	keep = data[0] & 1;
	mode = 0400 | ((mode_t)data[0] << 4 & 07000) | (data[0] & 0376);
	fuzz_rm_dir_at(root);
	if (mkdir(root, 0755) < 0)
		abort();
	make_tree(data + 1, size - 1, mode, &m);
	if ((fd = memfd_create("overlay", MFD_CLOEXEC)) < 0)
		abort();
	if (overlay_pack(root, keep, fd, &st, &err) < 0) {
		if (m.n)
			check_error(err.msg);
	} else {
		check_archive(fd, keep, &m);
	}
	bb_error_clear(&err);
	close(fd);
	for (int i = 0; i < m.n; i++)
		free(m.path[i]);
	return 0;
}
