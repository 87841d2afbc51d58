# shellcheck shell=bash
# sourced by the test scripts that use the test image (bash): the TAP helpers
# (tests/tap.sh), tools that must be there (a missing one fails the test, it
# is never skipped), the image built and loaded, QEMU started on it, waited
# for and stopped, and the check that a profile is the one GCC uses.
image_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# IMAGE_ARCH: the image's Debian architecture (amd64, arm64, armhf), which
# build-image.sh --arch takes; QEMU its system emulator, QEMU_USER the
# user-mode one that runs its programs on the host (none for amd64)
IMAGE_ARCH=${IMAGE_ARCH:-amd64}
# shellcheck disable=SC2034 # QEMU_USER and CROSS_CC: for the caller
case $IMAGE_ARCH in
	amd64) QEMU=${QEMU:-qemu-system-x86_64} QEMU_USER='' CROSS_CC=gcc ;;
	arm64) QEMU=${QEMU:-qemu-system-aarch64} QEMU_USER=qemu-aarch64 CROSS_CC=aarch64-linux-gnu-gcc ;;
	armhf) QEMU=${QEMU:-qemu-system-arm} QEMU_USER=qemu-arm CROSS_CC=arm-linux-gnueabihf-gcc ;;
	*) echo "Bail out! IMAGE_ARCH=$IMAGE_ARCH: not amd64, arm64 or armhf"; exit 1 ;;
esac

# shellcheck source=tests/tap.sh
. "$image_lib/../tap.sh"

# require_tools TOOL...: every tool on PATH, or a plan of one test that fails
require_tools() {
	local missing='' t
	for t; do command -v "$t" >/dev/null || missing="$missing $t"; done
	[ -z "$missing" ] && return 0
	echo "1..1"
	not_ok "missing tools:$missing (sh .ci/install-deps installs them)"
	exit 1
}

# image_build DIR: the test image built into DIR (again: a second build reuses
# the downloads in DIR/pkgs), or a plan of one test that fails
image_build() {
	mkdir -p "$1" || exit 99
	if ! sh "$image_lib/build-image.sh" --arch "$IMAGE_ARCH" "$1" >"$1/build.log" 2>&1; then
		echo "1..1"
		not_ok "the $IMAGE_ARCH test image builds"
		tail -n 20 "$1/build.log" | diag
		exit 1
	fi
}

# image_load DIR: the image's image.env and demo.env, building it first if need be
# (an image for another architecture than IMAGE_ARCH fails: one plan, one test)
image_load() {
	local want=$IMAGE_ARCH
	if [ ! -r "$1/image.env" ] || [ ! -r "$1/demo.env" ]; then image_build "$1"; fi
	# shellcheck source=/dev/null
	. "$1/image.env"
	# shellcheck source=/dev/null
	. "$1/demo.env"
	if [ "$IMAGE_ARCH" != "$want" ]; then
		echo "1..1"
		not_ok "$1 holds an $IMAGE_ARCH image, not $want (IMAGE_ARCH)"
		exit 1
	fi
}

# qemu_start LOG CONSOLE [HOOK]: the loaded image booting in QEMU (TCG), its
# serial console on the chardev CONSOLE (e.g. "file,path=FILE"), the guest's
# ssh forwarded from 127.0.0.1:$qemu_port (restrict=on), QEMU's output in LOG;
# HOOK runs after each start. When another process takes the port first, QEMU
# starts again on another one (5 tries). Sets qemu_pid; 1 when every try lost.
qemu_pid=
qemu_start() {
	local log=$1 console=$2 hook=${3:-:} net=${IMAGE_NET_DEVICE:-virtio-net-pci}
	# no option ROM for a PCI card; a virtio-mmio one (virtio-net-device) has none
	case $net in *-pci) net=$net,romfile= ;; esac
	for _ in 1 2 3 4 5; do
		qemu_port=$((20000 + RANDOM % 30000))
		# shellcheck disable=SC2086 # the machine's and CPU's options
		"$QEMU" -accel tcg ${IMAGE_QEMU_MACHINE:--machine q35,i8042=off} \
			${IMAGE_QEMU_CPU:--cpu max} -m 512 -smp 1 \
			-nodefaults -no-user-config -display none -no-reboot -snapshot \
			-kernel "$IMAGE_KERNEL" -initrd "$IMAGE_INITRD" -append "$IMAGE_CMDLINE" \
			-chardev "$console,id=ser0" -serial chardev:ser0 \
			-netdev "user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:$qemu_port-:22" \
			-device "$net,netdev=n0" \
			</dev/null >"$log" 2>&1 &
		qemu_pid=$!
		"$hook"
		sleep 0.3
		if ! kill -0 "$qemu_pid" 2>/dev/null && grep -q "host forwarding" "$log"; then
			wait "$qemu_pid"
			qemu_pid=
			continue
		fi
		return 0
	done
	return 1
}

