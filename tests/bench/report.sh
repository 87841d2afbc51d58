#!/bin/sh
# TAP: bench/pybench/report.py on a recorded run (tests/data/bench-report:
# pgo-run bench's JSON of plain and OE-core's PGO, CPython 3.14.6, and the
# summary.txt of bench/results; see its README). table and compare read the
# run as pgo-run wrote it, its first build the baseline; builds reads it as
# bench/cpython-pgo's bench stage would have named the builds (baseline,
# oe-pgo-1: the builds' directories); summary and builds NAME put their line
# into the recorded summary.txt. Each output is compared with its golden
# file; the geometric mean lies in pgo-run's own 95% interval of the same
# run, the results file is what builds prints, a ratio's interval is Welch's
# as pgo-run bench computes it (bench/welch), a named builds keeps every
# field but its own of the recorded line, and bad use stops with a message.
# REGOLD=1 rewrites the golden files from this run.
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
data=$top/tests/data/bench-report
run=$data/pgo-run-bench-x86_64.json
report() { python3 "$top/bench/pybench/report.py" "$@"; }
command -v python3 >/dev/null || { echo "Bail out! no python3 (.ci/install-deps installs it)"; exit 1; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
echo "1..11"

# golden NAME FILE: FILE is the golden NAME (REGOLD=1: becomes it)
golden() {
	[ -z "${REGOLD:-}" ] || cp "$2" "$data/$1"
	if diff -u "$data/$1" "$2" >"$W/diff"; then return 0; fi
	diag "$W/diff"
	return 1
}

# 1 table
report table "$run" >"$W/table" 2>"$W/err" && golden table.out "$W/table"
check $? "table: every benchmark's speedup and the geometric mean ($(sed -n 's/^geomean *//p' "$W/table"))" ||
	diag "$W/err"

# 2 its geometric mean in pgo-run bench's own interval for the run
geo=$(sed -n 's/^geomean *//p' "$W/table")
python3 - "$run" "$geo" <<'EOF'
import json, sys
g = json.load(open(sys.argv[1]))['geomean']['oe-pgo']
sys.exit(not g['low'] <= float(sys.argv[2]) <= g['high'])
EOF
check $? "table's geometric mean $geo lies in pgo-run bench's 95% interval of the run"

# 3 compare
report compare oe-pgo=oe-pgo -- "$run" >"$W/compare" 2>"$W/err" && golden compare.out "$W/compare"
check $? "compare: the variant's gain, its run's, the plain build's geometric mean" || diag "$W/err"

# the run in a bench stage's work directory: bench-1.json, the builds named
# by their directories (inst/baseline, inst/oe-pgo-1), no times recorded
mkdir -p "$W/w/times" "$W/r" "$W/r-oe" "$W/r-sum"
python3 - "$run" "$W/w/bench-1.json" <<'EOF'
import json, os, sys
d = json.load(open(sys.argv[1]))
name = {b['label']: os.path.basename(b['path']) for b in d['builds']}
for b in d['builds']:
    b['label'] = name[b['label']]
d['times'] = {name[k]: v for k, v in d['times'].items()}
json.dump(d, open(sys.argv[2], 'w'), indent=1)
EOF
for d in r r-oe r-sum; do cp "$data/summary.txt" "$W/$d/"; done

# 4 builds
report builds "$W/w" 3.14.6 '-m test --pgo' '-m test --pgo test_re' "$W/r" >"$W/builds" 2>"$W/err" &&
	golden builds.out "$W/builds"
check $? "builds: the variants' table, per benchmark, and the summary line" || diag "$W/err"

# 5 its results file and summary line
sed '$d' "$W/builds" | cmp -s - "$W/r/results-3.14.6.txt" &&
	grep -qxF "$(tail -n 1 "$W/builds")" "$W/r/summary.txt" &&
	[ "$(grep -v '^python=3\.14\.6 arch=x86_64 ' "$W/r/summary.txt")" = \
		"$(grep -v '^python=3\.14\.6 arch=x86_64 ' "$data/summary.txt")" ]
check $? "builds wrote what it printed: results-3.14.6.txt and 3.14.6's line, the other lines kept"

# 6 builds NAME: only its fields in the recorded line
report builds "$W/w" 3.14.6 '-m test --pgo' '-m test --pgo test_re' "$W/r-oe" oe >/dev/null 2>"$W/err" &&
	golden summary-oe.txt "$W/r-oe/summary.txt"
check $? "builds NAME: summary.txt with OE-core's fields of the run" || diag "$W/err"

# 7 the recorded line's other fields kept, OE-core's replaced
python3 - "$data/summary.txt" "$W/r-oe/summary.txt" <<'EOF'
import sys
def line(path):
    for x in open(path):
        if x.startswith('python=3.14.6 arch=x86_64 '):
            return dict(kv.split('=', 1) for kv in x.split())
old, new = line(sys.argv[1]), line(sys.argv[2])
kept = all(new.get(k) == v for k, v in old.items()
           if not k.startswith(('oe_gain', 'oe_builds', 'oe_repro', 'oe_from', 'oe_baseline', 'oe_task')))
sys.exit(not (kept and new['oe_gain'] == '1.036' and new['oe_from'] == 'results-3.14.6-oe.txt'
              and old['oe_gain'] != new['oe_gain']))
EOF
check $? "builds NAME keeps the recorded line's other fields and replaces OE-core's (oe_gain 1.036)"

# 8 summary: a new version's line, in order
report summary "$W/r-sum" python=3.12.13 native_gain=1.100 cross_gain=1.090 gain_ratio=0.90 \
	from=results-3.12.13.txt >"$W/summary" 2>"$W/err" && golden summary-new.txt "$W/r-sum/summary.txt" &&
	[ "$(sed -n 2p "$W/r-sum/summary.txt")" = "$(cat "$W/summary")" ]
check $? "summary: 3.12.13's line between 3.11.2's and 3.14.6's, unknown fields -" || diag "$W/err"

# 9 a field summary does not know
st=0
report summary "$W/r-sum" python=3.12.13 nosuch=1 >"$W/out" 2>"$W/err" || st=$?
[ "$st" = 1 ] && [ "$(cat "$W/err")" = "report.py: summary: unknown field nosuch" ] &&
	cmp -s "$data/summary-new.txt" "$W/r-sum/summary.txt"
check $? "summary refuses an unknown field, summary.txt untouched: $(cat "$W/err")"

# 10 a pgo-run run whose second build is named baseline
sed 's/"label": "oe-pgo"/"label": "baseline"/' "$run" >"$W/bad.json"
st=0
report table "$W/bad.json" >"$W/out" 2>"$W/err" || st=$?
[ "$st" = 1 ] && [ "$(cat "$W/err")" = "report.py: $W/bad.json: a build other than the first is labelled baseline" ]
check $? "a pgo-run run with a second build labelled baseline: $(cat "$W/err")"
# 11 compare's interval of a ratio: Welch's by bench/welch, as pgo-run bench
# has it. The run's plain build and four builds of the OE-core build's times
# scaled so that variant A gains 1.10 and 1.12, B 1.07 and 1.09: the same
# variance each, so 2 degrees of freedom, t 4.302653; the ratio of B's gain
# to A's 0.08/0.11, its interval 1 + (-0.03 -+ t * sqrt(0.0002)) / 0.11
python3 - "$run" "$W/four.json" <<'EOF'
import json, math, statistics, sys
d = json.load(open(sys.argv[1]))
base, oe = d['times']['plain'], d['times']['oe-pgo']
g0 = math.exp(sum(math.log(statistics.median([b / t for b, t in zip(base[k], oe[k])]))
                  for k in oe) / len(oe))
gains = {'a1': 1.10, 'a2': 1.12, 'b1': 1.07, 'b2': 1.09}
d['builds'] = d['builds'][:1] + [dict(d['builds'][1], label=n) for n in gains]
d['times'] = dict({'plain': base}, **{n: {k: [t * g0 / g for t in v] for k, v in oe.items()}
                                      for n, g in gains.items()})
json.dump(d, open(sys.argv[2], 'w'))
EOF
half=$(awk 'BEGIN { printf "%.6f", 4.302653 * sqrt(0.0002) }')
want=$(awk -v h="$half" 'BEGIN { printf "B against A: ratio %.2f, range %.2f-%.2f, 95%% interval %.2f-%.2f",
	0.08 / 0.11, 0.07 / 0.12, 0.09 / 0.10, 1 + (-0.03 - h) / 0.11, 1 + (-0.03 + h) / 0.11 }')
report compare A=a1,a2 B=b1,b2 -- "$W/four.json" >"$W/compare4" 2>"$W/err" &&
	grep -qxF "$want" "$W/compare4"
check $? "compare: a ratio's 95% interval is Welch's ($want)" || { diag "$W/compare4"; diag "$W/err"; }
[ "$failed" = 0 ]
