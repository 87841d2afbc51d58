bin_PROGRAMS += %D%/pgo-run
%C%_pgo_run_SOURCES = %D%/main.c \
	%D%/collect.c %D%/collect.h \
	%D%/gcda.c %D%/gcda.h
# "pgo-run task" reads conf files as pgo-gen does (generator/conf.c)
%C%_pgo_run_SOURCES += %D%/task.c %D%/task.h %D%/runscript.c %D%/runscript.h \
	%D%/log.c %D%/log.h generator/conf.c generator/conf.h
# "pgo-run profile": QEMU, ssh and the serial console, through one poll loop
%C%_pgo_run_SOURCES += %D%/profile.c %D%/profile.h %D%/profile-opts.c %D%/proc.c %D%/proc.h \
	%D%/qemu.c %D%/qemu.h %D%/console.c %D%/console.h %D%/ssh.c %D%/ssh.h
# --junit: the report is written with libxml2
%C%_pgo_run_SOURCES += %D%/junit.c %D%/junit.h
%C%_pgo_run_CPPFLAGS = $(AM_CPPFLAGS) $(LIBARCHIVE_CFLAGS) $(LIBXML2_CFLAGS)
%C%_pgo_run_LDADD = $(BBLANG_LIBS) $(LIBARCHIVE_LIBS) $(LIBXML2_LIBS)
dist_man_MANS += %D%/pgo-run.1
