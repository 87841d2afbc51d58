# shellcheck shell=bash disable=SC2154 # top, W, PV, ...: set by the caller (below)
# bench/cpython-lib.sh: what bench/cpython-e2e (CPython 3.11, the profile
# task's choice) and bench/cpython-pgo (several builds per variant) share.
# Sourced; the caller sets top, W, PV, XY (X.Y), SRC (the pristine tree),
# PREFIX, JOBS, PGO_GEN, PGO_RUN and ME (its name, for messages), and may
# set MACHINE (OE's, for oe_var: default qemux86-64).

# CPython's builds and tasks see no PYTHON* variable of the caller's shell:
# with PYTHONDONTWRITEBYTECODE=1 a native `make profile-opt` compiles every
# module from source in every process (BitBake's do_compile writes the .pyc
# files, as a shell does), and PYTHONUNBUFFERED changes the I/O paths trained
for v in $(env | sed -n 's/^\(PYTHON[A-Z_]*\)=.*/\1/p'); do unset "$v"; done

say() { printf '%s: %s\n' "$ME" "$*" >&2; }
die() { printf '%s: error: %s\n' "$ME" "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
done_() { [ -e "$W/stamps/$1" ]; }
stamp() { touch "$W/stamps/$1"; }
need() { local t; for t in "$@"; do command -v "$t" >/dev/null || die "missing tool: $t"; done; }

# Debian's python$XY $PV source package in $W/src/python$XY-$PV, its
# patches applied (dpkg-source): the candidate first, then every other $PV
# version apt knows (a security update can be listed but missing from the
# mirror)
debian_source() {
	need apt-get dpkg-source
	local v
	rm -rf "$W/src"
	mkdir -p "$W/src"
	for v in "" $(apt-cache showsrc "python$XY" | sed -n "s/^Version: \($PV-.*\)/\1/p"); do
		rm -rf "${W:?}/src/"*
		if (cd "$W/src" && apt-get source -qq "python$XY${v:+=$v}" >"$W/logs/source.log" 2>&1 </dev/null) &&
			[ -d "$W/src/python$XY-$PV" ]; then return; fi
	done
	die "apt-get source python$XY failed (deb-src entry? see .ci/install-deps): $(tail -n 1 "$W/logs/source.log")"
}

# the arguments of the profile task NAME in bench/cpython-e2e.tasks
task_args() { # NAME
	sed -e 's/#.*//' "$top/bench/cpython-e2e.tasks" | awk -F'\t' -v n="$1" '$1 == n { print $2 }'
}

# a variable of a generated recipe, as BitBake would expand it (bblang)
# (the layer switched on: PYTHON_PROFILE_OPT = "1", as a user sets it)
recipe_var() { # LAYER RECIPE VAR [VAR=VALUE]...
	local layer=$1 recipe=$2 var=$3 defs=(-D PYTHON_PROFILE_OPT=1) kv
	shift 3
	for kv in "$@"; do defs+=(-D "$kv"); done
	"$PGO_GEN" vars -C -O class-target -I "$layer" "${defs[@]}" -v "$var" "$layer/$recipe" |
		sed -n "s/^$var	//p"
}
# the python3 bbappend of a generated layer
PY_BBAPPEND='recipes-devtools/python/python3_%.bbappend'

# copy the pristine tree to DIR/Python-$PV (a tree of its own, like an OE
# WORKDIR) and make DIR/build
new_tree() {
	rm -rf "$1"
	mkdir -p "$1/build"
	cp -a "$SRC" "$1/Python-$PV"
}

# configure from the build directory through a relative path, as OE's
# oe_runconf does: the compiler then sees relative source paths, the same in
# every tree, and GCC's per-function checksums (which include the source
# path) match between the instrumented build and the rebuild
configure_py() { # TREE PREFIX [ARGS]...
	local tree=$1 prefix=$2
	shift 2
	(cd "$tree/build" && "../Python-$PV/configure" --prefix="$prefix" \
		--enable-shared --without-ensurepip --with-system-expat \
		LDFLAGS="-Wl,-rpath,$prefix/lib" "$@")
}

# NAME: ./configure [ARGS] && make, in trees/NAME, installed in inst/NAME;
# the sums of python and libpython in times/NAME.sha256
build_plain() { # NAME [ARGS]...
	local name=$1 t=$W/trees/$1 log=$W/logs/$1.log s
	shift
	new_tree "$t"
	s=$(now)
	configure_py "$t" "$W/inst/$name" "$@" >"$log" 2>&1
	make -C "$t/build" -j"$JOBS" >>"$log" 2>&1
	since "$s" >"$W/times/$name-build"
	(cd "$t/build" && sha256sum python "libpython$XY.so.1.0") >"$W/times/$name.sha256"
	rm -rf "$W/inst/$name"
	make -C "$t/build" install >>"$log" 2>&1
	say "$name: built in $(cat "$W/times/$name-build") s"
}

# a plain ./configure && make
build_baseline() { build_plain baseline; }

# NAME: the plain build with -fno-semantic-interposition, as CPython's
# configure adds it to an --enable-shared build's CFLAGS_NODIST and
# LDFLAGS_NODIST with --enable-optimizations: the flag alone, no profile
build_nosi() {
	build_plain "$1" CFLAGS_NODIST=-fno-semantic-interposition \
		LDFLAGS_NODIST=-fno-semantic-interposition
	grep -q '^CONFIGURE_CFLAGS_NODIST=.*-fno-semantic-interposition' "$W/trees/$1/build/Makefile" ||
		die "$1: configure dropped -fno-semantic-interposition"
}

# configure regenerated after PATCH... as OE's autotools class does: by
# autoconf when it is the version configure.ac asks for or later; else
# (CPython 3.14 asks for 2.72, Debian 12 has 2.71) the configure.ac hunks of
# the patches are applied to configure, line for line, in order
regen_configure() { # TREE PATCH...
	local tree=$1 want have
	shift
	want=$(sed -n 's/^AC_PREREQ(\[\{0,1\}\([0-9.]*\).*/\1/p' "$tree/configure.ac")
	have=$(autoconf --version | sed -n '1s/.* \([0-9.]*\)$/\1/p')
	if [ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -n 1)" = "$want" ]; then
		(cd "$tree" && autoconf)
		return
	fi
	echo "autoconf $have is older than configure.ac's $want: patching configure"
	python3 - "$tree/configure" "$@" <<'PY'
import sys
conf = sys.argv[1]
text = open(conf).read()
for patch in sys.argv[2:]:
    inside, old, new = False, [], []
    pairs = []
    for line in open(patch):
        if line == '-- \n':
            break       # git format-patch's signature
        if line.startswith('diff --git'):
            inside = line.rstrip().endswith(' b/configure.ac')
        elif inside and line.startswith('-') and not line.startswith('---'):
            old.append(line[1:])
        elif inside and line.startswith('+') and not line.startswith('+++'):
            new.append(line[1:])
        elif old or new:
            pairs.append((''.join(old), ''.join(new)))
            old, new = [], []
    if old or new:
        pairs.append((''.join(old), ''.join(new)))
    # in file order, as configure keeps configure.ac's order: each change
    # at the first place after the one before
    pos = 0
    for a, b in pairs:
        i = text.find(a, pos)
        if i < 0:
            sys.exit('configure has no %r after offset %d' % (a, pos))
        text = text[:i] + b + text[i + len(a):]
        pos = i + len(b)
        print('configure: %r -> %r (offset %d)' % (a.strip(), b.strip(), i))
open(conf, 'w').write(text)
PY
}

# the python3-profile-opt recipe's build: its own patches (SRC_URI, after
# OE-core's on the pristine tree), its PGO_GEN_FLAGS on make's command line,
# installed in $PREFIX under $W/inst/instr-root
build_instr() {
	local t=$W/trees/instr recipe=recipes-devtools/python/python3-profile-opt_$PV.bb
	local flags p patches
	new_tree "$t"
	# the recipe's own patches (SRC_URI), then configure regenerated as
	# OE's autotools class does
	patches=$(recipe_var "$W/layer" "$recipe" SRC_URI | tr ' ' '\n' | sed -n 's|^file://\(.*\.patch\)$|\1|p')
	[ -n "$patches" ] || die "no patches in $recipe's SRC_URI"
	for p in $patches; do
		patch -d "$t/Python-$PV" -p1 -N --no-backup-if-mismatch <"$W/layer/recipes-devtools/python/python3-profile-opt/$p" \
			>>"$W/logs/instr.log" 2>&1 || die "$p does not apply"
	done
	local pp=()
	for p in $patches; do pp+=("$W/layer/recipes-devtools/python/python3-profile-opt/$p"); done
	regen_configure "$t/Python-$PV" "${pp[@]}" >>"$W/logs/instr.log" 2>&1 || die "configure not regenerated: see $W/logs/instr.log"
	flags=$(recipe_var "$W/layer" "$recipe" PGO_GEN_FLAGS "B=$t/build")
	echo "$flags" >"$W/instr-flags"
	say "instr: patches: $(echo $patches); flags: $flags"
	local s; s=$(now)
	configure_py "$t" "$PREFIX" >>"$W/logs/instr.log" 2>&1
	make -C "$t/build" -j"$JOBS" CFLAGS_NODIST="$flags" LDFLAGS_NODIST="$flags" >>"$W/logs/instr.log" 2>&1
	since "$s" >"$W/times/instr-build"
	# the install runs the instrumented python (compileall): its profile goes
	# to a scratch GCOV_PREFIX, never into a profile
	rm -rf "$W/inst/instr-root"
	GCOV_PREFIX=$W/trees/instr/install-gcda GCOV_PREFIX_STRIP=4 \
		make -C "$t/build" install DESTDIR="$W/inst/instr-root" >>"$W/logs/instr.log" 2>&1
	# 3.11.2's install forgets Lib/test/test_sqlite3 (TESTSUBDIRS)
	[ "$PV" != 3.11.2 ] || cp -a "$t/Python-$PV/Lib/test/test_sqlite3" "$W/inst/instr-root$PREFIX/lib/python3.11/test/"
	[ -e "$W/inst/instr-root$PREFIX/lib/libpython$XY-pgo.so.1.0" ] || die "no libpython$XY-pgo.so.1.0 installed"
	# the recipe's do_install:append (PGO_BUILD_RUNS): the script, and the
	# build's sources its runs read (PGO_BUILD_RUNS_SRC)
	p=$W/layer/recipes-devtools/python/python3-profile-opt/pgo-build-runs.py
	if [ -f "$p" ]; then
		install -D -m 0644 "$p" "$W/inst/instr-root$PREFIX/share/python-pgo/pgo-build-runs.py"
		for f in $(recipe_var "$W/layer" "$recipe" PGO_BUILD_RUNS_SRC); do
			[ ! -f "$t/Python-$PV/$f" ] ||
				install -D -m 0644 "$t/Python-$PV/$f" "$W/inst/instr-root$PREFIX/share/python-pgo/src/$f"
		done
	fi
	say "instr: built in $(cat "$W/times/instr-build") s"
}

# build_native NAME [CONFIGURE ARGS]: CPython's own --enable-optimizations
# (make profile-opt) in its steps, so that the task is timed alone; the task
# is run as upstream's 3.11 run_profile_task did (once, its status ignored:
# 3.13 and later stop the build when a training test fails, and a test that
# fails on this host says nothing of PGO)
build_native() {
	local name=$1 t=$W/trees/$1 s s2 log=$W/logs/$1.log
	shift
	new_tree "$t"
	s=$(now)
	configure_py "$t" "$W/inst/$name" --enable-optimizations "$@" >"$log" 2>&1
	make -C "$t/build" -j"$JOBS" profile-gen-stamp >>"$log" 2>&1
	s2=$(now)
	(cd "$t/build" && LD_LIBRARY_PATH=$t/build ./python -m test --pgo --timeout=1200) \
		>"$W/logs/$name-task.log" 2>&1 || true
	since "$s2" >"$W/times/$name-task"
	# a child the task started may outlive it, and writes its counts when it
	# exits: wait for it (120 checks, a second apart) before the profile is read
	local k=0 pids pd
	while :; do
		# (an if, not &&: the loop's status must not be its last test's under set -e)
		pids=$(for pd in /proc/[0-9]*; do
			if [ "$(readlink "$pd/exe" 2>/dev/null)" = "$t/build/python" ]; then echo "${pd#/proc/}"; fi
		done)
		[ -n "$pids" ] || break
		[ $k -lt 120 ] || die "$name: processes of the profile task still run: $(echo "$pids" | tr "\n" " ")"
		sleep 1
		k=$((k + 1))
	done
	ls "$t/build/Python/ceval.gcda" >/dev/null 2>&1 || die "$name: the profile task wrote no Python/ceval.gcda"
	# its profile, kept for bench/gcda-compare (the tree may go)
	(cd "$t/build" && find . -name '*.gcda' | LC_ALL=C sort | tar -cf "$W/profiles/$name.tar" -T -)
	make -C "$t/build" clean-retain-profile >>"$log" 2>&1
	touch "$t/build/profile-run-stamp"
	make -C "$t/build" -j"$JOBS" ${NATIVE_MAKE_ARG:+"$NATIVE_MAKE_ARG"} >>"$log" 2>&1
	since "$s" >"$W/times/$name-build"
	rm -rf "$W/inst/$name"
	make -C "$t/build" install >>"$log" 2>&1
	say "$name: built in $(cat "$W/times/$name-build") s, its profile task $(cat "$W/times/$name-task") s"
}

# the installed python inst/NAME runs with its own prefix and its own libpython
installed_ok() { # NAME
	local got
	got=$("$W/inst/$1/bin/python3" -I -c 'import sys
print(sys.prefix, [l.split()[-1] for l in open("/proc/self/maps") if "libpython" in l][0])')
	[ "$got" = "$W/inst/$1 $W/inst/$1/lib/libpython$XY.so.1.0" ] ||
		die "$1: the installed python runs with prefix and libpython '$got'"
}

# libpython$XY.so is a hard link to libpython$XY.so.1.0 (the Makefile's
# $(LN) -f), and make install copies it: after the library is replaced, the
# link must be made again
relink_libpython() { # BUILDDIR
	[ ! -e "$1/libpython$XY.so" ] || ln -f "$1/libpython$XY.so.1.0" "$1/libpython$XY.so"
}

# the image's own libpython (the instrumented one's, or the install's), not
# taken from this host
own_lib() { # SONAME
	case $1 in libpython"$XY"-pgo.so*|libpython3-pgo.so|libpython"$XY".so*) return 0 ;; esac
	return 1
}

# the test image plus the instrumented python of ROOT (a DESTDIR): a second
# cpio archive with $PREFIX and the shared libraries it needs (from this
# Debian 12 host, the same release as the image's packages), appended to the
# test image's initramfs (the kernel unpacks concatenated archives in order)
make_image() { # ROOT [DIR]   (DIR: default $W/image-py)
	local img=$W/image py=${2:-$W/image-py} root=$1
	need cpio readelf gzip
	sh "$top/tests/image/build-image.sh" "$img" >"$W/logs/image.log" 2>&1 || die "the test image does not build: see $W/logs/image.log"
	rm -rf "$py"
	mkdir -p "$py/tree/lib/x86_64-linux-gnu" "$py/deploy"
	cp -a "$root/opt" "$py/tree/"
	# a binary instrumented by llvm-bolt is left as it is: binutils' strip
	# moves its sections out of their segment and the result crashes
	local f
	for f in $(find "$py/tree$PREFIX" -name '*.so*' -type f) "$py/tree$PREFIX/bin/python$XY"; do
		readelf -W -S "$f" 2>/dev/null | grep -q '\.bolt\.instr\.counters' || strip --strip-debug "$f"
	done
	local lib have
	have=$(cd "$img/rootfs/lib/x86_64-linux-gnu" && ls)
	find "$py/tree$PREFIX" -type f \( -name '*.so*' -o -path '*/bin/*' \) -print0 |
		xargs -0 -r -n 1 readelf -d 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
		sort -u >"$py/needed"
	# and the libraries those need, to a fixpoint
	local n=0 m
	while :; do
		for lib in $(cat "$py/needed"); do
			! own_lib "$lib" || continue
			[ -e "/lib/x86_64-linux-gnu/$lib" ] || die "$lib is not on this host"
			readelf -d "/lib/x86_64-linux-gnu/$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
		done | cat - "$py/needed" | sort -u >"$py/needed.new"
		mv "$py/needed.new" "$py/needed"
		m=$(wc -l <"$py/needed")
		[ "$m" = "$n" ] && break
		n=$m
	done
	# libc6 must be the image's own version, or the image's libc and the
	# host's libm could disagree
	local hv iv
	hv=$(dpkg-query -W -f '${Version}' libc6)
	iv=$(dpkg-deb -f "$img"/pkgs/debs/libc6_*.deb Version)
	[ "$hv" = "$iv" ] || die "this host's libc6 $hv is not the image's $iv"
	for lib in $(cat "$py/needed"); do
		! own_lib "$lib" || continue
		printf '%s\n' $have | grep -qx "$lib" && continue
		cp -L "/lib/x86_64-linux-gnu/$lib" "$py/tree/lib/x86_64-linux-gnu/$lib"
	done
	# the profile directory the instrumented python writes to
	mkdir -p "$py/tree/var/lib/python-pgo/profile"
	find "$py/tree" -exec touch -h -d @0 {} +
	. "$img/image.env"
	local base; base=$(basename "$IMAGE_INITRD")
	cp -a "$IMAGE_DEPLOY_DIR/." "$py/deploy/"
	rm -f "$py/deploy/$base"
	{ cat "$IMAGE_INITRD"
	  (cd "$py/tree" && find . -mindepth 1 | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0 --reproducible) | gzip -1n
	} >"$py/deploy/$base"
	# room for the python tree in RAM (initramfs) and the tests' files
	sed -i -e 's/^qb_mem = .*/qb_mem = -m 3072/' "$py/deploy/"*.qemuboot.conf
	sed -e "s|$IMAGE_DEPLOY_DIR|$py/deploy|g" "$img/image.env" >"$py/image.env"
	say "image: $(du -h "$py/deploy/$base" | cut -f1) initramfs, $(wc -l <"$py/needed") libraries needed"
}

# the generated layers: the default one, one with PGO_LTO = 1 and one with
# PGO_LTO = 1 and PGO_BOLT = 1 (make_bolt_layer)
make_layers() {
	local lto
	BUILDDIR='' "$PGO_GEN" -T "$top/templates" -D PGO_PYTHON_PV="$PV" -o "$W/layer" >/dev/null
	BUILDDIR='' "$PGO_GEN" -T "$top/templates" -D PGO_PYTHON_PV="$PV" -D PGO_LTO=1 \
		-o "$W/layer-lto" >/dev/null
	# PACKAGECONFIG[lto] = "--with-lto,--without-lto" in OE-core's python3
	lto=$(recipe_var "$W/layer-lto" "$PY_BBAPPEND" PACKAGECONFIG)
	case " $lto " in *" lto "*) ;; *) die "the LTO layer does not set PACKAGECONFIG lto: '$lto'" ;; esac
	make_bolt_layer
}

