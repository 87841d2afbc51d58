/*
 * runner/profile/collect.c and runner/profile/gcda.c: a real .gcda from the gcc on PATH, archives
 * built at test time with libarchive's writer, and the hostile-archive catalogue
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/profile/collect.h"
#include "runner/profile/fdata.h"
#include "runner/profile/gcda.h"
#include "runner/profile/tarmeter.h"
#include "tests/test-util.h"

/* the .gcda the probe program wrote, and the stamp "gcc -dumpfullversion" gives */
static char *real_gcda;
static size_t real_len;
static char gcc_stamp[4];
static char *gcc_version;
/* runner/pgo-run in the build tree, found from this program's path */
static char *pgo_run;

enum kind { REG, RAW, DIR_, SYMLINK, HARDLINK, CHR, BLK, FIFO, FAKE };

/*
 * an archive entry: REG holds the real gcda; RAW holds data (len bytes, or a
 * string); FAKE holds fake_gcda's len bytes with the stamp arg (gcc's if NULL)
 */
struct ent {
	const char *name;
	enum kind kind;
	const char *arg;
	size_t len;
};

#define END { NULL, REG, NULL, 0 }
/* a record of BOLT's profile, as llvm-bolt -instrument's runtime writes it */
#define FDATA "1 main 2b 1 main 18 0 99999\n"
#define R(name) { name, REG, NULL, 0 }

struct fx {
	char *dir, *prof, *archive;
	struct collect_opts o;
};

static char *
read_bin(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct bb_buf b = BB_BUF_INIT;
	char chunk[4096];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		bb_buf_add(&b, chunk, n);
	fclose(f);
	*len = b.len;
	return bb_buf_detach(&b);
}

static void
write_bin(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* compiles and runs a tiny program with -fprofile-generate; 0 when a .gcda came out */
static int
make_real_gcda(void)
{
	char *dir = test_tmpdir(), *cmd, *path;
	DIR *d;
	struct dirent *e;
	int ret = -1;

	free(test_write(dir, "probe.c", "int main(int argc, char **argv)\n"
		"{\n\treturn argc > 5 ? 1 : 0;\n}\n"));
	cmd = xasprintf("cd '%s' && gcc -fprofile-generate -o probe probe.c && ./probe", dir);
	if (system(cmd) == 0 && (d = opendir(dir))) {
		while ((e = readdir(d)))
			if (strstr(e->d_name, ".gcda")) {
				path = xstrcat(dir, "/", e->d_name, NULL);
				real_gcda = read_bin(path, &real_len);
				free(path);
				ret = real_gcda ? 0 : -1;
			}
		closedir(d);
	}
	free(cmd);
	test_rmtree(dir);
	free(dir);
	return ret;
}

/* a gcda as a little-endian machine writes it, len bytes (at least 12) */
static char *
fake_gcda(const char stamp[4], size_t len)
{
	char *p = xmalloc(len);

	for (size_t i = 0; i < len; i++)
		p[i] = (char)(i * 7);
	memcpy(p, "adcg", 4);
	for (int i = 0; i < 4; i++)
		p[4 + i] = stamp[3 - i];
	return p;
}

static void
add_entry(struct archive *w, const struct ent *t, const char *dir)
{
	struct archive_entry *e = archive_entry_new();
	char *name = test_replace(t->name, "@T@", dir);
	char *fake = t->kind == FAKE ? fake_gcda(t->arg ? t->arg : gcc_stamp, t->len) : NULL;
	const char *data = t->kind == REG ? real_gcda : fake ? fake : t->arg;
	size_t len = t->kind == REG ? real_len : t->len ? t->len : t->arg ? strlen(t->arg) : 0;
	bool has_data = t->kind == REG || t->kind == RAW || t->kind == FAKE;
	static const mode_t types[] = { AE_IFREG, AE_IFREG, AE_IFDIR, AE_IFLNK, AE_IFREG,
		AE_IFCHR, AE_IFBLK, AE_IFIFO, AE_IFREG };

	archive_entry_set_pathname(e, name);
	archive_entry_set_filetype(e, types[t->kind]);
	archive_entry_set_perm(e, t->kind == DIR_ ? 0755 : 0644);
	if (t->kind == SYMLINK) {
		char *target = test_replace(t->arg, "@T@", dir);

		archive_entry_set_symlink(e, target);
		free(target);
	}
	if (t->kind == HARDLINK)
		archive_entry_set_hardlink(e, t->arg);
	if (t->kind == CHR || t->kind == BLK)
		archive_entry_set_rdevmajor(e, 1), archive_entry_set_rdevminor(e, 3);
	if (has_data)
		archive_entry_set_size(e, (la_int64_t)len);
	assert_int_equal(archive_write_header(w, e), ARCHIVE_OK);
	if (has_data)
		assert_int_equal(archive_write_data(w, data, len), (la_ssize_t)len);
	archive_entry_free(e);
	free(fake);
	free(name);
}

/* writes the entries up to one with a NULL name as a tar archive (gzip-compressed if asked) */
static void
build(const char *path, const char *dir, const struct ent *v, bool gzip)
{
	struct archive *w = archive_write_new();

	archive_write_set_format_pax_restricted(w);
	if (gzip)
		archive_write_add_filter_gzip(w);
	assert_int_equal(archive_write_open_filename(w, path), ARCHIVE_OK);
	for (; v->name; v++)
		add_entry(w, v, dir);
	assert_int_equal(archive_write_close(w), ARCHIVE_OK);
	archive_write_free(w);
}

static int
setup(void **state)
{
	struct fx *f = xcalloc(1, sizeof(*f));
	struct collect_opts o = COLLECT_OPTS_INIT;

	f->dir = test_tmpdir();
	f->prof = xstrcat(f->dir, "/prof", NULL);
	f->archive = xstrcat(f->dir, "/in.tar", NULL);
	f->o = o;
	f->o.profile_dir = f->prof;
	memcpy(f->o.stamp, gcc_stamp, 4);
	f->o.gcc_version = gcc_version;
	f->o.machine = "qemux86-64";
	f->o.image = "python3-pgo-image";
	f->o.task = "-m test --pgo";
	clock_gettime(CLOCK_REALTIME, &f->o.start);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	test_rmtree(f->dir);
	free(f->dir);
	free(f->prof);
	free(f->archive);
	free(f);
	return 0;
}

/* imports f->archive: the error message with the test directory as @T@, or NULL */
static char *
import(struct fx *f)
{
	struct bb_error err = BB_ERROR_INIT;
	char *msg = NULL;

	if (collect_import_file(f->archive, &f->o, NULL, &err) < 0) {
		assert_non_null(err.msg);
		msg = test_replace(err.msg, f->dir, "@T@");
	}
	bb_error_clear(&err);
	return msg;
}

static void
import_ok(struct fx *f)
{
	char *msg = import(f);

	if (msg)
		fail_msg("import failed: %s", msg);
}

static struct bb_buf snap;
static size_t snap_skip;

static int
snap_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	size_t len = 0;
	char *data = S_ISREG(st->st_mode) ? read_bin(path, &len) : NULL;

	bb_buf_addf(&snap, "%s %o %lld %lx\n", path + snap_skip, (unsigned)st->st_mode,
		(long long)st->st_size, data ? bb_hash(data, len) : 0UL);
	free(data);
	return 0;
}

