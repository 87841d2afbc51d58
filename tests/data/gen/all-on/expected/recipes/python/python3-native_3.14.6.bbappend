# make profile-opt for python3-native
EXTRA_OECONF:append = " --enable-optimizations"
PROFILE_TASK = "-m test --pgo test_json"
export RUNSHARED = "LD_LIBRARY_PATH=${B}"
