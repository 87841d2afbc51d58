/* runner/target/qemu.c: the qemuboot.conf reader, the QEMU command line, a free port */
#include <stdlib.h>
#include <string.h>

#include "bblang/strvec.h"
#include "runner/target/qemu.h"
#include "tests/test-util.h"

/* the QEMU command line for c and o, its words joined by spaces; caller frees */
static char *
qemu_line(const struct qemu_conf *c, const struct qemu_opts *o)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *s;

	qemu_argv(c, o, &argv);
	s = test_join(&argv);
	bb_strvec_clear(&argv);
	return s;
}

/* c read from the qemuboot.conf text of the directory dir, the defaults applied */
static void
conf_from(struct qemu_conf *c, const char *text, const char *dir)
{
	struct bb_error err = BB_ERROR_INIT;

	assert_int_equal(qemu_conf_parse(c, text, "x.conf", dir, &err), 0);
	qemu_conf_defaults(c);
}

/* the QEMU command line for c and o holds each of the strings up to a NULL */
static void
line_holds(const struct qemu_conf *c, const struct qemu_opts *o, ...)
{
	char *s = qemu_line(c, o);
	const char *want;
	va_list ap;

	va_start(ap, o);
	while ((want = va_arg(ap, const char *)))
		if (!strstr(s, want))
			fail_msg("'%s' not in '%s'", want, s);
	va_end(ap);
	free(s);
}

static void
test_fixture(void **state)
{
	char *path = test_datapath("runner/pgo-test-image.qemuboot.conf"), *dir;
	struct qemu_conf c = QEMU_CONF_INIT;
	struct bb_error err = BB_ERROR_INIT;

	assert_int_equal(qemu_conf_load(&c, path, &err), 0);
	dir = strdup(path);
	*strrchr(dir, '/') = '\0';
	assert_string_equal(c.system_name, "qemu-system-x86_64");
	assert_string_equal(c.machine, "-machine q35,i8042=off");
	assert_string_equal(c.cpu, "-cpu max");
	assert_string_equal(c.cpu_kvm, "-cpu host");
	assert_string_equal(c.mem, "-m 512");
	assert_string_equal(c.smp, "-smp 1");
	assert_string_equal(c.cmdline_append, "console=ttyS0 quiet panic=-1");
	assert_string_equal(c.opt_append, "-no-reboot");
	assert_string_equal(c.serial_console, "ttyS0,115200");
	assert_string_equal(c.fstype, "cpio.gz");
	assert_string_equal(c.machine_name, "qemux86-64");
	assert_string_equal(c.image, "pgo-test-image-qemux86-64.rootfs");
	assert_true(!strncmp(c.kernel, dir, strlen(dir)));
	assert_string_equal(c.kernel + strlen(dir),
		"/bzImage-6.1.0-qemux86-64-20260101000000.bin");
	assert_string_equal(c.rootfs + strlen(dir), "/pgo-test-image-qemux86-64.rootfs.cpio.gz");
	qemu_conf_release(&c);
	free(dir);
	free(path);
}

static const char ext4_conf[] =
	"# a comment\n"
	"[config_bsp]\n"
	"deploy_dir_image = /no/such/dir\n"
	"image_link_name = core-image-minimal-qemuarm64\n"
	"QB_SYSTEM_NAME = qemu-system-aarch64\n"
	"qb_machine = -machine virt\n"
	"qb_cpu = -cpu cortex-a57\n"
	"qb_mem = -m 1024\n"
	"qb_default_kernel = Image\n"
	"qb_default_fstype = ext4\n"
	"qb_kernel_cmdline_append = swiotlb=0\n"
	"qb_opt_append = -device qemu-xhci\n"
	"  -device usb-kbd\n"
	"serial_consoles = 115200;ttyAMA0 115200;hvc0\n"
	"\n"
	"[other]\n"
	"qb_mem = -m 1\n";

