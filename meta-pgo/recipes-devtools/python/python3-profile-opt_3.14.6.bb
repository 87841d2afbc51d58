SUMMARY = "Python interpreter instrumented for profile-guided optimization"
DESCRIPTION = "OE-core's python3, built with profile instrumentation under its own \
prefix and with a renamed libpython, so that it can be installed next to python3. \
python3-pgo-image runs it on the target to gather the profile python3 is built with."

# skipped until local.conf sets PYTHON_PROFILE_OPT = "1"
inherit pgo-switch

# LICENSE, LIC_FILES_CHKSUM, SRC_URI and the whole build come from OE-core's
# python3 recipe of the same version. "include", not "require": when
# OE-core has another version, the recipe is skipped with a reason instead of
# failing the parse.
include recipes-devtools/python/python3_${PV}.bb

inherit python-pgo

def pgo_python_recipe(d):
    return bb.utils.which(d.getVar('BBPATH'), 'recipes-devtools/python/python3_%s.bb' % d.getVar('PV')) or ''

PGO_PYTHON_RECIPE_DIR = "${@os.path.dirname(pgo_python_recipe(d))}"
SKIP_RECIPE[python3-profile-opt] = "${@'' if pgo_python_recipe(d) else 'OE-core has no python3_${PV}.bb: meta-pgo was generated for CPython ${PV}; set PGO_PYTHON_PV to the version of OE-core python3 and regenerate the layer'}"

# the python3 recipe reads its package manifest from
# ${THISDIR}/python3 and its files from there: point both at OE-core's
# python3 directory
THISDIR = "${PGO_PYTHON_RECIPE_DIR}"
FILESEXTRAPATHS:prepend = "${PGO_PYTHON_RECIPE_DIR}/python3:"
SRC_URI += "file://0002-rename-libpython-for-the-profile-instrumented-build.patch"

# its own prefix: nothing clashes with python3 when both are installed
prefix = "${PGO_PYTHON_PREFIX}"
exec_prefix = "${PGO_PYTHON_PREFIX}"
# the loader does not search ${libdir} under that prefix: the interpreter
# finds the renamed libpython through its RPATH, relative to its own place
# ($ORIGIN/../${baselib}; an RPATH of ${libdir} would be what OE's
# useless-rpaths check takes for the loader's own ${libdir}). No "$" survives
# the quoting of configure, make and the shell on its way to the linker
# (python 2.7's do_compile even puts LDFLAGS into the Makefile with sed): the
# link writes XORIGIN, as long as $ORIGIN, and pgo_rpath puts $ORIGIN in its
# place, as OE-core's pseudo recipe does; the files that need no libpython
# (the extension modules, on Linux) lose the RPATH
LDFLAGS:append = " -Wl,-rpath,XORIGIN/../${baselib}"
do_install[postfuncs] += "pgo_rpath"
pgo_rpath() {
	find ${D}${PGO_PYTHON_PREFIX} -type f >${T}/pgo-rpath.files
	while read -r f; do
		case $(chrpath -l "$f" 2>/dev/null) in
		*PATH=XORIGIN*) ;;
		*) continue ;;
		esac
		if ${READELF} -d "$f" | grep -q 'NEEDED.*\[libpython'; then
			rel=$(realpath -m --relative-to="$(dirname "$f")" ${D}${libdir})
			chrpath -r "\$ORIGIN/$rel" "$f" >/dev/null ||
				bbfatal "PGO: ${f#${D}} needs libpython, and its RPATH cannot hold \$ORIGIN/$rel"
		else
			chrpath -d "$f" >/dev/null
		fi
	done <${T}/pgo-rpath.files
}

