/* qemuboot.conf, the QEMU command line, and the KVM self-test */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "common/fe.h"
#include "runner/proc.h"
#include "runner/target/qemu.h"

const char *const qemu_accel_names[] = { "auto", "tcg", "kvm", NULL };

struct raw {
	const char *key;
	char *value;
};

/* the [config_bsp] keys pgo-run reads */
enum { K_SYSTEM, K_MACHINE, K_CPU, K_CPU_KVM, K_MEM, K_SMP, K_CMDLINE, K_OPT, K_SERIAL,
	K_ROOT, K_KERNEL, K_FSTYPE, K_DEPLOY, K_LINK, K_IMAGE_NAME, K_MACHINE_NAME, K_ROOTFS_OPT,
	K_N };

static const char *const keys[K_N] = {
	"qb_system_name", "qb_machine", "qb_cpu", "qb_cpu_kvm", "qb_mem", "qb_smp",
	"qb_kernel_cmdline_append", "qb_opt_append", "serial_consoles", "qb_kernel_root",
	"qb_default_kernel", "qb_default_fstype", "deploy_dir_image", "image_link_name",
	"image_name", "machine", "qb_rootfs_opt",
};

void
qemu_conf_set(char **field, const char *value)
{
	free(*field);
	*field = value ? xstrdup(value) : NULL;
}

void
qemu_conf_release(struct qemu_conf *c)
{
	char **f[] = { &c->system_name, &c->machine, &c->cpu, &c->cpu_kvm, &c->mem, &c->smp,
		&c->cmdline_append, &c->opt_append, &c->serial_console, &c->kernel_root,
		&c->rootfs_opt, &c->kernel, &c->rootfs, &c->fstype, &c->machine_name, &c->image };

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		qemu_conf_set(f[i], NULL);
}

void
qemu_conf_defaults(struct qemu_conf *c)
{
	const struct {
		char **field;
		const char *value;
	} d[] = {
		{ &c->system_name, "qemu-system-x86_64" }, { &c->machine, "-machine q35" },
		{ &c->cpu, "-cpu max" }, { &c->mem, "-m 512" }, { &c->smp, "-smp 1" },
		{ &c->kernel_root, "/dev/vda" }, { &c->serial_console, "ttyS0,115200" },
	};

	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++)
		if (!*d[i].field)
			*d[i].field = xstrdup(d[i].value);
	if (!c->fstype && c->rootfs)
		c->fstype = xstrdup(strstr(c->rootfs, ".cpio") ? "cpio.gz" : "ext4");
}

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && strchr(" \t\r", e[-1]))
		*--e = '\0';
	return s;
}

static int
key_index(const char *key)
{
	for (int i = 0; i < K_N; i++)
		if (!strcmp(keys[i], key))
			return i;
	return -1;
}

/* one "key = value" line (configparser also takes ':'); values[] keeps the last */
static int
parse_line(char *line, char **values, const char *path, unsigned lineno, int *prev,
	struct bb_error *err)
{
	char *sep = line + strcspn(line, "=:"), *key, *val;
	int k;

	if (*prev >= 0 && (*line == ' ' || *line == '\t')) {
		char *joined = xstrcat(values[*prev], " ", trim(line), NULL);

		free(values[*prev]);
		values[*prev] = joined;
		return 0;
	}
	if (!*sep)
		return bb_error(err, NULL, "%s:%u: not a 'key = value' line", path, lineno);
	*sep = '\0';
	key = trim(line);
	val = trim(sep + 1);
	for (char *p = key; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p += 'a' - 'A';
	*prev = k = key_index(key);
	if (k >= 0)
		qemu_conf_set(&values[k], val);
	return 0;
}

static int
parse_lines(char *text, char **values, const char *path, struct bb_error *err)
{
	unsigned lineno = 0;
	bool in_bsp = false, seen = false, section = false;
	int prev = -1;

	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (!*trim(line) || *line == '#' || *line == ';') {
			prev = -1;
			continue;
		}
		if (*line == '[') {
			in_bsp = !strcmp(trim(line), "[config_bsp]");
			seen |= in_bsp;
			section = true;
			prev = -1;
		} else if (!in_bsp) {
			if (!section)
				return bb_error(err, NULL, "%s:%u: a line before [config_bsp]", path,
					lineno);
		} else if (parse_line(line, values, path, lineno, &prev, err) < 0)
			return -1;
	}
	if (!seen)
		return bb_error(err, NULL, "%s: no [config_bsp] section", path);
	return 0;
}

