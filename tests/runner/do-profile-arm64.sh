#!/bin/bash
# TAP: the generated layer's python3-pgo-image:do_profile for MACHINE
# qemuarm64, run by "pgo-run task" against the aarch64 test image
# (tests/image/build-image.sh --arch arm64) in qemu-system-aarch64 under TCG,
# as tests/runner/do-profile.sh does for qemux86-64:
#   1-5  stand-alone, with the image's profile.conf and tests/image/demo.conf
#        (as tests/image/demo.sh runs it with MACHINE=qemuarm64): the profile
#        lands in TOPDIR/pgo-profile/qemuarm64;
#   6-11 through -B, in a build directory made as a real qemuarm64 build
#        leaves it (OE-core's meta from tests/data/oe-meta with
#        conf/machine/qemuarm64.conf and its arm tunes, the committed layer,
#        BBMULTICONFIG = "pgo", the image in that configuration's deploy
#        directory, qemu-system-aarch64 in the recipe's native sysroot): the
#        profile is staged in ${WORKDIR}/pgo-profile.
# Each profile must build the cross demo with aarch64-linux-gnu-gcc
# -fprofile-use -Werror=missing-profile, which fails without it.
# The image is built in $PGO_IMAGE_DIR/do-profile-arm64, reusing the packages
# tests/runner/qemu-arm64.sh downloaded into $PGO_IMAGE_DIR/arm64.
set -u
IMAGE_ARCH=arm64
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
top=$(cd "$here/.." && pwd)
shared=$out
out=$shared/do-profile-arm64

# shellcheck disable=SC2086 # QEMU_USER: one name
require_tools "$QEMU" ssh $QEMU_USER "$CROSS_CC"
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }
reuse_debs "$shared"/arm64 "$out"
image_build "$out"
image_load "$out"
echo "1..11"

recipe=recipes-devtools/images/python3-pgo-image.bb
m=$IMAGE_MACHINE

# 1-5 stand-alone: pgo-run task -c profile.conf -c demo.conf, as demo.sh runs it
t=$W/plain
t0=$(now)
qemu_bindir=$t/tmp/work/$m/python3-pgo-image/recipe-sysroot-native/usr/bin
sysroot_native "$qemu_bindir" "$PGO_RUN"
"$PGO_RUN" task -D TOPDIR="$t" -c "$out/profile.conf" \
	-c "$top/tests/image/demo.conf" -I "$top/meta-pgo" "$top/meta-pgo/$recipe" profile \
	>"$W/plain.out" 2>&1
rc=$?
echo "# time do_profile $(since "$t0")s"
wk=$t/tmp/work/$m/python3-pgo-image
if [ "$rc" = 0 ] && pids_gone "$wk/temp/log.do_profile" &&
	grep -q "^pgo-run: boot: $qemu_bindir/$QEMU -accel tcg[,a-z=]* $IMAGE_QEMU_MACHINE $IMAGE_QEMU_CPU " \
		"$wk/temp/log.do_profile"; then
	ok "pgo-run task ... python3-pgo-image profile for $m exits 0 ($QEMU $IMAGE_QEMU_MACHINE $IMAGE_QEMU_CPU); QEMU gone"
else
	not_ok "pgo-run task ... python3-pgo-image profile for $m exits 0 (exit $rc)"
	diag "$W/plain.out"; tail -n 20 "$wk/temp/log.do_profile" 2>/dev/null | diag
fi
[ -f "$t/tmp/stamps/$m/python3-pgo-image.do_profile" ]
check $? "the stamp tmp/stamps/$m/python3-pgo-image.do_profile"
pd=$t/pgo-profile/$m
profile_staged "$pd" "$wk/pgo-archive/pgo-test-image-$m.rootfs.pgo-profile.tar" &&
	grep -q "<machine>$m</machine>" "$pd/pgo-manifest.xml"
check $? "pgo-profile/$m holds $DEMO_GCDA_STRIPPED, pgo-manifest.xml (machine $m), profile.tar (= the archive)"
profile_use "pgo-profile/$m: $CROSS_CC" demo_use "$pd"

# 6-11 the same step through -B in a qemuarm64 build directory
b=$W/builddir
pgo_builddir "$b" "$m" "$out"
t0=$(now)
(cd "$b" && "$PGO_RUN" task -B "$b" mc:pgo:python3-pgo-image profile) >"$W/builddir.out" 2>&1
rc=$?
echo "# time -B do_profile $(since "$t0")s"
if [ "$rc" = 0 ] && pids_gone "$wk/temp/log.do_profile" && ! grep -q "not written" "$W/builddir.out"; then
	ok "-B: pgo-run task -B BUILDDIR mc:pgo:python3-pgo-image profile ($m) exits 0; QEMU gone"
else
	not_ok "-B: pgo-run task -B exits 0 for $m (exit $rc)"
	grep -v 'inline python not evaluated' "$W/builddir.out" | diag
	tail -n 20 "$wk/temp/log.do_profile" 2>/dev/null | diag
fi
ls "$b/tmp-pgo/stamps/$m-oe-linux/python3-pgo-image/1.0.do_profile"* >/dev/null 2>&1
check $? "-B: the stamp in tmp-pgo/stamps/$m-oe-linux"
log=$(readlink "$wk/temp/log.do_profile")
[ -n "$log" ] && grep -q "^pgo-run: done:" "$wk/temp/$log" &&
	grep -q "^pgo-run: boot: $wk/recipe-sysroot-native/usr/bin/$QEMU -accel tcg[,a-z=]* $IMAGE_QEMU_MACHINE $IMAGE_QEMU_CPU " \
		"$wk/temp/$log" &&
	grep -q -- "--qemuboot $dd/python3-pgo-image-$m.rootfs.qemuboot.conf" "$wk/temp/run.do_profile"
check $? "-B: the image found in the deploy directory, QEMU from the native sysroot"
pd=$wk/pgo-profile
profile_staged "$pd" "$wk/pgo-archive/python3-pgo-image-$m.rootfs.pgo-profile.tar" &&
	grep -q "<machine>$m</machine>" "$pd/pgo-manifest.xml"
check $? "-B: the profile staged for sstate in \${WORKDIR}/pgo-profile (= the archive, machine $m)"
profile_use "-B: $CROSS_CC" demo_use "$pd"
[ "$failed" = 0 ]
