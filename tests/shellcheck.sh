#!/bin/sh
# TAP: every shell script of bench/, tests/ (but tests/data) and .ci/ passes
# ShellCheck with no finding of severity warning or error, the files it
# sources followed (-x); one test per script. A script is a *.sh file or a file whose first line runs
# sh or bash.
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/tap.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
command -v shellcheck >/dev/null || {
	echo "1..1"
	not_ok "shellcheck is not installed (sh .ci/install-deps installs it)"
	exit 1
}
list=$(mktemp) || exit 99
trap 'rm -f "$list"' EXIT
cd "$top" || exit 99
dirs=
for d in bench tests .ci; do [ -d "$d" ] && dirs="$dirs $d"; done
# shellcheck disable=SC2086 # dirs: names without blanks
find $dirs -path tests/data -prune -o -type f -print | LC_ALL=C sort |
	while IFS= read -r f; do
		case $f in
		*.sh) echo "$f" ;;
		*) head -n 1 "$f" 2>/dev/null | grep -Eq '^#!(/usr)?/bin/(env )?(ba)?sh' && echo "$f" ;;
		esac
	done >"$list"
echo "1..$(wc -l <"$list")"
while IFS= read -r f; do
	if out=$(shellcheck -x -S warning -f gcc "$f" 2>&1); then
		ok "shellcheck $f"
	else
		not_ok "shellcheck $f"
		printf '%s\n' "$out" | diag
	fi
done <"$list"
[ "$failed" = 0 ]
