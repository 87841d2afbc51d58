SUMMARY = "BOLT's instrumentation runtime, built for the target"
DESCRIPTION = "The code llvm-bolt -instrument links into an instrumented \
binary (libbolt_rt_instr.a), built for the target from the llvm-project \
source OE-core's clang recipes share: BOLT builds it for the build host \
only. For meta-pgo's PGO_BOLT, in the sysroot alone: no package."
HOMEPAGE = "https://github.com/llvm/llvm-project/tree/main/bolt"
SECTION = "devel"
LICENSE = "Apache-2.0-with-LLVM-exception"
LIC_FILES_CHKSUM = "file://LICENSE.TXT;md5=${LLVMMD5SUM}"

include recipes-devtools/clang/common-clang.inc
include recipes-devtools/clang/common-source.inc

# skipped until local.conf sets PYTHON_PROFILE_OPT = "1"
inherit pgo-switch
inherit cmake nopackages

python () {
    if not bb.utils.which(d.getVar('BBPATH'), 'recipes-devtools/clang/common-source.inc'):
        raise bb.parse.SkipRecipe('no llvm-project source in this build (OE-core whinlatter or later, or meta-clang, has one)')
}

# BOLT has a runtime for these two alone
COMPATIBLE_HOST = "(x86_64|aarch64).*-linux.*"

# bolt/runtime is a CMake project of its own
OECMAKE_SOURCEPATH = "${S}/bolt/runtime"
OECMAKE_TARGET_COMPILE = "bolt_rt_instr"
# freestanding code that llvm-bolt links into the instrumented binary, where
# no libc symbol is resolved: no stack protector, no _FORTIFY_SOURCE
SECURITY_STACK_PROTECTOR = ""
lcl_maybe_fortify = ""

do_install() {
	install -d ${D}${libdir}/pgo-bolt
	lib=$(find ${B} -name libbolt_rt_instr.a | head -n 1)
	[ -n "$lib" ] || bbfatal "no libbolt_rt_instr.a in ${B}"
	install -m 0644 "$lib" ${D}${libdir}/pgo-bolt/
}
