bin_PROGRAMS += %D%/pgo-gen
%C%_pgo_gen_SOURCES = %D%/main.c %D%/gen.h %D%/gen.c %D%/vars.c \
	%D%/conf.c %D%/conf.h \
	%D%/tmpl.c %D%/tmpl.h \
	%D%/manifest.c %D%/manifest.h \
	%D%/layer.c %D%/layer.h %D%/sha256.c %D%/sha256.h \
	%D%/release.c %D%/release.h
# the templates of the source tree and the runner's tarball of the build tree,
# for a pgo-gen run from its build tree (not installed)
%C%_pgo_gen_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML2_CFLAGS) -DPKGDATADIR='"$(pkgdatadir)"' \
	-DBUILD_BINDIR='"$(abs_top_builddir)/%D%"' -DBUILD_TOPDIR='"$(abs_top_builddir)"' \
	-DSOURCE_TEMPLATES='"$(abs_top_srcdir)/templates"'
# libxml2 is loaded when a manifest is read (common/xmlapi.c), not at start-up
%C%_pgo_gen_LDADD = $(COMMON_LIBS) $(BBLANG_LIBS)
dist_man_MANS += %D%/pgo-gen.1

# the runner's source tarball, which pgo-gen writes into the layer so that
# pgo-run-native builds offline (generator/runner-src.sh: make dist's files
# without the generated ones, the tests and the layer); pgo-gen finds it next
# to its template directory, so it is installed beside the templates.
# Remade on every make (a template or source may have changed), replaced only
# when its bytes change.
PGO_RUN_SRC = pgo-run-$(VERSION).tar.gz
pkgdata_DATA = $(PGO_RUN_SRC)
CLEANFILES += $(PGO_RUN_SRC)
dist_noinst_SCRIPTS = %D%/runner-src.sh
$(PGO_RUN_SRC): pgo-run-src-always
	$(AM_V_GEN)$(SHELL) $(srcdir)/%D%/runner-src.sh $@ pgo-run-$(VERSION) $(srcdir) \
		$(DIST_COMMON) $(DIST_SOURCES) templates runner/bench/bench-set.sh $(PYBENCH_FILES)
pgo-run-src-always:
