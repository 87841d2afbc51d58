# the templates pgo-gen renders (PKGDATADIR/templates), the whole folder
EXTRA_DIST += %D%
# the layer generated from the default conf (tests/generator/layer.sh checks it is current)
EXTRA_DIST += meta-pgo

install-data-local: install-templates
install-templates:
	$(MKDIR_P) '$(DESTDIR)$(pkgdatadir)'
	rm -rf '$(DESTDIR)$(pkgdatadir)/templates'
	cp -R '$(srcdir)/%D%' '$(DESTDIR)$(pkgdatadir)/templates'
	chmod -R u+w '$(DESTDIR)$(pkgdatadir)/templates'

uninstall-local:
	rm -rf '$(DESTDIR)$(pkgdatadir)/templates'


# meta-pgo/ from the default conf, with the runner's sources of this tree
update-layer: generator/pgo-gen$(EXEEXT) $(PGO_RUN_SRC)
	BUILDDIR= generator/pgo-gen -T '$(srcdir)/templates' -R $(PGO_RUN_SRC) -o '$(srcdir)/meta-pgo'
