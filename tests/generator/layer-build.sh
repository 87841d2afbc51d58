#!/bin/sh
# TAP: what a real BitBake build of the generated layer needs, checked
# without BitBake: the recipes of meta-pgo/ (and of layers generated for other
# knobs) read back with bblang ("pgo-gen vars"), with OE-core's bitbake.conf
# where the values depend on it (tests/data/real-data), their shell functions
# run, and their anonymous python run by tests/generator/anon.py against the
# values bblang gives, for the configurations that matter:
#   pgo-run-native builds offline from the layer, without cmocka;
#   -gno-record-gcc-switches in both flag sets;
#   python3's do_compile[mcdepends] and do_pgo_check only where they belong;
#   do_profile's sstate directories under TMPDIR, the import directory not;
#   mc:pgo: in every hint, and the image skipped while the switch is off and
#   outside the pgo multiconfig;
#   OE-core's PACKAGECONFIG[pgo] off where ours is on;
#   ssh, IMAGE_FSTYPES, python3-config.
# shellcheck disable=SC2016 # ${VAR} for BitBake, in single quotes
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
here=$top/tests/generator
layer=$top/meta-pgo
real=$TEST_DATADIR/real-data/meta
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
scratch_dir

run_recipe=$(cd "$layer" && echo recipes-devtools/pgo-run/pgo-run-native_*.bb)
opt=$(cd "$layer" && echo recipes-devtools/python/python3-profile-opt_*.bb)
app='recipes-devtools/python/python3_%.bbappend'
img=recipes-devtools/images/python3-pgo-image.bb
topdir=$tmp/build
machine=qemux86-64
# the switches of local.conf, on
on="-D PYTHON_PROFILE_OPT=1"
native_on="-D PYTHON_NATIVE_PROFILE_OPT=1"

# layers for other knobs, from the same templates and sources
for v in PGO_TOOLCHAIN=clang PYTHON_NATIVE_PROFILE_OPT=1 PGO_TRANSPORT=serial; do
	"$PGO_GEN" -T "$top/templates" -D "$v" -o "$tmp/layer-${v%%=*}" 2>"$tmp/log" ||
		{ echo "Bail out! pgo-gen -D $v: $(cat "$tmp/log")"; exit 1; }
done

# pick VAR[flag]: from "pgo-gen vars -f -v VAR", the value of VAR[flag] (or
# VAR); "!NONE" when it is not set
pick() {
	awk -F'\t' -v k="$1" '$1 == k { print substr($0, length(k) + 2); found = 1 }
		END { if (!found) print "!NONE" }'
}

# val LAYER FILE VAR[flag] [OPTION...]: the value bblang gives VAR (or its
# flag) in FILE, the layer's conf/layer.conf parsed first
val() {
	l=$1 f=$2 v=$3
	shift 3
	"$PGO_GEN" vars -C -f -I "$l" "$@" -v "${v%%\[*}" "$l/conf/layer.conf" "$l/$f" \
		2>/dev/null | pick "$v"
}

# has NAME HAYSTACK WORD: WORD is one of HAYSTACK's words
has() {
	case " $2 " in *" $3 "*) ok "$1" ;; *) not_ok "$1 (it is '$2')" ;; esac
}
# is NAME GOT WANT
is() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2', want '$3'"; fi
}

# shellcheck source=tests/generator/anon.sh
. "$here/anon.sh"

# body LAYER FILE FN [OPTION...]: shell function FN of FILE, expanded, for sh
body() {
	val "$@" |
		python3 -c 'import sys; print(sys.stdin.read().encode("latin-1").decode("unicode_escape"))'
}

echo "# 1. pgo-run-native builds offline from the layer"
if grep -rnE 'example\.invalid|git://|SRCREV|0{40}' "$layer" --include='*.bb' \
	--include='*.bbappend' --include='*.bbclass' --include='*.conf' >"$tmp/log"; then
	not_ok "no placeholder URL or revision in the layer"
	diag "$tmp/log"
else
	ok "no placeholder URL or revision in the layer"
fi
# BitBake takes PV from the recipe's file name
pv=$(echo "$run_recipe" | sed 's/.*_\(.*\)\.bb$/\1/')
src_uri=$(val "$layer" "$run_recipe" SRC_URI -D PV="$pv")
tarball=$layer/recipes-devtools/pgo-run/files/pgo-run-$pv.tar.gz
is "SRC_URI is the layer's tarball, file:// with its sha256" "${src_uri%%;sha256sum=*}" \
	"file://pgo-run-$pv.tar.gz"