/* the deploy directory: deploy_dir_image if it is an existing absolute path, else
 * relative to the file's own directory (what runqemu does for a moved deploy dir) */
static char *
deploy_dir(const char *value, const char *dir)
{
	if (value && *value == '/' && bb_path_exists(value))
		return xstrdup(value);
	if (value && *value != '/') {
		char *joined = bb_path_join(dir, value), *norm = bb_path_norm(joined);

		free(joined);
		return norm;
	}
	return xstrdup(dir);
}

/* the root file system: the first of LINK.FSTYPE and NAME.FSTYPE that exists, else LINK's */
static char *
find_rootfs(const char *deploy, char **v)
{
	const char *names[] = { v[K_LINK], v[K_IMAGE_NAME] };
	char *first = NULL;

	for (size_t i = 0; i < 2; i++) {
		char *f;

		if (!names[i])
			continue;
		f = xasprintf("%s/%s.%s", deploy, names[i], v[K_FSTYPE]);
		if (bb_path_exists(f)) {
			free(first);
			return f;
		}
		if (first)
			free(f);
		else
			first = f;
	}
	return first;
}

static void
take(char **field, char **value)
{
	if (*value) {
		free(*field);
		*field = *value;
		*value = NULL;
	}
}

static void
serial_console(struct qemu_conf *c, const char *v)
{
	const char *semi;

	/* "115200;ttyS0 115200;ttyAMA0": the first, as console=ttyS0,115200 */
	if (!v || !(semi = strchr(v, ';')))
		return;
	free(c->serial_console);
	c->serial_console = xasprintf("%.*s,%.*s", (int)strcspn(semi + 1, " \t"), semi + 1,
		(int)(semi - v), v);
}

static void
fill(struct qemu_conf *c, char **v, const char *dir)
{
	/* the keys taken as they are */
	const struct {
		char **field;
		int key;
	} as_is[] = {
		{ &c->system_name, K_SYSTEM }, { &c->machine, K_MACHINE }, { &c->cpu, K_CPU },
		{ &c->cpu_kvm, K_CPU_KVM }, { &c->mem, K_MEM }, { &c->smp, K_SMP },
		{ &c->cmdline_append, K_CMDLINE }, { &c->opt_append, K_OPT },
		{ &c->kernel_root, K_ROOT }, { &c->rootfs_opt, K_ROOTFS_OPT },
		{ &c->fstype, K_FSTYPE }, { &c->machine_name, K_MACHINE_NAME }, { &c->image, K_LINK },
	};
	char *deploy = deploy_dir(v[K_DEPLOY], dir);

	if (v[K_KERNEL]) {
		free(c->kernel);
		c->kernel = v[K_KERNEL][0] == '/' ? xstrdup(v[K_KERNEL]) :
			bb_path_join(deploy, v[K_KERNEL]);
	}
	if (v[K_FSTYPE]) {
		free(c->rootfs);
		c->rootfs = find_rootfs(deploy, v);
	}
	serial_console(c, v[K_SERIAL]);
	for (size_t i = 0; i < sizeof(as_is) / sizeof(as_is[0]); i++)
		take(as_is[i].field, &v[as_is[i].key]);
	free(deploy);
}

int
qemu_conf_parse(struct qemu_conf *c, const char *text, const char *path, const char *dir,
	struct bb_error *err)
{
	char *values[K_N] = { NULL };
	char *copy = xstrdup(text);
	int ret = parse_lines(copy, values, path, err);

