#!/bin/bash
# TAP: "pgo-run profile" against the real test image (tests/image/build-image.sh)
# in QEMU (TCG): a profile gathered over ssh and over the serial console,
# used by gcc -fprofile-use -Werror=missing-profile; then the fault
# catalogue: each fault a one-line error, exit 1, no QEMU left (checked by
# the pid pgo-run logs) and the profile directory untouched.
# The image is $PGO_IMAGE_DIR (default tests/image-out in the build tree,
# shared with tests/runner/qemu.sh, which make check runs first).
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
require_tools "$QEMU" ssh
image_load "$out"
echo "1..24"

# profile NAME ARGS...: pgo-run profile against the image, log in $W/NAME.log,
# standard error in $W/NAME.err, exit status in $rc
profile() {
	name=$1
	shift
	"$PGO_RUN" profile --target qemu --qemuboot "$IMAGE_QEMUBOOT" --accel tcg \
		--boot-marker "$IMAGE_MARKER" --python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" \
		--remote-dir /tmp/pgo-prof --gcov-prefix-strip "$DEMO_PREFIX_STRIP" \
		--toolchain gcc --gcc-version "$DEMO_GCC_VERSION" --timeout 60 --boot-timeout 60 \
		--connect-timeout 30 --collect-timeout 30 --log "$W/$name.log" "$@" \
		>"$W/$name.out" 2>"$W/$name.err"
	rc=$?
}

# no_qemu NAME: every QEMU whose pid pgo-run logged is gone
no_qemu() { pids_gone "$W/$1.log"; }

# same_kind A B: both .gcda with the same magic and version stamp (the counts vary)
same_kind() {
	[ -s "$1" ] && [ -s "$2" ] &&
		[ "$(head -c 8 "$1" | od -An -tx1)" = "$(head -c 8 "$2" | od -An -tx1)" ]
}

# 1-2 ssh
t0=$(now)
profile ssh --transport ssh --ssh-key "$IMAGE_SSH_KEY" --out "$W/prof" --archive "$W/prof.tar"
echo "# time ssh-profile-run $(since "$t0")s"
grep '^pgo-run: done:' "$W/ssh.log" | diag
if [ "$rc" = 0 ] && [ -f "$W/prof/$DEMO_GCDA_STRIPPED" ] && [ -f "$W/prof/pgo-manifest.xml" ] &&
   cmp -s "$W/prof.tar" "$W/prof/profile.tar" && no_qemu ssh; then
	ok "ssh: $DEMO_GCDA_STRIPPED, pgo-manifest.xml and the archive; QEMU gone"
else
	not_ok "ssh: profile gathered (exit $rc)"; diag "$W/ssh.err"; tail -n 20 "$W/ssh.log" | diag
fi
grep -q "<task>$DEMO_GUEST_BINARY $DEMO_ARGS</task>" "$W/prof/pgo-manifest.xml" &&
	grep -q '<machine>qemux86-64</machine>' "$W/prof/pgo-manifest.xml" &&
	grep -Eq '<target accelerator="(tcg|kvm)">qemu</target>' "$W/prof/pgo-manifest.xml" &&
	grep -Eq '<duration>[0-9]+\.[0-9]{3}</duration>' "$W/prof/pgo-manifest.xml"
check $? "the manifest names the task, the machine, the target and its accelerator, and the task's time"

# 3-4 the profile is the one gcc uses: -fprofile-use passes with it and fails
# without it
profile_use "profile-use" demo_use "$W/prof"

# 5 serial
t0=$(now)
profile serial --transport serial --kernel-append pgo.nonet --out "$W/sprof"
echo "# time serial-profile-run $(since "$t0")s"
if [ "$rc" = 0 ] && same_kind "$W/sprof/$DEMO_GCDA_STRIPPED" "$W/prof/$DEMO_GCDA_STRIPPED" &&
   no_qemu serial; then
	ok "serial: $DEMO_GCDA_STRIPPED through the console; QEMU gone"
else
	not_ok "serial: profile gathered (exit $rc)"; diag "$W/serial.err"; tail -n 20 "$W/serial.log" | diag
fi

# 6 local
"$PGO_RUN" profile --target local --python "$DEMO_BINARY" --task "$DEMO_ARGS" \
	--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" \
	--out "$W/lprof" --log "$W/local.log" 2>"$W/local.err"
rc=$?
if [ "$rc" = 0 ] && same_kind "$W/lprof/$DEMO_GCDA_STRIPPED" "$W/prof/$DEMO_GCDA_STRIPPED"; then
	ok "local: $DEMO_GCDA_STRIPPED from a run on the host"
