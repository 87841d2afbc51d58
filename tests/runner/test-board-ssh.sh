#!/bin/bash
# TAP: "pgo-run profile --target ssh" at a board's edge, against OpenSSH's sshd
# on 127.0.0.1 (tests/runner/sshd.sh) and a small program built here with
# gcc -fprofile-generate. A user or host that would be an ssh option is
# refused before anything runs (profile and bench), and ssh's argv has "--"
# before the destination; an existing --remote-dir is refused with what is in
# it kept, the one made is removed after; --known-hosts reaches ssh as one
# file, nothing in it expanded, and the ssh-keygen -R hint is shell-quoted;
# --accept-new-host-key with a known_hosts that cannot be written refuses the
# run; a board that closes the connection, or offers no key exchange ssh
# accepts, fails with ssh's own reason.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}
# shellcheck source=tests/tap.sh
. "$here/tap.sh"
# shellcheck source=tests/runner/sshd.sh
. "$here/runner/sshd.sh"

missing=
for t in sshd ssh ssh-keygen ssh-keyscan gcc python3; do
	command -v "$t" >/dev/null || [ -x "/usr/sbin/$t" ] || missing="$missing $t"
done
if [ -n "$missing" ]; then
	echo "1..1"
	not_ok "missing tools:$missing (sh .ci/install-deps installs them)"
	exit 1
fi

W=$(mktemp -d "${TMPDIR:-/tmp}/test-board-ssh.XXXXXX") || exit 99
closer_pid=
sshd2_pid=
cleanup() {
	trap - EXIT INT TERM HUP
	sshd_stop
	for pid in $closer_pid $sshd2_pid; do kill "$pid" 2>/dev/null; done
	rm -rf "$W"
}
trap cleanup EXIT
trap 'echo "Bail out! signal"; exit 130' INT TERM HUP

echo "1..19"

if ! sshd_start "$W/board"; then
	echo "Bail out! sshd does not start"
	diag "$W/board/sshd.log"
	exit 1
fi

# every ssh, ssh-keyscan and ssh-keygen pgo-run runs, logged with its
# arguments (one line, "|" between them) and then run for real
mkdir "$W/hostbin"
for t in ssh ssh-keyscan ssh-keygen; do
	cat >"$W/hostbin/$t" <<EOF
#!/bin/sh
(printf '%s' "$t"; printf '|%s' "\$@"; echo) >>'$W/argv.log'
exec '$(command -v "$t")' "\$@"
EOF
	chmod 755 "$W/hostbin/$t"
done
PATH=$W/hostbin:$PATH

# the task: the program built with -fprofile-generate here (the board shares
# this file system), after GCOV_PREFIX's mode goes to the log; it leaves
# $W/task-ran when it runs
cat >"$W/prog.c" <<'EOF'
#include <stdio.h>
int main(void) { int s = 0; for (int i = 0; i < 1000; i++) s += i % 7; printf("%d\n", s); return 0; }
EOF
gcc -O1 -fprofile-generate "$W/prog.c" -o "$W/prog" || { echo "Bail out! gcc"; exit 1; }
cat >"$W/task.sh" <<EOF
#!/bin/sh
echo "GCOV_PREFIX mode \$(stat -c %a "\$GCOV_PREFIX")"
: >'$W/task-ran'
exec '$W/prog'
EOF
chmod 755 "$W/task.sh"
strip=$(printf '%s' "$W" | tr -cd / | wc -c)
marker=$W/injected
# injected: a command ssh was made to run left $marker (ssh may append @HOST)
injected() { compgen -G "$marker*" >/dev/null; }

