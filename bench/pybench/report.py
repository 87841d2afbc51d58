"""report.py select|final WORKDIR TASKS [RESULTS]

select: reads WORKDIR/bench-select.json (the baseline, native PGO and one
  cross build per candidate profile task), prints the candidates' table and
  writes the chosen task to WORKDIR/best-task: the one with the shortest
  profile run under TCG whose gain is at least 95% of "-m test --pgo"'s
  (gain: speedup - 1).
final: reads WORKDIR/bench.json and writes RESULTS/results.txt (the table)
  and RESULTS/summary.txt, whose last line is the key=value summary.

Speedup of an interpreter on a benchmark: the median over the repetitions
of baseline_time / its_time, pairing the runs of the same repetition (they
ran next to each other).  Geometric mean over the benchmarks."""
import json
import math
import os
import statistics
import sys

REFERENCE = 'testpgo'


def load(path):
    with open(path) as f:
        return json.load(f)


def read(path, default=None):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


def tasks(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].rstrip('\n')
            if line.strip():
                name, args = line.split('\t', 1)
                out.append((name, args.strip()))
    return out


def speedups(data, name):
    base = data['times']['baseline']
    mine = data['times'][name]
    per = {}
    for bench, ts in mine.items():
        ratios = [b / t for b, t in zip(base[bench], ts)]
        per[bench] = (statistics.median(ratios), min(ratios), max(ratios))
    geo = math.exp(sum(math.log(v[0]) for v in per.values()) / len(per))
    return per, geo


def profile_times(w, name):
    """(total, task) seconds of pgo-run profile under TCG."""
    v = read(os.path.join(w, 'times', 'profile-' + name))
    if not v:
        return None, None
    total, task = v.split()
    return float(total), float(task)


def local_time(w, name):
    v = read(os.path.join(w, 'times', 'local-' + name))
    return float(v.split()[1]) if v else None


def used(w, name):
    v = read(os.path.join(w, 'times', 'used-' + name))
    return tuple(int(x) for x in v.split()) if v else None


def files(w, name):
    d = os.path.join(w, 'profiles', name)
    return sum(1 for f in os.listdir(d) if f.endswith('.gcda')) if os.path.isdir(d) else 0


def select(w, task_file):
    data = load(os.path.join(w, 'bench-select.json'))
    ts = tasks(task_file)
    _, native = speedups(data, 'native')
    rows = []
    for name, args in ts:
        _, g = speedups(data, 'cross-' + name)
        total, task = profile_times(w, name)
        rows.append((name, args, g, total, task, local_time(w, name)))
    ref = [r for r in rows if r[0] == REFERENCE]
    if not ref:
        sys.exit('report: error: no %s candidate' % REFERENCE)
    ref_gain = ref[0][2] - 1
    print('Profile task candidates (gain = geometric-mean speedup over the plain build;')
    print('native --enable-optimizations: %.3f)' % native)
    print('%-10s %8s %8s %10s %10s  %s' % ('task', 'speedup', 'of ref', 'TCG s', 'host s', 'PYTHON_PROFILE_TASK'))
    for name, args, g, total, task, local in rows:
        print('%-10s %8.3f %7.0f%% %10s %10s  %s' % (
            name, g, 100 * (g - 1) / ref_gain if ref_gain > 0 else float('nan'),
            '%.0f' % task if task is not None else '-',
            '%.0f' % local if local is not None else '-', args))
    ok = [r for r in rows if ref_gain > 0 and (r[2] - 1) >= 0.95 * ref_gain and r[4] is not None]
    best = min(ok, key=lambda r: r[4]) if ok else ref[0]
    print('chosen: %s (%s): the shortest under TCG with at least 95%% of %s\'s gain'
          % (best[0], best[1], REFERENCE))
    with open(os.path.join(w, 'best-task'), 'w') as f:
        f.write(best[0] + '\n')


