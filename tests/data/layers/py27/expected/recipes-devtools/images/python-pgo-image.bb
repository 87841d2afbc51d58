SUMMARY = "Minimal image that gathers the PGO profile of python on the target"
DESCRIPTION = "Boots in QEMU, runs PYTHON_PROFILE_TASK with the instrumented \
python-profile-opt and brings the profile back (bitbake python-pgo-image -c profile). \
python is then built with that profile."
LICENSE = "MIT"

# no python here: its do_compile may depend on this image's do_profile
IMAGE_INSTALL = "\
    packagegroup-core-boot \
    python-profile-opt \
    ${@bb.utils.contains('PYTHON_PROFILE_TASK', 'test', 'python-profile-opt-tests', '', d)} \
    ${CORE_IMAGE_EXTRA_INSTALL} \
"
IMAGE_LINGUAS = ""

inherit core-image python-pgo

# root logs in without a password: over ssh, or on the serial console
IMAGE_FEATURES += "debug-tweaks"
IMAGE_FEATURES += "ssh-server-dropbear"

# an uncompressed root filesystem QEMU can boot (-snapshot: it is never
# written), with room for the task's temporary files and the profile
IMAGE_FSTYPES += "ext4"
QB_DEFAULT_FSTYPE = "ext4"
IMAGE_ROOTFS_EXTRA_SPACE = "1048576"
QB_MEM = "-m 1024"

PGO_PROFILE_STAGE = "${WORKDIR}/pgo-profile"
PGO_ARCHIVE_STAGE = "${WORKDIR}/pgo-archive"

# a shell task, so that BitBake and the stand-alone "pgo-run task" run the same
# thing; every setting is given to pgo-run explicitly
do_profile() {
	pgo-run profile \
		--target qemu \
		--qemuboot ${DEPLOY_DIR_IMAGE}/${IMAGE_LINK_NAME}.qemuboot.conf \
		--qemu-bindir ${STAGING_BINDIR_NATIVE} \
		--accel auto \
		--transport ssh \
		--python ${PGO_PYTHON_PREFIX}/bin/python \
		--task "${PYTHON_PROFILE_TASK}" \
		--remote-dir ${PGO_TARGET_PROFILE_DIR} \
		--gcov-prefix-strip ${PGO_GCOV_PREFIX_STRIP} \
		--toolchain gcc \
		--gcc-version ${GCCVERSION} \
		--timeout ${PGO_PROFILE_TIMEOUT} \
		--out ${PGO_PROFILE_STAGE} \
		--archive ${PGO_ARCHIVE_STAGE}/${IMAGE_LINK_NAME}.pgo-profile.tar
}
do_profile[doc] = "Boots the image in QEMU, runs PYTHON_PROFILE_TASK with the instrumented python and installs the profile in PGO_PROFILE_DIR"
# the ssh transport forwards a port on 127.0.0.1 to the guest
do_profile[network] = "1"
do_profile[cleandirs] = "${PGO_PROFILE_STAGE} ${PGO_ARCHIVE_STAGE}"
do_profile[dirs] = "${WORKDIR}"
do_profile[depends] += "\
    pgo-run-native:do_populate_sysroot \
    qemu-native:do_populate_sysroot \
    virtual/kernel:do_deploy \
"
addtask profile after do_image_complete

# the profile is gathered once and then comes from sstate
SSTATETASKS += "do_profile"
do_profile[sstate-inputdirs] = "${PGO_PROFILE_STAGE} ${PGO_ARCHIVE_STAGE}"
do_profile[sstate-outputdirs] = "${PGO_PROFILE_DIR} ${DEPLOY_DIR_IMAGE}"

python do_profile_setscene() {
    sstate_setscene(d)
}
addtask do_profile_setscene
