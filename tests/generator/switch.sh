#!/bin/sh
# TAP: the switch. Adding the layer changes nothing until local.conf sets
# PYTHON_PROFILE_OPT = "1" (the target python) or PYTHON_NATIVE_PROFILE_OPT =
# "1" (python3-native); each changes its own variant of the python recipe
# alone. Read with bblang (pgo-gen vars), OE-core's python3 recipe of every
# release in tests/data/oe-python3, with and without the layer's bbappend,
# for the layers of tests/data/layers and meta-pgo/:
#   switches off: every variable and flag of python3, python3-native and
#     nativesdk-python3, expanded and not, equals OE-core's alone, and the
#     bbappend inherits nothing;
#   one switch on: every variable and flag the other variant had is as it
#     was (what is new there is unreferenced: PGO_* settings and functions);
#   the layer's own recipes are skipped while PYTHON_PROFILE_OPT is not "1",
#     saying why, and built once it is;
#   a flow pgo-gen left out of the layer stops the parse, saying what to do;
#   "pgo" is in BBMULTICONFIG once when on (conf/layer.conf inherits
#     classes/pgo-multiconfig.bbclass then), and off BBMULTICONFIG is not set.
# shellcheck disable=SC2016 # ${VAR} for BitBake, in single quotes
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
here=$top/tests/generator
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
scratch_dir

app='recipes-devtools/python/python3_%.bbappend'
layers="$top/meta-pgo $TEST_DATADIR/layers/all-on/expected $TEST_DATADIR/layers/clang-serial/expected"
"$PGO_GEN" -T "$top/templates" -D PYTHON_PROFILE_OPT=0 -o "$tmp/no-target" 2>"$tmp/log" ||
	{ echo "Bail out! pgo-gen -D PYTHON_PROFILE_OPT=0: $(cat "$tmp/log")"; exit 1; }

# dump LAYER OVERRIDES OUT [OPTION...] -- FILE...: every variable and flag
# bblang gives after the files (unexpanded in OUT.u, expanded in OUT.e),
# with the layer in BBPATH
dump() {
	dl=$1 dov=$2 dout=$3
	shift 3
	opts=
	while [ "$1" != -- ]; do opts="$opts $1"; shift; done
	shift
	# shellcheck disable=SC2086 # options: words without blanks
	"$PGO_GEN" vars -C -f -u -I "$dl" -O "$dov" -D PV=1 $opts "$@" >"$dout.u" 2>/dev/null &&
		"$PGO_GEN" vars -C -f -I "$dl" -O "$dov" -D PV=1 $opts "$@" >"$dout.e" 2>/dev/null
}

# kept A B: every line of A (a dump) is in B
kept() {
	sort "$1" >"$tmp/a" && sort "$2" >"$tmp/b" && [ -z "$(comm -23 "$tmp/a" "$tmp/b")" ]
}

