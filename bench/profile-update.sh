#!/bin/sh
# bench/profile-update.sh: what -fprofile-update=atomic costs an instrumented
# program against single (and against no instrumentation): the loop of
# bench/profile-update/loop.c, built with each, timed with median.sh
# usage: bench/profile-update.sh [RUNS] [ITERATIONS]
set -eu
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=bench/median.sh
. "$top/bench/median.sh"
runs=${1:-10}
n=${2:-50000000}
bench_tmp profile-update
CC=${CC:-gcc}
$CC -O2 -o "$tmp/plain" "$top/bench/profile-update/loop.c"
for u in single atomic; do
	$CC -O2 -fprofile-generate="$tmp/gcda-$u" -fprofile-update=$u -o "$tmp/$u" "$top/bench/profile-update/loop.c"
done
echo "$($CC -dumpfullversion), $(uname -m), $n iterations"
for b in plain single atomic; do
	printf '%-7s ' "$b"
	median "$runs" "$tmp/$b" "$n"
done
