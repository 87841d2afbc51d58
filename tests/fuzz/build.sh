#!/bin/sh
# builds tests/fuzz/fuzz-parse (libFuzzer + ASan + UBSan) and its seed corpus
# usage: tests/fuzz/build.sh [OUTDIR]   (default: tests/fuzz/out)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=${1:-$here/out}
data=$top/tests/data
CC=${CC:-clang}

mkdir -p "$out"
set -x
$CC -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$top" -o "$out/fuzz-parse" "$here/fuzz-parse.c" \
	"$top"/bblang/*.c "$top"/bblang/pyexpr/*.c -lpcre2-8
set +x

# seeds: mode byte '0' (conf) or '1' (recipe: .inc files use BBHandler), then the file
corpus=$out/seeds
rm -rf "$corpus"
mkdir -p "$corpus"
n=0
seed() {
	n=$((n + 1))
	{ printf '%s' "$1"; cat "$2"; } >"$corpus/$(printf '%04d' $n)-$(basename "$2")"
}
for f in "$data"/conformance/conf/*.conf "$data"/conformance/peer/*.conf; do
	[ -f "$f" ] && seed 0 "$f"
done
for f in $(find "$data/real-data" -type f \( -name '*.conf' -o -name '*.inc' \) | sort); do
	case $f in
	*.inc) seed 1 "$f" ;;
	*) seed 0 "$f" ;;
	esac
done
echo "fuzz-parse: $out/fuzz-parse, $n seeds in $corpus"
