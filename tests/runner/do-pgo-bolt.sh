#!/bin/bash
# TAP: the layer generated with PGO_BOLT = "1": python3's do_pgo_bolt, run
# end to end by "pgo-run task" against the real test image in QEMU (TCG),
# with Debian's llvm-bolt and merge-fdata on PATH and its x86-64 runtime as
# the target's. The recipe is a stand-in for OE-core's python3 (python3_3.14.6.bb
# in the layer, so that its bbappend applies) whose ${D} holds a program and its shared
# library built for BOLT under python3's names (usr/bin/python3.14,
# usr/lib/libpython3.14.so.1.0). The task must instrument both, take ${D}
# to the guest with them (pgo-run --overlay), run the task there, bring BOLT's
# profile back, rewrite both in ${D} and prove it (BOLT's note, functions
# with profile); the rewritten pair prints what the plain one does. The run's
# archive, imported as PGO_BOLT_PROFILE_DIR under another TOPDIR, rewrites
# them byte-identically without a guest.
# A coverage threshold the profile misses fails the task, with no stamp.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
top=$(cd "$here/.." && pwd)
PGO_GEN=${PGO_GEN:-$PWD/generator/pgo-gen}
BOLT_BIN=${BOLT_BIN:-/usr/lib/llvm-19/bin}
BOLT_RT=${BOLT_RT:-/usr/lib/llvm-19/lib/libbolt_rt_instr.a}

require_tools "$QEMU" ssh gcc readelf realpath "$BOLT_BIN/llvm-bolt" "$BOLT_BIN/merge-fdata"
[ -f "$BOLT_RT" ] || { echo "Bail out! no BOLT runtime $BOLT_RT (bolt-19)"; exit 1; }
for p in "$PGO_RUN" "$PGO_GEN"; do
	[ -x "$p" ] || { echo "Bail out! $p not built"; exit 99; }
done
image_load "$out"
echo "1..6"

"$PGO_GEN" -T "$top/templates" -D PGO_BOLT=1 -o "$W/layer/meta-pgo" 2>"$W/gen.err" ||
	{ echo "Bail out! pgo-gen: $(cat "$W/gen.err")"; exit 1; }

# the stand-in python3: main calls into the library, both built as CPython's
# --enable-bolt builds them (no hot/cold split by GCC, relocations kept)
cat >"$W/lib.c" <<'C'
#include <string.h>
static unsigned mix(unsigned h, unsigned c) { return (h ^ c) * 16777619u; }
unsigned lib_hash(const char *s, int rounds)
{
	unsigned h = 2166136261u;
	for (int r = 0; r < rounds; r++)
		for (size_t i = 0; i < strlen(s); i++)
			h = (s[i] & 1) ? mix(h, (unsigned)s[i]) : mix(h + 7, (unsigned)s[i]);
	return h;
}
unsigned lib_cold(unsigned h) { return h / 3 + 11; }
C
cat >"$W/main.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
unsigned lib_hash(const char *s, int rounds);
unsigned lib_cold(unsigned h);
int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	unsigned h = lib_hash("profile guided optimization", rounds);
	if (rounds < 0)
		h = lib_cold(h);
	printf("%u\n", h);
	return 0;
}
C
# shellcheck disable=SC2054 # -Wl,--emit-relocs: one option, its comma is the linker's
BF=(-O2 -fno-reorder-blocks-and-partition -Wl,--emit-relocs)
D0=$W/D0
mkdir -p "$D0/usr/bin" "$D0/usr/lib"
if gcc "${BF[@]}" -fPIC -shared -Wl,-soname,libpython3.14.so.1.0 -o "$D0/usr/lib/libpython3.14.so.1.0" \
	"$W/lib.c" >"$W/build.log" 2>&1 &&
   gcc "${BF[@]}" -o "$D0/usr/bin/python3.14" "$W/main.c" "$D0/usr/lib/libpython3.14.so.1.0" \
	>>"$W/build.log" 2>&1; then :; else
	echo "Bail out! the stand-in python3 does not build: $(tail -n 1 "$W/build.log")"; exit 1
fi
want=$(LD_LIBRARY_PATH=$D0/usr/lib "$D0/usr/bin/python3.14" 4000)

# in the generated layer, whose bbappend pgo-run task applies to it
recipe=$W/layer/meta-pgo/recipes-devtools/python/python3_3.14.6.bb
cat >"$recipe" <<'BB'
# a stand-in for OE-core's python3: what do_pgo_bolt reads of it
PYTHON_MAJMIN = "3.14"
CLASSOVERRIDE = "class-target"
# the class adds the task from anonymous python, which pgo-run task does not run
addtask pgo_bolt after do_install
# OE-core's logging.bbclass, in short
bbnote() {
	echo "NOTE: $*"
}
bbfatal() {
	echo "ERROR: $*"
	exit 1
}
BB
# what bitbake.conf and the build would give python3 (D: ${D} of its do_install)
cat >"$W/bolt.conf" <<'CONF'
PYTHON_PROFILE_OPT = "1"
TMPDIR = "${TOPDIR}/tmp"
WORKDIR = "${TMPDIR}/work/${MACHINE}/python3"
T = "${WORKDIR}/temp"
STAMP = "${TMPDIR}/stamps/${MACHINE}/python3"
D = "${TOPDIR}/image"
bindir = "/usr/bin"
libdir = "/usr/lib"
READELF = "readelf"
PGO_BOLT_QEMUBOOT = "${DEPLOY_DIR_IMAGE}/${IMAGE_LINK_NAME}.qemuboot.conf"
PGO_BOLT_TASK = "4000"
PGO_BOLT_JOBS = "1"
PGO_PROFILE_TIMEOUT = "600"
CONF
echo "PGO_BOLT_RUNTIME = \"$BOLT_RT\"" >>"$W/bolt.conf"
qemu_bindir=$(dirname "$(command -v "$QEMU")")

