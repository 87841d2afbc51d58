#!/bin/bash
# TAP: the .fdata that pgo-run import takes are the ones BOLT's tools take.
# Each crafted file below goes through pgo-run import and through what the
# layer does with it (python-pgo-target.bbclass): LLVM 19's merge-fdata, then
# llvm-bolt with merge-fdata's output on a small binary built here; pgo-run
# must accept it exactly when both of them do (exit 0, and llvm-bolt read the
# whole profile). A few pairs of files test what holds across files.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}
# shellcheck source=tests/tap.sh
. "$here/tap.sh"
BOLT_BIN=${BOLT_BIN:-/usr/lib/llvm-19/bin}
for t in "$BOLT_BIN/merge-fdata" "$BOLT_BIN/llvm-bolt" clang tar; do
	command -v "$t" >/dev/null || { echo "Bail out! $t is missing (install-deps: bolt-19, clang)"; exit 1; }
done
W=$(mktemp -d "${TMPDIR:-/tmp}/fdata-consumers.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT

# NAME, then the file as printf's format; empty lines and # lines skipped
cases() {
	cat <<'EOF_CASES'
lbr	1 main 2b 1 main 18 0 99999\n
bolted	boltedcollection\n1 main 2b 1 main 18 0 9\n
no_lbr	no_lbr cycles:u\n1 main 2b 17\n
no_lbr-bare	no_lbr\n1 main 2b 17\n
count-2^64-1	1 main 2b 1 main 18 0 18446744073709551615\n
count-2^64	1 main 2b 1 main 18 0 18446744073709551616\n
count-2^63-1	1 main 2b 1 main 18 0 9223372036854775807\n
count-2^63	1 main 2b 1 main 18 0 9223372036854775808\n
counts-add-over-2^63	1 main 2b 1 main 18 0 5\n1 main 2b 1 main 18 0 9223372036854775807\n
count-zero	1 main 2b 1 main 18 0 0\n
count-leading-zeros	1 main 2b 1 main 18 0 007\n
count-23-digits	1 main 2b 1 main 18 0 00000000000000000000005\n
count-negative	1 main 2b 1 main 18 0 -5\n
count-plus	1 main 2b 1 main 18 0 +5\n
count-letter	1 main 2b 1 main 18 0 5x\n
mispreds-2^63-1	1 main 2b 1 main 18 9223372036854775807 5\n
mispreds-2^63	1 main 2b 1 main 18 9223372036854775808 5\n
mispreds-2^64	1 main 2b 1 main 18 18446744073709551616 5\n
mispreds-negative	1 main 2b 1 main 18 -5 5\n
mispreds-minus-2^63	1 main 2b 1 main 18 -9223372036854775808 5\n
mispreds-minus-2^63-1	1 main 2b 1 main 18 -9223372036854775809 5\n
mispreds-minus-alone	1 main 2b 1 main 18 - 5\n
mispreds-letter	1 main 2b 1 main 18 x 5\n
mispreds-zeros	1 main 2b 1 main 18 0009 5\n
hex-upper	1 main 2B 1 main 18 0 5\n
hex-0x	1 main 0x2b 1 main 18 0 5\n
hex-16-digits	1 main ffffffffffffffff 1 main 18 0 5\n
hex-17-digits	1 main 12345678901234567 1 main 18 0 5\n
hex-zeros-then-16	1 main 0000ffffffffffffffff 1 main 18 0 5\n
hex-g	1 main 2g 1 main 18 0 5\n
type-0	0 [unknown] 401120 1 main 18 0 5\n
type-2	2 main 2b 1 main 18 0 5\n
type-3	3 main 2b 1 main 18 0 5\n
type-4	4 main 2b 1 main 18 0 5\n
to-type-2	1 main 2b 2 main 18 0 5\n
to-type-3	1 main 2b 3 main 18 0 5\n
type-two-digits	10 main 2b 1 main 18 0 5\n
blank-line	1 main 2b 1 main 18 0 9\n\n1 main 2b 1 main 18 0 1\n
blank-last	1 main 2b 1 main 18 0 5\n\n
blank-first	\n1 main 2b 1 main 18 0 5\n
no-final-newline	1 main 2b 1 main 18 0 9
double-space-before-count	1 main 2b 1 main 18 0  5\n
double-space-in	1 main  2b 1 main 18 0 5\n
double-space-after-type	1  main 2b 1 main 18 0 5\n
trailing-space	1 main 2b 1 main 18 0 5 \n
leading-space	 1 main 2b 1 main 18 0 5\n
space-only-line	 \n1 main 2b 1 main 18 0 5\n
crlf	1 main 2b 1 main 18 0 5\r\n
tab-before-count	1 main 2b 1 main 18 0\t5\n
name-utf8	1 caf\303\251 2b 1 main 18 0 5\n
name-control	1 m\001n 2b 1 main 18 0 5\n
name-nul	1 m\000n 2b 1 main 18 0 5\n
name-esc	1 m\033[0mn 2b 1 main 18 0 5\n
name-del	1 m\177n 2b 1 main 18 0 5\n
name-cr	1 m\rn 2b 1 main 18 0 5\n
name-tab	1 m\tn 2b 1 main 18 0 5\n
name-escaped-space	1 ma\\ in 2b 1 main 18 0 5\n
name-backslash-end	1 main\\ 2b 1 main 18 0 5\n
name-two-backslashes	1 ma\\\\ 2b 1 main 18 0 5\n
name-backslash-before-count	1 main 2b 1 main 18 0\\ 5\n
name-empty	1  2b 1 main 18 0 5\n
name-4000	1 %04000d 2b 1 main 18 0 5\n
nine-fields	1 main 2b 1 main 18 0 5 6\n
seven-fields	1 main 2b 1 main 18 5\n
four-fields	1 main 2b 17\n
bolted-late	1 main 2b 1 main 18 0 5\nboltedcollection\n
bolted-alone	boltedcollection\n
bolted-no-newline	boltedcollection
bolted-blank	boltedcollection\n\n1 main 2b 1 main 18 0 5\n
blank-then-bolted	\nboltedcollection\n1 main 2b 1 main 18 0 5\n
empty	
binary	\177ELF\002\001\001\000
EOF_CASES
}

# a binary for llvm-bolt to apply the profiles to (names that are not in it are stale, not errors)
printf 'int hot(int x) { return x * 3 + 1; }\nint main(int c, char **v) { int s = 0; for (int i = 0; i < c * 100; i++) s += hot(i); return s & 1; }\n' >"$W/t.c"
if ! clang -O1 -fno-pie -no-pie -Wl,--emit-relocs -o "$W/t" "$W/t.c" 2>"$W/clang.err"; then
	echo "Bail out! clang cannot build the binary for llvm-bolt"; diag "$W/clang.err"; exit 1
fi

# consumers FILE...: 0 when merge-fdata merges the files and llvm-bolt reads all it wrote
consumers() {
	"$BOLT_BIN/merge-fdata" "$@" >"$W/merged" 2>"$W/merge.err" || return 1
	"$BOLT_BIN/llvm-bolt" "$W/t" -o "$W/t.bolt" -data "$W/merged" >"$W/bolt.log" 2>&1 || return 1
	! grep -q 'invalid profile data' "$W/bolt.log"
}

# pgo FILE...: 0 when pgo-run import installs the files (named python.bolt.N.fdata)
pgo() {
	local k=0 f
	rm -rf "$W/in" "$W/prof" && mkdir "$W/in"
	for f in "$@"; do k=$((k + 1)); cp "$f" "$W/in/python.bolt.$k.fdata"; done
	tar -C "$W/in" -cf "$W/in.tar" . &&
		"$PGO_RUN" import "$W/in.tar" --profile-dir "$W/prof" --gcc-version 12.2.0 \
			>"$W/pgo.out" 2>"$W/pgo.err"
}

# same TITLE FILE...: pgo-run and the consumers agree
same() {
	local title=$1 c p
	shift
	consumers "$@" && c=accepted || c=refused
	pgo "$@" && p=accepted || p=refused
	if [ "$c" = "$p" ] && [ "$p" = accepted ]; then
		ok "$title: accepted by both"
	elif [ "$c" = "$p" ]; then
		ok "$title: refused by both ($(sed 's/.*fdata.: //' "$W/pgo.err"))"
	else
		not_ok "$title: merge-fdata and llvm-bolt $c it, pgo-run $p it"
		diag "$W/pgo.err" "$W/merge.err"
		grep -i 'error\|invalid' "$W/bolt.log" | diag
	fi
}

total=$(cases | grep -c .)
echo "1..$((total + 4))"
accepted=0
while IFS='	' read -r name fmt; do
	# shellcheck disable=SC2059 # the case is printf's format
	printf -- "$fmt" >"$W/case.fdata"
	same "$name" "$W/case.fdata"
	consumers "$W/case.fdata" && accepted=$((accepted + 1))
done < <(cases)
echo "# $accepted of $total files accepted"

# across files: the layer merges a binary's files together
printf '1 main 2b 1 main 18 0 5\n' >"$W/a"
printf 'boltedcollection\n1 main 2b 1 main 18 0 5\n' >"$W/b"
printf '1 main 2b 1 main 18 0 9223372036854775000\n' >"$W/c"
printf '1 main 2b 1 main 18 0 1000\n' >"$W/d"
same "two files" "$W/a" "$W/d"
same "one with boltedcollection, one without" "$W/a" "$W/b"
same "counts of the same branch adding up over 2^63-1" "$W/c" "$W/d"
same "two files with boltedcollection" "$W/b" "$W/b"
[ "$failed" = 0 ]
