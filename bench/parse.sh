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

if command -v hyperfine >/dev/null 2>&1; then
	json=$(mktemp)
	trap 'rm -f "$json"' EXIT
	hyperfine -N -w 3 -r "$runs" --export-json "$json" "$*" >&2
	# hyperfine stores seconds
	med=$(sed -n 's/^ *"median": *\([0-9.e+-]*\),*$/\1/p' "$json" | head -n 1)
	awk -v s="$med" 'BEGIN { printf "median: %.3f ms\n", s * 1000 }'
else
	i=0
	times=
	while [ $i -lt "$runs" ]; do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		times="$times $((t1 - t0))"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086 # one number per word
	printf '%s\n' $times | sort -n | awk '{ t[NR] = $1 }
		END { m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		      printf "median: %.3f ms (%d runs)\n", m / 1e6, NR }'
fi
