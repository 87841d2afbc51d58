#!/bin/bash
# TAP: what "pgo-run profile" reports, against the test image in QEMU (TCG):
# the JUnit XML report (--junit) of a run that passes and of runs that fail,
# read back with xmllint; the progress line on a terminal (under a pty made
# by script(1)) and none without one; and a forwarded ssh port that another
# process holds: QEMU is started again on another port, a few times.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
require_tools "$QEMU" ssh xmllint script python3
image_load "$out"
echo "1..14"

# profile NAME ARGS...: --target qemu against the image; log $W/NAME.log,
# stderr $W/NAME.err, exit status $rc
profile() {
	local name=$1
	shift
	"$PGO_RUN" profile --target qemu --qemuboot "$IMAGE_QEMUBOOT" --accel tcg \
		--python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" --remote-dir /tmp/pgo-prof \
		--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" \
		--ssh-key "$IMAGE_SSH_KEY" --timeout 60 --boot-timeout 90 --connect-timeout 60 \
		--collect-timeout 30 --log "$W/$name.log" "$@" >"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}
x() { xmllint --xpath "$2" "$1" 2>/dev/null; }
cases() { x "$1" '//testcase/@name' | tr -s ' \n' ' '; }
all5=' name="boot" name="connect" name="run" name="collect" name="install" '

# 1-3 a run that passes
t0=$(now)
profile pass --boot-marker "$IMAGE_MARKER" --out "$W/prof" --junit "$W/pass.xml"
echo "# time junit-pass-run $(since "$t0")s"
if [ "$rc" = 0 ] && xmllint --noout "$W/pass.xml" 2>"$W/lint.err" &&
   [ "$(cases "$W/pass.xml")" = "$all5" ]; then
	ok "junit, passing run: well-formed, one testsuite, testcases boot connect run collect install"
else
	not_ok "junit, passing run (exit $rc): $(cases "$W/pass.xml")"; diag "$W/lint.err" "$W/pass.err"
fi
[ "$(x "$W/pass.xml" 'count(//testsuite)')" = 1 ] &&
	[ "$(x "$W/pass.xml" 'string(//testsuite/@tests)')" = 5 ] &&
	[ "$(x "$W/pass.xml" 'string(//testsuite/@failures)')" = 0 ] &&
	[ "$(x "$W/pass.xml" 'count(//failure|//skipped|//error)')" = 0 ] &&
	[ "$(x "$W/pass.xml" 'count(//testcase[number(@time) >= 0])')" = 5 ] &&
	awk -v t="$(x "$W/pass.xml" 'string(//testcase[@name="boot"]/@time)')" 'BEGIN { exit !(t > 0.5) }'
check $? "junit, passing run: 5 tests, no failure, every stage timed (boot $(x "$W/pass.xml" 'string(//testcase[@name="boot"]/@time)')s)"
x "$W/pass.xml" 'string(//testcase[@name="run"]/system-out)' | grep -q '^digest: ' &&
	x "$W/pass.xml" 'string(//testcase[@name="boot"]/system-out)' | grep -q "$IMAGE_MARKER"
check $? "junit, passing run: the task's output in run's system-out, the console in boot's"

# 4-5 the task fails: a <failure> on run with the error line, collect and install skipped
profile fail --boot-marker "$IMAGE_MARKER" --out "$W/prof" --junit "$W/fail.xml" \
	--python /bin/sh --task "-c 'echo about to fail; exit 3'"
msg=$(x "$W/fail.xml" 'string(//testcase[@name="run"]/failure/@message)')
if [ "$rc" = 1 ] && xmllint --noout "$W/fail.xml" && [ "$(cases "$W/fail.xml")" = "$all5" ] &&
   [ "$msg" = "$(cat "$W/fail.err")" ] &&
   [ "$msg" = "pgo-run: run: the task exited with status 3; its last line: about to fail" ]; then
	ok "junit, failing run: <failure message=\"$msg\"> on run, the same line as on stderr"
else
	not_ok "junit, failing run (exit $rc): message '$msg'"; diag "$W/fail.err"
fi
[ "$(x "$W/fail.xml" 'string(//testsuite/@failures)')" = 1 ] &&
	[ "$(x "$W/fail.xml" 'count(//testcase[@name="boot" or @name="connect"][not(failure)])')" = 2 ] &&
	[ "$(x "$W/fail.xml" 'count(//testcase[@name="collect" or @name="install"]/skipped)')" = 2 ] &&
	x "$W/fail.xml" 'string(//testcase[@name="run"]/system-out)' | grep -qx 'about to fail' &&
	[ -z "$(find "$W" -maxdepth 1 -name '*.xml.tmp-*')" ]
check $? "junit, failing run: 1 failure, collect and install skipped, the output kept, no temporary file left"

# 6 a failure before any stage (no emulator): a setup testcase carries it
"$PGO_RUN" profile --target qemu-user --arch nosucharch --python /bin/true --task '' \
	--gcc-version 12 --out "$W/x" --junit "$W/setup.xml" 2>"$W/setup.err"
rc=$?
[ "$rc" = 1 ] && xmllint --noout "$W/setup.xml" &&
	[ "$(cases "$W/setup.xml")" = ' name="setup" name="run" name="collect" name="install" ' ] &&
	[ "$(x "$W/setup.xml" 'string(//testcase[@name="setup"]/failure/@message)')" = "$(cat "$W/setup.err")" ]
check $? "junit, setup failure: a setup testcase with the error, run collect install skipped (exit $rc)"

# 7 a report that cannot be written is an error of its own
"$PGO_RUN" profile --target local --python "$DEMO_BINARY" --task 1 --gcov-prefix-strip \
	"$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" --out "$W/lprof" \
	--log "$W/nodir.log" --junit "$W/no/such/dir/r.xml" 2>"$W/nodir.err"
rc=$?
[ "$rc" = 1 ] && grep -qx "pgo-run: junit: $W/no/such/dir/r.xml: No such file or directory" "$W/nodir.err" &&
	[ "$(wc -l <"$W/nodir.err")" = 1 ]
check $? "junit into a missing directory: $(cat "$W/nodir.err") (exit $rc)"

# 8-10 the progress line: on a terminal (a pty from script(1)) and only there
cmd=$(printf '%q ' "$PGO_RUN" profile --target qemu --qemuboot "$IMAGE_QEMUBOOT" --accel tcg \
	--boot-marker "$IMAGE_MARKER" --python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" \
	--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" \
	--ssh-key "$IMAGE_SSH_KEY" --timeout 60 --boot-timeout 90 --out "$W/tprof" \
	--log "$W/tty.log")
script -qfec "$cmd" /dev/null </dev/null >"$W/tty.out" 2>&1
rc=$?
# the redraws: "\r\033[K" then the line
tr '\r' '\n' <"$W/tty.out" | sed -n 's/^\x1b\[K//p' >"$W/tty.lines"
missing=
for st in boot connect run collect install; do
	grep -Eq "^pgo-run: $st +[0-9]+\.[0-9]s" "$W/tty.lines" || missing="$missing $st"
done
[ "$rc" = 0 ] && [ -z "$missing" ]
check $? "progress on a tty: every stage with its seconds (missing:${missing:- none}; exit $rc)"
[ "$rc" = 0 ] || head -c 2000 "$W/tty.out" | cat -v | diag
grep -Eq '^pgo-run: collect +[0-9.]+s  digest: [0-9a-f]+$' "$W/tty.lines" &&
	! awk 'length($0) > 79 { exit 0 } END { exit 1 }' "$W/tty.lines" &&
	[ "$(wc -l <"$W/tty.out")" = 0 ] && [ "$(grep -c . "$W/tty.lines")" -ge 5 ]
check $? "progress on a tty: the task's last line shown, within 80 columns, redrawn in place (no newline; $(wc -l <"$W/tty.lines") draws)"
profile notty --boot-marker "$IMAGE_MARKER" --out "$W/nprof"
"$PGO_RUN" profile --target local --python "$DEMO_BINARY" --task 1 --gcov-prefix-strip \
	"$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" --out "$W/lprof" 2>"$W/notty-stderr.err"
rc2=$?
[ "$rc" = 0 ] && [ "$rc2" = 0 ] && [ ! -s "$W/notty.err" ] &&
	grep -q '^pgo-run: install: ' "$W/notty-stderr.err" &&
	! grep -q $'\r\|\x1b' "$W/notty.err" "$W/notty-stderr.err" "$W/notty.log"
check $? "no tty: no progress line (no CR, no escape), with --log and without"

# 11-12 the forwarded port: two taken ports, then a free one (no boot marker: QEMU's
# exit is seen while connecting)
hold_ports 2
read -r p1 p2 <<<"$held"
t0=$(now)
PGO_RUN_TEST_SSH_PORTS="$p1,$p2" profile port-race --out "$W/pprof" --junit "$W/port.xml"
echo "# time port-race-run $(since "$t0")s"
last=$(sed -n 's/^pgo-run: boot: ssh port 127.0.0.1:\([0-9]*\)$/\1/p' "$W/port-race.log" | tail -n 1)
if [ "$rc" = 0 ] && [ -f "$W/pprof/$DEMO_GCDA_STRIPPED" ] &&
   grep -q "127.0.0.1:$p1 was taken before QEMU could bind it; another port (try 2 of 5)" "$W/port-race.log" &&
   grep -q "127.0.0.1:$p2 was taken before QEMU could bind it; another port (try 3 of 5)" "$W/port-race.log" &&
   [ -n "$last" ] && [ "$last" != "$p1" ] && [ "$last" != "$p2" ] &&
   [ "$(x "$W/port.xml" 'count(//failure)')" = 0 ]; then
	ok "ports $p1 and $p2 taken: QEMU started again, the profile came through 127.0.0.1:$last"
else
	not_ok "port race (exit $rc, last port '$last')"; diag "$W/port-race.err"
	grep '^pgo-run: \|^qemu:' "$W/port-race.log" | tail -n 12 | diag
fi
[ "$(sed -n 's/^pgo-run: boot: qemu pid \([0-9]*\)$/\1/p' "$W/port-race.log" | wc -l)" = 3 ] &&
	pids_gone "$W/port-race.log"
check $? "port race: three QEMUs started, every one of them gone"
# 13-14 every try loses: one line, exit 1, no QEMU left
hold_ports 5
ports=${held// /,}
last=${held##* }
PGO_RUN_TEST_SSH_PORTS=$ports profile port-lost --boot-marker "$IMAGE_MARKER" --out "$W/prof"
[ "$rc" = 1 ] && [ "$(wc -l <"$W/port-lost.err")" = 1 ] &&
	grep -qx "pgo-run: boot: QEMU could not forward a port to the guest's ssh (5 ports tried, the last 127.0.0.1:$last taken)" "$W/port-lost.err"
check $? "all 5 ports taken: $(cat "$W/port-lost.err")"
[ "$(grep -c '^pgo-run: boot: qemu pid' "$W/port-lost.log")" -ge 5 ] && pids_gone "$W/port-lost.log"
check $? "all 5 ports taken: no QEMU left"
[ "$failed" = 0 ]
