/* profile archives: checked entry by entry, staged, then swapped in as a whole */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/os.h"
#include "common/fe.h"
#include "runner/profile/collect-import.h"
#include "runner/profile/fdata.h"
#include "runner/profile/gcda.h"
#include "runner/proc.h"
#include "runner/quote.h"

/* libarchive, loaded by the first import */
static const struct la *la;


static int
entry_error(struct import *im, const char *entry, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int
entry_error(struct import *im, const char *entry, const char *fmt, ...)
{
	struct bb_buf b = BB_BUF_INIT;
	va_list ap;

	bb_buf_addf(&b, "%s: ", im->aname);
	if (entry) {
		bb_buf_addstr(&b, "entry ");
		quote_add(&b, entry);
		bb_buf_addstr(&b, ": ");
	}
	va_start(ap, fmt);
	bb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	bb_error(im->err, NULL, "%s", b.buf);
	bb_buf_release(&b);
	return -1;
}

/* libarchive's last message, escaped: it may hold bytes of the archive's names */
static const char *
archive_msg(struct import *im)
{
	const char *m = la->error_string(im->a);

	free(im->msg);
	im->msg = quote_text(m ? m : "no reason given");
	return im->msg;
}

/* a signal (SIGINT, SIGTERM, SIGHUP) came: the import stops there */
static int
interrupted(struct import *im)
{
	int sig = proc_signal_caught();

	if (!sig)
		return 0;
	return bb_error(im->err, NULL, "%s: interrupted by signal %d (%s)", im->aname, sig,
		strsignal(sig));
}

/* NULL when path is acceptable, else what is wrong with it */
static const char *
path_problem(const char *path)
{
	const char *s = path;

	if (!*s)
		return "empty path";
	if (*s == '/')
		return "absolute path";
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			return "character outside printable ASCII in the path";
	for (s = path; *s;) {
		size_t n = strcspn(s, "/");

		if (n == 2 && !strncmp(s, "..", 2))
			return "path leaves the profile";
		s += n;
		s += *s == '/';
	}
	return NULL;
}

/* the path with "" and "." components dropped and the rest joined by '#'; caller frees */
static char *
flatten(const char *path)
{
	struct bb_buf b = BB_BUF_INIT;

	for (const char *s = path; *s;) {
		size_t n = strcspn(s, "/");

		if (n && !(n == 1 && *s == '.')) {
			if (b.len)
				bb_buf_addch(&b, '#');
			bb_buf_add(&b, s, n);
		}
		s += n;
		s += *s == '/';
	}
	return bb_buf_detach(&b);
}

static const char *
type_name(mode_t type)
{
	switch (type) {
	case AE_IFLNK: return "symbolic link";
	case AE_IFCHR: return "character device";
	case AE_IFBLK: return "block device";
	case AE_IFIFO: return "fifo";
	case AE_IFSOCK: return "socket";
	default: return "file of unknown type";
	}
}

/* the entry's type and links: -1 unless it is a regular file or a directory */
static int
check_type(struct import *im, const char *path, struct archive_entry *e)
{
	mode_t type = la->entry_filetype(e);
	const char *hard = la->entry_hardlink(e);
	const char *what = hard ? "hard link" : type_name(type);
	const char *target = hard ? hard : type == AE_IFLNK ? la->entry_symlink(e) : NULL;
	struct bb_buf b = BB_BUF_INIT;

	if (!hard && (type == AE_IFREG || type == AE_IFDIR))
		return 0;
	if (target) {
		bb_buf_addstr(&b, " to ");
		quote_add(&b, target);
	}
	entry_error(im, path, "%s%s: only regular .gcda and .fdata files are accepted", what, b.buf);
	bb_buf_release(&b);
	return -1;
}

/* GCC's .gcda or BOLT's .fdata (*fdata set) by the name */
static int
check_name(struct import *im, const char *path, const char *flat, bool *fdata)
{
	const char *base = strrchr(flat, '#');
	size_t n = strlen(flat), nb = strlen(base ? base + 1 : flat);

	*fdata = nb > 6 && !strcmp(flat + n - 6, ".fdata");
	if (!*fdata && (nb <= 5 || strcmp(flat + n - 5, ".gcda")))
		return entry_error(im, path, "not a .gcda or .fdata file");
	if (n > NAME_MAX)
		return entry_error(im, path, "name longer than %d bytes once flattened to '%s'",
			NAME_MAX, flat);
	return 0;
}

static int
check_budget(struct import *im, const char *path, uint64_t size)
{
	const struct collect_opts *o = im->o;

	if (size > o->max_file_size)
		return entry_error(im, path, "%llu bytes, over the budget of %llu bytes per file",
			(unsigned long long)size, (unsigned long long)o->max_file_size);
	if (size > o->max_total_size - im->total)
		return entry_error(im, path, "over the budget of %llu bytes for the whole profile",
			(unsigned long long)o->max_total_size);
	return 0;
}

/* a second entry with the same flattened name */
static int
duplicate(struct import *im, const char *path, const char *flat)
{
	for (size_t i = 0; i < im->n; i++)
		if (!strcmp(im->v[i].name, flat)) {
			if (!strcmp(im->v[i].entry, path))
				return entry_error(im, path, "duplicate entry");
			return entry_error(im, path, "same file as entry '%s' (both are '%s')",
				im->v[i].entry, flat);
		}
	return entry_error(im, path, "'%s' exists already", flat);
}

/*
 * what merge-fdata and llvm-bolt ask of a binary's .fdata files together:
 * all with boltedcollection or none, counts adding up to at most 2^63-1 (of
 * all the archive's files: merge-fdata adds those of the same branch)
 */
static int
fdata_across(struct import *im, const struct fdata_check *fc, struct bb_error *err)
{
	if (im->nfdata && fc->bolted != im->fdata_bolted)
		return bb_error(err, NULL, "%s boltedcollection while the .fdata before %s "
			"(merge-fdata does not merge them)", fc->bolted ? "has" : "has no",
			fc->bolted ? "have none" : "have it");
	if (fc->counts > INT64_MAX - im->fdata_counts)
		return bb_error(err, NULL, "the .fdata files' counts add up to more than "
			"2^63-1 (llvm-bolt reads them as signed 64-bit)");
	im->fdata_bolted = fc->bolted;
	im->fdata_counts += fc->counts;
	return 0;
}

/*
 * copies the entry's data to fd, checking budgets as it goes, and the gcda
 * header or the fdata's form
 */
static int
copy_data(struct import *im, const char *path, const char *flat, bool fdata, int fd,
	uint64_t *size)
{
	unsigned char hdr[GCDA_HEADER_SIZE];
	size_t hn = 0;
	struct bb_error gerr = BB_ERROR_INIT;
	struct fdata_check *fc = fdata ? xmalloc(sizeof(*fc)) : NULL;
	int ret = 0;

	if (fc)
		*fc = (struct fdata_check)FDATA_CHECK_INIT;

	for (;;) {
		la_ssize_t r = la->read_data(im->a, im->buf, CHUNK);

		if (r == 0)
			break;
		if (interrupted(im) < 0) {
			ret = -1;
			goto out;
		}
		if (r < 0) {
			ret = entry_error(im, path, "truncated or corrupt archive (%s)",
				archive_msg(im));
			goto out;
		}
		if (check_budget(im, path, *size + (uint64_t)r) < 0) {
			ret = -1;
			goto out;
		}
		*size += (uint64_t)r;
		if (fc && fdata_feed(fc, im->buf, (size_t)r, &gerr) < 0)
			break;
		if (!fc && hn < sizeof(hdr)) {
			size_t k = (size_t)r < sizeof(hdr) - hn ? (size_t)r : sizeof(hdr) - hn;

			memcpy(hdr + hn, im->buf, k);
			hn += k;
			if (hn == sizeof(hdr) && gcda_check(hdr, hn, im->o->stamp, &gerr) < 0)
				break;
		}
		if (bb_write_all(fd, im->buf, (size_t)r) < 0) {
			ret = entry_error(im, path, "%s/%s: %s", im->stage, flat, strerror(errno));
			goto out;
		}
	}
	if (!gerr.msg && fc && fdata_finish(fc, &gerr) == 0)
		fdata_across(im, fc, &gerr);
	else if (!gerr.msg && hn < sizeof(hdr))
		gcda_check(hdr, hn, im->o->stamp, &gerr);
	if (gerr.msg) {
		ret = entry_error(im, path, "%s", gerr.msg);
		bb_error_clear(&gerr);
	}
out:
	free(fc);
	return ret;
}

/* the budgets by the entry's header: its size, the number of files */
static int
header_budget(struct import *im, const char *path, struct archive_entry *e)
{
	if (la->entry_size_is_set(e) && la->entry_size(e) >= 0 &&
	    check_budget(im, path, (uint64_t)la->entry_size(e)) < 0)
		return -1;
	if (im->n >= im->o->max_files)
		return entry_error(im, path, "more than %llu files, over the budget",
			(unsigned long long)im->o->max_files);
	return 0;
}

static int
stage_file(struct import *im, const char *path, char *flat, bool fdata, struct archive_entry *e)
{
	uint64_t size = 0;
	int fd, ret;

	if (header_budget(im, path, e) < 0)
		return -1;
	if (im->walk) {
		/* counted, not kept: the second pass stages it */
		im->n++;
		im->total += la->entry_size_is_set(e) ? (uint64_t)la->entry_size(e) : 0;
		free(flat);
		return 0;
	}
	fd = openat(im->dfd, flat, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 && errno == EEXIST)
		return duplicate(im, path, flat);
	if (fd < 0)
		return entry_error(im, path, "%s/%s: %s", im->stage, flat, strerror(errno));
	ret = copy_data(im, path, flat, fdata, fd, &size);
	if (!ret && (fsync(fd) < 0 || close(fd) < 0))
		ret = entry_error(im, path, "%s/%s: %s", im->stage, flat, strerror(errno));
	else if (ret)
		close(fd);
	if (ret)
		return -1;
	if (im->n == im->alloc) {
		im->alloc = im->alloc ? 2 * im->alloc : 64;
		im->v = xreallocarray(im->v, im->alloc, sizeof(*im->v));
	}
	im->v[im->n++] = (struct staged){ flat, xstrdup(path), size };
	im->total += size;
	if (fdata) {
		im->nfdata++;
		im->fdata_bytes += size;
	}
	return 0;
}

static int
read_entry(struct import *im, struct archive_entry *e)
{
	const char *path = la->entry_pathname(e);
	const char *problem;
	char *flat;
	bool fdata;

	if (!path)
		return entry_error(im, NULL, "entry without a usable path name");
	if ((problem = path_problem(path)))
		return entry_error(im, path, "%s", problem);
	if (check_type(im, path, e) < 0)
		return -1;
	if (la->entry_filetype(e) == AE_IFDIR) {
		if (++im->dirs > im->o->max_files)
			return entry_error(im, path, "more than %llu directories",
				(unsigned long long)im->o->max_files);
		return 0;
	}
	flat = flatten(path);
	if (check_name(im, path, flat, &fdata) < 0 || stage_file(im, path, flat, fdata, e) < 0) {
		free(flat);
		return -1;
	}
	return 0;
}

static int
read_archive(struct import *im, int fd)
{
	struct archive_entry *e;
	size_t entries = 0;
	int r;

	if (im->a)
		la->read_free(im->a);
	im->a = la->read_new();
	la->read_support_filter_gzip(im->a);
	la->read_support_format_tar(im->a);
	la->read_support_format_empty(im->a);
	if (la->read_open_fd(im->a, fd, CHUNK) != ARCHIVE_OK)
		return entry_error(im, NULL, "not a tar archive (%s)", archive_msg(im));
	while ((r = la->read_next_header(im->a, &e)) != ARCHIVE_EOF) {
		if (r != ARCHIVE_OK && !entries &&
		    (la->format(im->a) & ARCHIVE_FORMAT_BASE_MASK) != ARCHIVE_FORMAT_TAR)
			return entry_error(im, NULL, "not a tar archive (%s)",
				archive_msg(im));
		if (interrupted(im) < 0)
			return -1;
		/* a name libarchive cannot convert to this locale: the path check names it */
		if (r != ARCHIVE_OK && !(r == ARCHIVE_WARN && la->entry_pathname(e)))
			return entry_error(im, NULL, "truncated or corrupt archive (%s)",
				archive_msg(im));
		entries++;
		if (read_entry(im, e) < 0)
			return -1;
	}
	if (!im->n)
		return entry_error(im, NULL, "no profile data (no .gcda or .fdata files)");
	return 0;
}

/* an existing profile directory is replaced only if pgo-run wrote it, or it is empty */
static int
replaceable(const char *dir, struct bb_error *err)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	bool ok = false, empty = true;

	if (lstat(dir, &st) < 0)
		return errno == ENOENT ? 0 : bb_error(err, NULL, "%s: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return bb_error(err, NULL, "%s: exists and is not a directory", dir);
	if (!(d = opendir(dir)))
		return bb_error(err, NULL, "%s: %s", dir, strerror(errno));
	while (!ok && (e = readdir(d))) {
		ok = !strcmp(e->d_name, COLLECT_MANIFEST);
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	}
	closedir(d);
	if (!ok && !empty)
		return bb_error(err, NULL, "%s: not empty and holds no %s: not replacing it",
			dir, COLLECT_MANIFEST);
	return 0;
}

static int
put_in_place(const char *tmp, const char *dir, struct bb_error *err)
{
	if (replaceable(dir, err) < 0)
		return -1;
	return bb_dir_replace(tmp, dir, err);
}

/* the profile directory, normalized, with its parent directories made */
static char *
prepare_dir(const char *dir, struct bb_error *err)
{
	char *norm = fe_out_dir(dir, "profile", err);

	if (norm && bb_mkdir_parents(norm) < 0) {
		bb_error(err, NULL, "%s: %s", norm, strerror(errno));
		free(norm);
		return NULL;
	}
	return norm;
}

static int
finish(struct import *im, const char *dir)
{
	mode_t mask = umask(0);

	umask(mask);
	qsort(im->v, im->n, sizeof(*im->v), collect_cmp_staged);
	if (collect_write_tar(im) < 0 || collect_write_manifest(im) < 0)
		return -1;
	if (fchmod(im->dfd, 0777 & ~mask) < 0 || fsync(im->dfd) < 0)
		return bb_error(im->err, NULL, "%s: %s", im->stage, strerror(errno));
	return put_in_place(im->stage, dir, im->err);
}

static void
import_release(struct import *im)
{
	if (im->a)
		la->read_free(im->a);
	if (im->dfd >= 0)
		close(im->dfd);
	for (size_t i = 0; i < im->n; i++) {
		free(im->v[i].name);
		free(im->v[i].entry);
	}
	free(im->v);
	free(im->buf);
	free(im->stage);
	free(im->msg);
}

/*
 * a staging directory left by an import that was killed: DIR.tmp-PID-XXXXXX
 * whose PID runs no more, owned by us, holding regular files only
 */
static bool
stale_stage(int pfd, const char *name, size_t blen)
{
	const char *p = name + blen + 5, *dash;
	char *end;
	long pid;
	struct stat st;
	int fd;
	DIR *d;
	struct dirent *e;
	bool ok = true;

	dash = strchr(p, '-');
	if (!dash || strlen(dash + 1) != 6 || dash == p)
		return false;
	pid = strtol(p, &end, 10);
	if (end != dash || pid <= 0 || pid == getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
		return false;
	if (fstatat(pfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid())
		return false;
	if ((fd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return false;
	if (!(d = fdopendir(fd))) {
		close(fd);
		return false;
	}
	while (ok && (e = readdir(d)))
		ok = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
			(fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			 S_ISREG(st.st_mode));
	closedir(d);
	return ok;
}

/* removes the stale staging directories of dir (see stale_stage) */
static void
sweep_stages(const char *dir)
{
	char *parent = xstrdup(dir), *slash = strrchr(parent, '/');
	const char *base = slash ? slash + 1 : dir;
	size_t blen = strlen(base);
	DIR *d;
	struct dirent *e;

	if (slash)
		*slash = '\0';
	d = opendir(slash ? (*parent ? parent : "/") : ".");
	while (d && (e = readdir(d))) {
		char *path;

		if (strncmp(e->d_name, base, blen) || strncmp(e->d_name + blen, ".tmp-", 5) ||
		    !stale_stage(dirfd(d), e->d_name, blen))
			continue;
		path = slash ? bb_path_join(*parent ? parent : "/", e->d_name) : xstrdup(e->d_name);
		bb_rmtree(path);
		free(path);
	}
	if (d)
		closedir(d);
	free(parent);
}

/* a read that a signal (proc_signals_init) ends too: -1 with EINTR then */
static ssize_t
read_or_signal(int fd, void *buf, size_t n)
{
	struct pollfd p[2] = { { fd, POLLIN, 0 }, { proc_signal_fd(), POLLIN, 0 } };

	while (p[1].fd >= 0 && poll(p, 2, -1) < 0 && errno == EINTR)
		;
	if (p[1].fd >= 0 && (p[1].revents & POLLIN) && !(p[0].revents & (POLLIN | POLLHUP))) {
		errno = EINTR;
		return -1;
	}
	return read(fd, buf, n);
}

/*
 * fd's archive as a regular file to read twice: fd itself, or standard
 * input copied (within a bound of the budgets) into an unlinked file of the
 * staging directory; -1 on error
 */
static int
seekable(struct import *im, int fd, off_t *start)
{
	const struct collect_opts *o = im->o;
	uint64_t cap = o->max_total_size + 2048 * (o->max_files + 1), n = 0;
	struct stat st;
	int sfd;
	ssize_t r;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (*start = lseek(fd, 0, SEEK_CUR)) >= 0)
		return dup(fd);
	*start = 0;
	sfd = openat(im->dfd, "spool", O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (sfd < 0 || unlinkat(im->dfd, "spool", 0) < 0) {
		bb_error(im->err, NULL, "%s/spool: %s", im->stage, strerror(errno));
		if (sfd >= 0)
			close(sfd);
		return -1;
	}
	while ((r = read_or_signal(fd, im->buf, CHUNK)) != 0) {
		if (interrupted(im) < 0)
			break;
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			entry_error(im, NULL, "%s", strerror(errno));
			break;
		}
		if ((n += (uint64_t)r) > cap) {
			entry_error(im, NULL, "more than %llu bytes, over what the budgets allow",
				(unsigned long long)cap);
			break;
		}
		if (bb_write_all(sfd, im->buf, (size_t)r) < 0) {
			bb_error(im->err, NULL, "%s/spool: %s", im->stage, strerror(errno));
			break;
		}
	}
	if (r == 0 && lseek(sfd, 0, SEEK_SET) == 0)
		return sfd;
	if (r == 0)
		bb_error(im->err, NULL, "%s/spool: %s", im->stage, strerror(errno));
	close(sfd);
	return -1;
}

/*
 * two passes over the archive: the headers first (names, types, sizes and
 * counts, nothing written), then every entry staged and checked
 */
static int
import_archive(struct import *im, int fd)
{
	off_t start;
	int afd = seekable(im, fd, &start), ret;

	if (afd < 0)
		return -1;
	im->walk = true;
	ret = read_archive(im, afd);
	im->walk = false;
	im->n = im->dirs = 0;
	im->total = 0;
	if (!ret && lseek(afd, start, SEEK_SET) < 0)
		ret = bb_error(im->err, NULL, "%s: %s", im->aname, strerror(errno));
	if (!ret)
		ret = read_archive(im, afd);
	close(afd);
	return ret;
}

int
collect_import_fd(int fd, const char *name, const struct collect_opts *o,
	struct collect_result *res, struct bb_error *err)
{
	struct import im = { .o = o, .aname = name, .dfd = -1, .err = err };
	char *dir;
	int ret = -1;

	if (!la && !(la = la_api(err)))
		return -1;
	im.la = la;
	dir = prepare_dir(o->profile_dir, err);

	if (!dir || replaceable(dir, err) < 0)
		goto out;
	sweep_stages(dir);
	im.stage = xasprintf("%s.tmp-%ld-XXXXXX", dir, (long)getpid());
	if (!mkdtemp(im.stage)) {
		bb_error(err, NULL, "%s: %s", im.stage, strerror(errno));
		goto out;
	}
	im.buf = xmalloc(CHUNK);
	im.dfd = open(im.stage, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (im.dfd < 0)
		bb_error(err, NULL, "%s: %s", im.stage, strerror(errno));
	else
		ret = import_archive(&im, fd) < 0 || interrupted(&im) < 0 ? -1 : finish(&im, dir);
	if (ret)
		bb_rmtree(im.stage);
	else if (res)
		*res = (struct collect_result){ im.n, im.total, im.nfdata };
out:
	import_release(&im);
	free(dir);
	return ret;
}

int
collect_import_file(const char *path, const struct collect_opts *o,
	struct collect_result *res, struct bb_error *err)
{
	int fd, ret;

	if (!strcmp(path, "-"))
		return collect_import_fd(0, "<stdin>", o, res, err);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return bb_error(err, NULL, "%s: %s", path, strerror(errno));
	ret = collect_import_fd(fd, path, o, res, err);
	close(fd);
	return ret;
}
