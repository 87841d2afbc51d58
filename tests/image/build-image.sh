#!/bin/sh
# build-image.sh [--arch ARCH] OUTDIR - build meta-pgo's integration-test image.
#
# ARCH is Debian's architecture of the image (default amd64):
#   amd64  MACHINE qemux86-64, linux-image-cloud-amd64, bzImage, ttyS0
#   arm64  MACHINE qemuarm64, linux-image-cloud-arm64, Image, ttyAMA0
#   armhf  MACHINE qemuarm, linux-image-armmp-lpae, zImage, ttyAMA0
# Everything comes from Debian 12 packages (apt-get download + dpkg-deb -x,
# nothing is installed on the host) and goes into OUTDIR. A foreign
# architecture's packages come through an apt index of its own in
# OUTDIR/pkgs/apt (APT::Architecture=ARCH; the host's dpkg does not learn
# the architecture: no multiarch), and the demo is built by Debian's cross
# compiler for it:
#
#   OUTDIR/pkgs/                 downloaded .debs and their extracted trees
#   OUTDIR/rootfs/               the initramfs tree
#   OUTDIR/demo-build/           the instrumented demo program and its objects
#   OUTDIR/demo.env              where the demo was built, GCOV_PREFIX_STRIP, ...
#   OUTDIR/image.env             kernel, initrd, key, marker, cmdline (shell syntax)
#   OUTDIR/profile.conf          the same for python3-pgo-image:do_profile (BitBake conf)
#   OUTDIR/id_ed25519{,.pub}     the ssh key pair root's authorized_keys accepts
#   OUTDIR/deploy/images/MACHINE/   laid out like an OE deploy dir:
#        TYPE-<ver>-MACHINE-<date>.bin, TYPE, TYPE-MACHINE.bin (TYPE: bzImage,
#        Image or zImage, OE's KERNEL_IMAGETYPE for the machine)
#        pgo-test-image-MACHINE.rootfs-<date>.cpio.gz (+ .rootfs.cpio.gz link)
#        pgo-test-image-MACHINE.rootfs-<date>.qemuboot.conf (+ link)
#   OUTDIR/pgo-test-image.cpio.gz, OUTDIR/pgo-test-image.qemuboot.conf,
#   OUTDIR/TYPE                  symlinks into the deploy dir
#
# Host tools: apt-get, dpkg-deb, gcc (with static libc: libc6-dev), cpio,
# gzip, ssh-keygen (openssh-client), readelf (binutils); for arm64 also
# aarch64-linux-gnu-gcc (gcc-aarch64-linux-gnu, libc6-dev-arm64-cross) and
# qemu-aarch64 (qemu-user), for armhf arm-linux-gnueabihf-gcc
# (gcc-arm-linux-gnueabihf, libc6-dev-armhf-cross) and qemu-arm: the
# packaged dropbearkey of the image's own architecture makes the host key
# under qemu-user.
# Re-running reuses the downloaded packages (OUTDIR/pkgs/debs).
#
# The guest: Debian's kernel, busybox-static, dropbear on port 22
# (10.0.2.15/24 via 10.0.2.2, the slirp defaults), a root shell on the
# serial console (ttyS0; ttyAMA0 on arm), and the marker line
# PGO-TEST-IMAGE-READY on the console once both are up.
# Kernel parameters understood by /init: pgo.nonet (skip network and ssh).
set -eu

