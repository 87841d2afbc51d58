#!/bin/bash
# TAP: the CPython patch sets (templates/patches/python3/X.Y/ and
# templates/patches/python/2.7/) are well-formed, and the 3.11 and 2.7 sets
# apply to the real CPython sources (the other sets: tests/generator/patches-release.sh).
#
#   PY311_SRC=DIR  a python3.11-3.11.2 tree as `apt-get source python3.11`
#                  unpacks it (Debian's patches applied).  Unset: the script
#                  runs `apt-get source python3.11` itself in a scratch
#                  directory (needs deb-src entries and dpkg-dev); if that is
#                  impossible, the tests say "not ok" and why.
#   PY27_SRC=DIR   a CPython v2.7.18 tree (optional).  Unset: the Python 2.7
#                  patches are not tested here (and not counted).
#
# For every patch set: each patch of its `series` is a well-formed OE patch
# template (Subject, Upstream-Status, no `@{`), every *.patch is listed, and
# `releases` names OE-core releases with a python version of the set's X.Y.
# For 3.11 (and 2.7), each patch, in series order: it applies with
# `patch -p1` on top of the ones before it (no fuzz, no offset); it also
# applies alone to the untouched tree (no fuzz; an offset is only noted).
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
patches=$top/templates/patches

scratch=$(mktemp -d "${TMPDIR:-/tmp}/patches-test.XXXXXX") || {
	echo "1..1"
	echo "not ok 1 - cannot create a scratch directory"
	exit 1
}
trap 'rm -rf "$scratch"' EXIT

# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"

series() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1/series"; }

# Files a set of patches touches (their +++ paths without the b/ prefix).
touched() { sed -n 's|^+++ [^/]*/\([^[:space:]]*\).*|\1|p' "$@" | sort -u; }

# Copy only the files the patches touch into DEST (patch never changes SRC).
copy_touched() {
	local src=$1 dest=$2 f
	shift 2
	rm -rf "$dest"
	mkdir -p "$dest"
	for f in $(touched "$@"); do
		if [ -f "$src/$f" ]; then
			mkdir -p "$dest/$(dirname "$f")"
			cp -p "$src/$f" "$dest/$f"
		fi
	done
}

# dry_run TREE PATCH BAD NAME: one test, NAME: PATCH applies to TREE with
# patch -p1 --dry-run, and patch's output (kept in $out) does not match the
# extended regular expression BAD
dry_run() {
	if ! out=$(cd "$1" && patch -p1 --dry-run -N <"$2" 2>&1) || grep -qiE "$3" <<<"$out"; then
		not_ok "$4"
		diag <<<"$out"
		return 1
	fi
	ok "$4"
}

# check_family DIR SRC LABEL: the tests for one patch directory.
check_family() {
	local dir=$1 src=$2 label=$3 p files=()
	for p in $(series "$dir"); do files+=("$dir/$p"); done
	copy_touched "$src" "$scratch/series-$label" "${files[@]}"
	for p in $(series "$dir"); do
		# in series order, each applied for real after a clean dry run
		dry_run "$scratch/series-$label" "$dir/$p" 'fuzz|offset|hunk .*(failed|ignored)|reversed' \
			"$label: $p applies in series order (patch -p1 --dry-run)" &&
			(cd "$scratch/series-$label" && patch -p1 -s -N <"$dir/$p" >/dev/null 2>&1)
		# alone, on the untouched tree, where an offset is only noted
		copy_touched "$src" "$scratch/alone" "$dir/$p"
		dry_run "$scratch/alone" "$dir/$p" 'fuzz|hunk .*(failed|ignored)|reversed' \
			"$label: $p applies alone to the untouched tree" &&
			grep -i offset <<<"$out" | diag
	done
}

# check_template DIR LABEL: header checks, no source tree needed.
check_template() {
	local dir=$1 label=$2 p f
	for p in $(series "$dir"); do
		f=$dir/$p
		if [ ! -f "$f" ]; then
			not_ok "$label: $p (listed in series) exists"
		elif ! grep -q '^Subject: ' "$f" ||
			! grep -q '^Upstream-Status: ' "$f" ||
			! grep -q '^diff \|^--- a/' "$f"; then
			not_ok "$label: $p has Subject, Upstream-Status and a diff"
		elif grep -n '@{' "$f" | grep -v '@@{' >/dev/null; then
			not_ok "$label: $p has no generator substitution (@{)"
			grep -n '@{' "$f" | diag
		else
			ok "$label: $p is a well-formed patch template"
		fi
	done
	check_releases "$dir" "$label"
	# every patch in the directory is in the series
	local extra
	extra=$(cd "$dir" && for f in *.patch; do series "$dir" | grep -qxF "$f" || echo "$f"; done)
	if [ -n "$extra" ]; then
		not_ok "$label: every *.patch is listed in series"
		diag <<<"$extra"
	else
		ok "$label: every *.patch is listed in series"
	fi
}

