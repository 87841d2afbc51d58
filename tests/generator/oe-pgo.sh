#!/bin/sh
# TAP: OE-core's own PGO (PACKAGECONFIG "pgo": --enable-optimizations, a few
# tests under qemu-user, qemu-native and qemu-usermode) stays off wherever
# meta-pgo's is on, even when a conf file turns it on: for python3 (target,
# also in the "pgo" multiconfig, where PGO_ENABLED is 0), python3-native and
# python3-profile-opt. The recipe is OE-core's PACKAGECONFIG lines in both of
# the forms its releases have had (tests/data/oe-pgo), the layer is generated
# with both PGO flows on; the values are read with pgo-gen vars.
set -u
: "${TEST_DATADIR:?}" "${PGO_GEN:?}"
top=$(cd "$TEST_DATADIR/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$(dirname "$0")/../tap.sh"
scratch_dir

layer=$tmp/meta-pgo
"$PGO_GEN" -T "$top/templates" -D PYTHON_NATIVE_PROFILE_OPT=1 -o "$layer" 2>"$tmp/err" || {
	echo "1..1"
	echo "not ok 1 - pgo-gen: $(cat "$tmp/err")"
	exit 1
}
pv=$(find "$layer/recipes-devtools/python" -name 'python3-profile-opt_*.bb' |
	sed 's/.*_\(.*\)\.bb$/\1/')
app="$layer/recipes-devtools/python/python3_%.bbappend"
opt="$layer/recipes-devtools/python/python3-profile-opt_$pv.bb"

# value VAR OVERRIDES [-D VAR=VALUE] FILE...: VAR, expanded, after the files in
# order, with both switches on (local.conf's PYTHON_PROFILE_OPT and
# PYTHON_NATIVE_PROFILE_OPT)
value() {
	var=$1 ovr=$2
	shift 2
	"$PGO_GEN" vars -C -I "$layer" -I "$tmp/oe" -O "$ovr" -D PV="$pv" -D PYTHON_PROFILE_OPT=1 \
		-D PYTHON_NATIVE_PROFILE_OPT=1 -v "$var" "$@" 2>/dev/null | sed -n "s/^$var\t//p"
}

# has_word LABEL VAR WORD WANT(has|lacks) OVERRIDES [-D VAR=VALUE] FILE...
has_word() {
	label=$1 var=$2 word=$3 want=$4
	shift 4
	got=$(value "$var" "$@")
	case " $got " in
	*" $word "*) has=has ;;
	*) has=lacks ;;
	esac
	if [ "$has" = "$want" ]; then
		ok "$label: $var $want $word"
	else
		not_ok "$label: $var $want $word (it is '$got')"
	fi
}

printf 'PACKAGECONFIG:append = " pgo"\n' >"$tmp/all.conf"
printf 'PACKAGECONFIG:append:class-target = " pgo"\nPACKAGECONFIG:append:class-native = " pgo"\n' \
	>"$tmp/class.conf"
: >"$tmp/none.conf"
for form in kirkstone wrynose; do
	mkdir -p "$tmp/oe/recipes-devtools/python"
	recipe=$tmp/oe/recipes-devtools/python/python3_$pv.bb
	cp "$TEST_DATADIR/oe-pgo/$form.bb" "$recipe"
	has_word "$form: OE-core alone, a conf turns pgo on" PACKAGECONFIG pgo has class-target \
		"$tmp/all.conf" "$recipe"
	for conf in all class; do
		for o in class-target class-native; do
			has_word "$form: python3 ($o), pgo turned on in $conf.conf" PACKAGECONFIG pgo \
				lacks "$o" "$tmp/$conf.conf" "$recipe" "$app"
		done
		has_word "$form: python3 in the pgo multiconfig (PGO_ENABLED 0), $conf.conf" \
			PACKAGECONFIG pgo lacks class-target -D PGO_ENABLED=0 "$tmp/$conf.conf" \
			"$recipe" "$app"
		has_word "$form: python3-profile-opt, pgo turned on in $conf.conf" PACKAGECONFIG pgo \
			lacks class-target "$tmp/$conf.conf" "$opt"
	done
	has_word "$form: python3, nothing turned on" PACKAGECONFIG gdbm has class-target \
		"$tmp/none.conf" "$recipe" "$app"
done

# the rest of OE-core's flow: its wrapper patch, --enable-optimizations
wrapper=0001-Makefile.pre-use-qemu-wrapper-when-gathering-profile.patch
printf 'SRC_URI = "file://a.patch file://%s"\n' "$wrapper" >"$tmp/src.bb"
has_word "python3-native" SRC_URI "file://$wrapper" lacks class-native "$tmp/src.bb" "$app"
has_word "python3-native" EXTRA_OECONF --enable-optimizations has class-native "$tmp/src.bb" "$app"
has_word "python3" EXTRA_OECONF --enable-optimizations lacks class-target "$tmp/all.conf" \
	"$recipe" "$app"
has_word "python3-profile-opt" EXTRA_OECONF --enable-optimizations lacks class-target \
	"$tmp/all.conf" "$opt"
# both switches off (unset in local.conf): OE-core's own PGO is left as a conf
# turned it on, for python3 and python3-native alike
for o in class-target class-native; do
	got=$("$PGO_GEN" vars -C -I "$layer" -I "$tmp/oe" -O "$o" -D PV="$pv" -v PACKAGECONFIG \
		"$tmp/all.conf" "$recipe" "$app" 2>/dev/null | sed -n "s/^PACKAGECONFIG\t//p")
	case " $got " in
	*" pgo "*) ok "switches off: python3 ($o): PACKAGECONFIG keeps pgo" ;;
	*) not_ok "switches off: python3 ($o): PACKAGECONFIG keeps pgo (it is '$got')" ;;
	esac
done
echo "1..$n"
[ "$failed" -eq 0 ]
