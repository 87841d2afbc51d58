#!/bin/bash
# TAP: the generated layer's python3-pgo-image:do_profile, run end to end by
# "pgo-run task" against the real test image (tests/image/build-image.sh) in
# QEMU (TCG), as tests/image/demo.sh runs it: the image's profile.conf and
# tests/image/demo.conf, through the ssh layer (meta-pgo/) and a layer
# generated with PGO_TRANSPORT = "serial". Each run must exit 0 and leave the
# stamp, log.do_profile, log.task_order and the profile directory (the .gcda,
# pgo-manifest.xml, profile.tar); the profile must then build the demo with
# gcc -fprofile-use -Werror=missing-profile, which fails without it. A task
# that fails (the demo exits 2) must exit non-zero, leave no stamp and the
# profile directory as it was. With a stand-in pgo-run on PATH: the key and
# the boot marker are passed only when set, and the default program is the
# instrumented python.
# The test builds its own image, in $PGO_IMAGE_DIR/do-profile (default
# tests/image-out/do-profile in the build tree): the profile-use builds change
# the image's demo-build/, which the other tests of the shared image use too.
# It reuses the packages tests/runner/qemu.sh downloaded into $PGO_IMAGE_DIR.
set -u
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
top=$(cd "$here/.." && pwd)
shared=$out
out=$shared/do-profile
PGO_GEN=${PGO_GEN:-$PWD/generator/pgo-gen}

require_tools "$QEMU" ssh
for p in "$PGO_RUN" "$PGO_GEN"; do
	[ -x "$p" ] || { echo "Bail out! $p not built"; exit 99; }
done
reuse_debs "$shared" "$out"
image_build "$out"
image_load "$out"
echo "1..33"

recipe=recipes-devtools/images/python3-pgo-image.bb

# the serial layer: the same templates, PGO_TRANSPORT = "serial"
"$PGO_GEN" -T "$top/templates" -D PGO_TRANSPORT=serial -o "$W/serial/meta-pgo" \
	2>"$W/gen.err" || { echo "Bail out! pgo-gen: $(cat "$W/gen.err")"; exit 1; }

# task NAME LAYER TOPDIR [CONF...]: pgo-run task ... profile, as the demo runs
# it (pgo-run and QEMU in the native sysroot, the task's PATH BitBake's: that
# and the hosttools); output in $W/NAME.out, exit status in $rc
task() {
	name=$1 layer=$2 topdir=$3
	shift 3
	confs=
	for c in "$@"; do confs="$confs -c $c"; done
	sysroot_native "$(work "$topdir")/recipe-sysroot-native/usr/bin" "$PGO_RUN"
	# shellcheck disable=SC2086 # confs: options and paths without spaces
	"$PGO_RUN" task -D TOPDIR="$topdir" -c "$out/profile.conf" \
		-c "$top/tests/image/demo.conf" $confs -I "$layer" "$layer/$recipe" profile \
		>"$W/$name.out" 2>&1
	rc=$?
}

# where demo.conf puts things for TOPDIR $1
work() { echo "$1/tmp/work/qemux86-64/python3-pgo-image"; }
stamp() { echo "$1/tmp/stamps/qemux86-64/python3-pgo-image.do_profile"; }
profdir() { echo "$1/pgo-profile/qemux86-64"; }

