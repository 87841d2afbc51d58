#!/bin/sh
# TAP: do_profile's signature (pgo-run task -S: what BitBake's basehash
# covers, as bblang finds it) for build directories at different paths with
# the same configuration (OE-core's meta from tests/data/oe-meta and the
# committed meta-pgo, the pgo multiconfig): the same, whether PGO_SSH_KEY is
# below TOPDIR or an absolute path of each builder's own, so one profile in
# sstate serves them all; a setting that changes the profile changes it.
set -u
: "${TEST_DATADIR:?}" "${PGO_RUN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
echo "1..5"

# sig DIR KEY [LINE]: a build directory DIR with PGO_SSH_KEY = KEY (and LINE
# in local.conf); do_profile's signature data in DIR.sig
sig() {
	mkdir -p "$1/conf"
	# shellcheck disable=SC2016 # ${TOPDIR}: BitBake expands it
	printf 'BBPATH = "${TOPDIR}"\nBBFILES ?= ""\nBBLAYERS ?= "%s %s"\n' \
		"$top/tests/data/oe-meta/meta" "$top/meta-pgo" >"$1/conf/bblayers.conf"
	printf 'MACHINE = "qemux86-64"\nBBMULTICONFIG = "pgo"\nPGO_SSH_KEY = "%s"\n%s\n' \
		"$2" "${3:-}" >"$1/conf/local.conf"
	(cd "$1" && "$PGO_RUN" task -S -B . mc:pgo:python3-pgo-image profile) >"$1.sig" 2>"$1.err"
}

# shellcheck disable=SC2016
sig "$tmp/a" '${TOPDIR}/keys/pgo'
rc=$?
echo "# $(wc -l <"$tmp/a.sig") names in the signature"
[ "$rc" = 0 ] && grep -q '^do_profile: ' "$tmp/a.sig" && grep -q '^PYTHON_PROFILE_TASK: ' "$tmp/a.sig"
check $? "pgo-run task -S: do_profile's signature data, with the task and what it reads"
# shellcheck disable=SC2016
sig "$tmp/elsewhere/deeper/b" '${TOPDIR}/keys/pgo'
if cmp -s "$tmp/a.sig" "$tmp/elsewhere/deeper/b.sig"; then
	ok "two build directories at different paths, the key below each TOPDIR: the same signature"
else
	not_ok "two build directories at different paths, the key below each TOPDIR: the same signature"
	diff "$tmp/a.sig" "$tmp/elsewhere/deeper/b.sig" | diag
fi
! grep -q -e "$tmp" -e TOPDIR "$tmp/a.sig"
check $? "no path of the build directory in the signature, nor TOPDIR"
sig "$tmp/alice" /home/alice/.ssh/pgo
sig "$tmp/other/bob" /srv/keys/bob
if cmp -s "$tmp/alice.sig" "$tmp/other/bob.sig" && cmp -s "$tmp/a.sig" "$tmp/alice.sig"; then
	ok "each builder's own absolute PGO_SSH_KEY: the same signature"
else
	not_ok "each builder's own absolute PGO_SSH_KEY: the same signature"
	diff "$tmp/alice.sig" "$tmp/other/bob.sig" | diag
fi
sig "$tmp/task" /home/alice/.ssh/pgo 'PYTHON_PROFILE_TASK = "-m test --pgo -x test_asyncio"'
! cmp -s "$tmp/alice.sig" "$tmp/task.sig" && grep -q '^PYTHON_PROFILE_TASK: -m test --pgo -x test_asyncio$' "$tmp/task.sig"
check $? "another PYTHON_PROFILE_TASK: another signature"