# check_releases DIR LABEL: "codename X.Y.Z" lines, X.Y the folder's name
check_releases() {
	local dir=$1 label=$2 majmin bad
	majmin=$(basename "$dir")
	if [ ! -f "$dir/releases" ]; then
		not_ok "$label: has a releases file"
		return
	fi
	bad=$(sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$dir/releases" |
		grep -vE "^[a-z][a-z0-9-]* ${majmin//./\\.}\.[0-9]+\$")
	if [ -n "$bad" ] || ! grep -qv '^[[:space:]]*\(#\|$\)' "$dir/releases"; then
		not_ok "$label: releases lists 'codename $majmin.N' lines"
		diag <<<"${bad:-no release listed}"
	else
		ok "$label: releases lists 'codename $majmin.N' lines"
	fi
}

# Fetch python3.11 3.11.2 with apt-get source; prints the tree or a reason.
fetch_py311() {
	local d=$scratch/apt v
	mkdir -p "$d"
	if ! command -v apt-get >/dev/null; then
		echo "no apt-get here"
		return 1
	fi
	if ! command -v dpkg-source >/dev/null; then
		echo "dpkg-source missing (apt-get install dpkg-dev)"
		return 1
	fi
	# the candidate first, then every other 3.11.2 source version apt knows
	# (a security update can be listed but missing from the mirror)
	for v in "" $(apt-cache showsrc python3.11 2>/dev/null |
		sed -n 's/^Version: \(3\.11\.2-.*\)/\1/p'); do
		rm -rf "${d:?}"/*
		if (cd "$d" && apt-get source -qq "python3.11${v:+=$v}" \
			>"$scratch/apt.log" 2>&1 </dev/null) &&
			[ -d "$d/python3.11-3.11.2" ]; then
			echo "$d/python3.11-3.11.2"
			return 0
		fi
	done
	if ! apt-cache showsrc python3.11 >/dev/null 2>&1; then
		echo "apt-get source python3.11: no deb-src entry for python3.11 (see .ci/run)"
	else
		echo "apt-get source python3.11 failed: $(tail -n 1 "$scratch/apt.log")"
	fi
	return 1
}

# --- plan ------------------------------------------------------------------
count() { series "$1" | wc -l; }
sets=$(cd "$patches" && find python3 python -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort -V)
plan=0
for set in $sets; do
	plan=$((plan + $(count "$patches/$set") + 2))  # templates, releases, all listed
done
py311=$patches/python3/3.11
py27=$patches/python/2.7
plan=$((plan + $(count "$py311") * 2))         # 3.11: series, alone
[ -n "${PY27_SRC:-}" ] && plan=$((plan + $(count "$py27") * 2))
echo "1..$plan"

for set in $sets; do
	check_template "$patches/$set" "$set"
done

# --- Python 3.11: Debian's 3.11.2 -------------------------------------------
if [ -n "${PY311_SRC:-}" ]; then
	src=$PY311_SRC
	why="PY311_SRC=$PY311_SRC is not a CPython tree"
else
	start=$(date +%s)
	if src=$(fetch_py311); then
		echo "# apt-get source python3.11: $src ($(($(date +%s) - start)) s)"
		why=
	else
		why=$src
		src=
	fi
fi
if [ -n "$src" ] && [ -f "$src/Makefile.pre.in" ] && [ -f "$src/configure.ac" ]; then
	grep -q '^#define PY_VERSION.*"3\.11\.2"' "$src/Include/patchlevel.h" 2>/dev/null ||
		echo "# warning: $src is not CPython 3.11.2 (Include/patchlevel.h)"
	check_family "$py311" "$src" python3/3.11
else
	for p in $(series "$py311"); do
		not_ok "python3/3.11: $p applies in series order: ${why:-no source tree}"
		not_ok "python3/3.11: $p applies alone to the untouched tree: ${why:-no source tree}"
	done
fi

# --- Python 2.7: v2.7.18 -----------------------------------------------------
if [ -n "${PY27_SRC:-}" ]; then
	if [ -f "$PY27_SRC/Makefile.pre.in" ] && [ -f "$PY27_SRC/configure.ac" ]; then
		check_family "$py27" "$PY27_SRC" python/2.7
	else
		for p in $(series "$py27"); do
			not_ok "python/2.7: $p applies in series order: PY27_SRC=$PY27_SRC is not a CPython tree"
			not_ok "python/2.7: $p applies alone to the untouched tree: PY27_SRC=$PY27_SRC is not a CPython tree"
		done
	fi
else
	echo "# PY27_SRC unset: the Python 2.7 patches (templates/patches/python/2.7) were not"
	echo "# applied here; they are checked by hand against CPython v2.7.18."
fi

[ "$n" -eq "$plan" ] || echo "# planned $plan tests, ran $n"
[ $failed -eq 0 ] && [ "$n" -eq "$plan" ]