usage() { echo "usage: $0 [--arch amd64|arm64|armhf] OUTDIR" >&2; exit 2; }
ARCH=amd64
case ${1:-} in
    --arch) [ $# -ge 2 ] || usage; ARCH=$2; shift 2 ;;
    --arch=*) ARCH=${1#--arch=}; shift ;;
esac
[ $# -eq 1 ] || usage

say() { printf '%s\n' "build-image: $*" >&2; }
die() { printf '%s\n' "build-image: error: $*" >&2; exit 1; }

srcdir=$(cd "$(dirname "$0")" && pwd -P)
IMAGE_BASENAME=pgo-test-image
MARKER=PGO-TEST-IMAGE-READY
DATETIME=${DATETIME:-$(date -u +%Y%m%d%H%M%S)}
# per architecture: OE's MACHINE and its KERNEL_IMAGETYPE, Debian's kernel
# package and multiarch triplet, the cross compiler, the emulators, the
# modules /init loads (the rest of virtio is built in), and the command line;
# on arm the compiler is Debian's cross gcc for the triplet, the emulators
# qemu's for QEMU_ARCH and the console ttyAMA0
case $ARCH in
amd64)
    MACHINE=qemux86-64 KTYPE=bzImage TRIPLET=x86_64-linux-gnu
    KMETA=linux-image-cloud-amd64 CC=gcc QEMU_USER='' QEMU_SYSTEM=qemu-system-x86_64
    MODULES="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci failover net_failover virtio_net virtio_blk"
    # no_timer_check and tsc=reliable, as OE's runqemu passes them to x86 guests:
    # under TCG on a loaded host the kernel's IO-APIC timer check can fail and
    # panic ("IO-APIC + timer doesn't work") before the boot marker
    CMDLINE="console=ttyS0 quiet panic=-1 no_timer_check tsc=reliable" ;;
arm64)
    MACHINE=qemuarm64 KTYPE=Image TRIPLET=aarch64-linux-gnu QEMU_ARCH=aarch64
    KMETA=linux-image-cloud-arm64
    # the cloud kernel: virtio, virtio_pci, virtio_mmio, virtio_net and
    # virtio_blk are modules (qemuarm64's devices are on PCI)
    MODULES="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_mmio failover net_failover virtio_net virtio_blk" ;;
armhf)
    MACHINE=qemuarm KTYPE=zImage TRIPLET=arm-linux-gnueabihf QEMU_ARCH=arm
    KMETA=linux-image-armmp-lpae
    # armmp-lpae: virtio and virtio_ring built in; qemuarm's devices are
    # virtio-mmio (virtio-net-device), pgo-run's virtio-net-pci
    MODULES="virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_mmio failover net_failover virtio_net virtio_blk" ;;
*) die "unknown architecture '$ARCH' (amd64, arm64 or armhf)" ;;
esac
if [ "$ARCH" != amd64 ]; then
    CC=$TRIPLET-gcc QEMU_USER=qemu-$QEMU_ARCH QEMU_SYSTEM=qemu-system-$QEMU_ARCH
    CMDLINE="console=ttyAMA0 quiet panic=-1"
fi

tools="apt-get dpkg-deb $CC cpio gzip ssh-keygen readelf $QEMU_USER"
for tool in $tools; do
    command -v "$tool" >/dev/null 2>&1 || die "missing host tool: $tool"
done
mkdir -p "$1" || die "cannot make $1"
OUT=$(cd "$1" && pwd -P)

