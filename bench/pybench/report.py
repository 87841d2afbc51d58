"""report.py select|final WORKDIR TASKS [RESULTS]
       report.py builds WORKDIR VERSION TASK_ARGS FAST_ARGS RESULTS [NAME]
       report.py table RUN.json...
       report.py compare VARIANT=BUILD,BUILD... VARIANT=... -- RUN.json...
       report.py summary RESULTS python=VERSION KEY=VALUE...

select: reads WORKDIR/bench-select.json (the baseline, native PGO and one
  cross build per candidate profile task), prints the candidates' table and
  writes the chosen task to WORKDIR/best-task: the one with the shortest
  profile run under TCG whose gain is at least 95% of "-m test --pgo"'s
  (gain: speedup - 1).
final: reads WORKDIR/bench.json (bench/cpython-e2e) and writes
  RESULTS/results.txt (the table) and the key=value line of its CPython
  version in RESULTS/summary.txt.
builds: reads the runs of the benchmark set of bench/cpython-pgo,
  WORKDIR/bench-K.json (else WORKDIR/bench.json; the baseline and builds
  named VARIANT-I, the builds every run holds) and writes
  RESULTS/results-VERSION.txt and VERSION's line of RESULTS/summary.txt: a
  build's gain is the mean over the runs of its geometric mean, a variant's
  the mean over its builds, shown with every build's, the spread and each
  run's variant means; cross-fast, the profile of the fast choice's task
  (FAST_ARGS), and cross-fast-lto, the same with LTO, are reported beside
  the default and not counted in builds_per_variant. OE-core's own PGO
  (oe-pgo, oe-pgo-lto) is reported against native (oe_gain_ratio), with its task's time under qemu-user and
  whether its builds are identical (oe_repro: the sums of python and
  libpython, WORKDIR/times/oe-pgo-I.sha256, the same in every build). With
  NAME: RESULTS/results-VERSION-NAME.txt, and only the oe_*, ours_*,
  parallel_* and fast_lto_* fields put in VERSION's line of summary.txt,
  its other fields kept.
table: every interpreter's speedup on each benchmark of the runs given
  (bench/cpython-swap --bench), the mean over the runs, and the geometric
  mean, one column per interpreter.
compare: the variants' gains over the runs given, each build's, the mean,
  the range and each run's; then every other variant's gain ratio against
  the first, (mean - 1) / (first's mean - 1), with its range over the
  builds and its 95% interval.  A build's gain is the mean over the runs
  that hold it.
summary: writes VERSION's line of RESULTS/summary.txt from the fields given
  (those not given: -), for figures put together from several benchmark
  runs (compare); the *_from fields name the results files they come from.

A run (RUN.json, WORKDIR/bench*.json) is harness.py's JSON or pgo-run
bench's (--json), its first build the baseline.

Speedup of an interpreter on a benchmark: the median over the repetitions
of baseline_time / its_time, pairing the runs of the same repetition (they
ran next to each other).  Geometric mean over the benchmarks."""
import json
import math
import os
import re
import statistics
import subprocess
import sys

REFERENCE = 'testpgo'


def load(path):
    """a run of the benchmark set: harness.py's JSON, or pgo-run bench's
    (--json), whose first build is the baseline, its others named by label"""
    with open(path) as f:
        data = json.load(f)
    if not str(data.get('format', '')).startswith('pgo-run bench '):
        return data
    labels = [b['label'] for b in data['builds']]
    if 'baseline' in labels[1:]:
        sys.exit('report.py: %s: a build other than the first is labelled baseline' % path)
    name = dict(zip(labels, ['baseline'] + labels[1:]))
    return {'interpreters': {name[b['label']]: b['path'] for b in data['builds']},
            'reps': data.get('rounds_done', data['reps']),
            'times': {name[k]: v for k, v in data['times'].items()}}


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


SUMMARY_KEYS = ['python', 'arch', 'baseline_geomean', 'native_gain', 'native_lto_gain', 'cross_gain',
                'cross_lto_gain', 'gain_ratio', 'lto_gain_ratio', 'profile_task_s', 'test_pgo_s',
                'builds_per_variant', 'fast_gain', 'fast_gain_ratio', 'fast_task_s', 'fast_builds',
                'gain_ratio_range', 'lto_gain_ratio_range', 'gain_ratio_ci95', 'lto_gain_ratio_ci95',
                'oe_gain', 'oe_gain_ratio', 'oe_builds', 'oe_repro']
