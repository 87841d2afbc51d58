#!/bin/bash
# TAP: "pgo-run profile --target ssh" against a board: the test image booted
# by hand in QEMU (TCG), its ssh on a forwarded port. The profile comes back
# and builds the demo with -fprofile-use -Werror=missing-profile; the board
# keeps nothing and keeps running; a task that fails, a refused connection
# and a wrong key are one-line errors with exit 1. The board's host key is
# checked as ssh checks it: unknown, it is refused with its fingerprint,
# accepted with --accept-new-host-key and recorded; known, it is accepted;
# changed, it is refused even with --accept-new-host-key.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
require_tools "$QEMU" ssh ssh-keygen ssh-keyscan gcc python3 xmllint
image_load "$out"
echo "1..14"

# board_profile NAME ARGS...: --target ssh, log $W/NAME.log, stderr $W/NAME.err, exit $rc
board_profile() {
	local name=$1
	shift
	"$PGO_RUN" profile --target ssh --python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" \
		--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" \
		--ssh-key "$IMAGE_SSH_KEY" --timeout 60 --connect-timeout 20 --collect-timeout 30 \
		--known-hosts "${KNOWN:-$W/known_hosts}" --log "$W/$name.log" "$@" \
		>"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}

t0=$(now)
if ! board_start 90; then
	not_ok "the board boots"
	diag "$W/board.qemu"
	tail -n 20 "$W/board.console" | tr -d '\r' | diag
	exit 1
fi
echo "# time board-boot $(since "$t0")s (ssh on 127.0.0.1:$qemu_port)"
# the board is up when its ssh answers (dropbear starts with the marker)
for _ in $(seq 100); do board_ssh true 2>/dev/null && break; sleep 0.2; done

# 1-3 host keys: unknown, refused with the board's fingerprint, nothing
# written; accepted with --accept-new-host-key, which records it; the board's
# keys as ssh-keyscan reads them
: >"$W/known_hosts"
for t in ed25519 ecdsa rsa; do ssh-keyscan -t $t -p "$qemu_port" 127.0.0.1; done 2>/dev/null |
	ssh-keygen -l -f - >"$W/fingerprints"
fp=$(awk 'NR == 1 { print $2 }' "$W/fingerprints")
board_profile unknown-key 127.0.0.1 --ssh-port "$qemu_port" --out "$W/prof-unknown"
if [ "$rc" = 1 ] && [ -n "$fp" ] && [ "$(wc -l <"$W/unknown-key.err")" = 1 ] &&
   grep -q "^pgo-run: connect: ssh to root@127.0.0.1:$qemu_port refused: the board's host key is not known (it offers [A-Z0-9-]* $fp.*--accept-new-host-key" "$W/unknown-key.err" &&
   [ ! -s "$W/known_hosts" ] && [ ! -e "$W/prof-unknown" ]; then
	ok "an unknown host key: refused with its fingerprint ($fp), exit 1, nothing recorded"
else
	not_ok "an unknown host key (exit $rc)"; diag "$W/unknown-key.err"
fi
board_profile accept-new 127.0.0.1 --ssh-port "$qemu_port" --accept-new-host-key \
	--out "$W/prof-accept"
[ "$rc" = 0 ] && [ -f "$W/prof-accept/$DEMO_GCDA_STRIPPED" ] &&
	ssh-keygen -F "[127.0.0.1]:$qemu_port" -f "$W/known_hosts" >/dev/null
check $? "--accept-new-host-key: the board's first key accepted and recorded in --known-hosts"
# a known_hosts whose key for the board is another one (same type)
type=$(for t in ed25519 ecdsa rsa; do ssh-keyscan -t $t -p "$qemu_port" 127.0.0.1; done 2>/dev/null |
	awk 'NR == 1 { print $2 }')
case $type in ssh-ed25519) kt=ed25519 ;; ssh-rsa) kt=rsa ;; ecdsa-*) kt=ecdsa ;; *) kt=ed25519 ;; esac
ssh-keygen -q -t "$kt" -N '' -f "$W/other-host-key"
echo "[127.0.0.1]:$qemu_port $(cut -d' ' -f1-2 "$W/other-host-key.pub")" >"$W/changed_hosts"
KNOWN=$W/changed_hosts board_profile changed-key 127.0.0.1 --ssh-port "$qemu_port" \
	--accept-new-host-key --out "$W/prof-changed"
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/changed-key.err")" = 1 ] &&
   grep -q "^pgo-run: connect: ssh to root@127.0.0.1:$qemu_port refused: the board's host key has changed (it offers .*$fp.*ssh-keygen -R '\[127.0.0.1\]:$qemu_port' -f '$W/changed_hosts'" "$W/changed-key.err" &&
   [ ! -e "$W/prof-changed" ]; then
	ok "a changed host key: refused even with --accept-new-host-key, exit 1"
else
	not_ok "a changed host key (exit $rc)"; diag "$W/changed-key.err"
fi

# 4 the profile from the board, its key known
t0=$(now)
board_profile board 127.0.0.1 --ssh-port "$qemu_port" --out "$W/prof" --junit "$W/board.xml"
echo "# time ssh-target-run $(since "$t0")s"
grep '^pgo-run: done:' "$W/board.log" | diag
if [ "$rc" = 0 ] && [ -f "$W/prof/$DEMO_GCDA_STRIPPED" ] &&
   grep -q '<source>ssh:127.0.0.1:/tmp/pgo-profile\.[0-9a-f]*</source>' "$W/prof/pgo-manifest.xml" &&
   grep -q '<target>ssh</target>' "$W/prof/pgo-manifest.xml" &&
   [ ! -s "$W/board.err" ]; then
	ok "ssh target: $DEMO_GCDA_STRIPPED from root@127.0.0.1:$qemu_port, manifest source ssh:"