static int
cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* every path below dir with its mode, size and content hash, sorted; caller frees */
static char *
snapshot(const char *dir)
{
	char *lines[4096], *s, *save = NULL;
	size_t n = 0;
	struct bb_buf out = BB_BUF_INIT;

	bb_buf_reset(&snap);
	snap_skip = strlen(dir);
	assert_int_equal(nftw(dir, snap_one, 16, FTW_PHYS), 0);
	for (s = strtok_r(snap.buf, "\n", &save); s && n < 4096; s = strtok_r(NULL, "\n", &save))
		lines[n++] = s;
	qsort(lines, n, sizeof(*lines), cmp_line);
	for (size_t i = 0; i < n; i++)
		bb_buf_addf(&out, "%s\n", lines[i]);
	bb_buf_release(&snap);
	return bb_buf_detach(&out);
}

/* installs a first profile, then checks the hostile import fails with want and changes nothing */
static void
expect_rejected(struct fx *f, const char *want)
{
	static const struct ent prev[] = { R("old/prev.gcda"), END };
	char *tar = xstrcat(f->dir, "/prev.tar", NULL), *before, *after, *msg, *a = f->archive;

	build(tar, f->dir, prev, false);
	f->archive = tar;
	import_ok(f);
	f->archive = a;
	before = snapshot(f->dir);
	msg = import(f);
	after = snapshot(f->dir);
	if (!msg)
		fail_msg("accepted; expected: %s", want);
	assert_string_equal(msg, want);
	assert_string_equal(after, before);
	assert_non_null(strstr(after, "/prof/old#prev.gcda "));
	free(msg), free(before), free(after), free(tar);
}

static void
reject(void **state, const struct ent *v, const char *want)
{
	struct fx *f = *state;

	build(f->archive, f->dir, v, false);
	expect_rejected(f, want);
}

#define REJECT(name, want, ...) \
	static void \
	name(void **state) \
	{ \
		static const struct ent v[] = { __VA_ARGS__, END }; \
		reject(state, v, want); \
	}

/* the same with the budget named set to n first */
#define REJECT_OVER(name, budget, n, want, ...) \
	static void \
	name(void **state) \
	{ \
		static const struct ent v[] = { __VA_ARGS__, END }; \
		struct fx *f = *state; \
		f->o.budget = n; \
		reject(state, v, want); \
	}

#define E "@T@/in.tar: entry "
#define ONLY ": only regular .gcda and .fdata files are accepted"

REJECT(test_dotdot, E "'a/../../evil.gcda': path leaves the profile",
	R("ok.gcda"), R("a/../../evil.gcda"))
REJECT(test_dotdot_dir, E "'../up/': path leaves the profile", { "../up/", DIR_, NULL, 0 })
REJECT(test_absolute, E "'@T@/abs.gcda': absolute path", R("@T@/abs.gcda"))
REJECT(test_symlink, E "'s.gcda': symbolic link to '/etc/passwd'" ONLY,
	{ "s.gcda", SYMLINK, "/etc/passwd", 0 })
REJECT(test_hardlink, E "'b.gcda': hard link to 'a.gcda'" ONLY,
	R("a.gcda"), { "b.gcda", HARDLINK, "a.gcda", 0 })
REJECT(test_chardev, E "'null.gcda': character device" ONLY, { "null.gcda", CHR, NULL, 0 })
REJECT(test_blockdev, E "'sda.gcda': block device" ONLY, { "sda.gcda", BLK, NULL, 0 })
REJECT(test_fifo, E "'p.gcda': fifo" ONLY, { "p.gcda", FIFO, NULL, 0 })
REJECT(test_symlink_then_file, E "'d': symbolic link to '@T@'" ONLY,
	{ "d", SYMLINK, "@T@", 0 }, R("d/evil.gcda"))
REJECT(test_not_gcda_name, E "'notes.txt': not a .gcda or .fdata file",
	R("a.gcda"), { "notes.txt", RAW, "hello\n", 0 })
REJECT(test_bare_suffix, E "'x/.gcda': not a .gcda or .fdata file",
	R("x/.gcda"))
REJECT(test_bare_fdata, E "'x/.fdata': not a .gcda or .fdata file",
	{ "x/.fdata", RAW, FDATA, 0 })
