#!/bin/sh
# builds the libFuzzer targets (ASan + UBSan) and their seed corpora
# usage: tests/fuzz/build.sh [OUTDIR]   (default: tests/fuzz/out)
# OUTDIR/TARGET is the program, OUTDIR/seeds/TARGET its seeds; the corpus a
# campaign grew is kept in tests/fuzz/corpus/TARGET, findings in tests/fuzz/regressions/TARGET
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=${1:-$here/out}
case $out in /*) ;; *) out=$PWD/$out ;; esac
data=$top/tests/data
CC=${CC:-clang}

mkdir -p "$out"
cflags="-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I$top"
bblang="$top/bblang/*.c $top/bblang/pyexpr/*.c -lpcre2-8"
build() {
	name=$1
	shift
	echo "build: $name"
	# shellcheck disable=SC2086
	$CC $cflags -o "$out/$name" "$here/$name.c" "$@"
}
build fuzz-parse $bblang
build fuzz-assign $bblang
build fuzz-expand $bblang
build fuzz-lookup $bblang
# shellcheck disable=SC2046 # pkg-config prints flags, one word each
build fuzz-import "$top/runner/profile/collect.c" "$top/runner/profile/collect-out.c" "$top/runner/profile/la.c" "$top/runner/profile/gcda.c" "$top/runner/profile/fdata.c" \
	"$top/runner/quote.c" "$top/runner/proc.c" "$top/runner/profile/tarmeter.c" \
	"$top/common/xmlw.c" "$top/common/xmlapi.c" "$top/common/lazy.c" "$top/common/fe.c" -ldl \
	$(pkg-config --cflags --libs libarchive libxml-2.0) $bblang
build fuzz-qemuboot "$top/runner/target/qemu.c" "$top/runner/proc.c" "$top/common/fe.c" $bblang
build fuzz-bench "$top/runner/bench/bench-text.c" "$top/bblang/buf.c" "$top/bblang/util.c" -lm
# shellcheck disable=SC2046,SC2086 # pkg-config's flags and $bblang are words
build fuzz-overlay "$top/runner/profile/overlay.c" "$top/runner/profile/la.c" "$top/runner/quote.c" \
	"$top/common/lazy.c" -ldl $(pkg-config --cflags --libs libarchive) $bblang

rm -rf "$out/seeds"
mkdir -p "$out/seeds/fuzz-parse" "$out/seeds/fuzz-assign" "$out/seeds/fuzz-expand" "$out/seeds/fuzz-lookup" \
	"$out/seeds/fuzz-import" "$out/seeds/fuzz-qemuboot" "$out/seeds/fuzz-bench" "$out/seeds/fuzz-overlay"
n=0
# seed TARGET PREFIX FILE: PREFIX (printf format, a mode byte) then FILE
seed() {
	n=$((n + 1))
	{ printf "$2"; cat "$3"; } >"$out/seeds/$1/$(printf '%04d' $n)-$(basename "$3")"
}

# fuzz-parse, fuzz-lookup: mode byte '0' (conf) or '1' (recipe: .inc files use BBHandler), then the file
for f in "$data"/conformance/conf/*.conf "$data"/conformance/peer/*.conf; do
	[ -f "$f" ] || continue
	seed fuzz-parse 0 "$f"
	seed fuzz-lookup 0 "$f"
	seed fuzz-lookup 3 "$f"
done
# classes with python functions (def): recipe mode
for f in "$data"/conformance/conf/*.bbclass "$data"/oe-meta/meta/classes-global/base.bbclass; do
	[ -f "$f" ] || continue
	seed fuzz-parse 1 "$f"
	seed fuzz-lookup 1 "$f"
done
for f in $(find "$data/real-data" -type f \( -name '*.conf' -o -name '*.inc' \) | sort); do
	case $f in
	*.inc) seed fuzz-parse 1 "$f" ;;
	*) seed fuzz-parse 0 "$f" ;;
	esac
done
for f in "$here"/seeds/fuzz-lookup/* "$here"/seeds/fuzz-expand/* "$here"/seeds/fuzz-bench/*; do
	[ -f "$f" ] && cp "$f" "$out/seeds/$(basename "$(dirname "$f")")/"
done

# fuzz-expand: the conformance conf files' assignments as NAME=VALUE lines
for f in "$data"/conformance/conf/*.conf "$data"/conformance/peer/*.conf; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	sed -n 's/^\([A-Za-z0-9_]*\) *?*=  *"\(.*\)"$/\1=\2/p' "$f" \
		>"$out/seeds/fuzz-expand/$(printf '%04d' $n)-$(basename "$f")"
done

# fuzz-assign: every line of the conformance conf files, one per seed
for f in "$data"/conformance/conf/*.conf; do
	[ -f "$f" ] || continue
	k=0
	while IFS= read -r line; do
		k=$((k + 1))
		printf '%s' "$line" >"$out/seeds/fuzz-assign/$(basename "$f")-$k"
	done <"$f"
done

# fuzz-qemuboot: the test image's qemuboot.conf and OE's qemuboot include files
seed fuzz-qemuboot '' "$data/runner/pgo-test-image.qemuboot.conf"

# fuzz-import: tar, ustar, pax and gzip archives of fake GCC 12.2 .gcda files,
# and BOLT's .fdata
t=$(mktemp -d)
mkdir -p "$t/Objects" "$t/Python"
gcda() { printf 'adcg*22B\001\002\003\004%s' "$2" >"$t/$1"; }
gcda Objects/abstract.gcda abstract
gcda Python/ceval.gcda ceval
gcda main.gcda main
(cd "$t" && tar --format=ustar -cf "$out/seeds/fuzz-import/ustar.tar" Objects Python main.gcda)
(cd "$t" && tar --format=pax -czf "$out/seeds/fuzz-import/pax.tar.gz" main.gcda Objects)
(cd "$t" && tar --format=gnu -cf "$out/seeds/fuzz-import/gnu.tar" Python/ceval.gcda)
mkdir -p "$t/bolt"
printf '1 main 2b 1 main 18 0 99999\n1 hot/1 1e 1 hot/1 21 0 1042\n' >"$t/bolt/python.bolt.7.fdata"
printf 'no_lbr cycles:u\n1 main 2b 17\n' >"$t/bolt/python.bolt.8.fdata"
(cd "$t" && tar --format=pax -cf "$out/seeds/fuzz-import/bolt.tar" Python/ceval.gcda bolt)
rm -rf "$t"

# fuzz-overlay: a mode byte, then NUL-separated names: a tree like --overlay's
# (usr/bin, a link, usr/lib), UTF-8, Latin-1, a newline and an ESC in names
printf '\355usr/bin/python3.14\0usr/bin/python3@\0python3.14\0usr/lib/libpython3.14.so.1.0\0' \
	>"$out/seeds/fuzz-overlay/tree"
printf '\377etc/caf\303\251\0etc/lat\351\0a\nb\0e\033[0m\0' >"$out/seeds/fuzz-overlay/names"
printf '\020d/f\0d/g@\0../../etc\0' >"$out/seeds/fuzz-overlay/links"
for d in "$out"/seeds/*; do
	echo "$(basename "$d"): $(ls "$d" | wc -l) seeds"
done
