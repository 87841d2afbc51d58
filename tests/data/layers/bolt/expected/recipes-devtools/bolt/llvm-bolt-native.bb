SUMMARY = "BOLT's llvm-bolt and merge-fdata, for the build host"
DESCRIPTION = "LLVM's post-link optimizer, built from the llvm-project source \
OE-core's clang recipes share (whinlatter and later; meta-clang's before). \
meta-pgo's PGO_BOLT instruments python3 with it, gathers BOLT's \
profile on the target and rewrites python3's binaries."
HOMEPAGE = "https://github.com/llvm/llvm-project/tree/main/bolt"
SECTION = "devel"
LICENSE = "Apache-2.0-with-LLVM-exception"
LIC_FILES_CHKSUM = "file://LICENSE.TXT;md5=${LLVMMD5SUM}"

# the shared source and its version; a release without them skips this
# recipe (python-pgo-target.bbclass then stops the parse with what to do)
include recipes-devtools/clang/common-clang.inc
include recipes-devtools/clang/common-source.inc

# skipped until local.conf sets PYTHON_PROFILE_OPT = "1"
inherit pgo-switch
inherit cmake pkgconfig native

python () {
    if not bb.utils.which(d.getVar('BBPATH'), 'recipes-devtools/clang/common-source.inc'):
        raise bb.parse.SkipRecipe('no llvm-project source in this build (OE-core whinlatter or later, or meta-clang, has one)')
}

OECMAKE_SOURCEPATH = "${S}/llvm"
# BOLT alone, for the two architectures it rewrites; its runtime is built
# for the target by bolt-runtime (the one BOLT builds is the host's)
EXTRA_OECMAKE += "\
    -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_ENABLE_PROJECTS=bolt \
    -DLLVM_TARGETS_TO_BUILD='X86;AArch64' \
    -DBOLT_TARGETS_TO_BUILD='X86;AArch64' \
    -DBOLT_ENABLE_RUNTIME=OFF \
    -DLLVM_INCLUDE_TESTS=OFF \
    -DLLVM_INCLUDE_BENCHMARKS=OFF \
    -DLLVM_INCLUDE_EXAMPLES=OFF \
    -DLLVM_ENABLE_ZLIB=OFF \
    -DLLVM_ENABLE_ZSTD=OFF \
    -DLLVM_ENABLE_LIBXML2=OFF \
"
OECMAKE_TARGET_COMPILE = "llvm-bolt merge-fdata"

do_install() {
	install -d ${D}${bindir}
	install -m 0755 ${B}/bin/llvm-bolt ${B}/bin/merge-fdata ${D}${bindir}/
}
