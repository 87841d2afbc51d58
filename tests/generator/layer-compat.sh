#!/bin/sh
# TAP: what OE-core's yocto-check-layer asks of the files of a layer
# (scripts/lib/checklayer/cases/common.py, wrynose and master), checked on
# meta-pgo/, the layers of tests/data/layers and layers generated with each
# flow left out:
#   test_readme: a README at the top, not empty, that does not send the
#     reader to another README (which would skip the rest), names a
#     maintainer, says how to send patches and holds an email address;
#   test_security: a SECURITY file (SECURITY.md), not empty;
#   test_patches_upstream_status: every .patch has an Upstream-Status line
#     of the form OE's guidelines give;
#   test_layerseries_compat: LAYERSERIES_COMPAT of the collection is set;
# and the license: COPYING.MIT at the top, MIT the only LICENSE the layer's
# own recipes set (BOLT's, which build LLVM's source, LLVM's license from
# OE-core's LLVMMD5SUM). PGO_MAINTAINER names the maintainer there; pgo-gen turns
# down a value without an address.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
scratch_dir

for v in PYTHON_PROFILE_OPT=0 PYTHON_NATIVE_PROFILE_OPT=1; do
	"$PGO_GEN" -T "$top/templates" -D "$v" -o "$tmp/layer-${v%%=*}" 2>"$tmp/log" ||
		{ echo "Bail out! pgo-gen -D $v: $(cat "$tmp/log")"; exit 1; }
done
"$PGO_GEN" -T "$top/templates" -D 'PGO_MAINTAINER=Jane Doe <jane@example.org>' \
	-o "$tmp/layer-jane" 2>"$tmp/log" || { echo "Bail out! $(cat "$tmp/log")"; exit 1; }

# the checks, each printing "ok" or what is wrong
readme() {
	python3 - "$1" <<'EOF'
import glob, os, re, sys
files = glob.glob(os.path.join(sys.argv[1], '[Rr][Ee][Aa][Dd][Mm][Ee]*'))
if not files:
    sys.exit('no README')
data = open(sorted(files)[0]).read()
if not data:
    sys.exit('empty README')
if re.search('README', data, re.IGNORECASE):
    sys.exit('README names a README: the other checks would be skipped')
for word in ('maintainer', 'patch'):
    if word not in data.lower():
        sys.exit('no "%s" in README' % word)
if not re.search(r'[^@]+@[^@]+', data):
    sys.exit('no email address in README')
print('ok')
EOF
}
security() {
	f=$(cd "$1" && ls SECURITY SECURITY.* 2>/dev/null | sort | head -1)
	if [ -z "$f" ]; then echo "no SECURITY file"; elif [ ! -s "$1/$f" ]; then
		echo "$f is empty"; else echo ok; fi
}
upstream_status() {
	bad=
	while IFS= read -r p; do
		[ -n "$p" ] || continue
		grep -Eq '^Upstream-Status: (Pending|Submitted|Denied|Inappropriate|Backport|Inactive-Upstream)( .+)?$' "$p" ||
			bad="$bad ${p#"$1"/}"
	done <<EOF
$(find "$1" -name '*.patch')
EOF
	echo "${bad:-ok}"
}
compat() {
	legacy=
	[ -f "$1/../legacy-syntax" ] && legacy=-L
	# shellcheck disable=SC2086
	v=$("$PGO_GEN" vars $legacy -D LAYERDIR="$1" -v LAYERSERIES_COMPAT_meta-pgo \
		"$1/conf/layer.conf" 2>/dev/null | cut -f2-)
	case $v in '' | '!NONE') echo "LAYERSERIES_COMPAT_meta-pgo is not set" ;; *) echo ok ;; esac
}
license() {
	[ -s "$1/COPYING.MIT" ] || { echo "no COPYING.MIT"; return; }
	grep -q 'Permission is hereby granted, free of charge' "$1/COPYING.MIT" ||
		{ echo "COPYING.MIT is not the MIT license"; return; }
	grep -q 'COPYING.MIT' "$1/README" || { echo "README does not name COPYING.MIT"; return; }
	lic=$(grep -rh '^LICENSE *=' "$1" --include='*.bb' --include='*.bbclass' \
		--exclude-dir=bolt | sed 's/^LICENSE *= *"\(.*\)"/\1/' | sort -u | tr '\n' ' ')
	case $lic in '' | 'MIT ') ;; *) echo "the layer's recipes set LICENSE to $lic"; return ;; esac
	# BOLT's recipes build LLVM's source, under its license
	for f in "$1"/recipes-devtools/bolt/*.bb; do
		[ -f "$f" ] || continue
		grep -qx 'LICENSE = "Apache-2.0-with-LLVM-exception"' "$f" &&
			grep -qx 'LIC_FILES_CHKSUM = "file://LICENSE.TXT;md5=${LLVMMD5SUM}"' "$f" ||
			{ echo "${f#"$1"/} is not under LLVM's license"; return; }
	done
	echo ok
}

for l in "$top/meta-pgo" "$TEST_DATADIR"/layers/*/expected "$tmp"/layer-*; do
	case $l in
	*/expected) name=$(basename "$(dirname "$l")") ;;
	*) name=$(basename "$l") ;;
	esac
	for c in readme security upstream_status compat license; do
		got=$($c "$l" 2>&1)
		if [ "$got" = ok ]; then ok "$name: $c"; else not_ok "$name: $c: $got"; fi
	done
done

# the maintainer
grep -q '^Maintainer: meta-pgo maintainers <meta-pgo@localhost>$' "$top/meta-pgo/README" &&
	grep -q 'meta-pgo maintainers <meta-pgo@localhost>' "$top/meta-pgo/SECURITY.md"
check $? "meta-pgo/: the README and SECURITY.md name the default maintainer"
grep -q '^Maintainer: Jane Doe <jane@example.org>$' "$tmp/layer-jane/README" &&
	grep -q 'git send-email --to="Jane Doe <jane@example.org>"' "$tmp/layer-jane/README" &&
	grep -q 'Jane Doe <jane@example.org>' "$tmp/layer-jane/SECURITY.md"
check $? "PGO_MAINTAINER: the README and SECURITY.md name that one"
for bad in 'Jane Doe' 'jane@example.org' '<jane@example.org>' 'Jane <jane>' 'Jane <@example.org>' \
	'Jane <jane@>' 'Jane <jane@example.org> x' 'Jane <a@b@c>' 'Jane <jane doe@example.org>' ''; do
	"$PGO_GEN" -T "$top/templates" -D "PGO_MAINTAINER=$bad" -o "$tmp/bad" 2>"$tmp/err"
	rc=$?
	if [ -z "$bad" ]; then want="pgo-gen: PGO_MAINTAINER must not be empty"; else
		want="pgo-gen: PGO_MAINTAINER must be 'Name <user@host>', not '$bad'"; fi
	if [ $rc = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -e "$tmp/bad" ]; then
		ok "PGO_MAINTAINER '$bad': the one error, nothing written"
	else
		not_ok "PGO_MAINTAINER '$bad': the one error, nothing written (exit $rc: $(cat "$tmp/err"))"
	fi
done
echo "1..$n"
[ "$failed" = 0 ]