REJECT(test_duplicate, E "'a.gcda': duplicate entry", R("a.gcda"), R("a.gcda"))
REJECT(test_flat_clash, E "'x#a.gcda': same file as entry 'x/a.gcda' (both are 'x#a.gcda')",
	R("x/a.gcda"), R("x#a.gcda"))
REJECT(test_bad_magic, E "'bad.gcda': not a gcda file (starts with 6e 6f 74 61)",
	{ "bad.gcda", RAW, "notagcda and more", 0 })
REJECT(test_too_short, E "'short.gcda': too short for a gcda file (3 bytes)",
	{ "short.gcda", RAW, "gcd", 0 })
REJECT(test_control_char, E "'a\\x0ab.gcda': character outside printable ASCII in the path",
	R("a\nb.gcda"))
REJECT(test_no_data, "@T@/in.tar: no profile data (no .gcda or .fdata files)",
	{ "./", DIR_, NULL, 0 })
/* BOLT's profile (.fdata): text records, checked for form */
/* p.fdata of text, refused at its line n for why */
#define REJECT_FDATA(name, n, why, text) \
	REJECT(name, E "'p.fdata': line " #n ": " why, { "p.fdata", RAW, text, 0 })

REJECT_FDATA(test_fdata_binary, 1, "not a BOLT profile record (no space)", "\177ELF\2\1\1")
REJECT_FDATA(test_fdata_fields, 1, "no mispredictions field", "1 main 2b 1 main 18 9\n")
REJECT_FDATA(test_fdata_nine_fields, 1, "more than 8 fields", "1 main 2b 1 main 18 0 9 9\n")
REJECT_FDATA(test_fdata_location, 1, "malformed source location", "1 main 2g 1 main 18 0 9\n")
REJECT_FDATA(test_fdata_type, 1, "malformed target location", "1 main 2b 3 main 18 0 9\n")
REJECT_FDATA(test_fdata_count, 1, "malformed count", "1 main 2b 1 main 18 0 -9\n")
REJECT_FDATA(test_fdata_count_2_64, 1, "malformed count",
	"1 main 2b 1 main 18 0 18446744073709551616\n")
REJECT_FDATA(test_fdata_count_2_63, 2,
	"counts add up to more than 2^63-1 (llvm-bolt reads them as signed 64-bit)",
	FDATA "1 main 2b 1 main 18 0 9223372036854775807\n")
REJECT(test_fdata_counts_across, E "'q.fdata': the .fdata files' counts add up to more than "
	"2^63-1 (llvm-bolt reads them as signed 64-bit)",
	{ "p.fdata", RAW, "1 main 2b 1 main 18 0 9223372036854775000\n", 0 },
	{ "q.fdata", RAW, FDATA, 0 })
REJECT(test_fdata_bolted_mixed, E "'q.fdata': has boltedcollection while the .fdata before "
	"have none (merge-fdata does not merge them)",
	{ "p.fdata", RAW, FDATA, 0 }, { "q.fdata", RAW, "boltedcollection\n" FDATA, 0 })
REJECT_FDATA(test_fdata_no_lbr, 1, "a no_lbr profile (LLVM 19's merge-fdata refuses them)",
	"no_lbr cycles:u\n1 main 2b 17\n")
REJECT_FDATA(test_fdata_bolted_late, 2, "'boltedcollection' is not the first line",
	FDATA "boltedcollection\n")
REJECT(test_fdata_no_record, E "'p.fdata': no BOLT profile record",
	{ "p.fdata", RAW, "boltedcollection\n", 0 })

static void
test_other_gcc(void **state)
{
	static const struct ent v[] = { R("a.gcda"), { "b.gcda", FAKE, "A94*", 64 }, END };
	char *want, *ws = gcda_stamp_str(gcc_stamp);

	want = xasprintf(E "'b.gcda': gcda version stamp 'A94*' (GCC 9.4), expected '%s' "
		"(GCC %.*s)", ws, (int)strcspn(gcc_version, ".") + 2, gcc_version);
	reject(state, v, want);
	free(want), free(ws);
}

static void
test_empty_archive(void **state)
{
	static const struct ent v[] = { END };

	reject(state, v, "@T@/in.tar: no profile data (no .gcda or .fdata files)");
}

static void
test_garbage(void **state)
{
	struct fx *f = *state;

	free(test_write(f->dir, "in.tar", "this is not an archive at all\n"));
	expect_rejected(f, "@T@/in.tar: not a tar archive (Unrecognized archive format)");
}

REJECT_OVER(test_file_budget, max_file_size, 1024,
	E "'big.gcda': 2048 bytes, over the budget of 1024 bytes per file",
	{ "big.gcda", FAKE, NULL, 2048 })
REJECT_OVER(test_total_budget, max_total_size, 250,
	E "'c.gcda': over the budget of 250 bytes for the whole profile",
	{ "a.gcda", FAKE, NULL, 100 }, { "b.gcda", FAKE, NULL, 100 }, { "c.gcda", FAKE, NULL, 100 })
REJECT_OVER(test_file_count, max_files, 2, E "'c.gcda': more than 2 files, over the budget",
	R("a.gcda"), R("b.gcda"), R("c.gcda"))

/* a ustar header by hand: libarchive's writer would write all the data it announces */
static void
ustar_header(unsigned char *h, const char *name, const char *size_octal)
{
	unsigned sum = 0;

	memset(h, 0, 512);
	strcpy((char *)h, name);
	memcpy(h + 100, "0000644", 8);
	memcpy(h + 108, "0000000", 8);
	memcpy(h + 116, "0000000", 8);
	memcpy(h + 124, size_octal, 12);
	memcpy(h + 136, "00000000000", 12);
	memset(h + 148, ' ', 8);
	h[156] = '0';
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	for (int i = 0; i < 512; i++)
		sum += h[i];
	sprintf((char *)h + 148, "%06o", sum);
}

static void
test_huge_declared(void **state)
{
	struct fx *f = *state;
	unsigned char buf[512 * 4] = { 0 };

	ustar_header(buf, "huge.gcda", "77777777777");
	write_bin(f->archive, buf, sizeof(buf));
	expect_rejected(f, E "'huge.gcda': 8589934591 bytes, over the budget of 67108864 bytes "
		"per file");
}

static void
test_truncated_data(void **state)
{
	struct fx *f = *state;
	static const struct ent v[] = { { "a.gcda", FAKE, NULL, 4000 }, END };

	build(f->archive, f->dir, v, false);
	assert_int_equal(truncate(f->archive, 512 + 1000), 0);
	/* found by the header walk, before anything is staged */
	expect_rejected(f, "@T@/in.tar: truncated or corrupt archive (Truncated input file "
		"(needed 4096 bytes, only 1000 available))");
}

static void
test_truncated_header(void **state)
{
	struct fx *f = *state;
	static const struct ent v[] = { R("a.gcda"), R("b.gcda"), END };
	size_t hdr2 = 512 + (real_len + 511) / 512 * 512;

	build(f->archive, f->dir, v, false);
	assert_int_equal(truncate(f->archive, (off_t)(hdr2 + 200)), 0);
	expect_rejected(f, "@T@/in.tar: truncated or corrupt archive (Truncated tar archive)");
}

static void
test_profile_dir_foreign(void **state)
{
	struct fx *f = *state;
	static const struct ent v[] = { R("a.gcda"), END };
	char *before, *after, *msg;

	free(test_write(f->prof, "precious.txt", "not a profile\n"));
	build(f->archive, f->dir, v, false);
	before = snapshot(f->dir);
	msg = import(f);
	after = snapshot(f->dir);
	assert_non_null(msg);
	assert_string_equal(msg, "@T@/prof: not empty and holds no pgo-manifest.xml: "
		"not replacing it");
	assert_string_equal(after, before);
	free(msg), free(before), free(after);
}

static void
test_stamp_from_version(void **state)
{
	static const char *const v[][2] = {
		{ "12.2.0", "B22*" }, { "12.2", "B22*" }, { "12", "B2?*" }, { "12.%", "B2?*" },
		{ "9.4.0", "A94*" }, { "13.1.1 20230429", "B31*" }, { "5.1", "A51*" },
		{ "10.0.1-rc", "B00*" },
	};
	static const char *const bad[] = { "", "x", "12.x", "12.2x", "4.9.2", ".1" };
	struct bb_error err = BB_ERROR_INIT;
	char s[4];

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		assert_int_equal(gcda_stamp_from_version(v[i][0], s, &err), 0);
		assert_memory_equal(s, v[i][1], 4);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(gcda_stamp_from_version(bad[i], s, &err), -1);
		bb_error_clear(&err);
	}
	gcda_stamp_from_version("4.9.2", s, &err);
	assert_string_equal(err.msg, "GCC version '4.9.2': only GCC 5 and later are supported");
	bb_error_clear(&err);
	gcda_stamp_from_version("x", s, &err);
	assert_string_equal(err.msg, "'x' is not a GCC version (like 12.2.0, 12.2 or 12.%)");
	bb_error_clear(&err);
}

