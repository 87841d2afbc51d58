#!/bin/sh
# TAP: the layer's PGO flags leave no build path in what OE packages.
# tests/image/demo.c is built as python3-profile-opt builds CPython (its
# PGO_GEN_FLAGS, read from meta-pgo/ with bblang), run to write its profile,
# and built again as python3 builds CPython with that profile (PGO_USE_FLAGS,
# from the class the bbappend inherits when PYTHON_PROFILE_OPT is 1, with the
# profile in PGO_PROFILE_DIR), each in a work
# directory laid out as OE's (TOPDIR in a home directory; S and B in the
# recipe's WORKDIR), with OE's DEBUG_PREFIX_MAP: master's -ffile-prefix-map
# (OE-core's bitbake.conf, tests/data/real-data) and kirkstone's
# -fdebug-prefix-map and -fmacro-prefix-map (tests/data/oe-prefix-map). The
# programs are split as OE's package.bbclass splits them (objcopy
# --only-keep-debug, then strip): neither the debug file nor the stripped
# program may hold the home directory (the build, TMPDIR and the profile
# directory are all below it), which OE's buildpaths check would find. The
# same builds without -gno-record-gcc-switches must show the build directory
# in the debug file: the check sees what buildpaths sees.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
layer=$top/meta-pgo
real=$TEST_DATADIR/real-data/meta
CC=${CC:-gcc}
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
scratch_dir

home=$tmp/home
topdir=$home/build
machine=qemux86-64
work=$topdir/tmp/work/core2-64-oe-linux
opt=$(cd "$layer" && ls recipes-devtools/python/python3-profile-opt_*.bb)
pv=$(echo "$opt" | sed 's/.*_\(.*\)\.bb$/\1/')

# var FILE... -v VAR [-D ...]: one expanded value, as bblang gives it, with
# PGO of the target python on (local.conf's PYTHON_PROFILE_OPT = "1")
var() {
	"$PGO_GEN" vars -C -I "$layer" -D PYTHON_PROFILE_OPT=1 "$@" 2>/dev/null | cut -f2-
}

# DEBUG_PREFIX_MAP of FORM (master, kirkstone) for recipe PN in WORKDIR
prefix_map() {
	form=$1 pn=$2 wd=$3
	if [ "$form" = master ]; then
		"$PGO_GEN" vars -u -I "$real" -D BB_CURRENT_MC= -D MACHINE=$machine \
			-D TOPDIR="$topdir" -v DEBUG_PREFIX_MAP -v TARGET_DBGSRC_DIR \
			-v DEBUG_PREFIX_MAP_EXTRA "$real/conf/bitbake.conf" 2>/dev/null |
			sed 's/^\([A-Z_]*\)\t\(.*\)$/\1 = "\2"/' >"$tmp/map.conf"
	else
		cp "$TEST_DATADIR/oe-prefix-map/kirkstone.conf" "$tmp/map.conf"
	fi
	"$PGO_GEN" vars -D WORKDIR="$wd" -D S="$wd/sources/Python-$pv" -D B="$wd/build" \
		-D STAGING_DIR_HOST="$wd/recipe-sysroot" \
		-D STAGING_DIR_NATIVE="$wd/recipe-sysroot-native" -D PN="$pn" -D PV="$pv" \
		-D PR=r0 -D EXTENDPE= -v DEBUG_PREFIX_MAP "$tmp/map.conf" | cut -f2-
}

# build FORM PN FLAGS...: demo.c as Objects/demo.c of PN's S, compiled in its
# B with OE's -O2 -g, DEBUG_PREFIX_MAP and FLAGS; split into B/demo (stripped)
# and B/demo.debug. The source is named relative to B, as in OE, whose
# autotools class runs configure by its path relative to B (so CPython's
# srcdir is ../sources/Python-PV): GCC checksums a function's source file name
# into its profile, and the name is the same in both recipes' trees
build() {
	form=$1 pn=$2
	shift 2
	wd=$work/$pn/$pv/$form
	s=$wd/sources/Python-$pv b=$wd/build
	mkdir -p "$s/Objects" "$b/Objects" && cp "$top/tests/image/demo.c" "$s/Objects/" ||
		return 1
	map=$(prefix_map "$form" "$pn" "$wd") || return 1
	# shellcheck disable=SC2086 # the flags are words
	(cd "$b" && $CC -O2 -g $map "$@" -c "../sources/Python-$pv/Objects/demo.c" \
		-o Objects/demo.o &&
		$CC $map "$@" -o demo Objects/demo.o &&
		objcopy --only-keep-debug demo demo.debug &&
		strip --remove-section=.comment --remove-section=.note demo) 2>"$tmp/log"
}

