#!/bin/bash
# boot-check.sh OUTDIR - boot the test image in OUTDIR (built there first by
# build-image.sh when OUTDIR has none) under QEMU (TCG) and check both
# transports. Output is TAP.
#
#   1 marker line on the console        4 ssh: demo run, .gcda tar collected
#   2 serial: echo through the shell     5 .gcda magic and GCC version stamp
#   3 serial: demo run + tar|base64      6 poweroff -f ends QEMU
#   7-8 -fprofile-use -Werror=missing-profile builds with the collected
#     profile, and fails without it      9 no QEMU left behind
#
# QEMU is always killed and reaped (EXIT/INT/TERM/HUP traps, deadlines).
# Environment: IMAGE_ARCH (amd64, arm64 or armhf; default: the architecture
# of OUTDIR's image, else amd64), BOOT_TIMEOUT (s, default 60), STEP_TIMEOUT
# (s, default 30), QEMU (default the architecture's qemu-system-*), KEEP=1
# keeps the work directory. A foreign image's demo runs on the host under
# qemu-user (test 5), its profile-use builds with the cross compiler.
# Timings are printed as TAP comments ("# time ...").
set -u

OUT=${1:?usage: $0 OUTDIR}
OUT=$(mkdir -p "$OUT" && cd "$OUT" && pwd -P) || exit 2
BOOT_TIMEOUT=${BOOT_TIMEOUT:-60}
STEP_TIMEOUT=${STEP_TIMEOUT:-30}
if [ -z "${IMAGE_ARCH:-}" ] && [ -r "$OUT/image.env" ]; then
    IMAGE_ARCH=$(sed -n 's/^IMAGE_ARCH=//p' "$OUT/image.env")
fi
# shellcheck source=tests/image/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck disable=SC2086 # QEMU_USER: empty or one name
require_tools "$QEMU" ssh $QEMU_USER "$CROSS_CC"
image_load "$OUT"

W=$(mktemp -d "${TMPDIR:-/tmp}/boot-check.XXXXXX") || exit 2
rpid=''
cleanup() {
    trap - EXIT INT TERM HUP
    qemu_stop
    if [ -n "$rpid" ]; then kill "$rpid" 2>/dev/null; wait "$rpid" 2>/dev/null; fi
    exec 3>&- 2>/dev/null
    if [ "${KEEP:-0}" = 1 ]; then echo "# kept $W"; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'echo "Bail out! signal"; exit 130' INT TERM HUP

bail() {
    echo "Bail out! $*"
    echo "# console (last 30 lines):"
    tail -n 30 "$W/console.log" 2>/dev/null | tr -d '\r' | diag
    exit 1
}

SSH_OPTS=(-o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null
          -o LogLevel=ERROR -o ConnectTimeout=5 -i "$IMAGE_SSH_KEY")
gssh() { timeout "$STEP_TIMEOUT" ssh "${SSH_OPTS[@]}" -p "$qemu_port" root@127.0.0.1 "$@"; }

# the serial console through a QEMU pipe chardev: $W/serial.in (to the
# guest, held open on fd 3), $W/serial.out (from the guest, copied to
# console.log by a reader, one for each QEMU started)
mkfifo "$W/serial.in" "$W/serial.out" || bail "mkfifo"
exec 3<>"$W/serial.in"
reader() {
    if [ -n "$rpid" ]; then kill "$rpid" 2>/dev/null; wait "$rpid" 2>/dev/null; fi
    : >"$W/console.log"
    cat "$W/serial.out" >>"$W/console.log" &
    rpid=$!
}

echo "1..9"
start=$(now)
qemu_start "$W/qemu.log" "pipe,path=$W/serial" reader
echo "# qemu pid $qemu_pid, ssh port $qemu_port"

# 1. marker
wait_for "$W/console.log" "^$IMAGE_MARKER" "$BOOT_TIMEOUT"
case $? in
    0) t_marker=$(since "$start"); ok "marker $IMAGE_MARKER on the console"
       echo "# time boot-to-marker ${t_marker}s" ;;
    1) not_ok "marker"; bail "no marker within ${BOOT_TIMEOUT}s" ;;
    *) not_ok "marker"; diag <"$W/qemu.log"; bail "QEMU exited before the marker" ;;
esac
t0=$(now)

# 2. serial: a command through the console shell; the expected output is not
# in the typed line (the tty echoes it), so the echo cannot fake a pass
# shellcheck disable=SC2016 # expanded by the guest shell
printf 'echo hello-$((40+2))\n' >&3
if wait_for "$W/console.log" '^hello-42$' "$STEP_TIMEOUT"; then
    ok "serial: echo hello through the console shell"
    echo "# time serial-echo $(since "$t0")s"
else
    not_ok "serial: echo hello through the console shell"
    tail -n 10 "$W/console.log" | tr -d '\r' | diag
fi

