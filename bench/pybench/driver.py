"""driver.py SCALE STARTUP_ARGS N PYTHON1 LIBDIR1 ... PYTHONN LIBDIRN ITEM...

One round of "pgo-run bench" on the target, run by one of the builds: each
ITEM, "K:NAME", runs the benchmark NAME of this directory once with build K
(0-based) in a process of its own, in the order given, and prints one line
per process as soon as it ends:

  PGO-BENCH K NAME WALL CPU
  PGO-BENCH-FAIL K NAME STATUS LAST-LINE-OF-ITS-STDERR

NAME "startup" is one start of the interpreter (PYTHON STARTUP_ARGS, e.g.
"-I -c pass"), timed from here: WALL from its spawn to its exit, CPU its user
and system time (reap()). Any other NAME imports the module NAME of this
directory and times its bench(LOOPS) in the process, as run.py does (WALL:
time.perf_counter, CPU: time.process_time), LOOPS being the module's
ITERATIONS times SCALE (at least 1). LIBDIR, unless "-", is the build's
LD_LIBRARY_PATH (a copied tree's libpython). The first failure ends the
round (status 3)."""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# os.wait4 builds its result with the resource module, after reaping the child
try:
    import resource  # noqa: F401
    HAVE_RUSAGE = True
except ImportError:
    HAVE_RUSAGE = False


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


# what a benchmark's process runs: run.py's work, with the CPU time too
BENCH_CODE = (
    'import importlib, sys, time\n'
    'sys.path.insert(0, sys.argv[1])\n'
    'mod = importlib.import_module(sys.argv[2])\n'
    'loops = int(sys.argv[3])\n'
    'wall, cpu = time.perf_counter(), time.process_time()\n'
    'mod.bench(loops)\n'
    'print("%.9f %.9f" % (time.perf_counter() - wall, time.process_time() - cpu))\n')


def reap(pid):
    """(wait status, CPU seconds) of the child pid once it ends: wait4's rusage,
    or where os.wait4 is missing (it needs the resource module, which a
    minimal python may lack) the kernel's run time of the zombie in
    /proc/PID/schedstat, or else the children's times(2), in clock ticks"""
    if HAVE_RUSAGE:
        _, status, ru = os.wait4(pid, 0)
        return status, ru.ru_utime + ru.ru_stime
    try:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        with open('/proc/%d/schedstat' % pid) as f:
            cpu = int(f.read().split()[0]) / 1e9
        return os.waitpid(pid, 0)[1], cpu
    except (AttributeError, OSError, ValueError, IndexError):
        before = os.times()
        status = os.waitpid(pid, 0)[1]
        after = os.times()
        return status, (after[2] + after[3]) - (before[2] + before[3])


def startup(python, args, env):
    """(status, wall, cpu, stderr) of one start"""
    start = time.perf_counter()
    p = subprocess.Popen([python] + args, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    status, cpu = reap(p.pid)
    wall = time.perf_counter() - start
    p.stderr.close()
    p.returncode = (os.WEXITSTATUS(status) if os.WIFEXITED(status)
                    else 128 + os.WTERMSIG(status))
    return p.returncode, wall, cpu, err


def benchmark(python, name, scale, env):
    """(status, wall, cpu, stderr) of one run of the benchmark"""
    p = subprocess.run([python, '-I', '-B', '-c', BENCH_CODE, HERE, name,
                        str(loops(name, scale))],
                       env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    out = p.stdout.decode('utf-8', 'replace').split()
    if p.returncode != 0:
        return p.returncode, 0, 0, p.stderr
    try:
        return 0, float(out[-2]), float(out[-1]), p.stderr
    except (IndexError, ValueError):
        return 1, 0, 0, ('no times in its output: %r' % ' '.join(out)[-80:]).encode()


def main(argv):
    scale = float(argv[0])
    args = argv[1].split()
    n = int(argv[2])
    builds = [(argv[3 + 2 * k], env_of(argv[4 + 2 * k])) for k in range(n)]
    for item in argv[3 + 2 * n:]:
        k, name = item.split(':', 1)
        python, env = builds[int(k)]
        if name == 'startup':
            status, wall, cpu, err = startup(python, args, env)
        else:
            status, wall, cpu, err = benchmark(python, name, scale, env)
        if status != 0:
            print('PGO-BENCH-FAIL %s %s %d %s' % (
                k, name, status, last_line(err.decode('utf-8', 'replace'))), flush=True)
            sys.exit(3)
        print('PGO-BENCH %s %s %.9f %.9f' % (k, name, wall, cpu), flush=True)


main(sys.argv[1:])
