# shellcheck shell=bash
# sourced by the pgo-run test scripts (bash): the test image's helpers
# (tests/image/lib.sh: TAP, tools, the image built and loaded), pgo-run, a
# scratch directory, and the image booted by hand in QEMU as a board reachable
# by ssh on a forwarded port.
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck disable=SC2034 # the image, for the caller
out=${PGO_IMAGE_DIR:-$PWD/tests/image-out}
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}

# shellcheck source=tests/image/lib.sh
. "$here/image/lib.sh"

W=$(mktemp -d "${TMPDIR:-/tmp}/test-runner.XXXXXX") || exit 99
holder_pid=
cleanup() {
	trap - EXIT INT TERM HUP
	qemu_stop
	if [ -n "$holder_pid" ]; then kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; fi
	rm -rf "$W"
}
trap cleanup EXIT
trap 'echo "Bail out! signal"; exit 130' INT TERM HUP

# board_start SECONDS: the test image in QEMU (TCG) as a board, ssh on
# 127.0.0.1:$qemu_port; returns when its console ($W/board.console) shows the
# marker (1 on a deadline or when QEMU dies)
board_start() {
	qemu_start "$W/board.qemu" "file,path=$W/board.console"
	wait_for "$W/board.console" "^$IMAGE_MARKER" "$1"
}

# board_ssh CMD: a command on the board
board_ssh() {
	timeout 30 ssh -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
		-o LogLevel=ERROR -o ConnectTimeout=10 -i "$IMAGE_SSH_KEY" -p "$qemu_port" \
		root@127.0.0.1 "$@"
}

# hold_ports N: N ports on 127.0.0.1 held open (listening) until the script ends,
# their numbers in $held
hold_ports() {
	if [ -n "$holder_pid" ]; then kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; fi
	rm -f "$W/held"
	python3 -c '
import socket, sys, time
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    socks.append(s)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(" ".join(str(s.getsockname()[1]) for s in socks) + "\n")
import os
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
time.sleep(3600)
' "$1" "$W/held" &
	holder_pid=$!
	for _ in $(seq 100); do [ -s "$W/held" ] && break; sleep 0.05; done
	# shellcheck disable=SC2034 # for the caller
	held=$(cat "$W/held" 2>/dev/null)
}

# a TCP port on 127.0.0.1 that nothing listens on (bound, then closed again)
closed_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# image_profile QEMUBOOT NAME: "pgo-run profile --target qemu" over ssh on
# QEMUBOOT with the loaded image's marker, key and demo (BOOT_TIMEOUT for the
# boot): the profile in $W/NAME, the log in $W/NAME.log, the output in
# $W/NAME.out, the exit status in $rc
image_profile() {
	"$PGO_RUN" profile --target qemu --qemuboot "$1" --accel auto \
		--boot-marker "$IMAGE_MARKER" --ssh-key "$IMAGE_SSH_KEY" --transport ssh \
		--python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" --remote-dir /tmp/pgo-prof \
		--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --toolchain gcc \
		--gcc-version "$DEMO_GCC_VERSION" --timeout 300 --boot-timeout "${BOOT_TIMEOUT:-120}" \
		--out "$W/$2" --log "$W/$2.log" >"$W/$2.out" 2>&1
	# shellcheck disable=SC2034 # for the caller
	rc=$?
}

# pids_gone LOG: every QEMU whose pid pgo-run logged has ended
pids_gone() {
	local pid
	while read -r pid; do
		kill -0 "$pid" 2>/dev/null && return 1
	done < <(sed -n 's/^pgo-run: boot: qemu pid \([0-9]*\)$/\1/p' "$1")
	return 0
}

tree_sum() { (cd "$1" 2>/dev/null && find . -type f | LC_ALL=C sort | xargs cat | cksum); }

