#!/bin/sh
# TAP: the layer generated with PGO_BOLT = "1" (tests/data/layers/bolt), its
# anonymous python run through anon.py on the values bblang computes: python3
# stops the parse on a MACHINE BOLT cannot rewrite (armv7, i686) and without
# an llvm-project source, names the task do_pgo_bolt after do_install and
# before do_package with the pgo image as its mcdepends otherwise; the BOLT
# recipes skip without the source and follow the switch; llvm-bolt's apply
# flags leave out, on AArch64 only, the three that crash llvm-bolt 19 there.
# (Real BitBake on OE-core wrynose, whinlatter and scarthgap: doc/bitbake.txt.)
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/tap.sh
. "$here/../tap.sh"
scratch_dir
# shellcheck source=tests/generator/anon.sh
. "$here/anon.sh"
echo "1..12"

l=$TEST_DATADIR/layers/bolt/expected
app=$l/recipes-devtools/python/python3_%.bbappend
# a stand-in for OE-core's python3 as the target's recipe, and a BBPATH
# entry that holds OE-core's llvm-project source include (whinlatter and later)
printf 'CLASSOVERRIDE = "class-target"\n' >"$tmp/python3_3.14.6.bb"
mkdir -p "$tmp/oe/recipes-devtools/clang" && : >"$tmp/oe/recipes-devtools/clang/common-source.inc"
py3() { anon "$l" "$l/conf/layer.conf" "$tmp/python3_3.14.6.bb" "$app" -- -D PYTHON_PROFILE_OPT=1 "$@"; }
is() { # NAME GOT WANT
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1"; printf 'got:  %s\nwant: %s\n' "$2" "$3" | diag; fi
}

for a in arm:qemuarm i686:qemux86; do
	got=$(py3 -D TARGET_ARCH="${a%:*}" -D MACHINE="${a#*:}" -D BBPATH="$tmp/oe:$l")
	is "python3 on ${a#*:} (${a%:*}): the parse stops, saying why" "$got" \
		"fatal: PGO_BOLT: BOLT rewrites x86-64 and AArch64 binaries only, and MACHINE \"${a#*:}\" is ${a%:*}: generate meta-pgo with PGO_BOLT = \"0\" for it"
done
got=$(py3 -D TARGET_ARCH=x86_64 -D MACHINE=qemux86-64 -D BBPATH="$l")
is "python3 without an llvm-project source (kirkstone to walnascar): the parse stops" "$got" \
	'fatal: PGO_BOLT: llvm-bolt-native builds BOLT from the llvm-project source of OE-core (whinlatter and later) or of meta-clang, and this build has neither: add meta-clang, or generate meta-pgo with PGO_BOLT = "0"'
got=$(py3 -D TARGET_ARCH=aarch64 -D MACHINE=qemuarm64 -D BBMULTICONFIG=pgo -D BBPATH="$tmp/oe:$l" | grep bolt)
is "python3 on qemuarm64: do_pgo_bolt after do_install, before do_package, after the pgo image" "$got" \
	"task do_pgo_bolt after do_install before do_package do_populate_sysroot
flag do_pgo_bolt[mcdepends] =  mc::pgo:python3-pgo-image:do_image_complete"
got=$(py3 -D TARGET_ARCH=x86_64 -D MACHINE=qemux86-64 -D BBPATH="$tmp/oe:$l" | grep bolt)
is "python3 on qemux86-64 without the pgo multiconfig: the task, no mcdepends" "$got" \
	"task do_pgo_bolt after do_install before do_package do_populate_sysroot"

got=$(py3 -D TARGET_ARCH=aarch64 -D MACHINE=qemuarm64 -D BBMULTICONFIG=pgo -D BBPATH="$tmp/oe:$l" \
	-D PGO_BOLT_PROFILE_DIR=/srv/bolt | grep bolt)
is "python3 with PGO_BOLT_PROFILE_DIR: no image to wait for, the archive's manifest in the checksum" "$got" \
	"task do_pgo_bolt after do_install before do_package do_populate_sysroot
flag do_pgo_bolt[file-checksums] =  /srv/bolt/pgo-manifest.xml:False"

got=$(anon "$l" "$l/conf/layer.conf" "$l/conf/multiconfig/pgo.conf" "$tmp/python3_3.14.6.bb" "$app" -- \
	-D PYTHON_PROFILE_OPT=1 -D TARGET_ARCH=x86_64 -D MACHINE=qemux86-64 -D BBPATH="$tmp/oe:$l" | grep bolt)
is "python3 in the pgo multiconfig (no PGO there): no do_pgo_bolt, so none of its tools" "$got" ""

for r in llvm-bolt-native bolt-runtime; do
	f=$l/recipes-devtools/bolt/$r.bb
	got=$(anon "$l" "$l/conf/layer.conf" "$f" -- -D PN=$r -D PYTHON_PROFILE_OPT=1 -D BBPATH="$l")
	is "$r without an llvm-project source: skipped, saying why" "$got" \
		'skip: no llvm-project source in this build (OE-core whinlatter or later, or meta-clang, has one)'
	got=$(anon "$l" "$l/conf/layer.conf" "$f" -- -D PN=$r -D PYTHON_PROFILE_OPT=1 -D BBPATH="$tmp/oe:$l")$(
		anon "$l" "$l/conf/layer.conf" "$f" -- -D PN=$r -D BBPATH="$tmp/oe:$l")
	is "$r with the source: built when the switch is on, skipped when off" "$got" \
		'noneskip: meta-pgo is off: PYTHON_PROFILE_OPT = "1" in local.conf turns on PGO of python3, which this recipe serves'
done

flags() { "$PGO_GEN" vars -C -I "$l" -D PYTHON_PROFILE_OPT=1 -D TARGET_ARCH="$1" -v PGO_BOLT_APPLY_FLAGS \
	"$l/conf/layer.conf" "$tmp/python3_3.14.6.bb" "$app" 2>/dev/null | cut -f2; }
x=$(flags x86_64) a=$(flags aarch64)
bad=0
for f in -inline-all -indirect-call-promotion=all -frame-opt=hot; do
	case " $x " in *" $f "*) ;; *) bad=1 ;; esac
	case " $a " in *" $f "*) bad=1 ;; esac
done
case " $a " in *" -reorder-blocks=ext-tsp "*) ;; *) bad=1 ;; esac
check "$bad" "llvm-bolt's apply flags: CPython's on x86-64; on AArch64 without -inline-all, -indirect-call-promotion=all and -frame-opt=hot"