# --- packages ---------------------------------------------------------------
debs=$OUT/pkgs/debs
tree=$OUT/pkgs/tree
# one architecture a directory: its packages are unpacked together
# (OUTDIR/pkgs/arch, else the architecture of the busybox package there)
if ! was=$(cat "$OUT/pkgs/arch" 2>/dev/null); then
    was=
    for d in "$debs"/busybox-static_*.deb; do
        [ -f "$d" ] && was=${d##*_} && was=${was%.deb}
    done
fi
[ -z "$was" ] || [ "$was" = "$ARCH" ] ||
    die "$OUT holds $was packages: build the $ARCH image in another directory"
mkdir -p "$debs"
echo "$ARCH" >"$OUT/pkgs/arch"

# -o APT::Sandbox::User=root: as root, _apt may not be able to write here
aptopts=
[ "$(id -u)" = 0 ] && aptopts="-o APT::Sandbox::User=root"
# a foreign architecture: apt's own index of it in OUTDIR/pkgs/apt (the host's
# sources, binary packages only), made on the first download; the host's
# dpkg status is not read
apt_index=
if [ "$ARCH" != "$(dpkg --print-architecture 2>/dev/null || echo amd64)" ]; then
    a=$OUT/pkgs/apt
    aptopts="$aptopts -o APT::Architecture=$ARCH -o APT::Architectures=$ARCH
        -o Dir::State::Lists=$a/lists -o Dir::Cache=$a/cache -o Dir::State::status=$a/status
        -o Acquire::Languages=none -o Acquire::IndexTargets::deb-src::Sources::DefaultEnabled=false"
    apt_index=$a
fi
apt_update() {
    if ! mkdir -p "$apt_index/lists/partial" "$apt_index/cache/archives/partial" ||
        ! : >"$apt_index/status"; then
        die "cannot make the apt index directory $apt_index"
    fi
    say "apt index for $ARCH in $apt_index"
    # shellcheck disable=SC2086
    if ! apt-get -q $aptopts update >"$apt_index/update.log" 2>&1; then
        # a mirror in sync can fail one index (often -security): go on with
        # the others; a package that is then missing fails the download
        ls "$apt_index"/lists/*_binary-"${ARCH}"_Packages* >/dev/null 2>&1 ||
            die "apt-get update for $ARCH failed (log: $apt_index/update.log)"
        say "warning: apt-get update for $ARCH failed for some indexes: $(grep '^E: Failed to fetch' "$apt_index/update.log" | sed 's/^E: Failed to fetch \([^ ]*\).*/\1/' | tr '\n' ' ')"
    fi
    apt_index_ready=1
}
apt_index_ready=

# download PKG... into $debs unless a matching .deb is already there
fetch() {
    need=
    for p in "$@"; do
        ls "$debs/${p}_"*.deb >/dev/null 2>&1 || need="$need $p"
    done
    [ -z "$need" ] && return 0
    [ -n "$apt_index" ] && [ -z "$apt_index_ready" ] && apt_update
    say "downloading:$need"
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get -q $aptopts download $need) >&2 ||
        die "apt-get download failed:$need"
}

fetch $KMETA
kdep=$(dpkg-deb -f "$debs"/${KMETA}_*.deb Depends)
kpkg=$(printf '%s\n' "$kdep" | sed -n 's/^\(linux-image-[^ ,]*\).*/\1/p')
[ -n "$kpkg" ] || die "cannot find the kernel package in: $kdep"
fetch "$kpkg" busybox-static dropbear-bin libc6 libcrypt1 libtomcrypt1 libtommath1 libgmp10 zlib1g

rm -rf "$tree"
mkdir -p "$tree"
kver=${kpkg#linux-image-}
for d in "$debs"/*.deb; do
    case ${d##*/} in
    "$kpkg"_*)
        # only the kernel and the modules' directories (the whole package
        # unpacks to ~150 MB)
        dpkg-deb --fsys-tarfile "$d" | tar -x -C "$tree" --wildcards \
            "./boot/vmlinuz-$kver" "./boot/config-$kver" \
            '*/kernel/drivers/virtio/*' '*/kernel/drivers/net/*' \
            '*/kernel/drivers/block/*' '*/kernel/net/core/*' ||
            die "cannot unpack $d" ;;
    *) dpkg-deb -x "$d" "$tree" ;;
    esac
done
kimage=$tree/boot/vmlinuz-$kver
[ -f "$kimage" ] || die "no kernel at $kimage"
kpkgver=$(dpkg-deb -f "$debs/${kpkg}"_*.deb Version)

# --- rootfs -----------------------------------------------------------------
R=$OUT/rootfs
rm -rf "$R"
mkdir -p "$R"
for d in bin sbin usr/bin usr/sbin lib/$TRIPLET lib/modules proc sys dev \
         dev/pts tmp run var/log etc/dropbear root/.ssh mnt; do
    mkdir -p "$R/$d"
