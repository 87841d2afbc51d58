"""pgo-build-runs.py ARGS...: the instrumented interpreter's build-time runs,
then "python ARGS..." (the profile task, e.g. -m test --pgo).

CPython's own PGO build (--enable-optimizations, make profile-opt) trains on
every run of the instrumented interpreter, not only on the profile task: while
it builds, the interpreter freezes the stdlib modules it embeds and runs
"sysconfig --generate-posix-vars" before any extension module can be
imported, so that the build-time variables go through the pure-Python json
encoder, whose regular expression is much of what the profile knows of re.
It also freezes Modules/getpath.py and Tools/freeze/flag.py, runs
Tools/build/generate-build-details.py (3.14 on) and check_extension_modules,
which imports every extension module.  A cross build never runs the target's
interpreter at build time: this script runs the same work on the target,
each run in its own process as make runs it, before the task.  The build's
own sources it reads (getpath.py, flag.py, generate-build-details.py) come
from src/ beside this script, where the recipe installs those its CPython
has; check_extension_modules is a stand-in for the build's script, which
reads the build tree: the same imports, every builtin module and every
module in lib-dynload loaded as it loads them.  Each run has this
interpreter's options: a pycache prefix is shared by the runs and the task,
as Lib/__pycache__ is in the build.  Each run must succeed: one that fails
stops the script with its status, as it would stop CPython's build.

Run it with the interpreter the task runs, with the same options:
    python3 -X pycache_prefix=/tmp/pgo-pycache pgo-build-runs.py -m test --pgo
The task runs as this script's child, not in its place: an instrumented
interpreter that exec()s loses its counts (it writes them only when it
exits), and with them the compiling of every module it imported first, in
a pycache prefix the runs and the task then share.  The script exits with
the task's status (128 + N when signal N ended it) and passes SIGTERM,
SIGINT and SIGHUP on to it."""
import os
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time

# the modules CPython's build freezes, as paths under the stdlib (those this
# version lacks are left out) or under src/ beside this script (the build's
# own sources), with their frozen names.  Programs/_freeze_module, a C
# program that imports nothing, freezes the first; _bootstrap_python, which
# has no stdlib module frozen in it, the others: its first run compiles the
# stdlib modules it imports from source (site, os, codecs, encodings...),
# which this interpreter's runs do with -X frozen_modules=off
BOOTSTRAP = (
    ('src', 'Modules/getpath', 'getpath'),
    ('stdlib', 'importlib/_bootstrap', 'importlib._bootstrap'),
    ('stdlib', 'importlib/_bootstrap_external', 'importlib._bootstrap_external'),
    ('stdlib', 'zipimport', 'zipimport'),
)
FROZEN = tuple(('stdlib', m, m.replace('/__init__', '').replace('/', '.')) for m in (
    'abc', 'codecs', 'io', '_collections_abc', '_sitebuiltins', 'genericpath',
    'ntpath', 'posixpath', 'os', 'site', 'stat', 'importlib/util',
    'importlib/machinery', 'runpy', '__hello__', '__phello__/__init__',
    '__phello__/ham/__init__', '__phello__/ham/eggs', '__phello__/spam',
)) + (('src', 'Tools/freeze/flag', 'frozen_only'),)

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

