#!/bin/sh
# TAP: builds the test image from Debian's packages (tests/image/build-image.sh)
# and boots it for real in QEMU (TCG): both transports, a profile gathered in
# the guest, and that profile used by gcc -fprofile-use (tests/image/boot-check.sh).
# The image is built into $PGO_IMAGE_DIR (default: tests/image-out in the
# build tree), so a second run reuses its downloads.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
out=${PGO_IMAGE_DIR:-$PWD/tests/image-out}
mkdir -p "$out" || exit 99
if ! sh "$here/image/build-image.sh" "$out" >"$out/build.log" 2>&1; then
	echo "1..1"
	echo "not ok 1 - the test image builds"
	sed 's/^/# /' "$out/build.log" | tail -20
	exit 1
fi
exec bash "$here/image/boot-check.sh" "$out"
