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
set -- "$gen" -T "$top/templates" -o "$out/meta-pgo"
"$@" || { echo "gen.sh: '$*' failed" >&2; exit 1; }

if command -v hyperfine >/dev/null 2>&1; then
	json=$out/times.json
	hyperfine -N -w 3 -r "$runs" --export-json "$json" "$*" >&2
	med=$(sed -n 's/^ *"median": *\([0-9.e+-]*\),*$/\1/p' "$json" | head -n 1)
	awk -v s="$med" 'BEGIN { printf "median: %.3f ms\n", s * 1000 }'
else
	i=0
	times=
	while [ $i -lt "$runs" ]; do
		t0=$(date +%s%N)
		"$@"
		t1=$(date +%s%N)
		times="$times $((t1 - t0))"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086 # one number per word
	printf '%s\n' $times | sort -n | awk '{ t[NR] = $1 }
		END { m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		      printf "median: %.3f ms (%d runs)\n", m / 1e6, NR }'
fi
