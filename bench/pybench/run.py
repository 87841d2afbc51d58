"""run.py NAME [LOOPS]: imports the benchmark NAME from this directory, runs
its bench(LOOPS) once and prints the seconds it took (time.perf_counter)."""
import importlib
import os
import sys
import time


def main():
    name = sys.argv[1]
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    mod = importlib.import_module(name)
    loops = int(sys.argv[2]) if len(sys.argv) > 2 else mod.ITERATIONS
    start = time.perf_counter()
    mod.bench(loops)
    print('%.6f' % (time.perf_counter() - start))


main()