/* gcda_stamp_for_compiler: "CC -dumpfullversion" with CC split into words, and its failures */
static void
test_compiler(void **state)
{
	struct fx *f = *state;
	static const char *const bad[][2] = {
		{ "false", "'false -dumpfullversion' failed (exit status 1)" },
		{ "/no/such/cc", "'/no/such/cc -dumpfullversion' failed (exit status 127)" },
		{ "echo", "'-dumpfullversion' is not a GCC version (like 12.2.0, 12.2 or 12.%)" },
		{ "@T@/killed", "'@T@/killed -dumpfullversion' failed (signal 9)" },
	};
	struct bb_error err = BB_ERROR_INIT;
	char s[4], *version = NULL, *script = test_write(f->dir, "killed", "kill -KILL $$\n");

	assert_int_equal(chmod(script, 0755), 0);
	assert_int_equal(gcda_stamp_for_compiler("gcc -m64", s, &version, &err), 0);
	assert_memory_equal(s, gcc_stamp, 4);
	assert_string_equal(version, gcc_version);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *cc = test_replace(bad[i][0], "@T@", f->dir);
		char *want = test_replace(bad[i][1], "@T@", f->dir);

		assert_int_equal(gcda_stamp_for_compiler(cc, s, NULL, &err), -1);
		assert_string_equal(err.msg, want);
		bb_error_clear(&err);
		free(cc), free(want);
	}
	free(version);
	free(script);
}

