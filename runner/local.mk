bin_PROGRAMS += %D%/pgo-run
%C%_pgo_run_SOURCES = %D%/main.c %D%/cli.h %D%/import-opts.c %D%/task-opts.c \
	%D%/collect.c %D%/collect.h %D%/la.c %D%/la.h \
	%D%/gcda.c %D%/gcda.h %D%/fdata.c %D%/fdata.h
# "pgo-run task" reads conf files as pgo-gen does (bblang/conf.c)
%C%_pgo_run_SOURCES += %D%/task.c %D%/task.h %D%/hosttools.c %D%/runscript.c %D%/runscript.h \
	%D%/log.c %D%/log.h
# "pgo-run profile": a session (QEMU, ssh, the serial console or this machine) through
# one poll loop; its tests link the same files
%C%_session_sources = %D%/session.c %D%/session.h %D%/stages.c %D%/boot.c \
	%D%/transport.h %D%/transport-ssh.c %D%/transport-serial.c %D%/transport-local.c \
	%D%/loop.c %D%/loop.h %D%/progress.c %D%/progress.h %D%/quote.c %D%/quote.h %D%/proc.c %D%/proc.h \
	%D%/qemu.c %D%/qemu.h %D%/console.c %D%/console.h %D%/ssh.c %D%/ssh.h \
	%D%/junit.c %D%/junit.h %D%/overlay.c %D%/overlay.h %D%/tarmeter.c %D%/tarmeter.h
%C%_pgo_run_SOURCES += %D%/profile.c %D%/profile.h %D%/profile-opts.c \
	$(%C%_session_sources)
# "pgo-run bench": the builds timed on the target through the same session,
# with the benchmark set of bench/pybench built into the program (bench-set.c)
%C%_pgo_run_SOURCES += %D%/bench.c %D%/bench.h %D%/bench-builddir.c %D%/bench-opts.c %D%/bench-out.c \
	%D%/bench-stats.c %D%/bench-stats.h %D%/bench-text.c %D%/bench-text.h
nodist_%C%_pgo_run_SOURCES = %D%/bench-set.c
PYBENCH_FILES = bench/pybench/driver.py bench/pybench/run.py bench/pybench/fannkuch.py \
	bench/pybench/float_.py bench/pybench/generators.py bench/pybench/json_.py \
	bench/pybench/nbody.py bench/pybench/nqueens.py bench/pybench/pystone.py \
	bench/pybench/regex.py bench/pybench/richards.py bench/pybench/spectral_norm.py \
	bench/pybench/strings.py
%D%/bench-set.c: $(PYBENCH_FILES) %D%/bench-set.sh
	$(AM_V_GEN)$(MKDIR_P) %D% && $(SHELL) $(srcdir)/%D%/bench-set.sh $@ $(srcdir) $(PYBENCH_FILES)
CLEANFILES += %D%/bench-set.c
EXTRA_DIST += %D%/bench-set.sh
%C%_pgo_run_CPPFLAGS = $(AM_CPPFLAGS) $(LIBARCHIVE_CFLAGS) $(LIBXML2_CFLAGS)
# libarchive and libxml2 are loaded on first use (runner/la.c, common/xmlapi.c)
%C%_pgo_run_LDADD = $(COMMON_LIBS) $(BBLANG_LIBS) -lm
dist_man_MANS += %D%/pgo-run.1
