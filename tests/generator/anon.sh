# shellcheck shell=sh disable=SC2154 # tmp, here: the caller's
# sourced by the generator tests that run a recipe's anonymous python through
# anon.py; needs PGO_GEN, tmp (a scratch directory) and here (tests/generator)

# anon LAYER FILE... -- OPTION...: what the anonymous python of the files does
# with the values bblang gives them (anon.py's output)
anon() {
	l=$1
	shift
	files=
	while [ "$1" != -- ]; do files="$files $1"; shift; done
	shift
	# shellcheck disable=SC2086 # files: paths without blanks
	"$PGO_GEN" vars -C -f -I "$l" "$@" $files >"$tmp/dump" 2>/dev/null
	# shellcheck disable=SC2086
	names=$("$PGO_GEN" vars -C -I "$l" "$@" -v __BBANONFUNCS $files 2>/dev/null | cut -f2-)
	for fn in $names; do
		# shellcheck disable=SC2086
		"$PGO_GEN" vars -C -I "$l" "$@" -v "$fn" -v __BBANONFUNCS $files 2>/dev/null
	done >>"$tmp/dump"
	python3 "$here/anon.py" "$tmp/dump" 2>&1
}