/* the stamp computed from the version is the one in the file gcc really wrote */
static void
test_real_gcda(void **state)
{
	struct bb_error err = BB_ERROR_INIT;
	char s[4], swapped[16];

	assert_int_equal(gcda_stamp(real_gcda, real_len, s), 0);
	assert_memory_equal(s, gcc_stamp, 4);
	assert_int_equal(gcda_check(real_gcda, real_len, gcc_stamp, &err), 0);
	/* this host is little-endian: the words are stored byte-reversed */
	assert_memory_equal(real_gcda, "adcg", 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(real_gcda[4 + i], gcc_stamp[3 - i]);
	/* as a big-endian target writes it */
	for (int w = 0; w < 3; w++)
		for (int i = 0; i < 4; i++)
			swapped[4 * w + i] = real_gcda[4 * w + 3 - i];
	assert_memory_equal(swapped, "gcda", 4);
	assert_int_equal(gcda_check(swapped, 12, gcc_stamp, &err), 0);
	assert_int_equal(gcda_check(swapped, 12, "B2?*", &err), gcc_stamp[0] == 'B' &&
		gcc_stamp[1] == '2' ? 0 : -1);
	bb_error_clear(&err);
}

static void
check_profile_tar(const char *path, const char *const *names, size_t n, int64_t mtime)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	size_t i = 0;

	archive_read_support_format_tar(a);
	assert_int_equal(archive_read_open_filename(a, path, 10240), ARCHIVE_OK);
	while (archive_read_next_header(a, &e) == ARCHIVE_OK) {
		assert_true(i < n);
		assert_string_equal(archive_entry_pathname(e), names[i++]);
		assert_int_equal(archive_entry_uid(e), 0);
		assert_int_equal(archive_entry_gid(e), 0);
		assert_true(!archive_entry_uname(e) || !*archive_entry_uname(e));
		assert_true(!archive_entry_gname(e) || !*archive_entry_gname(e));
		assert_int_equal(archive_entry_mode(e), AE_IFREG | 0644);
		assert_int_equal(archive_entry_mtime(e), mtime);
	}
	assert_int_equal(i, n);
	archive_read_free(a);
}

static void
test_valid(void **state)
{
	struct fx *f = *state;
	char *be = xmalloc(real_len);
	const struct ent v[] = { { "./", DIR_, NULL, 0 }, { "./Objects/", DIR_, NULL, 0 },
		R("./Objects/abstract.gcda"), R("./Python/ceval.gcda"),
		{ "./Python//./big-endian.gcda", RAW, be, real_len }, R("main.gcda"),
		END };
	static const char *const names[] = { "Objects#abstract.gcda", "Python#big-endian.gcda",
		"Python#ceval.gcda", "main.gcda" };
	char *p, *m, *want;

	memcpy(be, real_gcda, real_len);
	for (int w = 0; w < 3; w++)
		for (int i = 0; i < 4; i++)
			be[4 * w + i] = real_gcda[4 * w + 3 - i];
	build(f->archive, f->dir, v, false);
	import_ok(f);
	for (size_t i = 0; i < 4; i++) {
		size_t len = 0;
		char *data = read_bin(p = xstrcat(f->prof, "/", names[i], NULL), &len);

		assert_non_null(data);
		assert_int_equal(len, real_len);
		assert_memory_equal(data, i == 1 ? be : real_gcda, len);
		free(data), free(p);
	}
	m = test_read(p = xstrcat(f->prof, "/pgo-manifest.xml", NULL));
	free(p);
	want = xasprintf("  <machine>qemux86-64</machine>\n  <image>python3-pgo-image</image>\n"
		"  <task>-m test --pgo</task>\n");
	assert_non_null(strstr(m, want));
	free(want);
	want = xasprintf("  <files>4</files>\n  <bytes>%zu</bytes>\n  <gcc version=\"%s\" "
		"stamp=\"%.4s\"/>\n", 4 * real_len, gcc_version, gcc_stamp);
	assert_non_null(strstr(m, want));
	assert_non_null(strstr(m, "<start>20"));
	assert_non_null(strstr(m, "Z</start>\n  <duration>"));
	assert_non_null(strstr(m, "<file name=\"Objects#abstract.gcda\" bytes="));
	check_profile_tar(p = xstrcat(f->prof, "/profile.tar", NULL), names, 4, 0);
	free(p), free(m), free(want), free(be);
	m = snapshot(f->dir);
	assert_null(strstr(m, ".tmp-"));
	free(m);
}

/* same files in another order, another time, another compression: the same profile.tar */
static void
test_deterministic(void **state)
{
	struct fx *f = *state;
	static const struct ent v1[] = { R("b/x.gcda"), R("a.gcda"), END };
	static const struct ent v2[] = { R("a.gcda"), R("./b/x.gcda"), END };
	char *tar = xstrcat(f->prof, "/profile.tar", NULL), *one, *two;
	size_t n1, n2;
	static const char *const names[] = { "a.gcda", "b#x.gcda" };

	f->o.mtime = 1700000000;
	build(f->archive, f->dir, v1, false);
	import_ok(f);
	one = read_bin(tar, &n1);
	sleep(1);
	f->o.task = "another task";
	build(f->archive, f->dir, v2, true);
	import_ok(f);
	two = read_bin(tar, &n2);
	assert_non_null(one);
	assert_non_null(two);
	assert_int_equal(n1, n2);
	assert_memory_equal(one, two, n1);
	check_profile_tar(tar, names, 2, 1700000000);
	free(one), free(two), free(tar);
}

static void
test_gzip(void **state)
{
	struct fx *f = *state;
	static const struct ent v[] = { R("./Objects/abstract.gcda"), END };
	char *p = xstrcat(f->prof, "/Objects#abstract.gcda", NULL);

	build(f->archive, f->dir, v, true);
	import_ok(f);
	assert_true(access(p, F_OK) == 0);
	free(p);
}

/* a new import replaces the whole profile */
static void
test_replaces(void **state)
{
	struct fx *f = *state;
	static const struct ent v1[] = { R("old.gcda"), END };
	static const struct ent v2[] = { R("new.gcda"), END };
	char *p;

	build(f->archive, f->dir, v1, true);
	import_ok(f);
	build(f->archive, f->dir, v2, false);
	import_ok(f);
	assert_false(access(p = xstrcat(f->prof, "/old.gcda", NULL), F_OK) == 0);
	free(p);
	assert_true(access(p = xstrcat(f->prof, "/new.gcda", NULL), F_OK) == 0);
	free(p);
}

