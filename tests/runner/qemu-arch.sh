#!/bin/bash
# TAP: the test image of a foreign architecture, IMAGE_ARCH (arm64: MACHINE
# qemuarm64, qemu-system-aarch64; armhf: qemuarm, qemu-system-arm), built from
# Debian's packages of that architecture with the demo cross-built
# (tests/image/build-image.sh --arch), booted for real under TCG:
#   - by hand (tests/image/boot-check.sh: the marker, both transports, the
#     profile gathered and used by the cross gcc -fprofile-use), its tests
#     carried over one by one;
#   - by "pgo-run profile --target qemu --qemuboot" on the image's
#     qemuboot.conf (the machine's qb_system_name, qb_machine, qb_cpu,
#     ttyAMA0), over ssh: the profile builds the demo with
#     -fprofile-use -Werror=missing-profile, which fails without it.
# Run through tests/runner/qemu-arm64.sh and qemu-armhf.sh. The image is built
# in $PGO_IMAGE_DIR/IMAGE_ARCH (default tests/image-out/IMAGE_ARCH in the
# build tree); a second run reuses its downloads. A missing tool (the
# emulators, the cross compiler) fails the test: sh .ci/install-deps.
set -u
: "${IMAGE_ARCH:?IMAGE_ARCH (arm64 or armhf) not set}"
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
out=$out/$IMAGE_ARCH
# armhf's zImage decompresses itself (xz) for some 9 s under TCG before the
# kernel starts: twice the boot time of the others on a busy host
export BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
# shellcheck disable=SC2086 # QEMU_USER: one name
require_tools "$QEMU" ssh $QEMU_USER "$CROSS_CC"
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }

# 1 the image, built afresh (reusing the downloads)
t0=$(now)
image_build "$out"
image_load "$out"
ok "the $IMAGE_ARCH image ($IMAGE_MACHINE: $IMAGE_KERNEL_TYPE $IMAGE_KERNEL_VERSION) and the demo cross-built"
echo "# time build $(since "$t0")s"
kind=$(readelf -h "$DEMO_BINARY" 2>/dev/null | sed -n 's/^ *Machine: *//p')
grep -qx "qb_system_name = $QEMU" "$IMAGE_QEMUBOOT" &&
	grep -qx "machine = $IMAGE_MACHINE" "$IMAGE_QEMUBOOT" &&
	case $IMAGE_ARCH in arm64) [ "$kind" = AArch64 ] ;; armhf) [ "$kind" = ARM ] ;; esac
check $? "qemuboot.conf for $IMAGE_MACHINE ($QEMU), the demo an $kind executable"

# 2-10 boot-check.sh by hand, its TAP lines carried over
t0=$(now)
bash "$here/image/boot-check.sh" "$out" >"$W/boot-check.tap" 2>&1
brc=$?
before=$failed
while IFS= read -r line; do
	case $line in
		"ok "*) ok "boot-check: ${line#ok * - }" ;;
		"not ok "*) not_ok "boot-check: ${line#not ok * - }" ;;
		"Bail out!"*) not_ok "boot-check: ${line#Bail out! }" ;;
		1..*) ;;
		"#"*) echo "$line" ;;
		*) echo "# $line" ;;
	esac
done <"$W/boot-check.tap"
[ "$brc" = 0 ] || [ "$failed" != "$before" ] || not_ok "boot-check.sh exited $brc"
echo "# time boot-check $(since "$t0")s"

# 11-14 pgo-run profile against the image's qemuboot.conf, over ssh
t0=$(now)
image_profile "$IMAGE_QEMUBOOT" prof
echo "# time pgo-run-profile $(since "$t0")s"
grep -e '^pgo-run: boot: ' -e '^pgo-run: done:' "$W/prof.log" | diag
if [ "$rc" = 0 ] && [ -f "$W/prof/$DEMO_GCDA_STRIPPED" ] && pids_gone "$W/prof.log"; then
	ok "pgo-run profile --target qemu: $DEMO_GCDA_STRIPPED gathered in $IMAGE_MACHINE; QEMU gone"
else
	not_ok "pgo-run profile --target qemu (exit $rc)"
	diag "$W/prof.out"; tail -n 30 "$W/prof.log" | diag
fi
grep -q "^pgo-run: boot: .*$QEMU -accel tcg $IMAGE_QEMU_MACHINE $IMAGE_QEMU_CPU " "$W/prof.log" &&
	grep -q "<machine>$IMAGE_MACHINE</machine>" "$W/prof/pgo-manifest.xml" &&
	grep -q '<target accelerator="tcg">qemu</target>' "$W/prof/pgo-manifest.xml"
check $? "QEMU started from qemuboot.conf ($QEMU $IMAGE_QEMU_MACHINE $IMAGE_QEMU_CPU, TCG); the manifest names $IMAGE_MACHINE"
profile_use "pgo-run profile: $CROSS_CC" demo_use "$W/prof"

echo "1..$n"
[ "$failed" = 0 ]