# $W/layer-bolt: the layer with PGO_LTO = 1 and PGO_BOLT = 1, whose python3
# bbappend holds BOLT's flags and skip list and do_pgo_bolt's check
make_bolt_layer() {
	BUILDDIR='' "$PGO_GEN" -T "$top/templates" -D PGO_PYTHON_PV="$PV" -D PGO_LTO=1 -D PGO_BOLT=1 \
		-o "$W/layer-bolt" >/dev/null || die "pgo-gen: no layer with PGO_BOLT = 1"
}

# a variable of OE-core's configuration for MACHINE (default qemux86-64, the
# x86-64 guest of the native benches), as bblang reads OE-core's meta/conf
# (tests/data/real-data); empty when unset (pgo-gen vars prints !NONE)
oe_var() { # VAR
	(cd "$top/tests/data/real-data" && "$PGO_GEN" vars -I meta -D MACHINE="${MACHINE:-qemux86-64}" \
		-D BB_CURRENT_MC= -v "$1" meta/conf/bitbake.conf 2>/dev/null) | sed -n "/^$1	!NONE\$/d; s/^$1	//p"
}

# "TOTAL TASK" seconds of the pgo-run log LOG
run_times() {
	sed -n 's/^pgo-run: done: \([0-9.]*\)s in all, the task \([0-9.]*\)s$/\1 \2/p' "$1" | tail -n 1
}

