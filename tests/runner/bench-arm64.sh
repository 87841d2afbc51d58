#!/bin/bash
# TAP: pgo-run bench against the aarch64 test image as a stand-in board
# (mechanics only: under TCG the times are no speed, and the report says so).
# The image is busybox and dropbear, without a python: the build timed is
# Debian's own aarch64 python3.11 (python3.11-minimal, libpython3.11-minimal,
# libexpat1, downloaded through the image's apt index next to its packages)
# as an installed tree, usr/bin/python3 and usr/lib, with the two libraries
# the image lacks (libm.so.6 from its libc6 package, libexpat.so.1) in
# usr/lib, packed as a tarball. Then:
#   - --target qemu: the image booted from its qemuboot.conf, the tarball
#     under two labels copied and timed, "emulated: not a speed" first;
#   - --target ssh to the image booted by hand: its host key unknown,
#     refused, then accepted once with --accept-new-host-key; a build of another
#     architecture (x86-64), one missing libm.so.6, a private directory on a
#     full disk (a 1 MiB tmpfs), each refused in one line with nothing left
#     behind; and the board dropping mid-run (QEMU killed): one line, the
#     JSON keeping the rounds measured.
set -u
IMAGE_ARCH=arm64
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
out=$out/arm64
export BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
require_tools "$QEMU" ssh ssh-keygen ssh-keyscan apt-get dpkg-deb python3 tar
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }
image_load "$out"
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/bench-lib.sh"

# 1 the build: Debian's aarch64 python3.11 as a tarball of an installed tree
debs=$out/pkgs/bench-debs a=$out/pkgs/apt
aptopts="-o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::State::Lists=$a/lists
	-o Dir::Cache=$a/cache -o Dir::State::status=$a/status -o Acquire::Languages=none
	-o Acquire::IndexTargets::deb-src::Sources::DefaultEnabled=false"
