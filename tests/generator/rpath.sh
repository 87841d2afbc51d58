#!/bin/sh
# TAP: how python3-profile-opt's interpreter finds its renamed libpython,
# without skipping a QA test. The recipe links with the RPATH its LDFLAGS
# give (XORIGIN/../${baselib}, read from meta-pgo/ and the Python 2.7 layer
# with bblang), and its pgo_rpath, run after do_install, puts $ORIGIN in
# place of XORIGIN where a file needs libpython and drops the RPATH
# elsewhere. Here a stand-in of the install (tests/image/demo.c as the
# interpreter, a libpython3.14-pgo.so.1.0 and the stable-ABI library that
# links it, an extension module that does not) is built with the host's gcc
# and those LDFLAGS under D/opt/python-pgo, pgo_rpath runs on it, and then:
# each file has the RPATH it needs and no other; the interpreter runs, also
# from a copy of the prefix elsewhere; and OE-core's own checks of
# insane.bbclass, package_qa_check_useless_rpaths and package_qa_check_rpath
# (the copy in tests/data/oe-meta, run by python3 with objdump -p as OE runs
# them), find nothing, where the RPATH the layer used to give (${libdir})
# makes useless-rpaths complain. No INSANE_SKIP in any layer names a test of
# OE-core's CHECKLAYER_REQUIRED_TESTS, which yocto-check-layer forbids to skip.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
layer=$top/meta-pgo
insane=$TEST_DATADIR/oe-meta/meta/classes-global/insane.bbclass
CC=${CC:-gcc}
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
scratch_dir

opt=$(cd "$layer" && ls recipes-devtools/python/python3-profile-opt_*.bb)
prefix=/opt/python-pgo
D=$tmp/image
lib=$D$prefix/lib

# var VAR [OPTION...]: VAR of python3-profile-opt, expanded by bblang
var() {
	v=$1
	shift
	"$PGO_GEN" vars -C -I "$layer" -D LDFLAGS= -D baselib=lib \
		-D 'libdir=${exec_prefix}/${baselib}' -D 'bindir=${exec_prefix}/bin' "$@" -v "$v" \
		"$layer/$opt" 2>/dev/null | cut -f2-
}

# rpath FILE: its RPATH or RUNPATH, "none" without one
rpath() {
	r=$(objdump -p "$1" | sed -n 's/^ *R[UN]*PATH *//p')
	echo "${r:-none}"
}

ldflags=$(var LDFLAGS)
case $ldflags in
*-Wl,-rpath,XORIGIN/../lib*) ok "LDFLAGS: the interpreter's RPATH, XORIGIN/../lib, as long as \$ORIGIN/../lib" ;;
*) not_ok "LDFLAGS: the interpreter's RPATH, XORIGIN/../lib (it is '$ldflags')" ;;
esac
py27=$TEST_DATADIR/layers/py27/expected
ldflags27=$("$PGO_GEN" vars -C -L -I "$py27" -D LDFLAGS= -D baselib=lib -v LDFLAGS \
	"$py27/recipes-devtools/python/python-profile-opt_2.7.18.bb" 2>/dev/null | cut -f2-)
case $ldflags27 in
*-Wl,-rpath,XORIGIN/../lib*) ok "python 2.7: the same RPATH in its LDFLAGS" ;;
*) not_ok "python 2.7: the same RPATH in its LDFLAGS (it is '$ldflags27')" ;;
esac
has_post=$("$PGO_GEN" vars -C -f -I "$layer" -v do_install "$layer/$opt" 2>/dev/null |
	sed -n 's/^do_install\[postfuncs\]\t//p')
case " $has_post " in
*" pgo_rpath "*) ok "pgo_rpath runs after do_install" ;;
*) not_ok "pgo_rpath runs after do_install (do_install[postfuncs] is '$has_post')" ;;
esac

