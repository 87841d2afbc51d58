#!/bin/sh
# TAP: the layer's pgo-build-runs.py on Debian's python3 (its Makefile and
# pyconfig.h from libpython3-dev), traced with strace: the build's runs, each
# its own process, generate-posix-vars with no extension module opened, then
# the task exec'd with the interpreter's options and its exit status; a
# missing file or no task is a one-line error.
set -u
: "${TEST_DATADIR:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
script=$top/templates/recipes-devtools/python/pgo-build-runs.py
py=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/build-runs.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
for tool in "$py" strace; do
	command -v "$tool" >/dev/null || { echo "Bail out! $tool is missing (.ci/install-deps installs it)"; exit 1; }
done

(cd "$tmp" && strace -f -qq -s 300 -e trace=execve,openat -o "$tmp/trace" \
	"$py" -X pycache_prefix="$tmp/pyc" "$script" \
	-c 'import sys; print("task", sys._xoptions["pycache_prefix"]); sys.exit(3)') >"$tmp/out" 2>"$tmp/err"
status=$?
check "$([ $status = 3 ]; echo $?)" "the task's exit status is the script's (3, got $status)"
grep -q "^task $tmp/pyc\$" "$tmp/out"
check $? "the task runs with the interpreter's own options (-X pycache_prefix)"
runs=$(sed -n 's/^pgo-build-runs: \([0-9]*\) runs (freeze of \([0-9]*\) modules, generate-posix-vars, get_platform) in [0-9.]* s$/\1 \2/p' "$tmp/out")
frozen=${runs#* }
runs=${runs% *}
check "$([ -n "$runs" ] && [ "$frozen" -ge 10 ] && [ "$runs" = $((frozen + 2)) ]; echo $?)" \
	"it says how many runs it made ($runs, $frozen of them freezes)"
# the first execve is the script's own, the last the task's: the runs between
execs=$(grep -c 'execve(.*= 0$' "$tmp/trace")
check "$([ "$execs" = $((runs + 2)) ]; echo $?)" "each run is its own process ($execs execve for $runs runs)"
pid=$(grep 'execve(.*generate-posix-vars' "$tmp/trace" | cut -d' ' -f1)
grep "^$pid " "$tmp/trace" | grep -q 'openat(.*"build/lib\.[^"]*/_sysconfigdata_[^"]*\.py", O_WRONLY'
check $? "generate-posix-vars writes the build-time variables"
if grep "^$pid " "$tmp/trace" | grep -v ENOENT | grep -q 'lib-dynload/'; then
	not_ok "generate-posix-vars runs with no extension module importable"
	grep "^$pid " "$tmp/trace" | grep 'lib-dynload/' | head -5 | diag
else
	ok "generate-posix-vars runs with no extension module importable"
fi

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