[ "$(id -u)" = 0 ] && aptopts="$aptopts -o APT::Sandbox::User=root"
mkdir -p "$debs" || exit 99
if ! ls "$debs"/python3.11-minimal_*.deb "$debs"/libpython3.11-minimal_*.deb \
	"$debs"/libexpat1_*.deb >/dev/null 2>&1; then
	# the index build-image.sh made, or a new one (its packages reused from elsewhere)
	# shellcheck disable=SC2086
	{ ls "$a"/lists/*_Packages* >/dev/null 2>&1 ||
		{ mkdir -p "$a/lists/partial" "$a/cache/archives/partial" && : >"$a/status" &&
			apt-get -q $aptopts update; }; } >"$W/apt.log" 2>&1
	# shellcheck disable=SC2086
	(cd "$debs" && apt-get -q $aptopts download python3.11-minimal libpython3.11-minimal \
		libexpat1) >>"$W/apt.log" 2>&1 ||
		{ echo "1..1"; not_ok "apt-get download of Debian's arm64 python3.11"; diag "$W/apt.log"; exit 1; }
fi
mkdir -p "$W/x" "$W/py/usr/bin" "$W/py/usr/lib" "$W/libc"
for d in "$debs"/python3.11-minimal_*.deb "$debs"/libpython3.11-minimal_*.deb \
	"$debs"/libexpat1_*.deb; do
	dpkg-deb -x "$d" "$W/x" || exit 99
done
libc6=$(find "$out/pkgs/debs" -name "libc6_*.deb" | head -n 1)
dpkg-deb -x "$libc6" "$W/libc" || exit 99
cp -a "$W/x/usr/bin/python3.11" "$W/py/usr/bin/" && ln -s python3.11 "$W/py/usr/bin/python3" &&
	cp -a "$W/x/usr/lib/python3.11" "$W/py/usr/lib/" || exit 99
# the tree without the libraries the image lacks, then with them
tar -czf "$W/nolib.tar.gz" -C "$W/py" . || exit 99
cp -L "$(find "$W/x" -name libexpat.so.1 | head -n 1)" \
	"$(find "$W/libc" -name libm.so.6 | head -n 1)" "$W/py/usr/lib/" &&
	tar -czf "$W/py.tar.gz" -C "$W/py" . || exit 99
# one of this machine's architecture
mkdir -p "$W/x86/bin" && cp /bin/true "$W/x86/bin/python3" || exit 99
kind=$(readelf -h "$W/py/usr/bin/python3.11" 2>/dev/null | sed -n 's/^ *Machine: *//p')
[ "$kind" = AArch64 ] && [ -f "$W/py/usr/lib/libm.so.6" ] && [ -f "$W/py/usr/lib/libexpat.so.1" ]
check $? "Debian's aarch64 python3.11 as a tarball ($(du -k "$W/py.tar.gz" | cut -f1) KiB): an $kind executable with libm and libexpat beside it"

# 2-5 --target qemu: the image booted, two labels, emulated
t0=$(now)
"$PGO_RUN" bench --target qemu --qemuboot "$IMAGE_QEMUBOOT" --boot-marker "$IMAGE_MARKER" \
	--ssh-key "$IMAGE_SSH_KEY" --boot-timeout "$BOOT_TIMEOUT" --benchmarks startup,nbody \
	--reps 2 --startup-runs 2 --scale 0.05 --json "$W/q.json" --svg "$W/q.svg" \
	--log "$W/q.log" a="$W/py.tar.gz" b="$W/py.tar.gz" >"$W/q.out" 2>"$W/q.err"
rc=$?
echo "# time bench --target qemu $(since "$t0")s"
diag "$W/q.out"
grep '^pgo-run: \(boot\|copy\|check\|bench\)' "$W/q.log" | diag
check "$rc" "pgo-run bench --target qemu on the $IMAGE_MACHINE image: exit 0"
[ "$rc" = 0 ] || { diag "$W/q.err"; tail -n 30 "$W/q.log" | diag; }
head -n 1 "$W/q.out" | grep -q '^emulated: not a speed' &&
	grep -q 'emulated: not a speed' "$W/q.svg"
check $? "its report's first line, and the chart's title, say: emulated: not a speed"
json "$W/q.json" 'd["complete"] and d["emulated"] and d["machine"] == "aarch64" and
	d["target"] == "qemu:'"$IMAGE_MACHINE"'" and
	all(len(d["times"][l]["startup"]) == 4 and len(d["times"][l]["nbody"]) == 2 for l in "ab") and
	all(b["version"].startswith("3.11.") and b["python"] == "/tmp/pgo-bench/b%d/usr/bin/python3" % i
	    for i, b in enumerate(d["builds"]))'
check $? "the JSON: aarch64, every process timed, each build run from its copy"
pids_gone "$W/q.log" && grep -q '^pgo-run: shutdown: QEMU ended' "$W/q.log"
check $? "the guest powered off, QEMU gone"

# 6-12 --target ssh: the image booted by hand as a board
if ! board_start "$BOOT_TIMEOUT"; then
	not_ok "the board boots"
	tail -n 20 "$W/board.console" | diag
	echo "1..$n"
	exit 1
fi
board() {
	"$PGO_RUN" bench --target ssh root@127.0.0.1 --ssh-port "$qemu_port" \
		--ssh-key "$IMAGE_SSH_KEY" --known-hosts "$W/known_hosts" \
		--benchmarks startup --reps 2 --startup-runs 1 "$@"
}
left() { [ -z "$(board_ssh 'ls -d /tmp/pgo-bench.* /small/* 2>/dev/null')" ]; }

# the board's host key: unknown, refused in one line; then accepted once
# (--accept-new-host-key records it) and known for the runs below
: >"$W/known_hosts"
board --log "$W/key.log" a="$W/py.tar.gz" b="$W/py.tar.gz" >"$W/key.out" 2>"$W/key.err"
failed_with $? key "refused: the board's host key is not known (it offers " && [ "$rc" = 1 ] && left
check $? "an unknown host key: refused in one line, exit $rc, nothing copied"
board --accept-new-host-key --log "$W/accept.log" a="$W/py.tar.gz" b="$W/py.tar.gz" \
	>"$W/accept.out" 2>"$W/accept.err" &&
	ssh-keygen -F "[127.0.0.1]:$qemu_port" -f "$W/known_hosts" >/dev/null && left
check $? "--accept-new-host-key: the first key recorded, the A/A run done, nothing left"

board --json "$W/arch.json" --log "$W/arch.log" a="$W/py.tar.gz" x86="$W/x86" \
	>"$W/arch.out" 2>"$W/arch.err"
failed_with $? arch "check: build x86 does not start on the target: its bin/python3 is an x86_64 executable and the target is aarch64" &&
	json "$W/arch.json" 'not d["complete"] and d["machine"] == "aarch64"' && left
check $? "a build of another architecture: one line naming both, exit $rc; nothing left on the board"

board --log "$W/lib.log" a="$W/py.tar.gz" nolib="$W/nolib.tar.gz" >"$W/lib.out" 2>"$W/lib.err"
failed_with $? lib "build nolib does not start on the target: .*libm.so.6: cannot open shared object file" && left
check $? "a build missing a library on the board: ld.so's line naming libm.so.6, exit $rc"

board_ssh 'mkdir -p /small && mount -t tmpfs -o size=1m tmpfs /small' || exit 99
board --remote-dir /small/bench --json "$W/full.json" --log "$W/full.log" a="$W/py.tar.gz" \
	b="$W/py.tar.gz" >"$W/full.out" 2>"$W/full.err"
failed_with $? full "copy: build a: the target's disk is full in /small/bench/b0" &&
	json "$W/full.json" 'not d["complete"] and "disk is full" in d["error"]' && left
check $? "a full disk on the board: one line, exit $rc, the private directory removed"

# the board drops mid-run: QEMU killed once the first round is done
board --reps 50 --startup-runs 3 --json "$W/drop.json" --log "$W/drop.log" \
	a="$W/py.tar.gz" b="$W/py.tar.gz" >"$W/drop.out" 2>"$W/drop.err" &
bench_pid=$!
for _ in $(seq 600); do
	grep -q '^pgo-run: bench: round 2 of 51 done' "$W/drop.log" 2>/dev/null && break
	kill -0 "$bench_pid" 2>/dev/null || break
	sleep 0.5
done
grep -q '^pgo-run: bench: round 2 of 51 done' "$W/drop.log"
check $? "a long run on the board: two rounds done"
qemu_stop
t0=$(now)
wait "$bench_pid"
rc=$?
echo "# time from the board's end to pgo-run's $(since "$t0")s"
failed_with "$rc" drop "^pgo-run: bench: ssh to root@127.0.0.1:$qemu_port failed" &&
	json "$W/drop.json" 'not d["complete"] and "ssh" in d["error"] and d["rounds_done"] >= 1 and
		all(len(d["times"][l]["startup"]) >= 3 * d["rounds_done"] for l in "ab")'
check $? "the board dropping mid-run: one line, exit $rc, the JSON keeps the rounds measured"

echo "1..$n"
[ "$failed" = 0 ]
