# sourced: make_builddir DATA DIR makes the build directory of these fixtures
# in DIR: DIR/oe-core (a copy of DATA/oe-meta), DIR/meta-hello and DIR/build
# (conf/local.conf, auto.conf, and bblayers.conf naming both layers), as
# tests/runner/task-builddir.sh and bench/builddir.sh use it
make_builddir() {
	cp -R "$1/oe-meta" "$2/oe-core" &&
		cp -R "$1/task-builddir/meta-hello" "$2/meta-hello" &&
		mkdir -p "$2/build/conf" &&
		cp "$1/task-builddir/conf/local.conf" "$1/task-builddir/conf/auto.conf" \
			"$2/build/conf/" &&
		sed -e "s|@COREBASE@|$2/oe-core|" -e "s|@LAYER@|$2/meta-hello|" \
			"$1/task-builddir/conf/bblayers.conf" >"$2/build/conf/bblayers.conf"
}
