# shellcheck shell=bash
# sourced by the test scripts that use the test image (bash): the TAP helpers
# (tests/tap.sh), tools that must be there (a missing one fails the test, it
# is never skipped), and the image built and loaded.
image_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
QEMU=${QEMU:-qemu-system-x86_64}

# shellcheck source=tests/tap.sh
. "$image_lib/../tap.sh"

# require_tools TOOL...: every tool on PATH, or a plan of one test that fails
require_tools() {
	local missing='' t
	for t; do command -v "$t" >/dev/null || missing="$missing $t"; done
	[ -z "$missing" ] && return 0
	echo "1..1"
	not_ok "missing tools:$missing (sh .ci/install-deps installs them)"
	exit 1
}

# image_build DIR: the test image built into DIR (again: a second build reuses
# the downloads in DIR/pkgs), or a plan of one test that fails
image_build() {
	mkdir -p "$1" || exit 99
	if ! sh "$image_lib/build-image.sh" "$1" >"$1/build.log" 2>&1; then
		echo "1..1"
		not_ok "the test image builds"
		tail -n 20 "$1/build.log" | diag
		exit 1
	fi
}

# image_load DIR: the image's image.env and demo.env, building it first if need be
image_load() {
	if [ ! -r "$1/image.env" ] || [ ! -r "$1/demo.env" ]; then image_build "$1"; fi
	# shellcheck source=/dev/null
	. "$1/image.env"
	# shellcheck source=/dev/null
	. "$1/demo.env"
}