static void
test_ext4_argv(void **state)
{
	struct qemu_conf c = QEMU_CONF_INIT;
	struct bb_error err = BB_ERROR_INIT;
	struct qemu_opts o = { "/opt/q,bin", QEMU_ACCEL_TCG, 0, "pgo.x=1", "-name t", 0 };
	char *s;

	assert_int_equal(qemu_conf_parse(&c, ext4_conf, "x.conf", "/d,e", &err), 0);
	assert_string_equal(c.kernel, "/d,e/Image");
	assert_string_equal(c.rootfs, "/d,e/core-image-minimal-qemuarm64.ext4");
	assert_string_equal(c.mem, "-m 1024");
	assert_string_equal(c.opt_append, "-device qemu-xhci -device usb-kbd");
	qemu_conf_defaults(&c);
	s = qemu_line(&c, &o);
	assert_string_equal(s, "/opt/q,bin/qemu-system-aarch64 -accel tcg -machine virt "
		"-cpu cortex-a57 -m 1024 -smp 1 -nodefaults -no-user-config -display none "
		"-snapshot -kernel /d,e/Image -append root=/dev/vda rw console=ttyAMA0,115200 "
		"swiotlb=0 pgo.x=1 -drive file=/d,,e/core-image-minimal-qemuarm64.ext4,"
		"if=virtio,format=raw -chardev stdio,id=pgo-serial,signal=off "
		"-serial chardev:pgo-serial -device qemu-xhci -device usb-kbd -name t");
	free(s);
	qemu_conf_release(&c);
}

static void
test_initramfs_ssh_kvm(void **state)
{
	char *path = test_datapath("runner/pgo-test-image.qemuboot.conf");
	struct qemu_conf c = QEMU_CONF_INIT;
	struct bb_error err = BB_ERROR_INIT;
	struct qemu_opts o = { NULL, QEMU_ACCEL_KVM, 2222, NULL, NULL, 0 };
	char *s;

	assert_int_equal(qemu_conf_load(&c, path, &err), 0);
	qemu_conf_set(&c.kernel, "/k");
	qemu_conf_set(&c.rootfs, "/r.cpio.gz");
	s = qemu_line(&c, &o);
	assert_string_equal(s, "qemu-system-x86_64 -accel kvm -machine q35,i8042=off "
		"-cpu host -m 512 -smp 1 -nodefaults -no-user-config -display none -snapshot "
		"-kernel /k -append console=ttyS0 quiet panic=-1 -initrd /r.cpio.gz "
		"-chardev stdio,id=pgo-serial,signal=off -serial chardev:pgo-serial "
		"-netdev user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:2222-:22 "
		"-device virtio-net-pci,netdev=net0,romfile= -no-reboot");
	free(s);
	qemu_conf_release(&c);
	free(path);
}

/*
 * runqemu's disk and root for an ext4 image: QB_ROOTFS_OPT with the image
 * (commas doubled) for @ROOTFS@, root=QB_KERNEL_ROOT with rw unless it says
 * ro or rw (qemuarm: virtio-mmio)
 */
static void
test_rootfs_opt(void **state)
{
	static const char conf[] =
		"[config_bsp]\n"
		"qb_system_name = qemu-system-arm\n"
		"qb_machine = -machine virt,highmem=off\n"
		"qb_default_kernel = zImage\n"
		"qb_default_fstype = ext4\n"
		"image_link_name = img\n"
		"qb_rootfs_opt = -drive id=disk0,file=@ROOTFS@,if=none,format=raw "
		"-device virtio-blk-device,drive=disk0\n"
		"qb_kernel_root = /dev/vda ro\n";
	struct qemu_conf c = QEMU_CONF_INIT;
	struct qemu_opts o = { NULL, QEMU_ACCEL_TCG, 0, NULL, NULL, 0 };

	conf_from(&c, conf, "/d,e");
	line_holds(&c, &o, " -append root=/dev/vda ro console=ttyS0,115200 -drive "
		"id=disk0,file=/d,,e/img.ext4,if=none,format=raw -device "
		"virtio-blk-device,drive=disk0 -chardev ", NULL);
	/* no QB_KERNEL_ROOT: runqemu's /dev/vda, rw */
	qemu_conf_set(&c.kernel_root, NULL);
	qemu_conf_defaults(&c);
	line_holds(&c, &o, " -append root=/dev/vda rw console=", NULL);
	qemu_conf_release(&c);
}

