# shellcheck shell=sh
# sourced by the TAP test scripts: the test counter and its helpers
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
check() { if [ "$1" = 0 ]; then shift; ok "$@"; else shift; not_ok "$@"; fi; }
# shellcheck disable=SC2120 # diag FILE..., or standard input
diag() { sed 's/^/# /' "$@"; }
now() { date +%s.%N; }
# scratch_dir: $tmp, a new directory named after the script, removed on exit
scratch_dir() {
	# shellcheck disable=SC2034 # for the caller
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$(basename "$0" .sh).XXXXXX") || exit 99
	trap 'rm -rf "$tmp"' EXIT
}
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