# on_host ARGS: a task's arguments with the files it names under $PREFIX
# (the target's) taken from the instrumented install on this machine
on_host() { printf '%s' "${1//$PREFIX\//$W/inst/instr-root$PREFIX/}"; }

# run_local NAME TASK_ARGS: the task run by the instrumented build on this
# machine (pgo-run --target local): its time without emulation, which KVM
# approaches; the log is logs/NAME.log, the times times/NAME
run_local() {
	local name=$1 args b=$W/trees/instr/build
	args=$(on_host "$2")
	rm -rf "$W/local-profile" "$W/local-gcda"
	LD_LIBRARY_PATH=$b "$PGO_RUN" profile --target local --python "$b/python" --task "$args" \
		--remote-dir "$W/local-gcda" --gcov-prefix-strip 4 --toolchain gcc \
		--gcc-version "$(gcc -dumpfullversion)" --ok-status 0,2,3 --timeout 7200 --idle-timeout 1800 \
		--out "$W/local-profile" --log "$W/logs/$name.log" </dev/null ||
		die "pgo-run profile --target local ($name) failed: $(tail -n 1 "$W/logs/$name.log")"
	run_times "$W/logs/$name.log" >"$W/times/$name"
	rm -rf "$W/local-profile" "$W/local-gcda"
	say "$name: $(cat "$W/times/$name") (total, task s)"
}

