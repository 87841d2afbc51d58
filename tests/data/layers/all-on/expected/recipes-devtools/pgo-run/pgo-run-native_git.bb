SUMMARY = "pgo-run: gathers PGO profiles on QEMU or real targets"
DESCRIPTION = "The meta-pgo runner: boots a target, runs a profile task with an \
instrumented program and installs the profile data it brings back. \
python3-pgo-image's do_profile calls it."
HOMEPAGE = "https://example.invalid/meta-pgo"
LICENSE = "MIT"
LIC_FILES_CHKSUM = "file://${COMMON_LICENSE_DIR}/MIT;md5=0835ade698e0bcf8506ecda2f7b4f302"

DEPENDS = "libxml2-native libpcre2-native libarchive-native"

# the meta-pgo sources; set both in a conf file, or build a local checkout with
# INHERIT += "externalsrc" and EXTERNALSRC:pn-pgo-run-native = "/path/to/meta-pgo"
PGO_SRC_URI ??= "git://example.invalid/meta-pgo.git;branch=main;protocol=https"
PGO_SRCREV ??= "0000000000000000000000000000000000000000"
SRC_URI = "${PGO_SRC_URI};destsuffix=${BP}"
SRCREV = "${PGO_SRCREV}"

PV = "0.1+git"

inherit autotools pkgconfig native
