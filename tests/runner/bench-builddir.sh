#!/bin/sh
# pgo-run bench -B BUILDDIR: the builds found in an OE build directory.
#
# The build directory reads OE-core's own configuration (tests/data/oe-meta:
# bitbake.conf, the machine, base.bbclass), so ${D}, ${STAMP} and ${T} are
# where BitBake puts them; two stand-in recipes named python3 and
# python3-pgo-baseline (the real ones need OE-core's python3 recipe and a
# cross toolchain) get installed trees holding Debian's python3, and
# do_compile / do_pgo_check stamps and a do_pgo_check log as BitBake leaves
# them. Checked:
#   - every step a user can be at gives its one line, exit 1: PGO off, python3
#     not built, built without do_pgo_check, the baseline not built, python3
#     compiled again after its do_pgo_check, a layer without the baseline
#     recipe, a label -B uses itself;
#   - once all is there, "plain" (the baseline) and "pgo" are timed, the
#     report and the JSON repeat what do_pgo_check said of the profile, and a
#     LABEL=PATH given too comes after them;
#   - --oe-pgo: python3-pgo-oe (OE-core's PGO) as "oe-pgo" after plain, the
#     command that builds it while it is not, and only with -B.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap.sh
. "$here/tap.sh"
PGO_RUN=${PGO_RUN:-$PWD/runner/pgo-run}
PY=/usr/bin/python3
command -v "$PY" >/dev/null || { echo "1..1"; not_ok "missing tool $PY"; exit 1; }
[ -x "$PGO_RUN" ] || { echo "Bail out! $PGO_RUN not built"; exit 99; }
W=$(mktemp -d "${TMPDIR:-/tmp}/bench-builddir.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT
mkdir "$W/tmp"
export TMPDIR=$W/tmp

one_line() { [ "$(wc -l <"$1")" = 1 ] && grep -q "^pgo-run: bench: " "$1"; }
b=$W/build
L=$W/meta-stand-in
mkdir -p "$b/conf" "$L/conf" "$L/recipes"
# shellcheck disable=SC2016 # ${TOPDIR}, ${LAYERDIR}: BitBake expands them
{
	printf 'BBPATH = "${TOPDIR}"\nBBFILES ?= ""\nBBLAYERS ?= "%s %s"\n' \
		"$here/data/oe-meta/meta" "$L"
} >"$b/conf/bblayers.conf"
# shellcheck disable=SC2016
printf '%s\n' 'BBPATH .= ":${LAYERDIR}"' 'BBFILES += "${LAYERDIR}/recipes/*.bb"' \
	'BBFILE_COLLECTIONS += "stand-in"' 'BBFILE_PATTERN_stand-in = "^${LAYERDIR}/"' \
	'BBFILE_PRIORITY_stand-in = "5"' 'LAYERSERIES_COMPAT_stand-in = "wrynose"' \
	>"$L/conf/layer.conf"
printf 'LICENSE = "MIT"\n' >"$L/recipes/python3_3.14.6.bb"
# shellcheck disable=SC2016
printf 'LICENSE = "MIT"\nprefix = "/opt/python-pgo-baseline"\nexec_prefix = "${prefix}"\n' \
	>"$L/recipes/python3-pgo-baseline_3.14.6.bb"
# shellcheck disable=SC2016
printf 'LICENSE = "MIT"\nprefix = "/opt/python-pgo-oe"\nexec_prefix = "${prefix}"\n' \
	>"$L/recipes/python3-pgo-oe_3.14.6.bb"
printf 'MACHINE = "qemux86-64"\n' >"$b/conf/local.conf"

# bench ARGS...: pgo-run bench --target local -B $b, quick; output in $W/o.out, $W/o.err
bench() {
	"$PGO_RUN" bench --target local --benchmarks startup,float --reps 2 --startup-runs 2 \
		--scale 0.1 --log "$W/o.log" -B "$b" "$@" >"$W/o.out" 2>"$W/o.err"
}
# error N TEXT DESCRIPTION: exit 1 and one line holding TEXT
error() {
	[ "$1" = 1 ] && one_line "$W/o.err" && grep -qF -- "$2" "$W/o.err"
	r=$?
	check "$r" "$3"
	[ "$r" = 0 ] || diag "$W/o.err"
}

# 1 PGO off
bench; error $? "PGO of python3 is off there (PYTHON_PROFILE_OPT is \"\")" \
	"PGO off in the build directory: the switch to set"
printf 'PYTHON_PROFILE_OPT = "1"\n' >>"$b/conf/local.conf"

# 2 python3 not built: the message names ${D}${prefix}/bin/python3, as
# OE-core's bitbake.conf places it for qemux86-64
bench; rc=$?
arch=x86-64-v3-oe-linux
D=$b/tmp/work/$arch/python3/3.14.6/image
error $rc "python3 is not installed in its work directory (no $D/usr/bin/python3): bitbake python3" \
	"python3 not built: where BitBake installs it (\${D} of OE-core's bitbake.conf)"

# an installed tree of Debian's python3 (its stdlib found where it was built)
tree() {
	v=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
	mkdir -p "$1/bin" "$1/lib" && cp "$(readlink -f "$PY")" "$1/bin/python$v" &&
		ln -s "python$v" "$1/bin/python3"
}
tree "$D/usr" || exit 99

# 3 installed, but no do_pgo_check: not built with the profile
bench; error $? "python3 has no do_pgo_check stamp: it was not built with the profile" \
	"python3 built without do_pgo_check: refused"

# the stamps as BitBake writes them (a sigdata file beside), do_pgo_check after
# do_compile, and the log line of pgo_check_gcc_profile
S=$b/tmp/stamps/$arch/python3/3.14.6
T=$b/tmp/work/$arch/python3/3.14.6/temp
mkdir -p "$(dirname "$S")" "$T"
touch -d '2026-01-01 10:00' "$S.do_compile.1111"
touch -d '2026-01-01 10:01' "$S.do_pgo_check.2222"
touch -d '2026-01-01 12:00' "$S.do_compile.sigdata.1111"
cov="the profile in $b/tmp-pgo/deploy/pgo-profile/qemux86-64 covers 236 of 240 core objects (98%), GCC stamp 4231322a"
printf 'DEBUG: Executing shell function do_pgo_check\nNOTE: PGO: %s\nDEBUG: Shell function do_pgo_check finished\n' \
	"$cov" >"$T/log.do_pgo_check.4242"
ln -s log.do_pgo_check.4242 "$T/log.do_pgo_check"

# 4 the baseline not built
Db=$b/tmp/work/$arch/python3-pgo-baseline/3.14.6/image
bench; error $? "python3-pgo-baseline is not installed in its work directory (no $Db/opt/python-pgo-baseline/bin/python3): bitbake python3-pgo-baseline -c install" \
	"the baseline not built: the command that builds it"
tree "$Db/opt/python-pgo-baseline" || exit 99

# 5 all there: plain (the baseline, first) and pgo timed, then sys=
bench --json "$W/j.json" sys=$PY; rc=$?
check "$rc" "-B BUILDDIR sys=PY: exit 0"
diag "$W/o.out"
[ "$rc" = 0 ] || { diag "$W/o.err"; tail -n 20 "$W/o.log" | diag; }
grep -q "^  plain  *$Db/opt/python-pgo-baseline (Python [0-9.]*), the baseline:" "$W/o.out" &&
	grep -q "^  pgo  *$D/usr (Python" "$W/o.out" &&
	grep -q "^  sys  *$PY (Python" "$W/o.out" &&
	grep -qF "  pgo's do_pgo_check in $b: $cov" "$W/o.out" &&
	grep -q "^geomean  " "$W/o.out"
check $? "the table: plain the baseline, pgo, sys; do_pgo_check's coverage line"
"$PY" -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if [x["label"] for x in d["builds"]] == ["plain", "pgo", "sys"] and
	d["pgo_check"] == sys.argv[2] and d["complete"] else 1)' "$W/j.json" "$cov"