echo "# switches off: OE-core's python3 as it is"
for l in $layers; do
	name=$(basename "$(dirname "$l")")
	[ "$l" = "$top/meta-pgo" ] && name=meta-pgo
	for recipe in "$TEST_DATADIR"/oe-python3/*/python3_*.bb; do
		rel=$(basename "$(dirname "$recipe")")
		same=yes
		for o in class-target class-native class-nativesdk; do
			dump "$l" "$o:linux" "$tmp/alone" -- "$recipe" &&
				dump "$l" "$o:linux" "$tmp/with" -- "$recipe" "$l/$app" &&
				cmp -s "$tmp/alone.u" "$tmp/with.u" && cmp -s "$tmp/alone.e" "$tmp/with.e" ||
				same="no ($o: $(diff "$tmp/alone.u" "$tmp/with.u" | grep '^[<>]' | head -3))"
		done
		is_same=$same
		if [ "$is_same" = yes ]; then
			ok "$name, OE-core $rel: python3, -native and nativesdk-: every variable and flag as OE-core's alone ($(wc -l <"$tmp/alone.u") lines)"
		else
			not_ok "$name, OE-core $rel: every variable and flag as OE-core's alone: $is_same"
		fi
	done
done
wrynose=$TEST_DATADIR/oe-python3/wrynose/python3_3.14.6.bb
dump "$top/meta-pgo" class-target "$tmp/off" -- "$wrynose" "$top/meta-pgo/$app"
grep -q 'python-pgo' "$tmp/off.u"
[ $? = 1 ] && ! grep -q '^__inherit_cache.*pgo' "$tmp/off.u"
check $? "switches off: the bbappend inherits no class of the layer"
dump "$top/meta-pgo" class-target "$tmp/zero" -D PYTHON_PROFILE_OPT=0 \
	-D PYTHON_NATIVE_PROFILE_OPT=0 -- "$wrynose" "$top/meta-pgo/$app"
for x in u e; do
	grep -v '^PYTHON_\(NATIVE_\)\{0,1\}PROFILE_OPT	' "$tmp/zero.$x" >"$tmp/zero-$x"
done
cmp -s "$tmp/zero-u" "$tmp/off.u" && cmp -s "$tmp/zero-e" "$tmp/off.e"
check $? "switches set to \"0\": the same as unset (the two settings aside)"

echo "# one switch on: the other variant as it was"
all=$TEST_DATADIR/layers/all-on/expected
for l in "$top/meta-pgo" "$all"; do
	name=meta-pgo
	[ "$l" = "$all" ] && name="all-on"
	dump "$l" class-native "$tmp/native-off" -- "$wrynose" "$l/$app"
	dump "$l" class-native "$tmp/native-t" -D PYTHON_PROFILE_OPT=1 -- "$wrynose" "$l/$app"
	kept "$tmp/native-off.u" "$tmp/native-t.u" && kept "$tmp/native-off.e" "$tmp/native-t.e"
	check $? "$name: PYTHON_PROFILE_OPT = 1: python3-native keeps every variable and flag"
	cut -f1 "$tmp/native-off.u" | sort >"$tmp/n0"
	cut -f1 "$tmp/native-t.u" | sort >"$tmp/n1"
	new=$(comm -13 "$tmp/n0" "$tmp/n1")
	bad=$(echo "$new" | grep -vE '^(PGO_|PYTHON_PROFILE_|PYTHON_PROFILE_OPT$|pgo_|do_pgo_check|EXTRA_OEMAKE:append:class-target|PACKAGE_PREPROCESS_FUNCS:prepend:class-target|PACKAGECONFIG:(remove|append):class-target|TOOLCHAIN:class-target)' | tr '\n' ' ')
	[ -z "$bad" ]
	check $? "$name: what it adds there is the layer's own or for class-target${bad:+: $bad}"
	dump "$l" class-target "$tmp/target-t" -D PYTHON_PROFILE_OPT=1 -- "$wrynose" "$l/$app"
	! kept "$tmp/native-off.u" "$tmp/target-t.u" && grep -q '^EXTRA_OEMAKE.*PGO_MAKE_FLAGS' "$tmp/target-t.u"
	check $? "$name: PYTHON_PROFILE_OPT = 1: python3 (target) is built with the profile"
done
dump "$all" class-target "$tmp/target-off" -- "$wrynose" "$all/$app"
dump "$all" class-target "$tmp/target-n" -D PYTHON_NATIVE_PROFILE_OPT=1 -- "$wrynose" "$all/$app"
kept "$tmp/target-off.u" "$tmp/target-n.u" && kept "$tmp/target-off.e" "$tmp/target-n.e"
check $? "all-on: PYTHON_NATIVE_PROFILE_OPT = 1: python3 (target) keeps every variable and flag"
dump "$all" class-native "$tmp/native-n" -D PYTHON_NATIVE_PROFILE_OPT=1 -- "$wrynose" "$all/$app"
grep -q '^EXTRA_OECONF	.*--enable-optimizations' "$tmp/native-n.e"
check $? "all-on: PYTHON_NATIVE_PROFILE_OPT = 1: python3-native runs make profile-opt"

echo "# the layer's own recipes: skipped until PYTHON_PROFILE_OPT is 1"
# shellcheck source=tests/generator/anon.sh
. "$here/anon.sh"
off='skip: meta-pgo is off: PYTHON_PROFILE_OPT = "1" in local.conf turns on PGO of python3, which this recipe serves'
l=$top/meta-pgo
for r in recipes-devtools/images/python3-pgo-image.bb \
	"$(cd "$l" && ls recipes-devtools/pgo-run/pgo-run-native_*.bb)" \
	"$(cd "$l" && ls recipes-devtools/python/python3-profile-opt_*.bb)"; do
	pn=$(basename "$r" .bb | sed 's/_.*//')
	got=$(anon "$l" "$l/conf/layer.conf" "$l/$r" -- -D PN="$pn")
	if [ "$got" = "$off" ]; then ok "$pn, switch unset: skipped, saying so"; else
		not_ok "$pn, switch unset: skipped, saying so: got '$got'"; fi
	got=$(anon "$l" "$l/conf/layer.conf" "$l/$r" -- -D PN="$pn" -D PYTHON_PROFILE_OPT=0)
	if [ "$got" = "$off" ]; then ok "$pn, switch \"0\": the same"; else
		not_ok "$pn, switch \"0\": the same: got '$got'"; fi
	got=$(anon "$l" "$l/conf/layer.conf" "$l/$r" -- -D PN="$pn" -D PYTHON_PROFILE_OPT=yes)
	want='skip: PYTHON_PROFILE_OPT is "yes": "1" turns on PGO of python3, which this recipe serves, "0" leaves it off'
	if [ "$got" = "$want" ]; then ok "$pn, switch \"yes\": skipped, naming the values"; else
		not_ok "$pn, switch \"yes\": skipped, naming the values: got '$got'"; fi
	got=$(anon "$l" "$l/conf/layer.conf" "$l/conf/multiconfig/pgo.conf" "$l/$r" -- -D PN="$pn" \
		-D PYTHON_PROFILE_OPT=1)
	case $got in
	skip:*) not_ok "$pn, switch on, in the pgo multiconfig: built: got '$got'" ;;
	*) ok "$pn, switch on, in the pgo multiconfig: built" ;;
	esac
	first=$("$PGO_GEN" vars -C -I "$l" -D PN="$pn" -v __BBANONFUNCS "$l/$r" 2>/dev/null |
		cut -f2 | cut -d' ' -f1)
	case $first in
	*pgo_switch*) ok "$pn: the switch's anonymous python runs first ($first)" ;;
	*) not_ok "$pn: the switch's anonymous python runs first (it is '$first')" ;;
	esac
