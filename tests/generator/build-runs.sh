#!/bin/sh
# TAP: the layer's pgo-build-runs.py on Debian's python3 (its Makefile and
# pyconfig.h from libpython3-dev), traced with strace: the build's runs, each
# its own process with the interpreter's options, generate-posix-vars with
# no extension module opened, check_extension_modules loading lib-dynload's
# modules, then the task as its child with the interpreter's options, its
# exit status the script's and SIGTERM passed on to it; with CPython
# 3.14.6's build sources in src/ beside it (as the recipe installs them),
# getpath and frozen_only frozen and build-details.json generated; a missing
# file or no task is a one-line error.
set -u
: "${TEST_DATADIR:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
script=$top/templates/recipes-devtools/python/pgo-build-runs.py
py=/usr/bin/python3
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir
for tool in "$py" strace; do
	command -v "$tool" >/dev/null || { echo "Bail out! $tool is missing (.ci/install-deps installs it)"; exit 1; }
done

# as on a target: no PYTHON* variable of the caller's shell (with
# PYTHONDONTWRITEBYTECODE nothing is written to the pycache prefix)
for v in $(env | sed -n 's/^\(PYTHON[A-Z_]*\)=.*/\1/p'); do unset "$v"; done
(cd "$tmp" && strace -f -qq -s 300 -e trace=execve,openat -o "$tmp/trace" \
	"$py" -X pycache_prefix="$tmp/pyc" "$script" \
	-c 'import sys; print("task", sys._xoptions["pycache_prefix"]); sys.exit(3)') >"$tmp/out" 2>"$tmp/err"
