#!/bin/sh
# TAP: the qemux86-64 ext4 image booted as runqemu boots it, a profile gathered by
# pgo-run (tests/runner/ext4-boot.sh)
IMAGE_ARCH=amd64 exec bash "$(dirname "$0")/ext4-boot.sh"
