#!/bin/sh
# TAP: every conformance case (golden outputs from real BitBake) through
# "pgo-gen vars", expanded and unexpanded: conf files, and classes (BBHandler:
# python functions).
#
# Variables whose value needs inline python outside the supported subset are
# listed by case in conformance-python.txt; only those lines are left out of
# the comparison of that case.
set -u
PGO_GEN=${PGO_GEN:-./generator/pgo-gen}
DATA=${TEST_DATADIR:-$(dirname "$0")/../data}/conformance
EXCEPTIONS=$(dirname "$0")/conformance-python.txt
PGO_GEN=$(cd "$(dirname "$PGO_GEN")" && pwd)/$(basename "$PGO_GEN")
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"

plan=0
for f in "$DATA"/conf/*.conf "$DATA"/conf/*.bbclass "$DATA"/peer/*.conf; do
	plan=$((plan + 2))
done
echo "1..$plan"

# drops the lines of the variables listed for this case in the exceptions file
filter() {
	vars=$(awk -v c="$1" '$1 == c { print $2 }' "$EXCEPTIONS")
	if [ -z "$vars" ]; then
		cat
		return
	fi
	awk -v vars="$vars" 'BEGIN { n = split(vars, v, "\n"); for (i = 1; i <= n; i++) skip[v[i]] = 1 }
		{ k = $0; sub(/\t.*/, "", k); sub(/\[.*/, "", k); if (!(k in skip)) print }'
}

# the names of the variables of the exceptions whose value (or flag) differs
# from BitBake's and holds no "${@": computed, so wrong
unevaluated() {
	awk -F '\t' -v c="$1" '
		FNR == 1 { fi++ }
		fi == 1 { if ($1 == c) skip[$2] = 1; next }
		fi == 2 { e[$1] = $0; next }
		{ b = $1; sub(/\[.*/, "", b)
		  if ((b in skip) && e[$1] != $0 && index($0, "${@") == 0) printf "%s ", $1 }
	' "$EXCEPTIONS" "$2" -
}

for dir in conf peer; do
	for f in "$DATA/$dir"/*.conf "$DATA/$dir"/*.bbclass; do
		[ -f "$f" ] || continue
		file=$(basename "$f")
		name=${file%.*}
		opts=
		[ -f "$DATA/$dir/$name.opts" ] && opts=$(cat "$DATA/$dir/$name.opts")
		for mode in "" -u; do
			exp="$DATA/$dir/$name.expected${mode:+-u}"
			# shellcheck disable=SC2086
			(cd "$DATA/$dir" && "$PGO_GEN" vars -f $mode $opts -S "$PWD" "$file") \
				>"$tmp/got" 2>"$tmp/err"
			if head -c 12 "$exp" | grep -q '^!PARSEERROR'; then
				if cut -f1 "$tmp/got" | head -1 | grep -qx '!PARSEERROR'; then
					ok "$dir/$name$mode (parse error)"
				else
					not_ok "$dir/$name$mode: expected a parse error"
				fi
				continue
			fi
			filter "$dir/$name" <"$exp" >"$tmp/exp"
			filter "$dir/$name" <"$tmp/got" >"$tmp/got2"
			# a value left out must be one left unevaluated, never a guess
			guess=$(unevaluated "$dir/$name" "$exp" <"$tmp/got")
			if [ -n "$guess" ]; then
				not_ok "$dir/$name$mode: evaluated, yet differs from BitBake: $guess"
			elif cmp -s "$tmp/exp" "$tmp/got2"; then
				ok "$dir/$name$mode"
			else
				not_ok "$dir/$name$mode"
				diff "$tmp/exp" "$tmp/got2" | head -20 | diag
			fi
		done
	done
done
[ "$failed" = 0 ]
