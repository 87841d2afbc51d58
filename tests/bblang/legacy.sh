#!/bin/sh
# TAP: the '_' override syntax (pgo-gen vars -L) gives BitBake 1.50's values
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
dir=$TEST_DATADIR/legacy
tmp=$(mktemp) || exit 99
trap 'rm -f "$tmp"' EXIT
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
for f in "$dir"/*.conf; do
	name=$(basename "$f" .conf)
	if (cd "$dir" && "$PGO_GEN" vars -L -S "$PWD" "$name.conf") >"$tmp" 2>&1 &&
		diff -u "$dir/$name.expected" "$tmp" >/dev/null; then
		ok "$name"
	else
		not_ok "$name"
		diff -u "$dir/$name.expected" "$tmp" | head -20 | diag
	fi
done
echo "1..$n"
[ "$failed" = 0 ]
