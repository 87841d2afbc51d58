noinst_LIBRARIES += %D%/libbblang.a
%C%_libbblang_a_CPPFLAGS = $(AM_CPPFLAGS) $(PCRE2_CFLAGS)
%C%_libbblang_a_SOURCES = \
	%D%/assign.c \
	%D%/buf.c %D%/buf.h \
	%D%/cooker.c %D%/cooker.h %D%/cooker-int.h %D%/collections.c %D%/providers.c \
	%D%/data.c %D%/data.h %D%/data-int.h \
	%D%/dump.c \
	%D%/eval.c \
	%D%/expand.c \
	%D%/os.c %D%/os.h \
	%D%/parse.c %D%/parse.h \
	%D%/pyexpr.c %D%/pyexpr.h %D%/pyexpr-int.h \
	%D%/pyexpr-lex.c %D%/pyexpr-lib.c %D%/pyexpr-names.c \
	%D%/pyexpr-ops.c %D%/pyexpr-str.c %D%/pyexpr-val.c \
	%D%/strvec.c %D%/strvec.h \
	%D%/util.c %D%/util.h
BBLANG_LIBS = bblang/libbblang.a $(PCRE2_LIBS)
