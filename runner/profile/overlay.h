/*
 * overlay: pgo-run profile --overlay DIR, files of this machine put on the
 * target before the task (over ssh, unpacked by the target's tar at /)
 *
 * overlay_pack() writes DIR's regular files and symbolic links as a tar
 * (pax) into fd, under their paths relative to DIR (bytes as they are: pax
 * hdrcharset=BINARY) and no owner (root's on the target). Their permissions
 * go without setuid, setgid, sticky and write for group and others (a 4755
 * file arrives 0755, a 0777 one 0755) unless keep_modes. A directory is no
 * entry of its own, so the target's directories keep their modes and its
 * links to directories stay links. Anything else in DIR, or nothing, is an
 * error, whose path is quoted ('\x0a') when it holds more than printable
 * ASCII.
 */
#ifndef RUNNER_OVERLAY_H
#define RUNNER_OVERLAY_H

#include "bblang/util.h"

#include <stdbool.h>

struct overlay_stats {
	unsigned long long files, links, bytes;
	unsigned long long narrowed;	/* files whose mode lost bits (see keep_modes) */
};

/* 0, or -1 with err set ("--overlay DIR/PATH: why") */
int overlay_pack(const char *dir, bool keep_modes, int fd, struct overlay_stats *st,
	struct bb_error *err);

#endif
