# do_profile alone: not after do_image_complete (the image is the test
# image laid into DEPLOY_DIR_IMAGE), and none of its task dependencies
# (pgo-run-native, qemu-system-native, the kernel's do_deploy: pgo-run and
# qemu-system-x86_64 are linked into the recipe's native sysroot)
do_profile[deps] = ""
do_profile[depends] = ""