# gather PROFILE_NAME TASK_ARGS [qemu|local]: pgo-run profile in QEMU (TCG
# here) with the image of make_image, or with local the image's installed
# instrumented python ($PREFIX from $W/inst/instr-root) on this machine
# (pgo-run --target local): the profile a target with KVM gives, in a
# fraction of TCG's time; the profile in $W/profiles/NAME, its archive beside
# it, the times in times/profile-NAME (local: times/local-profile-NAME)
gather() {
	local name=$1 args=$2 where=${3:-qemu} root=$W/inst/instr-root$PREFIX pyc='' vars=() target times what
	case $where in
	qemu)
		. "${IMAGE_PY:-$W/image-py}/image.env"
		target=(--target qemu --qemuboot "$IMAGE_QEMUBOOT" --accel auto
			--transport ssh --ssh-key "$IMAGE_SSH_KEY" --boot-marker "$IMAGE_MARKER"
			--python "$PREFIX/bin/python3" --remote-dir /var/lib/python-pgo/profile
			--timeout 14400 --machine qemux86-64 --image pgo-test-image-python)
		# a guest of SMP CPUs with the memory the layer gives it (PGO_PROFILE_MEM)
		[ -z "${SMP:-}" ] || target+=(--smp "$SMP" --qemu-append "-m $(recipe_var "$W/layer" \
			recipes-devtools/images/python3-pgo-image.bb PGO_PROFILE_MEM 2>/dev/null)")
		times=profile-$name what= ;;
	local)
		args=$(on_host "$args")
		# a pycache prefix in the task must start empty, as in a fresh guest
		pyc=$(printf '%s\n' $args | sed -n 's/^pycache_prefix=//p')
		rm -rf "$W/local-gcda" ${pyc:+"$pyc"}
		vars=("LD_LIBRARY_PATH=$root/lib")
		target=(--target local --python "$root/bin/python3" --remote-dir "$W/local-gcda"
			--timeout 7200)
		times=local-profile-$name what=" (this host)" ;;
	*) die "gather: no target '$where'" ;;
	esac
	env "${vars[@]}" "$PGO_RUN" profile "${target[@]}" --task "$args" --gcov-prefix-strip 4 \
		--toolchain gcc --gcc-version "$(gcc -dumpfullversion)" \
		--ok-status 0,2,3 --idle-timeout 1800 \
		--out "$W/profiles/$name" --archive "$W/profiles/$name.tar" \
		--log "$W/logs/profile-$name.log" </dev/null ||
		die "pgo-run profile$what for $name failed: $(tail -n 1 "$W/logs/profile-$name.log")"
	[ "$where" = qemu ] || rm -rf "$W/local-gcda" ${pyc:+"$pyc"}
	run_times "$W/logs/profile-$name.log" >"$W/times/$times"
	say "profile $name$what: $(cat "$W/times/$times") (total, task s); $(find "$W/profiles/$name" -maxdepth 1 -name '*.gcda' | wc -l) files"
}

