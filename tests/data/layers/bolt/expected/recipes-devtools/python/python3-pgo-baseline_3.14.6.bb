SUMMARY = "Python interpreter as built without PGO, to measure what PGO gains"
DESCRIPTION = "OE-core's python3 with the compiler flags it has while meta-pgo \
is off, under a prefix of its own: the baseline pgo-run bench -B times the PGO \
python3 against on the target. Built only when asked."

# the build of python3-profile-opt (OE-core's python3 recipe,
# its own prefix, the renamed libpython, the RPATH) without the instrumentation:
# none of the flags meta-pgo adds, -fno-semantic-interposition included, so
# that the baseline is what python3 is while the layer is off.
# Skipped like it until local.conf sets PYTHON_PROFILE_OPT = "1".
require python3-profile-opt_3.14.6.bb
SKIP_RECIPE[python3-pgo-baseline] = "${@'' if pgo_python_recipe(d) else 'OE-core has no python3_${PV}.bb: meta-pgo was generated for CPython ${PV}; set PGO_PYTHON_PV to the version of OE-core python3 and regenerate the layer'}"

PGO_GEN_FLAGS = ""
PGO_PYTHON_PREFIX = "/opt/python-pgo-baseline"
# the patches of python3-profile-opt, from its directory
FILESEXTRAPATHS:prepend = "${FILE_DIRNAME}/python3-profile-opt:"

# pgo-run bench reads the installed tree in ${D}: "bitbake
# python3-pgo-baseline -c install" is all it needs, and "bitbake
# world" leaves it out. Built to the end, its libpython (the renamed one of
# python3-profile-opt) is its own: no shared-library provider is
# registered for it
EXCLUDE_FROM_WORLD = "1"
PRIVATE_LIBS = "libpython${PYTHON_MAJMIN}-pgo.so.1.0 libpython3-pgo.so"
