noinst_LIBRARIES += %D%/libbblang.a
%C%_libbblang_a_CPPFLAGS = $(AM_CPPFLAGS) $(PCRE2_CFLAGS)
%C%_libbblang_a_SOURCES = \
	%D%/assign.c %D%/assign.h \
	%D%/buf.c %D%/buf.h \
	%D%/conf.c %D%/conf.h \
	%D%/cooker.c %D%/cooker.h %D%/cooker-int.h %D%/collections.c %D%/providers.c \
	%D%/recipe.c \
	%D%/data.c %D%/data.h %D%/data-int.h \
	%D%/dump.c \
	%D%/eval.c \
	%D%/expand.c %D%/expand.h \
	%D%/getvar.c \
	%D%/os.c %D%/os.h \
	%D%/parse.c %D%/parse.h \
	%D%/setvar.c \
	%D%/strvec.c %D%/strvec.h %D%/shell.c %D%/shell.h %D%/sig.c %D%/sig.h \
	%D%/utf8.c %D%/utf8.h \
	%D%/util.c %D%/util.h
# inline python: a sub-module, pyexpr/pyexpr.h its one public header
%C%_libbblang_a_SOURCES += \
	%D%/pyexpr/pyexpr.c %D%/pyexpr/pyexpr.h %D%/pyexpr/pyexpr-int.h \
	%D%/pyexpr/def.c %D%/pyexpr/entry.c %D%/pyexpr/lex.c %D%/pyexpr/lib.c %D%/pyexpr/liboe.c %D%/pyexpr/libos.c %D%/pyexpr/names.c \
	%D%/pyexpr/ops.c %D%/pyexpr/str.c %D%/pyexpr/val.c
BBLANG_LIBS = bblang/libbblang.a $(PCRE2_LIBS)