status=$?
check "$([ $status = 3 ]; echo $?)" "the task's exit status is the script's (3, got $status)"
grep -q "^task $tmp/pyc\$" "$tmp/out"
check $? "the task runs with the interpreter's own options (-X pycache_prefix)"
runs=$(sed -n 's/^pgo-build-runs: \([0-9]*\) runs (freeze of \([0-9]*\) modules, generate-posix-vars, get_platform, check_extension_modules) in [0-9.]* s$/\1 \2/p' "$tmp/out")
frozen=${runs#* }
runs=${runs% *}
check "$([ -n "$runs" ] && [ "$frozen" -ge 10 ] && [ "$runs" = $((frozen + 3)) ]; echo $?)" \
	"it says how many runs it made ($runs, $frozen of them freezes)"
# the first execve is the script's own, the last the task's: the runs between
execs=$(grep -c 'execve(.*= 0$' "$tmp/trace")
check "$([ "$execs" = $((runs + 2)) ]; echo $?)" "each run is its own process ($execs execve for $runs runs)"
first=$(head -n 1 "$tmp/trace" | cut -d' ' -f1)
last=$(grep 'execve(.*sys\.exit(3)' "$tmp/trace" | cut -d' ' -f1)
check "$([ "$first" != "$last" ] && grep -q "^$first --- SIGCHLD .*si_pid=$last, .*si_status=3," "$tmp/trace"; echo $?)" \
	"the task is the script's child, not exec'd in its place (an instrumented interpreter writes its counts at exit)"
withopt=$(grep 'execve(.*= 0$' "$tmp/trace" | grep -c "\"-X\", \"pycache_prefix=$tmp/pyc\"")
check "$([ "$withopt" = "$execs" ]; echo $?)" \
	"each run has the interpreter's options, its pycache prefix shared with the task ($withopt of $execs)"
# _bootstrap_python's freezes: stdlib modules frozen in python are compiled
# from source (once, into the shared prefix)
pid=$(grep 'execve(.*frozen_modules=off.*/abc\.py' "$tmp/trace" | cut -d' ' -f1)
grep "^$pid " "$tmp/trace" | grep -q "openat(.*\"$tmp/pyc/.*/os\.cpython-[0-9]*\.pyc\.[0-9]*\", O_WRONLY"
check $? "the first of _bootstrap_python's freezes compiles os.py into the shared pycache prefix"
pid=$(grep 'execve(.*generate-posix-vars' "$tmp/trace" | cut -d' ' -f1)
grep "^$pid " "$tmp/trace" | grep -q 'openat(.*"build/lib\.[^"]*/_sysconfigdata_[^"]*\.py", O_WRONLY'
check $? "generate-posix-vars writes the build-time variables"
if grep "^$pid " "$tmp/trace" | grep -v ENOENT | grep -q 'lib-dynload/'; then
	not_ok "generate-posix-vars runs with no extension module importable"
	grep "^$pid " "$tmp/trace" | grep 'lib-dynload/' | head -5 | diag
else
	ok "generate-posix-vars runs with no extension module importable"
fi
pid=$(grep 'execve(.*import _imp, argparse, enum' "$tmp/trace" | cut -d' ' -f1)
dynload=$(grep "^$pid " "$tmp/trace" | grep -v ENOENT | grep -c 'openat(.*lib-dynload/[^"]*\.so", O_RDONLY')
all=$(find "$("$py" -c 'import sysconfig; print(sysconfig.get_path("platstdlib"))')/lib-dynload" -name '*.so' | wc -l)
check "$([ -n "$pid" ] && [ "$dynload" -ge 5 ] && [ "$dynload" = "$all" ]; echo $?)" \
	"check_extension_modules loads every module in lib-dynload ($dynload of $all)"

# the recipe's install: the script with the build's sources it names
# (PGO_BUILD_RUNS_SRC, read from the committed layer) in src/ beside it
srcs=$(sed -n 's/^PGO_BUILD_RUNS_SRC = "\(.*\)"$/\1/p' "$top/meta-pgo/recipes-devtools/python/python3-profile-opt_3.14.6.bb")
[ -n "$srcs" ] || { echo "Bail out! no PGO_BUILD_RUNS_SRC in meta-pgo's python3-profile-opt recipe"; exit 1; }
mkdir -p "$tmp/share"
cp "$script" "$tmp/share/"
for f in $srcs; do
	install -D -m 0644 "$TEST_DATADIR/cpython/3.14.6/$f" "$tmp/share/src/$f"
done
rm -rf "$tmp/pyc"
(cd "$tmp" && strace -f -qq -s 300 -e trace=execve,openat -o "$tmp/trace" \
	"$py" -X pycache_prefix="$tmp/pyc" "$tmp/share/pgo-build-runs.py" -c 'print("task")') >"$tmp/out" 2>"$tmp/err"
status=$?
runs2=$(sed -n 's/^pgo-build-runs: \([0-9]*\) runs (freeze of \([0-9]*\) modules, generate-posix-vars, get_platform, generate-build-details, check_extension_modules) in [0-9.]* s$/\1 \2/p' "$tmp/out")
check "$([ $status = 0 ] && [ "$runs2" = "$((runs + 3)) $((frozen + 2))" ] && grep -q '^task$' "$tmp/out"; echo $?)" \
	"with src/: two more freezes and generate-build-details ($runs2; status $status)"
for f in Modules/getpath.py Tools/freeze/flag.py; do
	grep 'execve(' "$tmp/trace" | grep -q "$tmp/share/src/$f" || break
done
check $? "getpath.py and flag.py are frozen, each in its own run"
pid=$(grep 'execve(.*generate-build-details\.py' "$tmp/trace" | cut -d' ' -f1)
grep "^$pid " "$tmp/trace" | grep -q 'openat(.*/build-details\.json", O_WRONLY'
check $? "generate-build-details.py writes build-details.json"

# SIGTERM to the script ends the task too, and the script's status says so
(cd "$tmp" && exec "$py" -X pycache_prefix="$tmp/pyc" "$script" \
	-c 'import time; print("task started", flush=True); time.sleep(120)') >"$tmp/out" 2>&1 &
pid=$!
k=0
while ! grep -q '^task started$' "$tmp/out" && [ $k -lt 300 ]; do sleep 0.1; k=$((k + 1)); done
child=$(pgrep -P "$pid" -f 'time.sleep\(120\)')
kill -TERM "$pid"
wait "$pid"
status=$?
sleep 0.2
check "$([ -n "$child" ] && [ $status = 143 ] && ! kill -0 "$child" 2>/dev/null; echo $?)" \
	"SIGTERM is passed on to the task: it ends, the script's status is 143 (got $status, task '$child')"

# a Python whose Makefile is missing (a fake build tree: sysconfig looks there)
mkdir -p "$tmp/proj/Modules"
: >"$tmp/proj/Modules/Setup"
: >"$tmp/proj/Modules/Setup.local"
_PYTHON_PROJECT_BASE=$tmp/proj "$py" "$script" -c 'print("task")' >"$tmp/out" 2>"$tmp/err"
status=$?
check "$([ $status = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && ! grep -q task "$tmp/out" &&
	grep -q "^pgo-build-runs: $tmp/proj/Makefile: no such file" "$tmp/err"; echo $?)" \
	"a missing Makefile is a one-line error, and the task does not run"
"$py" "$script" >"$tmp/out" 2>"$tmp/err"
status=$?
check "$([ $status = 1 ] && grep -q '^pgo-build-runs: usage:' "$tmp/err"; echo $?)" "no task: usage, status 1"
echo "1..$n"
[ "$failed" = 0 ]