# Tools/build/check_extension_modules.py as the build runs it (not cross
# compiling): its imports and its module-level classes, its options parsed
# and its logging set up, the module states from the build-time variables,
# then each builtin and shared extension module checked and loaded from its
# spec; one that fails to import is counted, as the build's script renames
# it and goes on
CHECK_EXT = '''
from __future__ import annotations
import _imp, argparse, enum, logging, os, pathlib, re, sys, sysconfig, warnings
from collections.abc import Iterable
from importlib._bootstrap import _load as bootstrap_load
from importlib.machinery import BuiltinImporter, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location, spec_from_loader
from typing import NamedTuple

logger = logging.getLogger("check_extension_modules")
parser = argparse.ArgumentParser(prog="check_extension_modules",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--verbose", action="store_true")
parser.add_argument("--debug", action="store_true")
parser.add_argument("--strict", action=argparse.BooleanOptionalAction, default=False)
parser.add_argument("--cross-compiling", action=argparse.BooleanOptionalAction, default=False)
parser.add_argument("--list-module-names", action="store_true")

@enum.unique
class ModuleState(enum.Enum):
    BUILTIN = "builtin"
    SHARED = "shared"
    DISABLED = "disabled"
    MISSING = "missing"
    NA = "n/a"

class ModuleInfo(NamedTuple):
    name: str
    state: ModuleState

def specs(suffix: str, dynload: pathlib.Path) -> Iterable[tuple[ModuleInfo, ModuleSpec]]:
    # the builtin modules of the build's Setup files, loaded again as there
    for name in sysconfig.get_config_var("MODBUILT_NAMES").split():
        if name in sys.builtin_module_names:
            yield ModuleInfo(name, ModuleState.BUILTIN), spec_from_loader(name, loader=BuiltinImporter)
    for path in sorted(dynload.glob("*" + suffix)) if dynload.is_dir() else ():
        name, location = path.name[:-len(suffix)], os.fspath(path)
        yield (ModuleInfo(name, ModuleState.SHARED),
               spec_from_file_location(name, location, loader=ExtensionFileLoader(name, location)))

args = parser.parse_args([])
logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO, format="[%(levelname)s] %(message)s")
states = {}
for key, value in sysconfig.get_config_vars().items():
    m = re.match(r"^MODULE_([A-Za-z0-9_]+)_STATE$", key)
    if m:
        states[m.group(1).lower()] = value
suffix = sysconfig.get_config_var("EXT_SUFFIX")
ok, failed = [], []
for info, spec in specs(suffix, pathlib.Path(sysconfig.get_path("platstdlib")) / "lib-dynload"):
    try:
        if info.state == ModuleState.SHARED and not os.stat(spec.origin).st_size:
            raise ImportError(f"{spec.origin} is an empty file")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            bootstrap_load(spec)
    except ImportError as e:
        logger.error("%s failed to import: %s", info.name, e)
        failed.append(info)
    else:
        ok.append(info)
logger.info("Checked %d modules (%d states, %d failed on import)", len(ok) + len(failed), len(states), len(failed))
'''

PLATFORM = '''
import sys
from sysconfig import get_platform
print("%s-%d.%d" % (get_platform(), *sys.version_info[:2]))
'''


def die(msg):
    sys.stderr.write('pgo-build-runs: %s\n' % msg)
    sys.exit(1)


def options():
    """the options this interpreter was given (sys.orig_argv: the interpreter,
    its options, this script, its arguments), e.g. -X pycache_prefix=DIR"""
    return sys.orig_argv[1:len(sys.orig_argv) - len(sys.argv)]


def run(what, args, cwd):
    # with this interpreter's options: a pycache prefix is shared with the
    # task, as the build's runs share Lib/__pycache__ with its task (a module
    # a run imports first is compiled there, once)
    p = subprocess.run([sys.executable] + options() + args, cwd=cwd, stdout=subprocess.DEVNULL)
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
    srcdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'src')
    top = {'stdlib': stdlib, 'src': srcdir}
    sources = [(os.path.join(top[where], path + '.py'), name, opts)
               for group, opts in ((BOOTSTRAP, ['-S']), (FROZEN, ['-X', 'frozen_modules=off']))
               for where, path, name in group]
    details = os.path.join(srcdir, 'Tools/build/generate-build-details.py')
    start, frozen, runs = time.monotonic(), 0, ['generate-posix-vars', 'get_platform']
    with tempfile.TemporaryDirectory(prefix='pgo-build-runs.') as tmp:
        out = os.path.join(tmp, 'frozen.h')
        for src, name, opts in sources:
            if os.path.isfile(src):
                run('freeze ' + name, ['-E'] + opts + ['-c', FREEZE, src, name, out], tmp)
                frozen += 1
        run('generate-posix-vars', ['-E', '-S', '-c', POSIX_VARS], tmp)
        run('get_platform', ['-E', '-c', PLATFORM], tmp)
        if os.path.isfile(details):
            run('generate-build-details', ['-E', details, os.path.join(tmp, 'build-details.json')], tmp)
            runs.append('generate-build-details')
        run('check_extension_modules', ['-E', '-c', CHECK_EXT], tmp)
        runs.append('check_extension_modules')
    print('pgo-build-runs: %d runs (freeze of %d modules, %s) in %.1f s'
          % (frozen + len(runs), frozen, ', '.join(runs), time.monotonic() - start))
    # the task, with the options this interpreter was given
    sys.stdout.flush()
    task = subprocess.Popen([sys.executable] + options() + sys.argv[1:])

    def forward(signum, frame):
        task.send_signal(signum)
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    status = task.wait()
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == '__main__':
    main()
