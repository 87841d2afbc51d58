/* pgo-run profile: the command line */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fe.h"
#include "runner/cli.h"

static const char profile_usage[] =
	"usage: pgo-run profile --target qemu|ssh HOST|qemu-user|local --python PATH\n"
	"                       --task ARGS --out DIR (--gcc-version V | --cc CC) [OPTIONS]\n"
	"\n"
	"Runs PATH ARGS on the target with GCOV_PREFIX=REMOTE_DIR, brings REMOTE_DIR back\n"
	"as a tar stream and installs its .gcda files into DIR (see pgo-run import).\n"
	"\n"
	"  --target T             qemu (boot an image), ssh [USER@]HOST (a board that is\n"
	"                         up), qemu-user (PATH under qemu-ARCH on this machine)\n"
	"                         or local (run on this machine)\n"
	"  --qemuboot FILE        the image's OE *.qemuboot.conf\n"
	"  --kernel FILE, --rootfs FILE\n"
	"                         boot these instead (rootfs: *.cpio.gz or a raw ext4 image)\n"
	"  --qemu-bindir DIR      where qemu-system-* is (default: PATH)\n"
	"  --accel A              auto (KVM only when a self-test shows it works), tcg, kvm\n"
	"  --smp N                the guest's CPUs (default: the qemuboot.conf's QB_SMP);\n"
	"                         under TCG, one host thread each; for a task with N jobs\n"
	"  --qemu-append ARGS     more QEMU options\n"
	"  --kernel-append ARGS   more kernel parameters\n"
	"  --transport T          ssh (default) or serial (a shell on the console)\n"
	"  --ssh-key FILE         the key for root@guest; --ssh-user USER (default root)\n"
	"  --ssh-port N           --target ssh: the board's ssh port (default ssh's)\n"
	"  --known-hosts FILE     --target ssh: the board's key must be in FILE (default:\n"
	"                         ssh's own known_hosts files; FILE as it is, nothing in\n"
	"                         it expanded); an unknown or changed key is refused\n"
	"  --accept-new-host-key  --target ssh: accept a board's first key and record it\n"
	"                         (a changed key is still refused, and so is the run when\n"
	"                         the key cannot be recorded)\n"
	"  --arch ARCH            --target qemu-user: run under qemu-ARCH (or\n"
	"                         qemu-ARCH-static) from --qemu-bindir or PATH\n"
	"  --qemu-user BIN        --target qemu-user: this emulator instead\n"
	"  --sysroot DIR          --target qemu-user: qemu's -L DIR (the target's libraries)\n"
	"  --boot-marker TEXT     the boot ends when the console shows TEXT\n"
	"  --python PATH          the program to run; --task ARGS: its arguments (shell words)\n"
	"  --remote-dir DIR       GCOV_PREFIX on the target (default /tmp/pgo-profile, made\n"
	"                         afresh in a guest; on a board /tmp/pgo-profile.NONCE;\n"
	"                         with local and qemu-user a temporary directory); on a\n"
	"                         board, local and qemu-user it must not exist: made\n"
	"                         (mode 700) for the run and removed after\n"
	"  --overlay DIR          DIR's files and symbolic links put under / on the target\n"
	"                         before the task (over ssh; e.g. DIR/usr/bin/python3.14);\n"
	"                         a guest loses them at power-off (-snapshot), a board keeps them;\n"
	"                         their modes lose setuid, setgid, sticky and group and world\n"
	"                         write (4755 arrives 0755) unless --overlay-keep-modes\n"
	"  --gcov-prefix-strip N  GCOV_PREFIX_STRIP (default 0)\n"
	"  --toolchain gcc        the only one so far\n"
	"  --gcc-version V, --cc CC\n"
	"                         the compiler whose gcda stamp the files must carry\n"
	"  --ok-status LIST       the task's exit statuses that still give a profile\n"
	"                         (comma-separated; default 0; e.g. 0,2,3 for regrtest,\n"
	"                         which exits 2 or 3 when tests fail or change the system)\n"
	"  --timeout S            the task's deadline (default 3600)\n"
	"  --idle-timeout S       the task's deadline without output (default 900; 0: none)\n"
	"  --boot-timeout S, --connect-timeout S, --collect-timeout S\n"
	"                         the other stages' deadlines (default 120, 60, 300)\n"
	"  --linger-timeout S     how long collect waits for processes the task left\n"
	"                         that could still write profile data (default 60)\n"
	"  --out DIR              the profile directory (pgo-manifest.xml, profile.tar)\n"
	"  --archive FILE         also copy profile.tar to FILE\n"
	"  --log FILE             append the console and the task output to FILE\n"
	"                         (default: standard error)\n"
	"  --junit FILE           write a JUnit XML report of the stages to FILE\n"
	"  --machine M, --image I recorded in the manifest (default: from --qemuboot)\n";

