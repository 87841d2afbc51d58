#!/bin/bash
# TAP: what comes back from a board and what goes to it, against a real
# OpenSSH sshd on 127.0.0.1 (tests/runner/sshd.sh) whose tar is
# tests/runner/board/tar: a hostile stream is refused by the budgets while it
# comes, the reading stopped at once (the board counts what it could send);
# --overlay's files arrive without setuid and world write unless
# --overlay-keep-modes, under UTF-8 names in the C locale; tar failing there
# is reported with its cause; a missing overlay or a FIFO in it is refused
# before the board is reached. Nothing is written outside the test's directory:
# the board's tar unpacks into $W/root.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}
# shellcheck source=tests/tap.sh
. "$here/tap.sh"
# shellcheck source=tests/runner/sshd.sh
. "$here/runner/sshd.sh"

W=$(mktemp -d "${TMPDIR:-/tmp}/test-board-collect.XXXXXX") || exit 99
cleanup() {
	sshd_stop
	rm -rf "$W"
}
trap cleanup EXIT
trap 'echo "Bail out! signal"; exit 130' INT TERM HUP
export LC_ALL=C

for t in sshd ssh ssh-keygen python3 tar; do
	command -v "$t" >/dev/null || [ -x "/usr/sbin/$t" ] || {
		echo "Bail out! $t is missing (install-deps)"; exit 1; }
done
echo "1..13"
if ! sshd_start "$W/board"; then
	echo "Bail out! the board's sshd does not start"; diag "$W/board/sshd.log"; exit 1
fi
cp "$here/runner/board/tar" "$W/board/bin/tar"
mkdir -p "$W/root" "$W/rd"

# board NAME [VAR=VALUE...]: the board's environment for its commands (and
# every command it gets noted in $W/commands)
board() {
	{
		echo "echo \"\$SSH_ORIGINAL_COMMAND\" >>'$W/commands'"
		echo "export BOARD_ROOT='$W/root' BOARD_SENT='$W/sent'"
		for v in "$@"; do echo "export $v"; done
	} >"$W/board/board.env"
	rm -f "$W/sent" "$W/commands"
}