else
	not_ok "ssh target: profile gathered (exit $rc)"; diag "$W/board.err"; tail -n 20 "$W/board.log" | diag
fi

# 5 stages of a board in the report: no boot
names=$(xmllint --xpath '//testcase/@name' "$W/board.xml" 2>&1 | tr -s ' \n' ' ')
[ "$names" = ' name="connect" name="run" name="collect" name="install" ' ] &&
	[ "$(xmllint --xpath 'count(//failure)' "$W/board.xml")" = 0 ]
check $? "ssh target: report stages connect, run, collect, install ($names)"

# 6 the board keeps running and keeps nothing of ours
left=$(board_ssh 'ls -d /tmp/pgo-profile* 2>/dev/null; echo end')
[ "$left" = end ] && kill -0 "$qemu_pid" 2>/dev/null
check $? "ssh target: the board still runs, no /tmp/pgo-profile* left on it (${left//$'\n'/ })"

# 7-8 the profile is the one gcc uses: -fprofile-use passes with it and fails
# without it
profile_use "ssh target" demo_use "$W/prof"

# 9 USER@HOST (over --ssh-user); a --remote-dir that exists on the board is
# refused with its files kept, one that does not is made and removed after
board_ssh 'mkdir -p /tmp/board-prof && echo stale >/tmp/board-prof/old.gcda'
board_profile user-existing root@127.0.0.1 --ssh-port "$qemu_port" --ssh-user nobody \
	--remote-dir /tmp/board-prof --out "$W/prof2-existing"
rc_existing=$rc
kept=$(board_ssh 'cat /tmp/board-prof/old.gcda')
board_profile user root@127.0.0.1 --ssh-port "$qemu_port" --ssh-user nobody \
	--remote-dir /tmp/board-prof2 --out "$W/prof2"
left=$(board_ssh 'ls -d /tmp/board-prof2 2>/dev/null; echo end')
if [ "$rc" = 0 ] && [ -f "$W/prof2/$DEMO_GCDA_STRIPPED" ] && [ "$left" = end ] &&
   [ "$rc_existing" = 1 ] && [ "$kept" = stale ] && [ ! -e "$W/prof2-existing" ] &&
   grep -q "^pgo-run: connect: /tmp/board-prof exists on root@127.0.0.1:$qemu_port" "$W/user-existing.err"; then
	ok "ssh target: root@HOST wins over --ssh-user; an existing --remote-dir refused and kept, a new one removed after"
else
	not_ok "ssh target: USER@HOST, --remote-dir (exit $rc_existing, $rc; kept '$kept', left '$left')"
	diag "$W/user-existing.err" "$W/user.err"
fi

# faults: one line on stderr, exit 1, the profile directory untouched
before=$(tree_sum "$W/prof")
fault() {
	local name=$1 want=$2 t
	shift 2
	t=$(now)
	board_profile "$name" "$@" --out "$W/prof"
	if [ "$rc" = 1 ] && grep -q -- "$want" "$W/$name.err" && [ "$(wc -l <"$W/$name.err")" = 1 ] &&
	   [ "$(tree_sum "$W/prof")" = "$before" ]; then
		ok "ssh target fault $name: $(cat "$W/$name.err") ($(since "$t")s)"
	else
		not_ok "ssh target fault $name: exit $rc, expected '$want'"
		diag "$W/$name.err"; tail -n 5 "$W/$name.log" | diag
	fi
}
# 10 the task fails on the board (and its directory is removed all the same)
fault task-fails 'pgo-run: run: the task exited with status 3; its last line: bye' \
	127.0.0.1 --ssh-port "$qemu_port" --python /bin/sh --task "-c 'echo bye; exit 3'"
left=$(board_ssh 'ls -d /tmp/pgo-profile* 2>/dev/null; echo end')
[ "$left" = end ]
check $? "ssh target: after the failed task, no /tmp/pgo-profile* left on the board"
# 12 nothing listens on the port: connection refused
port=$(closed_port)
fault refused "^pgo-run: connect: ssh to root@127.0.0.1:$port failed: connect to host 127.0.0.1 port $port: Connection refused$" \
	127.0.0.1 --ssh-port "$port"
# 13 a key the board does not know
ssh-keygen -q -t ed25519 -N '' -f "$W/wrong-key"
fault wrong-key "^pgo-run: connect: ssh to root@127.0.0.1:$qemu_port failed: .*Permission denied" \
	127.0.0.1 --ssh-port "$qemu_port" --ssh-key "$W/wrong-key"

# 14 the board is a required operand
"$PGO_RUN" profile --target ssh --python /bin/true --task '' --out "$W/x" --gcc-version 12 \
	2>"$W/usage.err"
rc=$?
[ "$rc" = 2 ] && grep -q '^pgo-run: profile: --target ssh needs the board: --target ssh \[USER@\]HOST' "$W/usage.err"
check $? "ssh target without HOST: usage error, exit $rc"

qemu_stop
[ "$failed" = 0 ]
