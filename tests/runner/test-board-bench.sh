#!/bin/bash
# TAP: pgo-run bench against a hostile or broken board: OpenSSH's sshd on
# 127.0.0.1 (sshd.sh), with programs in its PATH printing what a hostile
# target would, and builds on it (python3 wrappers around Debian's) that
# misbehave:
#   - escaped for each sink: a uname -m of markup, bytes >= 0x80, DEL and
#     ESC (which the line reader drops), a version line of the same: the JSON loads (valid UTF-8), the SVG is
#     well-formed XML without the planted element, the table and an error
#     line are printable ASCII;
#   - a round past its deadline (a benchmark that forks a sleeping
#     grandchild and sleeps): one line, and no process of its tree left on
#     the board (its process group; on a board whose shell leads none, its
#     descendants), nor on this machine with --target local; a version
#     check that hangs ends at --timeout, not 300 s, its tree killed too;
#   - benchmarks printing nan, inf, 0 or -1 seconds, or CPU times of 0: an
#     error naming the build, exit 1;
#   - --json or --svg that cannot be written: refused before the board is
#     reached, naming the file that failed and why.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap.sh
. "$here/tap.sh"
# shellcheck source=tests/runner/sshd.sh
. "$here/runner/sshd.sh"
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}
PY=/usr/bin/python3
for t in "$PY" ssh ssh-keygen xmllint pgrep; do
	command -v "$t" >/dev/null || { echo "1..1"; not_ok "missing tool $t"; exit 1; }
done
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }
W=$(mktemp -d "${TMPDIR:-/tmp}/test-board-bench.XXXXXX") || exit 99
trap 'sshd_stop; rm -rf "$W"' EXIT
if ! sshd_start "$W/board"; then
	echo "1..1"
	not_ok "the board (sshd) starts"
	diag "$W/board/sshd.log"
	exit 1
fi
# marks of this run's hostile processes, found with pgrep -f
mark=$((70000 + $$ % 20000))