# written when given: where a line's figures come from when they are not one run's
EXTRA_KEYS = ['from', 'builds', 'lto_from', 'lto_builds', 'lto_baseline_geomean', 'fast_from',
              'fast_baseline_geomean', 'fast_gain_ratio_range', 'fast_gain_ratio_ci95',
              'oe_from', 'oe_baseline_geomean', 'oe_native_gain', 'oe_native_builds',
              'oe_gain_ratio_range', 'oe_gain_ratio_ci95', 'oe_task_s', 'oe_lto_gain',
              'oe_native_lto_gain', 'oe_lto_gain_ratio', 'oe_lto_gain_ratio_range',
              'oe_lto_builds', 'oe_lto_repro', 'oe_lto_task_s', 'oe_profile_same',
              'ours_repro', 'parallel_task_s', 'parallel_jobs', 'parallel_gain',
              'parallel_gain_ratio', 'parallel_builds', 'parallel_serial_task_s',
              'parallel_serial_gain_ratio', 'parallel_from', 'fast_lto_gain', 'fast_lto_gain_ratio',
              'fast_lto_builds', 'bolt_gain', 'native_bolt_gain', 'bolt_gain_ratio', 'bolt_builds',
              'bolt_over_lto_ratio', 'bolt_over_lto_range', 'bolt_over_lto_ci95',
              'native_bolt_over_lto_ratio', 'bolt_task_s', 'fast_lto_from', 'bolt_from', 'model_from',
              'nosi_gain', 'nosi_builds', 'native_over_nosi', 'cross_over_nosi', 'oe_over_nosi',
              'par_over_nosi', 'nosi_from', 'default_par_task_s', 'default_par_jobs', 'default_par_gain',
              'default_par_gain_ratio', 'default_par_gain_ratio_range', 'default_par_builds',
              'default_par_from']

# the line of a target other than x86_64 (no real timing there: a model's
# gains, marked as such, and what was measured of the cross build)
ARCH_KEYS = ['python', 'arch', 'machine', 'model_gain', 'model_gain_oe', 'model_error_x86',
             'coverage', 'profile_task_s', 'fast_task_s', 'builds_per_variant', 'oe_builds',
             'oe_coverage', 'oe_repro']

def welch(ga, gb):
    """Welch's 95% interval of mean(ga) - mean(gb), by bench/welch (the
    program WELCH names), which computes it as pgo-run bench does"""
    prog = os.environ.get('WELCH') or os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'welch')
    arg = [','.join(repr(float(x)) for x in g) for g in (ga, gb)]
    try:
        out = subprocess.run([prog] + arg, stdout=subprocess.PIPE, check=True,
                             universal_newlines=True).stdout.split()
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit('report.py: %s: %s (WELCH names bench/welch of a build)' % (prog, e))
    return float(out[1]), float(out[2])


def ratio_ci95(ga, gb):
    """95% interval of (mean(ga) - 1) / (mean(gb) - 1) over the builds'
    noise: Welch's interval of the difference of the two means, divided by
    B's gain; None below two builds each"""
    if len(ga) < 2 or len(gb) < 2 or statistics.mean(gb) <= 1:
        return None
    low, high = welch(ga, gb)
    gain = statistics.mean(gb) - 1
    return 1 + low / gain, 1 + high / gain


def summary_key(line):
    """a summary line's CPython version (as numbers) and architecture"""
    f = dict(x.split('=', 1) for x in line.split())
    return [int(p) for p in f['python'].split('.')], f.get('arch', 'x86_64')


def put_summary(results, fields, merge=False):
    """RESULTS/summary.txt: one line per CPython version and architecture,
    this one replaced (merge: its fields not given kept)."""
    path = os.path.join(results, 'summary.txt')
    fields = dict(fields)
    fields.setdefault('arch', 'x86_64')
    old = []
    if os.path.exists(path):
        with open(path) as f:
            old = [x.rstrip('\n') for x in f if x.startswith('python=')]
    if merge:
        me = summary_key(' '.join('%s=%s' % kv for kv in fields.items()))
        for x in old:
            if summary_key(x) == me:
                fields = dict(dict(kv.split('=', 1) for kv in x.split()), **fields)
    keys = SUMMARY_KEYS if fields['arch'] == 'x86_64' else ARCH_KEYS
    line = ' '.join(['%s=%s' % (k, fields.get(k, '-')) for k in keys] +
                    ['%s=%s' % (k, fields[k]) for k in EXTRA_KEYS if k in fields])
    keep = [x for x in old if summary_key(x) != summary_key(line)]
    lines = sorted(keep + [line], key=summary_key)
    os.makedirs(results, exist_ok=True)
    with open(path + '.tmp', 'w') as f:
        f.write('\n'.join(lines) + '\n')
    os.replace(path + '.tmp', path)
    return line


def repro_lines(w, p):
    """the reproducibility check's sums (stage repro), when it ran, through p"""
    ra = read(os.path.join(w, 'times', 'repro-a.sha256'))
    rb = read(os.path.join(w, 'times', 'repro-b.sha256'))
    if ra:
        p('')
        p('reproducibility: two rebuilds from one profile archive, %s:'
          % ('identical' if ra == rb else 'DIFFERENT'))
        for line in ra.splitlines():
            p('  ' + line)


