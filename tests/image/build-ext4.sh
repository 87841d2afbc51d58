#!/bin/sh
# build-ext4.sh IMAGEDIR KERNEL OUTDIR - the test image as OE deploys an image
# whose IMAGE_FSTYPES is ext4: its root file system on a disk, booted with
# root= and no initramfs.
#
# IMAGEDIR is a test image built by build-image.sh (its rootfs/ and
# qemuboot.conf); KERNEL one that has virtio_blk, ext4 and the rest built in
# (build-kernel.sh). Writes, for IMAGEDIR's MACHINE:
#
#   OUTDIR/deploy/images/MACHINE/
#        TYPE-<ver>-MACHINE-<date>.bin, TYPE, TYPE-MACHINE.bin   the kernel
#        pgo-test-image-MACHINE.rootfs-<date>.ext4 (+ .rootfs.ext4 link)
#        pgo-test-image-MACHINE.rootfs-<date>.qemuboot.conf (+ link)
#   OUTDIR/ext4.env   EXT4_QEMUBOOT, EXT4_ROOTFS, EXT4_KERNEL, EXT4_DEPLOY_DIR (sh)
#
# The qemuboot.conf is IMAGEDIR's with qb_default_fstype = ext4, the new
# kernel, OE's kernel command line and serial consoles for the machine: what
# OE writes for it (qemuarm64's and qemuarm's qb_rootfs_opt, the
# virtio-blk-pci or virtio-blk-device disk; qemux86-64 has none, so runqemu
# gives the image as -drive if=virtio), and no qb_kernel_root, which no
# OE-core machine sets: runqemu's root=/dev/vda rw.
#
# The tree is IMAGEDIR's rootfs/ with /sbin/init the image's /init (the kernel
# starts /sbin/init from a disk root) and no modules to load (the kernel has
# them built in). The image is made by mkfs.ext4 -d, as OE's image_types
# makes it (-i 4096, OE's size), without root or
# a loop device; every file is then owned by root (debugfs), as OE's
# pseudo makes them.
#
# Host tools: mkfs.ext4, debugfs (e2fsprogs).
set -eu

die() { echo "build-ext4.sh: $*" >&2; exit 1; }

[ $# = 3 ] || die "usage: build-ext4.sh IMAGEDIR KERNEL OUTDIR"
IMG=$(cd "$1" && pwd -P) || die "no image directory $1"
KERNEL=$2
[ -f "$KERNEL" ] || die "no kernel $KERNEL"
for tool in mkfs.ext4 debugfs; do
	command -v "$tool" >/dev/null 2>&1 || die "missing host tool: $tool (e2fsprogs)"
done
{ [ -r "$IMG/image.env" ] && [ -d "$IMG/rootfs" ]; } || die "$IMG holds no test image"
# shellcheck source=/dev/null
. "$IMG/image.env"
mkdir -p "$3" || die "cannot make $3"
OUT=$(cd "$3" && pwd -P)

conf=$(readlink -f "$IMAGE_QEMUBOOT")
name=$(sed -n 's/^image_name = //p' "$conf")
link=$(sed -n 's/^image_link_name = //p' "$conf")
{ [ -n "$name" ] && [ -n "$link" ]; } || die "$conf names no image"
date=${name##*-}
srcver=$(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null) || srcver=6.1
kname=$srcver-$IMAGE_MACHINE-$date
kfile=$IMAGE_KERNEL_TYPE-$kname.bin

DEPLOY=$OUT/deploy/images/$IMAGE_MACHINE
rm -rf "$OUT/deploy" "$OUT/tree"
mkdir -p "$DEPLOY"
cp "$KERNEL" "$DEPLOY/$kfile"
ln -s "$kfile" "$DEPLOY/$IMAGE_KERNEL_TYPE"
ln -s "$kfile" "$DEPLOY/$IMAGE_KERNEL_TYPE-$IMAGE_MACHINE.bin"

# the tree: the initramfs's, /sbin/init its /init, no modules
T=$OUT/tree
cp -a "$IMG/rootfs" "$T"
rm -f "$T/sbin/init" "$T"/lib/modules/*.ko
ln -s /init "$T/sbin/init"
: >"$T/etc/modules-load"
find "$T" -exec touch -h -d "@0" {} +

# OE's image_types: the tree's size x IMAGE_OVERHEAD_FACTOR (1.3), at least
# IMAGE_ROOTFS_SIZE (64 MiB: bitbake.conf's default); a sparse file
kib=$(du -sk "$T" | cut -f 1)
kib=$((kib * 13 / 10))
[ "$kib" -ge 65536 ] || kib=65536
img=$DEPLOY/$name.ext4
rm -f "$img"
dd if=/dev/zero of="$img" bs=1024 count=0 seek="$kib" 2>/dev/null || die "cannot make $img"
mkfs.ext4 -q -F -i 4096 -L rootfs -U 0a0b0c0d-0000-4000-8000-000000000001 -d "$T" "$img" ||
	die "mkfs.ext4 -d $T failed"
# every inode owned by root (mkfs.ext4 -d keeps the tree's owners: the
# builder's when not root; dropbear wants root's ~/.ssh owned by root)
(cd "$T" && find . | sed 's|^\.||; s|^$|/|' | while IFS= read -r p; do
	printf 'sif "%s" uid 0\nsif "%s" gid 0\n' "$p" "$p"
done) >"$OUT/owners.debugfs"
debugfs -w -f "$OUT/owners.debugfs" "$img" >"$OUT/owners.log" 2>&1 ||
	die "debugfs could not set the owners (log: $OUT/owners.log)"
! grep -q -e '^sif: ' -e 'not found' "$OUT/owners.log" ||
	die "debugfs could not set the owners (log: $OUT/owners.log)"
rm -rf "$T"
ln -s "$name.ext4" "$DEPLOY/$link.ext4"

# the image's qemuboot.conf for the ext4 image and this kernel, with OE's
# kernel command line and serial consoles for the machine (no console=:
# the boot takes it from serial_consoles, as runqemu does; no quiet), and
# panic=-1: a kernel that cannot mount its root ends QEMU (-no-reboot)
case $IMAGE_MACHINE in
qemux86-64)
	append='oprofile.timer=1 tsc=reliable no_timer_check rcupdate.rcu_expedited=1 swiotlb=0'
	consoles='115200;ttyS0 115200;ttyS1' ;;
*)
	append='swiotlb=0'
	consoles='115200;ttyAMA0 115200;hvc0' ;;
esac
sed -e 's/^qb_default_fstype = .*/qb_default_fstype = ext4/' \
	-e "s/^qb_default_kernel = .*/qb_default_kernel = $kfile/" \
	-e "s/^kernel_image_name = .*/kernel_image_name = $kname/" \
	-e "s/^qb_kernel_cmdline_append = .*/qb_kernel_cmdline_append = $append panic=-1/" \
	-e "s/^serial_consoles = .*/serial_consoles = $consoles/" \
	"$conf" >"$DEPLOY/$name.qemuboot.conf"
ln -s "$name.qemuboot.conf" "$DEPLOY/$link.qemuboot.conf"

cat >"$OUT/ext4.env" <<EOF
# written by tests/image/build-ext4.sh from $IMG
EXT4_QEMUBOOT='$DEPLOY/$link.qemuboot.conf'
EXT4_ROOTFS='$img'
EXT4_KERNEL='$DEPLOY/$kfile'
EXT4_DEPLOY_DIR='$DEPLOY'
EOF
echo "build-ext4.sh: $img ($kib KiB), kernel $kfile" >&2