# profile NAME ARGS...: --target ssh to the board (ARGS give the host), log
# $W/NAME.log, stderr $W/NAME.err, exit $rc
profile() {
	local name=$1
	shift
	rm -f "$W/task-ran"
	"$PGO_RUN" profile --target ssh --ssh-key "$sshd_key" --python "$W/task.sh" --task '' \
		--gcov-prefix-strip "$strip" --cc gcc --timeout 60 --connect-timeout 10 \
		--collect-timeout 30 --out "$W/$name.prof" --log "$W/$name.log" "$@" \
		>"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}

# one_line NAME RC PATTERN: exit RC, one line on stderr matching PATTERN
one_line() {
	[ "$rc" = "$2" ] && [ "$(wc -l <"$W/$1.err")" = 1 ] && grep -qE -- "$3" "$W/$1.err"
}

# 1-4 a user or host that begins with "-" would be an ssh option: refused
# (usage, exit 2) before anything runs, whatever ssh would make of it
echo "ProxyCommand touch $marker" >"$W/evil.conf"
cp "$W/evil.conf" "$W/evil.conf@127.0.0.1"
inject() {
	local name=$1
	shift
	"$@" >"$W/$name.out" 2>"$W/$name.err"
	rc=$?
	one_line "$name" 2 "^pgo-run: (profile|bench): .*begins with '-' \(ssh would take it for an option\)" &&
		! injected && [ ! -e "$W/task-ran" ] && [ ! -e "$W/$name.log" ]
}
bad_user="-oProxyCommand=touch $marker"
pr=("$PGO_RUN" profile --python "$W/task.sh" --task '' --cc gcc --ssh-key "$sshd_key"
	--known-hosts "$sshd_known" --ssh-port "$sshd_port")
inject user "${pr[@]}" --out "$W/user.prof" --log "$W/user.log" --ssh-user "$bad_user" \
	--target ssh 127.0.0.1
check $? "--ssh-user '-oProxyCommand=...': refused, exit 2, nothing run ($(cat "$W/user.err"))"
inject user-host "${pr[@]}" --out "$W/user-host.prof" --log "$W/user-host.log" \
	--target ssh -- "$bad_user@127.0.0.1"
check $? "--target ssh -- '-oProxyCommand=...@HOST': refused, exit 2, nothing run"
inject host "${pr[@]}" --out "$W/host.prof" --log "$W/host.log" --target ssh -- "-F$W/evil.conf" &&
	inject host-at "${pr[@]}" --out "$W/host-at.prof" --log "$W/host-at.log" \
		--target ssh -- "root@-F$W/evil.conf"
check $? "--target ssh -- -FFILE and USER@-FFILE: refused, exit 2, nothing run"
bench=("$PGO_RUN" bench --ssh-key "$sshd_key" --ssh-port "$sshd_port"
	--known-hosts "$sshd_known")
builds=(a=/usr/bin/python3 b=/usr/bin/python3)
inject bench-user "${bench[@]}" --ssh-user "$bad_user" --target ssh 127.0.0.1 "${builds[@]}" &&
	inject bench-user-host "${bench[@]}" --target ssh -- "-F$W/evil.conf@127.0.0.1" "${builds[@]}" &&
	inject bench-host "${bench[@]}" --target ssh -- "-F$W/evil.conf" "${builds[@]}"
check $? "pgo-run bench: the same three refused, exit 2, nothing run ($(cat "$W/bench-host.err"))"

# 5 the profile comes back, GCOV_PREFIX made private (mode 700) and removed after
profile plain 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$sshd_known"
dir=$(sed -n 's|.*<source>ssh:127.0.0.1:\(/tmp/pgo-profile\.[0-9a-f]*\)</source>.*|\1|p' \
	"$W/plain.prof/pgo-manifest.xml" 2>/dev/null)
left=$(ls -d "${dir:-/nonexistent}" 2>/dev/null)
if [ "$rc" = 0 ] && [ -f "$W/plain.prof/prog.gcda" ] && [ ! -s "$W/plain.err" ] &&
   grep -q '^GCOV_PREFIX mode 700$' "$W/plain.log" && [ -n "$dir" ] && [ -z "$left" ]; then
	ok "a profile from the board; its REMOTE_DIR ($dir) private (700) and removed after"
else
	not_ok "a profile from the board (exit $rc, left: $left)"; diag "$W/plain.err"
	tail -n 20 "$W/plain.log" | diag
fi

# 6-7 --remote-dir: one that exists is refused with what is in it kept; one
# that does not is made for the run and removed after
mkdir -p "$W/remote/keep/sub"
echo precious >"$W/remote/keep/old.gcda"
echo more >"$W/remote/keep/sub/file"
# the files under keep, their modes and times
keep_sum() { (cd "$W/remote" && find keep | LC_ALL=C sort | xargs -d '\n' ls -ld --time-style=+%s.%N | cksum); }
before=$(keep_sum)
profile existing 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$sshd_known" \
	--remote-dir "$W/remote/keep"
after=$(keep_sum)
if one_line existing 1 "^pgo-run: connect: $W/remote/keep exists on root@127.0.0.1:$sshd_port: --remote-dir is made for the run and removed after, so it must not exist" &&
   [ "$before" = "$after" ] && [ ! -e "$W/task-ran" ] && [ ! -e "$W/existing.prof" ]; then
	ok "an existing --remote-dir: refused, exit 1, its files and their times kept"
else
	not_ok "an existing --remote-dir (exit $rc)"; diag "$W/existing.err"
fi
profile fresh 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$sshd_known" \
	--remote-dir "$W/remote/new"
[ "$rc" = 0 ] && [ -f "$W/fresh.prof/prog.gcda" ] && [ ! -e "$W/remote/new" ] &&
	grep -q "<source>ssh:127.0.0.1:$W/remote/new</source>" "$W/fresh.prof/pgo-manifest.xml" &&
	grep -q '^GCOV_PREFIX mode 700$' "$W/fresh.log" && [ "$before" = "$(keep_sum)" ]
check $? "a new --remote-dir: made (700), the profile from it, removed after; the rest kept"

# 8-9 --known-hosts (and --ssh-key) as one file whatever is in its name: a
# space, "%h" (ssh expands it), a leading "~" (relative, ssh would take it for
# a home)
mkdir -p "$W/k h" "$W/~kh"
cp "$sshd_known" "$W/k h/known%h"
cp "$sshd_key" "$W/k h/id%h"
profile known 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$W/k h/known%h" \
	--ssh-key "$W/k h/id%h"
[ "$rc" = 0 ] && [ -f "$W/known.prof/prog.gcda" ]
check $? "--known-hosts 'k h/known%h', --ssh-key 'k h/id%h': the board's key found, ours used"
: >"$W/k h/new%h"
profile new-key 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$W/k h/new%h" \
	--accept-new-host-key
rc2=$rc
cd "$W" || exit 99
profile new-tilde 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "~kh/known" --accept-new-host-key
cd - >/dev/null || exit 99
files=$(cd "$W" && find 'k h' '~kh' k h 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')
if [ "$rc2" = 0 ] && [ "$rc" = 0 ] &&
   ssh-keygen -F "[127.0.0.1]:$sshd_port" -f "$W/k h/new%h" >/dev/null &&
   ssh-keygen -F "[127.0.0.1]:$sshd_port" -f "$W/~kh/known" >/dev/null &&
   [ "$files" = "k h k h/id%h k h/known%h k h/new%h ~kh ~kh/known " ]; then
	ok "--accept-new-host-key: the key recorded in exactly 'k h/new%h' and '~kh/known'"
else
	not_ok "--accept-new-host-key into 'k h/new%h', '~kh/known' (exit $rc, $rc2; files: $files)"
	diag "$W/new-key.err" "$W/new-tilde.err"
fi

# 10 a changed key: refused; the hint's ssh-keygen -R, run as it is printed,
# removes the old key from that file
ssh-keygen -q -t ed25519 -N '' -f "$W/other-key"
echo "[127.0.0.1]:$sshd_port $(cut -d' ' -f1-2 "$W/other-key.pub")" >"$W/k h/changed%h"
profile changed 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$W/k h/changed%h" \
	--accept-new-host-key
hint=$(sed -n 's/.*remove the old one with \(ssh-keygen -R .*\) and connect again$/\1/p' "$W/changed.err")
if one_line changed 1 "^pgo-run: connect: ssh to root@127.0.0.1:$sshd_port refused: the board's host key has changed" &&
   [ -n "$hint" ] && sh -c "$hint" >/dev/null 2>&1 &&
   ! ssh-keygen -F "[127.0.0.1]:$sshd_port" -f "$W/k h/changed%h" | grep -q . &&
   [ ! -e "$W/task-ran" ]; then
	ok "a changed key: refused; the hint runs as printed ($hint)"
else
	not_ok "a changed key (exit $rc, hint: $hint)"; diag "$W/changed.err"
fi

# 11-12 --accept-new-host-key and a known_hosts ssh cannot write (its
# directory missing; a directory): the run refused, the key accepted nowhere
for kh in "$W/no-dir/known" "$W/k h"; do
	name=unwritable-${kh##*/}
	name=${name// /_}
	profile "$name" 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$kh" --accept-new-host-key
	q=$(printf '%s' "$kh" | sed 's/[][\.*^$]/\\&/g')
	one_line "$name" 1 "^pgo-run: connect: ssh to root@127.0.0.1:$sshd_port refused: --accept-new-host-key: the board's key could not be recorded in '$q'" &&
		[ ! -e "$W/task-ran" ] && [ ! -e "$W/$name.prof" ] && [ ! -e "$W/no-dir" ]
	check $? "--accept-new-host-key, --known-hosts $kh not writable: refused, nothing run ($(cat "$W/$name.err"))"
done

# 13 a server that answers and closes the connection: ssh's own reason
python3 -c '
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(5)
with open(sys.argv[1] + ".tmp", "w") as f:
    print(s.getsockname()[1], file=f)
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    c, _ = s.accept()
    c.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
    c.recv(64)
    c.close()
' "$W/closer.port" &
closer_pid=$!
for _ in $(seq 100); do [ -s "$W/closer.port" ] && break; sleep 0.05; done
cport=$(cat "$W/closer.port")
profile closed 127.0.0.1 --ssh-port "$cport" --known-hosts "$sshd_known"
one_line closed 1 "^pgo-run: connect: ssh to root@127.0.0.1:$cport failed: Connection (closed|reset) by 127.0.0.1 port $cport$"
check $? "a server that closes the connection: ssh's reason ($(cat "$W/closed.err"))"

# 14 a board whose sshd offers only a key exchange ssh does not accept
port2=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed "s/^Port .*/Port $port2/; s|^PidFile .*|PidFile $W/board/sshd2.pid|" "$W/board/sshd_config" \
	>"$W/board/sshd2_config"
echo "KexAlgorithms diffie-hellman-group1-sha1" >>"$W/board/sshd2_config"
"$(command -v sshd || echo /usr/sbin/sshd)" -f "$W/board/sshd2_config" -E "$W/board/sshd2.log"
for _ in $(seq 100); do [ -s "$W/board/sshd2.pid" ] && break; sleep 0.05; done
sshd2_pid=$(cat "$W/board/sshd2.pid" 2>/dev/null)
profile kex 127.0.0.1 --ssh-port "$port2" --known-hosts "$sshd_known"
one_line kex 1 "^pgo-run: connect: ssh to root@127.0.0.1:$port2 failed: Unable to negotiate with 127.0.0.1 port $port2: no matching key exchange method found"
check $? "no key exchange in common: ssh's reason ($(cat "$W/kex.err"))"

# 15-16 pgo-run bench on a board: an existing --remote-dir refused with its
# files kept; a server that closes the connection: ssh's reason
bench_board() {
	local name=$1
	shift
	"$PGO_RUN" bench --target ssh 127.0.0.1 --ssh-key "$sshd_key" --known-hosts "$sshd_known" \
		--connect-timeout 10 --log "$W/$name.log" "$@" "${builds[@]}" \
		>"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}
bench_board bench-existing --ssh-port "$sshd_port" --remote-dir "$W/remote/keep"
one_line bench-existing 1 "^pgo-run: copy: $W/remote/keep exists already on the target" &&
	[ "$before" = "$(keep_sum)" ]
check $? "pgo-run bench: an existing --remote-dir refused, its files kept"
bench_board bench-closed --ssh-port "$cport"
one_line bench-closed 1 "^pgo-run: connect: ssh to root@127.0.0.1:$cport failed: Connection (closed|reset) by 127.0.0.1 port $cport$"
check $? "pgo-run bench: a server that closes the connection: ssh's reason"

# 19 a task whose last line holds ESC, a C1 control in UTF-8 and a byte that
# is no UTF-8: the error line is printable ASCII, ESC dropped as the line is
# read (as every byte below 0x20), the others as \xNN
printf '#!/bin/sh\nprintf "red \\033[31m csi \\302\\233 ff \\377 end\\n" >&2\nexit 3\n' >"$W/hostile.sh"
chmod 755 "$W/hostile.sh"
profile hostile 127.0.0.1 --ssh-port "$sshd_port" --known-hosts "$sshd_known" \
	--python "$W/hostile.sh"
if one_line hostile 1 'its last line: red \[31m csi \\xc2\\x9b ff \\xff end$' &&
   ! LC_ALL=C grep -q '[^ -~]' "$W/hostile.err"; then
	ok "a task's hostile last line reaches the error line as printable ASCII"
else
	not_ok "a task's hostile last line (exit $rc)"; od -c "$W/hostile.err" | head -n 5 | diag
fi

# 17 every ssh and ssh-keyscan pgo-run ran had "--" before the destination,
# and the destination nowhere else
bad=$(awk -F'|' -v port="$sshd_port" '
	$1 == "ssh" || $1 == "ssh-keyscan" {
		dd = 0
		for (i = 2; i <= NF; i++) if ($i == "--") { dd = i; break }
		dest = $1 == "ssh" ? "root@127.0.0.1" : "127.0.0.1"
		if (!dd || $(dd + 1) != dest) { print; next }
		for (i = 2; i < dd; i++) if ($i ~ /127\.0\.0\.1/) { print; next }
	}' "$W/argv.log")
n_ssh=$(grep -c '^ssh|' "$W/argv.log")
n_scan=$(grep -c '^ssh-keyscan|' "$W/argv.log")
[ -z "$bad" ] && [ "$n_ssh" -gt 20 ] && [ "$n_scan" -ge 1 ]
check $? "ssh ($n_ssh runs) and ssh-keyscan ($n_scan): '--' before the destination"
[ -n "$bad" ] && echo "$bad" | head -n 5 | diag

# 18 the board's sshd logged no error of ours, and the injected command never ran
! injected && ! grep -qi 'fatal' "$W/board/sshd.log"
check $? "no injected command ran, sshd saw nothing fatal"

[ "$failed" = 0 ]
