# make profile-opt for python-native
EXTRA_OECONF_append = " --enable-optimizations"
PROFILE_TASK = "-m test --pgo --timeout=1200"
export RUNSHARED = "LD_LIBRARY_PATH=${B}"