enum { O_TARGET = 256, O_QEMUBOOT, O_KERNEL, O_ROOTFS, O_BINDIR, O_ACCEL, O_QAPPEND,
	O_KAPPEND, O_TRANSPORT, O_KEY, O_USER, O_MARKER, O_PYTHON, O_TASK, O_REMOTE, O_STRIP,
	O_TOOLCHAIN, O_GCCVER, O_CC, O_TIMEOUT, O_IDLE, O_BOOT, O_CONNECT, O_COLLECT, O_OUT,
	O_ARCHIVE, O_LOG, O_MACHINE, O_IMAGE, O_QEMU_USER, O_ARCH, O_SYSROOT, O_JUNIT,
	O_SSH_PORT, O_OK_STATUS, O_LINGER, O_SMP, O_KNOWN_HOSTS, O_ACCEPT_NEW, O_OVERLAY,
	O_OVERLAY_KEEP };

static const struct option profile_longopts[] = {
	{ "target", required_argument, NULL, O_TARGET },
	{ "qemuboot", required_argument, NULL, O_QEMUBOOT },
	{ "kernel", required_argument, NULL, O_KERNEL },
	{ "rootfs", required_argument, NULL, O_ROOTFS },
	{ "qemu-bindir", required_argument, NULL, O_BINDIR },
	{ "accel", required_argument, NULL, O_ACCEL },
	{ "smp", required_argument, NULL, O_SMP },
	{ "qemu-append", required_argument, NULL, O_QAPPEND },
	{ "kernel-append", required_argument, NULL, O_KAPPEND },
	{ "transport", required_argument, NULL, O_TRANSPORT },
	{ "ssh-key", required_argument, NULL, O_KEY },
	{ "ssh-user", required_argument, NULL, O_USER },
	{ "boot-marker", required_argument, NULL, O_MARKER },
	{ "python", required_argument, NULL, O_PYTHON },
	{ "task", required_argument, NULL, O_TASK },
	{ "remote-dir", required_argument, NULL, O_REMOTE },
	{ "overlay", required_argument, NULL, O_OVERLAY },
	{ "overlay-keep-modes", no_argument, NULL, O_OVERLAY_KEEP },
	{ "gcov-prefix-strip", required_argument, NULL, O_STRIP },
	{ "toolchain", required_argument, NULL, O_TOOLCHAIN },
	{ "gcc-version", required_argument, NULL, O_GCCVER },
	{ "cc", required_argument, NULL, O_CC },
	{ "timeout", required_argument, NULL, O_TIMEOUT },
	{ "idle-timeout", required_argument, NULL, O_IDLE },
	{ "boot-timeout", required_argument, NULL, O_BOOT },
	{ "connect-timeout", required_argument, NULL, O_CONNECT },
	{ "collect-timeout", required_argument, NULL, O_COLLECT },
	{ "linger-timeout", required_argument, NULL, O_LINGER },
	{ "out", required_argument, NULL, O_OUT },
	{ "archive", required_argument, NULL, O_ARCHIVE },
	{ "log", required_argument, NULL, O_LOG },
	{ "machine", required_argument, NULL, O_MACHINE },
	{ "image", required_argument, NULL, O_IMAGE },
	{ "qemu-user", required_argument, NULL, O_QEMU_USER },
	{ "arch", required_argument, NULL, O_ARCH },
	{ "sysroot", required_argument, NULL, O_SYSROOT },
	{ "junit", required_argument, NULL, O_JUNIT },
	{ "ssh-port", required_argument, NULL, O_SSH_PORT },
	{ "known-hosts", required_argument, NULL, O_KNOWN_HOSTS },
	{ "accept-new-host-key", no_argument, NULL, O_ACCEPT_NEW },
	{ "ok-status", required_argument, NULL, O_OK_STATUS },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int
bad_arg(const char *opt, const char *arg)
{
	return fe_bad_value("pgo-run: profile", "pgo-run profile --help", opt, arg);
}

/* --ok-status 0,2,3: exit statuses 0 to 254 (255 is ssh's own failure) */
static int
set_ok_status(const char *arg, struct profile_opts *o)
{
	const char *p = arg;

	memset(o->ok_status, 0, sizeof(o->ok_status));
	for (;;) {
		char *end;
		long v;

		if (*p < '0' || *p > '9')
			return bad_arg("ok-status", arg);
		v = strtol(p, &end, 10);
		if (v > 254)
			return bad_arg("ok-status", arg);
		o->ok_status[v] = true;
		if (!*end)
			return 0;
		if (*end != ',')
			return bad_arg("ok-status", arg);
		p = end + 1;
	}
}

static int
set_seconds(const char *opt, const char *arg, double *out)
{
	return fe_number(arg, 0, 1e7, out) < 0 ? bad_arg(opt, arg) : 0;
}

static int
set_int(const char *opt, const char *arg, int min, int max, int *out)
{
	return fe_int(arg, min, max, out) < 0 ? bad_arg(opt, arg) : 0;
}

/* an enum-valued option: the index of arg in names */
static int
set_choice(const char *opt, const char *arg, const char *const *names, int *out)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], arg)) {
			*out = i;
			return 0;
		}
	return bad_arg(opt, arg);
}

