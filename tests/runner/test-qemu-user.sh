#!/bin/bash
# TAP: "pgo-run profile --target qemu-user", for real: the demo cross-compiled
# for aarch64 (static, -fprofile-generate) runs under qemu-aarch64 -L SYSROOT,
# and the profile pgo-run installs is the directory that
# aarch64-linux-gnu-gcc -fprofile-use=DIR -Werror=missing-profile then
# builds with (an empty directory fails the build). A missing cross compiler
# or emulator fails the test: sh .ci/install-deps installs them.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
CROSS=${CROSS:-aarch64-linux-gnu-}
SYSROOT=${SYSROOT:-/usr/aarch64-linux-gnu}
require_tools "${CROSS}gcc" qemu-aarch64 tar
echo "1..9"

# 1 the instrumented aarch64 demo, built with relative names in $B
B=$W/build
mkdir -p "$B"
cp "$here/image/demo.c" "$B/"
CFLAGS=(-O2 -fprofile-update=atomic)
strip=$(echo "$B" | tr -cd / | wc -c)
if (cd "$B" && "${CROSS}gcc" "${CFLAGS[@]}" -fprofile-generate -c demo.c -o demo.o &&
    "${CROSS}gcc" -static -fprofile-generate -o demo demo.o) >"$W/build.log" 2>&1 &&
   "${CROSS}readelf" -h "$B/demo" | grep -q 'Machine:.*AArch64'; then
	ok "the demo built for aarch64 with -fprofile-generate (static)"
else
	not_ok "the demo built for aarch64"; diag "$W/build.log"
fi

# user_profile NAME ARGS...: log $W/NAME.log, stderr $W/NAME.err, exit $rc
user_profile() {
	local name=$1
	shift
	"$PGO_RUN" profile --target qemu-user --python "$B/demo" --gcov-prefix-strip "$strip" \
		--cc "${CROSS}gcc" --timeout 120 --log "$W/$name.log" "$@" \
		>"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}

# 2 the profile through qemu-aarch64 found on PATH by --arch
t0=$(now)
user_profile arch --arch aarch64 --sysroot "$SYSROOT" --task 50 --out "$W/prof"
echo "# time qemu-user-run $(since "$t0")s"
grep '^pgo-run: done:' "$W/arch.log" | diag
if [ "$rc" = 0 ] && [ -f "$W/prof/demo.gcda" ] &&
   grep -q '<machine>aarch64</machine>' "$W/prof/pgo-manifest.xml" &&
   grep -q '<source>qemu-user</source>' "$W/prof/pgo-manifest.xml" &&
   grep -q '<target>qemu-user</target>' "$W/prof/pgo-manifest.xml" &&
   grep -q "^pgo-run: run: .*/qemu-aarch64 -L $SYSROOT $B/demo 50\$" "$W/arch.log" &&
   grep -q '^digest: ' "$W/arch.log"; then
	ok "qemu-user: demo.gcda from qemu-aarch64 -L $SYSROOT (machine aarch64)"
else
	not_ok "qemu-user: profile gathered (exit $rc)"; diag "$W/arch.err"; tail -n 20 "$W/arch.log" | diag
fi

# 3-4 gcc -fprofile-use=DIR reads the installed profile directory; an empty one fails
use() { (cd "$B" && "${CROSS}gcc" "${CFLAGS[@]}" -fprofile-use="$1" -fprofile-prefix-path="$B" \
	-Werror=missing-profile -c demo.c -o demo.o); }
profile_use "qemu-user: ${CROSS}gcc" use "$W/prof"

# 5 --qemu-user BIN and --qemu-bindir DIR, without a sysroot (the demo is static)
bindir=$(dirname "$(command -v qemu-aarch64)")
user_profile bin --qemu-user qemu-aarch64 --qemu-bindir "$bindir" --task "3 2d*." --out "$W/prof2"
if [ "$rc" = 0 ] && [ -f "$W/prof2/demo.gcda" ] &&
   grep -q '<machine>aarch64</machine>' "$W/prof2/pgo-manifest.xml"; then
	ok "qemu-user: --qemu-user qemu-aarch64 --qemu-bindir $bindir"
else
	not_ok "qemu-user: --qemu-user qemu-aarch64 --qemu-bindir $bindir (exit $rc)"
	diag "$W/bin.err"
fi

# faults: one line on stderr, exit 1 (2 for usage), the profile directory untouched
before=$(tree_sum "$W/prof")
fault() {
	local name=$1 code=$2 want=$3
	shift 3
	user_profile "$name" --task 50 --out "$W/prof" "$@"
	if [ "$rc" = "$code" ] && grep -q -- "$want" "$W/$name.err" &&
	   [ "$(wc -l <"$W/$name.err")" = 1 ] && [ "$(tree_sum "$W/prof")" = "$before" ]; then
		ok "qemu-user fault $name: $(cat "$W/$name.err")"
	else
		not_ok "qemu-user fault $name: exit $rc, expected $code and '$want'"
		diag "$W/$name.err"; tail -n 5 "$W/$name.log" | diag
	fi
}
# 6 no such emulator
fault no-qemu 1 '^pgo-run: setup: qemu-nosucharch (or qemu-nosucharch-static) not found in PATH' \
	--arch nosucharch
# 7 the task fails under the emulator (a bad program for the demo's stack machine)
fault task-fails 1 '^pgo-run: run: the task exited with status 2' --arch aarch64 \
	--sysroot "$SYSROOT" --task "1 ["
# 8 a sysroot that is not there
fault sysroot 1 "^pgo-run: setup: --sysroot $W/nowhere: No such file or directory" --arch aarch64 \
	--sysroot "$W/nowhere"
# 9 neither --arch nor --qemu-user
fault usage 2 '^pgo-run: profile: --target qemu-user needs one of --arch ARCH and --qemu-user BIN'
[ "$failed" = 0 ]