# -fprofile-prefix-path drops ${B} from the .gcda names (Objects#abstract.gcda),
# so python3 finds them from its own build directory
PGO_GEN_FLAGS = "-fprofile-generate=${PGO_TARGET_PROFILE_DIR} ${PGO_PROFILE_UPDATE} -fprofile-prefix-path=${B}"
# the task's threads update the 64-bit arc counters atomically, so that no
# race corrupts a .gcda (CPython 3.14.4 and later do the same). On a 32-bit
# target each such update is a compare-and-swap loop (cmpxchg8b on i686):
# CPython leaves it out there, as here, for a profile run many times slower
PGO_PROFILE_UPDATE ?= "${@oe.utils.conditional('SITEINFO_BITS', '32', '', '-fprofile-update=atomic', d)}"
# On AArch64 GCC makes each atomic update a call to libgcc's helper, which
# picks LSE or LL/SC at run time (-moutline-atomics, its default): under
# QEMU's TCG, where the profile runs, a call and a return per arc counter:
# inline, CPython's tests ran 2.3 times as fast in an aarch64 guest. Inline
# LL/SC runs on every Armv8 core, and GCC's checksums do not change
PGO_INLINE_ATOMICS ?= "${@'-mno-outline-atomics' if d.getVar('TARGET_ARCH') == 'aarch64' else ''}"
PGO_GEN_FLAGS += "${PGO_INLINE_ATOMICS}"
# GCC records its command line in DW_AT_producer, which the prefix maps do not
# rewrite: -fprofile-prefix-path=${B} would put TMPDIR into the -dbg package
# (OE's buildpaths QA check); OE-core's libgfortran drops it the same way
PGO_GEN_FLAGS += "-gno-record-gcc-switches"
# what CPython's own --enable-optimizations adds (3.10 and later): calls within
# libpython may be inlined; in both builds, so that the profile matches
PGO_GEN_FLAGS += "-fno-semantic-interposition"
# on make's command line: instrumented interpreter and stdlib, clean sysconfig data
EXTRA_OEMAKE += 'CFLAGS_NODIST="${PGO_GEN_FLAGS}" LDFLAGS_NODIST="${PGO_GEN_FLAGS}"'

# a target-only recipe: no ptest, no alternatives or runtime names shared with python3
BBCLASSEXTEND = ""
PTEST_ENABLED = "0"
# nor OE-core's own PGO (PACKAGECONFIG[pgo], under qemu-usermode): this build is
# the instrumented one (python3-pgo-oe, which measures that PGO, empties it)
PGO_OE_PGO_REMOVE ?= "pgo"
PACKAGECONFIG:remove = "${PGO_OE_PGO_REMOVE}"
ALTERNATIVE:${PN}-dev = ""
RPROVIDES:${PN}-modules = ""
RPROVIDES:${PN}-venv = ""
# py_package_preprocess (OE-core's recipe) moves python3.X-config to
# python3.X-config-${MULTILIB_SUFFIX} for update-alternatives, which would
# link it back on the target; with no alternatives here, python3-config would
# point at nothing: the versioned name links to the moved script instead
PACKAGE_PREPROCESS_FUNCS += "pgo_config_link"
pgo_config_link() {
	config=${PKGD}${bindir}/python${PYTHON_MAJMIN}-config
	if [ -f $config-${MULTILIB_SUFFIX} ] && [ ! -e $config ]; then
		ln -s python${PYTHON_MAJMIN}-config-${MULTILIB_SUFFIX} $config
	fi
}
deltask do_create_manifest

# run by the default profile task before the test suite: native's build-time
# runs of the instrumented interpreter, on the target, with the build's own
# sources they read (those this CPython has) in src/ beside it
SRC_URI += "file://pgo-build-runs.py"
PGO_BUILD_RUNS_SRC = "Modules/getpath.py Tools/freeze/flag.py Tools/build/generate-build-details.py"
do_install:append() {
	install -D -m 0644 ${@d.getVar('UNPACKDIR') or d.getVar('WORKDIR')}/pgo-build-runs.py ${D}${datadir}/python-pgo/pgo-build-runs.py
	for f in ${PGO_BUILD_RUNS_SRC}; do
		if [ -f ${S}/$f ]; then
			install -D -m 0644 ${S}/$f ${D}${datadir}/python-pgo/src/$f
		fi
	done
}

# the whole prefix in one package, the test suite (for "-m test") apart
FILES:${PN}-tests = "${libdir}/python${PYTHON_MAJMIN}/test"
FILES:${PN} = "${PGO_PYTHON_PREFIX}"
RDEPENDS:${PN}-tests += "${PN} bash"

python () {
    # the manifest split of the python3 recipe (run before this) would
    # give packages named like python3's; keep the prefix together
    d.setVar('PACKAGES', '${PN}-src ${PN}-dbg ${PN}-staticdev ${PN}-dev ${PN}-tests ${PN}')
    # and no runtime dependencies on the split packages that are gone now
    pn = d.getVar('PN')
    packages = d.getVar('PACKAGES').split()
    for pkg in packages:
        for var in ('RDEPENDS', 'RRECOMMENDS'):
            deps = bb.utils.explode_dep_versions2(d.getVar(var + ':' + pkg) or '')
            gone = [dep for dep in deps if dep.startswith(pn + '-') and dep not in packages]
            if gone:
                for dep in gone:
                    del deps[dep]
                d.setVar(var + ':' + pkg, bb.utils.join_deps(deps, commasep=False))
}