# the stand-in install, linked as the recipe links
# shellcheck disable=SC2086 # LDFLAGS: words
build_install() {
	rm -rf "$D"
	mkdir -p "$D$prefix/bin" "$lib/python3.14/lib-dynload"
	printf 'int pgo_answer(void) { return 42; }\n' >"$tmp/lib.c"
	printf 'int pgo_answer(void);\nint main(void) { return pgo_answer() != 42; }\n' \
		>"$tmp/main.c"
	$CC -shared -fPIC -o "$lib/libpython3.14-pgo.so.1.0" -Wl,-soname,libpython3.14-pgo.so.1.0 \
		"$tmp/lib.c" $1 &&
		ln -sf libpython3.14-pgo.so.1.0 "$lib/libpython3.14-pgo.so" &&
		$CC -shared -o "$lib/libpython3-pgo.so" -Wl,-soname,libpython3-pgo.so \
			-Wl,--no-as-needed -L"$lib" -lpython3.14-pgo $1 &&
		$CC -o "$D$prefix/bin/python3.14" "$tmp/main.c" -L"$lib" -lpython3.14-pgo $1 &&
		ln -sf python3.14 "$D$prefix/bin/python3" &&
		$CC -shared -fPIC -o "$lib/python3.14/lib-dynload/_demo.so" \
			"$top/tests/image/demo.c" $1 &&
		printf '#!/bin/sh\n' >"$D$prefix/bin/python3.14-config"
}

# pgo_rpath as BitBake runs it, with bbfatal
run_rpath() {
	mkdir -p "$tmp/T"
	{
		echo 'bbfatal() { echo "ERROR: $*" >&2; exit 1; }'
		echo 'set -e'
		echo 'pgo_rpath() {'
		var pgo_rpath -D D="$D" -D T="$tmp/T" -D READELF=readelf |
			python3 -c 'import sys; print(sys.stdin.read().encode("latin-1").decode("unicode_escape"))'
		echo '}'
		echo pgo_rpath
	} >"$tmp/pgo_rpath.sh"
	sh "$tmp/pgo_rpath.sh" >"$tmp/log" 2>&1
}

# qa FILE...: OE-core's useless-rpaths and rpaths checks of insane.bbclass on
# each file, as do_package_qa runs them for package python3-profile-opt; one
# line per complaint
qa() {
	python3 - "$insane" "$prefix/lib" "$tmp/work" "$@" <<'EOF'
import os, re, subprocess, sys

insane, libdir, workdir = sys.argv[1:4]
text = open(insane).read()
ns = {'os': os}
for name in ('package_qa_check_useless_rpaths', 'package_qa_check_rpath'):
    m = re.search(r'^def %s\(.*?(?=^\S)' % name, text, re.M | re.S)
    exec(m.group(0), ns)

class Qa:
    @staticmethod
    def handle_error(test, msg, d):
        print('%s: %s' % (test, msg))

class Oe:
    qa = Qa

class D:
    values = {'libdir': libdir, 'base_libdir': '/lib', 'BASE_WORKDIR': workdir,
              'STAGING_DIR_TARGET': workdir + '/recipe-sysroot'}
    def getVar(self, name):
        return self.values[name]

class Elf:
    def __init__(self, path):
        self.path = path
    def run_objdump(self, opt, d):
        return subprocess.run(['objdump', opt, self.path], capture_output=True, text=True).stdout

ns['oe'] = Oe
ns['package_qa_clean_path'] = lambda path, d, name: path
for f in sys.argv[4:]:
    ns['package_qa_check_useless_rpaths'](f, 'python3-profile-opt', D(), Elf(f))
    ns['package_qa_check_rpath'](f, 'python3-profile-opt', D(), Elf(f))
EOF
}

elfs="bin/python3.14 lib/libpython3.14-pgo.so.1.0 lib/libpython3-pgo.so lib/python3.14/lib-dynload/_demo.so"

# the RPATH the layer gave before: useless-rpaths sees it (the check works)
if build_install "-Wl,-rpath,$prefix/lib"; then
	(cd "$D$prefix" && qa bin/python3.14) >"$tmp/qa"
	grep -q '^useless-rpaths: .*contains probably-redundant RPATH /opt/python-pgo/lib' "$tmp/qa"
	check $? "OE-core's useless-rpaths check flags an RPATH of \${libdir} (what INSANE_SKIP hid)"
else
	not_ok "the stand-in install links with the old RPATH"
