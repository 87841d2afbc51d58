#!/bin/sh
# TAP: parses real OE-core and poky conf files (tests/data/real-data) with
# "pgo-gen vars" and compares every variable with real BitBake's output
# (tests/data/real-golden, see its README). Variables whose value needs
# inline python (NAME.python-vars) are compared too, but only counted: the
# supported subset must give BitBake's value or stay unexpanded, never another
# value; those still unexpanded are listed in a TAP comment.
set -u
PGO_GEN=${PGO_GEN:-./generator/pgo-gen}
DATA=${TEST_DATADIR:-$(dirname "$0")/../data}
PGO_GEN=$(cd "$(dirname "$PGO_GEN")" && pwd)/$(basename "$PGO_GEN")
GOLDEN=$DATA/real-golden
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"

runs=$(wc -l <"$GOLDEN/COMMANDS")
echo "1..$((runs * 6))"

# keeps (keep=1) or drops (keep=0) the lines of the variables listed in $1
select_vars() {
	awk -F'\t' -v keep="$2" 'NR == FNR { v[$1] = 1; next }
		{ k = $1; sub(/\[.*/, "", k); if ((k in v) == (keep == 1)) print }' "$1" -
}

while IFS="$tab" read -r name args; do
	for mode in "" -u; do
		exp=$GOLDEN/$name.expected${mode:+-u}
		pv=$GOLDEN/$name.python-vars
		# shellcheck disable=SC2086
		if (cd "$DATA/real-data" && "$PGO_GEN" vars $mode $args -S "$PWD") >"$tmp/got" \
			2>"$tmp/err"; then
			ok "$name$mode parses"
		else
			not_ok "$name$mode parses"
			head -5 "$tmp/err" | diag
		fi
		select_vars "$pv" 0 <"$exp" >"$tmp/e"
		select_vars "$pv" 0 <"$tmp/got" >"$tmp/g"
		if cmp -s "$tmp/e" "$tmp/g"; then
			ok "$name$mode: $(wc -l <"$tmp/e") values without inline python equal BitBake's"
		else
			not_ok "$name$mode: values without inline python differ from BitBake's"
			diff "$tmp/e" "$tmp/g" | head -20 | diag
		fi
		select_vars "$pv" 1 <"$exp" >"$tmp/e"
		select_vars "$pv" 1 <"$tmp/got" >"$tmp/g"
		# a python-valued line is right, or still holds ${@ (not evaluated)
		wrong=$(diff "$tmp/e" "$tmp/g" | grep '^>' | grep -v '\${@' || true)
		same=$(sort "$tmp/e" >"$tmp/es"; sort "$tmp/g" >"$tmp/gs"; comm -12 "$tmp/es" "$tmp/gs" | wc -l)
		if [ -z "$wrong" ]; then
			ok "$name$mode: $same of $(wc -l <"$tmp/e") values with inline python equal BitBake's, the rest unexpanded"
		else
			not_ok "$name$mode: values with inline python differ from BitBake's"
			echo "$wrong" | head -20 | diag
		fi
		diff "$tmp/e" "$tmp/g" | grep '^>' | cut -f1 | sed 's/^> /# unexpanded: /' | head -10
	done
done <"$GOLDEN/COMMANDS"
[ "$failed" = 0 ]