/* GCC's and BOLT's profiles in one archive; the manifest counts BOLT's apart */
static void
test_fdata(void **state)
{
	struct fx *f = *state;
	static const char text[] = "boltedcollection\n" FDATA
		"0 [unknown] 0 1 frame_dummy/1 0 0 2\n1 hot/1 1e 1 hot/1 21 0 1042";
	/* what merge-fdata and llvm-bolt take too: blank lines, runs of spaces, any byte in a
	   name, negative mispredictions, no newline at the end */
	static const char forms[] = "boltedcollection\n\n1  main  2b 1 hot/1 1e -1 3\n\n2 m\0in\x1b 0 1 ma\\ in 0 0 7";
	const struct ent v[] = { R("Python/ceval.gcda"), { "bolt/python.bolt.123.fdata", RAW, text, 0 },
		{ "bolt/python.bolt.124.fdata", RAW, forms, sizeof(forms) - 1 }, END };
	static const char *const names[] = { "Python#ceval.gcda", "bolt#python.bolt.123.fdata",
		"bolt#python.bolt.124.fdata" };
	struct collect_result res;
	struct bb_error err = BB_ERROR_INIT;
	char *p, *m, *want, *data;
	size_t len;

	build(f->archive, f->dir, v, false);
	assert_int_equal(collect_import_file(f->archive, &f->o, &res, &err), 0);
	assert_int_equal(res.files, 3);
	assert_int_equal(res.fdata_files, 2);
	data = read_bin(p = xstrcat(f->prof, "/bolt#python.bolt.123.fdata", NULL), &len);
	assert_non_null(data);
	assert_int_equal(len, strlen(text));
	assert_memory_equal(data, text, len);
	free(data), free(p);
	m = test_read(p = xstrcat(f->prof, "/pgo-manifest.xml", NULL));
	free(p);
	want = xasprintf("  <files>3</files>\n  <bytes>%zu</bytes>\n  <bolt files=\"2\" bytes=\"%zu\"/>\n",
		real_len + strlen(text) + sizeof(forms) - 1, strlen(text) + sizeof(forms) - 1);
	assert_non_null(strstr(m, want));
	free(want), free(m);
	check_profile_tar(p = xstrcat(f->prof, "/profile.tar", NULL), names, 3, 0);
	free(p);
}

/* a BOLT pass alone brings back no .gcda; without BOLT's profile the manifest has no <bolt> */
static void
test_fdata_only(void **state)
{
	struct fx *f = *state;
	const struct ent v[] = { { "libpython3.14.so.1.0.bolt.7.fdata", RAW, FDATA, 0 }, END };
	const struct ent g[] = { R("a.gcda"), END };
	char *p, *m;

	build(f->archive, f->dir, v, false);
	import_ok(f);
	m = test_read(p = xstrcat(f->prof, "/pgo-manifest.xml", NULL));
	assert_non_null(strstr(m, "<bolt files=\"1\" bytes=\"28\"/>"));
	free(m);
	build(f->archive, f->dir, g, false);
	import_ok(f);
	m = test_read(p);
	assert_null(strstr(m, "<bolt"));
	free(m), free(p);
}

/* a line past FDATA_LINE_MAX is refused as it arrives */
static void
test_fdata_long_line(void **state)
{
	size_t n = FDATA_LINE_MAX + 2;
	char *line = xmalloc(n);
	struct ent v[] = { { "p.fdata", RAW, line, n }, END };

	memset(line, 'a', n);
	line[n - 1] = '\n';
	char *want = xasprintf(E "'p.fdata': line 1: longer than %d bytes", FDATA_LINE_MAX);

	reject(state, v, want);
	free(line), free(want);
}

