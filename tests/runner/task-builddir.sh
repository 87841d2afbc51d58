#!/bin/sh
# TAP: pgo-run task -B on a build directory made here: OE-core's meta/ (the
# trimmed copy in tests/data/oe-meta, read as BitBake reads it: bblayers.conf,
# layer.conf, bitbake.conf, local.conf, machine, distro, the global classes)
# and tests/data/task-builddir/meta-hello (hello_1.0.bb: a plain shell task
# do_greet; do_hello, which calls OE-core's bbnote and bbwarn; a bbappend).
# The run files must equal the ones real BitBake wrote for the same build
# (tests/data/task-builddir/golden, README.md there says how they were made)
# line for line: the trap preamble, the exported variables (names, order,
# values, quoting), the functions with LOGFIFO's PID (the run file's) and the
# call; a value whose expansion fails is the one difference allowed, and only
# for the variables that pgo-run names as not written. Then the task's output, logs and stamp, the
# target as a PN, as a file, through $BUILDDIR, mc:, HOSTTOOLS_DIR, and the
# errors of a missing host tool and of an unknown PN.
set -u
: "${TEST_DATADIR:?}" "${PGO_RUN:?}"
data=$TEST_DATADIR/task-builddir
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
fail() { not_ok "$@"; head -30 "$tmp/log" | diag; : >"$tmp/log"; }
# check_err STATUS NAME [FAILED]: ok NAME when STATUS is 0, else not ok FAILED
# (or NAME) with pgo-run's standard error
check_err() {
	if [ "$1" = 0 ]; then
		ok "$2"
	else
		cat "$tmp/err" >"$tmp/log"
		fail "${3:-$2}"
	fi
}
: >"$tmp/log"

core=$tmp/oe-core layer=$tmp/meta-hello build=$tmp/build home=$tmp/home
# shellcheck source=tests/data/task-builddir/make-builddir.sh
. "$data/make-builddir.sh"
make_builddir "$TEST_DATADIR" "$tmp" || exit 99
mkdir -p "$home"

# bitbake was started from its own bin/ in PATH, which OE-core's layer.conf
# keeps in front of HOSTTOOLS_DIR (BITBAKEPATH): only its place matters here
mkdir -p "$core/bitbake/bin"
printf '#!/bin/sh\nexit 1\n' >"$core/bitbake/bin/bitbake"
chmod +x "$core/bitbake/bin/bitbake"

# run [ARGS...]: pgo-run task in a clean environment, as bitbake's was
run() {
	env -i HOME="$home" LC_ALL=en_US.UTF-8 PATH="${PATH_FOR_TASK:-$core/bitbake/bin:/usr/bin:/bin}" \
		"$PGO_RUN" task "$@" >"$tmp/out" 2>"$tmp/err"
}
temp() { echo "$build/tmp/work/x86-64-v3-oe-linux/hello/1.0/temp"; }

start=$(now)
run -B "$build" hello greet
status=$?
elapsed=$(since "$start")
check_err $status "pgo-run task -B BUILD hello greet (${elapsed}s)" \
	"pgo-run task -B BUILD hello greet: exit $status"

