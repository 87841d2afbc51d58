#!/bin/sh
# TAP: the qemuarm ext4 image booted as runqemu boots it, a profile gathered by
# pgo-run (tests/runner/ext4-boot.sh)
IMAGE_ARCH=armhf exec bash "$(dirname "$0")/ext4-boot.sh"
