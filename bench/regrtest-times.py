"""regrtest-times.py LOG [--total SECONDS] [JOBS...]
regrtest-times.py --list LOG

Reads the output of a serial run of Python's test runner (regrtest's
progress lines, "H:MM:SS load avg: X [ N/M] test_name", each test's start,
and "... test_name passed" or another result, its end), as a pgo-run log or
BitBake's log.do_profile holds it, and prints each test's time, then what a
run with -j N would take for each N given (default 1 2 4 8 16): the time
before the first test (pgo-build-runs.py, start-up) stays serial, and the
tests are scheduled longest first on N workers (regrtest hands them out in
its own order; longest-first is the better case), which the longest test
bounds from below. With --total (the task's time, pgo-manifest.xml's
<duration>), what ran before the test runner's clock started (the build-time
runs of pgo-build-runs.py) counts as serial too. An estimate from one serial
run: a worker's start-up and the guest's contention are not counted.
With --list, each test's time alone, one "NAME SECONDS" line per test,
and "build SECONDS" for pgo-build-runs.py's runs when the log has their
time (bench/task-select's --times).
"""
import re
import sys

PROGRESS = re.compile(r"^(\d+):(\d\d):(\d\d)(?: load avg: [0-9.]+)? \[ *(\d+)/(\d+)\] (\S+)(.*)$")


def seconds(h, m, s):
    return int(h) * 3600 + int(m) * 60 + int(s)


def read(path):
    """test -> seconds, and the elapsed time of the first test's start"""
    start, times, first, last = {}, {}, None, 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = PROGRESS.match(line.strip())
            if not m:
                continue
            t = seconds(*m.group(1, 2, 3))
            name, rest = m.group(6), m.group(7).strip()
            last = max(last, t)
            if not rest:
                start[name] = t
                if first is None:
                    first = t
            elif name in start:
                times[name] = t - start[name]
    if not times:
        sys.exit("regrtest-times.py: no test with a start and an end in %s" % path)
    return times, first or 0, last


def makespan(times, jobs):
    workers = [0] * jobs
    for t in sorted(times.values(), reverse=True):
        i = workers.index(min(workers))
        workers[i] += t
    return max(workers)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--list" and len(sys.argv) == 3:
        for name, t in sorted(read(sys.argv[2])[0].items()):
            print("%s %d" % (name, t))
        with open(sys.argv[2], encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"pgo-build-runs: \d+ runs .* in ([0-9.]+) s$", line.strip())
                if m:
                    print("build %s" % m.group(1))
        return
    args = sys.argv[2:]
    total_task = None
    if args[:1] == ["--total"] and len(args) > 1:
        total_task = float(args[1])
        args = args[2:]
    times, serial, last = read(sys.argv[1])
    if total_task is not None:
        serial += max(0, total_task - last)
        last = total_task
    jobs = [int(j) for j in args] or [1, 2, 4, 8, 16]
    total = sum(times.values())
    print("%d tests, %d s in tests, %d s before the first (serial), %d s in all"
          % (len(times), total, serial, last))
    for name, t in sorted(times.items(), key=lambda kv: -kv[1])[:10]:
        print("  %6d s  %s" % (t, name))
    for j in jobs:
        print("-j%-3d %6d s  (tests %d s, the longest %d s)"
              % (j, serial + makespan(times, j), makespan(times, j), max(times.values())))


if __name__ == "__main__":
    main()
