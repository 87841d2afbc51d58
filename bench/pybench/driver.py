"""driver.py SCALE STARTUP_ARGS N PYTHON1 LIBDIR1 ... PYTHONN LIBDIRN ITEM...

One round of "pgo-run bench" on the target, run by one of the builds: each
ITEM, "K:NAME", runs the benchmark NAME of this directory once with build K
(0-based) in a process of its own, in the order given, and prints one line
per process as soon as it ends:

  PGO-BENCH K NAME SECONDS
  PGO-BENCH-FAIL K NAME STATUS LAST-LINE-OF-ITS-STDERR

NAME "startup" is one start of the interpreter (PYTHON STARTUP_ARGS, e.g.
"-I -c pass"), timed from here (spawn to exit); any other NAME runs
run.py NAME LOOPS, which times its bench(LOOPS) in the process, LOOPS being
the module's ITERATIONS times SCALE (at least 1). LIBDIR, unless "-", is the
build's LD_LIBRARY_PATH (a copied tree's libpython). The first failure ends
the round (status 3)."""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def env_of(libdir):
    env = {'PATH': '/usr/bin:/bin', 'LC_ALL': 'C.UTF-8'}
    if libdir != '-':
        env['LD_LIBRARY_PATH'] = libdir
    return env


def loops(name, scale):
    with open(os.path.join(HERE, name + '.py')) as f:
        for line in f:
            if line.startswith('ITERATIONS = '):
                return max(1, int(round(int(line.split('=')[1]) * scale)))
    return 1


def last_line(text):
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    return lines[-1] if lines else '-'


def main(argv):
    scale = float(argv[0])
    startup = argv[1].split()
    n = int(argv[2])
    builds = [(argv[3 + 2 * k], env_of(argv[4 + 2 * k])) for k in range(n)]
    items = argv[3 + 2 * n:]
    run_py = os.path.join(HERE, 'run.py')
    for item in items:
        k, name = item.split(':', 1)
        python, env = builds[int(k)]
        if name == 'startup':
            start = time.perf_counter()
            p = subprocess.run([python] + startup, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            seconds = time.perf_counter() - start
            out = ''
        else:
            p = subprocess.run([python, '-I', '-B', run_py, name, str(loops(name, scale))],
                               env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
            out = p.stdout.decode('utf-8', 'replace')
            seconds = None
        err = p.stderr.decode('utf-8', 'replace')
        if p.returncode == 0 and seconds is None:
            try:
                seconds = float(out.split()[-1])
            except (IndexError, ValueError):
                err = 'no time in its output: %r' % out[-80:]
                p.returncode = 1
        if p.returncode != 0:
            print('PGO-BENCH-FAIL %s %s %d %s' % (k, name, p.returncode, last_line(err)),
                  flush=True)
            sys.exit(3)
        print('PGO-BENCH %s %s %.9f' % (k, name, seconds), flush=True)


main(sys.argv[1:])
