#!/bin/sh
# times reading a whole build directory's configuration, as whole processes, on
# the build directory tests/runner/task-builddir.sh makes (OE-core master's meta
# from tests/data/oe-meta, MACHINE qemux86-64, no distro, the layer meta-hello):
#   pgo-run task -B BUILD hello greet    bblayers.conf, layer.conf, bitbake.conf
#                                        (local.conf, machine, distro), base and
#                                        INHERIT, the recipe and its bbappend,
#                                        HOSTTOOLS_DIR, the run file; then the
#                                        task (one echo) under /bin/sh
#   pgo-gen -B BUILD --check -o LAYER    the cooker's read (bblayers.conf, each
#                                        layer.conf, local.conf, BBFILES for
#                                        python3), then the layer rendered and
#                                        compared
# prints the median and minimum of each in ms.
# usage: bench/builddir.sh [RUNS]   (default 50)
#   PGO_GEN, PGO_RUN: the programs, default generator/pgo-gen, runner/pgo-run
# builds nothing; run it from the build tree, or set PGO_GEN and PGO_RUN
set -eu

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
runs=${1:-50}
gen=$(bench_program "${PGO_GEN:-$PWD/generator/pgo-gen}" PGO_GEN/PGO_RUN)
run=$(bench_program "${PGO_RUN:-$PWD/runner/pgo-run}" PGO_GEN/PGO_RUN)
bench_tmp builddir-bench
layer=$tmp/meta-hello build=$tmp/build
. "$top/tests/data/task-builddir/make-builddir.sh"
make_builddir "$top/tests/data" "$tmp"
# pgo-gen -B looks for python3's recipe by its file name in BBFILES
mkdir -p "$layer/recipes-devtools/python" "$tmp/home"
: >"$layer/recipes-devtools/python/python3_3.14.7.bb"

. "$top/bench/median.sh"
export HOME="$tmp/home"
"$run" task -B "$build" hello greet >/dev/null 2>&1 ||
	{ echo "builddir.sh: pgo-run task -B failed" >&2; exit 1; }
echo "pgo-run task -B: $(median "$runs" "$run" task -B "$build" hello greet 2>/dev/null)"
"$gen" -B "$build" -o "$tmp/meta-pgo" >/dev/null 2>&1 ||
	{ echo "builddir.sh: pgo-gen -B failed" >&2; exit 1; }
echo "pgo-gen -B:      $(median "$runs" "$gen" -B "$build" --check -o "$tmp/meta-pgo" 2>/dev/null)"
