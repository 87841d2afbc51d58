# front-end helpers of pgo-gen and pgo-run (they print), libxml2 loaded on first use,
# and the writer on top of it
noinst_LIBRARIES += %D%/libcommon.a
%C%_libcommon_a_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML2_CFLAGS)
%C%_libcommon_a_SOURCES = %D%/fe.c %D%/fe.h %D%/lazy.c %D%/lazy.h %D%/xmlapi.c %D%/xmlapi.h %D%/xmlw.c %D%/xmlw.h
COMMON_LIBS = common/libcommon.a