/* runs pgo-run with args (shell words) in the test directory; *out gets its stderr */
static int
run_cli(struct fx *f, const char *args, char **out)
{
	char *err = xstrcat(f->dir, "/stderr", NULL);
	char *cmd = xasprintf("cd '%s' && '%s' %s >/dev/null 2>'%s'", f->dir, pgo_run, args, err);
	int st = system(cmd);

	*out = test_read(err);
	free(err), free(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void
test_cli(void **state)
{
	struct fx *f = *state;
	static const struct ent ok[] = { R("a.gcda"), END };
	static const struct ent bad[] = { R("x/../y.gcda"), END };
	char *out, *cmd;

	build(f->archive, f->dir, ok, false);
	assert_int_equal(run_cli(f, "", &out), 2);
	free(out);
	assert_int_equal(run_cli(f, "import in.tar --profile-dir prof", &out), 2);
	assert_string_equal(out, "pgo-run: import: give one of --gcc-version V and --cc CC "
		"(see pgo-run --help)\n");
	free(out);
	cmd = xasprintf("import in.tar --profile-dir prof --gcc-version %s", gcc_version);
	assert_int_equal(run_cli(f, cmd, &out), 0);
	free(out);
	build(f->archive, f->dir, bad, false);
	assert_int_equal(run_cli(f, cmd, &out), 1);
	assert_string_equal(out, "pgo-run: in.tar: entry 'x/../y.gcda': path leaves the profile\n");
	free(out), free(cmd);
	assert_int_equal(run_cli(f, "import in.tar --profile-dir prof --cc gcc", &out), 1);
	free(out);
}

/* the count is refused from the headers, before a.gcda's bad data is even read */
REJECT_OVER(test_count_before_staging, max_files, 2,
	E "'c.gcda': more than 2 files, over the budget",
	{ "a.gcda", FAKE, "XXXX", 64 }, R("b.gcda"), R("c.gcda"))

/* a pax path in UTF-8: named for what it is, not as a corrupt archive */
static void
test_pax_utf8_name(void **state)
{
	struct fx *f = *state;
	/* written in a UTF-8 locale: libarchive's pax writer wants to convert the name */
	locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0), prev;
	struct archive *w = archive_write_new();
	struct archive_entry *e = archive_entry_new();

	assert_non_null(utf8);
	prev = uselocale(utf8);
	archive_write_set_format_pax_restricted(w);
	assert_int_equal(archive_write_open_filename(w, f->archive), ARCHIVE_OK);
	archive_entry_set_pathname(e, "caf\xc3\xa9.gcda");
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_size(e, (la_int64_t)real_len);
	assert_int_equal(archive_write_header(w, e), ARCHIVE_OK);
	assert_int_equal(archive_write_data(w, real_gcda, real_len), (la_ssize_t)real_len);
	assert_int_equal(archive_write_close(w), ARCHIVE_OK);
	archive_write_free(w);
	archive_entry_free(e);
	uselocale(prev);
	freelocale(utf8);
	expect_rejected(f, E "'caf\\xc3\\xa9.gcda': character outside printable ASCII in the path");
}

/*
 * staging directories of imports that were killed (their PID gone) are
 * removed by the next import; a live one's, one holding a directory and
 * ones of other names are left
 */
static void
test_sweep_stale(void **state)
{
	struct fx *f = *state;
	static const struct ent v[] = { R("a.gcda"), END };
	static const char *const keep[] = { "prof.tmp-1-abcdef", "prof.tmp-999999999-abcdeg",
		"prof.tmp-x-abcdef", "other.tmp-999999999-abcdef" };
	char *dead = xasprintf("%s/prof.tmp-999999999-abcdef", f->dir), *p;

	assert_int_equal(mkdir(dead, 0700), 0);
	free(test_write(dead, "a.gcda", "stale"));
	for (size_t i = 0; i < sizeof(keep) / sizeof(*keep); i++) {
		p = xasprintf("%s/%s", f->dir, keep[i]);
		assert_int_equal(mkdir(p, 0700), 0);
		free(test_write(p, "a.gcda", "kept"));
		free(p);
	}
	p = xasprintf("%s/prof.tmp-999999999-abcdeg/sub", f->dir);
	assert_int_equal(mkdir(p, 0700), 0);
	free(p);
	build(f->archive, f->dir, v, false);
	import_ok(f);
	assert_int_equal(access(dead, F_OK), -1);
	for (size_t i = 0; i < sizeof(keep) / sizeof(*keep); i++) {
		p = xasprintf("%s/%s/a.gcda", f->dir, keep[i]);
		assert_int_equal(access(p, F_OK), 0);
		free(p);
	}
	free(dead);
}

/*
 * SIGINT, SIGTERM or SIGHUP while the archive comes from a FIFO: exit 1
 * with the signal named, nothing staged left, the profile as it was
 */
static void
test_signals(void **state)
{
	struct fx *f = *state;
	static const int sigs[] = { 2, 15, 1 };
	static const struct ent v[] = { R("a.gcda"), R("b.gcda"), END };
	char *out, *cmd, *sh, *before, *after, *errf = xstrcat(f->dir, "/stderr", NULL);

	build(f->archive, f->dir, v, false);
	import_ok(f);
	before = snapshot(f->prof);
	for (size_t i = 0; i < 3; i++) {
		cmd = xasprintf("sh -c 'rm -f fifo; mkfifo fifo; "
			"\"$0\" import fifo --profile-dir prof --gcc-version %s & p=$!; "
			"exec 3>fifo; head -c 1024 in.tar >&3; sleep 0.5; kill -%d $p; wait $p; "
			"st=$?; rm -f fifo; exit $st' '%s'", gcc_version, sigs[i], pgo_run);
		sh = xasprintf("cd '%s' && %s 2>stderr", f->dir, cmd);
		assert_int_equal(system(sh) >> 8, 1);
		out = test_read(errf);
		if (!strstr(out, "fifo: interrupted by signal"))
			fail_msg("signal %d: %s", sigs[i], out);
		after = snapshot(f->prof);
		assert_string_equal(after, before);
		free(after);
		after = snapshot(f->dir);
		assert_null(strstr(after, ".tmp-"));
		free(after), free(out), free(cmd), free(sh);
	}
	free(before), free(errf);
}

/*
 * the meter over the archive at path, fed in pieces of step bytes, with the
 * budgets: its error, or NULL when it let everything through
 */
static char *
meter(const char *path, size_t step, uint64_t max_file, uint64_t max_total, uint64_t max_files)
{
	struct tar_meter m;
	struct bb_error err = BB_ERROR_INIT;
	size_t len, i;
	char *data = read_bin(path, &len), *msg = NULL;

	assert_non_null(data);
	tar_meter_init(&m, max_file, max_total, max_files);
	for (i = 0; i < len && !msg; i += step)
		if (tar_meter_feed(&m, data + i, len - i < step ? len - i : step, &err) < 0)
			msg = xstrdup(err.msg);
	if (!msg)
		assert_int_equal(m.bytes, len);
	tar_meter_release(&m);
	bb_error_clear(&err);
	free(data);
	return msg;
}

/* the same verdict whatever the pieces: one byte at a time, 1000, all at once */
static void
meter_says(const char *path, uint64_t max_file, uint64_t max_total, uint64_t max_files,
	const char *want)
{
	static const size_t steps[] = { 1, 1000, (size_t)1 << 30 };

	for (size_t i = 0; i < 3; i++) {
		char *msg = meter(path, steps[i], max_file, max_total, max_files);

		if (want && (!msg || strcmp(msg, want)))
			fail_msg("step %zu: '%s', expected '%s'", steps[i], msg ? msg : "(let through)",
				want);
		if (!want && msg)
			fail_msg("step %zu: '%s'", steps[i], msg);
		free(msg);
	}
}

/* what libarchive and GNU tar write (ustar, pax and GNU long names), within the budgets */
static void
test_meter_formats(void **state)
{
	struct fx *f = *state;
	char *cmd, *path, *want;
	static const char *const formats[] = { "ustar", "pax", "gnu", "v7" };
	char longname[210];
	struct ent v[] = { R("a.gcda"), { "d/", DIR_, NULL, 0 }, { longname, FAKE, NULL, 3000 },
		END };

	memset(longname, 'x', sizeof(longname) - 6);
	strcpy(longname + sizeof(longname) - 6, ".gcda");
	build(f->archive, f->dir, v, false);
	meter_says(f->archive, 3000, real_len + 3000, 2, NULL);
	want = xasprintf("entry '%s': over the budget per file of 2999 bytes", longname);
	meter_says(f->archive, 2999, 1 << 20, 10, want);
	free(want);
	want = xasprintf("entry '%s': over the budget for the whole profile of %zu bytes",
		longname, real_len + 2999);
	meter_says(f->archive, 1 << 20, real_len + 2999, 10, want);
	free(want);
	want = xasprintf("entry '%s': more files than the budget of 1", longname);
	meter_says(f->archive, 1 << 20, 1 << 20, 1, want);
	free(want);
	/* GNU tar's: ustar, pax and GNU (long names in pax records, in 'L' entries), v7 */
	for (size_t i = 0; i < 4; i++) {
		const char *name = i == 1 || i == 2 ? longname : "short.gcda";

		cmd = xasprintf("cd '%s' && mkdir -p g && head -c 5000 /dev/zero >'g/%s' && "
			"tar --format=%s -cf g.tar g && rm -rf g", f->dir, name, formats[i]);
		assert_int_equal(system(cmd), 0);
		free(cmd);
		path = xstrcat(f->dir, "/g.tar", NULL);
		meter_says(path, 5000, 5000, 1, NULL);
		want = xasprintf("entry 'g/%s': over the budget per file of 4999 bytes", name);
		meter_says(path, 4999, 5000, 1, want);
		free(want);
		free(path);
	}
}

/* a GNU base-256 size, and a pax size= that overrides the header's */
static void
test_meter_sizes(void **state)
{
	struct fx *f = *state;
	unsigned char buf[512 * 8] = { 0 };
	static const char rec[] = "13 size=1000\n";
	unsigned sum = 0;

	ustar_header(buf, "b.gcda", "00000000000");
	memset(buf + 124, 0, 12);
	buf[124] = 0x80;
	buf[134] = 1000 >> 8;
	buf[135] = 1000 & 0xff;
	memset(buf + 148, ' ', 8);
	for (int i = 0; i < 512; i++)
		sum += buf[i];
	sprintf((char *)buf + 148, "%06o", sum);
	write_bin(f->archive, buf, 512 * 5);
	meter_says(f->archive, 1000, 1000, 1, NULL);
	meter_says(f->archive, 999, 1000, 1, "entry 'b.gcda': over the budget per file of 999 bytes");
	memset(buf, 0, sizeof(buf));
	ustar_header(buf, "PaxHeader/p", "00000000015");
	buf[156] = 'x';
	memset(buf + 148, ' ', 8);
	sum = 0;
	for (int i = 0; i < 512; i++)
		sum += buf[i];
	sprintf((char *)buf + 148, "%06o", sum);
	memcpy(buf + 512, rec, sizeof(rec) - 1);
	ustar_header(buf + 1024, "p.gcda", "00000000000");
	write_bin(f->archive, buf, sizeof(buf));
	meter_says(f->archive, 999, 1 << 20, 1, "entry 'p.gcda': over the budget per file of "
		"999 bytes");
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		T(test_stamp_from_version), T(test_compiler), T(test_real_gcda),
		T(test_valid), T(test_deterministic), T(test_gzip), T(test_replaces),
		T(test_dotdot), T(test_dotdot_dir), T(test_absolute), T(test_symlink),
		T(test_hardlink), T(test_chardev), T(test_blockdev), T(test_fifo),
		T(test_symlink_then_file), T(test_not_gcda_name), T(test_bare_suffix),
		T(test_duplicate), T(test_flat_clash), T(test_bad_magic), T(test_too_short),
		T(test_control_char), T(test_no_data), T(test_other_gcc), T(test_empty_archive),
		T(test_garbage), T(test_file_budget), T(test_total_budget), T(test_file_count),
		T(test_huge_declared), T(test_truncated_data), T(test_truncated_header),
		T(test_profile_dir_foreign), T(test_cli), T(test_bare_fdata), T(test_fdata),
		T(test_fdata_only), T(test_fdata_binary), T(test_fdata_fields),
		T(test_fdata_nine_fields), T(test_fdata_location), T(test_fdata_type),
		T(test_fdata_count), T(test_fdata_count_2_64), T(test_fdata_count_2_63),
		T(test_fdata_counts_across), T(test_fdata_bolted_mixed), T(test_fdata_no_lbr),
		T(test_fdata_bolted_late), T(test_fdata_no_record), T(test_fdata_long_line),
		T(test_count_before_staging), T(test_pax_utf8_name), T(test_sweep_stale),
		T(test_signals), T(test_meter_formats), T(test_meter_sizes),
	};
	struct bb_error err = BB_ERROR_INIT;

	char cwd[4096], *slash = strrchr(argv[0], '/');

	if (!slash || !getcwd(cwd, sizeof(cwd)))
		return 1;
	pgo_run = xasprintf("%s%s%.*s/../../runner/pgo-run", argv[0][0] == '/' ? "" : cwd,
		argv[0][0] == '/' ? "" : "/", (int)(slash - argv[0]), argv[0]);
	if (make_real_gcda() < 0) {
		fprintf(stderr, "cannot make a .gcda with gcc -fprofile-generate\n");
		return 1;
	}
	if (gcda_stamp_for_compiler("gcc", gcc_stamp, &gcc_version, &err) < 0) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