# the checks of one successful run through TRANSPORT with TOPDIR (7 tests)
gathered() {
	tr=$1 t=$2
	wk=$(work "$t") pd=$(profdir "$t")
	if [ "$rc" = 0 ] && pids_gone "$wk/temp/log.do_profile"; then
		ok "$tr: pgo-run task ... python3-pgo-image profile exits 0; QEMU gone"
	else
		not_ok "$tr: pgo-run task exits 0 (exit $rc)"
		diag "$W/$tr.out"; tail -n 20 "$wk/temp/log.do_profile" 2>/dev/null | diag
	fi
	[ -f "$(stamp "$t")" ]
	check $? "$tr: the stamp $(basename "$(stamp "$t")")"
	log=$(readlink "$wk/temp/log.do_profile")
	case $log in log.do_profile.[0-9]*) ;; *) log= ;; esac
	[ -n "$log" ] && grep -q "^pgo-run: done:" "$wk/temp/$log" &&
		grep -q "^pgo-run: boot: $IMAGE_MARKER after" "$wk/temp/$log" &&
		grep -q " do_profile (${log#log.do_profile.}): $log\$" "$wk/temp/log.task_order"
	check $? "$tr: log.do_profile -> $log (marker seen, done) and its line in log.task_order"
	grep -q -- "--transport $tr" "$wk/temp/run.do_profile" &&
		grep -q "^pgo-run: connect: $( [ "$tr" = ssh ] && echo ssh || echo 'the console shell') answers" \
			"$wk/temp/log.do_profile"
	check $? "$tr: the run script passes --transport $tr and pgo-run connected through it"
	profile_staged "$pd" "$wk/pgo-archive/pgo-test-image-qemux86-64.rootfs.pgo-profile.tar" &&
		grep -q "<task>$DEMO_GUEST_BINARY $DEMO_ARGS</task>" "$pd/pgo-manifest.xml" &&
		[ "$(tar tf "$pd/profile.tar")" = "$DEMO_GCDA_STRIPPED" ]
	check $? "$tr: PGO_PROFILE_DIR holds $DEMO_GCDA_STRIPPED, pgo-manifest.xml, profile.tar (= the archive)"
	profile_use "$tr: profile-use" demo_use "$pd"
}

# 1-7 ssh, the committed layer
t0=$(now)
task ssh "$top/meta-pgo" "$W/ssh"
echo "# time ssh do_profile $(since "$t0")s"
gathered ssh "$W/ssh"

# 8-11 BitBake's environment (demo.conf, as OE-core's bitbake.conf gives it):
# PATH the native sysroot and the hosttools only, LC_ALL, TZ and
# SOURCE_DATE_EPOCH exported, nothing else of the caller's; the archive's
# times SOURCE_DATE_EPOCH's, so it is the archive a task under BitBake writes
wk=$(work "$W/ssh") pd=$(profdir "$W/ssh")
grep -qx "export PATH=\"$wk/recipe-sysroot-native/usr/bin:$W/ssh/tmp/hosttools\"" \
	"$wk/temp/run.do_profile" && grep -qx 'export SOURCE_DATE_EPOCH="1302044400"' \
	"$wk/temp/run.do_profile" && grep -qx 'export TZ="UTC"' "$wk/temp/run.do_profile" &&
	grep -qx 'export LC_ALL="en_US.UTF-8"' "$wk/temp/run.do_profile" &&
	[ "$(ls "$W/ssh/tmp/hosttools")" = ssh ]
check $? "BitBake's environment: PATH the native sysroot and hosttools (ssh) only; LC_ALL, TZ, SOURCE_DATE_EPOCH"
tar tvf "$pd/profile.tar" --full-time 2>/dev/null | grep -q " 2011-04-05 [0-9:]* $DEMO_GCDA_STRIPPED\$"
check $? "the archive's times are SOURCE_DATE_EPOCH's: $(tar tvf "$pd/profile.tar" --full-time 2>/dev/null | awk '{ print $4 }')"
# the same profile archived again by pgo-run import as a task under BitBake
# runs it (only SOURCE_DATE_EPOCH and PATH in its environment), and without
reimport() {
	rm -rf "$W/re-$1"
	env -i PATH=/usr/bin:/bin ${2:+SOURCE_DATE_EPOCH=$2} "$PGO_RUN" import "$pd/profile.tar" \
		--profile-dir "$W/re-$1" --gcc-version "$DEMO_GCC_VERSION" >/dev/null 2>&1
}
reimport bb 1302044400 && reimport none "" && cmp -s "$W/re-bb/profile.tar" "$pd/profile.tar" &&
	! cmp -s "$W/re-none/profile.tar" "$pd/profile.tar"