else
	not_ok "local: profile gathered (exit $rc)"; diag "$W/local.err"
fi

# sh_task NAME SCRIPT ARGS...: pgo-run profile --target local of sh -c SCRIPT
# into $W/NAME, log in $W/NAME.log, standard error in $W/NAME.err
sh_task() {
	oname=$1 script=$2
	shift 2
	"$PGO_RUN" profile --target local --python /bin/sh --task "-c '$script'" \
		--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --gcc-version "$DEMO_GCC_VERSION" \
		--out "$W/$oname" --log "$W/$oname.log" "$@" 2>"$W/$oname.err"
}

# 7-8 --ok-status: a task that gathers its profile and then exits 3 (as
# regrtest does when a test fails) counts as done only when 3 is listed
okst() { sh_task "$1" "$DEMO_BINARY $DEMO_ARGS; exit 3" --ok-status "$2"; }
rc=0; okst okst3 0,3 || rc=$?
if [ "$rc" = 0 ] && same_kind "$W/okst3/$DEMO_GCDA_STRIPPED" "$W/prof/$DEMO_GCDA_STRIPPED" &&
   grep -q 'the task exited with status 3, accepted by --ok-status' "$W/okst3.log"; then
	ok "--ok-status 0,3: a task exiting 3 gives its profile"
else
	not_ok "--ok-status 0,3: profile gathered (exit $rc)"; diag "$W/okst3.err"
fi
rc=0; okst okst2 0,2 || rc=$?
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/okst2.err")" = 1 ] &&
   grep -q '^pgo-run: run: the task exited with status 3; its last line: ' "$W/okst2.err" &&
   [ ! -e "$W/okst2" ]; then
	ok "--ok-status 0,2: a task exiting 3 fails, nothing installed"
else
	not_ok "--ok-status 0,2: exit $rc"; diag "$W/okst2.err"
fi

# 9-11 a child the task left writes its counts 2 s after the task ended:
# collect waits for it, on the host and in the guest; one that still runs
# after --linger-timeout fails the run, named, and nothing is installed
rc=0
sh_task linger "(sleep 2; $DEMO_BINARY $DEMO_ARGS) </dev/null >/dev/null 2>&1 & exit 0" || rc=$?
if [ "$rc" = 0 ] && same_kind "$W/linger/$DEMO_GCDA_STRIPPED" "$W/prof/$DEMO_GCDA_STRIPPED" &&
   grep -q 'pgo-run: collect: the processes the task left ended after' "$W/linger.log"; then
	ok "local: collect waits for a child that writes its profile after the task"
else
	not_ok "local: a late child's profile (exit $rc)"; diag "$W/linger.err"
fi
rc=0
sh_task linger1 "sleep 30 </dev/null >/dev/null 2>&1 & $DEMO_BINARY $DEMO_ARGS" \
	--linger-timeout 1 || rc=$?
if [ "$rc" = 1 ] && [ "$(wc -l <"$W/linger1.err")" = 1 ] && [ ! -e "$W/linger1" ] &&
   grep -Eq '^pgo-run: collect: processes the task left still run after 1s and could write to [^ ]*: [0-9]+ sleep 30$' "$W/linger1.err"; then
	ok "--linger-timeout 1: a child still running fails the run: $(cat "$W/linger1.err")"
else
	not_ok "--linger-timeout 1: exit $rc"; diag "$W/linger1.err"
fi
kill "$(sed -n 's/.*: \([0-9]*\) sleep 30$/\1/p' "$W/linger1.err")" 2>/dev/null
profile serial-linger --transport serial --kernel-append pgo.nonet --out "$W/slprof" \
	--python /bin/sh --task "-c '(sleep 2; $DEMO_GUEST_BINARY $DEMO_ARGS) </dev/null >/dev/null 2>&1 & exit 0'"
if [ "$rc" = 0 ] && same_kind "$W/slprof/$DEMO_GCDA_STRIPPED" "$W/prof/$DEMO_GCDA_STRIPPED" &&
   grep -q 'pgo-run: collect: the processes the task left ended after' "$W/serial-linger.log" &&
   no_qemu serial-linger; then
	ok "serial: collect waits for a child that writes its profile after the task"
else
	not_ok "serial: a late child's profile (exit $rc)"; diag "$W/serial-linger.err"
	tail -n 20 "$W/serial-linger.log" | diag
fi

