#!/bin/sh
# TAP: the real templates rendered for several confs (tests/data/layers/CASE/
# local.conf) equal the exact trees in CASE/expected, or fail with the exact
# line in CASE/error; every recipe of each tree parses with bblang (with the
# '_' override syntax where CASE/legacy-syntax says the layer uses it).
# The runner's sources are a stand-in (layers/pgo-run-0.0.0.tar.gz), so that
# the trees do not change with the sources; meta-pgo/ carries the real ones.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
# fail NAME: not ok, with the head of $tmp/log
fail() { not_ok "$@"; head -20 "$tmp/log" | diag; }

for dir in "$TEST_DATADIR"/layers/*/; do
	name=$(basename "$dir")
	out=$tmp/$name
	(cd "$dir" && "$PGO_GEN" -T "$top/templates" -R "$TEST_DATADIR/layers/pgo-run-0.0.0.tar.gz" \
		-c local.conf -o "$out") 2>"$tmp/err"
	status=$?
	if [ -f "$dir/error" ]; then
		if [ $status -eq 1 ] && diff -u "$dir/error" "$tmp/err" >"$tmp/log" 2>&1 &&
			[ ! -e "$out" ]; then
			ok "$name: fails with its error and writes nothing"
		else
			fail "$name: fails with its error and writes nothing"
		fi
		continue
	fi
	if [ $status -eq 0 ] && diff -r "$dir/expected" "$out" >"$tmp/log" 2>&1; then
		ok "$name: the layer equals expected/"
	else
		cat "$tmp/err" >>"$tmp/log"
		fail "$name: the layer equals expected/"
	fi
	legacy=
	[ -f "$dir/legacy-syntax" ] && legacy=-L
	for f in $(cd "$out" 2>/dev/null && find . -name '*.bb' -o -name '*.bbappend' -o \
		-name '*.bbclass' | sed 's|^\./||' | sort); do
		if "$PGO_GEN" vars -C $legacy -I "$out" "$out/$f" >/dev/null 2>"$tmp/log" &&
			! grep -q ': error: ' "$tmp/log"; then
			ok "$name: $f parses"
		else
			fail "$name: $f parses"
		fi
	done
done
# the directories above OUTDIR are made as needed
if "$PGO_GEN" -T "$top/templates" -o "$tmp/new/deep/meta-pgo" 2>"$tmp/log" &&
	[ -f "$tmp/new/deep/meta-pgo/conf/layer.conf" ]; then
	ok "an output below directories that do not exist yet"
else
	fail "an output below directories that do not exist yet"
fi
# run from the build tree, pgo-gen finds the source tree's templates without -T
# (PGO_GEN is the binary make built); a copy elsewhere does not
"$PGO_GEN" -T "$top/templates" -o "$tmp/with-T" 2>"$tmp/log"
if (unset PGO_TEMPLATES; cd "$tmp" && "$PGO_GEN" -o "$tmp/without-T") 2>>"$tmp/log" &&
	diff -r "$tmp/with-T" "$tmp/without-T" >>"$tmp/log" 2>&1; then
	ok "from the build tree: the source tree's templates without -T"
else
	not_ok "from the build tree: the source tree's templates without -T"
fi
cp "$PGO_GEN" "$tmp/pgo-gen-copy"
(unset PGO_TEMPLATES; cd "$tmp" && ./pgo-gen-copy -o "$tmp/copy") >"$tmp/log" 2>&1
# (it uses the installed templates if there are any, else it says there are none)
if ! grep -qF "$top/templates" "$tmp/log" &&
	{ grep -q "/templates: not a template directory" "$tmp/log" || [ -d "$tmp/copy" ]; }; then
	ok "a copy outside the build tree: not the source tree's templates"
else
	not_ok "a copy outside the build tree: not the source tree's templates"
fi
echo "1..$n"
[ "$failed" = 0 ]