# shellcheck source=tests/runner/bench-lib.sh
. "$here/runner/bench-lib.sh"
# no byte outside printable ASCII (and newline) in FILE
ascii() { ! LC_ALL=C grep -q '[^ -~]' "$1"; }
# board NAME ARGS...: pgo-run bench on the board, $W/NAME.{out,err,log}, exit in $rc
board() {
	local name=$1
	shift
	"$PGO_RUN" bench --target ssh "$(id -un)@127.0.0.1" --ssh-port "$sshd_port" \
		--ssh-key "$sshd_key" --known-hosts "$sshd_known" --connect-timeout 10 \
		--log "$W/$name.log" "$@" >"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}
# build NAME BODY: $W/NAME/python3, a sh script running BODY, else Debian's python3
build() {
	mkdir -p "$W/$1"
	printf '#!/bin/sh\n%s\nexec %s "$@"\n' "$2" "$PY" >"$W/$1/python3"
	chmod +x "$W/$1/python3"
}
# gone TEXT: no process's command line holds TEXT, here or on the board, within
# 5 s (its first character bracketed: the pattern does not find the pgrep
# itself, nor the ssh that carries it)
gone() {
	local i re="[${1:0:1}]${1:1}"
	for i in $(seq 50); do
		! pgrep -f -- "$re" >/dev/null && ! sshd_ssh pgrep -f -- "'$re'" >/dev/null && return 0
		[ "$i" = 50 ] || sleep 0.1
	done
	pgrep -af -- "$re" | diag
	return 1
}

# 1-5 escaped for each sink: a hostile uname -m and version line
printf '#!/bin/sh\nprintf '"'"'x86_64<script>alert(1)</script>\\377\\376\\033\\177\\n'"'"'\n' \
	>"$W/board/bin/uname"
chmod +x "$W/board/bin/uname"
build ver 'case "$*" in *PGO-BENCH-VERSION*)
	printf '"'"'PGO-BENCH-VERSION 3.\377<b>&amp;\177\n'"'"'; exit 0 ;; esac'
board esc --benchmarks startup --reps 2 --warmup 0 --startup-runs 2 --json "$W/esc.json" \
	--svg "$W/esc.svg" a=$PY h="$W/ver/python3"
check "$rc" "a hostile uname -m and version line: the run completes (exit $rc)"
[ "$rc" = 0 ] || { diag "$W/esc.err"; tail -n 20 "$W/esc.log" | diag; }
json "$W/esc.json" 'd["machine"] == "x86_64<script>alert(1)</script>\ufffd\ufffd\u007f" and
	d["builds"][1]["version"] == "3.\ufffd<b>&amp;\u007f" and d["complete"]'
check $? "the JSON loads (valid UTF-8): the bytes >= 0x80 as U+FFFD, DEL escaped, ESC dropped, the rest as it was"
xmllint --noout "$W/esc.svg" 2>&1 | diag
r=$((PIPESTATUS[0]))
! grep -q '<script' "$W/esc.svg" && grep -q 'x86_64&lt;script&gt;alert(1)&lt;/script&gt;' "$W/esc.svg"
check $((r + $?)) "the SVG is well-formed XML (xmllint) and holds the markup as text, no <script> element"
ascii "$W/esc.out" && grep -q '(x86_64<script>alert(1)</script>\\xff\\xfe\\x7f)' "$W/esc.out" &&
	grep -q 'Python 3\.\\xff<b>&amp;\\x7f' "$W/esc.out"
check $? "the table is printable ASCII: the target's bytes as \\xNN"
rm -f "$W/board/bin/uname"
build bad 'case "$*" in *PGO-BENCH-VERSION*)
	printf '"'"'\377\033]0;owned\007\177 boom\n'"'"'; exit 1 ;; esac'
board escerr --reps 2 --json "$W/escerr.json" a=$PY e="$W/bad/python3"
one_line "$W/escerr.err" && ascii "$W/escerr.err" && [ "$rc" = 1 ] &&
	grep -q 'check: build e does not start on the target (status 1): \\xff]0;owned\\x7f boom$' \
		"$W/escerr.err" &&
	json "$W/escerr.json" 'not d["complete"] and "owned" in d["error"]'
check $? "an error line with the target's bytes: one line of printable ASCII, exit $rc; the JSON loads"
diag "$W/escerr.err"

# 6-8 a round past its deadline: the benchmark's whole tree killed on the board
build slow "case \"\$*\" in *importlib*) sleep $((mark + 1)) & sleep $((mark + 2)); exit 0 ;; esac"
t0=$(now)
board slow --benchmarks nbody --reps 2 --warmup 0 --timeout 8 --json "$W/slow.json" \
	--remote-dir "$W/priv-slow" a=$PY slow="$W/slow/python3"
echo "# time deadline on the board $(since "$t0")s"
one_line "$W/slow.err" && [ "$rc" = 1 ] && grep -q "bench: round: deadline of 8s passed" "$W/slow.err"
check $? "a round past its deadline on the board: one line, exit $rc"
diag "$W/slow.err"
gone "sleep $((mark + 1))" && gone "sleep $((mark + 2))" && gone "$W/slow/python3" &&
	[ ! -e "$W/priv-slow" ] &&
	grep -q "killed what the command cut off left running on the target" "$W/slow.log"
check $? "no process of the round's tree left on the board (grandchild, benchmark, driver: its command line names the build); its directory removed"
# a board whose command shell leads no process group (it runs in a child of
# the login shell): the tree found through /proc's parents, and killed
# shellcheck disable=SC2016 # for the board's shell
echo 'if [ -z "${NESTED:-}" ]; then NESTED=1 /bin/sh -c "$SSH_ORIGINAL_COMMAND"; exit $?; fi' \
	>"$W/board/board.env"
build slown "case \"\$*\" in *importlib*) sleep $((mark + 7)) & sleep $((mark + 8)); exit 0 ;; esac"
board slown --benchmarks nbody --reps 2 --warmup 0 --timeout 5 a=$PY slow="$W/slown/python3"
: >"$W/board/board.env"
one_line "$W/slown.err" && [ "$rc" = 1 ] && grep -q "round: deadline of 5s passed" "$W/slown.err" &&
	grep -q "^PGO-BENCH-KILLED [0-9]* [0-9]* [0-9]* [0-9]*" "$W/slown.log" &&
	gone "sleep $((mark + 7))" && gone "sleep $((mark + 8))" && gone "$W/slown/python3"
check $? "a board whose shell leads no process group: the round's tree found through /proc and killed, exit $rc"
# the version check follows --timeout
build hang "case \"\$*\" in *PGO-BENCH-VERSION*) sleep $((mark + 3)) & sleep $((mark + 4)) ;; esac"
t0=$(now)
board hang --timeout 5 a=$PY hang="$W/hang/python3"
t=$(since "$t0")
echo "# time version check past its deadline $t s"
one_line "$W/hang.err" && [ "$rc" = 1 ] && grep -q "check: python3 -c: deadline of 5s passed" "$W/hang.err" &&
	awk -v t="$t" 'BEGIN { exit !(t < 60) }' && gone "sleep $((mark + 3))" && gone "sleep $((mark + 4))"
check $? "a version check that hangs ends at --timeout 5 (${t}s), its tree killed on the board"
diag "$W/hang.err"

# 9 on this machine: the round's process group killed whole
build slowl "case \"\$*\" in *importlib*) sleep $((mark + 5)) & sleep $((mark + 6)); exit 0 ;; esac"
"$PGO_RUN" bench --target local --benchmarks nbody --reps 2 --warmup 0 --timeout 5 \
	--log "$W/local.log" a=$PY slow="$W/slowl/python3" >"$W/local.out" 2>"$W/local.err"
rc=$?
one_line "$W/local.err" && [ "$rc" = 1 ] && grep -q "round: deadline of 5s passed" "$W/local.err" &&
	gone "sleep $((mark + 5))" && gone "sleep $((mark + 6))" && gone "$W/slowl/python3"
check $? "a round past its deadline here (--target local): its whole process group killed, exit $rc"

# 10-14 times that are not times: one line naming the build, exit 1
build times "case \"\$*\" in *importlib*) cat '$W/times/value'; exit 0 ;; esac"
for v in "nan nan" "inf inf" "0 0" "-1 -1"; do
	echo "$v" >"$W/times/value"
	board times --benchmarks nbody --reps 2 --warmup 0 --json "$W/times.json" a=$PY t="$W/times/python3"
	one_line "$W/times.err" && [ "$rc" = 1 ] &&
		grep -q "round 1: nbody on build t printed the time '[-a-z0-9.]*': not a positive number of seconds" \
			"$W/times.err" && json "$W/times.json" 'not d["complete"]'
	check $? "a benchmark printing '$v' seconds: an error, exit $rc: $(cat "$W/times.err")"
done
echo "0.5 0" >"$W/times/value"
board times --benchmarks nbody --reps 2 --warmup 0 a=$PY t="$W/times/python3"
one_line "$W/times.err" && [ "$rc" = 1 ] &&
	grep -q "bench: build t: none of its 2 processes of nbody took a CPU time above 0" "$W/times.err"
check $? "CPU times of 0: no speed to compare, an error, exit $rc: $(cat "$W/times.err")"

# 15-17 outputs that cannot be written: refused before the board is reached
outputs() {
	local what=$1 want=$2
	shift 2
	t0=$(now)
	board out --reps 2 "$@" a=$PY b=$PY
	one_line "$W/out.err" && [ "$rc" = 1 ] && grep -qF -- "$want" "$W/out.err" &&
		! grep -q "connect\|round" "$W/out.log"
	check $? "$what: refused before anything ran ($(since "$t0")s), exit $rc: $(cat "$W/out.err")"
}
outputs "--json in a missing directory" \
	"setup: --json $W/none/r.json: cannot create $W/none/r.json.tmp beside it: No such file or directory" \
	--json "$W/none/r.json"
outputs "--svg /proc/version" \
	"setup: --svg /proc/version: cannot create /proc/version.tmp beside it: No such file or directory" \
	--svg /proc/version
outputs "--json a directory" "setup: --json $W: cannot replace it: Is a directory" --json "$W"

echo "1..$n"
[ "$failed" = 0 ]
