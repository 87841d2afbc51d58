/* pgo-run profile: the command line */
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

enum { O_TRANSPORT = CLI_TARGET_END, O_PYTHON, O_TASK, O_REMOTE, O_GCCVER, O_CC, O_OUT,
	O_ARCHIVE, O_LOG, O_MACHINE, O_IMAGE, O_QEMU_USER, O_ARCH, O_SYSROOT, O_JUNIT, O_OVERLAY,
	O_STR_END, O_STRIP, O_TOOLCHAIN, O_TIMEOUT, O_IDLE, O_COLLECT, O_LINGER, O_OK_STATUS,
	O_OVERLAY_KEEP };

static const struct option profile_longopts[] = {
	CLI_TARGET_LONGOPTS,
	{ "transport", required_argument, NULL, O_TRANSPORT },
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
	{ "ok-status", required_argument, NULL, O_OK_STATUS },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static const struct cli_cmd profile_cmd = { "pgo-run: profile", "pgo-run profile --help", ":h",
	profile_longopts };

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
			return cli_bad_value(&profile_cmd, "ok-status", arg);
		v = strtol(p, &end, 10);
		if (v > 254)
			return cli_bad_value(&profile_cmd, "ok-status", arg);
		o->ok_status[v] = true;
		if (!*end)
			return 0;
		if (*end != ',')
			return cli_bad_value(&profile_cmd, "ok-status", arg);
		p = end + 1;
	}
}

static int
set_seconds(const char *opt, double *out)
{
	return cli_number(&profile_cmd, opt, optarg, 0, 1e7, out);
}

/* the options that are neither a string nor the target's */
static int
value_opt(struct profile_opts *o, int c)
{
	static const char *const transports[] = { "ssh", "serial", NULL };
	static const char *const toolchains[] = { "gcc", NULL };
	int v = 0, r;

	switch (c) {
	case O_TRANSPORT:
		r = cli_choice(&profile_cmd, "transport", optarg, transports, &v);
		o->t.transport = (enum target_transport)v;
		return r;
	case O_TOOLCHAIN: return cli_choice(&profile_cmd, "toolchain", optarg, toolchains, &v);
	case O_STRIP: return cli_int(&profile_cmd, "gcov-prefix-strip", optarg, 0, INT_MAX, &o->strip);
	case O_OVERLAY_KEEP: o->overlay_keep_modes = true; return 0;
	case O_OK_STATUS: return set_ok_status(optarg, o);
	case O_TIMEOUT: return set_seconds("timeout", &o->timeout);
	case O_IDLE: return set_seconds("idle-timeout", &o->idle_timeout);
	case O_COLLECT: return set_seconds("collect-timeout", &o->collect_timeout);
	case O_LINGER: return set_seconds("linger-timeout", &o->linger_timeout);
	case 'h': fputs(profile_usage, stdout); return 1;
	}
	return -1;
}

static int
profile_opt(void *ctx, int c)
{
	struct profile_opts *o = ctx;
	const char **str[] = {
		[O_PYTHON - O_TRANSPORT] = &o->python, [O_TASK - O_TRANSPORT] = &o->task,
		[O_REMOTE - O_TRANSPORT] = &o->remote_dir, [O_GCCVER - O_TRANSPORT] = &o->gcc_version,
		[O_CC - O_TRANSPORT] = &o->cc, [O_OUT - O_TRANSPORT] = &o->out,
		[O_ARCHIVE - O_TRANSPORT] = &o->archive, [O_LOG - O_TRANSPORT] = &o->log,
		[O_MACHINE - O_TRANSPORT] = &o->machine, [O_IMAGE - O_TRANSPORT] = &o->image,
		[O_QEMU_USER - O_TRANSPORT] = &o->t.qemu_user, [O_ARCH - O_TRANSPORT] = &o->t.arch,
		[O_SYSROOT - O_TRANSPORT] = &o->t.sysroot, [O_JUNIT - O_TRANSPORT] = &o->junit,
		[O_OVERLAY - O_TRANSPORT] = &o->overlay,
	};
	int r = cli_target_opt(&profile_cmd, &o->t, c);

	if (r <= 0)
		return r;
	if (c > O_TRANSPORT && c < O_STR_END) {
		*str[c - O_TRANSPORT] = optarg;
		return 0;
	}
	return value_opt(o, c);
}

static int
usage_error(const char *msg, const char *arg)
{
	return fe_usage_error(profile_cmd.who, profile_cmd.help, msg, arg);
}

/* the options that belong to one target */
static int
check_target_opts(const struct profile_opts *o)
{
	if (cli_check_qemu(&profile_cmd, &o->t))
		return 2;
	if (o->t.target == TARGET_SSH && (!o->t.host || !*o->t.host || *o->t.host == '@' ||
	    o->t.host[strlen(o->t.host) - 1] == '@'))
		return usage_error("%s", "--target ssh needs the board: --target ssh [USER@]HOST");
	if (o->t.target != TARGET_QEMU && o->t.smp)
		return usage_error("%s", "--smp is for --target qemu");
	if (cli_check_ssh_only(&profile_cmd, &o->t))
		return 2;
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
	return cli_check_ssh(&profile_cmd, &o->t);
}

int
profile_parse_opts(struct profile_opts *o, int argc, char **argv)
{
	int r = cli_getopt(&profile_cmd, argc, argv, profile_opt, o);

	if (r >= 0)
		return r;
	/* --target ssh HOST: the one operand */
	if (o->t.target == TARGET_SSH && optind < argc)
		o->t.host = argv[optind++];
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return check_opts(o) ? 2 : -1;
}
