#!/bin/sh
# builddir.sh OECORE LAYERS BUILD IMAGEDIR PGO_RUN [SSTATE_DIR]
# A build directory for real BitBake's `bitbake mc:pgo:python3-pgo-image -c
# profile` against the test image (doc/bitbake.txt): OECORE/meta, LAYERS/meta-pgo
# (written by `pgo-gen -B BUILD -o LAYERS/meta-pgo` once this has run) and
# this directory's meta-standin; local.conf with the switch, offline,
# IMAGEDIR/profile.conf's settings (the key copied into BUILD) and, if given,
# SSTATE_DIR; IMAGEDIR's deploy directory copied into tmp-pgo/deploy/images
# under python3-pgo-image's names; PGO_RUN and qemu-system-x86_64 linked into
# the recipe's native sysroot. Run it as the user who runs bitbake.
set -eu
core=$1 layers=$2 b=$3 img=$4 run=$5 sstate=${6:-}
here=$(cd "$(dirname "$0")" && pwd)
m=qemux86-64
mkdir -p "$b/conf"
cp "$img/id_ed25519" "$b/id_ed25519"
chmod 600 "$b/id_ed25519"
cat >"$b/conf/bblayers.conf" <<EOB
BBPATH = "\${TOPDIR}"
BBFILES ?= ""
BBLAYERS ?= "$core/meta $layers/meta-pgo $here/meta-standin"
EOB
{
	printf 'MACHINE = "%s"\nBB_NO_NETWORK = "1"\nPYTHON_PROFILE_OPT = "1"\n' "$m"
	printf 'PGO_SSH_KEY = "%s"\n' "$b/id_ed25519"
	# the test image's program, marker and prefix strip; its GCC for the
	# stamp check, on the image recipe alone (PREFERRED_VERSION_gcc reads
	# GCCVERSION)
	grep -e '^PGO_BOOT_MARKER' -e '^PGO_PROFILE_PROGRAM' -e '^PYTHON_PROFILE_TASK' \
		-e '^PGO_GCOV_PREFIX_STRIP' "$img/profile.conf"
	sed -n 's/^GCCVERSION /GCCVERSION:pn-python3-pgo-image /p' "$img/profile.conf"
	printf 'PGO_PROFILE_TIMEOUT = "600"\n'
	if [ -n "$sstate" ]; then
		printf 'SSTATE_DIR = "%s"\n' "$sstate"
	fi
} >"$b/conf/local.conf"
dd=$b/tmp-pgo/deploy/images/$m
mkdir -p "$dd"
kernel=$(sed -n 's/^qb_default_kernel = //p' "$img/deploy/images/$m/pgo-test-image-$m.rootfs.qemuboot.conf")
cp -L "$img/deploy/images/$m/$kernel" "$dd/$kernel"
cp -L "$img/deploy/images/$m/pgo-test-image-$m.rootfs.cpio.gz" "$dd/python3-pgo-image-$m.rootfs.cpio.gz"
sed "s/pgo-test-image-$m\\.rootfs/python3-pgo-image-$m.rootfs/" \
	"$img/deploy/images/$m/pgo-test-image-$m.rootfs.qemuboot.conf" \
	>"$dd/python3-pgo-image-$m.rootfs.qemuboot.conf"
bin=$b/tmp-pgo/work/qemux86_64-oe-linux/python3-pgo-image/1.0/recipe-sysroot-native/usr/bin
mkdir -p "$bin"
ln -sf "$(command -v qemu-system-x86_64)" "$bin/"
ln -sf "$run" "$bin/pgo-run"
