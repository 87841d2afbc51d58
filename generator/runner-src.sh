#!/bin/sh
# runner-src.sh OUT NAME SRCDIR FILE...
#
# Writes the runner's source tarball OUT, which pgo-gen copies into the layer
# for pgo-run-native: the FILEs (make dist's list: paths relative to SRCDIR or
# starting with SRCDIR/, or directories taken whole) under NAME/, without
#   - what autoreconf generates (configure, aclocal.m4, Makefile.in,
#     config.h.in, build-aux/): OE's autotools class runs autoreconf itself, and
#     these differ from one autotools version to the next;
#   - tests/ (its local.mk files apart, which Makefile.am includes): the
#     tarball is configured with --disable-tests;
#   - the layer (meta-pgo/), which holds the tarball.
# The same files give the same bytes: names sorted in the C locale, no
# directory entries, one fixed mtime, owner and group 0 without names, modes
# 0644 or 0755, ustar, gzip -n. OUT is written through a temporary file and
# left untouched when its bytes would not change.
set -eu
[ $# -ge 4 ] || { echo "usage: $0 OUT NAME SRCDIR FILE..." >&2; exit 2; }
out=$1 name=$2 srcdir=$3
shift 3
list=$out.list.tmp
tmp=$out.tmp
trap 'rm -f "$list" "$tmp" "$tmp.tar"' EXIT

for f in "$@"; do
	case $f in "$srcdir"/*) f=${f#"$srcdir"/} ;; esac
	case $f in ./*) f=${f#./} ;; esac
	if [ -d "$srcdir/$f" ]; then
		(cd "$srcdir" && find "$f" -type f)
	else
		echo "$f"
	fi
done | while read -r f; do
	case $f in
	configure | aclocal.m4 | Makefile.in | config.h.in | build-aux/* | meta-pgo/*) ;;
	*/local.mk) echo "$f" ;;
	tests/*) ;;
	*) echo "$f" ;;
	esac
done | LC_ALL=C sort -u >"$list"

while read -r f; do
	[ -f "$srcdir/$f" ] || { echo "$0: $srcdir/$f: no such file" >&2; exit 1; }
done <"$list"

# 2000-01-01 00:00:00 UTC: fixed, and not old enough for tar to warn about it
tar -C "$srcdir" -cf "$tmp.tar" --format=ustar --no-recursion -T "$list" \
	--transform "s,^,$name/," --owner=0 --group=0 --numeric-owner \
	--mtime=@946684800 --mode=u+rw,go-w,a+rX
gzip -n -9 -c "$tmp.tar" >"$tmp"
if [ -f "$out" ] && cmp -s "$tmp" "$out"; then
	rm -f "$tmp"
else
	mv "$tmp" "$out"
fi
