#!/bin/bash
# TAP: the lab's CPython builds (bench/cpython-lib.sh) take BOLT's flags, its
# skip list and the rebuild's compiler flags from the generated layer, for
# the TARGET_ARCH OE-core's conf gives the machine, and check a binary BOLT
# rewrote with the layer's own check (do_pgo_bolt's pgo_check_bolt). The
# functions run as the benches run them, against layers pgo-gen writes here:
# x86-64's and AArch64's flags are the layer's python3 bbappend's and
# CPython 3.14.6's own (tests/data/cpython: configure.ac's BOLT_COMMON_FLAGS,
# its skip list also under GCC's LTO names, and BOLT_APPLY_FLAGS; AArch64's
# without the three that crash llvm-bolt 19 there); the rebuild adds what
# CPython's configure adds for --enable-bolt; a demo built for BOLT,
# instrumented, run and rewritten by llvm-bolt passes bolt_apply, and the
# check refuses a binary without BOLT's note or a log without profile.
set -u
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
BOLT_BIN=${BOLT_BIN:-/usr/lib/llvm-19/bin}
for t in "${PGO_GEN:-}" gcc readelf "$BOLT_BIN/llvm-bolt" "$BOLT_BIN/merge-fdata"; do
	if [ -z "$t" ] || ! command -v "$t" >/dev/null; then
		echo "Bail out! no ${t:-pgo-gen (PGO_GEN)} (.ci/install-deps installs it)"; exit 1
	fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..10"

# what the benches set before they source the library
W=$tmp/w PV=3.14.6 XY=3.14 ME=layer-flags SRC=$tmp/src PREFIX=/opt/python-pgo JOBS=1 PGO_RUN=
unset MACHINE BOLT_COMMON_FLAGS BOLT_APPLY_FLAGS
mkdir -p "$W/logs"
# shellcheck source=bench/cpython-lib.sh
. "$top/bench/cpython-lib.sh"
conf=$top/tests/data/cpython/$PV/configure.ac

