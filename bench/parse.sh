#!/bin/sh
# times the whole process "pgo-gen vars -f ... bitbake.conf"; prints the median in ms
# usage: bench/parse.sh [RUNS]   (PGO_GEN: the program, default generator/pgo-gen)
# builds nothing; run it from anywhere, paths are relative to the source tree
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-20}
gen=${PGO_GEN:-$top/generator/pgo-gen}
case $gen in /*) ;; *) gen=$PWD/$gen ;; esac
[ -x "$gen" ] || { echo "parse.sh: no program '$gen' (build it or set PGO_GEN)" >&2; exit 1; }
meta=tests/data/real-data/meta
# BitBake's cooker sets BB_CURRENT_MC; bitbake.conf needs it (tests/data/real-golden/README)
set -- "$gen" vars -f -I "$meta" -D MACHINE=qemux86-64 -D BB_CURRENT_MC= "$meta/conf/bitbake.conf"
cd "$top"
"$@" >/dev/null 2>&1 || { echo "parse.sh: '$*' failed" >&2; exit 1; }

. "$top/bench/median.sh"
median "$runs" "$@"
