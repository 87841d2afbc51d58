#!/bin/sh
# times layer generation: "pgo-gen -T templates -o DIR" on the default conf,
# the whole process; prints the median in ms
# usage: bench/gen.sh [RUNS]   (PGO_GEN: the program, default generator/pgo-gen)
set -eu

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
runs=${1:-30}
gen=$(bench_program "${PGO_GEN:-$top/generator/pgo-gen}" PGO_GEN)
bench_tmp gen-bench
set -- env BUILDDIR= "$gen" -T "$top/templates" -o "$tmp/meta-pgo"
"$@" || { echo "gen.sh: '$*' failed" >&2; exit 1; }

# shellcheck source=bench/median.sh
. "$top/bench/median.sh"
median "$runs" "$@"
