# pgo-run: main.c dispatches to the rooms, a folder each: task/, target/,
# profile/ (with import), bench/, whose command lines share cli.c; proc.c,
# the one process spawner, and quote.c, what makes a target's or an
# archive's bytes one printable line, are shared by the rooms (pgo-gen runs
# no process and reads no target, so neither is in common/)
bin_PROGRAMS += %D%/pgo-run
%C%_pgo_run_SOURCES = %D%/main.c %D%/cli.h %D%/cli.c %D%/proc.c %D%/proc.h %D%/quote.c %D%/quote.h
# "pgo-run task" reads conf files as pgo-gen does (bblang/conf.c)
%C%_task_sources = %D%/task/task.c %D%/task/task.h %D%/task/task-opts.c \
	%D%/task/hosttools.c %D%/task/runscript.c %D%/task/runscript.h %D%/task/log.c %D%/task/log.h
# the target: QEMU, ssh, the serial console or this machine, through one poll loop
%C%_target_sources = %D%/target/target.h %D%/target/target.c %D%/target/session.c \
	%D%/target/session.h %D%/target/boot.c %D%/target/transport.h %D%/target/transport-ssh.c \
	%D%/target/transport-serial.c %D%/target/transport-local.c %D%/target/loop.c \
	%D%/target/loop.h %D%/target/progress.c %D%/target/progress.h %D%/target/qemu.c \
	%D%/target/qemu.h %D%/target/console.c %D%/target/console.h %D%/target/ssh.c \
	%D%/target/ssh.h %D%/target/junit.c %D%/target/junit.h
# "pgo-run profile" and "import": the archive brought back, checked and installed
%C%_profile_sources = %D%/profile/profile.c %D%/profile/profile.h %D%/profile/profile-opts.c \
	%D%/profile/stages.c %D%/profile/stages.h \
	%D%/profile/import-opts.c %D%/profile/import.c %D%/profile/collect.c \
	%D%/profile/collect.h %D%/profile/collect-out.c %D%/profile/collect-import.h \
	%D%/profile/la.c %D%/profile/la.h %D%/profile/gcda.c \
	%D%/profile/gcda.h %D%/profile/fdata.c %D%/profile/fdata.h %D%/profile/overlay.c \
	%D%/profile/overlay.h %D%/profile/tarmeter.c %D%/profile/tarmeter.h
# the session and what it links, for the tests
%C%_session_sources = $(%C%_target_sources) %D%/proc.c %D%/proc.h %D%/quote.c %D%/quote.h
# "pgo-run bench": the builds timed on the target through the same session,
# with the benchmark set of bench/pybench built into the program (bench-set.c)
%C%_bench_sources = %D%/bench/bench.c %D%/bench/bench.h %D%/bench/bench-run.h \
	%D%/bench/bench-here.c %D%/bench/bench-there.c %D%/bench/bench-rounds.c %D%/bench/bench-builddir.c \
	%D%/bench/bench-opts.c %D%/bench/bench-out.c %D%/bench/bench-stats.c \
	%D%/bench/bench-stats.h %D%/bench/bench-text.c %D%/bench/bench-text.h
%C%_pgo_run_SOURCES += $(%C%_task_sources) $(%C%_target_sources) $(%C%_profile_sources) \
	$(%C%_bench_sources)
nodist_%C%_pgo_run_SOURCES = %D%/bench/bench-set.c
PYBENCH_FILES = bench/pybench/driver.py bench/pybench/run.py bench/pybench/fannkuch.py \
	bench/pybench/float_.py bench/pybench/generators.py bench/pybench/json_.py \
	bench/pybench/nbody.py bench/pybench/nqueens.py bench/pybench/pystone.py \
	bench/pybench/regex.py bench/pybench/richards.py bench/pybench/spectral_norm.py \
	bench/pybench/strings.py
%D%/bench/bench-set.c: $(PYBENCH_FILES) %D%/bench/bench-set.sh
	$(AM_V_GEN)$(MKDIR_P) %D%/bench && $(SHELL) $(srcdir)/%D%/bench/bench-set.sh $@ $(srcdir) $(PYBENCH_FILES)
CLEANFILES += %D%/bench/bench-set.c
EXTRA_DIST += %D%/bench/bench-set.sh
%C%_pgo_run_CPPFLAGS = $(AM_CPPFLAGS) $(LIBARCHIVE_CFLAGS) $(LIBXML2_CFLAGS)
# libarchive and libxml2 are loaded on first use (runner/profile/la.c, common/xmlapi.c)
%C%_pgo_run_LDADD = $(COMMON_LIBS) $(BBLANG_LIBS) -lm
dist_man_MANS += %D%/pgo-run.1