[ -f "$tarball" ]
check $? "the tarball is in the recipe's files/: $(basename "$tarball")"
is "its SHA-256 is SRC_URI's" "$(sha256sum "$tarball" | cut -d' ' -f1)" "${src_uri##*;sha256sum=}"
has "do_unpack checks it" "$(val "$layer" "$run_recipe" 'do_unpack[prefuncs]')" pgo_run_check_src
depends=$(val "$layer" "$run_recipe" DEPENDS)
# shellcheck disable=SC2013 # module names are words
for m in $(sed -n 's/^PKG_CHECK_MODULES(\[[A-Z0-9_]*\], *\[\([^] ]*\).*/\1/p' "$top/configure.ac"); do
	case $m in
	libxml-2.0) has "DEPENDS has $m's recipe" "$depends" libxml2-native ;;
	libpcre2-8) has "DEPENDS has $m's recipe" "$depends" libpcre2-native ;;
	libarchive) has "DEPENDS has $m's recipe" "$depends" libarchive-native ;;
	cmocka) case " $depends " in *cmocka*) not_ok "no cmocka in DEPENDS" ;;
		*) ok "no cmocka in DEPENDS (not in OE-core; the tests alone need it)" ;; esac ;;
	*) not_ok "configure.ac needs $m: add its OE-core recipe to pgo-run-native's DEPENDS" ;;
	esac
done
has "configure without the tests" "$(val "$layer" "$run_recipe" EXTRA_OECONF)" --disable-tests

echo "# 2. -gno-record-gcc-switches"
for l in "$layer" "$tmp/layer-PGO_TOOLCHAIN"; do
	t=$(val "$l" "$opt" PGO_TOOLCHAIN)
	has "$t: PGO_GEN_FLAGS has -gno-record-gcc-switches" "$(val "$l" "$opt" PGO_GEN_FLAGS)" \
		-gno-record-gcc-switches
	has "$t: PGO_USE_FLAGS has -gno-record-gcc-switches" \
		"$(val "$l" "$app" PGO_USE_FLAGS -O class-target $on)" -gno-record-gcc-switches
done

echo "# 3. python3's do_compile[mcdepends] and do_pgo_check only where they belong"
for o in class-target class-native; do
	is "$o: no do_compile[mcdepends] in the datastore" \
		"$(val "$layer" "$app" 'do_compile[mcdepends]' -O $o -D BBMULTICONFIG=pgo $on)" '!NONE'
	is "$o: no do_pgo_check task in the datastore (the anonymous python adds it)" \
		"$(val "$layer" "$app" 'do_pgo_check[task]' -O $o $on $native_on)" '!NONE'
done
task="task do_pgo_check after do_compile before do_install"
is "the anonymous python: target, BBMULTICONFIG = pgo: the task and the dependency" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/$app" -- -O class-target \
		-D CLASSOVERRIDE=class-target -D BBMULTICONFIG=pgo -D TOPDIR="$topdir" $on)" \
	"$task
flag do_compile[mcdepends] =  mc::pgo:python3-pgo-image:do_profile"
is "the multiconfig that the switch alone adds (INHERIT pgo-multiconfig): the same" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/classes/pgo-multiconfig.bbclass" \
		"$layer/$app" -- -O class-target \
		-D CLASSOVERRIDE=class-target -D TOPDIR="$topdir" $on)" \
	"$task
flag do_compile[mcdepends] =  mc::pgo:python3-pgo-image:do_profile"
is "native: nothing" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/$app" -- -O class-native \
		-D CLASSOVERRIDE=class-native -D BBMULTICONFIG=pgo -D TOPDIR="$topdir" $on)" none
is "native with native PGO on: its task alone" \
	"$(anon "$tmp/layer-PYTHON_NATIVE_PROFILE_OPT" \
		"$tmp/layer-PYTHON_NATIVE_PROFILE_OPT/conf/layer.conf" \
		"$tmp/layer-PYTHON_NATIVE_PROFILE_OPT/$app" -- -O class-native \
		-D CLASSOVERRIDE=class-native -D TOPDIR="$topdir" $on $native_on)" "$task"
is "target without the pgo multiconfig (PGO_BBMULTICONFIG empty): the task, no flag" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/$app" -- -O class-target \
		-D CLASSOVERRIDE=class-target -D TOPDIR="$topdir" -D PGO_BBMULTICONFIG= $on)" "$task"
