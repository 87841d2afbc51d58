#!/bin/sh
# build-image.sh OUTDIR - build meta-pgo's integration-test image.
#
# Everything comes from Debian 12 packages (apt-get download + dpkg-deb -x,
# nothing is installed on the host) and goes into OUTDIR:
#
#   OUTDIR/pkgs/                 downloaded .debs and their extracted trees
#   OUTDIR/rootfs/               the initramfs tree
#   OUTDIR/demo-build/           the instrumented demo program and its objects
#   OUTDIR/demo.env              where the demo was built, GCOV_PREFIX_STRIP, ...
#   OUTDIR/image.env             kernel, initrd, key, marker, cmdline (shell syntax)
#   OUTDIR/profile.conf          the same for python3-pgo-image:do_profile (BitBake conf)
#   OUTDIR/id_ed25519{,.pub}     the ssh key pair root's authorized_keys accepts
#   OUTDIR/deploy/images/qemux86-64/   laid out like an OE deploy dir:
#        bzImage-<ver>-qemux86-64-<date>.bin, bzImage, bzImage-qemux86-64.bin
#        pgo-test-image-qemux86-64.rootfs-<date>.cpio.gz (+ .rootfs.cpio.gz link)
#        pgo-test-image-qemux86-64.rootfs-<date>.qemuboot.conf (+ link)
#   OUTDIR/pgo-test-image.cpio.gz, OUTDIR/pgo-test-image.qemuboot.conf,
#   OUTDIR/bzImage               symlinks into the deploy dir
#
# Host tools: apt-get, dpkg-deb, gcc (with static libc: libc6-dev), cpio,
# gzip, ssh-keygen (openssh-client), readelf (binutils).
# Re-running reuses the downloaded packages (OUTDIR/pkgs/debs).
#
# The guest: Debian's cloud kernel, busybox-static, dropbear on port 22
# (10.0.2.15/24 via 10.0.2.2, the slirp defaults), a root shell on ttyS0,
# and the marker line PGO-TEST-IMAGE-READY on the console once both are up.
# Kernel parameters understood by /init: pgo.nonet (skip network and ssh).
set -eu

usage() { echo "usage: $0 OUTDIR" >&2; exit 2; }
[ $# -eq 1 ] || usage

srcdir=$(cd "$(dirname "$0")" && pwd -P)
mkdir -p "$1"
OUT=$(cd "$1" && pwd -P)
MACHINE=qemux86-64
IMAGE_BASENAME=pgo-test-image
MARKER=PGO-TEST-IMAGE-READY
DATETIME=${DATETIME:-$(date -u +%Y%m%d%H%M%S)}
MODULES="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci failover net_failover virtio_net virtio_blk"
# no_timer_check and tsc=reliable, as OE's runqemu passes them to x86 guests:
# under TCG on a loaded host the kernel's IO-APIC timer check can fail and
# panic ("IO-APIC + timer doesn't work") before the boot marker
CMDLINE="console=ttyS0 quiet panic=-1 no_timer_check tsc=reliable"

say() { printf '%s\n' "build-image: $*" >&2; }
die() { printf '%s\n' "build-image: error: $*" >&2; exit 1; }

for tool in apt-get dpkg-deb gcc cpio gzip ssh-keygen readelf; do
    command -v "$tool" >/dev/null 2>&1 || die "missing host tool: $tool"
done

# --- packages ---------------------------------------------------------------
debs=$OUT/pkgs/debs
tree=$OUT/pkgs/tree
mkdir -p "$debs"

# download PKG... into $debs unless a matching .deb is already there
fetch() {
    need=
    for p in "$@"; do
        ls "$debs/${p}_"*.deb >/dev/null 2>&1 || need="$need $p"
    done
    [ -z "$need" ] && return 0
    say "downloading:$need"
    # -o APT::Sandbox::User=root: as root, _apt may not be able to write here
    sandbox=
    [ "$(id -u)" = 0 ] && sandbox="-o APT::Sandbox::User=root"
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get -q $sandbox download $need) >&2 ||
        die "apt-get download failed:$need"
}

fetch linux-image-cloud-amd64
kdep=$(dpkg-deb -f "$debs"/linux-image-cloud-amd64_*.deb Depends)
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
for d in bin sbin usr/bin usr/sbin lib/x86_64-linux-gnu lib/modules proc sys dev \
         dev/pts tmp run var/log etc/dropbear root/.ssh mnt; do
    mkdir -p "$R/$d"
done
ln -s lib "$R/lib64"
chmod 1777 "$R/tmp"
chmod 700 "$R/root" "$R/root/.ssh"

# busybox and its applets
install -m 755 "$tree/bin/busybox" "$R/bin/busybox"
for a in $("$R/bin/busybox" --list-full); do
    case $a in bin/busybox) continue ;; esac
    [ -e "$R/$a" ] || ln -s /bin/busybox "$R/$a"
