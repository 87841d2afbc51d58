#!/bin/bash
# TAP: pgo-run bench --target local on this machine's python3 (Debian's
# /usr/bin/python3):
#   - an A/A run (the same python under two labels): every process in the
#     JSON, the kept counts, the geometric mean's interval holding 1.0, the
#     table, the SVG, nothing left behind;
#   - a tarball of an installed tree (Debian's python3 copied under a prefix
#     of its own) against the python in place, on wall-clock time; the
#     progress line on a terminal;
#   - the errors, each one line and a non-zero exit with the JSON keeping what
#     was measured: a build of another architecture (aarch64), one missing a
#     library, a benchmark failing on one build only (in the second round),
#     a board that does not answer, and usage errors.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap.sh
. "$here/tap.sh"
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}
PY=/usr/bin/python3
for t in "$PY" aarch64-linux-gnu-gcc gcc tar; do
	command -v "$t" >/dev/null || { echo "1..1"; not_ok "missing tool $t"; exit 1; }
done
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }
W=$(mktemp -d "${TMPDIR:-/tmp}/test-bench.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT
mkdir "$W/tmp"
export TMPDIR=$W/tmp

# shellcheck source=tests/runner/bench-lib.sh
. "$here/runner/bench-lib.sh"

# 1-6 A/A
t0=$(now)
"$PGO_RUN" bench --target local --benchmarks startup,nbody,richards --reps 5 --startup-runs 5 \
	--scale 0.2 --confidence 99 --json "$W/aa.json" --svg "$W/aa.svg" --log "$W/aa.log" \
	a=$PY b=$PY >"$W/aa.out" 2>"$W/aa.err"
rc=$?
echo "# time A/A $(since "$t0")s"
diag "$W/aa.out"
check "$rc" "A/A run: exit 0"
json "$W/aa.json" 'd["complete"] and d["error"] is None and not d["emulated"] and d["rounds_done"] == 5 and
	d["clock"] == "cpu" and all(len(d[k][l]["startup"]) == 25 and len(d[k][l]["nbody"]) == 5 and
	    len(d[k][l]["richards"]) == 5 and all(t > 0 for b in d[k][l].values() for t in b)
	    for l in "ab" for k in ("times", "cpu_times"))'
check $? "the JSON has every process's wall-clock and CPU time: 5 rounds, 5 start-ups each"
json "$W/aa.json" 'all(2 <= d["results"][b][l]["kept"] <= d["results"][b][l]["processes"]
	for b in d["benchmarks"] for l in "ab") and d["kept"]["a"][1] == 35'
check $? "kept processes counted per build and benchmark (2 at least)"
g=$("$PY" -c 'import json, sys; g = json.load(open(sys.argv[1]))["geomean"]["b"]; print(g["speedup"], g["low"], g["high"])' "$W/aa.json")
echo "# A/A geomean speedup, 99% interval: $g"
json "$W/aa.json" 'd["geomean"]["b"]["low"] <= 1.0 <= d["geomean"]["b"]["high"]'
check $? "A/A: the geometric mean's interval holds 1.0 ($g)"
grep -q '^startup .* 25/25\|^startup .*/25 ' "$W/aa.out" && grep -q '^geomean ' "$W/aa.out" &&
	grep -q '^nbody ' "$W/aa.out" && ! grep -q emulated "$W/aa.out"
check $? "the table: a row per benchmark and the geomean, not marked emulated"
"$PY" -c 'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); assert d.documentElement.tagName == "svg"; assert len(d.getElementsByTagName("circle")) >= 4' "$W/aa.svg" &&
	[ -z "$(ls -A "$W/tmp")" ]
check $? "the SVG chart parses, with a point per benchmark; nothing left in TMPDIR"

# 7-8 a tarball of an installed tree, copied, against the python in place
mkdir -p "$W/tree/bin" "$W/tree/lib"
v=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
cp "$(readlink -f "$PY")" "$W/tree/bin/python$v" && ln -s "python$v" "$W/tree/bin/python3" &&
	tar -c -C "/usr/lib" --exclude="python$v/test" --exclude="python$v/dist-packages" \
		--exclude="__pycache__" "python$v" | tar -x -C "$W/tree/lib" &&
	tar -czf "$W/tree.tar.gz" -C "$W/tree" . || exit 99
"$PGO_RUN" bench --target local --benchmarks startup,float --reps 2 --startup-runs 2 --scale 0.1 \
	--clock wall --json "$W/tb.json" --log "$W/tb.log" sys=$PY tar="$W/tree.tar.gz" \
	>"$W/tb.out" 2>"$W/tb.err"
rc=$?
check "$rc" "a tarball of an installed tree against the python in place (--clock wall)"
[ "$rc" = 0 ] || { diag "$W/tb.err"; tail -n 20 "$W/tb.log" | diag; }
grep -q "^pgo-run: check: build tar: Python $v.*/b1/bin/python3$" "$W/tb.log" &&
	json "$W/tb.json" 'd["builds"][1]["python"].endswith("/b1/bin/python3") and len(d["times"]["tar"]["float_"]) == 2' &&
	[ -z "$(ls -A "$W/tmp")" ]
check $? "the tarball's python ran from the private copy; nothing left behind"
# two processes: the second fastest is the slower, both kept
json "$W/tb.json" 'd["clock"] == "wall" and abs(d["results"]["float_"]["tar"]["time"] /
	math.exp(sum(math.log(t) for t in d["times"]["tar"]["float_"]) / 2) - 1) < 1e-6'
rc=$?
grep -q "wall-clock time" "$W/tb.out"
check $((rc + $?)) "--clock wall: the statistics on the wall-clock times (the geometric mean of both kept)"