# do_pgo_check of the generated python3 bbappend, run for real: the class's
# shell functions as bblang expands them for this build, with BitBake's
# logging functions
pgo_check() { # LAYER BUILDDIR PROFDIR LOG
	local layer=$1 b=$2 prof=$3 t
	t=$W/tmp-check/$(basename "$(dirname "$b")")  # one per tree: rebuilds may run side by side
	mkdir -p "$t"
	{
		layer_shell "$layer" "pgo_gcov_stamp pgo_check_gcc_profile" "B=$b" "T=$t" "CC=${CC_CHECK:-gcc}"
		echo "pgo_check_gcc_profile mangled '$prof'"
	} >"$t/run.do_pgo_check"
	sh "$t/run.do_pgo_check" >"$4" 2>&1
}

# layer_shell LAYER "FUNC..." [VAR=VALUE]...: BitBake's logging functions
# and the python3 bbappend's shell functions FUNC as bblang expands them
# (VAR=VALUE preset), for a script that then calls them
layer_shell() {
	local layer=$1 fns=$2 f
	shift 2
	echo 'bbnote() { echo "NOTE: $*"; }'
	echo 'bbwarn() { echo "WARNING: $*"; }'
	echo 'bbfatal() { echo "ERROR: $*"; exit 1; }'
	for f in $fns; do
		echo "$f() {"
		printf '%b\n' "$(recipe_var "$layer" "$PY_BBAPPEND" "$f" "$@")"
		echo "}"
	done
}

# a profile's file name for OBJECT (Python/ceval -> Python#ceval.gcda), as
# pgo-run installs it
gcda_name() { printf '%s.gcda' "$1" | sed 's|/|#|g'; }

# the core objects GCC built with profile data: for each Python/ Objects/
# Parser/ object, its .gcda is in the profile and the compiler did not say
# it found no profile for it (-Wmissing-profile names the file)
count_used() { # BUILDDIR LOG PROFDIR -> "used total"
	local b=$1 log=$2 prof=$3 used=0 total=0 obj gcda
	for obj in $(cd "$b" && find Python Objects Parser -name '*.o' | LC_ALL=C sort); do
		total=$((total + 1))
		gcda=$(gcda_name "${obj%.o}")
		[ -f "$prof/$gcda" ] || continue
		grep -q "${gcda%.gcda}\.gcda.*profile count data file not found" "$log" && continue
		used=$((used + 1))
	done
	echo "$used $total"
}

# no_mismatch WHAT LOG: GCC's coverage-mismatch diagnostics in LOG stop the run
no_mismatch() {
	local n; n=$(grep -c 'coverage-mismatch\|coverage mismatch' "$2" || true)
	[ "$n" = 0 ] || die "$1: $n coverage-mismatch diagnostics"
}

# gcda_sums B: the sums of the .gcda files under B, sorted by name
gcda_sums() { (cd "$1" && find . -name '*.gcda' | LC_ALL=C sort | xargs sha256sum); }

