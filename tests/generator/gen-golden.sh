#!/bin/sh
# TAP: pgo-gen's golden trees: for each tests/data/gen/CASE/ with a local.conf,
#   expected/   the exact tree pgo-gen writes (and --check must accept), or
#   error       the exact stderr of a failing run (exit status 1);
#   args        optional extra arguments (e.g. -D VAR=VALUE);
#   local2.conf + error2  optional second run into the same output, which must fail
#               with that stderr and leave the first run's output intact.
# The template set is tests/data/gen/templates plus the real defaults.conf and
# manifest.xsd from templates/. Paths in messages: the case dir is stripped,
# the template dir shows as "templates/". Then: --check lists a drift, a
# directory pgo-gen did not write is never replaced, no -o is a usage error.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
cp -R "$TEST_DATADIR/gen/templates" "$tmp/templates"
cp "$top/templates/defaults.conf" "$top/templates/manifest.xsd" "$tmp/templates/"
# fail NAME: not ok, with $tmp/log
fail() { not_ok "$1"; diag "$tmp/log"; }

# run CASE CONF OUT: pgo-gen in the case dir; stderr (paths cleaned) in $tmp/err
run() {
	args=
	[ -f "$1/args" ] && args=$(cat "$1/args")
	# shellcheck disable=SC2086
	(cd "$1" && "$PGO_GEN" -T "$tmp/templates" -c "$2" $args -o "$3") 2>"$tmp/err.raw"
	status=$?
	sed -e "s|$tmp/templates/|templates/|g" -e "s|$1/||g" "$tmp/err.raw" >"$tmp/err"
	return $status
}

expect_error() { # NAME STATUS EXPECTED-FILE
	if [ "$2" -eq 1 ] && diff -u "$3" "$tmp/err" >"$tmp/log" 2>&1; then
		ok "$1"
	else
		echo "exit status $2" >>"$tmp/log"
		fail "$1"
	fi
}

expect_tree() { # NAME STATUS EXPECTED-DIR OUT
	if [ "$2" -eq 0 ] && diff -r "$3" "$4" >"$tmp/log" 2>&1; then
		ok "$1"
	else
		cat "$tmp/err" >>"$tmp/log"
		fail "$1"
	fi
}

check_case() {
	dir=$1 name=$(basename "$1") out="$tmp/out-$name"
	run "$dir" local.conf "$out"
	status=$?
	if [ -f "$dir/error" ]; then
		expect_error "$name: error" $status "$dir/error"
		[ ! -e "$out" ] && ls -d "$out".tmp-* >/dev/null 2>&1 && fail "$name: left files"
		return
	fi
	expect_tree "$name: output" $status "$dir/expected" "$out"
	# shellcheck disable=SC2086 # args: run's, split as there
	if (cd "$dir" && "$PGO_GEN" -T "$tmp/templates" -c local.conf $args --check -o "$out") \
		>"$tmp/log" 2>&1; then
		ok "$name: --check"
	else
		fail "$name: --check"
	fi
	[ -f "$dir/local2.conf" ] || return
	run "$dir" local2.conf "$out"
	expect_error "$name: second run fails" $? "$dir/error2"
	if diff -r "$dir/expected" "$out" >"$tmp/log" 2>&1 && ! ls -d "$out".* >/dev/null 2>&1
	then
		ok "$name: previous output intact"
	else
		ls -d "$out".* >>"$tmp/log" 2>&1
		fail "$name: previous output intact"
	fi
}

cases=$(cd "$TEST_DATADIR/gen" && for d in */; do [ -f "$d/local.conf" ] && echo "${d%/}"; done)
for c in $cases; do
	check_case "$TEST_DATADIR/gen/$c"
done
# --check reports drift, one line per path, and exits 1
d="$TEST_DATADIR/gen/defaults" out="$tmp/drift"
cp -R "$d/expected" "$out"
echo "# edited" >>"$out/conf/layer.conf"
rm "$out/scripts/pgo-profile.sh"
: >"$out/extra-file"
(cd "$d" && "$PGO_GEN" -T "$tmp/templates" -c local.conf --check -o "$out") >"$tmp/got" 2>&1
status=$?
cat >"$tmp/want" <<EOT
differs: conf/layer.conf
extra: extra-file
missing: scripts/pgo-profile.sh
$out: 1 missing, 1 extra, 1 differ
EOT
if [ $status -eq 1 ] && diff -u "$tmp/want" "$tmp/got" >"$tmp/log" 2>&1; then
	ok "--check: drift"
else
	fail "--check: drift"
fi

# a directory pgo-gen did not write is never replaced
mkdir "$tmp/mine" && echo keep >"$tmp/mine/file"
(cd "$d" && "$PGO_GEN" -T "$tmp/templates" -c local.conf -o "$tmp/mine") 2>"$tmp/got"
status=$?
echo "pgo-gen: $tmp/mine: not empty and not written by pgo-gen (no .pgo-gen file):" \
	"not replacing it" >"$tmp/want"
if [ $status -eq 1 ] && diff -u "$tmp/want" "$tmp/got" >"$tmp/log" 2>&1 &&
	[ "$(cat "$tmp/mine/file")" = keep ] && ! ls -d "$tmp/mine".* >/dev/null 2>&1; then
	ok "foreign output directory kept"
else
	fail "foreign output directory kept"
fi

# usage errors exit 2
"$PGO_GEN" -T "$tmp/templates" >"$tmp/log" 2>&1
if [ $? -eq 2 ]; then ok "no -o: usage error"; else fail "no -o: usage error"; fi

echo "1..$n"
[ "$failed" -eq 0 ]
