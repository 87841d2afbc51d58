#!/bin/sh
# TAP: the functions pgo-run task writes into a run file are the ones real
# BitBake writes (tests/data/task-funcs/golden, README.md there says how it
# was made): the commands the task runs as BitBake's shell parser finds them,
# not every word of its body; in emit_func's order. And what pgo-run task -S
# says the task's signature covers is what BitBake's sigdata holds.
set -u
: "${TEST_DATADIR:?}" "${PGO_RUN:?}"
data=$TEST_DATADIR/task-funcs
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
echo "1..5"

cp -R "$data/meta-funcs" "$data/build" "$tmp/"
# pgo_run ARGS...: pgo-run task in the build directory, in an environment as
# clean as the one BitBake ran in (its exports, LC_ALL among them, are in the
# run file and the signature), and LEAK, which BitBake's was given too
pgo_run() {
	(cd "$tmp/build" && env -i HOME="$tmp" LC_ALL=en_US.UTF-8 PATH=/usr/bin:/bin \
		LEAK=from-the-caller "$PGO_RUN" task "$@")
}
pgo_run -B . funcs try >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(find "$tmp/build/tmp/work/funcs/temp" -name 'run.do_try.[0-9]*' 2>/dev/null | head -n 1)
if [ "$rc" = 0 ] && [ -n "$run" ]; then
	ok "pgo-run task funcs try: exit 0, a run file"
else
	not_ok "pgo-run task funcs try (exit $rc)"; diag "$tmp/err"
fi

# funcs FILE: the names of the functions FILE defines, in order
funcs() { sed -n 's/^\([A-Za-z0-9_.+-]*\)() {$/\1/p' "$1"; }
funcs "$data/golden/run.do_try" >"$tmp/want"
funcs "${run:-/dev/null}" >"$tmp/got"
echo "# BitBake's: $(tr '\n' ' ' <"$tmp/want")"
if cmp -s "$tmp/want" "$tmp/got"; then
	ok "the run file's functions and their order are BitBake's"
else
	not_ok "the run file's functions and their order are BitBake's"
	diff "$tmp/want" "$tmp/got" | diag
fi

# the functions as written, from the task's to the end (the exports above
# them are the environment's; BitBake leaves TOPDIR/.. in the file names)
body() {
	sed -n '/^# line: /,$p' "$1" |
		sed -e "s#$tmp/meta-funcs#@TOPDIR@/../meta-funcs#" -e "s#$tmp/build#@TOPDIR@#g"
}
body "$data/golden/run.do_try" >"$tmp/want-body"
body "${run:-/dev/null}" >"$tmp/got-body"
if cmp -s "$tmp/want-body" "$tmp/got-body"; then
	ok "the functions, their bodies and the call are BitBake's, line for line"
else
	not_ok "the functions, their bodies and the call are BitBake's, line for line"
	diff "$tmp/want-body" "$tmp/got-body" | diag
fi

# what the task printed into its log: $f's function is not there, ${FOO}'s
# is; the caller's LEAK is not in its environment (BitBake empties it)
log=${run%/run.do_try.*}/log.do_try
grep -q '^through_shell_var is not in the run file$' "$log" &&
	grep -q '^through a BitBake variable$' "$log" && grep -q '^in a substitution$' "$log" &&
	grep -q '^LEAK: unset$' "$log"
check $? "the task ran as under BitBake: \$f's function missing, \${FOO}'s and \$(...)'s run, no LEAK"

# what the task's signature covers (pgo-run task -S) against what BitBake's
# bitbake-dumpsig showed of its sigdata: the same variables, the same values
pgo_run -S -B . funcs try >"$tmp/sig" 2>"$tmp/sig.err"
rc=$?
sed -n '/^Variable .* value is /,/^Tasks this task depends on: /p' "$data/golden/do_try.dumpsig" |
	sed '$d' >"$tmp/want-sig"
sed 's/^\([^ ]*\): /Variable \1 value is /' "$tmp/sig" >"$tmp/got-sig"
echo "# BitBake's: $(sed -n 's/^Task dependencies: //p' "$data/golden/do_try.dumpsig")"
if [ "$rc" = 0 ] && cmp -s "$tmp/want-sig" "$tmp/got-sig"; then
	ok "the signature's variables and values are BitBake's (bitbake-dumpsig)"
else
	not_ok "the signature's variables and values are BitBake's (exit $rc)"
	diff "$tmp/want-sig" "$tmp/got-sig" | diag
fi
