#!/bin/sh
# TAP: the arm64 test image booted by hand and by pgo-run (tests/runner/qemu-arch.sh)
IMAGE_ARCH=arm64 exec bash "$(dirname "$0")/qemu-arch.sh"
