bin_PROGRAMS += %D%/pgo-run
%C%_pgo_run_SOURCES = %D%/main.c \
	%D%/collect.c %D%/collect.h \
	%D%/gcda.c %D%/gcda.h
%C%_pgo_run_CPPFLAGS = $(AM_CPPFLAGS) $(LIBARCHIVE_CFLAGS)
%C%_pgo_run_LDADD = $(BBLANG_LIBS) $(LIBARCHIVE_LIBS)
dist_man_MANS += %D%/pgo-run.1
