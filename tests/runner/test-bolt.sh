#!/bin/bash
# TAP: BOLT's profile (.fdata) through pgo-run, for real. The demo is built
# as BOLT needs it (-fno-pie -no-pie, --emit-relocs, no hot/cold partition by
# GCC), instrumented by llvm-bolt -instrument (Debian's bolt-19) to write its
# profile under the task's remote directory, and run by pgo-run profile: for
# x86-64 in the test image booted in QEMU (TCG) as a board over ssh, for
# aarch64 under qemu-aarch64 (--target qemu-user) with the aarch64
# instrumentation runtime of Debian's libbolt-19-dev:arm64 (downloaded with an
# apt index of its own, never installed). The profile pgo-run brings back is
# merged by merge-fdata and applied by llvm-bolt; the rewritten binary carries
# BOLT's note and prints what the plain one prints. A malformed .fdata from
# the guest is a one-line error that leaves the profile as it was.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
# Debian's llvm-bolt finds its runtime from its own directory (not the
# /usr/bin/llvm-bolt-19 link) and takes -runtime-instrumentation-lib relative
# to that directory's ../lib
top=$(cd "$here/.." && pwd)
PGO_GEN=${PGO_GEN:-$PWD/generator/pgo-gen}
BOLT_BIN=${BOLT_BIN:-/usr/lib/llvm-19/bin}
CROSS=${CROSS:-aarch64-linux-gnu-}
SYSROOT=${SYSROOT:-/usr/aarch64-linux-gnu}
require_tools "$QEMU" "$PGO_GEN" ssh gcc "${CROSS}gcc" qemu-aarch64 apt-get dpkg-deb readelf \
	"$BOLT_BIN/llvm-bolt" "$BOLT_BIN/merge-fdata"
image_load "$out"
echo "1..9"

# shellcheck disable=SC2054 # -Wl,--emit-relocs: one option, its comma is the linker's
BFLAGS=(-O2 -fno-reorder-blocks-and-partition -fno-pie -no-pie -Wl,--emit-relocs)
# llvm-bolt's flags: the PGO_BOLT layer's PGO_BOLT_APPLY_FLAGS, as its python3
# bbappend sets them for TARGET_ARCH (CPython's BOLT_APPLY_FLAGS; for aarch64
# without the three that crash llvm-bolt 19 there; tests/bench/layer-flags.sh
# checks them against CPython's configure.ac)
BUILDDIR='' "$PGO_GEN" -T "$top/templates" -D PGO_LTO=1 -D PGO_BOLT=1 -o "$W/layer-bolt" >/dev/null ||
	{ echo "Bail out! pgo-gen wrote no layer with PGO_BOLT = 1"; exit 1; }
layer_apply_flags() { # TARGET_ARCH
	"$PGO_GEN" vars -C -O class-target -I "$W/layer-bolt" -D PYTHON_PROFILE_OPT=1 \
		-D "TARGET_ARCH=$1" -v PGO_BOLT_APPLY_FLAGS \
		"$W/layer-bolt/recipes-devtools/python/python3_%.bbappend" | sed -n 's/^PGO_BOLT_APPLY_FLAGS	//p'
}
read -ra APPLY_x86 <<<"$(layer_apply_flags x86_64)"
read -ra APPLY_a64 <<<"$(layer_apply_flags aarch64)"
[ "${#APPLY_x86[@]}" -gt 0 ] && [ "${#APPLY_a64[@]}" -gt 0 ] ||
	{ echo "Bail out! the PGO_BOLT layer has no PGO_BOLT_APPLY_FLAGS"; exit 1; }
GCCV=$(gcc -dumpfullversion)

