/*
 * runner/qemu.c: the qemuboot.conf reader and the QEMU command line; and the
 * small pieces of the other transports (runner/console.c, runner/ssh.c)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/strvec.h"
#include "runner/console.h"
#include "runner/qemu.h"
#include "runner/ssh.h"
#include "tests/test-util.h"

/* the words of argv joined by spaces; caller frees */
static char *
joined(const struct bb_strvec *argv)
{
	struct bb_buf b = BB_BUF_INIT;

	for (size_t i = 0; i < argv->n; i++)
		bb_buf_addf(&b, "%s%s", i ? " " : "", argv->v[i]);
	return bb_buf_detach(&b);
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
	struct qemu_opts o = { "/opt/q,bin", QEMU_ACCEL_TCG, 0, "pgo.x=1", "-name t" };
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *s;

	assert_int_equal(qemu_conf_parse(&c, ext4_conf, "x.conf", "/d,e", &err), 0);
	assert_string_equal(c.kernel, "/d,e/Image");
	assert_string_equal(c.rootfs, "/d,e/core-image-minimal-qemuarm64.ext4");
	assert_string_equal(c.mem, "-m 1024");
	assert_string_equal(c.opt_append, "-device qemu-xhci -device usb-kbd");
	qemu_conf_defaults(&c);
	qemu_argv(&c, &o, &argv);
	s = joined(&argv);
	assert_string_equal(s, "/opt/q,bin/qemu-system-aarch64 -accel tcg -machine virt "
		"-cpu cortex-a57 -m 1024 -smp 1 -nodefaults -no-user-config -display none "
		"-snapshot -kernel /d,e/Image -append root=/dev/vda rw console=ttyAMA0,115200 "
		"swiotlb=0 pgo.x=1 -drive file=/d,,e/core-image-minimal-qemuarm64.ext4,"
		"if=virtio,format=raw -chardev stdio,id=pgo-serial,signal=off "
		"-serial chardev:pgo-serial -device qemu-xhci -device usb-kbd -name t");
	free(s);
	bb_strvec_clear(&argv);
	qemu_conf_release(&c);
}

static void
test_initramfs_ssh_kvm(void **state)
{
	char *path = test_datapath("runner/pgo-test-image.qemuboot.conf");
	struct qemu_conf c = QEMU_CONF_INIT;
	struct bb_error err = BB_ERROR_INIT;
	struct qemu_opts o = { NULL, QEMU_ACCEL_KVM, 2222, NULL, NULL };
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *s;

	assert_int_equal(qemu_conf_load(&c, path, &err), 0);
	qemu_conf_set(&c.kernel, "/k");
	qemu_conf_set(&c.rootfs, "/r.cpio.gz");
	qemu_argv(&c, &o, &argv);
	s = joined(&argv);
	assert_string_equal(s, "qemu-system-x86_64 -accel kvm -machine q35,i8042=off "
		"-cpu host -m 512 -smp 1 -nodefaults -no-user-config -display none -snapshot "
		"-kernel /k -append console=ttyS0 quiet panic=-1 -initrd /r.cpio.gz "
		"-chardev stdio,id=pgo-serial,signal=off -serial chardev:pgo-serial "
		"-netdev user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:2222-:22 "
		"-device virtio-net-pci,netdev=net0,romfile= -no-reboot");
	free(s);
	bb_strvec_clear(&argv);
	qemu_conf_release(&c);
	free(path);
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

static void
test_free_port(void **state)
{
	int p = qemu_free_port();

	assert_true(p > 0 && p < 65536);
}

struct got {
	struct bb_strvec lines;
};

static void
on_line(void *ctx, const char *line)
{
	bb_strvec_pushdup(&((struct got *)ctx)->lines, line);
}

static void
test_console_lines(void **state)
{
	struct got g = { BB_STRVEC_INIT };
	struct console_lines l = { BB_BUF_INIT, on_line, &g };

	console_lines_feed(&l, "a\r\nb", 4);
	console_lines_feed(&l, "c\n\x1b[6nd\n\ne", 10);
	console_lines_flush(&l);
	assert_int_equal(g.lines.n, 5);
	assert_string_equal(g.lines.v[0], "a");
	assert_string_equal(g.lines.v[1], "bc");
	assert_string_equal(g.lines.v[2], "[6nd");
	assert_string_equal(g.lines.v[3], "");
	assert_string_equal(g.lines.v[4], "e");
	console_lines_release(&l);
	bb_strvec_clear(&g.lines);
}

static void
test_console_markers(void **state)
{
	char *m = console_marker("RC", "n1"), *cmd = console_marker_cmd("RC", "n1");
	char *run = console_run_cmd("true", "n1"), *tar = console_tar_cmd("/t'x", "n1");
	const char *rest;

	assert_string_equal(m, "PGO-RC-42-n1");
	assert_string_equal(cmd, "echo PGO-RC-$((40+2))-n1");
	/* the echo of the typed command never holds the marker */
	assert_false(console_has_marker(run, m, NULL));
	assert_true(console_has_marker("/ # PGO-RC-42-n1-3", m, &rest));
	assert_string_equal(rest, "-3");
	assert_string_equal(run, "stty -echo 2>/dev/null; dmesg -n 1 2>/dev/null; "
		"echo PGO-RUN-$((40+2))-n1; ( true ) </dev/null 2>&1; echo PGO-RC-$((40+2))-n1-$?");
	assert_string_equal(tar, "echo PGO-TAR-$((40+2))-n1; tar c -C '/t'\\''x' . 2>/dev/null "
		"| base64; echo PGO-END-$((40+2))-n1");
	free(m);
	free(cmd);
	free(run);
	free(tar);
}

static void
test_base64(void **state)
{
	struct console_b64 d = { 0, 0, false };
	struct bb_buf out = BB_BUF_INIT;

	assert_true(console_b64_decode(&d, "aGVsbG8g", &out));
	assert_true(console_b64_decode(&d, "d29y bGQ=", &out));
	assert_int_equal(out.len, 11);
	assert_memory_equal(out.buf, "hello world", 11);
	assert_false(console_b64_decode(&d, "[ 1.2] kernel", &out));
	assert_true(d.bad);
	bb_buf_release(&out);
}

static void
test_ssh_argv(void **state)
{
	struct ssh_opts o = { NULL, "127.0.0.1", NULL, 2222, "/k/id", 7 };
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *s, *q = ssh_quote("it's");

	ssh_argv(&o, "true", &argv);
	s = joined(&argv);
	assert_string_equal(s, "ssh -o BatchMode=yes -o StrictHostKeyChecking=no "
		"-o UserKnownHostsFile=/dev/null -o GlobalKnownHostsFile=/dev/null "
		"-o LogLevel=ERROR -o ServerAliveInterval=5 -o ServerAliveCountMax=6 -T "
		"-o ConnectTimeout=7 -o IdentitiesOnly=yes -i /k/id -p 2222 root@127.0.0.1 -- true");
	assert_string_equal(q, "'it'\\''s'");
	free(q);
	free(s);
	bb_strvec_clear(&argv);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_ext4_argv),
		cmocka_unit_test(test_initramfs_ssh_kvm),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_free_port),
		cmocka_unit_test(test_console_lines),
		cmocka_unit_test(test_console_markers),
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_ssh_argv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
