"""harness.py [--reps N] [--out FILE] [--only NAME,...] NAME=PYTHON...

Runs every benchmark of this directory (run.py NAME) and the interpreter
start-up (20 times `PYTHON -I -c pass`, wall clock) with every PYTHON, N
times.  The runs are interleaved: each repetition runs each benchmark once
with every interpreter, in an order shuffled per benchmark and repetition
(seeded), so that slow drifts of the machine hit all interpreters alike.  One
unmeasured warm-up round comes first.  The times go to FILE (JSON:
{"interpreters": {NAME: PATH}, "times": {NAME: {BENCHMARK: [seconds...]}}}),
the same order of repetitions for every interpreter."""
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = ['pystone', 'richards', 'nbody', 'float_', 'spectral_norm', 'fannkuch',
              'json_', 'regex', 'nqueens', 'generators', 'strings', 'startup']
STARTUP_RUNS = 20


def run_one(python, bench):
    env = {'PATH': '/usr/bin:/bin', 'LC_ALL': 'C.UTF-8'}
    if bench == 'startup':
        start = time.perf_counter()
        for _ in range(STARTUP_RUNS):
            subprocess.run([python, '-I', '-c', 'pass'], check=True, env=env)
        return (time.perf_counter() - start) / STARTUP_RUNS
    out = subprocess.run([python, '-I', '-B', os.path.join(HERE, 'run.py'), bench],
                         check=True, env=env, stdout=subprocess.PIPE, text=True).stdout
    return float(out.split()[-1])


def main(argv):
    reps, out, only = 7, None, None
    interps = {}
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == '--reps':
            reps = int(args.pop(0))
        elif a == '--out':
            out = args.pop(0)
        elif a == '--only':
            only = args.pop(0).split(',')
        elif '=' in a:
            name, path = a.split('=', 1)
            if not os.access(path, os.X_OK):
                sys.exit('harness: error: %s: no interpreter %s' % (name, path))
            interps[name] = path
        else:
            sys.exit(__doc__)
    if not interps:
        sys.exit(__doc__)
    benches = [b for b in BENCHMARKS if only is None or b in only]
    times = {n: {b: [] for b in benches} for n in interps}
    names = sorted(interps)
    t0 = time.time()
    for rep in range(-1, reps):
        for bi, bench in enumerate(benches):
            order = names[:]
            random.Random(rep * 1000 + bi).shuffle(order)
            for n in order:
                t = run_one(interps[n], bench)
                if rep >= 0:
                    times[n][bench].append(t)
        print('harness: round %d of %d done (%.0f s)' % (rep + 1, reps, time.time() - t0),
              file=sys.stderr, flush=True)
    result = {'interpreters': interps, 'reps': reps, 'times': times}
    if out:
        tmp = out + '.tmp'
        with open(tmp, 'w') as f:
            json.dump(result, f, indent=1, sort_keys=True)
        os.replace(tmp, out)
    else:
        json.dump(result, sys.stdout, indent=1, sort_keys=True)


main(sys.argv[1:])
