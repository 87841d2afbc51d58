#!/bin/sh
# TAP: the armhf test image booted by hand and by pgo-run (tests/runner/qemu-arch.sh)
IMAGE_ARCH=armhf exec bash "$(dirname "$0")/qemu-arch.sh"
