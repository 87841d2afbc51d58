bin_PROGRAMS += %D%/pgo-gen
%C%_pgo_gen_SOURCES = %D%/main.c %D%/gen.h %D%/gen.c %D%/vars.c \
	%D%/conf.c %D%/conf.h \
	%D%/tmpl.c %D%/tmpl.h \
	%D%/manifest.c %D%/manifest.h %D%/xml.c %D%/xml.h \
	%D%/layer.c %D%/layer.h
%C%_pgo_gen_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML2_CFLAGS) -DPKGDATADIR='"$(pkgdatadir)"'
# libxml2 is loaded when a manifest is read (generator/xml.c), not at start-up
%C%_pgo_gen_LDADD = $(BBLANG_LIBS)
dist_man_MANS += %D%/pgo-gen.1