static int
choice_opt(struct profile_opts *o, int c)
{
	static const char *const transports[] = { "ssh", "serial", NULL };
	static const char *const toolchains[] = { "gcc", NULL };
	int v = 0, r;

	switch (c) {
	case O_TARGET:
		r = set_choice("target", optarg, target_names, &v);
		o->t.target = (enum target_kind)v;
		return r;
	case O_TRANSPORT:
		r = set_choice("transport", optarg, transports, &v);
		o->t.transport = (enum target_transport)v;
		return r;
	case O_ACCEL:
		r = set_choice("accel", optarg, qemu_accel_names, &v);
		o->t.accel = (enum qemu_accel)v;
		return r;
	case O_TOOLCHAIN:
		return set_choice("toolchain", optarg, toolchains, &v);
	case O_STRIP:
		return set_int("gcov-prefix-strip", optarg, 0, INT_MAX, &o->strip);
	case O_SMP:
		return set_int("smp", optarg, 1, 256, &o->t.smp);
	case O_SSH_PORT:
		return set_int("ssh-port", optarg, 1, 65535, &o->t.ssh_port);
	}
	return 1;
}

static int
profile_opt(struct profile_opts *o, int c)
{
	const char **str[] = {
		[O_QEMUBOOT - O_TARGET] = &o->t.qemuboot, [O_KERNEL - O_TARGET] = &o->t.kernel,
		[O_ROOTFS - O_TARGET] = &o->t.rootfs, [O_BINDIR - O_TARGET] = &o->t.qemu_bindir,
		[O_QAPPEND - O_TARGET] = &o->t.qemu_append,
		[O_KAPPEND - O_TARGET] = &o->t.kernel_append, [O_KEY - O_TARGET] = &o->t.ssh_key,
		[O_USER - O_TARGET] = &o->t.ssh_user, [O_MARKER - O_TARGET] = &o->t.boot_marker,
		[O_PYTHON - O_TARGET] = &o->python, [O_TASK - O_TARGET] = &o->task,
		[O_REMOTE - O_TARGET] = &o->remote_dir, [O_GCCVER - O_TARGET] = &o->gcc_version,
		[O_CC - O_TARGET] = &o->cc, [O_OUT - O_TARGET] = &o->out,
		[O_ARCHIVE - O_TARGET] = &o->archive, [O_LOG - O_TARGET] = &o->log,
		[O_MACHINE - O_TARGET] = &o->machine, [O_IMAGE - O_TARGET] = &o->image,
		[O_QEMU_USER - O_TARGET] = &o->t.qemu_user, [O_ARCH - O_TARGET] = &o->t.arch,
		[O_SYSROOT - O_TARGET] = &o->t.sysroot, [O_JUNIT - O_TARGET] = &o->junit,
		[O_JUNIT - O_TARGET + 1] = NULL,
	};
	int r;

	if (c >= O_TARGET && c <= O_JUNIT && str[c - O_TARGET]) {
		*str[c - O_TARGET] = optarg;
		return 0;
	}
	switch (c) {
	case O_KNOWN_HOSTS: o->t.known_hosts = optarg; return 0;
	case O_OVERLAY: o->overlay = optarg; return 0;
	case O_OVERLAY_KEEP: o->overlay_keep_modes = true; return 0;
	case O_ACCEPT_NEW: o->t.accept_new_host_key = true; return 0;
	case O_OK_STATUS: return set_ok_status(optarg, o);
	case O_TIMEOUT: return set_seconds("timeout", optarg, &o->timeout);
	case O_IDLE: return set_seconds("idle-timeout", optarg, &o->idle_timeout);
	case O_BOOT: return set_seconds("boot-timeout", optarg, &o->t.boot_timeout);
	case O_CONNECT: return set_seconds("connect-timeout", optarg, &o->t.connect_timeout);
	case O_COLLECT: return set_seconds("collect-timeout", optarg, &o->collect_timeout);
	case O_LINGER: return set_seconds("linger-timeout", optarg, &o->linger_timeout);
	case 'h': fputs(profile_usage, stdout); return 1;
	}
	r = choice_opt(o, c);
	return r > 0 ? -1 : r;
}