done

# dropbear and the shared libraries it needs (resolved from the packages)
install -m 755 "$tree/usr/sbin/dropbear" "$R/usr/sbin/dropbear"
libdirs="$tree/lib/x86_64-linux-gnu $tree/usr/lib/x86_64-linux-gnu"
copy_needed() {
    for lib in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        [ -e "$R/lib/x86_64-linux-gnu/$lib" ] && continue
        found=
        for d in $libdirs; do
            if [ -e "$d/$lib" ]; then found=$d/$lib; break; fi
        done
        [ -n "$found" ] || die "library $lib (needed by $1) not in the packages"
        cp -L "$found" "$R/lib/x86_64-linux-gnu/$lib"
        copy_needed "$R/lib/x86_64-linux-gnu/$lib"
    done
}
copy_needed "$R/usr/sbin/dropbear"
interp=$(readelf -l "$R/usr/sbin/dropbear" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
ldso=$(basename "$interp")
cp -L "$tree/lib/x86_64-linux-gnu/$ldso" "$R/lib/x86_64-linux-gnu/$ldso"
ln -s "x86_64-linux-gnu/$ldso" "$R/lib/$ldso"
[ -e "$R$interp" ] || die "interpreter $interp missing in the rootfs"

# host key, made with the packaged dropbearkey against the packaged libraries
LD_LIBRARY_PATH="$R/lib/x86_64-linux-gnu" "$R/lib/x86_64-linux-gnu/$ldso" \
    "$tree/usr/bin/dropbearkey" -t ed25519 -f "$R/etc/dropbear/dropbear_ed25519_host_key" \
    >"$OUT/host-key.txt" 2>&1 || { cat "$OUT/host-key.txt" >&2; die "dropbearkey failed"; }
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
    gcc $DEMO_CFLAGS -fprofile-generate -c "$D/demo.c" -o "$D/demo.o"
    gcc -static -fprofile-generate -o "$D/demo" "$D/demo.o"
) || die "building the demo failed"
grep -q "$D/demo.gcda" "$D/demo" || die "demo does not record $D/demo.gcda"
install -m 755 "$D/demo" "$R/usr/bin/demo"
# number of path components of $D (GCOV_PREFIX_STRIP so that demo.gcda lands
# at $GCOV_PREFIX/demo.gcda)
strip_n=$(printf '%s\n' "$D" | tr -s / '\n' | grep -c .)
gccver=$(gcc -dumpfullversion)
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
DEMO_GENERATE='cd $D && gcc $DEMO_CFLAGS -fprofile-generate -c $D/demo.c -o $D/demo.o && gcc -static -fprofile-generate -o $D/demo $D/demo.o'
# profile-use build: the source must be named exactly as above (its path
# enters GCC's per-function line checksum: another spelling gives
# coverage-mismatch errors); the .gcda is looked up next to the -o object,
# so put the collected demo.gcda at \$OBJDIR/demo.gcda:
DEMO_USE='gcc $DEMO_CFLAGS -fprofile-use -Werror=missing-profile -c $D/demo.c -o "\$OBJDIR/demo.o" && gcc -static -o "\$OBJDIR/demo-opt" "\$OBJDIR/demo.o"'
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
kfile=bzImage-$KERNEL_IMAGE_NAME.bin
cp "$kimage" "$DEPLOY/$kfile"
ln -s "$kfile" "$DEPLOY/bzImage"
ln -s "$kfile" "$DEPLOY/bzImage-$MACHINE.bin"

# owners 0:0 (dropbear insists on root-owned ~/.ssh), sorted, fixed mtimes
find "$R" -exec touch -h -d "@0" {} +
(cd "$R" && find . -mindepth 1 | LC_ALL=C sort |
    cpio --quiet -o -H newc -R 0:0 --reproducible) | gzip -9n >"$DEPLOY/$IMAGE_NAME.cpio.gz"
ln -s "$IMAGE_NAME.cpio.gz" "$DEPLOY/$IMAGE_LINK_NAME.cpio.gz"

cat >"$DEPLOY/$IMAGE_NAME.qemuboot.conf" <<EOF
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
ln -s "$IMAGE_NAME.qemuboot.conf" "$DEPLOY/$IMAGE_LINK_NAME.qemuboot.conf"

rel=deploy/images/$MACHINE
ln -sfn "$rel/$IMAGE_LINK_NAME.cpio.gz" "$OUT/$IMAGE_BASENAME.cpio.gz"
ln -sfn "$rel/$IMAGE_LINK_NAME.qemuboot.conf" "$OUT/$IMAGE_BASENAME.qemuboot.conf"
ln -sfn "$rel/$kfile" "$OUT/bzImage"

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
