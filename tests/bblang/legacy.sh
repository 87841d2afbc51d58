#!/bin/sh
# TAP: the '_' override syntax (pgo-gen vars -L) gives BitBake 1.50's values
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
dir=$TEST_DATADIR/legacy
tmp=$(mktemp) || exit 99
trap 'rm -f "$tmp"' EXIT
n=0
for f in "$dir"/*.conf; do
	name=$(basename "$f" .conf)
	n=$((n + 1))
	if (cd "$dir" && "$PGO_GEN" vars -L -S "$PWD" "$name.conf") >"$tmp" 2>&1 &&
		diff -u "$dir/$name.expected" "$tmp" >/dev/null; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		diff -u "$dir/$name.expected" "$tmp" | sed 's/^/# /' | head -20
	fi
done
echo "1..$n"
