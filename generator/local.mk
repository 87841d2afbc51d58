bin_PROGRAMS += %D%/pgo-gen
%C%_pgo_gen_SOURCES = %D%/main.c %D%/gen.h %D%/vars.c
%C%_pgo_gen_LDADD = $(BBLANG_LIBS) $(LIBXML2_LIBS)
dist_man_MANS += %D%/pgo-gen.1