# oe_task_cmd B: the profile task OE-core's patch puts into B's Makefile
# (./pgo-wrapper ./python -m test.regrtest --pgo ...); status 1 without it
oe_task_cmd() {
	sed -n 's/^	\(\.\/pgo-wrapper \.\/python -m test\.regrtest --pgo .*\)$/\1/p' "$1/Makefile" | grep .
}

# oe_task NAME B: OE-core's profile task as make all runs it in B
# (profile-run-stamp; its clean-retain-profile keeps the .gcda): its log in
# logs/NAME-task.log, its time in times/NAME-task, the profile's sums in
# times/NAME.gcda.sha256 and the profile in profiles/NAME.tar; a failing task
# fails, as in do_compile
oe_task() {
	local name=$1 b=$2 s
	s=$(now)
	make -C "$b" profile-run-stamp >"$W/logs/$name-task.log" 2>&1 ||
		die "$name: the profile task failed (as do_compile would): $(tail -n 3 "$W/logs/$name-task.log" | tr '\n' ' ')"
	since "$s" >"$W/times/$name-task"
	[ -f "$b/Python/ceval.gcda" ] || die "$name: the profile task wrote no Python/ceval.gcda"
	gcda_sums "$b" >"$W/times/$name.gcda.sha256"
	(cd "$b" && find . -name '*.gcda' | LC_ALL=C sort | tar -cf "$W/profiles/$name.tar" -T -)
}

# rebuild_checks NAME LAYER BUILDDIR PROFDIR LOG: what a rebuild with a
# profile must show (rebuild, and bench/cpython-cross's): no coverage
# mismatch, do_pgo_check (its compiler CC_CHECK, default gcc), at least 90%
# of the core objects built with the profile; their count in times/used-NAME
rebuild_checks() {
	local name=$1 layer=$2 b=$3 prof=$4 log=$5
	no_mismatch "rebuild $name" "$log"
	pgo_check "$layer" "$b" "$prof" "$W/logs/pgo-check-$name.log" ||
		die "rebuild $name: do_pgo_check fails: $(tail -n 1 "$W/logs/pgo-check-$name.log")"
	say "rebuild $name: do_pgo_check: $(tail -n 1 "$W/logs/pgo-check-$name.log")"
	local used
	used=$(count_used "$b" "$log" "$prof")
	set -- $used
	echo "$1 $2" >"$W/times/used-$name"
	local pct=$(( $1 * 100 / $2 ))
	[ "$pct" -ge 90 ] || die "rebuild $name: only $1 of $2 core objects ($pct%) were built with the profile"
	local nf; nf=$(grep -c 'profile for function .* not found' "$log" || true)
	say "rebuild $name: $(cat "$W/times/rebuild-$name") s; $1 of $2 core objects built with the profile ($pct%); $nf functions without profile data"
}

# rebuild TREE_NAME LAYER PROFILE_NAME [CONFIGURE ARGS]: python3 rebuilt with
# a profile as the python3 bbappend does it (PGO_USE_FLAGS), in a tree and
# build directory of its own; do_pgo_check, no coverage mismatch, and at
# least 90% of the core objects built with the profile
rebuild() {
	local name=$1 layer=$2 prof=$W/profiles/$3 t=$W/trees/$1 flags log=$W/logs/rebuild-$1.log
	shift 3
	[ -e "$prof/pgo-manifest.xml" ] || die "no profile $prof"
	new_tree "$t"
	flags=$(recipe_var "$layer" "$PY_BBAPPEND" PGO_USE_FLAGS \
		"B=$t/build" "PGO_PROFILE_DIR=$prof")
	echo "$flags" >"$W/times/rebuild-$name-flags"
	local s; s=$(now)
	configure_py "$t" "$W/inst/$name" "$@" >"$log" 2>&1
	make -C "$t/build" -j"$JOBS" CFLAGS_NODIST="$flags" LDFLAGS_NODIST="$flags" >>"$log" 2>&1 ||
		die "rebuild $name failed: $(grep -m1 -E 'error|Error' "$log")"
	since "$s" >"$W/times/rebuild-$name"
	rm -rf "$W/inst/$name"
	make -C "$t/build" install >>"$log" 2>&1
	rebuild_checks "$name" "$layer" "$t/build" "$prof" "$log"
}

# BOLT (llvm-bolt, merge-fdata: Debian's bolt-19, run from its own directory)
BOLT_BIN=${BOLT_BIN:-/usr/lib/llvm-19/bin}

# bolt_flags: BOLT_COMMON_FLAGS and BOLT_APPLY_FLAGS as the PGO_BOLT layer's
# python3 bbappend sets them (PGO_BOLT_COMMON_FLAGS with its skip list
# PGO_BOLT_SKIP, PGO_BOLT_APPLY_FLAGS: CPython's, the same for ours as for
# native --enable-bolt) for MACHINE's TARGET_ARCH (default qemux86-64's) as
# OE-core's conf gives it; BOLT_COMMON_FLAGS or BOLT_APPLY_FLAGS from the
# environment override the layer's, as in local.conf
bolt_flags() {
	local arch defs=()
	[ -d "$W/layer-bolt" ] || make_bolt_layer
	arch=$(oe_var TARGET_ARCH)
	[ -n "$arch" ] || die "no TARGET_ARCH for MACHINE ${MACHINE:-qemux86-64} in OE-core's conf"
	defs+=("TARGET_ARCH=$arch")
	[ -z "${BOLT_COMMON_FLAGS:-}" ] || defs+=("PGO_BOLT_COMMON_FLAGS=$BOLT_COMMON_FLAGS")
	[ -z "${BOLT_APPLY_FLAGS:-}" ] || defs+=("PGO_BOLT_APPLY_FLAGS=$BOLT_APPLY_FLAGS")
	BOLT_COMMON_FLAGS=$(recipe_var "$W/layer-bolt" "$PY_BBAPPEND" PGO_BOLT_COMMON_FLAGS "${defs[@]}")
	BOLT_APPLY_FLAGS=$(recipe_var "$W/layer-bolt" "$PY_BBAPPEND" PGO_BOLT_APPLY_FLAGS "${defs[@]}")
	case $BOLT_COMMON_FLAGS in *-skip-funcs=?*) ;; *) die "the PGO_BOLT layer's PGO_BOLT_COMMON_FLAGS skip nothing: '$BOLT_COMMON_FLAGS'" ;; esac
}

