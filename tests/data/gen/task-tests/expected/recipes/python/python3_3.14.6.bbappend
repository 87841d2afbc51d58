# python3 3.14.6, built with the profile gathered by do_profile
PYTHON_PROFILE_TASK = "-X pycache_prefix=/tmp/pgo-pycache /opt/python-pgo/share/python-pgo/pgo-build-runs.py -m test --pgo --timeout=3600 test_re test_int"
CFLAGS:append = " -fprofile-use=${PGO_PROFILE_DIR} -fprofile-correction"
do_compile[depends] += "python3-pgo-image:do_profile"
