#!/bin/sh
# demo.sh [OUTDIR] - meta-pgo end to end, without BitBake, in OUTDIR (default out):
#
#   1. pgo-gen writes the layer for the default conf     OUTDIR/meta-pgo
#   2. the test image is built from Debian's packages    OUTDIR/image
#      (build-image.sh: kernel, busybox, dropbear and an instrumented demo
#      program, with profile.conf, the image's side of do_profile)
#   3. "pgo-run task" runs the layer's python3-pgo-image:do_profile against it
#      (QEMU, ssh), with tests/image/demo.conf, as "bitbake
#      mc:pgo:python3-pgo-image -c profile" would run it    OUTDIR/build
#   4. where the profile landed and how many files it has
#
# MACHINE (environment) picks the image: qemux86-64 (the default), qemuarm64
# (Debian's arm64 packages, the demo cross-built with aarch64-linux-gnu-gcc,
# qemu-system-aarch64) or qemuarm (armhf, arm-linux-gnueabihf-gcc,
# qemu-system-arm); another machine's image goes in OUTDIR/image-MACHINE.
# Run after make, from the build tree or the source tree (PGO_GEN and PGO_RUN
# name the programs otherwise, PGO_RUN_SRC the runner's source tarball).
# Needs the machine's qemu-system-*, ssh and what build-image.sh needs.
set -eu

say() { printf 'demo: %s\n' "$*"; }
die() { printf 'demo: error: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

[ $# -le 1 ] || { echo "usage: $0 [OUTDIR]" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd -P)
# the programs of the build tree: the current directory's, else the source's
build=.
[ -x ./generator/pgo-gen ] || build=$src
PGO_GEN=${PGO_GEN:-$build/generator/pgo-gen}
PGO_RUN=${PGO_RUN:-$build/runner/pgo-run}
MACHINE=${MACHINE:-qemux86-64}
case $MACHINE in
	qemux86-64) arch=amd64 qemu=qemu-system-x86_64 qemupkg=qemu-system-x86 image=image ;;
	qemuarm64) arch=arm64 qemu=qemu-system-aarch64 qemupkg=qemu-system-arm image=image-$MACHINE ;;
	qemuarm) arch=armhf qemu=qemu-system-arm qemupkg=qemu-system-arm image=image-$MACHINE ;;
	*) die "MACHINE=$MACHINE: not qemux86-64, qemuarm64 or qemuarm" ;;
esac
QEMU=${QEMU:-$qemu}
for p in "$PGO_GEN" "$PGO_RUN"; do
	[ -x "$p" ] || die "$p not found: run make first (or set PGO_GEN and PGO_RUN)"
done
PGO_GEN=$(cd "$(dirname "$PGO_GEN")" && pwd -P)/$(basename "$PGO_GEN")
PGO_RUN=$(cd "$(dirname "$PGO_RUN")" && pwd -P)/$(basename "$PGO_RUN")
# the runner's sources that the layer carries: make's, in the build tree
if [ -z "${PGO_RUN_SRC:-}" ]; then
	for f in "$(dirname "$(dirname "$PGO_GEN")")"/pgo-run-*.tar.gz; do
		[ -f "$f" ] && PGO_RUN_SRC=$f
	done
	[ -n "${PGO_RUN_SRC:-}" ] || die "no pgo-run-VERSION.tar.gz beside $(dirname "$PGO_GEN"): run make first (or set PGO_RUN_SRC)"
fi
export PGO_RUN_SRC
command -v "$QEMU" >/dev/null 2>&1 || die "$QEMU not found (apt-get install $qemupkg)"
command -v ssh >/dev/null 2>&1 || die "ssh not found (apt-get install openssh-client)"
mkdir -p "${1:-out}" || die "cannot make ${1:-out}"
OUT=$(cd "${1:-out}" && pwd -P)
start=$(now)

# 1. the layer
layer=$OUT/meta-pgo
BUILDDIR='' "$PGO_GEN" -T "$src/templates" -o "$layer" || die "pgo-gen failed"
say "1. layer: $layer ($(find "$layer" -type f | wc -l) files)"

# 2. the image
t0=$(now)
if ! sh "$src/tests/image/build-image.sh" --arch "$arch" "$OUT/$image" >"$OUT/$image.log" 2>&1; then
	tail -n 5 "$OUT/$image.log" >&2
	die "building the image failed (log: $OUT/$image.log)"
fi
say "2. image: $(sed -n 's/^DEPLOY_DIR_IMAGE = "\(.*\)"$/\1/p' "$OUT/$image/profile.conf")" \
	"($(since "$t0")s)"

# 3. do_profile, as BitBake would run it
t0=$(now)
recipe=$layer/recipes-devtools/images/python3-pgo-image.bb
say "3. do_profile, as bitbake mc:pgo:python3-pgo-image -c profile runs it:" \
	"pgo-run task ... $(basename "$recipe") profile"
rc=0
# pgo-run and QEMU where pgo-run-native and qemu-system-native stage them:
# the task's PATH is BitBake's, that native sysroot and the hosttools
sysroot=$OUT/build/tmp/work/$MACHINE/python3-pgo-image/recipe-sysroot-native/usr/bin
if ! { mkdir -p "$sysroot" && ln -sf "$(command -v "$QEMU")" "$sysroot/" &&
	ln -sf "$(cd "$(dirname "$PGO_RUN")" && pwd)/$(basename "$PGO_RUN")" "$sysroot/pgo-run"; }; then
	die "cannot link pgo-run and $QEMU into $sysroot"
fi
"$PGO_RUN" task -D TOPDIR="$OUT/build" \
	-c "$OUT/$image/profile.conf" -c "$src/tests/image/demo.conf" \
	-I "$layer" "$recipe" profile || rc=$?
[ "$rc" = 0 ] || die "do_profile failed with exit code $rc (logs: $OUT/build/tmp/work/$MACHINE/python3-pgo-image/temp)"
say "   do_profile done ($(since "$t0")s)"

# 4. the profile
prof=$OUT/build/pgo-profile/$MACHINE
[ -f "$prof/pgo-manifest.xml" ] || die "no pgo-manifest.xml in $prof"
files=$(cd "$prof" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
nfiles=$(printf '%s\n' "$files" | grep -c .)
ngcda=$(printf '%s\n' "$files" | grep -c '\.gcda$' || true)
# shellcheck disable=SC2086 # the names on one line
say "4. the profile landed in $prof: $nfiles files ($ngcda .gcda):" $files
say "done in $(since "$start")s"