# bolt_check BINARY LOG: do_pgo_bolt's check of a binary llvm-bolt rewrote
# (the layer's pgo_check_bolt: BOLT's note, and llvm-bolt's LOG giving
# profile to at least PGO_BOLT_COVERAGE_MIN percent of its functions); its
# NOTE or ERROR line on standard output, status 1 when it fails
bolt_check() {
	local t=$W/tmp-check/bolt-$$
	mkdir -p "$t"
	{
		layer_shell "$W/layer-bolt" pgo_check_bolt READELF=readelf
		echo 'pgo_check_bolt "$1" "$2"'
	} >"$t/run.pgo_check_bolt"
	sh "$t/run.pgo_check_bolt" "$1" "$2"
}

# native-bolt-I: CPython's own --enable-optimizations --with-lto
# --enable-bolt, llvm-bolt and merge-fdata found on PATH by configure; its
# BOLT task is make's (PROFILE_TASK, run by profile-bolt-stamp), a failing
# test not failing the build, as in the PGO task
build_native_bolt() { # NAME
	need "$BOLT_BIN/llvm-bolt" "$BOLT_BIN/merge-fdata"
	bolt_flags
	PATH=$BOLT_BIN:$PATH NATIVE_MAKE_ARG="PROFILE_TASK=-m test --pgo --timeout=1200 || true" \
		build_native "$1" --with-lto --enable-bolt "BOLT_COMMON_FLAGS=$BOLT_COMMON_FLAGS"
	local b=$W/trees/$1/build
	[ -f "$b/profile-bolt-stamp" ] || die "$1: make ran no BOLT step"
	# profile-bolt-stamp moves the rewritten libpython onto its name, but not
	# the hard link make install copies: if the old one was installed, link
	# it again and install
	if ! readelf -n "$W/inst/$1/lib/libpython$XY.so.1.0" | grep -q 'BOLT revision' &&
		readelf -n "$b/libpython$XY.so.1.0" | grep -q 'BOLT revision'; then
		say "$1: make install took the libpython from before BOLT (libpython$XY.so); installed again"
		relink_libpython "$b"
		rm -rf "$W/inst/$1"
		make -C "$b" install >>"$W/logs/$1.log" 2>&1
	fi
	readelf -n "$W/inst/$1/lib/libpython$XY.so.1.0" | grep -q 'BOLT revision' ||
		die "$1: the installed libpython has no BOLT note"
}

# the binaries BOLT rewrites in a build directory; libpython first, so that
# python stays newer than it and make install does not link python again
bolt_binaries() { echo "libpython$XY.so.1.0" python; }

# bolt_apply B FDATADIR LOG: each binary of build directory B rewritten
# from its .prebolt with FDATADIR/BIN.fdata (BOLT_APPLY_FLAGS), in B with the
# same relative names every time (BOLT's note records its command line);
# then checked by do_pgo_bolt's check (bolt_check) on llvm-bolt's output
# (LOG.BIN): llvm-bolt's lines on the share of functions with profile in
# LOG.coverage, the check's in LOG
bolt_apply() {
	local b=$1 fd=$2 log=$3 bin
	: >"$log"
	: >"$log.coverage"
	for bin in $(bolt_binaries); do
		cp "$fd/$bin.fdata" "$b/$bin.fdata"
		# shellcheck disable=SC2086 # flags are words
		(cd "$b" && "$BOLT_BIN/llvm-bolt" "$bin.prebolt" -o "$bin.bolt" -data="$bin.fdata" \
			$BOLT_APPLY_FLAGS) >"$log.$bin" 2>&1 || die "llvm-bolt on $b/$bin failed: $(tail -n 1 "$log.$bin")"
		bolt_check "$b/$bin.bolt" "$log.$bin" >>"$log" || die "$b/$bin: $(tail -n 1 "$log")"
		grep -E 'functions in the binary .* have non-empty execution profile' "$log.$bin" |
			sed 's/^BOLT-INFO: //' >>"$log.coverage"
		mv "$b/$bin.bolt" "$b/$bin"
	done
	relink_libpython "$b"
}

