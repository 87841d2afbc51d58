/* profile archives: the staged files written as the tarball and its manifest */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "common/xmlw.h"
#include "runner/profile/collect-import.h"
#include "runner/profile/gcda.h"

int
collect_cmp_staged(const void *a, const void *b)
{
	return strcmp(((const struct staged *)a)->name, ((const struct staged *)b)->name);
}

/* one staged file into the deterministic archive */
static int
tar_one(struct import *im, struct archive *w, struct archive_entry *e, const struct staged *f)
{
	const struct la *la = im->la;
	int fd = openat(im->dfd, f->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	uint64_t left = f->size;
	ssize_t r = 0;

	if (fd < 0)
		return bb_error(im->err, NULL, "%s/%s: %s", im->stage, f->name, strerror(errno));
	la->entry_clear(e);
	la->entry_set_pathname(e, f->name);
	la->entry_set_filetype(e, AE_IFREG);
	la->entry_set_perm(e, 0644);
	la->entry_set_size(e, (la_int64_t)f->size);
	la->entry_set_mtime(e, (time_t)im->o->mtime, 0);
	if (la->write_header(w, e) != ARCHIVE_OK)
		goto err;
	while (left && (r = read(fd, im->buf, CHUNK)) > 0) {
		if ((uint64_t)r > left)
			r = (ssize_t)left;
		if (la->write_data(w, im->buf, (size_t)r) != r)
			goto err;
		left -= (uint64_t)r;
	}
	close(fd);
	if (r < 0 || left)
		return bb_error(im->err, NULL, "%s/%s: %s", im->stage, f->name,
			r < 0 ? strerror(errno) : "changed while being archived");
	return 0;
err:
	close(fd);
	return bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_ARCHIVE,
		la->error_string(w));
}

int
collect_write_tar(struct import *im)
{
	const struct la *la = im->la;
	int fd = openat(im->dfd, COLLECT_ARCHIVE, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	struct archive *w;
	struct archive_entry *e;
	int ret = 0;

	if (fd < 0)
		return bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_ARCHIVE,
			strerror(errno));
	w = la->write_new();
	e = la->entry_new();
	la->write_set_format_pax_restricted(w);
	la->write_add_filter_none(w);
	if (la->write_open_fd(w, fd) != ARCHIVE_OK)
		ret = bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_ARCHIVE,
			la->error_string(w));
	for (size_t i = 0; !ret && i < im->n; i++)
		ret = tar_one(im, w, e, &im->v[i]);
	if (la->write_close(w) != ARCHIVE_OK && !ret)
		ret = bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_ARCHIVE,
			la->error_string(w));
	la->entry_free(e);
	la->write_free(w);
	if ((fsync(fd) < 0 || close(fd) < 0) && !ret)
		ret = bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_ARCHIVE,
			strerror(errno));
	return ret;
}

static double
elapsed_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	return (double)(now.tv_sec - start->tv_sec) + (now.tv_nsec - start->tv_nsec) / 1e9;
}

static void
add_number(xmlNodePtr parent, const char *name, const char *fmt, ...)
{
	char v[32];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v, sizeof(v), fmt, ap);
	va_end(ap);
	xmlw_add_text(parent, name, v);
}

static xmlDocPtr
manifest_doc(struct import *im)
{
	const struct collect_opts *o = im->o;
	xmlNodePtr root, gcc, f;
	xmlDocPtr doc = xmlw_doc(" written by pgo-run: the profile in this directory ",
				 "pgo-profile", &root, im->err);
	char start[32], bytes[24], *stamp;
	struct tm tm;
	double dur = o->duration >= 0 ? o->duration : elapsed_since(&o->start);

	if (!doc)
		return NULL;
	stamp = gcda_stamp_str(o->stamp);
	gmtime_r(&o->start.tv_sec, &tm);
	strftime(start, sizeof(start), "%Y-%m-%dT%H:%M:%SZ", &tm);
	xmlw_set_prop(root, "format", "1");
	xmlw_add_text(root, "machine", o->machine);
	xmlw_add_text(root, "image", o->image);
	xmlw_add_text(root, "task", o->task);
	xmlw_add_text(root, "source", o->source);
	if (o->target) {
		xmlNodePtr t = xmlw_add_text(root, "target", o->target);

		if (t && o->accel)
			xmlw_set_prop(t, "accelerator", o->accel);
		if (t && o->smp > 0) {
			char n[16];

			snprintf(n, sizeof(n), "%d", o->smp);
			xmlw_set_prop(t, "cpus", n);
		}
	}
	xmlw_add_text(root, "start", start);
	add_number(root, "duration", "%.3f", dur < 0 ? 0.0 : dur);
	add_number(root, "files", "%zu", im->n);
	add_number(root, "bytes", "%llu", (unsigned long long)im->total);
	if (im->nfdata) {
		xmlNodePtr bolt = xmlw_add(root, "bolt");
		char v[24];

		snprintf(v, sizeof(v), "%zu", im->nfdata);
		xmlw_set_prop(bolt, "files", v);
		snprintf(v, sizeof(v), "%llu", (unsigned long long)im->fdata_bytes);
		xmlw_set_prop(bolt, "bytes", v);
	}
	gcc = xmlw_add(root, "gcc");
	xmlw_set_prop(gcc, "version", o->gcc_version ? o->gcc_version : "");
	xmlw_set_prop(gcc, "stamp", stamp);
	xmlw_add_text(root, "archive", COLLECT_ARCHIVE);
	for (size_t i = 0; i < im->n; i++) {
		f = xmlw_add(root, "file");
		xmlw_set_prop(f, "name", im->v[i].name);
		snprintf(bytes, sizeof(bytes), "%llu", (unsigned long long)im->v[i].size);
		xmlw_set_prop(f, "bytes", bytes);
	}
	free(stamp);
	return doc;
}

int
collect_write_manifest(struct import *im)
{
	int fd = openat(im->dfd, COLLECT_MANIFEST, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	xmlDocPtr doc;
	int ret = 0;

	if (fd < 0)
		return bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_MANIFEST,
			strerror(errno));
	if (!(doc = manifest_doc(im)))
		ret = -1;
	else if (xmlw_write_fd(doc, fd) < 0 || fsync(fd) < 0)
		ret = bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_MANIFEST,
			strerror(errno));
	xmlw_free(doc);
	if (close(fd) < 0 && !ret)
		ret = bb_error(im->err, NULL, "%s/%s: %s", im->stage, COLLECT_MANIFEST,
			strerror(errno));
	return ret;
}