# layer_var LAYER VAR [VAR=VALUE]...: VAR of LAYER's python3 bbappend
layer_var() { local l=$1 v=$2; shift 2; recipe_var "$l" "$PY_BBAPPEND" "$v" "$@"; }
# words: one word a line, sorted (flags compared as sets)
# shellcheck disable=SC2086 # split into words
words() { printf '%s\n' $1 | LC_ALL=C sort; }
# cpython_default VAR: the m4_normalize list configure.ac gives VAR, one line
cpython_default() {
	awk -v v="$1" '
		index($0, "if test -z \"${" v "}\"") == 1 { on = 1; next }
		on && /^fi/ { exit }
		on && !/dnl/ && /^ *\[?-|^ *\$[{]/ { gsub(/[][]/, ""); printf "%s ", $1 }' "$conf" |
		sed 's/ $//'
}

# 1 the layers
( make_layers ) >"$tmp/layers.log" 2>&1
[ -d "$W/layer" ] && [ -d "$W/layer-lto" ] &&
	[ "$(layer_var "$W/layer-lto" pgo_check_bolt)" = '!NONE' ] &&
	layer_var "$W/layer-bolt" pgo_check_bolt | grep -q 'BOLT revision'
check $? "make_layers: the default layer, PGO_LTO's, and PGO_LTO and PGO_BOLT's (pgo_check_bolt)" ||
	diag "$tmp/layers.log"

# 2 x86-64: the machine's TARGET_ARCH, the layer's values for it
x_arch=$(oe_var TARGET_ARCH)
bolt_flags
x_common=$BOLT_COMMON_FLAGS x_apply=$BOLT_APPLY_FLAGS
[ "$x_arch" = x86_64 ] &&
	[ "$x_common" = "$(layer_var "$W/layer-bolt" PGO_BOLT_COMMON_FLAGS TARGET_ARCH=x86_64)" ] &&
	[ "$x_apply" = "$(layer_var "$W/layer-bolt" PGO_BOLT_APPLY_FLAGS TARGET_ARCH=x86_64)" ]
check $? "qemux86-64 (TARGET_ARCH $x_arch): bolt_flags gives the layer's PGO_BOLT_COMMON_FLAGS and PGO_BOLT_APPLY_FLAGS"
echo "# BOLT_COMMON_FLAGS $x_common"
echo "# BOLT_APPLY_FLAGS $x_apply"

# 3 the skip list: CPython's, each function also under GCC's LTO name
c_common=$(cpython_default BOLT_COMMON_FLAGS)
want=$(printf '%s' "$c_common" | sed 's|\(sre_ucs[0-9]_match\)/1|&,\1.lto_priv.0/1|g')
[ -n "$c_common" ] && [ "$x_common" = "$want" ]
check $? "x86-64's BOLT_COMMON_FLAGS: CPython $PV's ($c_common) with GCC's LTO names"

# 4 x86-64's BOLT_APPLY_FLAGS: CPython's (their order aside)
c_apply=$(cpython_default BOLT_APPLY_FLAGS)
c_apply=${c_apply//\$\{BOLT_COMMON_FLAGS\}/$x_common}
[ "$(words "$c_apply" | wc -l)" -gt 10 ] && [ "$(words "$x_apply")" = "$(words "$c_apply")" ]
check $? "x86-64's BOLT_APPLY_FLAGS are CPython $PV's, word for word as a set ($(words "$x_apply" | wc -l) words)"

# 5 AArch64: qemuarm64's TARGET_ARCH; the layer's flags without three
a_arch=$(MACHINE=qemuarm64 oe_var TARGET_ARCH)
unset BOLT_COMMON_FLAGS BOLT_APPLY_FLAGS
MACHINE=qemuarm64 bolt_flags
a_apply=$BOLT_APPLY_FLAGS
want=$(words "$c_apply" | grep -vx -e -inline-all -e -frame-opt=hot -e -indirect-call-promotion=all)
[ "$a_arch" = aarch64 ] && [ "$BOLT_COMMON_FLAGS" = "$x_common" ] &&
	[ "$a_apply" = "$(layer_var "$W/layer-bolt" PGO_BOLT_APPLY_FLAGS TARGET_ARCH=aarch64)" ] &&
	[ "$(words "$a_apply")" = "$want" ]
check $? "qemuarm64 (TARGET_ARCH $a_arch): the layer's PGO_BOLT_APPLY_FLAGS, CPython's without -inline-all -frame-opt=hot -indirect-call-promotion=all"
echo "# BOLT_APPLY_FLAGS (aarch64) $a_apply"

# 6 BOLT_COMMON_FLAGS from the environment: the layer's APPLY flags follow,
# as they follow PGO_BOLT_COMMON_FLAGS set in local.conf
unset BOLT_APPLY_FLAGS
BOLT_COMMON_FLAGS='-update-debug-sections -skip-funcs=f/1'
bolt_flags
[ "$BOLT_COMMON_FLAGS" = '-update-debug-sections -skip-funcs=f/1' ] &&
	[ "$BOLT_APPLY_FLAGS" = "-update-debug-sections -skip-funcs=f/1${x_apply#"$x_common"}" ]
check $? "BOLT_COMMON_FLAGS from the environment override the layer's, its BOLT_APPLY_FLAGS follow"
unset BOLT_COMMON_FLAGS BOLT_APPLY_FLAGS
bolt_flags

# 7 rebuild_bolt's flags: the PGO_BOLT layer's PGO_USE_FLAGS, which are the
# PGO_LTO layer's and what CPython's configure says BOLT requires (not the
# -fno-pie it adds for speed)
use_lto=$(layer_var "$W/layer-lto" PGO_USE_FLAGS B=/b PGO_PROFILE_DIR=/p TARGET_ARCH=x86_64)
use_bolt=$(layer_var "$W/layer-bolt" PGO_USE_FLAGS B=/b PGO_PROFILE_DIR=/p TARGET_ARCH=x86_64)
c_bolt=$(sed -n "/^if test \"\$Py_BOLT\" = 'true'/,/good performance from bolt/s/.*_NODIST=\"\\\$[A-Z_]*_NODIST \(.*\)\"\$/\1/p" \
	"$conf" | tr '\n' ' ')
[ -n "$c_bolt" ] && [ "$(words "$use_bolt")" = "$(words "$use_lto $c_bolt")" ]
check $? "the PGO_BOLT layer's PGO_USE_FLAGS: PGO_LTO's and what CPython's --enable-bolt requires (${c_bolt% })"
echo "# PGO_USE_FLAGS (PGO_BOLT) $use_bolt"

# 8 bolt_apply on a real BOLT profile: the demo built as BOLT needs it,
# instrumented, run here; its .fdata merged; rewritten and checked
b=$tmp/b fd=$tmp/fd
mkdir -p "$b" "$fd"
bolt_binaries() { echo demo; }
# shellcheck disable=SC2054 # -Wl,--emit-relocs: one option
if gcc -O2 -fno-reorder-blocks-and-partition -fno-pie -no-pie -Wl,--emit-relocs \
	-o "$b/demo.prebolt" "$top/tests/image/demo.c" >"$tmp/demo.log" 2>&1 &&
	"$BOLT_BIN/llvm-bolt" "$b/demo.prebolt" -instrument -instrumentation-file-append-pid \
		-instrumentation-file="$tmp/prof/demo" -o "$tmp/demo.inst" >>"$tmp/demo.log" 2>&1 &&
	mkdir -p "$tmp/prof" && "$tmp/demo.inst" 20 >"$tmp/demo.out" 2>&1 &&
	"$BOLT_BIN/merge-fdata" "$tmp/prof"/demo.*.fdata >"$fd/demo.fdata" 2>>"$tmp/demo.log" &&
	( bolt_apply "$b" "$fd" "$tmp/apply.log" ) >>"$tmp/demo.log" 2>&1 &&
	readelf -n "$b/demo" | grep -q 'BOLT revision' &&
	grep -q '^NOTE: PGO_BOLT: demo rewritten by BOLT, [1-9][0-9]* of [0-9]* functions with profile' "$tmp/apply.log" &&
	grep -q 'functions in the binary .* have non-empty execution profile' "$tmp/apply.log.coverage"; then
	ok "bolt_apply: the demo rewritten with the layer's flags and passed by its check: $(cat "$tmp/apply.log")"
else
	not_ok "bolt_apply on the demo"; diag "$tmp/demo.log" "$tmp/apply.log"
fi
echo "# $(cat "$tmp/apply.log.coverage")"

# 9 the check refuses a binary llvm-bolt did not rewrite
out=$(bolt_check "$b/demo.prebolt" "$tmp/apply.log.demo")
st=$?
[ "$st" != 0 ] && [ "$out" = "ERROR: PGO_BOLT: $b/demo.prebolt has no BOLT note: llvm-bolt did not rewrite it" ]
check $? "bolt_check refuses a binary without BOLT's note: $out"

# 10 and a rewrite whose log gives no function profile
grep -v 'have non-empty execution profile' "$tmp/apply.log.demo" >"$tmp/noprof.log"
out=$(bolt_check "$b/demo" "$tmp/noprof.log")
st=$?
[ "$st" != 0 ] && [ "$out" = "ERROR: PGO_BOLT: llvm-bolt found no function with profile in demo: see $tmp/noprof.log" ]
check $? "bolt_check refuses a rewrite with no function profile: $out"
[ "$failed" = 0 ]
