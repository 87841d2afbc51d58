bin_PROGRAMS += %D%/pgo-gen
%C%_pgo_gen_SOURCES = %D%/main.c %D%/gen.h %D%/gen.c %D%/vars.c \
	%D%/conf.c %D%/conf.h \
	%D%/tmpl.c %D%/tmpl.h \
	%D%/manifest.c %D%/manifest.h \
	%D%/layer.c %D%/layer.h
%C%_pgo_gen_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML2_CFLAGS) -DPKGDATADIR='"$(pkgdatadir)"'
%C%_pgo_gen_LDADD = $(BBLANG_LIBS) $(LIBXML2_LIBS)
dist_man_MANS += %D%/pgo-gen.1