def baseline_geomean(data, benches):
    """geometric mean of the plain build's median times, in seconds"""
    return math.exp(sum(math.log(statistics.median(data['times']['baseline'][b]))
                        for b in benches) / len(benches))


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
    repro_lines(w, p)
    native = sp['native'][1]
    cross = sp['cross-' + best][1]
    lto = sp['cross-lto'][1] if 'cross-lto' in sp else float('nan')
    base_geo = baseline_geomean(data, benches)
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, 'results.txt'), 'w') as f:
        if sel:
            f.write(sel + '\n\n')
        f.write('\n'.join(lines) + '\n')
    summary = put_summary(results, {
        'python': '3.11.2', 'baseline_geomean': '%.4f' % base_geo,
        'native_gain': '%.3f' % native, 'cross_gain': '%.3f' % cross,
        'cross_lto_gain': '%.3f' % lto, 'gain_ratio': '%.2f' % ((cross - 1) / (native - 1)),
        'profile_task_s': '%.0f' % task_s, 'test_pgo_s': '%.0f' % ref_task,
        'builds_per_variant': '1'})
    print('\n'.join(lines))
    print(summary)


VARIANTS = [('nosi', 'the flag alone: plain with -fno-semantic-interposition (CFLAGS_NODIST, LDFLAGS_NODIST), '
                     'which configure adds to an --enable-shared build with --enable-optimizations; no profile'),
            ('native', 'native --enable-optimizations (make profile-opt, -m test --pgo on the host)'),
            ('native-lto', 'native --enable-optimizations --with-lto'),
            ('cross', 'ours: the profile gathered by pgo-run profile (in QEMU, or on this host: see below), '
                      'python3 rebuilt as the bbappend does'),
            ('cross-lto', 'ours + LTO (PGO_LTO = "1", --with-lto), the same profiles'),
            ('cross-fast', 'ours with the fast choice (PGO_PROFILE_TASK_TESTS, the task below) in QEMU (TCG)'),
            ('cross-fast-lto', 'ours with the fast choice + LTO (PGO_LTO = "1", --with-lto), the same profiles'),
            ('cross-par', 'ours with the profile task on several cores (pgo-run profile --smp N, '
                          'regrtest -jN) in QEMU (TCG)'),
            ('native-bolt', 'native --enable-optimizations --with-lto --enable-bolt (llvm-bolt on python and '
                            'libpython, its profile from -m test --pgo on the host)'),
            ('cross-bolt', 'ours + LTO + BOLT: the fast choice\'s profile, BOLT\'s profile gathered in QEMU (TCG) '
                           'by pgo-run from the instrumented PGO+LTO binaries, merged, applied'),
            ('oe-pgo', "OE-core's PACKAGECONFIG pgo: --enable-optimizations, its profile task "
                       "(test_grammar test_opcodes test_dict) under qemu-user, regathered in every build"),
            ('oe-pgo-lto', "OE-core's PACKAGECONFIG pgo with DISTRO_FEATURES lto (PACKAGECONFIG lto: --with-lto)")]


def sums(w, name):
    """the sums of python and libpython of build NAME (build_oe), or None"""
    return read(os.path.join(w, 'times', name + '.sha256'))


def profile_runs(w, name):
    """(.gcda files with the same sums in every run, .gcda files) of the
    runs of build NAME's profile task (OE_TASK_RUNS); (0, 0) for one run"""
    last = read(os.path.join(w, 'times', name + '.gcda.sha256'))
    runs = sorted(f for f in os.listdir(os.path.join(w, 'times'))
                  if f.startswith(name + '-run') and f.endswith('.gcda.sha256'))
    if not last or not runs:
        return 0, 0
    mine = dict(reversed(x.split()) for x in last.splitlines())
    others = [dict(reversed(x.split()) for x in read(os.path.join(w, 'times', f)).splitlines()) for f in runs]
    return sum(1 for k, v in mine.items() if all(o.get(k) == v for o in others)), len(mine)


def same_sums(w, members):
    """yes when every build's sums are the same, no when not, - below two"""
    got = [sums(w, n) for n in members]
    got = [g for g in got if g]
    if len(got) < 2:
        return '-'
    return 'yes' if all(g == got[0] for g in got) else 'no'


def runs_of(w):
    """the runs of the benchmark set: bench-K.json in K's order, else bench.json"""
    ks = sorted(int(f[6:-5]) for f in os.listdir(w)
                if f.startswith('bench-') and f.endswith('.json') and f[6:-5].isdigit())
    return [load(os.path.join(w, 'bench-%d.json' % k)) for k in ks] or [load(os.path.join(w, 'bench.json'))]