fi

# shellcheck disable=SC2086
if build_install "$ldflags" && run_rpath; then
	ok "pgo_rpath runs on the stand-in install"
	is_rpath() {
		got=$(rpath "$D$prefix/$1")
		if [ "$got" = "$2" ]; then ok "$1: RPATH $2"; else not_ok "$1: RPATH $2 (it is $got)"; fi
	}
	is_rpath bin/python3.14 '$ORIGIN/../lib'
	is_rpath lib/libpython3-pgo.so '$ORIGIN/.'
	is_rpath lib/libpython3.14-pgo.so.1.0 none
	is_rpath lib/python3.14/lib-dynload/_demo.so none
	"$D$prefix/bin/python3" >"$tmp/run" 2>&1
	check $? "the interpreter finds libpython through its RPATH: runs (exit $?)"
	cp -a "$D$prefix" "$tmp/moved"
	"$tmp/moved/bin/python3.14" >"$tmp/run" 2>&1
	check $? "and from a copy of the prefix elsewhere"
	(cd "$D$prefix" && qa $elfs) >"$tmp/qa"
	if [ ! -s "$tmp/qa" ]; then
		ok "OE-core's useless-rpaths and rpaths checks find nothing ($(echo $elfs | wc -w) files)"
	else
		not_ok "OE-core's useless-rpaths and rpaths checks find nothing"
		diag "$tmp/qa"
	fi
else
	not_ok "pgo_rpath runs on the stand-in install"
	diag "$tmp/log"
fi

# a file that needs libpython too deep below the prefix for the placeholder
# to hold its path: the task fails, saying which
# shellcheck disable=SC2086
if build_install "$ldflags"; then
	deep=$lib/python3.14/site-packages/a/b
	mkdir -p "$deep"
	$CC -o "$deep/embed" "$tmp/main.c" -L"$lib" -lpython3.14-pgo $ldflags
	run_rpath
	rc=$?
	[ $rc = 1 ] && grep -q "ERROR: PGO: $prefix/lib/python3.14/site-packages/a/b/embed needs libpython, and its RPATH cannot hold \$ORIGIN/../../../.." "$tmp/log"
	check $? "a file too deep for the placeholder: the task fails, naming it (exit $rc)"
	[ $rc = 1 ] || diag "$tmp/log"
fi

# INSANE_SKIP in no layer names a required test
required=$("$PGO_GEN" vars -u -v CHECKLAYER_REQUIRED_TESTS "$insane" 2>/dev/null | cut -f2-)
[ "$(echo "$required" | wc -w)" -gt 30 ] && case " $required " in *" useless-rpaths "*) true ;;
	*) false ;; esac
check $? "OE-core's CHECKLAYER_REQUIRED_TESTS: $(echo "$required" | wc -w) tests, useless-rpaths among them"
bad=
for l in "$layer" "$TEST_DATADIR"/layers/*/expected; do
	legacy=
	[ -f "$l/../legacy-syntax" ] && legacy=-L
	for f in $(cd "$l" && find . -name '*.bb' -o -name '*.bbappend' -o -name '*.bbclass'); do
		# shellcheck disable=SC2086
		skips=$("$PGO_GEN" vars -C $legacy -u -k -I "$l" -D PYTHON_PROFILE_OPT=1 \
			-D PYTHON_NATIVE_PROFILE_OPT=1 -D PN=x "$l/$f" 2>/dev/null |
			awk -F'\t' '$1 ~ /^INSANE_SKIP/ { print $2 }')
		for t in $skips; do
			case " $required " in *" $t "*) bad="$bad $l/$f:$t" ;; esac
		done
	done
done
if [ -z "$bad" ]; then
	ok "no INSANE_SKIP of a required test, in meta-pgo/ and tests/data/layers/*/expected"
else
	not_ok "no INSANE_SKIP of a required test:$bad"
fi
grep -rl 'INSANE_SKIP' "$top/templates" >"$tmp/log"
[ ! -s "$tmp/log" ]
check $? "no INSANE_SKIP in the templates at all"
echo "1..$n"
[ "$failed" = 0 ]