# faults: NAME EXPECTED-ERROR ARGS...; the profile directory must stay as it is
before=$(tree_sum "$W/prof")
fault() {
	name=$1 want=$2
	shift 2
	profile "$name" --transport ssh --ssh-key "$IMAGE_SSH_KEY" --out "$W/prof" "$@"
	if [ "$rc" = 1 ] && grep -q -- "$want" "$W/$name.err" && [ "$(wc -l <"$W/$name.err")" = 1 ] &&
	   no_qemu "$name" && [ "$(tree_sum "$W/prof")" = "$before" ]; then
		ok "fault $name: $(cat "$W/$name.err")"
	else
		not_ok "fault $name: exit $rc, expected '$want'"
		diag "$W/$name.err"
		tail -n 5 "$W/$name.log" | diag
	fi
}
fault qemu-exits 'pgo-run: boot: QEMU exited (status 1)' --kernel /dev/null
fault panic 'pgo-run: boot: the guest kernel panicked' --kernel-append rdinit=/no-such-init
fault boot-deadline 'pgo-run: boot: boot marker: deadline of 0.5s passed' --boot-timeout 0.5
ssh-keygen -q -t ed25519 -N '' -f "$W/wrong-key"
fault ssh-refused 'pgo-run: connect: ssh to 127.0.0.1:[0-9]* refused: .*Permission denied' \
	--ssh-key "$W/wrong-key"
fault task-fails 'pgo-run: run: the task exited with status 3' --python /bin/sh --task "-c 'exit 3'"
fault task-deadline 'pgo-run: run: task: deadline of 2s passed' --python /bin/sleep --task 100 --timeout 2
fault task-silent 'pgo-run: run: task: no output for 1s' --python /bin/sleep --task 100 --idle-timeout 1
fault no-profile 'pgo-run: install: qemu:/tmp/pgo-prof: .*no profile data' --python /bin/true --task ""
fault wrong-gcc 'pgo-run: install: .*demo.gcda' --gcc-version 11.1.0

# SIGTERM and SIGINT in the middle of the task
for sig in TERM INT; do
	name=sig$sig
	profile "$name" --transport ssh --ssh-key "$IMAGE_SSH_KEY" --out "$W/prof" \
		--python /bin/sleep --task 100 &
	bg=$!
	i=0
	until grep -q '^pgo-run: run:' "$W/$name.log" 2>/dev/null || [ $i -ge 600 ]; do
		sleep 0.1; i=$((i + 1))
	done
	sleep 0.5
	pid=$(pgrep -P $$ -f "$PGO_RUN profile" | head -n 1)
	# the subshell of "profile &" runs pgo-run as its child
	[ -n "$pid" ] || pid=$(pgrep -P "$bg" | head -n 1)
	kill -"$sig" "$pid" 2>/dev/null
	wait "$bg"
	if grep -q "pgo-run: run: interrupted by signal" "$W/$name.err" && no_qemu "$name" &&
	   [ "$(tree_sum "$W/prof")" = "$before" ]; then
		ok "SIG$sig mid-run: $(cat "$W/$name.err"); QEMU gone"
	else
		not_ok "SIG$sig mid-run"; diag "$W/$name.err"; tail -n 5 "$W/$name.log" | diag
	fi
done
# 23-24 --smp 2: two guest CPUs on two host threads (MTTCG); the guest sees
# them, the manifest records them, the profile is gathered as with one
profile smp --transport ssh --ssh-key "$IMAGE_SSH_KEY" --smp 2 --out "$W/smp" \
	--python /bin/sh --task "-c 'echo cpus=\$(grep -c ^processor /proc/cpuinfo); exec $DEMO_GUEST_BINARY $DEMO_ARGS'"
if [ "$rc" = 0 ] && grep -q "^pgo-run: boot: .* -accel tcg,thread=multi .* -smp 2 " "$W/smp.log" &&
	grep -qx "cpus=2" "$W/smp.log" && [ -f "$W/smp/$DEMO_GCDA_STRIPPED" ] && no_qemu smp; then
	ok "--smp 2: QEMU with -accel tcg,thread=multi -smp 2, two CPUs in the guest, the profile gathered"
else
	not_ok "--smp 2 (exit $rc)"; diag "$W/smp.err"; tail -n 20 "$W/smp.log" | diag
fi
grep -Eq '<target accelerator="tcg" cpus="2">qemu</target>' "$W/smp/pgo-manifest.xml"
check $? "--smp 2: the manifest records cpus=\"2\" beside the accelerator"
[ "$failed" = 0 ]