	if (!ret)
		fill(c, values, dir);
	for (int i = 0; i < K_N; i++)
		free(values[i]);
	free(copy);
	return ret;
}

int
qemu_conf_load(struct qemu_conf *c, const char *path, struct bb_error *err)
{
	char real[PATH_MAX], *text, *dir;
	size_t len;
	int r;

	if (!realpath(path, real))
		return bb_error(err, NULL, "%s: %s", path, strerror(errno));
	if ((r = bb_read_file(real, 1 << 20, &text, &len)))
		return bb_error(err, NULL, "%s: %s", path, strerror(r));
	dir = bb_path_dirname(real);
	r = qemu_conf_parse(c, text, path, dir, err);
	free(dir);
	free(text);
	return r;
}

int
qemu_conf_check(const struct qemu_conf *c, struct bb_error *err)
{
	static const char *const packed[] = { ".zst", ".xz", ".gz", ".bz2", ".lz4", ".lzma" };
	size_t n;

	if (!c->rootfs || (c->fstype && !strncmp(c->fstype, "cpio", 4)))
		return 0;
	n = strlen(c->rootfs);
	for (size_t i = 0; i < sizeof(packed) / sizeof(packed[0]); i++) {
		size_t k = strlen(packed[i]);

		if (n > k && !strcmp(c->rootfs + n - k, packed[i]))
			return bb_error(err, NULL, "%s: a compressed disk image (%s): QEMU boots a "
				"disk as it is, runqemu unpacks it first; build the image uncompressed "
				"(IMAGE_FSTYPES, QB_DEFAULT_FSTYPE without %s)", c->rootfs, packed[i],
				packed[i]);
	}
	return 0;
}

char *
qemu_binary(const struct qemu_conf *c, const struct qemu_opts *o)
{
	const char *name = c->system_name ? c->system_name : "qemu-system-x86_64";

	return o->bindir ? bb_path_join(o->bindir, name) : xstrdup(name);
}

/* a path in a -drive option: commas doubled */
static char *
drive_path(const char *path)
{
	struct bb_buf b = BB_BUF_INIT;

	for (const char *s = path; *s; s++) {
		bb_buf_addch(&b, *s);
		if (*s == ',')
			bb_buf_addch(&b, ',');
	}
	return bb_buf_detach(&b);
}

static char *
kernel_cmdline(const struct qemu_conf *c, const struct qemu_opts *o, bool initramfs)
{
	struct bb_buf b = BB_BUF_INIT;
	const char *app = c->cmdline_append ? c->cmdline_append : "";

	/* runqemu: root=QB_KERNEL_ROOT, with " rw" unless it says ro or rw */
	if (!initramfs) {
		const char *root = c->kernel_root ? c->kernel_root : "/dev/vda";
		struct bb_strvec w = BB_STRVEC_INIT;

		bb_strvec_split(&w, root);
		bb_buf_addf(&b, "root=%s%s ", root,
			bb_strvec_has(&w, "ro") || bb_strvec_has(&w, "rw") ? "" : " rw");
		bb_strvec_clear(&w);
	}
	if (!strstr(app, "console=") && c->serial_console)
		bb_buf_addf(&b, "console=%s ", c->serial_console);
	bb_buf_addf(&b, "%s %s", app, o->kernel_append ? o->kernel_append : "");
	while (b.len && b.buf[b.len - 1] == ' ')
		bb_buf_setlen(&b, b.len - 1);
	return bb_buf_detach(&b);
}

static void
push_words(struct bb_strvec *argv, const char *s)
{
	if (s)
		bb_strvec_split(argv, s);
}

