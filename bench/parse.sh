#!/bin/sh
# times the whole process "pgo-gen vars -f ... bitbake.conf" and the same parse by
# real BitBake (tests/bblang/conformance-oracle.py: bb.parse of the same files, start-up
# included); prints the median and minimum of each in ms, and their ratio
# usage: bench/parse.sh [RUNS [BITBAKE_RUNS]]   (defaults 50 and 10)
#   PGO_GEN: the program, default generator/pgo-gen
#   BITBAKE: a BitBake tree (OE_LIB: openembedded-core's meta/lib); unset: ours only
# builds nothing; run it from anywhere, paths are relative to the source tree
set -eu

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
runs=${1:-50}
bbruns=${2:-10}
gen=$(bench_program "${PGO_GEN:-$top/generator/pgo-gen}" PGO_GEN)
meta=tests/data/real-data/meta
# BitBake's cooker sets BB_CURRENT_MC; bitbake.conf needs it (tests/data/real-golden/README)
args="-f -I $meta -D MACHINE=qemux86-64 -D BB_CURRENT_MC= $meta/conf/bitbake.conf"
cd "$top"
# shellcheck disable=SC2086
"$gen" vars $args >/dev/null 2>&1 || { echo "parse.sh: '$gen vars $args' failed" >&2; exit 1; }

. "$top/bench/median.sh"
ours=$(median "$runs" "$gen" vars $args 2>/dev/null)
echo "pgo-gen vars: $ours"
if [ -z "${BITBAKE:-}" ]; then
	echo "BitBake: not measured (set BITBAKE to a BitBake tree)"
	exit 0
fi
# shellcheck disable=SC2086
python3 tests/bblang/conformance-oracle.py $args >/dev/null 2>&1 ||
	{ echo "parse.sh: BitBake ($BITBAKE) failed on the same files" >&2; exit 1; }
theirs=$(median "$bbruns" python3 tests/bblang/conformance-oracle.py $args 2>/dev/null)
echo "BitBake:      $theirs"
a=$(echo "$ours" | sed "s/^median: \([0-9.]*\).*/\1/")
b=$(echo "$theirs" | sed "s/^median: \([0-9.]*\).*/\1/")
awk -v a="$a" -v b="$b" 'BEGIN { printf "BitBake / pgo-gen (medians): %.0fx\n", b / a }'
