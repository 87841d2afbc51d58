# python 2.7.18, built with the profile gathered by do_profile
PYTHON_PROFILE_TASK = "-m test --pgo --timeout=3600"
CFLAGS_append = " -fprofile-instr-use=${PGO_PROFILE_DIR}/python.profdata"
CFLAGS_append = " -flto=thin"
do_compile[depends] += "python-pgo-image:do_profile"