done
py27=$TEST_DATADIR/layers/py27/expected
got=$(anon "$py27" "$py27/recipes-devtools/images/python-pgo-image.bb" -- -L -D PN=python-pgo-image)
case $got in
'skip: meta-pgo is off: PYTHON_PROFILE_OPT = "1" in local.conf turns on PGO of python, which this recipe serves')
	ok "python 2.7's image, switch unset: skipped, naming python" ;;
*) not_ok "python 2.7's image, switch unset: skipped, naming python: got '$got'" ;;
esac

echo "# a flow pgo-gen left out stops the parse, saying what to do"
got=$(anon "$top/meta-pgo" "$top/meta-pgo/$app" -- -O class-native \
	-D PYTHON_NATIVE_PROFILE_OPT=1)
is_native='fatal: PYTHON_NATIVE_PROFILE_OPT is "1", and this meta-pgo was generated without PGO of python3-native: run pgo-gen again with PYTHON_NATIVE_PROFILE_OPT = "1" in local.conf'
if [ "$got" = "$is_native" ]; then ok "meta-pgo (no native PGO), PYTHON_NATIVE_PROFILE_OPT = 1: the error"
else not_ok "meta-pgo (no native PGO), PYTHON_NATIVE_PROFILE_OPT = 1: the error: got '$got'"; fi
got=$(anon "$tmp/no-target" "$tmp/no-target/$app" -- -O class-target \
	-D PYTHON_PROFILE_OPT=1)
