SUMMARY = "Minimal image that gathers the PGO profile of python3 on the target"
DESCRIPTION = "Boots in QEMU, runs PYTHON_PROFILE_TASK with the instrumented \
python3-profile-opt and brings the profile back (bitbake \
mc:pgo:python3-pgo-image -c profile). python3 is then built with that profile."
LICENSE = "MIT"

# no python3 here: its do_compile may depend on this image's do_profile
IMAGE_INSTALL = "\
    packagegroup-core-boot \
    python3-profile-opt \
    ${@bb.utils.contains('PYTHON_PROFILE_TASK', 'test', 'python3-profile-opt-tests', '', d)} \
    ${CORE_IMAGE_EXTRA_INSTALL} \
"
# pgo-build-runs.py, which the default task starts with, reads pyconfig.h (-dev)
IMAGE_INSTALL += "${@'python3-profile-opt-dev' if 'pgo-build-runs.py' in d.getVar('PYTHON_PROFILE_TASK') else ''}"
IMAGE_LINGUAS = ""

# skipped until local.conf sets PYTHON_PROFILE_OPT = "1"
inherit pgo-switch
inherit core-image python-pgo

# built in the pgo multiconfig alone (conf/multiconfig/pgo.conf, which
# the layer adds to BBMULTICONFIG), where python3 is built
# without the profile: elsewhere the image's packages pull in python3
# itself, which is built with the profile this image gathers
python () {
    mc = d.getVar('PGO_MC')
    if d.getVar('PGO_ENABLED') == '1':
        raise bb.parse.SkipRecipe('it gathers the profile python3 is built with, so it is built in the "%s" multiconfig alone: bitbake mc:%s:%s -c profile' % (mc, mc, d.getVar('PN')))
}

# root logs in without a password: over ssh, or on the serial console
IMAGE_FEATURES += "allow-empty-password allow-root-login empty-root-password"
IMAGE_FEATURES += "ssh-server-dropbear"

# an uncompressed root filesystem QEMU can boot (-snapshot: it is never
# written), with room for the task's temporary files and the profile; set,
# not added to: the machine's other types (tar.zst, ext4.zst, ...) would be
# built for nothing
IMAGE_FSTYPES = "ext4"
QB_DEFAULT_FSTYPE = "ext4"
IMAGE_ROOTFS_EXTRA_SPACE = "1048576"
# the guest's memory and the profile task's parallelism: PGO_PROFILE_MEM and
# PGO_PROFILE_JOBS (classes/python-pgo.bbclass). Left out of do_profile's
# signature, as PARALLEL_MAKE is: the profile is gathered once and comes from
# sstate on another host however many it used
QB_MEM = "-m ${PGO_PROFILE_MEM}"
PGO_PROFILE_JOBS_ARGS = "${@' -j%s' % d.getVar('PGO_PROFILE_JOBS') if d.getVar('PGO_PROFILE_JOBS') != '1' and '-m test' in d.getVar('PYTHON_PROFILE_TASK') else ''}"

PGO_PROFILE_STAGE = "${WORKDIR}/pgo-profile"
PGO_ARCHIVE_STAGE = "${WORKDIR}/pgo-archive"

# Settings a conf file may give (the defaults are what BitBake needs here):
# the program do_profile runs on the target, with PYTHON_PROFILE_TASK as its
# arguments (another program must be instrumented the same way)
PGO_PROFILE_PROGRAM ??= "${PGO_PYTHON_PREFIX}/bin/python3"
# the private key pgo-run logs in with over ssh: PGO_SSH_KEY (python-pgo.bbclass)
# a line the image prints on its console once it is up; empty: none given
# (pgo-run then waits for ssh or the console shell to answer)
PGO_BOOT_MARKER ??= ""
# where pgo-run installs the profile: the sstate input directory, which sstate
# installs in PGO_PROFILE_DEPLOY_DIR (it removes the previous profile there
# before do_profile runs again). "pgo-run task" has no sstate: a conf for it
# sets PGO_PROFILE_OUT = "${PGO_PROFILE_DIR}" (pgo-run replaces it as a whole
# on success and leaves it as it was on failure)
PGO_PROFILE_OUT ??= "${PGO_PROFILE_STAGE}"

# a shell task, so that BitBake and the stand-alone "pgo-run task" run the same
# thing; every setting is given to pgo-run explicitly, the optional ones only
# when they are set
do_profile() {
	if ! command -v ssh >/dev/null 2>&1; then
		echo "ERROR: PGO: do_profile reaches the image over ssh, and this host has no ssh client: install one (Debian: openssh-client), or generate the layer with PGO_TRANSPORT = \"serial\"" >&2
		exit 1
	fi
	set --
	if [ -n "${PGO_SSH_KEY}" ]; then
		set -- "$@" --ssh-key "${PGO_SSH_KEY}"
	fi
	if [ -n "${PGO_BOOT_MARKER}" ]; then
		set -- "$@" --boot-marker "${PGO_BOOT_MARKER}"
	fi
	pgo-run profile \
		--target qemu \
		--qemuboot ${DEPLOY_DIR_IMAGE}/${IMAGE_LINK_NAME}.qemuboot.conf \
		--qemu-bindir ${STAGING_BINDIR_NATIVE} \
		--accel auto \
		--smp ${PGO_PROFILE_JOBS} \
		--transport ssh \
		"$@" \
		--python ${PGO_PROFILE_PROGRAM} \
		--task "${PYTHON_PROFILE_TASK}${PGO_PROFILE_JOBS_ARGS}" \
		--remote-dir ${PGO_TARGET_PROFILE_DIR} \
		--gcov-prefix-strip ${PGO_GCOV_PREFIX_STRIP} \
		--toolchain gcc \
		--gcc-version ${GCCVERSION} \
		--ok-status ${PYTHON_PROFILE_TASK_OK_STATUS} \
		--timeout ${PGO_PROFILE_TIMEOUT} \
		--idle-timeout ${PGO_PROFILE_IDLE_TIMEOUT} \
		--out ${PGO_PROFILE_OUT} \
		--archive ${PGO_ARCHIVE_STAGE}/${IMAGE_LINK_NAME}.pgo-profile.tar
}
do_profile[doc] = "Boots the image in QEMU, runs PYTHON_PROFILE_TASK with the instrumented python and installs the profile in PGO_PROFILE_DEPLOY_DIR (through sstate)"
# the ssh transport forwards a port on 127.0.0.1 to the guest
do_profile[network] = "1"
do_profile[cleandirs] = "${PGO_PROFILE_STAGE} ${PGO_ARCHIVE_STAGE}"
do_profile[dirs] = "${WORKDIR}"
# out of the signature too: the key only lets pgo-run in, it changes nothing
# of the profile, and its path is one host's (one profile serves every build
# directory and builder through sstate)
do_profile[vardepsexclude] += "PGO_PROFILE_JOBS PGO_PROFILE_JOBS_ARGS PGO_SSH_KEY"
do_profile[depends] += "\
    pgo-run-native:do_populate_sysroot \
    qemu-system-native:do_populate_sysroot \
    ${KERNEL_DEPLOY_DEPEND} \
"
addtask profile after do_image_complete

# the profile is gathered once and then comes from sstate
SSTATETASKS += "do_profile"
do_profile[sstate-inputdirs] = "${PGO_PROFILE_STAGE} ${PGO_ARCHIVE_STAGE}"
do_profile[sstate-outputdirs] = "${PGO_PROFILE_DEPLOY_DIR} ${DEPLOY_DIR_IMAGE}"

python do_profile_setscene() {
    sstate_setscene(d)
}
addtask do_profile_setscene
