"""model.py: a deterministic estimate of how long CPython builds take on the
benchmark set (bench/pybench), from counts taken under qemu-user with TCG
plugins (bpred.c of this directory; contrib/plugins/cache.c of QEMU's
source), for an architecture with no hardware here.

  model.py counts --qemu QEMU [--sysroot DIR] --plugins DIR [--cache]
                  [--scale S] [--jobs N] --out FILE NAME=PREFIX...
      runs every benchmark once with each build's PREFIX/bin/python3 under
      QEMU (setarch -R, PYTHONHASHSEED=0: the counts are the same run to
      run) and writes the counts (JSON).  A benchmark's counts are those of
      `run.py NAME LOOPS+1` less those of `run.py NAME 1` (start-up,
      import and the first, cold iteration), LOOPS being its ITERATIONS
      times S (at least 1); start-up's are one `python3 -I -c pass`.

  model.py report --counts FILE... [--measured BENCH.json...] --cpu CPU...
      (a build in several count files: the first file's counts)
      the model's time of each benchmark and build, cycles =
      insns / width + the CPU's costs times the events (CPUS); each build's
      gain is the geometric mean over the benchmarks of plain's model time
      over the build's; beside it, when bench JSON files are given
      (bench/pybench's, the plain build named baseline), the measured gain
      as bench/pybench/report.py computes it (mean_speedups: medians of
      per-repetition ratios, averaged over the files), the error, and the
      rank correlation of the per-benchmark gains.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
PYBENCH = os.path.join(os.path.dirname(HERE), 'pybench')
sys.path.insert(0, PYBENCH)
import report  # noqa: E402  (bench/pybench/report.py: the measured gains)
BENCHMARKS = ['pystone', 'richards', 'nbody', 'float_', 'spectral_norm', 'fannkuch',
              'json_', 'regex', 'nqueens', 'generators', 'strings', 'startup']

# cycles = insns / width + taken * taken + mispredicted * mispredicted +
# icache_miss * icache_miss + dcache_miss * dcache_miss; the figures are
# published ones for each core (doc/results.txt says where from); they were
# not fitted to the gains the model is checked against.
CPUS = {
    # front end: the decode width, one cycle lost per taken branch (fetch
    # redirect); the x86-64 host's core (Intel Redwood Cove: 6-wide decode)
    'x86-host': {'width': 6.0, 'taken': 1.0, 'mispredicted': 0.0, 'icache_miss': 0.0,
                 'dcache_miss': 0.0},
    # the same for Arm Cortex-A57, qemuarm64's CPU (3-wide decode)
    'cortex-a57': {'width': 3.0, 'taken': 1.0, 'mispredicted': 0.0, 'icache_miss': 0.0,
                   'dcache_miss': 0.0},
    # the classic penalty model with a Skylake's published penalties
    # (mispredict 16, L2 hit 12) on bpred's predictor and L1i
    'penalties': {'width': 4.0, 'taken': 1.0, 'mispredicted': 16.0, 'icache_miss': 12.0,
                  'dcache_miss': 0.0},
    # instructions alone
    'insns': {'width': 1.0, 'taken': 0.0, 'mispredicted': 0.0, 'icache_miss': 0.0,
              'dcache_miss': 0.0},
}


def die(msg):
    sys.stderr.write('model.py: error: %s\n' % msg)
    sys.exit(1)


def iterations(name):
    with open(os.path.join(PYBENCH, name + '.py')) as f:
        for line in f:
            if line.startswith('ITERATIONS = '):
                return int(line.split('=')[1])
    die('%s.py has no ITERATIONS' % name)


def parse_bpred(path):
    c = {}
    with open(path) as f:
        for line in f:
            w = line.split()
            if w[0] in ('insns', 'blocks', 'taken', 'mispredicted'):
                c[w[0]] = int(w[1])
            elif w[0] == 'icache':
                c['icache_access'], c['icache_miss'] = int(w[1]), int(w[2])
            elif w[0] == 'vcpus':
                c['vcpus'] = w[1]
            elif len(w) == 4:
                c[w[0]] = [int(x) for x in w[1:]]
    if 'insns' not in c:
        die('%s: no counts' % path)
    return c


def parse_cache(path):
    with open(path) as f:
        for line in f:
            w = line.split()
            if w and w[0] == '0' and len(w) >= 7:
                return {'dcache_access': int(w[1]), 'dcache_miss': int(w[2]),
                        'cache_icache_miss': int(w[5])}
    die('%s: no cache counts' % path)


def run_counts(a, prefix, args):
    with tempfile.TemporaryDirectory() as tmp:
        bp = os.path.join(tmp, 'bpred.txt')
        cmd = ['setarch', '-R', a.qemu]
        if a.sysroot:
            cmd += ['-L', a.sysroot]
        cmd += ['-plugin', '%s/libbpred.so,out=%s' % (a.plugins, bp)]
        if a.cache:
            cmd += ['-plugin', '%s/libcache.so,%s' % (a.plugins, a.cache_args),
                    '-d', 'plugin', '-D', os.path.join(tmp, 'cache.txt')]
        cmd += [os.path.join(prefix, 'bin', 'python3')] + args
        env = {'PATH': '/usr/bin:/bin', 'LC_ALL': 'C.UTF-8', 'PYTHONHASHSEED': '0',
               'LD_LIBRARY_PATH': os.path.join(prefix, 'lib')}
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        if r.returncode != 0:
            die('%s: exit %d: %s' % (' '.join(cmd[-3:]), r.returncode,
                                     (r.stderr.strip().splitlines() or ['?'])[-1]))
        c = parse_bpred(bp)
        if a.cache:
            c.update(parse_cache(os.path.join(tmp, 'cache.txt')))
        return c


def minus(x, y):
    if isinstance(x, list):
        return [p - q for p, q in zip(x, y)]
    if isinstance(x, int):
        return x - y
    return x


def one(a, name, prefix, bench):
    if bench == 'startup':
        return run_counts(a, prefix, ['-I', '-c', 'pass'])
    run = os.path.join(PYBENCH, 'run.py')
    loops = max(1, int(round(iterations(bench) * a.scale)))
    full = run_counts(a, prefix, ['-I', '-B', run, bench, str(loops + 1)])
    one_ = run_counts(a, prefix, ['-I', '-B', run, bench, '1'])
    d = {k: minus(v, one_[k]) for k, v in full.items()}
    d['loops'] = loops
    return d


def cmd_counts(a):
    builds = []
    for spec in a.builds:
        name, sep, prefix = spec.partition('=')
        if not sep or not os.path.isfile(os.path.join(prefix, 'bin', 'python3')):
            die("'%s' is not NAME=PREFIX with PREFIX/bin/python3" % spec)
        builds.append((name, prefix))
    jobs = [(n, p, b) for n, p in builds for b in BENCHMARKS]
    with ThreadPoolExecutor(a.jobs) as ex:
        res = list(ex.map(lambda j: one(a, *j), jobs))
    out = {'qemu': a.qemu, 'scale': a.scale, 'cache': a.cache_args if a.cache else None,
           'builds': {n: p for n, p in builds}, 'counts': {}}
    for (n, _, b), c in zip(jobs, res):
        out['counts'].setdefault(n, {})[b] = c
    tmp = a.out + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(out, f, indent=1, sort_keys=True)
    os.replace(tmp, a.out)


def model_time(c, cpu):
    t = c['insns'] / cpu['width']
    for k in ('mispredicted', 'taken', 'icache_miss', 'dcache_miss'):
        if cpu[k]:
            if k not in c:
                die('the counts have no %s (run counts with --cache)' % k)
            t += cpu[k] * c[k]
    return t


def spearman(xs, ys):
    def ranks(v):
        o = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        for pos, i in enumerate(o):
            r[i] = pos
        return r
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((p - mx) * (q - my) for p, q in zip(rx, ry))
    vx = math.sqrt(sum((p - mx) ** 2 for p in rx))
    vy = math.sqrt(sum((q - my) ** 2 for q in ry))
    return cov / (vx * vy) if vx and vy else float('nan')


def cmd_report(a):
    counts = {}
    for path in a.counts:
        with open(path) as f:
            for b, c in json.load(f)['counts'].items():
                counts.setdefault(b, c)
    if a.base not in counts:
        die('the counts have no build %s' % a.base)
    runs = [report.load(p) for p in a.measured]
    for p, r in zip(a.measured, runs):
        if 'baseline' not in r['times']:
            die('%s has no build baseline (the plain build)' % p)
    for cpuname in a.cpu:
        if cpuname not in CPUS:
            die("no CPU '%s' (%s)" % (cpuname, ', '.join(CPUS)))
        cpu = CPUS[cpuname]
        print('model %s: cycles = insns/%g + %s' % (
            cpuname, cpu['width'], ' + '.join('%g*%s' % (cpu[k], k) for k in
                                             ('mispredicted', 'taken', 'icache_miss',
                                              'dcache_miss') if cpu[k]) or '0'))
        base = counts[a.base]
        pairs = []
        print('%-14s %7s %7s %7s  %s' % ('build', 'model', 'meas', 'error', 'rank corr'))
        for b in sorted(counts):
            if b == a.base:
                continue
            g = {k: model_time(base[k], cpu) / model_time(counts[b][k], cpu)
                 for k in BENCHMARKS if k in counts[b]}
            mg = statistics.geometric_mean(g.values())
            line = '%-14s %7.3f' % (b, mg)
            m = {}
            if runs and all(b in r['times'] for r in runs):
                per, mm = report.mean_speedups(runs, b)
                m = {k: v[0] for k, v in per.items()}
                keys = [k for k in g if k in m]
                line += ' %7.3f %+7.3f  %.2f' % (mm, mg - mm, spearman([g[k] for k in keys],
                                                                      [m[k] for k in keys]))
                pairs.append((mg, mm))
            print(line)
            if a.verbose:
                for k in BENCHMARKS:
                    if k in g:
                        print('   %-14s %7.3f %s' % (k, g[k], '%7.3f' % m[k] if k in m else ''))
        if len(pairs) > 1:
            err = [abs(x - y) for x, y in pairs]
            print('builds: mean |error| %.3f, largest %.3f; rank correlation of the gains %.2f'
                  % (sum(err) / len(err), max(err), spearman([x for x, _ in pairs],
                                                             [y for _, y in pairs])))
        print()


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest='cmd', required=True)
    c = sub.add_parser('counts')
    c.add_argument('--qemu', required=True)
    c.add_argument('--sysroot')
    c.add_argument('--plugins', required=True)
    c.add_argument('--cache', action='store_true')
    c.add_argument('--cache-args', default='dcachesize=32768,dassoc=8,dblksize=64,'
                   'icachesize=32768,iassoc=8,iblksize=64,limit=1')
    c.add_argument('--scale', type=float, default=0.1)
    c.add_argument('--jobs', type=int, default=1)
    c.add_argument('--out', required=True)
    c.add_argument('builds', nargs='+')
    r = sub.add_parser('report')
    r.add_argument('--counts', required=True, nargs='+')
    r.add_argument('--measured', nargs='*', default=[])
    r.add_argument('--base', default='plain')
    r.add_argument('--cpu', nargs='+', default=['insns'])
    r.add_argument('-v', '--verbose', action='store_true')
    a = p.parse_args()
    if a.cmd == 'counts':
        cmd_counts(a)
    else:
        cmd_report(a)


main()
