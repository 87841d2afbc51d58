#!/bin/sh
# build-kernel.sh ARCH - a kernel for the ext4 test image, built once and cached.
#
# ARCH is the image's Debian architecture: amd64 (qemux86-64, bzImage), arm64
# (qemuarm64, Image, aarch64-linux-gnu-) or armhf (qemuarm, zImage,
# arm-linux-gnueabihf-). The kernel is Debian's linux-source-6.1 with
# make allnoconfig and the options of tests/image/kernel/common.config and
# kernel/ARCH.config forced (KCONFIG_ALLCONFIG): what OE's linux-yocto has
# built in for the machine (virtio PCI and MMIO, virtio_blk, virtio_net, ext4,
# the serial console, devtmpfs), so that it mounts an ext4 root from the
# virtio disk with no initramfs and no modules. Every option asked for must
# come out set: one that Kconfig dropped (a missing dependency) fails.
#
# The kernel goes into CACHE/kernel-ARCH-KEY/ (KERNEL file, config,
# build.log, build-seconds), KEY a hash of the source package's version, the
# compiler's version and the two config files; CACHE is $PGO_KERNEL_CACHE,
# else $XDG_CACHE_HOME/meta-pgo, else ~/.cache/meta-pgo: shared by every
# build tree and make check run of the user on the machine. The source is
# unpacked once into CACHE/linux-source-VERSION (another version's removed)
# and built out of tree. Builds of one key wait for each other (flock).
# Prints the kernel's path.
#
# Host tools: linux-source-6.1 (/usr/src/linux-source-6.1.tar.xz), make,
# gcc, bc, flex, bison, libelf-dev, libssl-dev, flock (util-linux), xz; for
# arm64 gcc-aarch64-linux-gnu, for armhf gcc-arm-linux-gnueabihf.
set -eu

die() { echo "build-kernel.sh: $*" >&2; exit 1; }

[ $# = 1 ] || die "usage: build-kernel.sh ARCH (amd64, arm64 or armhf)"
ARCH=$1
srcdir=$(cd "$(dirname "$0")" && pwd)
case $ARCH in
amd64) KARCH=x86_64 CROSS='' TARGET=bzImage OUTFILE=arch/x86/boot/bzImage ;;
arm64) KARCH=arm64 CROSS=aarch64-linux-gnu- TARGET=Image OUTFILE=arch/arm64/boot/Image ;;
armhf) KARCH=arm CROSS=arm-linux-gnueabihf- TARGET=zImage OUTFILE=arch/arm/boot/zImage ;;
*) die "unknown architecture '$ARCH' (amd64, arm64 or armhf)" ;;
esac

tarball=/usr/src/linux-source-6.1.tar.xz
[ -r "$tarball" ] || die "no $tarball (apt-get install linux-source-6.1)"
for tool in make "${CROSS}gcc" bc flex bison flock xz; do
	command -v "$tool" >/dev/null 2>&1 || die "missing host tool: $tool"
done
srcver=$(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null) ||
	die "linux-source-6.1 is not installed"
ccver=$("${CROSS}gcc" --version | head -n 1)
common=$srcdir/kernel/common.config
frag=$srcdir/kernel/$ARCH.config
key=$({ echo "$srcver"; echo "$ccver"; cat "$common" "$frag"; } | sha256sum | cut -c 1-16)

cache=${PGO_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meta-pgo}
mkdir -p "$cache" || die "cannot make $cache"
dest=$cache/kernel-$ARCH-$key
if [ -f "$dest/$TARGET" ]; then
	echo "$dest/$TARGET"
	exit 0
fi

exec 8>"$cache/kernel-$ARCH-$key.lock"
flock 8
if [ -f "$dest/$TARGET" ]; then
	echo "$dest/$TARGET"
	exit 0
fi

# the source, unpacked once (under its own lock: the three builds share it)
src=$cache/linux-source-$srcver
if [ ! -f "$src/.unpacked" ]; then
	exec 9>"$cache/linux-source.lock"
	flock 9
	if [ ! -f "$src/.unpacked" ]; then
		# another version's tree (1.3 GB) is of no more use: its tarball is gone
		rm -rf "$cache"/linux-source-*
		mkdir -p "$src.tmp"
		tar -xJf "$tarball" -C "$src.tmp" --strip-components=1 ||
			die "cannot unpack $tarball"
		: >"$src.tmp/.unpacked"
		mv "$src.tmp" "$src"
	fi
	exec 9>&-
fi

build=$dest.build
rm -rf "$build" "$dest"
mkdir -p "$build"
log=$build/build.log
start=$(date +%s)
set -- -C "$src" O="$build" ARCH="$KARCH" CROSS_COMPILE="$CROSS"
{
	KCONFIG_ALLCONFIG=$build/want.config
	cat "$common" "$frag" >"$KCONFIG_ALLCONFIG"
	export KCONFIG_ALLCONFIG
	make "$@" allnoconfig
} >"$log" 2>&1 || { tail -n 20 "$log" >&2; die "make allnoconfig failed (log: $log)"; }
missing=
# shellcheck disable=SC2013 # one word a line
for opt in $(sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=y$/\1/p' "$common" "$frag"); do
	grep -qx "$opt=y" "$build/.config" || missing="$missing $opt"
done
[ -z "$missing" ] || die "$ARCH: Kconfig did not set:$missing (a missing dependency?)"
jobs=$(nproc 2>/dev/null || echo 2)
make "$@" -j"$jobs" "$TARGET" >>"$log" 2>&1 ||
	{ tail -n 20 "$log" >&2; die "make $TARGET failed (log: $log)"; }
end=$(date +%s)

tmp=$dest.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
cp "$build/$OUTFILE" "$tmp/$TARGET"
cp "$build/.config" "$tmp/config"
cp "$log" "$tmp/build.log"
echo $((end - start)) >"$tmp/build-seconds"
mv "$tmp" "$dest"
rm -rf "$build"
echo "$dest/$TARGET"
