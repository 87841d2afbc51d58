#!/bin/sh
# TAP: meta-pgo/ is exactly what pgo-gen writes for the default conf; every
# file of the layer parses with bblang; the variables that carry the PGO flow
# read back as they must.
set -u
PGO_GEN=${PGO_GEN:-./generator/pgo-gen}
top=$(cd "$(dirname "$0")/../.." && pwd)
layer=$top/meta-pgo
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"

# FILE VAR [OPTION...]: the recipe's line NAME<TAB>VALUE (a flag with
# NAME[flag]), unexpanded
value() {
	f=$1 v=$2
	shift 2
	"$PGO_GEN" vars -C -u -f -I "$layer" "$@" -v "${v%%\[*}" "$layer/$f" 2>/dev/null |
		awk -F'\t' -v k="$v" '$1 == k { print substr($0, length(k) + 2) }'
}

# FILE VAR WORD [OPTION...]: VAR of FILE contains WORD
has() {
	f=$1 v=$2 w=$3
	shift 3
	if value "$f" "$v" "$@" | grep -qF -- "$w"; then
		ok "$f: $v has '$w'${1:+ ($*)}"
	else
		not_ok "$f: $v has '$w'${1:+ ($*)} (it is '$(value "$f" "$v" "$@")')"
	fi
}

files=$(cd "$layer" && find . -type f \( -name '*.bb' -o -name '*.bbappend' -o \
	-name '*.bbclass' -o -name '*.conf' \) | sed 's|^\./||' | sort)
echo "1..$((1 + $(echo "$files" | wc -l) + 25))"

if out=$("$PGO_GEN" --check -T "$top/templates" -o "$layer" 2>&1); then
	ok "meta-pgo/ is pgo-gen's output for the default conf"
else
	not_ok "meta-pgo/ has drifted from pgo-gen's output (regenerate it: make update-layer)"
	echo "$out" | diag
fi

for f in $files; do
	if err=$("$PGO_GEN" vars -C -I "$layer" "$layer/$f" 2>&1 >/dev/null) &&
		! echo "$err" | grep -q ': error: '; then
		ok "$f parses"
	else
		not_ok "$f parses"
		echo "$err" | head -5 | diag
	fi
done

has conf/layer.conf BBFILE_COLLECTIONS meta-pgo
has conf/layer.conf LAYERDEPENDS_meta-pgo core
opt=recipes-devtools/python/python3-profile-opt_3.14.6.bb
has $opt PGO_GEN_FLAGS -fprofile-generate=
has $opt PGO_GEN_FLAGS '-fprofile-prefix-path=${B}'
has $opt SRC_URI 0002-rename-libpython-for-the-profile-instrumented-build.patch
# atomic counter updates on a 64-bit target, none on a 32-bit one; on
# AArch64 inline (no libgcc helper call per counter): SITEINFO_BITS,
# TARGET_ARCH (- for none) and the updates wanted
while read -r bits arch want; do
	set -- -D SITEINFO_BITS="$bits"
	[ "$arch" = - ] || set -- "$@" -D TARGET_ARCH="$arch"
	flags=$("$PGO_GEN" vars -C -I "$layer" "$@" -v PGO_GEN_FLAGS "$layer/$opt" 2>/dev/null |
		sed -n 's/^PGO_GEN_FLAGS	//p')
	case $flags in
	-fprofile-generate=*-fprofile-update=atomic*-mno-outline-atomics*) got=inline ;;
	-fprofile-generate=*-fprofile-update=atomic*) got=atomic ;;
	-fprofile-generate=*) got=single ;;
	*) got=none ;;
	esac
	if [ "$got" = "$want" ]; then
		ok "$opt: PGO_GEN_FLAGS with SITEINFO_BITS $bits, TARGET_ARCH $arch: $want updates"
	else
		not_ok "$opt: PGO_GEN_FLAGS with SITEINFO_BITS $bits, TARGET_ARCH $arch: $want updates (it is '$flags')"
	fi
done <<EOF_CASES
64 - atomic
32 - single
64 aarch64 inline
64 x86_64 atomic
64 arm atomic
EOF_CASES
img=recipes-devtools/images/python3-pgo-image.bb
has $img do_profile 'pgo-run profile'
has $img do_profile '--transport ssh'
has $img 'do_profile[depends]' pgo-run-native
has $img 'do_profile[task]' 1
has $img 'do_profile_setscene[task]' 1
has $img SSTATETASKS do_profile
has $img 'do_profile[sstate-outputdirs]' PGO_PROFILE_DEPLOY_DIR
# the profile task's parallelism: one guest CPU and test-runner worker per
# host core, at most one per 256 MiB of the guest; none with one
expanded() {
	"$PGO_GEN" vars -C -I "$layer" "$@" -v PGO_PROFILE_JOBS -v PGO_PROFILE_JOBS_ARGS \
		"$layer/$img" 2>/dev/null | awk -F'\t' '{ printf "%s=[%s] ", $1, $2 }'
}
jobs=$(nproc)
[ "$jobs" -gt 4 ] && jobs=4
args=" -j$jobs"
[ "$jobs" = 1 ] && args=
got=$(expanded)
[ "$got" = "PGO_PROFILE_JOBS=[$jobs] PGO_PROFILE_JOBS_ARGS=[$args] " ]
check $? "$img: PGO_PROFILE_JOBS from $(nproc) host cores, at most 4 for 1024 MiB: $got"
got=$(expanded -D PGO_PROFILE_MEM=256 -D PGO_PROFILE_TASK_TESTS=test_re)
[ "$got" = "PGO_PROFILE_JOBS=[1] PGO_PROFILE_JOBS_ARGS=[] " ]
check $? "$img: 256 MiB: one CPU, no -j: $got"
got=$(expanded -D PGO_PROFILE_JOBS=8 -D PYTHON_PROFILE_TASK=/opt/x.py)
[ "$got" = "PGO_PROFILE_JOBS=[8] PGO_PROFILE_JOBS_ARGS=[] " ]
check $? "$img: a task that is not Python's test runner gets no -j: $got"
# python3 with the switch on: the bbappend inherits python-pgo-target.bbclass
app='recipes-devtools/python/python3_%.bbappend'
has "$app" PGO_USE_FLAGS -fprofile-use= -D PYTHON_PROFILE_OPT=1
has "$app" PGO_USE_FLAGS -fprofile-correction -D PYTHON_PROFILE_OPT=1
has "$app" PGO_USE_FLAGS '-fprofile-prefix-path=${B}' -D PYTHON_PROFILE_OPT=1
has "$app" EXTRA_OEMAKE '${PGO_MAKE_FLAGS}' -D PYTHON_PROFILE_OPT=1 -O class-target
has "$app" do_pgo_check:class-target pgo_check_gcc_profile -D PYTHON_PROFILE_OPT=1
[ "$failed" = 0 ]
