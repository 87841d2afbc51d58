# front-end helpers of pgo-gen and pgo-run (they print), and the libxml2 writer
noinst_LIBRARIES += %D%/libcommon.a
%C%_libcommon_a_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML2_CFLAGS)
%C%_libcommon_a_SOURCES = %D%/fe.c %D%/fe.h %D%/xmlw.c %D%/xmlw.h
COMMON_LIBS = common/libcommon.a
