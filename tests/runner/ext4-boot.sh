#!/bin/bash
# TAP: the boot OE images use, for IMAGE_ARCH (amd64: qemux86-64, arm64:
# qemuarm64, armhf: qemuarm): IMAGE_FSTYPES ext4, QB_DEFAULT_FSTYPE ext4, the
# kernel started by QEMU with the ext4 image as the machine's virtio disk and
# root= from QB_KERNEL_ROOT (runqemu's /dev/vda rw), no initramfs.
#   - the kernel: Debian's linux-source-6.1 with virtio, virtio_blk, ext4, the
#     serial console built in and no modules (tests/image/build-kernel.sh,
#     cached between runs in ~/.cache/meta-pgo);
#   - the image: the test image's tree on ext4 (tests/image/build-ext4.sh),
#     in a deploy dir as OE's, its qemuboot.conf as OE writes it for the
#     machine (qemuarm64's and qemuarm's qb_rootfs_opt);
#   - pgo-run profile --target qemu on that qemuboot.conf, over ssh: the
#     QEMU command line runqemu would give, the root the disk, the image
#     left as it was (-snapshot), the profile used by gcc -fprofile-use;
#     the same image compressed (OE-core's default ext4.zst) refused.
# Run through tests/runner/ext4-amd64.sh, ext4-arm64.sh and ext4-armhf.sh.
# The test image is built in tests/image-out/ext4-IMAGE_ARCH of the build
# tree, from the packages the other image tests downloaded when they are
# there. A missing tool fails the test: sh .ci/install-deps.
set -u
: "${IMAGE_ARCH:?IMAGE_ARCH (amd64, arm64 or armhf) not set}"
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
# armhf under TCG on a busy host: see qemu-arch.sh
BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
# shellcheck disable=SC2086 # QEMU_USER: empty or one name
require_tools "$QEMU" ssh $QEMU_USER "$CROSS_CC" mkfs.ext4 debugfs e2fsck zstd make bc flex bison
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }
img=$PWD/tests/image-out/ext4-$IMAGE_ARCH
case $IMAGE_ARCH in amd64) debs_from=$out ;; *) debs_from=$out/$IMAGE_ARCH ;; esac

# 1-2 the kernel, built or taken from the cache
t0=$(now)
if kernel=$(sh "$here/image/build-kernel.sh" "$IMAGE_ARCH" 2>"$W/kernel.err"); then
	kdir=$(dirname "$kernel")
	ok "kernel for $IMAGE_ARCH: $kernel"
else
	not_ok "kernel for $IMAGE_ARCH built"; diag "$W/kernel.err"
	echo "1..1"; exit 1
fi
echo "# time kernel $(since "$t0")s (its build: $(cat "$kdir/build-seconds")s)"
c=$kdir/config
grep -qx CONFIG_VIRTIO_BLK=y "$c" && grep -qx CONFIG_EXT4_FS=y "$c" &&
	grep -qx CONFIG_DEVTMPFS_MOUNT=y "$c" && ! grep -q '^CONFIG_MODULES=' "$c" &&
	! grep -q '^CONFIG_BLK_DEV_INITRD=' "$c"
check $? "the kernel has virtio_blk, ext4 and devtmpfs built in, no modules and no initramfs support"

# 3-4 the test image, then its tree on ext4 as OE deploys it
t0=$(now)
reuse_debs "$debs_from" "$img"
image_build "$img"
image_load "$img"
if sh "$here/image/build-ext4.sh" "$img" "$kernel" "$img/ext4" >"$W/ext4.log" 2>&1; then
	# shellcheck source=/dev/null
	. "$img/ext4/ext4.env"
	ok "ext4 image for $IMAGE_MACHINE: ${EXT4_ROOTFS##*/}"
else
	not_ok "ext4 image for $IMAGE_MACHINE built"; diag "$W/ext4.log"
	echo "1..3"; exit 1
fi
echo "# time image $(since "$t0")s"
conf=$EXT4_QEMUBOOT
link=$(sed -n 's/^image_link_name = //p' "$conf")
rootfs_opt=$(sed -n 's/^qb_rootfs_opt = //p' "$conf")
case $IMAGE_ARCH in
	amd64) want_opt='' ;;
	arm64) want_opt='-drive id=disk0,file=@ROOTFS@,if=none,format=raw -device virtio-blk-pci,drive=disk0' ;;
	armhf) want_opt='-drive id=disk0,file=@ROOTFS@,if=none,format=raw -device virtio-blk-device,drive=disk0' ;;
esac
grep -qx 'qb_default_fstype = ext4' "$conf" && ! grep -q '^qb_kernel_root' "$conf" &&
	[ "$rootfs_opt" = "$want_opt" ] && [ "$(readlink -f "$EXT4_DEPLOY_DIR/$link.ext4")" = "$EXT4_ROOTFS" ] &&
	e2fsck -fn "$EXT4_ROOTFS" >"$W/fsck.log" 2>&1
