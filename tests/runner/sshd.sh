# shellcheck shell=bash
# sourced by the pgo-run test scripts that need a board without booting one:
# OpenSSH's sshd started on 127.0.0.1 at a free high port, with its own host
# key, authorized_keys and configuration in a directory of the test's, and
# stopped by its PID. Every command a client sends runs through
# DIR/board-shell, with DIR/bin first on PATH: a test makes the board hostile
# by putting programs there (a uname, a tar, a python that prints what a
# hostile target would) or by setting BOARD_HOSTILE in DIR/board.env.
#
# sshd_start DIR: the board up; sets sshd_port, sshd_key (the client's key),
# sshd_known (a known_hosts file with the board's key), sshd_dir; returns 1
# (the reason in DIR/sshd.log) when it does not answer within 10 s
# sshd_stop: the board down (its PID from DIR/sshd.pid)
# sshd_ssh CMD...: a command on the board, outside board-shell's hostility
# (BOARD_HOSTILE unset for it)

sshd_dir=
sshd_port=
sshd_key=
sshd_known=

sshd_start() {
	local d=$1 sshd port i
	sshd=$(command -v sshd || echo /usr/sbin/sshd)
	[ -x "$sshd" ] || { echo "sshd_start: no sshd (openssh-server)" >&2; return 1; }
	mkdir -p "$d/bin" || return 1
	d=$(cd "$d" && pwd)
	sshd_dir=$d
	rm -f "$d/host_key" "$d/host_key.pub" "$d/id" "$d/id.pub"
	ssh-keygen -q -t ed25519 -N '' -C board -f "$d/host_key" || return 1
	ssh-keygen -q -t ed25519 -N '' -C client -f "$d/id" || return 1
	cp "$d/id.pub" "$d/authorized_keys"
	chmod 600 "$d/authorized_keys"
	# the board's shell: the client's command with the board's PATH, and
	# whatever board.env (a test's hostility) sets; none of it for sshd_ssh
	cat >"$d/board-shell" <<EOF
#!/bin/bash
if [ -z "\${SSHD_PLAIN:-}" ] && [ -r '$d/board.env' ]; then
	. '$d/board.env'
	PATH='$d/bin':\$PATH
	export PATH
fi
exec /bin/sh -c "\$SSH_ORIGINAL_COMMAND"
EOF
	chmod 755 "$d/board-shell"
	: >"$d/board.env"
	# /run/sshd: OpenSSH's privilege separation directory, which root's sshd wants
	[ "$(id -u)" = 0 ] && mkdir -p /run/sshd && chmod 755 /run/sshd
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	cat >"$d/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $d/host_key
PidFile $d/sshd.pid
AuthorizedKeysFile $d/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitUserEnvironment no
AcceptEnv SSHD_PLAIN
ForceCommand $d/board-shell
MaxStartups 50
LogLevel ERROR
EOF
	rm -f "$d/sshd.pid"
	"$sshd" -f "$d/sshd_config" -E "$d/sshd.log" || return 1
	sshd_port=$port
	sshd_key=$d/id
	sshd_known=$d/known_hosts
	echo "[127.0.0.1]:$port $(cut -d' ' -f1-2 "$d/host_key.pub")" >"$sshd_known"
	for i in $(seq 100); do
		sshd_ssh true 2>/dev/null && return 0
		sleep 0.1
		[ "$i" = 100 ] && return 1
	done
}

sshd_ssh() {
	SSHD_PLAIN=1 timeout 30 ssh -o BatchMode=yes -o StrictHostKeyChecking=yes \
		-o UserKnownHostsFile="$sshd_known" -o LogLevel=ERROR -o ConnectTimeout=10 \
		-o SendEnv=SSHD_PLAIN -o IdentitiesOnly=yes -i "$sshd_key" -p "$sshd_port" \
		-- "$(id -un)@127.0.0.1" "$@"
}

sshd_stop() {
	local pid
	[ -n "$sshd_dir" ] && [ -r "$sshd_dir/sshd.pid" ] || return 0
	pid=$(cat "$sshd_dir/sshd.pid")
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -f "$sshd_dir/sshd.pid"
}