# 3. serial: run the demo and bring the profile back as base64 between markers
t0=$(now)
printf '%s\n' "stty -echo; rm -rf /tmp/sprof; GCOV_PREFIX=/tmp/sprof GCOV_PREFIX_STRIP=$DEMO_PREFIX_STRIP $DEMO_GUEST_BINARY $DEMO_ARGS >/dev/null; echo BEGIN-\$((1+1))-TAR; tar c -C /tmp/sprof . | base64; echo END-\$((1+1))-TAR; stty echo" >&3
if wait_for "$W/console.log" '^END-2-TAR$' "$STEP_TIMEOUT"; then
    tr -d '\r' <"$W/console.log" | sed -n '/^BEGIN-2-TAR$/,/^END-2-TAR$/p' | sed '1d;$d' |
        base64 -d >"$W/serial.tar" 2>/dev/null
    if tar tf "$W/serial.tar" 2>/dev/null | grep -qx "./$DEMO_GCDA_STRIPPED"; then
        ok "serial: demo run, $DEMO_GCDA_STRIPPED collected through the console"
    else
        not_ok "serial: demo run, $DEMO_GCDA_STRIPPED collected through the console"
        tar tvf "$W/serial.tar" 2>&1 | diag
    fi
    echo "# time serial-run-collect $(since "$t0")s"
else
    not_ok "serial: demo run, $DEMO_GCDA_STRIPPED collected through the console"
    tail -n 10 "$W/console.log" | tr -d '\r' | diag
fi

# 4. ssh: first connection (retried until the deadline), demo run, tar back
t0=$(now)
deadline=$(( $(date +%s) + STEP_TIMEOUT ))
until gssh true 2>"$W/ssh.err"; do
    if [ "$(date +%s)" -ge "$deadline" ] || ! kill -0 "$qemu_pid" 2>/dev/null; then
        not_ok "ssh: connect"; diag <"$W/ssh.err"; bail "no ssh"
    fi
    sleep 0.1
done
echo "# time marker-to-ssh $(awk -v a="$t_marker" -v b="$(since "$start")" 'BEGIN { printf "%.2f", b - a }')s"
t0=$(now)
mkdir -p "$W/prof"
if gssh "rm -rf /tmp/prof; GCOV_PREFIX=/tmp/prof GCOV_PREFIX_STRIP=$DEMO_PREFIX_STRIP $DEMO_GUEST_BINARY $DEMO_ARGS >&2 && tar c -C /tmp/prof ." \
        >"$W/prof.tar" 2>"$W/demo.out" &&
   tar -x -m -f "$W/prof.tar" -C "$W/prof" &&
   [ -f "$W/prof/$DEMO_GCDA_STRIPPED" ]; then
    ok "ssh: demo run, $DEMO_GCDA_STRIPPED collected ($(tar tf "$W/prof.tar" | grep -c '\.gcda$') .gcda, $(wc -c <"$W/prof.tar") bytes of tar)"
else
    not_ok "ssh: demo run, $DEMO_GCDA_STRIPPED collected"
    diag <"$W/demo.out"
fi
echo "# time ssh-run-collect $(since "$t0")s"

# 5. the collected file is a gcda from this compiler: compare magic + version
# stamp (first 8 bytes) with a profile the same binary writes on the host
# (a foreign one under qemu-user)
mkdir -p "$W/hostprof"
# shellcheck disable=SC2086 # IMAGE_QEMU_USER: empty or one name
GCOV_PREFIX="$W/hostprof" GCOV_PREFIX_STRIP=$DEMO_PREFIX_STRIP ${IMAGE_QEMU_USER:-} "$DEMO_BINARY" 1 >/dev/null
g=$(head -c 8 "$W/prof/$DEMO_GCDA_STRIPPED" 2>/dev/null | od -An -tx1 | tr -d ' \n')
h=$(head -c 8 "$W/hostprof/$DEMO_GCDA_STRIPPED" 2>/dev/null | od -An -tx1 | tr -d ' \n')
if [ -n "$g" ] && [ "$g" = "$h" ] && [ "${g:0:8}" = 61646367 ]; then
    ok "gcda magic and version stamp match the host's ($g)"
else
    not_ok "gcda magic and version stamp match the host's (guest '$g', host '$h')"
fi

# 6. poweroff -f ends QEMU
t0=$(now)
gssh 'poweroff -f' >/dev/null 2>&1
for _ in $(seq 1 $((STEP_TIMEOUT * 10))); do
    kill -0 "$qemu_pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$qemu_pid" 2>/dev/null; then
    not_ok "poweroff -f ends QEMU"
else
    wait "$qemu_pid"; rc=$?; qemu_done=$qemu_pid; qemu_pid=
    if [ "$rc" = 0 ]; then ok "poweroff -f ends QEMU (exit 0)"; else not_ok "poweroff -f ends QEMU (exit $rc)"; fi
    echo "# time poweroff $(since "$t0")s"
fi
echo "# time total-session $(since "$start")s"

# 7-8. the collected profile is the one GCC uses: a -fprofile-use build with
# it passes, the same build without it fails
profile_use "profile-use" demo_use "$W/prof"

# 9. nothing left behind
kill "$rpid" 2>/dev/null; wait "$rpid" 2>/dev/null; rpid=
if kill -0 "${qemu_done:-$qemu_pid}" 2>/dev/null; then
    not_ok "no QEMU process left"
else
    ok "no QEMU process left"
fi
[ "$failed" = 0 ]
