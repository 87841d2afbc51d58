#!/bin/sh
# TAP: each CPython patch set of templates/patches/python3/<X.Y>/ applies to
# the python3 of the OE-core releases it is for, as BitBake applies it; the
# python/2.7 set, to the python 2.7 of meta-python2's branches.
#
# For every tests/data/oe-python3/<codename>/ (an OE-core release: its
# python3 recipe, the patches of its SRC_URI, series.target, series.native
# and version, the recipe's PV), on a scratch copy of the released CPython
# files in tests/data/cpython/<version>/:
#   python3-profile-opt: series.target, then our 0002 of the <X.Y> set;
#   python3-native:      on a fresh copy, series.native, then our 0001.
# The same for every tests/data/oe-python2/<codename>/ (meta-python2's branch
# for that release: its python and python-native recipes and their patches)
# with python-profile-opt, python-native and the python/2.7 set, whose
# releases file need not list the release (an OE-core release must be there).
# Every patch goes through `patch -p1 -F0 -N`, one TAP line each.  A patch
# fails on a non-zero exit or a "fuzz" or "reject" in patch's output.  An
# offset is reported and accepted, as BitBake accepts it (OE-core's
# patch-fuzz check stops on fuzz only): one <X.Y> set serves every X.Y.Z
# release whose hunks moved a few lines (3.14.6 and 3.14.7), and OE-core's
# own native patches were made on top of its qemu-wrapper patch, which
# meta-pgo's bbappend removes for python3-native.
#
# Offline: reads tests/data and templates only.  No source: not ok.
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
data=${TEST_DATADIR:-$top/tests/data}
patches=$top/templates/patches
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/patches-release.XXXXXX") || {
	echo "1..1"
	echo "not ok 1 - cannot create a scratch directory"
	exit 1
}
trap 'rm -rf "$scratch"' EXIT

# the names a series file lists (no comments, no blank lines)
names() { sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$1"; }

# apply TREE FILE LABEL: one TAP line for one patch
apply() {
	out=$(cd "$1" && patch -p1 -F0 -N <"$2" 2>&1)
	rc=$?
	bad=$(printf '%s\n' "$out" | grep -iE 'fuzz|reject')
	if [ $rc -ne 0 ]; then
		not_ok "$3: patch failed (exit status $rc)"
		printf '%s\n' "$out" | diag
	elif [ -n "$bad" ]; then
		not_ok "$3: $(printf '%s\n' "$bad" | sed -n 1p)"
		printf '%s\n' "$out" | diag
	else
		ok "$3"
		printf '%s\n' "$out" | grep -i offset | diag
	fi
}

# config REL WHAT SERIES OURS SRC DIR: one configuration of one release ($origin: whose
# patches SERIES lists)
config() {
	tree=$scratch/$1-$2
	rm -rf "$tree"
	cp -R "$5" "$tree"
	rm -f "$tree/PROVENANCE"
	for p in $(names "$3"); do
		apply "$tree" "$6/$p" "$1 $2: $origin $p"
	done
	apply "$tree" "$4" "$1 $2: meta-pgo $(basename "$4")"
}

# release DIR PN: the tests of one tests/data/oe-python3/<codename>/ (PN python3)
# or tests/data/oe-python2/<codename>/ (PN python)
release() {
	dir=${1%/} pn=$2
	sets=$patches/$pn
	origin=OE-core
	[ "$pn" = python3 ] || origin=meta-python2
	rel=$(basename "$dir")
	listed=
	v=$(sed -n 1p "$dir/version" 2>/dev/null)
	xy=$(echo "$v" | sed -n 's/^\([0-9]*\.[0-9]*\)\.[0-9]*$/\1/p')
	why=
	if [ -z "$xy" ]; then
		why="$dir/version has no X.Y.Z version ('$v')"
	elif [ ! -f "$dir/${pn}_$v.bb" ]; then
		why="no recipe $dir/${pn}_$v.bb"
	elif [ ! -d "$data/cpython/$v" ]; then
		why="no CPython $v files in $data/cpython/$v"
	elif [ ! -f "$sets/$xy/series" ]; then
		why="no patch set $sets/$xy (no series)"
	elif names "$sets/$xy/releases" 2>/dev/null |
		awk -v r="$rel" -v v="$v" '$1 == r && $2 == v { f = 1 } END { exit !f }'; then
		listed=1
	elif [ "$pn" = python3 ]; then
		why="$sets/$xy/releases does not list '$rel $v'"
	fi
	for s in series.target series.native; do
		[ -n "$why" ] && break
		if [ ! -f "$dir/$s" ]; then
			why="no $dir/$s"
			break
		fi
		for p in $(names "$dir/$s"); do
			[ -f "$dir/$p" ] || why="$dir/$s lists $p, which is not in $dir"
		done
	done
	label="$rel: $pn $v, CPython $v files and patch set $pn/$xy"
	if [ -n "$why" ]; then
		not_ok "$label: $why"
		return
	fi
	ok "$label${listed:- (not in its releases)}"
	config "$rel" $pn-profile-opt "$dir/series.target" \
		"$sets/$xy/0002-rename-libpython-for-the-profile-instrumented-build.patch" \
		"$data/cpython/$v" "$dir"
	config "$rel" $pn-native "$dir/series.native" \
		"$sets/$xy/0001-Makefile.pre.in-check-that-the-profile-task-ran-on-the-build-tree.patch" \
		"$data/cpython/$v" "$dir"
}

found=
for d in "$data"/oe-python3/*/; do
	[ -d "$d" ] || continue
	found=1
	release "$d" python3
done
[ -n "$found" ] || not_ok "no OE-core release in $data/oe-python3"
for d in "$data"/oe-python2/*/; do
	[ -d "$d" ] && release "$d" python
done

echo "1..$n"
[ "$failed" -eq 0 ]