static int
usage_error(const char *msg, const char *arg)
{
	return fe_usage_error("pgo-run: profile", "pgo-run profile --help", msg, arg);
}

int
cli_check_ssh(const struct profile_opts *o, const char *who, const char *help)
{
	char *why = target_check_opts(&o->t);
	int r = why ? fe_usage_error(who, help, "%s", why) : 0;

	free(why);
	return r;
}

/* the options that belong to one target */
static int
check_target_opts(const struct profile_opts *o)
{
	if (o->t.target == TARGET_QEMU && !o->t.qemuboot && !o->t.kernel)
		return usage_error("%s", "--target qemu needs --qemuboot FILE or --kernel FILE");
	if (o->t.target == TARGET_SSH && (!o->t.host || !*o->t.host || *o->t.host == '@' ||
	    o->t.host[strlen(o->t.host) - 1] == '@'))
		return usage_error("%s", "--target ssh needs the board: --target ssh [USER@]HOST");
	if (o->t.target != TARGET_QEMU && o->t.smp)
		return usage_error("%s", "--smp is for --target qemu");
	if (o->t.target != TARGET_SSH && o->t.ssh_port)
		return usage_error("%s", "--ssh-port is for --target ssh");
	if (o->t.target != TARGET_SSH && (o->t.known_hosts || o->t.accept_new_host_key))
		return usage_error("%s", "--known-hosts and --accept-new-host-key are for --target "
			"ssh (a QEMU guest's key is never recorded)");
	if (o->overlay_keep_modes && !o->overlay)
		return usage_error("%s", "--overlay-keep-modes is for --overlay");
	if (o->overlay && (o->t.target == TARGET_LOCAL || o->t.target == TARGET_QEMU_USER ||
	    o->t.transport == TRANSPORT_SERIAL))
		return usage_error("%s", "--overlay needs ssh to the target: --target qemu with "
			"--transport ssh, or --target ssh");
	if (o->t.target == TARGET_SSH && o->t.transport == TRANSPORT_SERIAL)
		return usage_error("%s", "--target ssh has no serial transport");
	if (o->t.target == TARGET_QEMU_USER && !o->t.arch == !o->t.qemu_user)
		return usage_error("%s", "--target qemu-user needs one of --arch ARCH and "
			"--qemu-user BIN");
	if (o->t.target != TARGET_QEMU_USER && (o->t.arch || o->t.qemu_user || o->t.sysroot))
		return usage_error("%s", "--arch, --qemu-user and --sysroot are for "
			"--target qemu-user");
	if (o->t.arch && (!*o->t.arch || o->t.arch[strspn(o->t.arch,
	    "abcdefghijklmnopqrstuvwxyz0123456789_")]))
		return usage_error("--arch: bad value '%s'", o->t.arch);
	return 0;
}

static int
check_opts(const struct profile_opts *o)
{
	if (!o->python || !o->task)
		return usage_error("%s", "--python PATH and --task ARGS are required");
	if (!o->out)
		return usage_error("%s", "--out DIR is required");
	if (!o->gcc_version == !o->cc)
		return usage_error("%s", "give one of --gcc-version V and --cc CC");
	if (o->remote_dir && *o->remote_dir != '/')
		return usage_error("--remote-dir must be absolute: '%s'", o->remote_dir);
	if (check_target_opts(o))
		return 2;
	return cli_check_ssh(o, "pgo-run: profile", "pgo-run profile --help");
}

int
profile_parse_opts(struct profile_opts *o, int argc, char **argv)
{
	int c, r;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", profile_longopts, NULL)) != -1) {
		if (c == '?' || c == ':')
			return usage_error(c == ':' ? "option '%s' needs an argument" :
				"unknown option '%s'", argv[optind - 1]);
		if ((r = profile_opt(o, c)))
			return r > 0 ? 0 : 2;
	}
	/* --target ssh HOST: the one operand */
	if (o->t.target == TARGET_SSH && optind < argc)
		o->t.host = argv[optind++];
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return check_opts(o) ? 2 : -1;
}