def mean_speedups(runs, name):
    """speedups() averaged over the runs: ({bench: (median ratio,)}, geometric mean)"""
    each = [speedups(r, name) for r in runs]
    per = {b: (statistics.mean(e[0][b][0] for e in each),) for b in each[0][0]}
    return per, statistics.mean(e[1] for e in each)


def par_task(w, name):
    """the task of build NAME's last pgo-run profile (its log), without its -jN"""
    task = None
    try:
        with open(os.path.join(w, 'logs', 'profile-' + name + '.log'), errors='replace') as f:
            for line in f:
                # the command line (PATH ARGS), not the stage's other lines
                rest = line[len('pgo-run: run: '):] if line.startswith('pgo-run: run: /') else ''
                if ' ' in rest.strip():
                    task = rest.split(None, 1)[1].strip()
    except OSError:
        return None
    return re.sub(r' -j\d+$', '', task) if task else None


def serial_of(w, pars, task_args, task_s, fast_args, fast):
    """the serial task time of the parallel builds' task: the default's or the fast choice's"""
    t = {par_task(w, n) for n in pars}
    if t == {fast_args} and fast:
        return '%.0f' % statistics.mean(x[1] for x in fast)
    if t == {task_args}:
        return task_s
    return '-'


def builds(w, version, task_args, fast_args, results, name=None):
    runs = runs_of(w)
    data = runs[0]
    names = [n for n in data['times'] if n != 'baseline' and all(n in r['times'] for r in runs)]
    benches = list(data['times']['baseline'])
    sp = {n: mean_speedups(runs, n) for n in names}
    var = {}
    for v, _ in VARIANTS:
        mine = sorted((n for n in names if n.rsplit('-', 1)[0] == v), key=lambda n: int(n.rsplit('-', 1)[1]))
        if mine:
            var[v] = mine
    lines = []
    p = lines.append
    p('CPython %s with %s, gcc %s; %d run%s of the benchmark set, %d '
      'repetitions each, interleaved over all builds' % (
          version, read(os.path.join(w, 'src', 'description'), 'OE-core\'s python3 patches'),
          read(os.path.join(w, 'gcc-version'), '?'), len(runs), 's' if len(runs) > 1 else '',
          data['reps']))
    p('')
    p('Each build\'s gain: geometric mean over the benchmarks of the median per-repetition ratio')
    p('plain/build, the mean over the runs. A variant\'s gain: the mean over its builds (each PGO')
    p('build has its own profile).')
    p('')
    p('%-15s %8s %8s %8s  %s' % ('variant', 'mean', 'min', 'max', 'builds'))
    gains = {v: [sp[n][1] for n in members] for v, members in var.items()}
    means = {v: statistics.mean(g) for v, g in gains.items()}
    for v, g in gains.items():
        p('%-15s %8.3f %8.3f %8.3f  %s' % (v, means[v], min(g), max(g), ' '.join('%.3f' % x for x in g)))

    def f3(v):
        return '%.3f' % means[v] if v in means else '-'

    def ratio(a, b):
        if a in means and b in means and means[b] > 1:
            return '%.2f' % ((means[a] - 1) / (means[b] - 1))
        return '-'

    # the ratio's range over the builds: A's worst against B's best, A's best
    # against B's worst; one that spans 1.0 is parity within the builds' noise
    def ratio_range(a, b):
        if a not in gains or b not in gains or min(gains[b]) <= 1:
            return '-'
        ga, gb = gains[a], gains[b]
        return '%.2f-%.2f' % ((min(ga) - 1) / (max(gb) - 1), (max(ga) - 1) / (min(gb) - 1))

    def ci(a, b):
        r = ratio_ci95(gains[a], gains[b]) if a in gains and b in gains else None
        return '%.2f-%.2f' % r if r else '-'
    if 'cross' in var or 'cross-lto' in var:
        p('')
        p('gain ratio (ours - 1) / (native - 1): %s of the means, %s over the builds; with LTO %s, %s' % (
            ratio('cross', 'native'), ratio_range('cross', 'native'),
            ratio('cross-lto', 'native-lto'), ratio_range('cross-lto', 'native-lto')))
        p('95%% interval of the ratio (Welch, the builds as samples): %s; with LTO %s' % (
            ci('cross', 'native'), ci('cross-lto', 'native-lto')))
    if 'oe-pgo' in var or 'oe-pgo-lto' in var:
        p('')
        p("gain ratio (OE-core's - 1) / (native - 1): %s of the means, %s over the builds; with LTO %s, %s" % (
            ratio('oe-pgo', 'native'), ratio_range('oe-pgo', 'native'),
            ratio('oe-pgo-lto', 'native-lto'), ratio_range('oe-pgo-lto', 'native-lto')))
        p('95%% interval of the ratio (Welch, the builds as samples): %s; with LTO %s' % (
            ci('oe-pgo', 'native'), ci('oe-pgo-lto', 'native-lto')))
        if 'cross' in var or 'cross-lto' in var:
            p("ours against OE-core's, (ours - 1) / (OE-core's - 1): %s, %s over the builds; with LTO %s, %s" % (
                ratio('cross', 'oe-pgo'), ratio_range('cross', 'oe-pgo'),
                ratio('cross-lto', 'oe-pgo-lto'), ratio_range('cross-lto', 'oe-pgo-lto')))
        if 'cross-fast' in var or 'cross-fast-lto' in var:
            p("the fast choice against OE-core's: %s, %s over the builds, 95%% interval %s; "
              "with LTO %s, %s, %s" % (
                  ratio('cross-fast', 'oe-pgo'), ratio_range('cross-fast', 'oe-pgo'), ci('cross-fast', 'oe-pgo'),
                  ratio('cross-fast-lto', 'oe-pgo-lto'), ratio_range('cross-fast-lto', 'oe-pgo-lto'),
                  ci('cross-fast-lto', 'oe-pgo-lto')))
    if 'cross-bolt' in var or 'native-bolt' in var:
        p('')
        p('BOLT: ours (PGO+LTO+BOLT) against native --enable-bolt: %s of the means, %s over the builds, '
          '95%% interval %s' % (ratio('cross-bolt', 'native-bolt'), ratio_range('cross-bolt', 'native-bolt'),
                                ci('cross-bolt', 'native-bolt')))
        p('  what BOLT adds to ours (PGO+LTO, the same GCC profiles): %s, %s over the builds, 95%% interval %s'
          % (ratio('cross-bolt', 'cross-fast-lto'), ratio_range('cross-bolt', 'cross-fast-lto'),
             ci('cross-bolt', 'cross-fast-lto')))
        p('  and to native: %s, %s, %s' % (ratio('native-bolt', 'native-lto'),
                                            ratio_range('native-bolt', 'native-lto'), ci('native-bolt', 'native-lto')))
        for n in var.get('cross-bolt', []):
            cov = read(os.path.join(w, 'logs', 'bolt-apply-' + n + '.log.coverage'))
            bt = read(os.path.join(w, 'times', 'bolt-' + n))
            bp = profile_times(w, n + '-bolt')
            p('  %s: BOLT step %s s (its task under TCG %s s); %s' % (
                n, bt or '-', '%.0f' % bp[1] if bp[1] is not None else '-', '; '.join((cov or '-').splitlines())))
    if 'cross-fast' in var or 'cross-fast-lto' in var:
        p('')
        p('the fast choice against native: %s of the means, %s over the builds, 95%% interval %s; '
          'with LTO %s, %s, %s' % (
              ratio('cross-fast', 'native'), ratio_range('cross-fast', 'native'), ci('cross-fast', 'native'),
              ratio('cross-fast-lto', 'native-lto'), ratio_range('cross-fast-lto', 'native-lto'),
              ci('cross-fast-lto', 'native-lto')))
    if 'nosi' in var and len(var) > 1:
        p('')
        p('each variant against the flag alone (its gain divided by the flag alone\'s, %s):' % f3('nosi'))
        for v in var:
            if v != 'nosi':
                p('  %-15s %.3f' % (v, means[v] / means['nosi']))
    if len(runs) > 1:
        p('')
        p('each run alone, the variant means (each build\'s):')
        for k, r in enumerate(runs, 1):
            row = []
            for v in var:
                g = [speedups(r, n)[1] for n in var[v]]
                row.append('%s %.3f (%s)' % (v, statistics.mean(g), ' '.join('%.3f' % x for x in g)))
            p('  run %d: %s' % (k, '; '.join(row)))
    p('')
    p('%-14s %10s' % ('benchmark', 'plain') + ''.join('%15s' % v for v in var))
    for b in benches:
        row = '%-14s %9.3fs' % (b.rstrip('_'), statistics.median(data['times']['baseline'][b]))
        for v in var:
            row += '%15.3f' % statistics.mean(sp[n][0][b][0] for n in var[v])
        p(row)
    p('(per benchmark: the mean over the variant\'s builds of the median ratio)')
    p('')
    for v, d in VARIANTS:
        if v in var:
            p('%-15s %s' % (v, d))
    p('')
    task = [profile_times(w, n) for n in var.get('cross', [])]
    task = [t for t in task if t[1] is not None]
    local = read(os.path.join(w, 'times', 'local'))
    nat = [read(os.path.join(w, 'times', n + '-task')) for n in var.get('native', [])]
    if task or local or nat or 'cross' in var:
        p('profile task: %s' % task_args)
    if task:
        p('  under TCG: %s s (pgo-run in all: %s s)' % (
            ', '.join('%.0f' % t[1] for t in task), ', '.join('%.0f' % t[0] for t in task)))
    if local:
        p('  on this host (pgo-run --target local, what KVM approaches): %.0f s' % float(local.split()[1]))
    here = [read(os.path.join(w, 'times', 'local-profile-' + n)) for n in var.get('cross', [])]
    here = [float(x.split()[1]) for x in here if x]
    if here:
        p('  gathered on this host (the installed instrumented python, pgo-run --target local): %s s'
          % ', '.join('%.0f' % x for x in here))
    if nat:
        p('  native --enable-optimizations, the same task on the host: %s s'
          % ', '.join('%.0f' % float(x) for x in nat if x))
    fast = [profile_times(w, n) for n in var.get('cross-fast', [])]
    fast = [t for t in fast if t[1] is not None]
    if fast:
        p('the fast choice: %s' % fast_args)
        p('  under TCG: %s s (pgo-run in all: %s s)' % (
            ', '.join('%.0f' % t[1] for t in fast), ', '.join('%.0f' % t[0] for t in fast)))
    par = [profile_times(w, n) for n in var.get('cross-par', [])]
    par = [t for t in par if t[1] is not None]
    jobs = sorted({read(os.path.join(w, 'times', n + '.jobs')) for n in var.get('cross-par', [])} - {None})
    if par:
        p('the same task on %s CPUs (--smp, regrtest -j): %s s under TCG (pgo-run in all: %s s)' % (
            ','.join(jobs), ', '.join('%.0f' % t[1] for t in par), ', '.join('%.0f' % t[0] for t in par)))
    for n in sum((var.get(v, []) for v in ('cross', 'cross-lto', 'cross-fast', 'cross-fast-lto', 'cross-par')), []):
        u = used(w, n)
        if u:
            p('  %s: %d of %d core objects built with the profile' % (n, u[0], u[1]))
    oe_task = {}
    for v in ('oe-pgo', 'oe-pgo-lto'):
        if v in var:
            oe_task[v] = [float(read(os.path.join(w, 'times', n + '-task'))) for n in var[v]
                          if read(os.path.join(w, 'times', n + '-task'))]
            p("%s's profile task (make profile-run-stamp: ./pgo-wrapper ./python -m test.regrtest --pgo "
              "test_grammar test_opcodes test_dict under qemu-user, then make clean-retain-profile): %s s"
              % (v, ', '.join('%.0f' % x for x in oe_task[v])))
            p('  its builds from scratch (python, libpython) %s:' % {
                'yes': 'identical', 'no': 'DIFFERENT', '-': 'not compared (one build)'}[same_sums(w, var[v])])
            for n in var[v]:
                for line in (sums(w, n) or '(no sums)').splitlines():
                    p('    %-12s %s' % (n, line))
            for n in var[v]:
                same, total = profile_runs(w, n)
                if total:
                    p('  %s: its profile task run again on the same instrumented build (OE_TASK_RUNS): '
                      '%d of %d .gcda identical' % (n, same, total))
    repro_lines(w, p)
    base_geo = statistics.mean(baseline_geomean(r, benches) for r in runs)

    # the task is the whole training set: "-m test --pgo", with a --timeout or
    # interpreter options (-X NAME=VALUE) or not, after pgo-build-runs.py or not
    words, rest = task_args.split(), []
    while words:
        word = words.pop(0)
        if word == '-X' and words:
            words.pop(0)
        elif not word.startswith('--timeout') and not word.endswith('/pgo-build-runs.py'):
            rest.append(word)
    whole = rest == ['-m', 'test', '--pgo']
    task_s = '%.0f' % statistics.mean(t[1] for t in task) if task else '-'
    fields = {
        'python': version, 'baseline_geomean': '%.4f' % base_geo,
        'native_gain': f3('native'), 'native_lto_gain': f3('native-lto'),
        'cross_gain': f3('cross'), 'cross_lto_gain': f3('cross-lto'),
        'gain_ratio': ratio('cross', 'native'), 'lto_gain_ratio': ratio('cross-lto', 'native-lto'),
        'profile_task_s': task_s, 'test_pgo_s': task_s if whole else '-',
        'builds_per_variant': str(min(len(var[v]) for v in var
                                      if v not in ('nosi', 'cross-fast', 'cross-fast-lto', 'cross-par',
                                                   'cross-bolt', 'native-bolt')))
        if var else '0',
        'fast_gain': f3('cross-fast'), 'fast_gain_ratio': ratio('cross-fast', 'native'),
        'fast_task_s': '%.0f' % statistics.mean(t[1] for t in fast) if fast else '-',
        'fast_builds': str(len(var.get('cross-fast', []))),
        'gain_ratio_range': ratio_range('cross', 'native'),
        'lto_gain_ratio_range': ratio_range('cross-lto', 'native-lto'),
        'gain_ratio_ci95': ci('cross', 'native'), 'lto_gain_ratio_ci95': ci('cross-lto', 'native-lto')}
    if 'nosi' in var:
        fields.update({'nosi_gain': f3('nosi'), 'nosi_builds': str(len(var['nosi']))})
        for v, k in (('native', 'native_over_nosi'), ('cross', 'cross_over_nosi'), ('oe-pgo', 'oe_over_nosi'),
                     ('cross-par', 'par_over_nosi')):
            if v in means:
                fields[k] = '%.3f' % (means[v] / means['nosi'])
    ra = read(os.path.join(w, 'times', 'repro-a.sha256'))
    if ra:
        fields['ours_repro'] = 'yes' if ra == read(os.path.join(w, 'times', 'repro-b.sha256')) else 'no'
    if par and whole:
        fields.update({
            'default_par_task_s': '%.0f' % statistics.mean(t[1] for t in par),
            'default_par_jobs': ','.join(jobs) or '-', 'default_par_gain': f3('cross-par'),
            'default_par_gain_ratio': ratio('cross-par', 'native'),
            'default_par_gain_ratio_range': ratio_range('cross-par', 'native'),
            'default_par_builds': str(len(var['cross-par']))})
    elif par:
        fields.update({
            'parallel_task_s': '%.0f' % statistics.mean(t[1] for t in par),
            'parallel_jobs': ','.join(jobs) or '-', 'parallel_gain': f3('cross-par'),
            'parallel_gain_ratio': ratio('cross-par', 'native'),
            'parallel_builds': str(len(var['cross-par'])),
            'parallel_serial_task_s': serial_of(w, var['cross-par'], task_args, task_s, fast_args, fast)})
    if 'oe-pgo' in var:
        fields.update({
            'oe_gain': f3('oe-pgo'), 'oe_gain_ratio': ratio('oe-pgo', 'native'),
            'oe_builds': str(len(var['oe-pgo'])), 'oe_repro': same_sums(w, var['oe-pgo']),
            'oe_gain_ratio_range': ratio_range('oe-pgo', 'native'), 'oe_gain_ratio_ci95': ci('oe-pgo', 'native'),
            'oe_task_s': '%.0f' % statistics.median(oe_task['oe-pgo']) if oe_task['oe-pgo'] else '-'})
        # .gcda files the same in every run of a build's task, over its builds
        pr = [profile_runs(w, n) for n in var['oe-pgo']]
        if any(t for _, t in pr):
            fields['oe_profile_same'] = '%d/%d' % (sum(s for s, _ in pr), sum(t for _, t in pr))
    if 'cross-bolt' in var:
        fields.update({
            'bolt_gain': f3('cross-bolt'), 'native_bolt_gain': f3('native-bolt'),
            'bolt_gain_ratio': ratio('cross-bolt', 'native-bolt'), 'bolt_builds': str(len(var['cross-bolt'])),
            'bolt_over_lto_ratio': ratio('cross-bolt', 'cross-fast-lto'),
            'bolt_over_lto_range': ratio_range('cross-bolt', 'cross-fast-lto'),
            'bolt_over_lto_ci95': ci('cross-bolt', 'cross-fast-lto'),
            'native_bolt_over_lto_ratio': ratio('native-bolt', 'native-lto')})
        bt = [t for t in (profile_times(w, n + '-bolt')[1] for n in var['cross-bolt']) if t is not None]
        if bt:
            fields['bolt_task_s'] = '%.0f' % statistics.mean(bt)
    if 'cross-fast-lto' in var:
        fields.update({
            'fast_lto_gain': f3('cross-fast-lto'), 'fast_lto_gain_ratio': ratio('cross-fast-lto', 'native-lto'),
            'fast_lto_builds': str(len(var['cross-fast-lto']))})
    if 'oe-pgo-lto' in var:
        fields.update({
            'oe_lto_gain': f3('oe-pgo-lto'), 'oe_lto_gain_ratio': ratio('oe-pgo-lto', 'native-lto'),
            'oe_lto_gain_ratio_range': ratio_range('oe-pgo-lto', 'native-lto'),
            'oe_lto_builds': str(len(var['oe-pgo-lto'])), 'oe_lto_repro': same_sums(w, var['oe-pgo-lto']),
            'oe_lto_task_s': '%.0f' % statistics.median(oe_task['oe-pgo-lto']) if oe_task['oe-pgo-lto'] else '-'})
    os.makedirs(results, exist_ok=True)
    out = os.path.join(results, 'results-%s%s.txt' % (version, '-' + name if name else ''))
    with open(out + '.tmp', 'w') as f:
        f.write('\n'.join(lines) + '\n')
    os.replace(out + '.tmp', out)
    if name:
        # only OE-core's figures, from this results file; the line's others kept
        # each group of fields names the results file it comes from
        groups = {'oe': ('oe_', 'ours_'), 'parallel': ('parallel_',), 'default_par': ('default_par_', 'par_over'),
                  'nosi': ('nosi_', 'native_over', 'cross_over'), 'fast_lto': ('fast_lto_',),
                  'bolt': ('bolt_', 'native_bolt_')}
        oe = {}
        for g, prefixes in groups.items():
            got = {k: v for k, v in fields.items() if k.startswith(prefixes)}
            if got:
                oe.update(got)
                oe[g + '_from'] = os.path.basename(out)
        if any(k.startswith('oe_') for k in fields):
            oe['oe_baseline_geomean'] = fields['baseline_geomean']
            if 'native' in var:
                oe.update({'oe_native_gain': f3('native'), 'oe_native_builds': str(len(var['native']))})
            if 'native-lto' in var and 'oe-pgo-lto' in var:
                oe['oe_native_lto_gain'] = f3('native-lto')
        line = put_summary(results, dict(oe, python=version), merge=True)
    else:
        line = put_summary(results, fields)
    print('\n'.join(lines))
    print(line)