# profile_staged DIR ARCHIVE: DIR holds the demo's .gcda, pgo-manifest.xml and
# profile.tar, nothing else, and profile.tar is ARCHIVE's bytes
profile_staged() {
	local files
	files=$(cd "$1" 2>/dev/null && find . -type f | LC_ALL=C sort | tr '\n' ' ')
	[ "$files" = "./$DEMO_GCDA_STRIPPED ./pgo-manifest.xml ./profile.tar " ] &&
		cmp -s "$1/profile.tar" "$2"
}

# reuse_debs FROM TO: the packages another test downloaded into FROM/pkgs/debs
# linked (or copied) into TO/pkgs/debs, so that building TO's image downloads
# nothing again; 99 (a hard error) when TO cannot be made
reuse_debs() {
	mkdir -p "$2/pkgs/debs" || exit 99
	for f in "$1"/pkgs/debs/*.deb; do
		[ -f "$f" ] && [ ! -e "$2/pkgs/debs/${f##*/}" ] &&
			{ ln "$f" "$2/pkgs/debs/" 2>/dev/null || cp "$f" "$2/pkgs/debs/"; }
	done
}

# pgo_builddir BUILDDIR MACHINE IMAGEDIR: BUILDDIR made as a real build
# leaves it once BitBake has built python3-pgo-image for MACHINE: OE-core's
# meta (tests/data/oe-meta), the committed layer, BBMULTICONFIG = "pgo", the
# test image of IMAGEDIR (its profile.conf in local.conf) in that
# configuration's deploy directory under python3-pgo-image's names, and
# $QEMU and pgo-run in the image recipe's native sysroot, where BitBake
# stages them (qemu-system-native, pgo-run-native). Sets
# dd (that deploy directory) and wk (the recipe's WORKDIR).
pgo_builddir() {
	local b=$1 m=$2 img=$3/deploy/images/$2 kernel
	mkdir -p "$b/conf"
	# shellcheck disable=SC2016 # ${TOPDIR}: BitBake expands it
	printf 'BBPATH = "${TOPDIR}"\nBBFILES ?= ""\nBBLAYERS ?= "%s %s"\n' \
		"$here/data/oe-meta/meta" "$here/../meta-pgo" >"$b/conf/bblayers.conf"
	{
		printf 'MACHINE = "%s"\nBBMULTICONFIG = "pgo"\nPGO_PROFILE_TIMEOUT = "600"\n' "$m"
		grep -v -e '^#' -e '^MACHINE' -e '^DEPLOY_DIR_IMAGE' -e '^IMAGE_LINK_NAME' "$3/profile.conf"
	} >"$b/conf/local.conf"
	dd=$b/tmp-pgo/deploy/images/$m
	wk=$b/tmp-pgo/work/$(printf '%s' "$m" | tr - _)-oe-linux/python3-pgo-image/1.0
	mkdir -p "$dd"
	kernel=$(sed -n 's/^qb_default_kernel = //p' "$img/pgo-test-image-$m.rootfs.qemuboot.conf")
	ln -sf "$(readlink -f "$img/$kernel")" "$dd/$kernel"
	ln -sf "$(readlink -f "$img/pgo-test-image-$m.rootfs.cpio.gz")" \
		"$dd/python3-pgo-image-$m.rootfs.cpio.gz"
	sed "s/pgo-test-image-$m\\.rootfs/python3-pgo-image-$m.rootfs/" \
		"$img/pgo-test-image-$m.rootfs.qemuboot.conf" >"$dd/python3-pgo-image-$m.rootfs.qemuboot.conf"
	sysroot_native "$wk/recipe-sysroot-native/usr/bin" "$PGO_RUN"
}

# sysroot_native DIR PGO_RUN: DIR (a recipe's recipe-sysroot-native/usr/bin)
# with $QEMU and PGO_RUN (as pgo-run) linked in, where BitBake stages them
# (qemu-system-native, pgo-run-native): the task finds them in PATH there
sysroot_native() {
	mkdir -p "$1" &&
		ln -sf "$(command -v "$QEMU")" "$1/" &&
		ln -sf "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")" "$1/pgo-run"
}