check $? "the archive's bytes are the ones of the same profile archived with BitBake's SOURCE_DATE_EPOCH (not without it)"
# a tool outside the sysroot and the hosttools is not found, as under
# BitBake: without ssh in HOSTTOOLS, the layer's own check stops the task
echo 'HOSTTOOLS = ""' >"$W/nossh.conf"
task nossh "$top/meta-pgo" "$W/nossh" "$W/nossh.conf"
[ "$rc" != 0 ] && grep -q "ERROR: PGO: do_profile reaches the image over ssh, and this host has no ssh client" \
	"$(work "$W/nossh")/temp/log.do_profile"
check $? "ssh not in HOSTTOOLS: the task finds no ssh (exit $rc), as under BitBake"

# 12-18 serial, the serial layer
t0=$(now)
task serial "$W/serial/meta-pgo" "$W/serial"
echo "# time serial do_profile $(since "$t0")s"
gathered serial "$W/serial"

# 19-22 a task that fails (the demo exits 2, a status this conf does not
# accept), over the profile of the ssh run
t=$W/ssh wk=$(work "$W/ssh")
before=$(tree_sum "$(profdir "$t")")
printf 'PYTHON_PROFILE_TASK = "1 +"\nPYTHON_PROFILE_TASK_OK_STATUS = "0"\n' >"$W/fail.conf"
task fail "$top/meta-pgo" "$t" "$W/fail.conf"
if [ "$rc" != 0 ] && grep -q "^pgo-run: do_profile failed with exit code $rc (log: " "$W/fail.out"; then
	ok "a failing task: exit $rc, $(grep '^pgo-run: do_profile failed' "$W/fail.out")"
else
	not_ok "a failing task: non-zero exit and pgo-run's line (exit $rc)"; diag "$W/fail.out"
fi
grep -q "^pgo-run: run: the task exited with status 2" "$wk/temp/log.do_profile" &&
	pids_gone "$wk/temp/log.do_profile"
check $? "a failing task: the log says the demo exited with status 2; QEMU gone"
[ ! -e "$(stamp "$t")" ]
check $? "a failing task: no stamp (the earlier one removed)"
[ -n "$before" ] && [ "$(tree_sum "$(profdir "$t")")" = "$before" ]
check $? "a failing task: PGO_PROFILE_DIR as it was"

# 23-26 a stand-in pgo-run: what do_profile passes
mkdir -p "$W/stub"
cat >"$W/stub/pgo-run" <<EOF
#!/bin/sh
for a in "\$@"; do printf '[%s]\n' "\$a"; done >"$W/stub.args"
EOF
chmod +x "$W/stub/pgo-run"
# stub NAME [CONF...]: do_profile with the stand-in, arguments in $W/stub.args
stub() {
	name=$1
	shift
	rm -f "$W/stub.args"
	confs=
	for c in "$@"; do confs="$confs -c $c"; done
	sysroot_native "$(work "$W/$name")/recipe-sysroot-native/usr/bin" "$W/stub/pgo-run"
	# shellcheck disable=SC2086
	"$PGO_RUN" task -D TOPDIR="$W/$name" -c "$top/tests/image/demo.conf" \
		$confs -I "$top/meta-pgo" "$top/meta-pgo/$recipe" profile >"$W/$name.out" 2>&1
	rc=$?
}
printf 'MACHINE = "qemux86-64"\nGCCVERSION = "12.%%"\n' >"$W/plain.conf"
stub plain "$W/plain.conf"
[ "$rc" = 0 ] && grep -qx '\[--python\]' "$W/stub.args" &&
	grep -A1 -x '\[--python\]' "$W/stub.args" | grep -qx '\[/opt/python-pgo/bin/python3\]'
check $? "defaults: the instrumented python /opt/python-pgo/bin/python3 is run"
[ "$rc" = 0 ] && ! grep -q -e '^\[--ssh-key\]' -e '^\[--boot-marker\]' "$W/stub.args"
check $? "defaults: neither --ssh-key nor --boot-marker is passed"
cat "$W/plain.conf" - >"$W/set.conf" <<'EOF'
PGO_SSH_KEY = "/keys/a key"
PGO_BOOT_MARKER = "up and running"
PGO_PROFILE_PROGRAM = "/usr/bin/other"
EOF
stub set "$W/set.conf"
[ "$rc" = 0 ] && grep -A1 -x '\[--ssh-key\]' "$W/stub.args" | grep -qx '\[/keys/a key\]' &&
	grep -A1 -x '\[--boot-marker\]' "$W/stub.args" | grep -qx '\[up and running\]'