/* --smp N in place of QB_SMP's; under TCG one host thread per guest CPU */
static void
test_smp(void **state)
{
	struct qemu_conf c = QEMU_CONF_INIT;
	struct qemu_opts o = { NULL, QEMU_ACCEL_TCG, 0, NULL, NULL, 4 };

	conf_from(&c, ext4_conf, "/d");
	line_holds(&c, &o, "qemu-system-aarch64 -accel tcg,thread=multi -machine virt "
		"-cpu cortex-a57 -m 1024 -smp 4 -nodefaults ", NULL);
	o.accel = QEMU_ACCEL_KVM;
	o.smp = 2;
	line_holds(&c, &o, " -accel kvm -machine virt ", " -m 1024 -smp 2 -nodefaults ", NULL);
	/* one CPU asked: no MTTCG */
	o.accel = QEMU_ACCEL_TCG;
	o.smp = 1;
	line_holds(&c, &o, " -accel tcg -machine virt ", " -smp 1 ", NULL);
	qemu_conf_release(&c);
}

static void
test_defaults(void **state)
{
	struct qemu_conf c = QEMU_CONF_INIT;

	qemu_conf_set(&c.kernel, "/k");
	qemu_conf_set(&c.rootfs, "/r.ext4");
	qemu_conf_defaults(&c);
	assert_string_equal(c.system_name, "qemu-system-x86_64");
	assert_string_equal(c.fstype, "ext4");
	assert_string_equal(c.serial_console, "ttyS0,115200");
	qemu_conf_release(&c);
}

static void
test_errors(void **state)
{
	struct qemu_conf c = QEMU_CONF_INIT;
	struct bb_error err = BB_ERROR_INIT;

	assert_int_equal(qemu_conf_parse(&c, "[config_bsp]\nqb_mem -m 1\n", "q.conf", "/", &err),
		-1);
	assert_string_equal(err.msg, "q.conf:2: not a 'key = value' line");
	bb_error_clear(&err);
	assert_int_equal(qemu_conf_parse(&c, "qb_mem = 1\n", "q.conf", "/", &err), -1);
	assert_string_equal(err.msg, "q.conf:1: a line before [config_bsp]");
	bb_error_clear(&err);
	assert_int_equal(qemu_conf_parse(&c, "[x]\na = b\n", "q.conf", "/", &err), -1);
	assert_string_equal(err.msg, "q.conf: no [config_bsp] section");
	bb_error_clear(&err);
	assert_int_equal(qemu_conf_load(&c, "/no/such.qemuboot.conf", &err), -1);
	assert_string_equal(err.msg, "/no/such.qemuboot.conf: No such file or directory");
	bb_error_clear(&err);
	qemu_conf_release(&c);
}

/* a compressed disk image (OE-core's default ext4.zst) is refused; an initramfs is not */
static void
test_packed(void **state)
{
	static const char conf[] = "[config_bsp]\nimage_link_name = img\n"
		"qb_default_kernel = Image\nqb_default_fstype = ext4.zst\n";
	struct qemu_conf c = QEMU_CONF_INIT;
	struct bb_error err = BB_ERROR_INIT;

	assert_int_equal(qemu_conf_parse(&c, conf, "q.conf", "/d", &err), 0);
	qemu_conf_defaults(&c);
	assert_int_equal(qemu_conf_check(&c, &err), -1);
	assert_string_equal(err.msg, "/d/img.ext4.zst: a compressed disk image (.zst): QEMU boots "
		"a disk as it is, runqemu unpacks it first; build the image uncompressed "
		"(IMAGE_FSTYPES, QB_DEFAULT_FSTYPE without .zst)");
	bb_error_clear(&err);
	qemu_conf_set(&c.rootfs, "/d/img.ext4");
	qemu_conf_set(&c.fstype, "ext4");
	assert_int_equal(qemu_conf_check(&c, &err), 0);
	qemu_conf_set(&c.rootfs, "/d/img.cpio.gz");
	qemu_conf_set(&c.fstype, "cpio.gz");
	assert_int_equal(qemu_conf_check(&c, &err), 0);
	qemu_conf_set(&c.rootfs, "/d/img.ext4.xz");
	qemu_conf_set(&c.fstype, "ext4");
	assert_int_equal(qemu_conf_check(&c, &err), -1);
	bb_error_clear(&err);
	qemu_conf_release(&c);
}

static void
test_free_port(void **state)
{
	int p = qemu_free_port();

	assert_true(p > 0 && p < 65536);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_ext4_argv),
		cmocka_unit_test(test_initramfs_ssh_kvm),
		cmocka_unit_test(test_rootfs_opt),
		cmocka_unit_test(test_smp),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_packed),
		cmocka_unit_test(test_free_port),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
