/*
 * libFuzzer target: an OE *.qemuboot.conf (runner/target/qemu.c)
 *
 * The input is the file's text, parsed by qemu_conf_parse() as
 * "DIR/fuzz.qemuboot.conf" (DIR an empty temporary directory, so kernel and
 * rootfs names resolve to nothing there), completed with
 * qemu_conf_defaults() and turned into a QEMU command line with qemu_argv()
 * both without and with the network and extra options.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/target/qemu.h"
#include "fuzz-util.h"

static char *path;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	path = fuzz_tmpfile("fuzz-qemuboot", "fuzz.qemuboot.conf");
	return 0;
}

static void
command_line(const struct qemu_conf *c, const struct qemu_opts *o)
{
	struct bb_strvec argv = BB_STRVEC_INIT;
	char *bin = qemu_binary(c, o);

	qemu_argv(c, o, &argv);
	bb_strvec_clear(&argv);
	free(bin);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct qemu_conf c = QEMU_CONF_INIT;
	struct qemu_opts plain = { NULL, QEMU_ACCEL_TCG, 0, NULL, NULL, 0 };
	struct qemu_opts net = { "/usr/bin", QEMU_ACCEL_KVM, 2222, "quiet",
				 "-device virtio-rng-pci", 2 };
	struct bb_error err = BB_ERROR_INIT;
	char *text = strndup((const char *)data, size);

	if (!text)
		abort();
	if (qemu_conf_parse(&c, text, path, fuzz_dir, &err) == 0) {
		qemu_conf_defaults(&c);
		command_line(&c, &plain);
		command_line(&c, &net);
	}
	bb_error_clear(&err);
	qemu_conf_release(&c);
	free(text);
	return 0;
}