# qemu_stop: QEMU terminated (killed after 2 s) and reaped
qemu_stop() {
	[ -n "$qemu_pid" ] || return 0
	kill -TERM "$qemu_pid" 2>/dev/null
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		kill -0 "$qemu_pid" 2>/dev/null || break
		sleep 0.2
	done
	kill -KILL "$qemu_pid" 2>/dev/null
	wait "$qemu_pid" 2>/dev/null
	qemu_pid=
}

# wait_for FILE REGEX SECONDS: polls until a line of FILE (CRs dropped) matches
# REGEX; 1 when SECONDS pass first, 2 when QEMU ends first
wait_for() {
	local t
	t=$(now)
	while :; do
		tr -d '\r' <"$1" 2>/dev/null | grep -q -- "$2" && return 0
		kill -0 "$qemu_pid" 2>/dev/null || return 2
		[ "$(awk -v a="$t" -v b="$(now)" -v s="$3" 'BEGIN { print (b - a < s) }')" = 1 ] ||
			return 1
		sleep 0.05
	done
}

# demo_use DIR: the image's demo built with -fprofile-use -Werror=missing-profile
# from the .gcda files in DIR. GCC ties a .gcda to the source and object paths,
# so this builds in DEMO_BUILD_DIR itself; the instrumented demo.o is put back.
demo_use() {
	local d=$DEMO_BUILD_DIR keep g r
	keep=$(mktemp "${TMPDIR:-/tmp}/demo.o.XXXXXX") || return 1
	cp -p "$d/demo.o" "$keep" || { rm -f "$keep"; return 1; }
	rm -f "$d"/*.gcda
	for g in "$1"/*.gcda; do
		[ -f "$g" ] && cp "$g" "$d/"
	done
	# shellcheck disable=SC2034 # OBJDIR is used by eval "$DEMO_USE"
	(OBJDIR=$d; eval "$DEMO_USE")
	r=$?
	rm -f "$d"/*.gcda "$d/demo-opt"
	cp -p "$keep" "$d/demo.o"
	rm -f "$keep"
	return $r
}

# profile_use LABEL BUILD DIR: BUILD DIR (a build with -fprofile-use
# -Werror=missing-profile from the profile in DIR) passes, and BUILD of an empty
# directory fails for want of a profile (2 tests)
profile_use() {
	local label=$1 build=$2 dir=$3 empty
	empty=$(mktemp -d "${TMPDIR:-/tmp}/no-profile.XXXXXX") || exit 99
	if "$build" "$dir" >"$empty.log" 2>&1; then
		ok "$label: -fprofile-use -Werror=missing-profile builds with the profile"
	else
		not_ok "$label: -fprofile-use -Werror=missing-profile builds with the profile"
		diag "$empty.log"
	fi
	if "$build" "$empty" >"$empty.log" 2>&1; then
		not_ok "$label: without the profile the same build passed too"
	elif grep -q missing-profile "$empty.log"; then
		ok "$label: without the profile the same build fails (missing-profile)"
	else
		not_ok "$label: without the profile the build failed, but not for want of it"
		diag "$empty.log"
	fi
	rm -rf "$empty" "$empty.log"
}