is "target with an imported profile (PGO_PROFILE_DIR = \${PGO_PROFILE_IMPORT_DIR}): no flag" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/$app" -- -O class-target \
		-D CLASSOVERRIDE=class-target -D BBMULTICONFIG=pgo -D TOPDIR="$topdir" \
		-D 'PGO_PROFILE_DIR=${PGO_PROFILE_IMPORT_DIR}' $on)" "$task"
is "target in the pgo multiconfig (PGO_ENABLED = 0): the task, no flag" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/conf/multiconfig/pgo.conf" "$layer/$app" \
		-- -O class-target -D CLASSOVERRIDE=class-target -D TOPDIR="$topdir" $on)" "$task"
is "the switch off: nothing" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/$app" -- -O class-target \
		-D CLASSOVERRIDE=class-target -D BBMULTICONFIG=pgo -D TOPDIR="$topdir")" none

echo "# 4. do_profile's sstate directories under TMPDIR"
# the configuration BB_CURRENT_MC as the cooker reads it: the layer's
# layer.conf, OE-core's bitbake.conf (with conf/multiconfig/pgo.conf for pgo)
conf() {
	"$PGO_GEN" vars -C -f -I "$real" -I "$layer" -D BB_CURRENT_MC="$1" $on \
		-D TOPDIR="$topdir" -D MACHINE=$machine -D PN="$2" -v "${3%%\[*}" \
		"$layer/conf/layer.conf" "$real/conf/bitbake.conf" "$layer/$4" 2>/dev/null | pick "$3"
}
pgo_tmpdir=$(conf pgo python3-pgo-image TMPDIR "$img")
is "the pgo multiconfig's TMPDIR" "$pgo_tmpdir" "$topdir/tmp-pgo"
for flag in sstate-outputdirs sstate-inputdirs; do
	dirs=$(conf pgo python3-pgo-image "do_profile[$flag]" "$img")
	under=yes
	for dir in $dirs; do
		case $dir in "$pgo_tmpdir"/*) ;; *) under="no: $dir" ;; esac
	done
	is "do_profile[$flag] ($(echo "$dirs" | wc -w) directories) under it" "$under" yes
done
deploy=$(conf pgo python3-pgo-image 'do_profile[sstate-outputdirs]' "$img" | cut -d' ' -f1)
is "python3 in the default configuration reads that profile" \
	"$(conf "" python3 PGO_PROFILE_DIR "$app")" "$deploy"
import=$(conf "" python3 PGO_PROFILE_IMPORT_DIR "$app")
case $import in
"$topdir"/tmp*) not_ok "the import directory is outside TMPDIR: $import" ;;
"$topdir"/*) ok "the import directory ($import) is outside TMPDIR" ;;
*) not_ok "the import directory is in TOPDIR: $import" ;;
esac

echo "# 5. mc:pgo: in every hint"
# every "X-pgo-image -c profile" and "bitbake X-pgo-image" of the layer, its
# templates and the documents, each occurrence apart: X starts with mc:pgo:
# (or the layer's mc:${PGO_MC}:)
hints() {
	(cd "$top" && grep -rnoE -e "[^ (\"'\`]*(-pgo-image|\\\$\\{PGO_IMAGE\\}) -c profile" \
		-e "bitbake +[^ (\"'\`]*-pgo-image" README doc generator/pgo-gen.1 \
		runner/pgo-run.1 tests/image/demo.sh meta-pgo templates)
}
hints >"$tmp/hints"
grep -vE ':(bitbake +)?mc:(pgo|\$\{PGO_MC\}):' "$tmp/hints" >"$tmp/log"
if [ -s "$tmp/log" ] || [ ! -s "$tmp/hints" ]; then
	not_ok "every hint to gather the profile says mc:pgo:"
	diag "$tmp/log"
else
	ok "every hint to gather the profile says mc:pgo: ($(wc -l <"$tmp/hints") of them)"
fi
is "the image, the switch on, outside the pgo multiconfig: skipped, with the hint" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/$img" -- -D PN=python3-pgo-image $on)" \
	"skip: it gathers the profile python3 is built with, so it is built in the \"pgo\" multiconfig alone: bitbake mc:pgo:python3-pgo-image -c profile"
is "the image, the switch on, in the pgo multiconfig: built" \
	"$(anon "$layer" "$layer/conf/layer.conf" "$layer/conf/multiconfig/pgo.conf" \
		"$layer/$img" -- -D PN=python3-pgo-image $on)" none

echo "# 6. OE-core's PACKAGECONFIG[pgo] off where ours is on"
pc="editline gdbm pgo lto"
is "python3 (target): pgo removed" \
	"$(val "$layer" "$app" PACKAGECONFIG -O class-target -D PACKAGECONFIG="$pc" $on |
		tr -s ' ')" "editline gdbm lto"
is "python3-native with PYTHON_NATIVE_PROFILE_OPT: pgo removed" \
	"$(val "$tmp/layer-PYTHON_NATIVE_PROFILE_OPT" "$app" PACKAGECONFIG -O class-native \
		-D PACKAGECONFIG="$pc" $on $native_on | tr -s ' ')" "editline gdbm lto"
is "python3-native without it: as it was" \
	"$(val "$layer" "$app" PACKAGECONFIG -O class-native -D PACKAGECONFIG="$pc" $on)" "$pc"
is "python3-profile-opt: pgo removed" \
	"$(val "$layer" "$opt" PACKAGECONFIG -D PACKAGECONFIG="$pc" | tr -s ' ')" "editline gdbm lto"

echo "# 7. ssh, IMAGE_FSTYPES, python3-config"
has "ssh: the pgo multiconfig's HOSTTOOLS has ssh" \
	"$(val "$layer" conf/multiconfig/pgo.conf HOSTTOOLS)" ssh
is "serial: no ssh in HOSTTOOLS" \
	"$(val "$tmp/layer-PGO_TRANSPORT" conf/multiconfig/pgo.conf HOSTTOOLS)" '!NONE'
mkdir "$tmp/empty"
body "$layer" "$img" do_profile >"$tmp/do_profile.sh"
(PATH=$tmp/empty "$(command -v sh)" "$tmp/do_profile.sh") >"$tmp/log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'this host has no ssh client: install one' "$tmp/log"
check $? "do_profile on a host without ssh: exit 1 before anything else, saying so (exit $rc)"
[ $rc = 1 ] || diag "$tmp/log"
is "IMAGE_FSTYPES is ext4 alone, whatever the machine sets" \
	"$(val "$layer" "$img" IMAGE_FSTYPES -D IMAGE_FSTYPES="tar.zst ext4.zst")" ext4
pkgd=$tmp/pkgd
bindir=$pkgd/opt/python-pgo/bin
mkdir -p "$bindir" && echo '#!/bin/sh' >"$bindir/python3.11-config-lib" &&
	ln -s python3.11-config "$bindir/python3-config"
val "$layer" "$opt" pgo_config_link -D PKGD="$pkgd" -D 'bindir=${exec_prefix}/bin' \
	-D PYTHON_MAJMIN=3.11 -D MULTILIB_SUFFIX=lib |
	python3 -c 'import sys; print(sys.stdin.read().encode("latin-1").decode("unicode_escape"))' \
	>"$tmp/link.sh"
has "python3-config: pgo_config_link runs after OE-core's package preprocessing" \
	"$(val "$layer" "$opt" PACKAGE_PREPROCESS_FUNCS)" pgo_config_link
sh -e "$tmp/link.sh" && [ -f "$bindir/python3-config" ] &&
	[ "$(readlink "$bindir/python3.11-config")" = python3.11-config-lib ]
check $? "python3-config leads to the moved script once OE-core's mv has run"

echo "# pgo-gen and the runner's sources"
"$PGO_GEN" -T "$top/templates" -R "$tmp/none/pgo-run-1.0.tar.gz" -o "$tmp/x" 2>"$tmp/log"
rc=$?
[ $rc = 1 ] && grep -q "pgo-run-1.0.tar.gz: no such file: the runner's source tarball" "$tmp/log" &&
	[ ! -e "$tmp/x" ]
check $? "-R: a missing tarball is an error, nothing written"
cp "$tarball" "$tmp/runner.tgz"
"$PGO_GEN" -T "$top/templates" -R "$tmp/runner.tgz" -o "$tmp/x" 2>"$tmp/log"
rc=$?
[ $rc = 1 ] && grep -q "must be named pgo-run-VERSION.tar.gz" "$tmp/log"
check $? "-R: a tarball named otherwise is an error"
echo "1..$n"
[ "$failed" = 0 ]