done
# x86-64's loader is /lib64/ld-linux-x86-64.so.2; arm's are in /lib
[ "$ARCH" = amd64 ] && ln -s lib "$R/lib64"
chmod 1777 "$R/tmp"
chmod 700 "$R/root" "$R/root/.ssh"

# busybox and its applets (the list from the packaged busybox, under
# qemu-user for a foreign one)
install -m 755 "$tree/bin/busybox" "$R/bin/busybox"
# shellcheck disable=SC2086 # QEMU_USER: empty, or the emulator
applets=$($QEMU_USER "$R/bin/busybox" --list-full) || die "busybox --list-full failed"
for a in $applets; do
    case $a in bin/busybox) continue ;; esac
    [ -e "$R/$a" ] || ln -s /bin/busybox "$R/$a"
done

# dropbear and the shared libraries it needs (resolved from the packages)
install -m 755 "$tree/usr/sbin/dropbear" "$R/usr/sbin/dropbear"
libdirs="$tree/lib/$TRIPLET $tree/usr/lib/$TRIPLET"
copy_needed() {
    for lib in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        [ -e "$R/lib/$TRIPLET/$lib" ] && continue
        found=
        for d in $libdirs; do
            if [ -e "$d/$lib" ]; then found=$d/$lib; break; fi
        done
        [ -n "$found" ] || die "library $lib (needed by $1) not in the packages"
        cp -L "$found" "$R/lib/$TRIPLET/$lib"
        copy_needed "$R/lib/$TRIPLET/$lib"
    done
}
copy_needed "$R/usr/sbin/dropbear"
interp=$(readelf -l "$R/usr/sbin/dropbear" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
ldso=$(basename "$interp")
cp -L "$tree/lib/$TRIPLET/$ldso" "$R/lib/$TRIPLET/$ldso"
ln -s "$TRIPLET/$ldso" "$R/lib/$ldso"
[ -e "$R$interp" ] || die "interpreter $interp missing in the rootfs"

# host key, made with the packaged dropbearkey against the packaged libraries
# (a foreign one under qemu-user, with the rootfs as its sysroot: the same
# dropbear as the guest's, and no second set of packages for the host)
if [ -z "$QEMU_USER" ]; then
    LD_LIBRARY_PATH="$R/lib/$TRIPLET" "$R/lib/$TRIPLET/$ldso" \
        "$tree/usr/bin/dropbearkey" -t ed25519 -f "$R/etc/dropbear/dropbear_ed25519_host_key"
else
    "$QEMU_USER" -L "$R" -E "LD_LIBRARY_PATH=/lib/$TRIPLET" \
        "$tree/usr/bin/dropbearkey" -t ed25519 -f "$R/etc/dropbear/dropbear_ed25519_host_key"
fi >"$OUT/host-key.txt" 2>&1 || { cat "$OUT/host-key.txt" >&2; die "dropbearkey failed"; }
chmod 600 "$R/etc/dropbear/dropbear_ed25519_host_key"

# client key pair for root
rm -f "$OUT/id_ed25519" "$OUT/id_ed25519.pub"
ssh-keygen -q -t ed25519 -N '' -C pgo-test-image -f "$OUT/id_ed25519"
install -m 600 "$OUT/id_ed25519.pub" "$R/root/.ssh/authorized_keys"

# kernel modules (decompressed: busybox insmod takes plain .ko)
mdir=$tree/lib/modules/$kver
[ -d "$mdir" ] || mdir=$tree/usr/lib/modules/$kver
for m in $MODULES; do
    f=$(find "$mdir/kernel" -name "$m.ko" -o -name "$m.ko.xz" -o -name "$m.ko.zst" -o -name "$m.ko.gz" | head -n 1)
    [ -n "$f" ] || die "module $m not found under $mdir"
    case $f in
        *.ko.xz) xz -dc "$f" >"$R/lib/modules/$m.ko" ;;
        *.ko.zst) zstd -qdc "$f" >"$R/lib/modules/$m.ko" ;;
        *.ko.gz) gzip -dc "$f" >"$R/lib/modules/$m.ko" ;;
        *) cp "$f" "$R/lib/modules/$m.ko" ;;
    esac