# bolt_apply NAME BINARY PROFILE_DIR: merges the profile's .fdata into
# $W/NAME.fdata and writes $W/NAME.bolt (with APPLY_NAME); 0 when it has
# BOLT's note and llvm-bolt found profile for some of its functions
bolt_apply() {
	local name=$1 bin=$2 prof=$3
	local -n flags=APPLY_$name
	"$BOLT_BIN/merge-fdata" "$prof"/*.fdata >"$W/$name.fdata" 2>"$W/$name.merge.log" &&
		"$BOLT_BIN/llvm-bolt" "$bin" -o "$W/$name.bolt" -data="$W/$name.fdata" "${flags[@]}" \
			>"$W/$name.apply.log" 2>&1 &&
		readelf -n "$W/$name.bolt" | grep -q 'BOLT revision' &&
		grep -Eq '^BOLT-INFO: [1-9][0-9]* out of [0-9]+ functions in the binary .* have non-empty execution profile' \
			"$W/$name.apply.log"
}

# 1 the x86-64 demo, plain and instrumented to write /tmp/pgo-bolt/demo.PID.fdata
if gcc "${BFLAGS[@]}" -o "$W/demo-x86" "$here/image/demo.c" >"$W/x86.log" 2>&1 &&
   "$BOLT_BIN/llvm-bolt" "$W/demo-x86" -instrument -instrumentation-file-append-pid \
	-instrumentation-file=/tmp/pgo-bolt/demo -o "$W/demo-x86.inst" >>"$W/x86.log" 2>&1; then
	ok "the x86-64 demo built for BOLT and instrumented by llvm-bolt"
else
	not_ok "the x86-64 demo instrumented"; diag "$W/x86.log"
fi

t0=$(now)
if ! board_start 90; then
	not_ok "the board boots"; tail -n 20 "$W/board.console" | tr -d '\r' | diag
	exit 1
fi
echo "# time board-boot $(since "$t0")s"
for _ in $(seq 100); do board_ssh true 2>/dev/null && break; sleep 0.2; done

# board_profile NAME PROGRAM TASK OUT [OPTION...]: the program on the board by
# pgo-run profile --target ssh, the remote directory /tmp/pgo-bolt; exit $rc
board_profile() {
	"$PGO_RUN" profile --target ssh 127.0.0.1 --ssh-port "$qemu_port" --ssh-key "$IMAGE_SSH_KEY" \
		--known-hosts "$W/known_hosts" --accept-new-host-key --python "$2" --task "$3" \
		--remote-dir /tmp/pgo-bolt --gcc-version "$GCCV" --timeout 120 \
		--log "$W/$1.log" --out "$4" "${@:5}" >"$W/$1.out" 2>"$W/$1.err"
	rc=$?
}

# 2 the instrumented demo taken to the guest by --overlay (the file, and a
# link to it), run there: its .fdata comes back, counted in the manifest
rm -rf "$W/overlay" && mkdir -p "$W/overlay/opt/bolt-demo/bin" &&
	cp "$W/demo-x86.inst" "$W/overlay/opt/bolt-demo/bin/demo.inst" &&
	ln -s demo.inst "$W/overlay/opt/bolt-demo/bin/demo"
t0=$(now)
board_profile x86 /opt/bolt-demo/bin/demo "$DEMO_ARGS" "$W/prof-x86" --overlay "$W/overlay"
echo "# time bolt-guest-run $(since "$t0")s"
n=$(ls "$W"/prof-x86/demo.*.fdata 2>/dev/null | wc -l)
if [ "$rc" = 0 ] && [ "$n" = 1 ] &&
   grep -q '<bolt files="1" bytes="[1-9][0-9]*"/>' "$W/prof-x86/pgo-manifest.xml"; then
	ok "x86-64 guest: the instrumented demo put there by --overlay ($(grep -o -- '--overlay: .*to /' "$W/x86.log")), its BOLT profile brought back by pgo-run profile ($(wc -l <"$W"/prof-x86/demo.*.fdata) records)"
else
	not_ok "x86-64 guest: BOLT's profile (exit $rc, $n .fdata)"; diag "$W/x86.err"; tail -n 20 "$W/x86.log" | diag
fi

# 3 applied: the rewritten demo has BOLT's note and prints what the plain one does in the guest
bolt_apply x86 "$W/demo-x86" "$W/prof-x86"
applied=$?
board_ssh 'cat >/tmp/demo.bolt && chmod +x /tmp/demo.bolt' <"$W/x86.bolt"
board_ssh 'cat >/tmp/demo.plain && chmod +x /tmp/demo.plain' <"$W/demo-x86"
# shellcheck disable=SC2086 # DEMO_ARGS is shell words
want=$(board_ssh "/tmp/demo.plain $DEMO_ARGS" 2>&1)
# shellcheck disable=SC2086
got=$(board_ssh "/tmp/demo.bolt $DEMO_ARGS" 2>&1)
if [ "$applied" = 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
	ok "x86-64: llvm-bolt applied the guest's profile with the layer's PGO_BOLT_APPLY_FLAGS ($(grep -o '[0-9]* out of [0-9]* functions' "$W/x86.apply.log")); the same output in the guest"
else
	not_ok "x86-64: BOLT applied (status $applied)"; diag "$W/x86.apply.log"
	printf 'plain: %s\nbolt: %s\n' "$want" "$got" | diag
fi

# 4 a malformed .fdata from the guest, into the same profile directory: one
# line, exit 1, the profile as it was
before=$(tree_sum "$W/prof-x86")
board_profile evil /bin/sh "-c 'echo 1 main 2b 1 main 18 0 >/tmp/pgo-bolt/demo.1.fdata'" "$W/prof-x86"
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/evil.err")" = 1 ] &&
   grep -q "entry '\./demo.1.fdata': line 1: no mispredictions field" "$W/evil.err" &&
   [ "$(tree_sum "$W/prof-x86")" = "$before" ]; then
	ok "a malformed .fdata from the guest: $(cat "$W/evil.err")"
else
	not_ok "a malformed .fdata from the guest (exit $rc)"; diag "$W/evil.err"
fi

# 5 an --overlay with what is neither a file nor a link: one line, exit 1,
# before anything runs on the target; and none where the task is no guest's
mkfifo "$W/overlay/opt/bolt-demo/fifo"
board_profile badov /bin/true "" "$W/prof-x86" --overlay "$W/overlay"
"$PGO_RUN" profile --target local --python /bin/true --task "" --gcc-version "$GCCV" \
	--out "$W/prof-local" --overlay "$W/overlay" >/dev/null 2>"$W/ovlocal.err"
rc_local=$?
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/badov.err")" = 1 ] &&
   grep -q "^pgo-run: setup: --overlay $W/overlay/opt/bolt-demo/fifo: not a regular file, directory or symbolic link$" "$W/badov.err" &&
   [ "$(tree_sum "$W/prof-x86")" = "$before" ] && [ "$rc_local" = 2 ] &&
   grep -q -- "--overlay needs ssh to the target" "$W/ovlocal.err"; then
	ok "a bad --overlay: $(cat "$W/badov.err"); with --target local: $(head -n 1 "$W/ovlocal.err")"
else
	not_ok "a bad --overlay (exit $rc, $rc_local)"; diag "$W/badov.err"; diag "$W/ovlocal.err"
fi
rm -f "$W/overlay/opt/bolt-demo/fifo"
qemu_stop

# 6 the aarch64 runtime: Debian's libbolt-19-dev:arm64 of the host's bolt-19 version,
# unpacked in the build tree (kept for the next run)
rt_dir=$PWD/tests/bolt-arm64
rt=$rt_dir/root/usr/lib/llvm-19/lib/libbolt_rt_instr.a
ver=$(dpkg-query -W -f '${Version}' libbolt-19-dev 2>/dev/null)
if [ ! -f "$rt" ] || [ "$(cat "$rt_dir/version" 2>/dev/null)" != "$ver" ]; then
	rm -rf "$rt_dir"
	mkdir -p "$rt_dir/apt/lists/partial" "$rt_dir/apt/cache/archives/partial" "$rt_dir/debs"
	: >"$rt_dir/apt/status"
	aptopts=(-o APT::Architecture=arm64 -o APT::Architectures=arm64
		-o Dir::State::Lists="$rt_dir/apt/lists" -o Dir::Cache="$rt_dir/apt/cache"
		-o Dir::State::status="$rt_dir/apt/status" -o Acquire::Languages=none
		-o Acquire::IndexTargets::deb-src::Sources::DefaultEnabled=false)
	[ "$(id -u)" = 0 ] && aptopts+=(-o APT::Sandbox::User=root)
	{ apt-get -q "${aptopts[@]}" update || ls "$rt_dir"/apt/lists/*_binary-arm64_Packages*; } \
		>"$W/apt.log" 2>&1 &&
		(cd "$rt_dir/debs" && apt-get -q "${aptopts[@]}" download "libbolt-19-dev=$ver") \
			>>"$W/apt.log" 2>&1 &&
		dpkg-deb -x "$rt_dir"/debs/libbolt-19-dev_*_arm64.deb "$rt_dir/root" &&
		echo "$ver" >"$rt_dir/version"
fi
relrt=$(realpath --relative-to="$BOLT_BIN/../lib" "$rt" 2>/dev/null)
if [ -n "$ver" ] && [ -f "$rt" ] && "${CROSS}gcc" "${BFLAGS[@]}" -o "$W/demo-a64" "$here/image/demo.c" \
	>"$W/a64.log" 2>&1 &&
   "$BOLT_BIN/llvm-bolt" "$W/demo-a64" -instrument -instrumentation-file-append-pid \
	-instrumentation-file="$W/remote-a64/demo" -runtime-instrumentation-lib="$relrt" \
	-o "$W/demo-a64.inst" >>"$W/a64.log" 2>&1 &&
   readelf -h "$W/demo-a64.inst" | grep -q 'Machine:.*AArch64'; then
	ok "the aarch64 demo instrumented with libbolt-19-dev:arm64's runtime ($ver)"
else
	not_ok "the aarch64 demo instrumented (runtime $ver)"; diag "$W/apt.log"; diag "$W/a64.log"
fi

# 7 its profile through qemu-aarch64
"$PGO_RUN" profile --target qemu-user --arch aarch64 --sysroot "$SYSROOT" --python "$W/demo-a64.inst" \
	--task "$DEMO_ARGS" --remote-dir "$W/remote-a64" --cc "${CROSS}gcc" --timeout 120 \
	--log "$W/a64-run.log" --out "$W/prof-a64" >"$W/a64-run.out" 2>"$W/a64-run.err"
rc=$?
if [ "$rc" = 0 ] && grep -q '<bolt files="1" bytes="[1-9][0-9]*"/>' "$W/prof-a64/pgo-manifest.xml" &&
   grep -q '<machine>aarch64</machine>' "$W/prof-a64/pgo-manifest.xml"; then
	ok "aarch64 (qemu-user): BOLT's profile brought back ($(cat "$W"/prof-a64/demo.*.fdata | wc -l) records)"
else
	not_ok "aarch64: BOLT's profile (exit $rc)"; diag "$W/a64-run.err"
fi

# 8 applied, and the same output as the plain aarch64 demo
bolt_apply a64 "$W/demo-a64" "$W/prof-a64"
applied=$?
# shellcheck disable=SC2086
want=$(qemu-aarch64 -L "$SYSROOT" "$W/demo-a64" $DEMO_ARGS 2>&1)
# shellcheck disable=SC2086
got=$(qemu-aarch64 -L "$SYSROOT" "$W/a64.bolt" $DEMO_ARGS 2>&1)
if [ "$applied" = 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
	ok "aarch64: llvm-bolt applied it with the layer's aarch64 PGO_BOLT_APPLY_FLAGS ($(grep -o '[0-9]* out of [0-9]* functions' "$W/a64.apply.log")); the same output"
else
	not_ok "aarch64: BOLT applied (status $applied)"; diag "$W/a64.apply.log"
fi

# 9 llvm-bolt twice from one merged profile: the same binary, for each. Its
# note (.note.bolt_info) records its command line, so the two runs use the
# same relative names, in two directories
same=0
for a in x86 a64; do
	declare -n flags=APPLY_$a
	for k in 1 2; do
		mkdir -p "$W/again$k" &&
			cp "$W/demo-$a" "$W/again$k/python" && cp "$W/$a.fdata" "$W/again$k/python.fdata" &&
			(cd "$W/again$k" && "$BOLT_BIN/llvm-bolt" python -o python.bolt -data=python.fdata \
				"${flags[@]}") >"$W/$a-again$k.log" 2>&1 || same=1
	done
	cmp -s "$W/again1/python.bolt" "$W/again2/python.bolt" || same=1
	rm -rf "$W/again1" "$W/again2"
	unset -n flags
done
check $same "llvm-bolt twice from one profile, the same relative names: byte-identical (x86-64, aarch64)"