# same_run TASK: the run file, paths made as in the golden (and the PID of
# LOGFIFO as @PID@: the one in the run file's name), equals BitBake's but for
# the values pgo-run names not written; those go to $tmp/python-vars
same_run() {
	runfile=$(ls "$(temp)"/run.do_$1.* 2>/dev/null | head -1)
	pid=${runfile##*.}
	sed -n "s/^pgo-run: warning: exported variable '\([^']*\)' not written.*/\1/p" \
		"$tmp/err" >"$tmp/python-vars"
	sed -e "s|$home|@HOME@|g" -e "s|$build|@TOPDIR@|g" -e "s|$layer|@LAYER@|g" \
		-e "s|$core|@COREBASE@|g" -e "s#/fifo\.$pid\( \|\$\)#/fifo.@PID@\1#g" \
		"${runfile:-/dev/null}" >"$tmp/ours"
	# the golden with each python variable's export line as pgo-run writes it
	cp "$data/golden/run.do_$1" "$tmp/want"
	while read -r v; do
		sed -i "s|^export $v=.*|# $v not written: its value needs python that pgo-run cannot evaluate|" \
			"$tmp/want"
	done <"$tmp/python-vars"
	if [ -n "$runfile" ] && diff -u "$tmp/want" "$tmp/ours" >"$tmp/log"; then
		ok "run.do_$1 equals BitBake's but for $(wc -l <"$tmp/python-vars") values" \
			"that need python: $(tr '\n' ' ' <"$tmp/python-vars")"
	else
		fail "run.do_$1 equals BitBake's"
	fi
}
same_run greet
exports=$(grep -c '^export ' "$data/golden/run.do_greet")
ours=$(grep -c '^export ' "$tmp/ours")
missing=$(wc -l <"$tmp/python-vars")
check $((exports - ours - missing)) "the $exports exported variables: $ours written, $missing named"
[ ! -s "$tmp/python-vars" ] && grep -q '^export PATH=.*/bitbake/bin:.*/tmp/hosttools"$' "$tmp/ours"
check $? "every exported value written: PATH (extra_path_elements, BITBAKEPATH) as BitBake's"
grep -qx 'export SOURCE_DATE_EPOCH="1302044400"' "$tmp/ours"
check $? "SOURCE_DATE_EPOCH without an epoch file: SOURCE_DATE_EPOCH_FALLBACK, as BitBake's"

# what the task did: the bbappend's value, the output file, the logs and stamp
grep -qx "helper: hello from hello 1.0 (appended)" "$(temp)/log.do_greet" 2>/dev/null
check $? "log.do_greet: the task's output, the bbappend applied"
grep -qx "hello from hello 1.0 (appended)" \
	"$build/tmp/work/x86-64-v3-oe-linux/hello/1.0/sources/hello-1.0/out/greeting.txt" 2>/dev/null
check $? "the task's file in \${B}"
grep -q " do_greet ([0-9]*): log.do_greet.[0-9]*$" "$(temp)/log.task_order" 2>/dev/null
check $? "log.task_order"
[ -f "$build/tmp/stamps/x86-64-v3-oe-linux/hello/1.0.do_greet" ]
check $? "the stamp"

# a task as real ones are: bbnote and bbwarn (LOGFIFO: ${@os.getpid()}), a
# helper, an export with quotes, backquotes, $ and a backslash
run -B "$build" hello hello
status=$?
check_err $status "pgo-run task -B BUILD hello hello" "pgo-run task -B BUILD hello hello: exit $status"
same_run hello
grep -qx 'export QUOTED="say \\"hi\\", \\\\`date\\\\` and \\$HOME \\ backslash"' "$tmp/ours"
check $? "QUOTED escaped as BitBake's emit_var escapes it"
grep -qx "NOTE: hello from hello" "$(temp)/log.do_hello" 2>/dev/null &&
	grep -qx "WARNING: a warning from hello" "$(temp)/log.do_hello"
check $? "log.do_hello: bbnote and bbwarn"

# HOSTTOOLS_DIR: links to the host's tools, sh among them
[ -L "$build/tmp/hosttools/sh" ] && [ -L "$build/tmp/hosttools/mkdir" ]
check $? "HOSTTOOLS_DIR holds links to the host tools"

# the target as a file, through $BUILDDIR, from the build directory itself
rm -rf "$build/tmp/work"
run -B "$build" "$layer/recipes-hello/hello/hello_1.0.bb" do_greet
check $? "the target as a recipe file"
rm -rf "$build/tmp/work"
env -i HOME="$home" BUILDDIR="$build" PATH=/usr/bin:/bin "$PGO_RUN" task hello greet \
	>"$tmp/out" 2>"$tmp/err" && [ -f "$(temp)/log.do_greet" ]
check $? "\$BUILDDIR without -B"
rm -rf "$build/tmp/work"
(cd "$build" && env -i HOME="$home" PATH=/usr/bin:/bin "$PGO_RUN" task hello greet) \
	>"$tmp/out" 2>"$tmp/err" && [ -f "$(temp)/log.do_greet" ]
check $? "the current directory without -B or \$BUILDDIR"

# the epoch do_unpack's create_source_date_epoch_stamp writes is the one exported
sde=$build/tmp/work/x86-64-v3-oe-linux/hello/1.0/source-date-epoch
mkdir -p "$sde" && echo 1700000000 >"$sde/__source_date_epoch.txt"
run -B "$build" hello greet &&
	grep -qx 'export SOURCE_DATE_EPOCH="1700000000"' "$(temp)/run.do_greet"
check $? "SOURCE_DATE_EPOCH from the epoch file do_unpack writes"
rm -rf "$build/tmp/work"

# mc:: conf/multiconfig/MC.conf (read by bitbake.conf) changes the machine
mkdir -p "$build/conf/multiconfig"
printf 'MACHINE = "qemux86"\nTMPDIR = "${TOPDIR}/tmp-mc"\n' >"$build/conf/multiconfig/other.conf"
run -B "$build" mc:other:hello greet &&
	ls "$build"/tmp-mc/work/*/hello/1.0/temp/log.do_greet >/dev/null 2>&1
check_err $? "mc:other:hello reads conf/multiconfig/other.conf"

# errors: a PN no recipe has; a HOSTTOOLS entry not on the host
run -B "$build" no-such-pn greet
status=$?
[ $status -eq 1 ] && grep -q "nothing provides 'no-such-pn'" "$tmp/err"
check_err $? "an unknown PN: one error" "an unknown PN: one error (exit $status)"
rm -rf "$build/tmp"
echo 'HOSTTOOLS += "no-such-tool-here"' >>"$build/conf/local.conf"
run -B "$build" hello greet
status=$?
[ $status -eq 1 ] && grep -q "unavailable in PATH.*: no-such-tool-here$" "$tmp/err"
check_err $? "a HOSTTOOLS entry not on the host: BitBake's error, by name" \
	"a HOSTTOOLS entry not on the host: BitBake's error (exit $status)"

echo "1..$n"
[ "$failed" -eq 0 ]