check $? "set: --ssh-key and --boot-marker passed, each as one argument"
grep -A1 -x '\[--python\]' "$W/stub.args" | grep -qx '\[/usr/bin/other\]'
check $? "set: PGO_PROFILE_PROGRAM is the program run"

# 27-33 the same step through -B, as a user re-runs it in the build directory
# of a real build once BitBake has built the image (pgo_builddir: OE-core's
# meta from tests/data/oe-meta, bitbake.conf, the global classes, core-image
# and what it inherits). Every
# exported value is written, PATH (image.bbclass's all_multilib_tune_values)
# and PACKAGE_INSTALL (oe.packagegroup) among them: the task finds pgo-run
# and QEMU in the recipe's native sysroot, as under BitBake.
b=$W/builddir
pgo_builddir "$b" qemux86-64 "$out"
t0=$(now)
(cd "$b" && "$PGO_RUN" task -B "$b" mc:pgo:python3-pgo-image profile) >"$W/builddir.out" 2>&1
rc=$?
echo "# time -B do_profile $(since "$t0")s"
if [ "$rc" = 0 ] && pids_gone "$wk/temp/log.do_profile" &&
	! grep -q "not written" "$W/builddir.out" &&
	grep -q "^export PATH=\"$wk/recipe-sysroot/usr/bin/crossscripts:" "$wk/temp/run.do_profile" &&
	grep -q '^export PACKAGE_INSTALL=".* python3-profile-opt .*packagegroup-core-ssh-dropbear"$' \
		"$wk/temp/run.do_profile"; then
	ok "-B: pgo-run task -B BUILDDIR mc:pgo:python3-pgo-image profile exits 0; QEMU gone"
else
	not_ok "-B: pgo-run task -B exits 0 (exit $rc)"
	grep -v 'inline python not evaluated' "$W/builddir.out" | diag
	tail -n 20 "$wk/temp/log.do_profile" 2>/dev/null | diag
fi
ls "$b"/tmp-pgo/stamps/qemux86_64-oe-linux/python3-pgo-image/1.0.do_profile* >/dev/null 2>&1
check $? "-B: the stamp in the pgo configuration's TMPDIR"
log=$(readlink "$wk/temp/log.do_profile")
[ -n "$log" ] && grep -q "^pgo-run: done:" "$wk/temp/$log" &&
	grep -q " do_profile (${log#log.do_profile.}): $log\$" "$wk/temp/log.task_order" &&
	grep -q -- "--qemuboot $dd/python3-pgo-image-qemux86-64.rootfs.qemuboot.conf" \
		"$wk/temp/run.do_profile"
check $? "-B: log.do_profile, log.task_order; the image found in the deploy directory"
# PGO_PROFILE_JOBS: one guest CPU per host core, at most one per 256 MiB of
# the image's 1024 (oe.utils.cpu_count); the manifest records them
jobs=$(nproc)
[ "$jobs" -gt 4 ] && jobs=4
grep -q -- "--smp $jobs " "$wk/temp/run.do_profile" &&
	grep -q "^pgo-run: boot: .* -smp $jobs " "$wk/temp/$log" &&
	if [ "$jobs" -gt 1 ]; then
		grep -q "<target accelerator=\"tcg\" cpus=\"$jobs\">qemu</target>" "$wk/pgo-profile/pgo-manifest.xml"
	fi
check $? "-B: PGO_PROFILE_JOBS: --smp $jobs (this host's cores, at most 4 for 1024 MiB), in the manifest"
pd=$wk/pgo-profile
profile_staged "$pd" "$wk/pgo-archive/python3-pgo-image-qemux86-64.rootfs.pgo-profile.tar"
check $? "-B: the profile staged for sstate in \${WORKDIR}/pgo-profile (= the archive)"
profile_use "-B: profile-use" demo_use "$pd"
[ "$failed" = 0 ]
