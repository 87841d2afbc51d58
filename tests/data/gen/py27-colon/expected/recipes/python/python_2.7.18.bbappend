# python 2.7.18, built with the profile gathered by do_profile
PYTHON_PROFILE_TASK = "-m test --pgo --timeout=3600"
CFLAGS:append = " -fprofile-use=${PGO_PROFILE_DIR} -fprofile-correction"
do_compile[depends] += "python-pgo-image:do_profile"