# profile NAME ARGS...: a task that writes one .gcda; exit in $rc, stderr in $W/NAME.err
task="-c 'import os; open(os.environ[\"GCOV_PREFIX\"] + \"/a.gcda\", \"wb\").write(b\"adcg*22B\\1\\2\\3\\4abc\")'"
profile() {
	local name=$1
	shift
	"$PGO_RUN" profile --target ssh 127.0.0.1 --ssh-port "$sshd_port" --ssh-key "$sshd_key" \
		--known-hosts "$sshd_known" --python /usr/bin/python3 --task "$task" \
		--gcc-version 12.2.0 --out "$W/$name.prof" --log "$W/$name.log" --collect-timeout 120 \
		--remote-dir "$W/rd/$name" "$@" >"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}

# sent: what the board's tar wrote before the reader stopped (it notes it on exit)
sent() {
	for _ in $(seq 200); do [ -s "$W/sent" ] && break; sleep 0.05; done
	cat "$W/sent" 2>/dev/null || echo unknown
}

# hostile MODE WANT MAX TITLE: refused with one line matching WANT, nothing
# installed, the board's tar stopped after at most MAX bytes
hostile() {
	local mode=$1 want=$2 max=$3 title=$4 t0 bytes
	board "BOARD_TAR=$mode"
	t0=$(now)
	profile "$mode"
	bytes=$(sent)
	echo "# time $mode $(since "$t0")s, the board sent $bytes bytes"
	if [ "$rc" = 1 ] && [ "$(wc -l <"$W/$mode.err")" = 1 ] &&
	   grep -q "^pgo-run: collect: the archive from the target: $want" "$W/$mode.err" &&
	   [ ! -e "$W/$mode.prof" ] && [ "$bytes" != unknown ] && [ "$bytes" -le "$max" ]; then
		ok "$title (stopped after $bytes bytes)"
	else
		not_ok "$title (exit $rc, $bytes bytes sent)"
		diag "$W/$mode.err"
	fi
}

# 1 the plain board: its real tar, the profile installed through the meter
board
profile plain
[ "$rc" = 0 ] && [ -f "$W/plain.prof/a.gcda" ]
check $? "a board's real tar: the profile comes through the meter and is installed"

# 2-7 a hostile tar: each budget enforced while the stream comes
mib=$((1024 * 1024))
hostile huge "entry './huge.gcda': over the budget per file of 67108864 bytes" $((32 * mib)) \
	"a file announced at 8 GiB: refused at its header"
hostile total "entry './f16.gcda': over the budget for the whole profile of 1073741824 bytes" \
	$((1024 * mib + 32 * mib)) "files of 64 MiB without end: refused at the one past 1 GiB"
hostile count "entry './f100000.gcda': more files than the budget of 100000" $((96 * mib)) \
	"empty files without end: refused at the 100,001st"
hostile ext "not a tar stream at byte [0-9]*: header extensions without an entry" $((32 * mib)) \
	"pax headers without an entry: refused"
hostile tail "more than 1048576 bytes after the end of the archive" $((32 * mib)) \
	"zeros without end after the archive: refused"
hostile garbage "not a tar stream at byte 0: a header with a bad checksum" $((32 * mib)) \
	"bytes that are no tar: refused at the first header"

# 8-9 --overlay: modes narrowed, or kept when asked; a UTF-8 name in the C locale
ov=$W/overlay
mkdir -p "$ov/usr/bin" "$ov/etc"
printf '#!/bin/sh\n' >"$ov/usr/bin/suid"
chmod 4755 "$ov/usr/bin/suid"
printf 'x\n' >"$ov/etc/world"
chmod 0777 "$ov/etc/world"
printf 'g\n' >"$ov/etc/group"
chmod 2775 "$ov/etc/group"
printf 'caf\n' >"$ov/etc/$(printf 'caf\303\251')"
board
profile modes --overlay "$ov"
mode() { stat -c %a "$W/root/$1"; }
if [ "$rc" = 0 ] && [ "$(mode usr/bin/suid)" = 755 ] && [ "$(mode etc/world)" = 755 ] &&
   [ "$(mode etc/group)" = 755 ] && [ "$(cat "$W/root/etc/$(printf 'caf\303\251')")" = caf ] &&
   grep -q -- '--overlay: 3 files lose setuid, setgid, sticky or group and world write' \
	"$W/modes.log"; then
	ok "--overlay: 4755, 0777 and 2775 arrive 0755, said in the log; a UTF-8 name arrives as it is"
else
	not_ok "--overlay's modes and names (exit $rc)"; diag "$W/modes.err"
	find "$W/root" -printf "%m %p\n" | diag
fi
rm -rf "$W/root" && mkdir -p "$W/root"
profile keep --overlay "$ov" --overlay-keep-modes
[ "$rc" = 0 ] && [ "$(mode usr/bin/suid)" = 4755 ] && [ "$(mode etc/world)" = 777 ] &&
	[ "$(mode etc/group)" = 2775 ]
check $? "--overlay-keep-modes: 4755, 0777 and 2775 arrive as they are"

# 10 the board's tar fails: the cause, not GNU tar's closing line
rm -rf "$W/root" && mkdir -p "$W/root"
printf 'a file\n' >"$W/root/etc"
profile tarfail --overlay "$ov"
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/tarfail.err")" = 1 ] &&
   grep -q '^pgo-run: run: --overlay: tar on the target exited with status 2: tar: etc/.*: Not a directory' \
	"$W/tarfail.err"; then
	ok "the board's tar fails: its cause in the one line"
else
	not_ok "the board's tar fails (exit $rc)"; diag "$W/tarfail.err"
fi
rm -rf "$W/root" && mkdir -p "$W/root"

# 11-12 a missing overlay, or a FIFO (named with a newline) in it: refused before
# the board gets any command
board
profile missing --overlay "$W/none"
[ "$rc" = 1 ] && [ ! -e "$W/commands" ] &&
	[ "$(cat "$W/missing.err")" = "pgo-run: setup: --overlay $W/none: No such file or directory" ]
check $? "a missing --overlay: refused before the board is reached"
mkfifo "$ov/etc/$(printf 'fi\nfo')"
profile fifo --overlay "$ov"
[ "$rc" = 1 ] && [ ! -e "$W/commands" ] && [ "$(cat "$W/fifo.err")" = \
	"pgo-run: setup: --overlay '$ov/etc/fi\\x0afo': not a regular file, directory or symbolic link" ]
check $? "a FIFO in --overlay, its name quoted: refused before the board is reached"
rm -f "$ov/etc/$(printf 'fi\nfo')"

# 13 the board ends as it began: nothing of the runs left in their remote
# directories' parent (one of the test's own: the board is this machine,
# whose /tmp other tests' boards share)
sshd_ssh "ls -A '$W/rd' && echo end" >"$W/left"
[ "$(cat "$W/left")" = end ]
check $? "the board keeps no directory of the runs"
[ "$failed" = 0 ]