static void
push_disks(const struct qemu_conf *c, const struct qemu_opts *o, struct bb_strvec *argv)
{
	bool initramfs = c->fstype && !strncmp(c->fstype, "cpio", 4);

	if (c->kernel) {
		bb_strvec_pushdup(argv, "-kernel");
		bb_strvec_pushdup(argv, c->kernel);
		bb_strvec_pushdup(argv, "-append");
		bb_strvec_push(argv, kernel_cmdline(c, o, initramfs));
	}
	if (c->rootfs && initramfs) {
		bb_strvec_pushdup(argv, "-initrd");
		bb_strvec_pushdup(argv, c->rootfs);
	} else if (c->rootfs && c->rootfs_opt) {
		/* runqemu: QB_ROOTFS_OPT with the image for @ROOTFS@ (qemuarm's virtio-mmio) */
		char *p = drive_path(c->rootfs);
		struct bb_strvec w = BB_STRVEC_INIT;

		bb_strvec_split(&w, c->rootfs_opt);
		for (size_t i = 0; i < w.n; i++) {
			struct bb_buf b = BB_BUF_INIT;
			const char *s = w.v[i], *at;

			while ((at = strstr(s, "@ROOTFS@"))) {
				bb_buf_add(&b, s, (size_t)(at - s));
				bb_buf_addstr(&b, p);
				s = at + 8;
			}
			bb_buf_addstr(&b, s);
			bb_strvec_push(argv, bb_buf_detach(&b));
		}
		bb_strvec_clear(&w);
		free(p);
	} else if (c->rootfs) {
		char *p = drive_path(c->rootfs);

		bb_strvec_pushdup(argv, "-drive");
		bb_strvec_push(argv, xasprintf("file=%s,if=virtio,format=raw", p));
		free(p);
	}
}

void
qemu_argv(const struct qemu_conf *c, const struct qemu_opts *o, struct bb_strvec *argv)
{
	bool kvm = o->accel == QEMU_ACCEL_KVM;

	bb_strvec_push(argv, qemu_binary(c, o));
	bb_strvec_pushdup(argv, "-accel");
	/* several guest CPUs under TCG: one host thread each (MTTCG) */
	bb_strvec_pushdup(argv, kvm ? "kvm" : o->smp > 1 ? "tcg,thread=multi" : "tcg");
	push_words(argv, c->machine);
	push_words(argv, kvm && c->cpu_kvm ? c->cpu_kvm : c->cpu);
	push_words(argv, c->mem);
	if (o->smp > 0) {
		bb_strvec_pushdup(argv, "-smp");
		bb_strvec_push(argv, xasprintf("%d", o->smp));
	} else {
		push_words(argv, c->smp);
	}
	push_words(argv, "-nodefaults -no-user-config -display none -snapshot");
	push_disks(c, o, argv);
	push_words(argv, "-chardev stdio,id=pgo-serial,signal=off -serial chardev:pgo-serial");
	if (o->ssh_port > 0) {
		bb_strvec_pushdup(argv, "-netdev");
		bb_strvec_push(argv, xasprintf("user,id=net0,restrict=on,"
			"hostfwd=tcp:127.0.0.1:%d-:22", o->ssh_port));
		push_words(argv, "-device virtio-net-pci,netdev=net0,romfile=");
	}
	push_words(argv, c->opt_append);
	push_words(argv, o->qemu_append);
}

int
qemu_free_port(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), port = -1;

	if (fd < 0)
		return -1;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (!bind(fd, (struct sockaddr *)&a, sizeof(a)) &&
	    !getsockname(fd, (struct sockaddr *)&a, &len))
		port = ntohs(a.sin_port);
	close(fd);
	return port;
}

/*
 * A 64 KiB BIOS: the reset vector jumps to F000:0000, which loops 0x400 *
 * 0xffff times, writes "K\n" to the 16550 at 0x3f8 and halts. TCG runs it
 * in well under a second; so does a working KVM. A KVM that only opens
 * (nested without VMX: design §7) does not get there for many seconds.
 */
