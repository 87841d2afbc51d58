#!/bin/sh
# TAP: bench/model's counts, on code whose behaviour is known
# (tests/bench/model-probe.c), under qemu-x86_64 and qemu-aarch64 (the probe
# cross-built static with aarch64-linux-gnu-gcc): the TCG plugins build from
# Debian's qemu source (bench/model/plugins.sh); each count, less the same
# program's count with N = 0, is what the probe does N times: conditional
# branches predictable or not, indirect calls predictable from the path or
# not, and L1i misses of a footprint 8 times the cache against one that fits;
# the counts are the same run to run; a bad plugin argument stops QEMU.
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
P=$PWD/tests/bench/plugins
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
echo "1..15"

for t in setarch qemu-x86_64 qemu-aarch64 aarch64-linux-gnu-gcc gcc pkg-config dpkg-source; do
	command -v "$t" >/dev/null || { echo "Bail out! no $t (.ci/install-deps installs it)"; exit 1; }
done
# the plugins are kept between runs while qemu-user and bpred.c stay the same
ver=$(dpkg-query -W -f '${source:Version}' qemu-user)
key="$ver $(sha256sum <"$top/bench/model/bpred.c")"
if [ "$(cat "$P/version" 2>/dev/null)" != "$key" ]; then
	rm -rf "$P"
	sh "$top/bench/model/plugins.sh" "$P" >"$W/plugins.log" 2>&1 ||
		{ diag "$W/plugins.log"; echo "Bail out! bench/model/plugins.sh failed"; exit 1; }
	echo "$key" >"$P/version"
fi
ok "the plugins build from Debian's qemu $ver source"

gcc -O1 -o "$W/probe-x86_64" "$top/tests/bench/model-probe.c" &&
	aarch64-linux-gnu-gcc -O1 -static -o "$W/probe-aarch64" "$top/tests/bench/model-probe.c" ||
	{ echo "Bail out! the probe does not build"; exit 1; }

# count ARCH MODE N KIND COLUMN: bpred's figure (COLUMN 1: executed, 2: taken,
# 3: mispredicted; for insns and icache 1 and 2) for the probe, without
# address space randomization (as model.py runs: addresses set the L1i's sets)
count() {
	setarch -R "qemu-$1" -plugin "$P/libbpred.so,out=$W/c.txt" "$W/probe-$1" "$2" "$3" ||
		{ echo "qemu-$1 probe $2 $3 failed" >&2; echo -1; return; }
	awk -v k="$4" -v c="$5" '$1 == k { print $(c + 1) }' "$W/c.txt"
}
# delta ARCH MODE N KIND COLUMN: the count less the same with N = 0
delta() { echo $(($(count "$1" "$2" "$3" "$4" "$5") - $(count "$1" "$2" 0 "$4" "$5"))); }
# within X LO HI (per mille of N): X/N in [LO, HI]/1000
within() { [ "$1" -ge $(($2 * N / 1000)) ] && [ "$1" -le $(($3 * N / 1000)) ]; }

N=100000
for a in x86_64 aarch64; do
	m=$(delta $a alt $N cond 3) c=$(delta $a alt $N cond 1)
	within "$m" 0 10 && [ "$c" -ge "$N" ]
	check $? "$a: a branch taken every other time: $m mispredicted in $N ($c conditional branches)"
	m=$(delta $a rand $N cond 3)
	within "$m" 400 600
	check $? "$a: a branch on a random bit: $m mispredicted in $N"
	m=$(delta $a icyc $N icall 3) c=$(delta $a icyc $N icall 1)
	within "$m" 0 10 && [ "$c" = "$N" ]
	check $? "$a: indirect calls cycling through 4 targets: $m mispredicted in $c"
	m=$(delta $a irand $N icall 3)
	within "$m" 650 850
	check $? "$a: indirect calls to 4 targets at random: $m mispredicted in $N"
	# 20 passes over 256 KiB: 4096 lines of 64 bytes missed in every pass
	m=$(delta $a big 20 icache 2)
	[ "$m" -ge $((20 * 4096)) ] && [ "$m" -le $((20 * 4096 * 105 / 100)) ]
	check $? "$a: 20 passes over 256 KiB of code: $m L1i misses (20 x 4096 lines)"
	m=$(delta $a small 20 icache 2)
	[ "$m" -le 64 ]
	check $? "$a: 20 passes over 1 KiB: $m L1i misses"
done

count x86_64 rand 1000 mispredicted 1 >"$W/a" && cp "$W/c.txt" "$W/c1.txt" &&
	count x86_64 rand 1000 mispredicted 1 >"$W/b" && cmp -s "$W/c1.txt" "$W/c.txt"
check $? "the counts are the same run to run"

out=$(qemu-x86_64 -plugin "$P/libbpred.so,ghist=99" "$W/probe-x86_64" alt 1 2>&1)
rc=$?
[ "$rc" != 0 ] && printf '%s\n' "$out" | grep -q "bpred: bad argument 'ghist=99'"
check $? "a bad plugin argument: QEMU stops, the argument named (exit $rc)"

[ "$failed" = 0 ]