def table(paths):
    runs = [load(p) for p in paths]
    names = [n for n in runs[0]['interpreters'] if n != 'baseline']
    cols = {n: mean_speedups(runs, n) for n in names}
    width = max(10, *(len(n) + 1 for n in names))
    print('%-16s' % 'benchmark' + ''.join('%*s' % (width, n) for n in names))
    for b in sorted(cols[names[0]][0]):
        print('%-16s' % b + ''.join('%*.3f' % (width, cols[n][0][b][0]) for n in names))
    print('%-16s' % 'geomean' + ''.join('%*.3f' % (width, cols[n][1]) for n in names))


def compare(argv):
    sep = argv.index('--')
    variants = [a.split('=', 1) for a in argv[:sep]]
    runs = [load(p) for p in argv[sep + 1:]]
    gains = {}
    for v, members in variants:
        names = members.split(',')
        each = []
        for n in names:
            have = [r for r in runs if n in r['times']]
            if not have:
                sys.exit('report.py: no run holds %s' % n)
            each.append(mean_speedups(have, n)[1])
        gains[v] = each
        print('%-14s %.3f  (%s)  range %.3f-%.3f' % (
            v, statistics.mean(each), ' '.join('%.3f' % e for e in each), min(each), max(each)))
        for k, r in enumerate(runs, 1):
            held = [n for n in names if n in r['times']]
            if held:
                g = [speedups(r, n)[1] for n in held]
                print('   run %d: %.3f (%s)' % (k, statistics.mean(g), ' '.join(
                    '%s %.3f' % (n, x) for n, x in zip(held, g))))
    yard = variants[0][0]
    gb = gains[yard]
    for v, _ in variants[1:]:
        ga = gains[v]
        if statistics.mean(gb) <= 1:
            break
        ci = ratio_ci95(ga, gb)
        print('%s against %s: ratio %.2f, range %.2f-%.2f, 95%% interval %s' % (
            v, yard, (statistics.mean(ga) - 1) / (statistics.mean(gb) - 1),
            (min(ga) - 1) / (max(gb) - 1), (max(ga) - 1) / (min(gb) - 1),
            '%.2f-%.2f' % ci if ci else '-'))
    print('plain geomean (s), each run: %s' % ' '.join(
        '%.4f' % baseline_geomean(r, list(r['times']['baseline'])) for r in runs))


def summary(results, argv):
    fields = dict(a.split('=', 1) for a in argv)
    bad = [k for k in fields if k not in SUMMARY_KEYS + ARCH_KEYS + EXTRA_KEYS]
    if bad or 'python' not in fields:
        sys.exit('report.py: summary: %s' % (
            'unknown field %s' % bad[0] if bad else 'no python=VERSION'))
    print(put_summary(results, fields))


def main(argv):
    if len(argv) >= 4 and argv[0] == 'compare' and '--' in argv[2:]:
        compare(argv[1:])
    elif len(argv) >= 3 and argv[0] == 'summary' and all('=' in a for a in argv[2:]):
        summary(argv[1], argv[2:])
    elif len(argv) >= 2 and argv[0] == 'table':
        table(argv[1:])
    elif len(argv) >= 3 and argv[0] == 'select':
        select(argv[1], argv[2])
    elif len(argv) == 4 and argv[0] == 'final':
        final(argv[1], argv[2], argv[3])
    elif len(argv) in (6, 7) and argv[0] == 'builds':
        builds(*argv[1:])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main(sys.argv[1:])