done
# shellcheck disable=SC2086 # one module a line
printf '%s\n' $MODULES >"$R/etc/modules-load"

# /etc
cat >"$R/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/sh
EOF
cat >"$R/etc/shadow" <<'EOF'
root::19000:0:99999:7:::
EOF
chmod 600 "$R/etc/shadow"
echo 'root:x:0:' >"$R/etc/group"
echo /bin/sh >"$R/etc/shells"
echo pgo-test >"$R/etc/hostname"
printf '127.0.0.1 localhost\n10.0.2.15 pgo-test\n' >"$R/etc/hosts"
cat >"$R/etc/profile" <<'EOF'
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root
EOF
install -m 755 "$srcdir/init" "$R/init"
sed -i "s/@MARKER@/$MARKER/" "$R/init"

# --- demo program ------------------------------------------------------------
D=$OUT/demo-build
rm -rf "$D"
mkdir -p "$D"
cp "$srcdir/demo.c" "$D/demo.c"
DEMO_CFLAGS="-O2 -fprofile-update=atomic"
(
    cd "$D"
    # shellcheck disable=SC2086 # DEMO_CFLAGS is a list
    $CC $DEMO_CFLAGS -fprofile-generate -c "$D/demo.c" -o "$D/demo.o"
    $CC -static -fprofile-generate -o "$D/demo" "$D/demo.o"
) || die "building the demo failed"
grep -q "$D/demo.gcda" "$D/demo" || die "demo does not record $D/demo.gcda"
install -m 755 "$D/demo" "$R/usr/bin/demo"
# number of path components of $D (GCOV_PREFIX_STRIP so that demo.gcda lands
# at $GCOV_PREFIX/demo.gcda)
strip_n=$(printf '%s\n' "$D" | tr -s / '\n' | grep -c .)
gccver=$($CC -dumpfullversion)
cat >"$OUT/demo.env" <<EOF
# written by tests/image/build-image.sh
DEMO_SRC='$D/demo.c'
DEMO_BUILD_DIR='$D'
DEMO_BINARY='$D/demo'
DEMO_GUEST_BINARY='/usr/bin/demo'
DEMO_GCDA='$D/demo.gcda'
DEMO_PREFIX_STRIP=$strip_n
DEMO_GCDA_STRIPPED='demo.gcda'
DEMO_CFLAGS='$DEMO_CFLAGS'
DEMO_GENERATE='cd $D && $CC $DEMO_CFLAGS -fprofile-generate -c $D/demo.c -o $D/demo.o && $CC -static -fprofile-generate -o $D/demo $D/demo.o'
# profile-use build: the source must be named exactly as above (its path
# enters GCC's per-function line checksum: another spelling gives
# coverage-mismatch errors); the .gcda is looked up next to the -o object,
# so put the collected demo.gcda at \$OBJDIR/demo.gcda:
DEMO_USE='$CC $DEMO_CFLAGS -fprofile-use -Werror=missing-profile -c $D/demo.c -o "\$OBJDIR/demo.o" && $CC -static -o "\$OBJDIR/demo-opt" "\$OBJDIR/demo.o"'
DEMO_ARGS='50'
DEMO_GCC_VERSION='$gccver'
EOF

# --- initramfs and deploy dir ---------------------------------------------------
DEPLOY=$OUT/deploy/images/$MACHINE
rm -rf "$OUT/deploy"
mkdir -p "$DEPLOY"
IMAGE_LINK_NAME=$IMAGE_BASENAME-$MACHINE.rootfs
IMAGE_NAME=$IMAGE_LINK_NAME-$DATETIME
KERNEL_IMAGE_NAME=$kpkgver-$MACHINE-$DATETIME
kfile=$KTYPE-$KERNEL_IMAGE_NAME.bin
cp "$kimage" "$DEPLOY/$kfile"
ln -s "$kfile" "$DEPLOY/$KTYPE"
ln -s "$kfile" "$DEPLOY/$KTYPE-$MACHINE.bin"