check $? "the JSON: the builds in that order, pgo_check"

# 6 a label of -B's own
bench pgo=$PY; error $? "label 'pgo' is -B's own" "a label -B uses: one line, exit 1"

# --oe-pgo: not built yet, then built
Do=$b/tmp/work/$arch/python3-pgo-oe/3.14.6/image
bench --oe-pgo; error $? "python3-pgo-oe is not installed in its work directory (no $Do/opt/python-pgo-oe/bin/python3): bitbake python3-pgo-oe -c install" \
	"--oe-pgo, OE-core's PGO build not built: the command that builds it"
tree "$Do/opt/python-pgo-oe" || exit 99
bench --oe-pgo --json "$W/oe.json"; rc=$?
check "$rc" "--oe-pgo: exit 0"
[ "$rc" = 0 ] || { diag "$W/o.err"; tail -n 20 "$W/o.log" | diag; }
"$PY" -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if [x["label"] for x in d["builds"]] == ["plain", "oe-pgo", "pgo"] else 1)' "$W/oe.json" &&
	grep -q "^  oe-pgo  *$Do/opt/python-pgo-oe (Python" "$W/o.out" &&
	grep -q "speedup oe-pgo  *speedup pgo" "$W/o.out"
check $? "--oe-pgo: plain, oe-pgo, pgo, each speedup against plain"
"$PGO_RUN" bench --target local --oe-pgo a=$PY b=$PY >"$W/o.out" 2>"$W/o.err"
[ $? = 2 ] && grep -q "^pgo-run: bench: --oe-pgo is for -B BUILDDIR" "$W/o.err"
check $? "--oe-pgo without -B: a usage error"

# 7 compiled again after do_pgo_check (PGO turned off and on without a rebuild)
touch -d '2026-01-01 10:02' "$S.do_compile.3333"
bench; error $? "python3 was compiled after its last do_pgo_check: it was rebuilt without the profile" \
	"python3 compiled after its do_pgo_check: refused"
rm "$S.do_compile.3333"

# 8 the log does not say what the profile covers
printf 'DEBUG: nothing\n' >"$T/log.do_pgo_check.4242"
bench; error $? "$T/log.do_pgo_check does not say what the profile covers" \
	"a do_pgo_check log without the coverage line: refused"

# 9 a layer without the baseline recipe
rm "$L/recipes/python3-pgo-baseline_3.14.6.bb"
printf 'NOTE: PGO: %s\n' "$cov" >"$T/log.do_pgo_check.4242"
bench; error $? "no recipe python3-pgo-baseline: its layer predates it; regenerate meta-pgo" \
	"no python3-pgo-baseline recipe: regenerate the layer"
[ -z "$(ls -A "$W/tmp")" ]
check $? "nothing left in TMPDIR"

echo "1..$n"
[ "$failed" = 0 ]
