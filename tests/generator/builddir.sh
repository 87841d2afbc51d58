#!/bin/sh
# TAP: pgo-gen -B on the build directories of tests/data/builddirs/NAME (an
# OE-core release's meta/conf/layer.conf, its bblayers.conf.sample and stubs
# named as its python recipes; NAME/expect says what the build has): the
# layer is for the build's python version, release and override syntax, with
# the patch set of templates/patches/PN/X.Y whose releases file names the
# release; a release without one is the one error that lists what is
# supported (both worked out here from the releases files). Then: knobs set
# in local.conf or with -D win, $BUILDDIR, PREFERRED_VERSION, a layer made
# for another release, and the errors of a build that is not one.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
tdir=$top/templates
data=$TEST_DATADIR/builddirs
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
# fail NAME: not ok, with the head of $tmp/log
fail() { not_ok "$@"; head -20 "$tmp/log" | diag; : >"$tmp/log"; }
# check_run STATUS NAME [ABSENT]: the run ($status, $tmp/err) exited STATUS with
# exactly $tmp/want on standard error, and wrote no ABSENT
check_run() {
	if [ "$status" -eq "$1" ] && diff -u "$tmp/want" "$tmp/err" >"$tmp/log" &&
		{ [ -z "${3:-}" ] || [ ! -e "$3" ]; }; then
		ok "$2"
	else
		echo "exit status $status" >>"$tmp/log"
		fail "$2"
	fi
}
: >"$tmp/log"

# setup NAME: the fixture copied to $tmp/NAME, its bblayers.conf pointing there
setup() {
	rm -rf "${tmp:?}/$1"
	cp -R "$data/$1" "$tmp/$1"
	sed -i "s|##OEROOT##|$tmp/$1|" "$tmp/$1/build/conf/bblayers.conf"
}

# expect NAME KEY: a line of NAME/expect
expect() { sed -n "s/^$2 //p" "$data/$1/expect"; }

# gen BUILD OUT [ARGS...]: pgo-gen -B $tmp/BUILD in $tmp, stderr in $tmp/err
gen() {
	b=$1 o=$2
	shift 2
	(cd "$tmp" && "$PGO_GEN" -T "$tdir" -B "$b" "$@" -o "$o") 2>"$tmp/err"
}

# the non-comment lines of a releases (or series) file
lines() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1"; }

