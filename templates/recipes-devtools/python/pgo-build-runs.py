"""pgo-build-runs.py ARGS...: the instrumented interpreter's build-time runs,
then "python ARGS..." (the profile task, e.g. -m test --pgo).

CPython's own PGO build (--enable-optimizations, make profile-opt) trains on
every run of the instrumented interpreter, not only on the profile task: while
it builds, the interpreter freezes the stdlib modules it embeds and runs
"sysconfig --generate-posix-vars" before any extension module can be
imported, so that the build-time variables go through the pure-Python json
encoder, whose regular expression is much of what the profile knows of re.
A cross build never runs the target's interpreter at build time: this script
runs the same work on the target, each run in its own process as make runs
it, before the task.  Each run must succeed: one that fails stops the script
with its status, as it would stop CPython's build.

Run it with the interpreter the task runs, with the same options:
    python3 -X pycache_prefix=/tmp/pgo-pycache pgo-build-runs.py -m test --pgo
The task replaces this process (exec): its exit status is the task's."""
import os
import subprocess
import sys
import sysconfig
import tempfile
import time

# the modules CPython's build freezes (Programs/_freeze_module and
# _bootstrap_python), as paths under the stdlib; those this version lacks are
# left out
FROZEN = (
    'importlib/_bootstrap', 'importlib/_bootstrap_external', 'zipimport',
    'abc', 'codecs', 'io', '_collections_abc', '_sitebuiltins', 'genericpath',
    'ntpath', 'posixpath', 'os', 'site', 'stat', 'importlib/util',
    'importlib/machinery', 'runpy', '__hello__', '__phello__/__init__',
    '__phello__/ham/__init__', '__phello__/ham/eggs', '__phello__/spam',
)

# a frozen module's source compiled and marshalled, written out as a C array
FREEZE = '''
import marshal, sys
src, name, out = sys.argv[1:]
with open(src, encoding="utf-8") as f:
    code = compile(f.read(), "<frozen %s>" % name, "exec", dont_inherit=True)
data = marshal.dumps(code)
with open(out, "w") as f:
    f.write("const unsigned char frozen[] = {\\n")
    for i in range(0, len(data), 16):
        f.write("    " + ",".join(map(str, data[i:i + 16])) + ",\\n")
    f.write("};\\n")
'''

# sysconfig --generate-posix-vars with no extension module importable, as in
# CPython's build tree while pybuilddir.txt says "none"
POSIX_VARS = '''
import runpy, sys
sys.path = [p for p in sys.path if not p.endswith("lib-dynload")]
sys.argv = ["sysconfig", "--generate-posix-vars"]
runpy.run_module("sysconfig", run_name="__main__", alter_sys=True)
'''

PLATFORM = '''
import sys
from sysconfig import get_platform
print("%s-%d.%d" % (get_platform(), *sys.version_info[:2]))
'''


def die(msg):
    sys.stderr.write('pgo-build-runs: %s\n' % msg)
    sys.exit(1)


def run(what, args, cwd):
    p = subprocess.run([sys.executable] + args, cwd=cwd, stdout=subprocess.DEVNULL)
    if p.returncode != 0:
        die('%s: %s exited with status %d' % (what, sys.executable, p.returncode))


def main():
    if len(sys.argv) < 2:
        die('usage: python [OPTION]... pgo-build-runs.py ARG... (the profile task)')
    # sysconfig --generate-posix-vars reads both
    for path in (sysconfig.get_makefile_filename(), sysconfig.get_config_h_filename()):
        if not os.path.isfile(path):
            die('%s: no such file (generate-posix-vars reads it: install it on the target)' % path)
    stdlib = sysconfig.get_paths()['stdlib']
    start, frozen = time.monotonic(), 0
    with tempfile.TemporaryDirectory(prefix='pgo-build-runs.') as tmp:
        out = os.path.join(tmp, 'frozen.h')
        for mod in FROZEN:
            src = os.path.join(stdlib, mod + '.py')
            if os.path.isfile(src):
                name = mod.replace('/__init__', '').replace('/', '.')
                run('freeze ' + name, ['-E', '-S', '-c', FREEZE, src, name, out], tmp)
                frozen += 1
        run('generate-posix-vars', ['-E', '-S', '-c', POSIX_VARS], tmp)
        run('get_platform', ['-E', '-c', PLATFORM], tmp)
    print('pgo-build-runs: %d runs (freeze of %d modules, generate-posix-vars, get_platform) in %.1f s'
          % (frozen + 2, frozen, time.monotonic() - start))
    # the task, with the options this interpreter was given (sys.orig_argv:
    # the interpreter, its options, this script, its arguments)
    n = len(sys.orig_argv) - len(sys.argv)
    sys.stdout.flush()
    os.execv(sys.executable, [sys.executable] + sys.orig_argv[1:n] + sys.argv[1:])


if __name__ == '__main__':
    main()
