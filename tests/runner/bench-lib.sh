# shellcheck shell=bash
# sourced by the pgo-run bench test scripts: checks of a run's JSON and of its
# errors, the files in $W

# json FILE EXPR: python3's json.load of FILE (as d) and EXPR true (math imported)
json() { "${PY:-python3}" -c "import json, math, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1"; }
# one_line FILE: FILE holds one line, pgo-run's
one_line() { [ "$(wc -l <"$1")" = 1 ] && grep -q "^pgo-run: " "$1"; }
# failed_with STATUS NAME WANT: the run NAME failed (STATUS, kept in $rc) with
# one line in $W/NAME.err, which matches WANT; that file shown as diagnostics
failed_with() {
	rc=$1
	diag "$W/$2.err"
	[ "$rc" != 0 ] && one_line "$W/$2.err" && grep -q "$3" "$W/$2.err"
}
