#!/bin/sh
# the runner's overhead under QEMU (TCG): "pgo-run profile" against the test
# image (tests/image/build-image.sh), ssh transport, RUNS times; the overhead
# of a run is its total time minus the task's own, as pgo-run reports them
# usage: bench/runner.sh [RUNS]   (PGO_RUN: the program, default runner/pgo-run;
#        PGO_IMAGE_DIR: where the image is built, default a temporary directory)
set -eu

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
runs=${1:-10}
run=$(bench_program "${PGO_RUN:-$top/runner/pgo-run}" PGO_RUN)
bench_tmp runner-bench
img=${PGO_IMAGE_DIR:-$tmp/image}
sh "$top/tests/image/build-image.sh" "$img" >"$tmp/build.log" 2>&1 ||
	{ tail "$tmp/build.log" >&2; exit 1; }
. "$img/image.env"
. "$img/demo.env"

i=0
while [ $i -lt "$runs" ]; do
	"$run" profile --target qemu --qemuboot "$IMAGE_QEMUBOOT" \
		--accel tcg --transport ssh --ssh-key "$img/id_ed25519" --boot-marker "$IMAGE_MARKER" \
		--python "$DEMO_GUEST_BINARY" --task "$DEMO_ARGS" --remote-dir /tmp/pgo-prof \
		--gcov-prefix-strip "$DEMO_PREFIX_STRIP" --toolchain gcc \
		--gcc-version "$DEMO_GCC_VERSION" --out "$tmp/profile" --archive "$tmp/profile.tar" \
		--log "$tmp/run.log" >/dev/null 2>&1 || { tail "$tmp/run.log" >&2; exit 1; }
	# pgo-run: done: 3.1s in all, the task 0.2s
	sed -n 's/^pgo-run: done: \([0-9.]*\)s in all, the task \([0-9.]*\)s$/\1 \2/p' \
		"$tmp/run.log" | tail -n 1 >>"$tmp/times"
	i=$((i + 1))
done
median() { sort -n | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "median %.2f s (min %.2f, max %.2f)\n", m, v[1], v[NR] }'; }
echo "runs: $(wc -l <"$tmp/times")"
echo "total: $(awk '{ print $1 }' "$tmp/times" | median)"
echo "overhead (total - task): $(awk '{ print $1 - $2 }' "$tmp/times" | median)"