# rebuild_bolt NAME GCDA_PROFILE TASK: ours with BOLT on top of PGO and LTO,
# in the order the profile demands (BOLT's profile must come from the very
# binary it rewrites): python3 rebuilt from the GCC profile as the PGO_BOLT
# layer's bbappend does (its PGO_USE_FLAGS, with BOLT's: no hot/cold split by
# GCC, relocations kept), for the guest's prefix and a RUNPATH relative to
# the binary (the same bytes run in the guest and here);
# python and libpython instrumented by llvm-bolt to write under the task's
# remote directory; an image with that install; TASK in QEMU by pgo-run
# profile, which brings the .fdata back; merge-fdata per binary; llvm-bolt
# applies it to the pre-BOLT binaries; the result installed in inst/NAME
rebuild_bolt() {
	local name=$1 prof=$W/profiles/$2 args=$3 t=$W/trees/$1 flags b log=$W/logs/rebuild-$1.log
	local root=$W/inst/$1-root bin s
	need "$BOLT_BIN/llvm-bolt" "$BOLT_BIN/merge-fdata" readelf
	[ -e "$prof/pgo-manifest.xml" ] || die "no profile $prof"
	bolt_flags
	b=$t/build
	new_tree "$t"
	flags=$(recipe_var "$W/layer-bolt" "$PY_BBAPPEND" PGO_USE_FLAGS \
		"B=$b" "PGO_PROFILE_DIR=$prof")
	echo "$flags" >"$W/times/rebuild-$name-flags"
	s=$(now)
	# (\$$ in the Makefile is $ for the shell, which must not expand $ORIGIN)
	(cd "$b" && "../Python-$PV/configure" --prefix="$PREFIX" --enable-shared --without-ensurepip \
		--with-system-expat --with-lto LDFLAGS='-Wl,-rpath,\$$ORIGIN/../lib') >"$log" 2>&1
	make -C "$b" -j"$JOBS" CFLAGS_NODIST="$flags" LDFLAGS_NODIST="$flags" \
		>>"$log" 2>&1 || die "rebuild $name failed: $(grep -m1 -E 'error|Error' "$log")"
	since "$s" >"$W/times/rebuild-$name"
	rebuild_checks "$name" "$W/layer-bolt" "$b" "$prof" "$log"
	# the guest's install: the instrumented binaries, and the task's script
	# and sources from the instrumented python's install
	s=$(now)
	for bin in $(bolt_binaries); do
		cp "$b/$bin" "$b/$bin.prebolt"
		# shellcheck disable=SC2086
		"$BOLT_BIN/llvm-bolt" "$b/$bin" -instrument -instrumentation-file-append-pid \
			-instrumentation-file="/var/lib/python-pgo/profile/$bin" -o "$b/$bin.inst" \
			$BOLT_COMMON_FLAGS >>"$W/logs/bolt-$name.log" 2>&1 ||
			die "llvm-bolt -instrument on $bin failed: $(tail -n 1 "$W/logs/bolt-$name.log")"
	done
	rm -rf "$root"
	make -C "$b" install DESTDIR="$root" >>"$log" 2>&1
	cp "$b/python.inst" "$root$PREFIX/bin/python$XY"
	cp "$b/libpython$XY.so.1.0.inst" "$root$PREFIX/lib/libpython$XY.so.1.0"
	cp -a "$W/inst/instr-root$PREFIX/share/python-pgo" "$root$PREFIX/share/"
	make_image "$root" "$W/image-$name"
	IMAGE_PY=$W/image-$name gather "$name-bolt" "$args"
	rm -rf "$W/image-$name" "$root"
	# the profile: one .fdata per process and binary, merged per binary
	mkdir -p "$W/profiles/$name-bolt-merged"
	for bin in $(bolt_binaries); do
		ls "$W/profiles/$name-bolt/$bin".*.fdata >/dev/null 2>&1 || die "$name: no BOLT profile of $bin"
		"$BOLT_BIN/merge-fdata" "$W/profiles/$name-bolt/$bin".*.fdata \
			>"$W/profiles/$name-bolt-merged/$bin.fdata" 2>>"$W/logs/bolt-$name.log" ||
			die "merge-fdata for $bin failed"
	done
	bolt_apply "$b" "$W/profiles/$name-bolt-merged" "$W/logs/bolt-apply-$name.log"
	since "$s" >"$W/times/bolt-$name"
	sha256sum "$b/python" "$b/libpython$XY.so.1.0" | sed "s|$b/||" >"$W/times/$name.sha256"
	# installed in inst/NAME: the RUNPATH is relative, so the tree can move
	rm -rf "$W/inst/$name" "$W/tmp-bolt-install"
	make -C "$b" install DESTDIR="$W/tmp-bolt-install" >>"$log" 2>&1
	mv "$W/tmp-bolt-install$PREFIX" "$W/inst/$name"
	rm -rf "$W/tmp-bolt-install"
	cmp -s "$b/python" "$W/inst/$name/bin/python$XY" &&
		cmp -s "$b/libpython$XY.so.1.0" "$W/inst/$name/lib/libpython$XY.so.1.0" ||
		die "$name: the installed binaries are not the rewritten ones"
	installed_ok "$name"
	say "$name: BOLT in $(cat "$W/times/bolt-$name") s; $(tr '\n' ';' <"$W/logs/bolt-apply-$name.log.coverage")"
}

# the benchmark set (bench/pybench) over the interpreters $W/inst/NAME,
# interleaved; BENCH_ONLY (comma-separated) names a part of it
bench_run() { # OUT NAME...
	local out=$1 args=() name
	shift
	for name in "$@"; do
		[ -x "$W/inst/$name/bin/python3" ] || die "no interpreter $W/inst/$name/bin/python3"
		args+=("$name=$W/inst/$name/bin/python3")
	done
	"$W/inst/baseline/bin/python3" -I "$top/bench/pybench/harness.py" --reps "$REPS" \
		${BENCH_ONLY:+--only "$BENCH_ONLY"} --out "$out" "${args[@]}"
}

# run the STAGES given (or all of ALL) in order, each once (its stamp)
run_stages() { # "ALL" STAGE...
	local all=$1 st s stages
	shift
	stages=${*:-$all}
	for st in $stages; do
		case " $all " in *" $st "*) ;; *) die "no stage '$st' (stages: $all)" ;; esac
		if done_ "$st"; then say "$st: done before ($W/stamps/$st)"; continue; fi
		say "$st ..."
		s=$(now)
		trap 'say "error: stage $st failed (status $?); its logs are in $W/logs"' ERR
		"stage_${st//-/_}"
		trap - ERR
		stamp "$st"
		say "$st: $(since "$s") s"
	done
}