# owners 0:0 (dropbear insists on root-owned ~/.ssh), sorted, fixed mtimes
find "$R" -exec touch -h -d "@0" {} +
(cd "$R" && find . -mindepth 1 | LC_ALL=C sort |
    cpio --quiet -o -H newc -R 0:0 --reproducible) | gzip -9n >"$DEPLOY/$IMAGE_NAME.cpio.gz"
ln -s "$IMAGE_NAME.cpio.gz" "$DEPLOY/$IMAGE_LINK_NAME.cpio.gz"

# the keys and order OE's qemuboot.bbclass writes (sorted, lower-case), the
# machine's values from OE-core's conf/machine/MACHINE.conf, but -smp 1
# (TCG on a shared host) and the initramfs; for arm, QB_OPT_APPEND's USB
# devices (for graphics) left out
case $ARCH in
amd64) cat >"$DEPLOY/$IMAGE_NAME.qemuboot.conf" <<EOF
[config_bsp]
deploy_dir_image = .
image_link_name = $IMAGE_LINK_NAME
image_name = $IMAGE_NAME
kernel_imagetype = bzImage
kernel_image_bin_ext = .bin
kernel_image_name = $KERNEL_IMAGE_NAME
machine = $MACHINE
qb_cpu = -cpu max
qb_cpu_kvm = -cpu host
qb_default_fstype = cpio.gz
qb_default_kernel = $kfile
qb_drive_type = /dev/vd
qb_kernel_cmdline_append = $CMDLINE
qb_machine = -machine q35,i8042=off
qb_mem = -m 512
qb_network_device = -device virtio-net-pci,netdev=net0,mac=@MAC@
qb_no_pni = net.ifnames=0
qb_opt_append = -no-reboot
qb_serial_opt = -serial mon:stdio
qb_slirp_opt = -netdev user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:2222-:22
qb_smp = -smp 1
qb_system_name = qemu-system-x86_64
serial_consoles = 115200;ttyS0
tune_arch = x86_64
EOF
    QB_MACHINE="-machine q35,i8042=off" QB_CPU="-cpu max" NET_DEVICE=virtio-net-pci ;;
*)
    case $ARCH in
    arm64)
        QB_MACHINE="-machine virt" QB_CPU="-cpu cortex-a57"
        QB_CPU_KVM="-cpu host -machine gic-version=3" BUS=pci TUNE_ARCH=aarch64 ;;
    *)
        QB_MACHINE="-machine virt,highmem=off" QB_CPU="-cpu cortex-a15" QB_CPU_KVM=''
        BUS=device TUNE_ARCH=arm ;;
    esac
    NET_DEVICE=virtio-net-$BUS
    {
        cat <<EOF
[config_bsp]
deploy_dir_image = .
image_link_name = $IMAGE_LINK_NAME
image_name = $IMAGE_NAME
kernel_imagetype = $KTYPE
kernel_image_bin_ext = .bin
kernel_image_name = $KERNEL_IMAGE_NAME
machine = $MACHINE
qb_cpu = $QB_CPU
EOF
        [ -n "$QB_CPU_KVM" ] && echo "qb_cpu_kvm = $QB_CPU_KVM"
        cat <<EOF
qb_default_fstype = cpio.gz
qb_default_kernel = $kfile
qb_drive_type = /dev/vd
qb_kernel_cmdline_append = $CMDLINE
qb_machine = $QB_MACHINE
qb_mem = -m 512
qb_network_device = -device $NET_DEVICE,netdev=net0,mac=@MAC@
qb_no_pni = net.ifnames=0
qb_opt_append = -no-reboot
qb_rootfs_opt = -drive id=disk0,file=@ROOTFS@,if=none,format=raw -device virtio-blk-$BUS,drive=disk0
qb_serial_opt = -device virtio-serial-$BUS -chardev null,id=virtcon -device virtconsole,chardev=virtcon
qb_slirp_opt = -netdev user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:2222-:22
qb_smp = -smp 1
qb_system_name = $QEMU_SYSTEM
qb_tcpserial_opt = -device virtio-serial-$BUS -chardev socket,id=virtcon,port=@PORT@,host=127.0.0.1,nodelay=on -device virtconsole,chardev=virtcon
serial_consoles = 115200;ttyAMA0 115200;hvc0
tune_arch = $TUNE_ARCH
EOF
    } >"$DEPLOY/$IMAGE_NAME.qemuboot.conf" ;;
