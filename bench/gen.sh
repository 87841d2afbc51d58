#!/bin/sh
# times layer generation: "pgo-gen -T templates -o DIR" on the default conf,
# the whole process; prints the median in ms
# usage: bench/gen.sh [RUNS]   (PGO_GEN: the program, default generator/pgo-gen)
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-30}
gen=${PGO_GEN:-$top/generator/pgo-gen}
case $gen in /*) ;; *) gen=$PWD/$gen ;; esac
[ -x "$gen" ] || { echo "gen.sh: no program '$gen' (build it or set PGO_GEN)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
set -- env BUILDDIR= "$gen" -T "$top/templates" -o "$out/meta-pgo"
"$@" || { echo "gen.sh: '$*' failed" >&2; exit 1; }

. "$top/bench/median.sh"
median "$runs" "$@"
