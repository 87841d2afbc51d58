# the parse benchmark: bench/parse (in-process) and bench/parse.sh (whole pgo-gen)
noinst_PROGRAMS += %D%/parse
%C%_parse_SOURCES = %D%/parse.c
%C%_parse_LDADD = $(BBLANG_LIBS)
EXTRA_DIST += %D%/parse.sh %D%/gen.sh %D%/median.sh %D%/lib.sh %D%/runner.sh %D%/builddir.sh
# CPython end to end (not in make check: hours)
EXTRA_DIST += %D%/cpython-e2e %D%/cpython-pgo %D%/cpython-cross %D%/cpython-lib.sh %D%/cpython-swap %D%/gcda-compare %D%/gcda-scale %D%/libdiff %D%/cpython-e2e.tasks %D%/pybench %D%/results \
	%D%/regrtest-times.py %D%/task-select
# a model of a core's time from counts under qemu-user (TCG plugins)
EXTRA_DIST += %D%/model/bpred.c %D%/model/model.py %D%/model/plugins.sh
# what atomic profile counter updates cost
EXTRA_DIST += %D%/profile-update.sh %D%/profile-update
# Welch's interval as pgo-run bench has it, for bench/pybench/report.py
noinst_PROGRAMS += %D%/welch
%C%_welch_SOURCES = %D%/welch.c runner/bench/bench-stats.c
%C%_welch_LDADD = $(BBLANG_LIBS) -lm
