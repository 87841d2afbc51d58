SUMMARY = "pgo-run: gathers PGO profiles on QEMU or real targets"
DESCRIPTION = "The meta-pgo runner: boots a target, runs a profile task with an \
instrumented program and installs the profile data it brings back. \
python3-pgo-image's do_profile calls it."
LICENSE = "MIT"
LIC_FILES_CHKSUM = "file://${COMMON_LICENSE_DIR}/MIT;md5=0835ade698e0bcf8506ecda2f7b4f302"

# skipped until local.conf sets PYTHON_PROFILE_OPT = "1"
inherit pgo-switch

# what configure looks for with pkg-config; cmocka is for the tests alone,
# which are left out (--disable-tests)
DEPENDS = "libxml2-native libpcre2-native libarchive-native"

# the runner's sources travel with this layer (files/, written by pgo-gen with
# this recipe), so the recipe builds offline and needs no edits. BitBake checks
# no checksum of a file:// source: do_unpack checks this one, so that a tarball
# other than the one this recipe was generated with stops the build
SRC_URI = "file://pgo-run-${PV}.tar.gz;sha256sum=0e340081ff4e418d654669cc903e762ae28e02202933e4ae3e0473fafce4333b"

python pgo_run_check_src() {
    uri = d.getVar('SRC_URI').split()[0]
    fetcher = bb.fetch2.Fetch([uri], d)
    path = fetcher.localpath(uri)
    want = bb.fetch2.decodeurl(uri)[5].get('sha256sum')
    got = bb.utils.sha256_file(path)
    if got != want:
        bb.fatal('%s has SHA-256 %s, and this recipe was generated with %s: regenerate the layer with pgo-gen' % (path, got, want))
}
do_unpack[prefuncs] += "pgo_run_check_src"

# the programs alone: no cmocka, and the tarball has no tests/
EXTRA_OECONF = "--disable-tests"

inherit autotools pkgconfig native
