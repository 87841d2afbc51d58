# the parse benchmark: bench/parse (in-process) and bench/parse.sh (whole pgo-gen)
# --wrap lets bench/parse count the lines of every file bb_parse_file() reads
noinst_PROGRAMS += %D%/parse
%C%_parse_SOURCES = %D%/parse.c
%C%_parse_LDADD = $(BBLANG_LIBS)
%C%_parse_LDFLAGS = -Wl,--wrap=bb_parse_text
EXTRA_DIST += %D%/parse.sh