# check_log STATUS NAME: check, with the build's messages when it failed
check_log() {
	check "$@"
	[ "$1" = 0 ] || diag "$tmp/log"
}

# clean NAME DIR: no file of DIR (the program and its debug file) holds the home
clean() {
	for f in "$2/demo" "$2/demo.debug"; do
		if strings -a "$f" | grep -F "$home" >"$tmp/found"; then
			not_ok "$1: $(basename "$f") holds no build path"
			diag "$tmp/found"
		else
			ok "$1: $(basename "$f") holds no build path"
		fi
	done
}

profdir=$(var -O class-target -D TOPDIR="$topdir" -D MACHINE=$machine -v PGO_PROFILE_DIR \
	"$layer/conf/layer.conf" "$layer/recipes-devtools/python/python3_%.bbappend")
strip_n=$(var -v PGO_GCOV_PREFIX_STRIP "$layer/$opt")
case $profdir in "$topdir"/*) ;; *) echo "Bail out! PGO_PROFILE_DIR '$profdir' not under TOPDIR"; exit 1 ;; esac

for form in master kirkstone; do
	gb=$work/python3-profile-opt/$pv/$form/build
	ub=$work/python3/$pv/$form/build
	gen=$(var -D B="$gb" -v PGO_GEN_FLAGS "$layer/$opt")
	use=$(var -O class-target -D B="$ub" -D TOPDIR="$topdir" -D MACHINE=$machine \
		-v PGO_USE_FLAGS "$layer/conf/layer.conf" \
		"$layer/recipes-devtools/python/python3_%.bbappend")
	case "$gen $use" in
	*-fprofile-generate=*-fprofile-use="$profdir"*) ;;
	*) echo "Bail out! the flags read back are not the layer's: '$gen' '$use'"; exit 1 ;;
	esac

	# shellcheck disable=SC2086,SC2046 # the flags are words
	build $form python3-profile-opt $gen
	check_log $? "$form: the instrumented demo builds with PGO_GEN_FLAGS"
	clean "$form: instrumented" "$gb"
	rm -rf "$tmp/prof" "$profdir"
	(cd "$tmp" && GCOV_PREFIX=$tmp/prof GCOV_PREFIX_STRIP=$strip_n "$gb/demo" 5 >/dev/null) &&
		mkdir -p "$profdir" && cp "$tmp"/prof/*.gcda "$profdir/"
	check $? "$form: the instrumented demo writes its profile ($(cd "$tmp/prof" 2>/dev/null && ls))"

	# shellcheck disable=SC2086,SC2046 # the flags are words
	build $form python3 $use -Werror=missing-profile
	check_log $? "$form: the demo builds with PGO_USE_FLAGS and finds its profile"
	clean "$form: with the profile" "$ub"

	# the controls: the flags without -gno-record-gcc-switches
	# shellcheck disable=SC2086,SC2046 # the flags are words
	build $form python3 $(echo "$use" | sed 's/-gno-record-gcc-switches//') &&
		strings -a "$ub/demo.debug" | grep -qF "$ub"
	check $? "$form: without -gno-record-gcc-switches, the debug file holds B (DW_AT_producer)"
	# shellcheck disable=SC2086,SC2046 # the flags are words
	build $form python3-profile-opt $(echo "$gen" | sed 's/-gno-record-gcc-switches//') &&
		strings -a "$gb/demo.debug" | grep -qF "$gb"
	check $? "$form: so does the instrumented one's"
done
echo "1..$n"
[ "$failed" = 0 ]