static const unsigned char probe_code[] = {
	0xbb, 0x00, 0x04,		/* mov bx, 0x400 */
	0xb9, 0xff, 0xff,		/* 1: mov cx, 0xffff */
	0xe2, 0xfe,			/* 2: loop 2b */
	0x4b,				/* dec bx */
	0x75, 0xf8,			/* jnz 1b */
	0xba, 0xf8, 0x03,		/* mov dx, 0x3f8 */
	0xb0, 'K', 0xee,		/* mov al, 'K'; out dx, al */
	0xb0, '\n', 0xee,		/* mov al, '\n'; out dx, al */
	0xf4, 0xeb, 0xfd,		/* 3: hlt; jmp 3b */
};

static int
write_probe(char *path)
{
	static unsigned char img[65536];
	int fd = mkstemp(path);
	ssize_t n;

	if (fd < 0)
		return -1;
	memset(img, 0xf4, sizeof(img));
	memcpy(img, probe_code, sizeof(probe_code));
	memcpy(img + 0xfff0, "\xea\x00\x00\x00\xf0", 5);	/* jmp far f000:0000 */
	n = write(fd, img, sizeof(img));
	close(fd);
	return n == (ssize_t)sizeof(img) ? 0 : -1;
}

/* whether the probe guest said "K" within timeout_ms */
static bool
probe_answers(struct proc *p, int timeout_ms)
{
	double end = proc_now() + timeout_ms / 1000.0;
	char c;

	for (;;) {
		struct pollfd pfd = { p->out_fd, POLLIN, 0 };
		int left = (int)((end - proc_now()) * 1000);

		if (left <= 0 || poll(&pfd, 1, left) <= 0)
			return false;
		if (read(p->out_fd, &c, 1) != 1)
			return false;
		if (c == 'K')
			return true;
	}
}

static bool
probe_kvm(const char *qemu, int timeout_ms)
{
	char *bios = fe_tmp_template("pgo-run-kvm-probe");
	const char *argv[] = { qemu, "-accel", "kvm", "-machine", "pc", "-m", "16",
		"-nodefaults", "-no-user-config", "-display", "none", "-bios", bios,
		"-chardev", "stdio,id=s,signal=off", "-serial", "chardev:s", NULL };
	struct proc p = PROC_INIT;
	struct bb_error err = BB_ERROR_INIT;
	bool ok = false;

	p.argv = argv;
	p.in = PROC_NULL;
	p.out = PROC_PIPE;
	p.err = PROC_NULL;
	if (write_probe(bios) < 0) {
		free(bios);
		return false;
	}
	if (proc_start(&p, &err) == 0) {
		ok = probe_answers(&p, timeout_ms);
		proc_kill(&p, 200);
	}
	bb_error_clear(&err);
	unlink(bios);
	free(bios);
	return ok;
}

enum qemu_accel
qemu_accel_resolve(const struct qemu_conf *c, const struct qemu_opts *o, int timeout_ms,
	const char **why)
{
	const char *sys = c->system_name ? c->system_name : "qemu-system-x86_64";
	char *qemu;
	bool ok;
	int fd;

	*why = NULL;
	if (o->accel != QEMU_ACCEL_AUTO)
		return o->accel;
#if !defined(__x86_64__) && !defined(__i386__)
	*why = "the KVM self-test is for x86 hosts only";
	return QEMU_ACCEL_TCG;
#endif
	if (!strstr(sys, "x86_64") && !strstr(sys, "i386")) {
		*why = "the guest is not x86";
		return QEMU_ACCEL_TCG;
	}
	if ((fd = open("/dev/kvm", O_RDWR | O_CLOEXEC)) < 0) {
		*why = "/dev/kvm does not open";
		return QEMU_ACCEL_TCG;
	}
	close(fd);
	qemu = qemu_binary(c, o);
	ok = probe_kvm(qemu, timeout_ms);
	free(qemu);
	if (!ok)
		*why = "the KVM self-test guest did not answer in time";
	return ok ? QEMU_ACCEL_KVM : QEMU_ACCEL_TCG;
}