esac
ln -s "$IMAGE_NAME.qemuboot.conf" "$DEPLOY/$IMAGE_LINK_NAME.qemuboot.conf"

rel=deploy/images/$MACHINE
ln -sfn "$rel/$IMAGE_LINK_NAME.cpio.gz" "$OUT/$IMAGE_BASENAME.cpio.gz"
ln -sfn "$rel/$IMAGE_LINK_NAME.qemuboot.conf" "$OUT/$IMAGE_BASENAME.qemuboot.conf"
ln -sfn "$rel/$kfile" "$OUT/$KTYPE"

cat >"$OUT/image.env" <<EOF
# written by tests/image/build-image.sh
IMAGE_KERNEL='$DEPLOY/$kfile'
IMAGE_INITRD='$DEPLOY/$IMAGE_NAME.cpio.gz'
IMAGE_QEMUBOOT='$DEPLOY/$IMAGE_NAME.qemuboot.conf'
IMAGE_DEPLOY_DIR='$DEPLOY'
IMAGE_CMDLINE='$CMDLINE'
IMAGE_MARKER='$MARKER'
IMAGE_SSH_KEY='$OUT/id_ed25519'
IMAGE_SSH_USER=root
IMAGE_GUEST_IP=10.0.2.15
IMAGE_KERNEL_VERSION='$kver'
IMAGE_KERNEL_PACKAGE_VERSION='$kpkgver'
IMAGE_KERNEL_TYPE=$KTYPE
IMAGE_ARCH=$ARCH
IMAGE_MACHINE=$MACHINE
IMAGE_TRIPLET=$TRIPLET
IMAGE_QEMU=$QEMU_SYSTEM
IMAGE_QEMU_MACHINE='$QB_MACHINE'
IMAGE_QEMU_CPU='$QB_CPU'
IMAGE_NET_DEVICE=$NET_DEVICE
IMAGE_QEMU_USER='$QEMU_USER'
EOF

# the image's side of meta-pgo's python3-pgo-image:do_profile run stand-alone
# (pgo-run task -c OUTDIR/profile.conf -c tests/image/demo.conf ...): the
# instrumented demo is the program profiled
cat >"$OUT/profile.conf" <<EOF
# written by tests/image/build-image.sh
MACHINE = "$MACHINE"
DEPLOY_DIR_IMAGE = "$DEPLOY"
IMAGE_LINK_NAME = "$IMAGE_LINK_NAME"
PGO_SSH_KEY = "$OUT/id_ed25519"
PGO_BOOT_MARKER = "$MARKER"
PGO_PROFILE_PROGRAM = "/usr/bin/demo"
PYTHON_PROFILE_TASK = "50"
PGO_GCOV_PREFIX_STRIP = "$strip_n"
GCCVERSION = "$gccver"
EOF

size=$(wc -c <"$DEPLOY/$IMAGE_NAME.cpio.gz")
say "kernel $kver ($kpkgver): $DEPLOY/$kfile"
say "initramfs: $DEPLOY/$IMAGE_NAME.cpio.gz ($size bytes)"
say "qemuboot.conf: $DEPLOY/$IMAGE_NAME.qemuboot.conf"
say "demo: $D/demo (GCOV_PREFIX_STRIP=$strip_n)"
