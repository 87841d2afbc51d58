# python3 3.14.6, built with the profile gathered by do_profile
PYTHON_PROFILE_TASK = "-m test --pgo test_re"
CFLAGS:append = " -fprofile-instr-use=${PGO_PROFILE_DIR}/python.profdata"
CFLAGS:append = " -flto=thin"
# do_compile does not wait for do_profile: run it yourself first
