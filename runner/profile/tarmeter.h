/*
 * tarmeter: a tar stream's headers walked as the bytes arrive, and its
 * budgets enforced before the whole stream is read
 *
 * The collect stage feeds the target's tar through a meter on its way to the
 * host: tar_meter_feed() reads each 512-byte header (ustar, GNU long names,
 * pax extended headers and their size=), and refuses the stream the moment
 * an entry is larger than max_file, the entries' data exceeds max_total, the
 * regular files or the other entries exceed max_files, a header is not a tar
 * header (bad checksum, size field), a header extension is larger than
 * TAR_METER_EXT_MAX or more than TAR_METER_EXT_RUN of them come in a row, or
 * more than TAR_METER_TAIL_MAX bytes follow the end-of-archive blocks. So
 * what it lets through is bounded by its budgets plus the headers'
 * overhead; the archive's contents are checked afterwards (collect.h).
 */
#ifndef RUNNER_TARMETER_H
#define RUNNER_TARMETER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bblang/buf.h"
#include "bblang/util.h"

#define TAR_METER_EXT_MAX (64 * 1024)
#define TAR_METER_EXT_RUN 4
#define TAR_METER_TAIL_MAX (1024 * 1024)

struct tar_meter {
	uint64_t max_file, max_total, max_files;
	uint64_t files, others;		/* regular files, other entries */
	uint64_t total;			/* their data's bytes */
	uint64_t bytes;			/* of the stream fed so far */
	unsigned char hdr[512];
	size_t hlen;
	uint64_t left;			/* data and padding of the entry still to come */
	char type;			/* of the extension whose data comes: L K x g, or 0 */
	struct bb_buf ext;		/* that header extension's data, ext_len bytes of it */
	size_t ext_len;
	char *name;			/* from a pax path= or a GNU long name, for the next entry */
	bool has_size;			/* a pax size= for the next entry */
	uint64_t size;
	int ext_run, zero_blocks;
	uint64_t tail;			/* bytes after the end-of-archive blocks */
	bool ended;
};

/* a meter with the three budgets */
void tar_meter_init(struct tar_meter *m, uint64_t max_file, uint64_t max_total,
	uint64_t max_files);
void tar_meter_release(struct tar_meter *m);
/* n more bytes of the stream: 0, or -1 with err set ("entry 'NAME': what is over") */
int tar_meter_feed(struct tar_meter *m, const void *p, size_t n, struct bb_error *err);

#endif
