# shellcheck shell=sh
# sourced by the bench scripts: median RUNS CMD... prints "median: X ms" of the
# whole command (and the minimum) with hyperfine when it is installed (warm
# cache: 3 runs first), else the median of a loop of date calls
median() {
	runs=$1
	shift
	if command -v hyperfine >/dev/null 2>&1; then
		json=$(mktemp)
		hyperfine -N -w 3 -r "$runs" --export-json "$json" "$*" >&2
		# hyperfine stores seconds
		med=$(sed -n 's/^ *"median": *\([0-9.e+-]*\),*$/\1/p' "$json" | head -n 1)
		min=$(sed -n 's/^ *"min": *\([0-9.e+-]*\),*$/\1/p' "$json" | head -n 1)
		rm -f "$json"
		awk -v s="$med" -v m="$min" -v n="$runs" 'BEGIN {
			printf "median: %.3f ms, min %.3f ms (%d runs, hyperfine -N, 3 warm-ups)\n",
				s * 1000, m * 1000, n }'
		return
	fi
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
}
