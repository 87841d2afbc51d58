#
# Copyright OpenEmbedded Contributors
#
# SPDX-License-Identifier: MIT
#

MIRRORS += "\
${YOCTO_MIRRORS} \
${DEBIAN_MIRROR}	http://snapshot.debian.org/archive/debian/20180310T215105Z/pool \
${DEBIAN_MIRROR}	http://snapshot.debian.org/archive/debian/20250101T023759Z/pool \
${DEBIAN_MIRROR}	http://snapshot.debian.org/archive/debian-archive/20120328T092752Z/debian/pool \
${DEBIAN_MIRROR}	http://snapshot.debian.org/archive/debian-archive/20110127T084257Z/debian/pool \
${DEBIAN_MIRROR}	http://snapshot.debian.org/archive/debian-archive/20090802T004153Z/debian/pool \
${GNU_MIRROR}	https://mirrors.edge.kernel.org/gnu \
${KERNELORG_MIRROR}	http://www.edge.kernel.org/pub \
${GNUPG_MIRROR}	ftp://ftp.gnupg.org/gcrypt \
${GNUPG_MIRROR}	ftp://ftp.franken.de/pub/crypt/mirror/ftp.gnupg.org/gcrypt \
${GNUPG_MIRROR}	ftp://mirrors.dotsrc.org/gcrypt \
ftp://dante.ctan.org/tex-archive ftp://ftp.fu-berlin.de/tex/CTAN \
ftp://dante.ctan.org/tex-archive http://sunsite.sut.ac.jp/pub/archives/ctan/ \
ftp://dante.ctan.org/tex-archive http://ctan.unsw.edu.au/ \
ftp://ftp.gnutls.org/gcrypt/gnutls ${GNUPG_MIRROR}/gnutls \
http://ftp.info-zip.org/pub/infozip/src/ ftp://sunsite.icm.edu.pl/pub/unix/archiving/info-zip/src/ \
http://www.mirrorservice.org/sites/lsof.itap.purdue.edu/pub/tools/unix/lsof/ http://www.mirrorservice.org/sites/lsof.itap.purdue.edu/pub/tools/unix/lsof/OLD/ \
${APACHE_MIRROR}  http://www.us.apache.org/dist \
${APACHE_MIRROR}  http://archive.apache.org/dist \
http://downloads.sourceforge.net/watchdog/ http://fossies.org/linux/misc/ \
${SAVANNAH_GNU_MIRROR} http://download-mirror.savannah.gnu.org/releases \
${SAVANNAH_NONGNU_MIRROR} http://download-mirror.savannah.nongnu.org/releases \
ftp://sourceware.org/pub http://mirrors.edge.kernel.org/sourceware \
ftp://sourceware.org/pub http://gd.tuwien.ac.at/gnu/sourceware \
ftp://sourceware.org/pub http://ftp.gwdg.de/pub/linux/sources.redhat.com/sourceware \
${CPAN_MIRROR}  https://cpan.metacpan.org/ \
"

# Having a way to disable the Yocto Project related mirrors for YP CI purposes is valuable.
YOCTO_MIRRORS ??= "\
svn://.*/.*     https://downloads.yoctoproject.org/mirror/sources/ \
git://.*/.*     https://downloads.yoctoproject.org/mirror/sources/ \
gitsm://.*/.*   https://downloads.yoctoproject.org/mirror/sources/ \
hg://.*/.*      https://downloads.yoctoproject.org/mirror/sources/ \
https?://.*/.*  https://downloads.yoctoproject.org/mirror/sources/ \
ftp://.*/.*     https://downloads.yoctoproject.org/mirror/sources/ \
npm://.*/?.*    https://downloads.yoctoproject.org/mirror/sources/ \
https?://downloads.yoctoproject.org/releases/uninative/ https://mirrors.edge.kernel.org/yocto/uninative/ \
https?://downloads.yoctoproject.org/mirror/sources/ https://mirrors.edge.kernel.org/yocto-sources/ \
"

# Use MIRRORS to provide git repo fallbacks using the https protocol, for cases
# where git native protocol fetches may fail due to local firewall rules, etc.

MIRRORS += "\
git://salsa.debian.org/.*     git://salsa.debian.org/PATH;protocol=https \
git://git.gnome.org/.*        git://gitlab.gnome.org/GNOME/PATH;protocol=https \
git://git.infradead.org/.*    git://git.infraroot.at/PATH;protocol=https \
git://.*/.*                   git://HOST/PATH;protocol=https \
git://.*/.*                   git://HOST/git/PATH;protocol=https \
"

# Switch llvm, glibc and binutils recipes to use shallow clones as they're large and this
# improves user experience whilst allowing the flexibility of git urls in the recipes
BB_GIT_SHALLOW:pn-binutils = "1"
BB_GIT_SHALLOW:pn-binutils-cross-${TARGET_ARCH} = "1"
BB_GIT_SHALLOW:pn-binutils-cross-canadian-${TRANSLATED_TARGET_ARCH} = "1"
BB_GIT_SHALLOW:pn-binutils-testsuite = "1"
BB_GIT_SHALLOW:pn-binutils-crosssdk-${SDK_SYS} = "1"
BB_GIT_SHALLOW:pn-binutils-native = "1"
BB_GIT_SHALLOW:pn-nativesdk-binutils = "1"

BB_GIT_SHALLOW:pn-cross-localedef-native = "1"
BB_GIT_SHALLOW:pn-glibc = "1"
BB_GIT_SHALLOW:pn-glibc-tests = "1"
PREMIRRORS += "git://sourceware.org/git/glibc.git https://downloads.yoctoproject.org/mirror/sources/ \
              git://sourceware.org/git/binutils-gdb.git https://downloads.yoctoproject.org/mirror/sources/"

BB_GIT_SHALLOW:pn-llvm = "1"
BB_GIT_SHALLOW:pn-llvm-native = "1"
BB_GIT_SHALLOW:pn-nativesdk-llvm = "1"
