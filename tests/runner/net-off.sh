#!/bin/bash
# TAP: pgo-run profile with the network turned off, as BitBake runs a task
# without [network] (unshare -n: loopback down), against the real test image
# in QEMU: ssh to the guest's forwarded port fails with "Network is
# unreachable" every quarter of a second until --connect-timeout; the log
# says so once for the window, with the count, and the error is one line.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
require_tools "$QEMU" ssh unshare
image_load "$out"
echo "1..3"

unshare -n "$PGO_RUN" profile --target qemu --qemuboot "$IMAGE_QEMUBOOT" --accel tcg \
	--boot-marker "$IMAGE_MARKER" --python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" \
	--remote-dir /tmp/pgo-prof --gcov-prefix-strip "$DEMO_PREFIX_STRIP" --toolchain gcc \
	--gcc-version "$DEMO_GCC_VERSION" --boot-timeout 60 --connect-timeout 6 \
	--transport ssh --ssh-key "$IMAGE_SSH_KEY" --out "$W/prof" --log "$W/off.log" \
	>"$W/off.out" 2>"$W/off.err"
rc=$?
unreachable=$(grep -c 'Network is unreachable' "$W/off.log")
count=$(sed -n 's/.*Network is unreachable (\([0-9]*\) times)$/\1/p' "$W/off.log")
echo "# exit $rc, $unreachable lines of the log say 'Network is unreachable', tried ${count:-?} times"
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/off.err")" = 1 ] &&
   grep -q '^pgo-run: connect: no ssh connection .*Network is unreachable$' "$W/off.err"; then
	ok "no network: exit 1, one line"
else
	not_ok "no network: exit 1, one line (exit $rc)"; diag "$W/off.err"
fi
# the first try's line, the count, and the error's own line at the end
[ "$unreachable" = 3 ] && grep -q '^ssh: connect to host .*: Network is unreachable$' "$W/off.log"
check $? "the log says 'Network is unreachable' once for the window, not once a try"
[ -n "$count" ] && [ "$count" -ge 10 ]
check $? "the log counts the tries: ${count:-none} (a try every quarter of a second for 6 s)"