def final(w, task_file, results):
    data = load(os.path.join(w, 'bench.json'))
    sel = read(os.path.join(w, 'select.txt'), '')
    best = read(os.path.join(w, 'best-task'))
    args = dict(tasks(task_file))
    names = [('baseline', 'plain ./configure && make'),
             ('native', 'native --enable-optimizations (-m test --pgo on the host)'),
             ('cross-' + best, 'ours: profile gathered in QEMU (%s)' % best),
             ('cross-lto', 'ours + LTO (same profile)')]
    names = [(n, d) for n, d in names if n in data['times']]
    benches = list(data['times']['baseline'])
    sp = {n: speedups(data, n) for n, _ in names if n != 'baseline'}
    lines = []
    p = lines.append
    p('CPython %s (Debian python3.11 source), gcc %s, %d repetitions, interleaved'
      % ('3.11.2', read(os.path.join(w, 'gcc-version'), '?'), data['reps']))
    p('')
    p('%-14s %10s' % ('benchmark', 'baseline') + ''.join('%16s' % n for n, _ in names[1:]))
    for b in benches:
        base = statistics.median(data['times']['baseline'][b])
        row = '%-14s %9.3fs' % (b.rstrip('_'), base)
        for n, _ in names[1:]:
            med, lo, hi = sp[n][0][b]
            row += '%10.3f %5s' % (med, '±%.0f%%' % (50 * (hi - lo) / med))
        p(row)
    p('%-14s %10s' % ('geomean', '1.000') + ''.join('%10.3f      ' % sp[n][1] for n, _ in names[1:]))
    p('')
    p('(speedup = median of per-repetition ratios baseline/build; ± = half the')
    p(' spread of those ratios, min to max)')
    p('')
    for n, d in names:
        p('%-16s %s' % (n, d))
    p('')
    tt, task_s = profile_times(w, best)
    ref_t, ref_task = profile_times(w, REFERENCE)
    u = used(w, 'cross-' + best)
    ul = used(w, 'cross-lto')
    p('profile task (%s): %s' % (best, args.get(best)))
    p('  under TCG: %.0f s (pgo-run in all: %.0f s); -m test --pgo: %.0f s (%.1fx longer)'
      % (task_s, tt, ref_task, ref_task / task_s))
    p('  profile files: %d .gcda' % files(w, best))
    if u:
        p('  core objects built with the profile: %d of %d (%.0f%%)' % (u[0], u[1], 100.0 * u[0] / u[1]))
    if ul:
        p('  with LTO: %d of %d (%.0f%%)' % (ul[0], ul[1], 100.0 * ul[0] / ul[1]))
    nt = read(os.path.join(w, 'times', 'native-task'))
    if nt:
        p('  native --enable-optimizations profile task on the host: %.0f s' % float(nt))
    ra = read(os.path.join(w, 'times', 'repro-a.sha256'))
    rb = read(os.path.join(w, 'times', 'repro-b.sha256'))
    if ra:
        p('')
        p('reproducibility: two rebuilds from one profile archive, %s:'
          % ('identical' if ra == rb else 'DIFFERENT'))
        for line in ra.splitlines():
            p('  ' + line)
    native = sp['native'][1]
    cross = sp['cross-' + best][1]
    lto = sp['cross-lto'][1] if 'cross-lto' in sp else float('nan')
    base_geo = math.exp(sum(math.log(statistics.median(data['times']['baseline'][b]))
                            for b in benches) / len(benches))
    summary = ('baseline_geomean=%.4f native_gain=%.3f cross_gain=%.3f cross_lto_gain=%.3f '
               'gain_ratio=%.2f profile_task_s=%.0f test_pgo_s=%.0f'
               % (base_geo, native, cross, lto, (cross - 1) / (native - 1), task_s, ref_task))
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, 'results.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    with open(os.path.join(results, 'summary.txt'), 'w') as f:
        if sel:
            f.write(sel + '\n\n')
        f.write('\n'.join(lines) + '\n\n' + summary + '\n')
    print('\n'.join(lines))
    print(summary)


def main(argv):
    if len(argv) >= 3 and argv[0] == 'select':
        select(argv[1], argv[2])
    elif len(argv) == 4 and argv[0] == 'final':
        final(argv[1], argv[2], argv[3])
    else:
        sys.exit(__doc__)


main(sys.argv[1:])
