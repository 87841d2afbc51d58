/*
 * qemu: an OE *.qemuboot.conf read into a struct, and the QEMU command line
 * pgo-run boots it with
 *
 * 1. qemu_conf_load() reads the [config_bsp] section (lower-case keys, as
 *    OE's qemuboot.bbclass writes it) and resolves the kernel and the root
 *    file system against deploy_dir_image (relative: against the directory
 *    of the file, symbolic links resolved). Or fill the struct by hand
 *    (QEMU_CONF_INIT holds the defaults) with an explicit kernel and rootfs.
 * 2. qemu_accel_resolve() turns "auto" into KVM or TCG (a self-test, below).
 * 3. qemu_argv() builds the command line: -nodefaults, -snapshot always, the
 *    kernel and an initramfs (cpio.gz) or a raw disk on virtio-blk, the
 *    serial console on QEMU's standard input and output, and for ssh the
 *    guest's port 22 forwarded from 127.0.0.1:PORT (restrict=on).
 */
#ifndef RUNNER_QEMU_H
#define RUNNER_QEMU_H

#include <stdbool.h>

#include "bblang/strvec.h"
#include "bblang/util.h"
#include "runner/target/target.h"

struct qemu_conf {
	char *system_name;		/* qb_system_name: qemu-system-x86_64 */
	char *machine, *cpu, *cpu_kvm;	/* option strings: "-machine q35", "-cpu max" */
	char *mem, *smp;		/* "-m 512", "-smp 1" */
	char *cmdline_append;		/* qb_kernel_cmdline_append */
	char *opt_append;		/* qb_opt_append: more QEMU options */
	char *serial_console;		/* "ttyS0,115200" from serial_consoles, or NULL */
	char *kernel_root;		/* qb_kernel_root: "/dev/vda" (root=/dev/vda rw) */
	char *rootfs_opt;		/* qb_rootfs_opt: the disk's QEMU options, @ROOTFS@ in them */
	char *kernel, *rootfs;		/* paths */
	char *fstype;			/* cpio.gz, ext4, ... */
	char *machine_name, *image;	/* machine, image_link_name (for the manifest) */
};

#define QEMU_CONF_INIT { NULL }

/* reads path; -1 with "path:line: message" in err */
int qemu_conf_load(struct qemu_conf *c, const char *path, struct bb_error *err);
/* parses text (the file's contents) with dir as the file's directory */
int qemu_conf_parse(struct qemu_conf *c, const char *text, const char *path, const char *dir,
	struct bb_error *err);
/* fills what is still unset with the defaults (an x86-64 q35 guest) */
void qemu_conf_defaults(struct qemu_conf *c);
void qemu_conf_release(struct qemu_conf *c);
/*
 * whether QEMU can boot the root file system as it is: -1 with the reason in
 * err for a compressed disk image (OE-core's QB_DEFAULT_FSTYPE default,
 * ext4.zst, which runqemu unpacks into a file first); an initramfs may be
 */
int qemu_conf_check(const struct qemu_conf *c, struct bb_error *err);

/* sets *field to a copy of value (freeing the old one) */
void qemu_conf_set(char **field, const char *value);

struct qemu_opts {
	const char *bindir;		/* where qemu-system-* is; NULL: PATH */
	enum qemu_accel accel;		/* TCG or KVM (resolved) */
	int ssh_port;			/* 0: no network */
	const char *kernel_append;	/* more kernel parameters, or NULL */
	const char *qemu_append;	/* more QEMU options (split into words), or NULL */
	int smp;			/* guest CPUs in place of QB_SMP's (0: QB_SMP's) */
};

/* appends the QEMU command line to argv */
void qemu_argv(const struct qemu_conf *c, const struct qemu_opts *o, struct bb_strvec *argv);
/* the QEMU binary: bindir/system_name, or system_name; caller frees */
char *qemu_binary(const struct qemu_conf *c, const struct qemu_opts *o);

/*
 * KVM or TCG for "auto": KVM only when /dev/kvm opens and a tiny x86 guest
 * (a BIOS image that counts to 64 million and writes to the serial port)
 * answers within timeout_ms; *why says why not (static string)
 */
enum qemu_accel qemu_accel_resolve(const struct qemu_conf *c, const struct qemu_opts *o,
	int timeout_ms, const char **why);

/* a free TCP port on 127.0.0.1 (QEMU may still lose a race for it), or -1 */
int qemu_free_port(void);

#endif
