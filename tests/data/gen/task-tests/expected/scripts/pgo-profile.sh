#!/bin/sh
# gathers the profile over ssh; @x, @ and @{x} are not substitutions
exec pgo-run profile --transport ssh --task "-X pycache_prefix=/tmp/pgo-pycache /opt/python-pgo/share/python-pgo/pgo-build-runs.py -m test --pgo --timeout=3600 test_re test_int" "$@"
