#!/bin/sh
# TAP: the shape of the C sources. No C file of runner/, generator/ or
# common/ is over 700 lines. pgo-run's rooms (the folders of runner/) include
# from one another only a room's public header, ROOM/ROOM.h, and the rooms'
# include graph has no circle.
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/tap.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 99
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

echo "1..3"

# (bench-set.c: generated, in a build in the source tree)
find runner generator common -name '*.c' ! -name bench-set.c | LC_ALL=C sort | xargs wc -l |
	awk '$2 != "total" && $1 > 700 { print $2 ": " $1 " lines" }' >"$tmp/long"
if [ -s "$tmp/long" ]; then
	not_ok "a C file of runner/, generator/, common/ is over 700 lines"
	diag "$tmp/long"
else
	ok "no C file of runner/, generator/, common/ is over 700 lines"
fi

# FILE INCLUDED for every #include "runner/..." of runner/
find runner -name '*.[ch]' | LC_ALL=C sort | while IFS= read -r f; do
	sed -n 's|^#include "\(runner/[^"]*\)".*|\1|p' "$f" | sed "s|^|$f |"
done >"$tmp/inc"
# a file's room: its folder under runner/, or "top" (main.c, cli.h, proc.c)
awk '{
	n = split($1, a, "/"); from = n == 3 ? a[2] : "top"
	m = split($2, b, "/"); to = m == 3 ? b[2] : "top"
	if (from != to && to != "top") {
		if (b[3] != to ".h")
			print $1, $2 >"'"$tmp/private"'"
		if (from != "top")
			print from, to >"'"$tmp/edges"'"
	}
}' "$tmp/inc"
touch "$tmp/private" "$tmp/edges"
if [ ! -s "$tmp/private" ]; then
	ok "the rooms include from one another only ROOM/ROOM.h"
else
	not_ok "an include of another room's private header (FILE HEADER)"
	LC_ALL=C sort "$tmp/private" | diag
fi

# tsort names the rooms on a circle of the graph
LC_ALL=C sort -u "$tmp/edges" | tsort 2>"$tmp/loop" >/dev/null
circle=$(sed -n 's/^tsort: //p' "$tmp/loop" | grep -v 'input contains a loop' | LC_ALL=C sort -u |
	tr '\n' ' ' | sed 's/ $//')
if [ -z "$circle" ]; then
	ok "no include circle between the rooms"
else
	not_ok "an include circle between the rooms: $circle"
	LC_ALL=C sort -u "$tmp/edges" | diag
fi
[ "$failed" = 0 ]