want='fatal: PYTHON_PROFILE_OPT is "1", and this meta-pgo was generated without PGO of the target python3: run pgo-gen again with PYTHON_PROFILE_OPT = "1" in local.conf'
if [ "$got" = "$want" ]; then ok "a layer without target PGO, PYTHON_PROFILE_OPT = 1: the error"
else not_ok "a layer without target PGO, PYTHON_PROFILE_OPT = 1: the error: got '$got'"; fi
[ ! -e "$tmp/no-target/conf/multiconfig/pgo.conf" ] &&
	! grep -q BBMULTICONFIG "$tmp/no-target/conf/layer.conf" &&
	! ls "$tmp/no-target/recipes-devtools/images" >/dev/null 2>&1
check $? "a layer without target PGO: no multiconfig, no image, nothing added to BBMULTICONFIG"

echo "# BBMULTICONFIG"
l=$top/meta-pgo
# mc CONF-LINES: BBMULTICONFIG as the cooker reads it: layer.conf, a
# local.conf of those lines, then the classes of INHERIT the layer has
mc() {
	printf '%s\n' "$1" >"$tmp/local.conf"
	set -- "$l/conf/layer.conf" "$tmp/local.conf"
	for c in $("$PGO_GEN" vars -D LAYERDIR="$l" -v INHERIT "$@" 2>/dev/null | cut -f2-); do
		[ -f "$l/classes/$c.bbclass" ] && set -- "$@" "$l/classes/$c.bbclass"
	done
	"$PGO_GEN" vars -D LAYERDIR="$l" -v BBMULTICONFIG "$@" 2>/dev/null | cut -f2- |
		sed 's/^!NONE$/(unset)/' | xargs
}
mcis() {
	got=$(mc "$2")
	if [ "$got" = "$3" ]; then ok "$1: '$3'"; else not_ok "$1: '$3' (it is '$got')"; fi
}
mcis "off" "" "(unset)"
mcis "off, the user's own" 'BBMULTICONFIG = "a"' a
mcis "on" 'PYTHON_PROFILE_OPT = "1"' pgo
mcis "on, BBMULTICONFIG = \"pgo\" too: once" 'PYTHON_PROFILE_OPT = "1"
BBMULTICONFIG = "pgo"' pgo
mcis "on, BBMULTICONFIG += \"a pgo b\": once" 'PYTHON_PROFILE_OPT = "1"
BBMULTICONFIG += "a pgo b"' "a pgo b"
mcis "on, the user's own kept" 'PYTHON_PROFILE_OPT = "1"
BBMULTICONFIG = "a"' "a pgo"
mcis "on, PGO_BBMULTICONFIG = \"\": left alone" 'PYTHON_PROFILE_OPT = "1"
PGO_BBMULTICONFIG = ""' ""
# off, the raw values: BBMULTICONFIG untouched, INHERIT's append empty
printf '' >"$tmp/local.conf"
"$PGO_GEN" vars -u -D LAYERDIR="$l" -v BBMULTICONFIG "$l/conf/layer.conf" "$tmp/local.conf" \
	>"$tmp/raw" 2>/dev/null
is_raw=$(cut -f2- "$tmp/raw")
[ "$is_raw" = '!NONE' ]
check $? "off: BBMULTICONFIG not even set (unexpanded: '$is_raw'), as without the layer"
inh=$("$PGO_GEN" vars -D LAYERDIR="$l" -D INHERIT=x -v INHERIT "$l/conf/layer.conf" \
	"$tmp/local.conf" 2>/dev/null | cut -f2-)
[ "$inh" = x ]
check $? "off: INHERIT as it was ('$inh')"
echo "1..$n"
[ "$failed" = 0 ]
