#!/bin/sh
# TAP: bench/task-select on real GCC profiles of a program whose parts are
# known (tests/bench/select-probe.c): FULL is a run of every part, each part
# a run of its own; the parts together cover FULL; a part alone does not; the
# greedy order follows cover per second of --times; the selection is the
# shortest prefix with --min-cover; the build-time part comes first; --eval
# scores a union as the parts' profiles merged by a run of both; bad use
# stops with a message.
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
sel() { python3 "$top/bench/task-select" "$@"; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
echo "1..9"

for t in gcc gcov-dump python3; do
	command -v "$t" >/dev/null || { echo "Bail out! no $t (.ci/install-deps installs it)"; exit 1; }
done
(cd "$W" && gcc -O1 -fprofile-generate -fprofile-update=single -o probe "$top/tests/bench/select-probe.c") ||
	{ echo "Bail out! the probe does not build"; exit 1; }
# run NAME LETTERS: a profile of its own in $W/NAME (GCOV_PREFIX, as
# pgo-run's guest side gathers one)
run() {
	GCOV_PREFIX=$W/$1 GCOV_PREFIX_STRIP=99 "$W/probe" "$2" || return 1
	[ -n "$(find "$W/$1" -name '*.gcda')" ]
}
run full sabcd && run sa sa && run b b && run c c && run d d && run cd cd && run build s &&
	run ab sab || { echo "Bail out! the probe's runs give no profile"; exit 1; }
ok "GCC profiles of every part and of the whole"

# cover WHAT FILE: the cover of a line of task-select's output
cover() { awk -v w="$1" '$1 == w { print $3 }' "$2"; }
printf 'sa 4\nb 1\nc 1\nd 1\ncd 1.2\nab 20\n' >"$W/times"
sel --times "$W/times" --min-cover 1 --eval sa,b --eval ab "$W/full" sa="$W/sa" b="$W/b" \
	c="$W/c" d="$W/d" cd="$W/cd" ab="$W/ab" >"$W/out" 2>&1
check $? "task-select runs over directories of .gcda"
diag "$W/out"
grep -q '^all 6 parts together: cover 1.0000 hot 1.0000' "$W/out"
check $? "the parts together cover every arc FULL counts"
c=$(sed -n '/^part alone/,/^$/p' "$W/out" | awk '$1 == "c" { print $3 }')
awk -v c="$c" 'BEGIN { exit !(c > 0 && c < 1) }'
check $? "one part alone covers a part of FULL: $c"
# greedy by cover per second: cd (two parts' arcs in 1.2 s), then b (1 s),
# then sa (4 s) before ab (20 s), which adds nothing then; the selection
# stops at cover 1
sed -n '/^greedy/,/^$/p' "$W/out" | awk 'NR > 1 && NF { print $1 }' | tr '\n' ' ' >"$W/order"
case $(cat "$W/order") in "cd b sa "*) r=0 ;; *) r=1 ;; esac
check $r "greedy order by cover per second: $(cat "$W/order")"
grep -q '^selection: cd b sa (6 s)$' "$W/out"
check $? "the selection is the shortest prefix with cover >= 1: $(sed -n 's/^selection: //p' "$W/out")"
a=$(sed -n 's/^eval sa,b: cover \([0-9.]*\).*/\1/p' "$W/out") b=$(sed -n 's/^eval ab: cover \([0-9.]*\).*/\1/p' "$W/out")
[ -n "$a" ] && [ "$a" = "$b" ]
check $? "two parts' union scores as one run of both: $a and $b"
sel "$W/full" c="$W/c" build="$W/build" sa="$W/sa" >"$W/out2" 2>&1 &&
	[ "$(sed -n '/^greedy/{n;p}' "$W/out2" | awk '{ print $1 }')" = build ]
check $? "the build-time runs come first"
st=0
sel "$W/full" >"$W/err" 2>&1 || st=$?
sel --eval nosuch "$W/full" c="$W/c" >"$W/err2" 2>&1 || st2=$?
[ "$st" != 0 ] && grep -q '^usage: task-select' "$W/err" && [ "${st2:-0}" != 0 ] &&
	grep -q '^task-select: no part nosuch$' "$W/err2"
check $? "no part, or --eval of an unknown part: an error"
[ "$failed" = 0 ]
