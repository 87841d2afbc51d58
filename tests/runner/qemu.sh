#!/bin/bash
# TAP: builds the test image from Debian's packages (tests/image/build-image.sh)
# and boots it for real in QEMU (TCG): both transports, a profile gathered in
# the guest, and that profile used by gcc -fprofile-use (tests/image/boot-check.sh).
# The image is built into $PGO_IMAGE_DIR (default: tests/image-out in the
# build tree), so a second run reuses its downloads.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/image/lib.sh
. "$here/image/lib.sh"
out=${PGO_IMAGE_DIR:-$PWD/tests/image-out}
image_build "$out"
exec bash "$here/image/boot-check.sh" "$out"
