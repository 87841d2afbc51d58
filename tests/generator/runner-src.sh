#!/bin/sh
# TAP: the runner's source tarball that meta-pgo/ carries builds as
# pgo-run-native builds it, offline and without cmocka: unpacked in a scratch
# directory, autoreconf, configure --disable-tests with a pkg-config that
# knows libxml-2.0, libpcre2-8 and libarchive alone, make; pgo-run --help then
# works. Without --disable-tests, configure stops (the tarball has no tests/;
# with a tests/, cmocka is missing), and make check fails instead of passing
# with no test. The tarball that tree makes again is the layer's, byte for
# byte (same sources, same bytes).
set -u
: "${TEST_DATADIR:?}"
# the builds below are make's own, not part of the make that runs this test
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
top=$(cd "$TEST_DATADIR/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
scratch_dir
echo "1..9"

# run CMD...: its output in $tmp/log, its status in $rc
run() {
	"$@" >"$tmp/log" 2>&1
	rc=$?
}
# expect STATUS TEXT NAME: the last run exited STATUS (0, or "fail") and said TEXT
expect() {
	if [ "$1" = 0 ]; then status_ok=$((rc == 0)); else status_ok=$((rc != 0)); fi
	if [ $status_ok = 1 ] && grep -qF -- "$2" "$tmp/log"; then
		ok "$3"
	else
		not_ok "$3 (exit $rc)"
		tail -n 15 "$tmp/log" | diag
	fi
}

src=$(ls "$top"/meta-pgo/recipes-devtools/pgo-run/files/pgo-run-*.tar.gz 2>/dev/null)
[ -f "$src" ] || { echo "Bail out! no tarball in meta-pgo/recipes-devtools/pgo-run/files"; exit 1; }
name=$(basename "$src" .tar.gz)

# a pkg-config that finds what configure needs, and not cmocka
mkdir "$tmp/pc"
for m in libxml-2.0 libpcre2-8 libarchive; do
	ln -s "$(pkg-config --variable=pcfiledir $m)/$m.pc" "$tmp/pc/" ||
		{ echo "Bail out! pkg-config knows no $m"; exit 1; }
done
PKG_CONFIG_LIBDIR=$tmp/pc
export PKG_CONFIG_LIBDIR
if pkg-config --exists cmocka; then
	echo "Bail out! the scratch pkg-config still finds cmocka"
	exit 1
fi

tar -C "$tmp" -xzf "$src" && [ -f "$tmp/$name/configure.ac" ] && [ ! -e "$tmp/$name/tests/test-util.c" ]
check $? "$name.tar.gz unpacks into $name/, without tests/"
cd "$tmp/$name" || exit 1
run autoreconf -fi
expect 0 "" "autoreconf -fi"

run ./configure
expect fail "has no tests/ (it is the runner's source tarball): configure with --disable-tests" \
	"configure without --disable-tests stops: no tests/"
mkdir -p tests && : >tests/test-util.c
run ./configure
expect fail "cmocka >= 1.1 not found: the tests need it" \
	"configure without --disable-tests stops: no cmocka"
rm -r tests/test-util.c

run ./configure --disable-tests
expect 0 "tests disabled: make check will fail" "configure --disable-tests, without cmocka"
run make -j2
expect 0 "" "make"
run ./runner/pgo-run --help
expect 0 "usage: pgo-run" "pgo-run --help"
run make check
expect fail "make check: the tests are disabled" "make check fails"

cmp "$name.tar.gz" "$src" >"$tmp/log" 2>&1
check $? "make makes $name.tar.gz again, byte for byte the layer's"