# the patch sets of PN, oldest first (folders with a series file)
sets() {
	for d in "$tdir/patches/$1"/*/; do
		[ -f "$d/series" ] && basename "$d"
	done | sort -V
}

# supported PN: "codename PV, ..." as the error lists them
supported() {
	for s in $(sets "$1"); do
		[ -f "$tdir/patches/$1/$s/releases" ] && lines "$tdir/patches/$1/$s/releases"
	done | awk 'NF == 2 { printf "%s%s %s", n++ ? ", " : "", $1, $2 } END { if (!n) printf "none" }'
}

# listed PN MAJMIN CORENAMES PV: the PV the set's releases file gives the build:
# a line of one of CORENAMES (or "master", OE-core's master branch) with PV,
# else a line of one of CORENAMES
listed() {
	f=$tdir/patches/$1/$2/releases
	[ -f "$f" ] || return 1
	lines "$f" | awk -v core=" $3 " -v pv="$4" '
		NF == 2 && index(core, " " $1 " ") && !any { any = $2 }
		NF == 2 && $2 == pv && (index(core, " " $1 " ") || $1 == "master") { exact = $2 }
		END { v = exact ? exact : any; if (v == "") exit 1; print v }'
}

# same_patches OUTDIR PN MAJMIN: the layer has exactly the set's patches
same_patches() {
	d=$1/recipes-devtools/python/$2-profile-opt
	set=$tdir/patches/$2/$3
	# beside them, python3's default task's pgo-build-runs.py
	extra=
	[ "$2" = python ] || extra=pgo-build-runs.py
	[ "$(ls "$d" 2>/dev/null)" = "$( (lines "$set/series"; [ -z "$extra" ] || echo "$extra") | sort)" ] || return 1
	for p in $(lines "$set/series"); do
		cmp -s "$set/$p" "$d/$p" || return 1
	done
	[ -z "$extra" ] || cmp -s "$tdir/recipes-devtools/python/$extra" "$d/$extra"
}

# compat OUTDIR: the layer's LAYERSERIES_COMPAT
compat() { sed -n 's/^LAYERSERIES_COMPAT_meta-pgo = "\(.*\)"$/\1/p' "$1/conf/layer.conf"; }

# extra_layer NAME RECIPE...: a layer "extra" in the build NAME (set up), with empty
# RECIPEs in recipes-devtools/python; $extra is its directory
extra_layer() {
	extra=$tmp/$1/meta-extra
	mkdir -p "$extra/conf" "$extra/recipes-devtools/python"
	cat >"$extra/conf/layer.conf" <<EOF
BBPATH .= ":\${LAYERDIR}"
BBFILES += "\${LAYERDIR}/recipes-*/*/*.bb"
BBFILE_COLLECTIONS += "extra"
BBFILE_PATTERN_extra = "^\${LAYERDIR}/"
BBFILE_PRIORITY_extra = "7"
LAYERDEPENDS_extra = "core"
LAYERSERIES_COMPAT_extra = "$1"
EOF
	echo "BBLAYERS += \"$extra\"" >>"$tmp/$1/build/conf/bblayers.conf"
	shift
	for r in "$@"; do
		: >"$extra/recipes-devtools/python/$r"
	done
}

# check_layer LABEL OUT PN PV CORENAMES SEP: what the layer must be
check_layer() {
	label=$1 out=$2 pn=$3 pv=$4 core=$5 sep=$6
	recipe=$out/recipes-devtools/python/$pn-profile-opt_$pv.bb
	if [ -f "$recipe" ] && [ "$(compat "$out")" = "$core" ] &&
		grep -q "^FILESEXTRAPATHS${sep}prepend = " "$recipe"; then
		ok "$label: $pn-profile-opt_$pv.bb, LAYERSERIES_COMPAT '$core', '$sep' overrides"
	else
		{ ls -R "$out"; grep -H 'LAYERSERIES_COMPAT\|^FILESEXTRAPATHS' "$out/conf/layer.conf" \
			"$recipe"; } >"$tmp/log" 2>&1
		fail "$label: $pn-profile-opt_$pv.bb, LAYERSERIES_COMPAT '$core', '$sep' overrides"
	fi
}

# --- every release: the layer, or the one error --------------------------------
for dir in "$data"/*/; do
	name=$(basename "$dir")
	[ -f "$dir/expect" ] || continue
	setup "$name"
	pn=$(expect "$name" pn) pv=$(expect "$name" pv) core=$(expect "$name" corenames)
	majmin=${pv%.*}
	release=$(echo "$core" | tr ' ' /)
	sep=:
	[ "$pn" = python ] && sep=_
	out=$tmp/out-$name
	gen "$name/build" "$out"
	status=$?
	if want_pv=$(listed "$pn" "$majmin" "$core" "$pv") &&
		[ -f "$tdir/patches/$pn/$majmin/series" ]; then
		: >"$tmp/want"
		[ "$want_pv" != "$pv" ] && echo "pgo-gen: warning: $pn $pv of OE-core $release: the" \
			"$majmin patch set is for $pn $want_pv there" \
			"(patches/$pn/$majmin/releases)" >"$tmp/want"
		check_run 0 "$name: pgo-gen -B writes the layer"
		check_layer "$name" "$out" "$pn" "$pv" "$core" "$sep"
		if same_patches "$out" "$pn" "$majmin"; then
			ok "$name: the patches of templates/patches/$pn/$majmin"
		else
			ls "$out/recipes-devtools/python/$pn-profile-opt" >"$tmp/log" 2>&1
			fail "$name: the patches of templates/patches/$pn/$majmin"
		fi
		if (cd "$tmp" && "$PGO_GEN" -T "$tdir" -B "$name/build" --check -o "$out") \
			>"$tmp/log" 2>&1; then
			ok "$name: --check finds the same layer"
		else
			fail "$name: --check finds the same layer"
		fi
	else
		echo "pgo-gen: $name/meta/recipes-devtools/python/${pn}_$pv.bb: error: no patch set" \
			"for OE-core $release with $pn $pv (supported: $(supported "$pn"))" >"$tmp/want"
		check_run 1 "$name: $pn $pv has no patch set: the one error, nothing written" "$out"
	fi
done

# --- knobs: local.conf is read; what it or -D sets wins over the build ------------
setup mickledore
cat >>"$tmp/mickledore/build/conf/local.conf" <<'EOF'
PYTHON_NATIVE_PROFILE_OPT = "1"
PGO_LTO = "1"
PGO_PYTHON_PV = "3.11.5"
EOF
gen mickledore/build "$tmp/explicit" -D PGO_LAYERSERIES_COMPAT="nanbield scarthgap" \
	-D PGO_OVERRIDE_SEP=_
status=$?
echo "pgo-gen: mickledore/build/conf/local.conf:3: warning: PGO_PYTHON_PV is 3.11.5, the" \
	"build's python3 is 3.11.2 ($tmp/mickledore/meta/recipes-devtools/python/python3_3.11.2.bb)" \
	>"$tmp/want"
check_run 0 "explicit PGO_PYTHON_PV: a warning that the build has another"
check_layer "explicit knobs" "$tmp/explicit" python3 3.11.5 "nanbield scarthgap" _
classes=$tmp/explicit/classes
if grep -q 'PROFILE_TASK=' "$classes/python-pgo-native.bbclass" &&
	grep -q ' lto"' "$classes/python-pgo-target.bbclass"; then
	ok "local.conf's PYTHON_NATIVE_PROFILE_OPT and PGO_LTO are in the classes the bbappend inherits"
else
	fail "local.conf's PYTHON_NATIVE_PROFILE_OPT and PGO_LTO are in the classes the bbappend inherits"
fi

# an explicit version makes a release without a patch set usable
setup honister
gen honister/build "$tmp/honister-311" -D PGO_PYTHON_PV=3.11.5
status=$?
if [ $status -eq 0 ] && grep -q "warning: PGO_PYTHON_PV is 3.11.5, the build's python3 is 3.9.9" \
	"$tmp/err"; then
	check_layer "honister, -D PGO_PYTHON_PV=3.11.5" "$tmp/honister-311" python3 3.11.5 honister :
else
	cp "$tmp/err" "$tmp/log"
	fail "honister, -D PGO_PYTHON_PV=3.11.5: the layer for 3.11.5"
fi

# python 2.7 from meta-python2 on a release of the ':' override syntax
setup kirkstone
extra_layer kirkstone python_2.7.18.bb
echo 'PGO_PYTHON_VERSION = "2.7"' >>"$tmp/kirkstone/build/conf/local.conf"
gen kirkstone/build "$tmp/kirkstone-27" -D PGO_PYTHON_PV=2.7.18
status=$?
: >"$tmp/want"
check_run 0 "kirkstone with python 2.7 in another layer: pgo-gen -B writes the layer"
check_layer "kirkstone with python 2.7 in another layer" "$tmp/kirkstone-27" python 2.7.18 kirkstone :

# a bad knob in local.conf: its file and line
setup mickledore
printf '\nPGO_LTO = "2"\n' >"$tmp/mickledore/build/conf/local.conf"
gen mickledore/build "$tmp/bad-knob"
status=$?
echo "pgo-gen: mickledore/build/conf/local.conf:2: error: PGO_LTO must be 0 or 1, not '2'" \
	>"$tmp/want"
check_run 1 "a bad knob in local.conf: file:line, nothing written" "$tmp/bad-knob"

# --- $BUILDDIR: the input when there is neither -B nor -c --------------------------
setup nanbield
gen nanbield/build "$tmp/by-B"
(cd "$tmp" && BUILDDIR=$tmp/nanbield/build "$PGO_GEN" -T "$tdir" -o "$tmp/by-env") 2>"$tmp/log"
if diff -r "$tmp/by-B" "$tmp/by-env" >>"$tmp/log" 2>&1; then
	ok "\$BUILDDIR without -B or -c: the same layer as -B"
else
	fail "\$BUILDDIR without -B or -c: the same layer as -B"
fi
: >"$tmp/empty.conf"
(cd "$tmp" && BUILDDIR=$tmp/nanbield/build "$PGO_GEN" -T "$tdir" -c empty.conf -o "$tmp/env-c") \
	2>"$tmp/log"
(cd "$tmp" && "$PGO_GEN" -T "$tdir" -c empty.conf -o "$tmp/no-env") 2>>"$tmp/log"
if diff -r "$tmp/no-env" "$tmp/env-c" >>"$tmp/log" 2>&1 && [ "$(compat "$tmp/env-c")" != nanbield ]
then
	ok "\$BUILDDIR with -c: not read"
else
	fail "\$BUILDDIR with -c: not read"
fi

# --- PREFERRED_VERSION among the layers' recipes ------------------------------------
setup mickledore
extra_layer mickledore python3_3.11.5.bb python3_3.11.10.bb
# PREFERRED_VERSION_python3 ("-": none), the version chosen, what stderr says ("-": nothing)
while read -r pref want say; do
	[ "$pref" = - ] && pref=
	echo "${pref:+PREFERRED_VERSION_python3 = \"$pref\"}" >"$tmp/mickledore/build/conf/local.conf"
	rm -rf "$tmp/pref"
	gen mickledore/build "$tmp/pref" -D PGO_LAYERSERIES_COMPAT=mickledore
	label="PREFERRED_VERSION_python3 '$pref': python3 $want"
	if [ -f "$tmp/pref/recipes-devtools/python/python3-profile-opt_$want.bb" ] &&
		{ [ "$say" = - ] && [ ! -s "$tmp/err" ] || grep -q "$say" "$tmp/err"; }; then
		ok "$label"
	else
		{ cat "$tmp/err"; ls "$tmp/pref/recipes-devtools/python"; } >"$tmp/log" 2>&1
		fail "$label"
	fi
done <<'EOF'
- 3.11.10 warning: python3 3.11.10 of OE-core mickledore
3.11.2 3.11.2 -
3.11.5 3.11.5 warning: python3 3.11.5 of OE-core mickledore
3.11.1% 3.11.10 warning: python3 3.11.10 of OE-core mickledore
3.9% 3.11.10 local.conf:1: warning: preferred version 3.9% of python3 not available
EOF

# --- a layer made for another release is in BBLAYERS: a warning, not a failure ------
setup nanbield
gen mickledore/build "$tmp/old-layer" 2>/dev/null
echo "BBLAYERS += \"$tmp/old-layer\"" >>"$tmp/nanbield/build/conf/bblayers.conf"
gen nanbield/build "$tmp/regen"
status=$?
echo "pgo-gen: warning: layer meta-pgo is not compatible with the core layer which only" \
	"supports these series: nanbield (layer is compatible with $(compat "$tmp/old-layer"))" \
	>"$tmp/want"
if [ $status -eq 0 ] && diff -u "$tmp/want" "$tmp/err" >"$tmp/log" &&
	[ "$(compat "$tmp/regen")" = nanbield ]; then
	ok "an old meta-pgo in BBLAYERS: a warning, and the layer for nanbield"
else
	fail "an old meta-pgo in BBLAYERS: a warning, and the layer for nanbield"
fi

# --- the layer named in BBLAYERS before it is first written: left out, then read -----
setup nanbield
echo "BBLAYERS += \"$tmp/nanbield/meta-pgo\"" >>"$tmp/nanbield/build/conf/bblayers.conf"
gen nanbield/build "$tmp/nanbield/meta-pgo"
status=$?
: >"$tmp/want"
check_run 0 "the layer named in BBLAYERS before its first writing: written, no warning"
gen nanbield/build "$tmp/nanbield/meta-pgo"
status=$?
check_run 0 "written again, now a layer of the build: no warning"
if (cd "$tmp" && "$PGO_GEN" -T "$tdir" -B nanbield/build --check -o nanbield/meta-pgo) \
	>"$tmp/log" 2>&1; then
	ok "the two writings are the same layer"
else
	fail "the two writings are the same layer"
fi

# --- "master" in a releases file: OE-core's master branch, by its python3 PV ------
cp -R "$tdir" "$tmp/tmpl"
set=$tmp/tmpl/patches/python3/3.14
rm -rf "$set" && mkdir -p "$set"
cp "$tdir/patches/python3/3.11/series" "$tdir/patches/python3/3.11/"*.patch "$set/"
printf '# a test set\nmaster 3.14.7\nwrynose 3.14.6\n' >"$set/releases"
# tgen BUILD OUT [ARGS...]: gen with that template directory
tgen() {
	b=$1 o=$2
	shift 2
	(cd "$tmp" && "$PGO_GEN" -T "$tmp/tmpl" ${b:+-B "$b"} "$@" -o "$o") 2>"$tmp/err"
}
setup master
setup wrynose
for b in master wrynose; do
	tgen "$b/build" "$tmp/m-$b"
	status=$?
	core=$(expect "$b" corenames)
	cp "$tmp/err" "$tmp/log"
	if [ $status -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(compat "$tmp/m-$b")" = "$core" ]; then
		ok "a set for 'master 3.14.7' and 'wrynose 3.14.6': $b, no warning"
	else
		fail "a set for 'master 3.14.7' and 'wrynose 3.14.6': $b, no warning"
	fi
done
mv "$tmp/master/meta/recipes-devtools/python/python3_3.14.7.bb" \
	"$tmp/master/meta/recipes-devtools/python/python3_3.14.8.bb"
tgen master/build "$tmp/m-next"
status=$?
echo "pgo-gen: warning: python3 3.14.8 of OE-core blacksail/wrynose: the 3.14 patch set is for" \
	"python3 3.14.6 there (patches/python3/3.14/releases)" >"$tmp/want"
check_run 0 "master with another python3 than the set's: its wrynose line, a warning"
tgen "" "$tmp/m-nobuild" -c empty.conf -D PGO_PYTHON_PV=3.14.7
if [ "$(compat "$tmp/m-nobuild")" = wrynose ]; then
	ok "no build, 3.14.7 (master's): LAYERSERIES_COMPAT 'wrynose', no 'master'"
else
	cp "$tmp/err" "$tmp/log"
	fail "no build, 3.14.7 (master's): LAYERSERIES_COMPAT 'wrynose', no 'master'"
fi

# --- not a build ---------------------------------------------------------------------
mkdir -p "$tmp/nothing"
gen nothing "$tmp/out-nothing"
status=$?
echo "pgo-gen: nothing: error: not a build directory (no conf/bblayers.conf)" >"$tmp/want"
check_run 1 "-B a directory without conf/bblayers.conf: error"
setup nanbield
rm "$tmp/nanbield/meta/recipes-devtools/python/"*.bb
gen nanbield/build "$tmp/out-norecipe"
status=$?
echo "pgo-gen: nanbield/build/conf/bblayers.conf: error: no python3 recipe (python3_PV.bb) in" \
	"the BBFILES of its layers" >"$tmp/want"
check_run 1 "a build without a python3 recipe: error"
setup nanbield
echo "BBLAYERS += \"$tmp/nanbield/gone\"" >>"$tmp/nanbield/build/conf/bblayers.conf"
gen nanbield/build "$tmp/out-gone"
status=$?
line=$(wc -l <"$tmp/nanbield/build/conf/bblayers.conf")
echo "pgo-gen: nanbield/build/conf/bblayers.conf:$line: error: BBLAYERS names layer" \
	"directories that do not exist: '$tmp/nanbield/gone'" >"$tmp/want"
check_run 1 "a layer that does not exist: error at its BBLAYERS line"

echo "1..$n"
[ "$failed" -eq 0 ]
