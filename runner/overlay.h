/*
 * overlay: pgo-run profile --overlay DIR, files of this machine put on the
 * target before the task (over ssh, unpacked by the target's tar at /)
 *
 * overlay_pack() writes DIR's regular files and symbolic links as a tar
 * (pax) into fd, under their paths relative to DIR, with their permissions
 * and no owner (root's on the target); a directory is no entry of its own,
 * so the target's directories keep their modes and its links to
 * directories stay links. Anything else in DIR, or nothing, is an error.
 */
#ifndef RUNNER_OVERLAY_H
#define RUNNER_OVERLAY_H

#include "bblang/util.h"

struct overlay_stats {
	unsigned long long files, links, bytes;
};

/* 0, or -1 with err set ("--overlay DIR/PATH: why") */
int overlay_pack(const char *dir, int fd, struct overlay_stats *st, struct bb_error *err);

#endif