# the progress line on a terminal (a pty from script(1)): the round and the time left
if command -v script >/dev/null; then
	script -qfec "$PGO_RUN bench --target local --benchmarks startup --reps 3 --startup-runs 3 \
		--log $W/tty.log a=$PY b=$PY" /dev/null </dev/null >"$W/tty.out" 2>&1
	rc=$?
	tr '\r' '\n' <"$W/tty.out" | grep -q "pgo-run: bench .*round 3 of 4, [0-9]*% done, about 0m[0-9]*s left"
	check $((rc + $?)) "on a terminal, the progress line shows the round and the time left"
else
	not_ok "script(1) missing: the progress line untested"
fi

# 9-10 another architecture
mkdir -p "$W/arm/bin"
printf 'int main(void) { return 0; }\n' >"$W/true.c"
aarch64-linux-gnu-gcc -static -o "$W/arm/bin/python3" "$W/true.c" 2>/dev/null ||
	aarch64-linux-gnu-gcc -o "$W/arm/bin/python3" "$W/true.c" || exit 99
"$PGO_RUN" bench --target local --reps 2 --json "$W/arch.json" --log "$W/arch.log" \
	a=$PY arm="$W/arm" >"$W/arch.out" 2>"$W/arch.err"
failed_with $? arch "check: build arm does not start on the target: its bin/python3 is an aarch64 executable and the target is x86_64"
check $? "a build of another architecture: one line naming both architectures, exit $rc"
json "$W/arch.json" 'not d["complete"] and "aarch64" in d["error"] and d["builds"][0]["version"]' &&
	[ -z "$(ls -A "$W/tmp")" ]
check $? "its JSON: incomplete, the error, what was found of the others; nothing left behind"

# 11 a missing library
mkdir -p "$W/nolib/bin" "$W/gone"
printf 'int gone(void) { return 0; }\n' >"$W/gone.c"
printf 'int gone(void);\nint main(void) { return gone(); }\n' >"$W/main.c"
gcc -shared -fPIC -o "$W/gone/libpgobenchgone.so" "$W/gone.c" &&
	gcc -o "$W/nolib/bin/python3" "$W/main.c" -L"$W/gone" -lpgobenchgone || exit 99
rm -rf "$W/gone"
"$PGO_RUN" bench --target local --reps 2 --log "$W/lib.log" a=$PY nolib="$W/nolib" \
	>"$W/lib.out" 2>"$W/lib.err"
failed_with $? lib "build nolib does not start on the target: .*libpgobenchgone.so: cannot open shared object file"
check $? "a build missing a library: ld.so's line naming it, exit $rc"

# 12-13 a benchmark that fails on one build only, in the second round
mkdir "$W/flaky"
cat >"$W/flaky/python3" <<EOF
#!/bin/sh
case " \$* " in
*" nbody "*)
	if [ -e "$W/flaky/once" ]; then echo "nbody broke here" >&2; exit 7; fi
	: >"$W/flaky/once" ;;
esac
exec $PY "\$@"
EOF
chmod +x "$W/flaky/python3"
"$PGO_RUN" bench --target local --benchmarks startup,nbody --reps 3 --warmup 0 --startup-runs 2 \
	--scale 0.05 --json "$W/fl.json" --log "$W/fl.log" a=$PY flaky="$W/flaky/python3" \
	>"$W/fl.out" 2>"$W/fl.err"
failed_with $? fl "bench: nbody failed on build flaky (exit status 7): nbody broke here"
check $? "a benchmark failing on one build: one line naming it and the build, exit $rc"
json "$W/fl.json" 'not d["complete"] and d["rounds_done"] == 1 and len(d["times"]["flaky"]["nbody"]) == 1 and
	len(d["times"]["a"]["nbody"]) >= 1 and len(d["times"]["a"]["startup"]) >= 2'
check $? "its JSON keeps the first round's times"

# 14 a board that does not answer
port=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PGO_RUN" bench --target ssh root@127.0.0.1 --ssh-port "$port" --connect-timeout 5 \
	--json "$W/ssh.json" --log "$W/ssh.log" a=/usr/bin/python3 b=/usr/bin/python3 \
	>"$W/ssh.out" 2>"$W/ssh.err"
failed_with $? ssh "connect: ssh to root@127.0.0.1:$port failed" &&
	json "$W/ssh.json" 'not d["complete"] and "failed" in d["error"]'
check $? "an unreachable board: one line, exit $rc, the JSON says so"

# 15-18 usage errors: exit 2, one line
usage() {
	local what=$1 want=$2
	shift 2
	"$PGO_RUN" bench "$@" >"$W/u.out" 2>"$W/u.err"
	rc=$?
	[ "$rc" = 2 ] && one_line "$W/u.err" && grep -q -- "$want" "$W/u.err"
	check $? "usage: $what (exit $rc: $(cat "$W/u.err"))"
}
usage "one build" "two builds or more" --target local a=$PY
usage "a label twice" "label 'a' given twice" --target local a=$PY a=$PY
usage "an unknown benchmark" "no benchmark 'nope'" --target local --benchmarks nbody,nope a=$PY b=$PY
usage "qemu without an image" "needs --qemuboot" --target qemu a=$PY b=$PY
"$PGO_RUN" bench --target local a=$PY b=relative/python3 >"$W/u.out" 2>"$W/u.err"
rc=$?
[ "$rc" = 1 ] && one_line "$W/u.err" && grep -q "nor an absolute path on the target" "$W/u.err"
check $? "a PATH that is nothing here nor absolute: one line, exit $rc"

echo "1..$n"
[ "$failed" = 0 ]
