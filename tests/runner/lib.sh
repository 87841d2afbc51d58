# shellcheck shell=bash
# sourced by the pgo-run test scripts (bash): the test image's helpers
# (tests/image/lib.sh: TAP, tools, the image built and loaded), pgo-run, a
# scratch directory, and the image booted by hand in QEMU as a board reachable
# by ssh on a forwarded port.
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck disable=SC2034 # the image, for the caller
out=${PGO_IMAGE_DIR:-$PWD/tests/image-out}
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}

# shellcheck source=tests/image/lib.sh
. "$here/image/lib.sh"

W=$(mktemp -d "${TMPDIR:-/tmp}/test-runner.XXXXXX") || exit 99
board_pid=
holder_pid=
cleanup() {
	trap - EXIT INT TERM HUP
	board_stop
	if [ -n "$holder_pid" ]; then kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; fi
	rm -rf "$W"
}
trap cleanup EXIT
trap 'echo "Bail out! signal"; exit 130' INT TERM HUP

# board_start SECONDS: the test image in QEMU (TCG), ssh on 127.0.0.1:$board_port;
# returns when its console shows the marker (1 on a deadline or when QEMU dies)
board_start() {
	local t
	for _ in 1 2 3 4 5; do
		board_port=$((20000 + RANDOM % 30000))
		: >"$W/board.console"
		"$QEMU" -accel tcg -machine q35,i8042=off -cpu max -m 512 -smp 1 \
			-nodefaults -no-user-config -display none -no-reboot -snapshot \
			-kernel "$IMAGE_KERNEL" -initrd "$IMAGE_INITRD" -append "$IMAGE_CMDLINE" \
			-chardev file,id=ser0,path="$W/board.console" -serial chardev:ser0 \
			-netdev "user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:$board_port-:22" \
			-device virtio-net-pci,netdev=n0,romfile= \
			</dev/null >"$W/board.qemu" 2>&1 &
		board_pid=$!
		sleep 0.3
		if ! kill -0 "$board_pid" 2>/dev/null && grep -q "host forwarding" "$W/board.qemu"; then
			wait "$board_pid"
			board_pid=
			continue
		fi
		break
	done
	t=$(now)
	until tr -d '\r' <"$W/board.console" | grep -q "^$IMAGE_MARKER"; do
		[ -n "$board_pid" ] && kill -0 "$board_pid" 2>/dev/null || return 1
		[ "$(awk -v a="$t" -v b="$(now)" -v s="$1" 'BEGIN { print (b - a > s) }')" = 0 ] ||
			return 1
		sleep 0.1
	done
}

board_stop() {
	[ -n "$board_pid" ] || return 0
	kill -TERM "$board_pid" 2>/dev/null
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		kill -0 "$board_pid" 2>/dev/null || break
		sleep 0.2
	done
	kill -KILL "$board_pid" 2>/dev/null
	wait "$board_pid" 2>/dev/null
	board_pid=
}

# board_ssh CMD: a command on the board
board_ssh() {
	timeout 30 ssh -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
		-o LogLevel=ERROR -o ConnectTimeout=10 -i "$IMAGE_SSH_KEY" -p "$board_port" \
		root@127.0.0.1 "$@"
}

# hold_ports N: N ports on 127.0.0.1 held open (listening) until the script ends,
# their numbers in $held
hold_ports() {
	if [ -n "$holder_pid" ]; then kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; fi
	rm -f "$W/held"
	python3 -c '
import socket, sys, time
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    socks.append(s)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(" ".join(str(s.getsockname()[1]) for s in socks) + "\n")
import os
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
time.sleep(3600)
' "$1" "$W/held" &
	holder_pid=$!
	for _ in $(seq 100); do [ -s "$W/held" ] && break; sleep 0.05; done
	# shellcheck disable=SC2034 # for the caller
	held=$(cat "$W/held" 2>/dev/null)
}

# a TCP port on 127.0.0.1 that nothing listens on (bound, then closed again)
closed_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# pids_gone LOG: every QEMU whose pid pgo-run logged has ended
pids_gone() {
	local pid
	while read -r pid; do
		kill -0 "$pid" 2>/dev/null && return 1
	done < <(sed -n 's/^pgo-run: boot: qemu pid \([0-9]*\)$/\1/p' "$1")
	return 0
}

tree_sum() { (cd "$1" 2>/dev/null && find . -type f | LC_ALL=C sort | xargs cat | cksum); }