check $? "qemuboot.conf: qb_default_fstype ext4, qb_rootfs_opt as OE's (${want_opt:-none}), no qb_kernel_root; $link.ext4 is a clean ext4"
sum=$(cksum <"$EXT4_ROOTFS")

# 5-8 pgo-run profile on the ext4 qemuboot.conf, over ssh
t0=$(now)
image_profile "$conf" prof
boot=$(sed -n "s/^pgo-run: boot: $IMAGE_MARKER after \\([0-9.]*\\)s\$/\\1/p" "$W/prof.log")
echo "# time boot ${boot:-?}s (kernel to $IMAGE_MARKER)"
echo "# time pgo-run-profile $(since "$t0")s"
grep -e '^pgo-run: boot: ' -e '^pgo-run: done:' "$W/prof.log" | diag
if [ "$rc" = 0 ] && [ -f "$W/prof/$DEMO_GCDA_STRIPPED" ] && pids_gone "$W/prof.log" &&
   grep -q "<machine>$IMAGE_MACHINE</machine>" "$W/prof/pgo-manifest.xml"; then
	ok "pgo-run profile: $DEMO_GCDA_STRIPPED gathered in $IMAGE_MACHINE booted from ext4; QEMU gone"
else
	not_ok "pgo-run profile on the ext4 image (exit $rc)"
	diag "$W/prof.out"; tail -n 30 "$W/prof.log" | diag
fi
# the command line runqemu gives: -kernel, root=QB_KERNEL_ROOT rw, console=
# from serial_consoles, the disk (QB_ROOTFS_OPT with the image for @ROOTFS@,
# else -drive if=virtio; the image by its link name), no -initrd
qline=$(grep "^pgo-run: boot: .*$QEMU " "$W/prof.log" | head -n 1)
case $IMAGE_ARCH in
	amd64) disk="-drive file=$EXT4_DEPLOY_DIR/$link.ext4,if=virtio,format=raw" console=ttyS0,115200 ;;
	*) disk=${want_opt/@ROOTFS@/$EXT4_DEPLOY_DIR/$link.ext4} console=ttyAMA0,115200 ;;
esac
case $qline in
	*" -initrd "*) r=1 ;;
	*" -kernel $EXT4_KERNEL -append root=/dev/vda rw console=$console "*" $disk "*) r=0 ;;
	*) r=1 ;;
esac
check $r "QEMU as runqemu starts it: -kernel ${EXT4_KERNEL##*/} -append root=/dev/vda rw console=$console ... ${disk//$EXT4_DEPLOY_DIR\//}, no -initrd"
[ $r = 0 ] || echo "$qline" | diag
# the kernel's and the image's own word for it, on the console
grep -q '^VFS: Mounted root (ext4 filesystem)' "$W/prof.log" &&
	grep -q '^init: root /dev/root / ext4 rw' "$W/prof.log"
r=$?
check $r "the guest's root is the ext4 disk (the kernel: VFS: Mounted root (ext4 filesystem); init: /dev/root / ext4 rw); /sbin/init the image's init"
[ $r = 0 ] || grep -e '^init: ' -e 'VFS' -e 'EXT4' "$W/prof.log" | diag
[ "$(cksum <"$EXT4_ROOTFS")" = "$sum" ]
check $? "the ext4 image is as it was after the boot (QEMU's -snapshot)"

# 9-10 the profile is the one gcc uses
profile_use "ext4 boot: $CROSS_CC" demo_use "$W/prof"

# 11 OE-core's own default, ext4.zst (runqemu unpacks it), refused in one line
# before QEMU starts
zd=$W/zst
mkdir -p "$zd"
cp "$EXT4_KERNEL" "$zd/"
sed 's/^qb_default_fstype = ext4$/qb_default_fstype = ext4.zst/' "$conf" >"$zd/z.qemuboot.conf"
zstd -q "$EXT4_ROOTFS" -o "$zd/$link.ext4.zst"
image_profile "$zd/z.qemuboot.conf" zprof
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/zprof.out")" = 1 ] &&
   grep -q "^pgo-run: setup: $zd/$link.ext4.zst: a compressed disk image (.zst): " "$W/zprof.out" &&
   ! grep -q 'qemu pid' "$W/zprof.log" && [ ! -e "$W/zprof" ]; then
	ok "qb_default_fstype ext4.zst: refused in one line, no QEMU started, no profile"
else
	not_ok "qb_default_fstype ext4.zst refused (exit $rc)"; diag "$W/zprof.out"
fi

echo "1..$n"
[ "$failed" = 0 ]