# bolt NAME [CONF...]: do_pgo_bolt with TOPDIR $W/NAME and ${D} a fresh copy
# of D0; output in $W/NAME.out, exit status in $rc, the log in $log
bolt() {
	name=$1
	shift
	confs=
	for c in "$@"; do confs="$confs -c $c"; done
	rm -rf "${W:?}/$name" && mkdir -p "$W/$name" && cp -a "$D0" "$W/$name/image"
	# shellcheck disable=SC2086 # confs: options and paths without spaces
	PATH="$(dirname "$PGO_RUN"):$BOLT_BIN:$PATH" "$PGO_RUN" task -D TOPDIR="$W/$name" \
		-D STAGING_BINDIR_NATIVE="$qemu_bindir" -c "$out/profile.conf" -c "$W/bolt.conf" $confs \
		-I "$W/layer/meta-pgo" "$recipe" pgo_bolt >"$W/$name.out" 2>&1
	rc=$?
	log=$W/$name/tmp/work/qemux86-64/python3/temp/log.do_pgo_bolt
}

# 1-4 the task, end to end
t0=$(now)
bolt a
echo "# time do_pgo_bolt $(since "$t0")s"
if [ "$rc" = 0 ] && [ -f "$W/a/tmp/stamps/qemux86-64/python3.do_pgo_bolt" ] && pids_gone "$log"; then
	ok "do_pgo_bolt exits 0, with its stamp; QEMU gone"
else
	not_ok "do_pgo_bolt exits 0 (exit $rc)"; diag "$W/a.out"; tail -n 30 "$log" 2>/dev/null | diag
fi
plog=$W/a/tmp/work/qemux86-64/python3/pgo-bolt/profile.log
grep -q -- "--overlay: 2 files" "$plog" && grep -q "^pgo-run: done:" "$plog" &&
	[ "$(ls "$W"/a/tmp/work/qemux86-64/python3/pgo-bolt/profile/*.fdata | wc -l)" = 2 ]
check $? "the instrumented pair went to the guest by --overlay ($(grep -o -- '--overlay: .*to /' "$plog")), one .fdata of each came back"
bolted=0
for f in usr/bin/python3.14 usr/lib/libpython3.14.so.1.0; do
	readelf -n "$W/a/image/$f" | grep -q 'BOLT revision' && bolted=$((bolted + 1))
done
notes=$(grep -o 'PGO_BOLT: .* rewritten by BOLT, [0-9]* of [0-9]* functions with profile ([0-9]*%)' "$log" |
	sed 's/^PGO_BOLT: //' | tr '\n' ';')
[ "$bolted" = 2 ] && [ "$(grep -c 'rewritten by BOLT' "$log")" = 2 ]
check $? "both rewritten in \${D}, with BOLT's note, checked by the task: $notes"
got=$(LD_LIBRARY_PATH=$W/a/image/usr/lib "$W/a/image/usr/bin/python3.14" 4000)
[ "$bolted" = 2 ] && [ -n "$want" ] && [ "$got" = "$want" ]
check $? "the rewritten pair prints what the plain one does ($want)"

# 5 the first run's archive, imported (pgo-run import) and given as
# PGO_BOLT_PROFILE_DIR to a fresh ${D} under another TOPDIR: no guest, and
# both binaries byte-identical to the first run's
"$PGO_RUN" import "$W/a/tmp/work/qemux86-64/python3/pgo-bolt/profile/profile.tar" \
	--profile-dir "$W/imported" --gcc-version "$(gcc -dumpfullversion)" >"$W/import.out" 2>&1
echo "PGO_BOLT_PROFILE_DIR = \"$W/imported\"" >"$W/import.conf"
bolt b "$W/import.conf"
if [ "$rc" = 0 ] && grep -q "^NOTE: PGO_BOLT: the profile of $W/imported, no run on the target" "$log" &&
   [ ! -e "$W/b/tmp/work/qemux86-64/python3/pgo-bolt/profile.log" ] &&
   cmp -s "$W/a/image/usr/bin/python3.14" "$W/b/image/usr/bin/python3.14" &&
   cmp -s "$W/a/image/usr/lib/libpython3.14.so.1.0" "$W/b/image/usr/lib/libpython3.14.so.1.0"; then
	ok "the first run's archive imported as PGO_BOLT_PROFILE_DIR under another TOPDIR: no guest, both byte-identical"
else
	not_ok "from the archive: identical (exit $rc)"; diag "$W/import.out"; diag "$W/b.out"; tail -n 5 "$log" 2>/dev/null | diag
fi

# 6 a coverage the profile misses: the task fails, no stamp, one ERROR line
echo 'PGO_BOLT_COVERAGE_MIN = "101"' >"$W/min.conf"
bolt c "$W/min.conf"
if [ "$rc" != 0 ] && [ ! -e "$W/c/tmp/stamps/qemux86-64/python3.do_pgo_bolt" ] &&
   grep -q '^ERROR: PGO_BOLT: .* functions of .* have profile (.*, at least 101% needed)' "$log"; then
	ok "below PGO_BOLT_COVERAGE_MIN: exit $rc, no stamp; $(grep -m1 '^ERROR: PGO_BOLT' "$log")"
else
	not_ok "below PGO_BOLT_COVERAGE_MIN fails (exit $rc)"; diag "$W/c.out"; tail -n 10 "$log" 2>/dev/null | diag
fi
