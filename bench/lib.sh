# shellcheck shell=sh
# sourced first by the bench scripts, as "$(dirname "$0")/lib.sh": top, the
# source tree; bench_program, the program a script times; bench_tmp, its
# temporary directory
# shellcheck disable=SC2034 # for the scripts that source this
top=$(cd "$(dirname "$0")/.." && pwd)

# prints the program $1 made absolute; exits with a message naming $2, the
# variable that sets it, when it is not an executable file
bench_program() {
	case $1 in /*) p=$1 ;; *) p=$PWD/$1 ;; esac
	[ -x "$p" ] || { echo "${0##*/}: no program '$p' (build it or set $2)" >&2; exit 1; }
	echo "$p"
}

# tmp: a new temporary directory (its name starting with $1), removed at exit
bench_tmp() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
}
