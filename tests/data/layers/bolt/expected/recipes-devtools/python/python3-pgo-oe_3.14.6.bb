SUMMARY = "Python interpreter with OE-core's own PGO, to measure it beside meta-pgo's"
DESCRIPTION = "OE-core's python3 with its PACKAGECONFIG[pgo] (--enable-optimizations, \
the profile gathered under qemu-user in do_compile) and none of meta-pgo's flags, \
under a prefix of its own: what pgo-run bench -B --oe-pgo times beside the PGO \
python3 on the target. Built only when asked."

# python3-pgo-baseline (OE-core's recipe, its own prefix, the renamed
# libpython, no meta-pgo flag) with OE-core's PGO turned on, as
# PACKAGECONFIG:append:pn-python3 = " pgo" in local.conf would turn it
# on for python3 while meta-pgo is off. Skipped like it until
# local.conf sets PYTHON_PROFILE_OPT = "1", and where OE-core's PGO cannot run
# (no qemu-usermode for the machine, where its recipe stops the parse).
require python3-pgo-baseline_3.14.6.bb
SKIP_RECIPE[python3-pgo-oe] = "${@'OE-core has no python3_${PV}.bb: meta-pgo was generated for CPython ${PV}; set PGO_PYTHON_PV to the version of OE-core python3 and regenerate the layer' if not pgo_python_recipe(d) else '' if bb.utils.contains('MACHINE_FEATURES', 'qemu-usermode', True, False, d) else 'OE-core gathers its PGO profile under qemu-user, and ${MACHINE} has no qemu-usermode in MACHINE_FEATURES'}"

PGO_PYTHON_PREFIX = "/opt/python-pgo-oe"
PGO_OE_PGO_REMOVE = ""
PACKAGECONFIG:append = " pgo"
