#!/bin/sh
# bench/model/plugins.sh DIR: the QEMU TCG plugins model.py loads, built in
# DIR for the qemu-user this machine has (Debian's qemu-user: its plugin API
# is the one of its source package's include/qemu/qemu-plugin.h):
#   libbpred.so   bench/model/bpred.c (branches, a predictor, the L1i)
#   libcache.so   contrib/plugins/cache.c of QEMU's source (L1d and L1i)
#   libinsn.so    tests/plugin/insn.c of QEMU's source (instructions)
# QEMU's source comes from `apt-get source --download-only qemu` (a deb-src
# entry is needed); only the three files are taken from its orig tarball,
# after checking that Debian's patches leave them as they are.
# Needs gcc, libglib2.0-dev, dpkg-dev and qemu-user.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
die() { echo "plugins.sh: error: $*" >&2; exit 1; }
command -v qemu-x86_64 >/dev/null || die "no qemu-x86_64 (Debian's qemu-user)"
pkg-config --exists glib-2.0 || die "no glib-2.0 (Debian's libglib2.0-dev)"
ver=$(dpkg-query -W -f '${source:Version}' qemu-user) || die "qemu-user is not installed"
src=$out/src
mkdir -p "$src"
cd "$src"
if ! ls qemu_*.dsc >/dev/null 2>&1; then
	apt-get source --download-only "qemu=$ver" >"$src/apt.log" 2>&1 ||
		die "apt-get source qemu=$ver failed (a deb-src entry?): $(tail -n 1 "$src/apt.log")"
fi
orig=$(ls qemu_*.orig.tar.xz)
rm -rf tree
dpkg-source -x qemu_*.dsc tree >/dev/null 2>&1 || die "dpkg-source -x failed"
top=$(tar tJf "$orig" | head -n 1 | cut -d/ -f1)
for f in include/qemu/qemu-plugin.h contrib/plugins/cache.c tests/plugin/insn.c; do
	tar xJf "$orig" -O "$top/$f" | cmp -s - "tree/$f" ||
		die "Debian's patches change $f: build from the patched tree"
	mkdir -p "$(dirname "$f")"
	cp "tree/$f" "$f"
done
rm -rf tree
cflags="-O2 -fPIC -shared $(pkg-config --cflags glib-2.0) -I $src/include/qemu"
libs=$(pkg-config --libs glib-2.0)
# shellcheck disable=SC2086 # flags are words
gcc $cflags -Wall -Wextra "$here/bpred.c" -o "$out/libbpred.so" $libs
# shellcheck disable=SC2086
gcc $cflags contrib/plugins/cache.c -o "$out/libcache.so" $libs
# shellcheck disable=SC2086
gcc $cflags tests/plugin/insn.c -o "$out/libinsn.so" $libs
qemu-x86_64 -plugin "$out/libbpred.so,out=$out/check.txt" /bin/true ||
	die "qemu-x86_64 does not load libbpred.so"
grep -q '^insns [1-9]' "$out/check.txt" || die "libbpred.so counted nothing under qemu-x86_64"
rm -f "$out/check.txt"
echo "plugins.sh: $out: libbpred.so libcache.so libinsn.so (qemu $ver)"
