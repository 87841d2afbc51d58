#!/bin/sh
# gathers the profile over ssh; @x, @ and @{x} are not substitutions
exec pgo-run profile --transport ssh --task "-m test --pgo --timeout=1200 test_generators test_functools test_fstring test_dataclasses test_re test_float test_int test_patma test_operator test_heapq" "$@"
