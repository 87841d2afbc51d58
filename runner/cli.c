/* pgo-run: what the commands' command lines share (cli.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fe.h"
#include "runner/cli.h"

int
cli_getopt(const struct cli_cmd *cmd, int argc, char **argv, int (*opt)(void *o, int c),
	void *o)
{
	int c, r;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, cmd->shortopts, cmd->longopts, NULL)) != -1) {
		if (c == '?' || c == ':')
			return fe_usage_error(cmd->who, cmd->help, c == ':' ?
				"option '%s' needs an argument" : "unknown option '%s'", argv[optind - 1]);
		if ((r = opt(o, c)))
			return r > 0 ? 0 : 2;
	}
	return -1;
}

int
cli_bad_value(const struct cli_cmd *cmd, const char *opt, const char *arg)
{
	return fe_bad_value(cmd->who, cmd->help, opt, arg);
}

int
cli_number(const struct cli_cmd *cmd, const char *opt, const char *arg, double min,
	double max, double *out)
{
	return fe_number(arg, min, max, out) < 0 ? cli_bad_value(cmd, opt, arg) : 0;
}

int
cli_int(const struct cli_cmd *cmd, const char *opt, const char *arg, int min, int max,
	int *out)
{
	return fe_int(arg, min, max, out) < 0 ? cli_bad_value(cmd, opt, arg) : 0;
}

int
cli_choice(const struct cli_cmd *cmd, const char *opt, const char *arg,
	const char *const *names, int *out)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], arg)) {
			*out = i;
			return 0;
		}
	return cli_bad_value(cmd, opt, arg);
}

int
cli_target_opt(const struct cli_cmd *cmd, struct target_opts *t, int c)
{
	const char **str[] = {
		[CLI_QEMUBOOT - CLI_TARGET] = &t->qemuboot, [CLI_KERNEL - CLI_TARGET] = &t->kernel,
		[CLI_ROOTFS - CLI_TARGET] = &t->rootfs, [CLI_BINDIR - CLI_TARGET] = &t->qemu_bindir,
		[CLI_QAPPEND - CLI_TARGET] = &t->qemu_append,
		[CLI_KAPPEND - CLI_TARGET] = &t->kernel_append, [CLI_KEY - CLI_TARGET] = &t->ssh_key,
		[CLI_USER - CLI_TARGET] = &t->ssh_user, [CLI_MARKER - CLI_TARGET] = &t->boot_marker,
		[CLI_KNOWN_HOSTS - CLI_TARGET] = &t->known_hosts,
	};
	int v = 0, r;

	if (c > CLI_TARGET && c < CLI_STR_END) {
		*str[c - CLI_TARGET] = optarg;
		return 0;
	}
	switch (c) {
	case CLI_TARGET:
		r = cli_choice(cmd, "target", optarg, target_names, &v);
		t->target = (enum target_kind)v;
		return r;
	case CLI_ACCEL:
		r = cli_choice(cmd, "accel", optarg, qemu_accel_names, &v);
		t->accel = (enum qemu_accel)v;
		return r;
	case CLI_SMP: return cli_int(cmd, "smp", optarg, 1, 256, &t->smp);
	case CLI_SSH_PORT: return cli_int(cmd, "ssh-port", optarg, 1, 65535, &t->ssh_port);
	case CLI_ACCEPT_NEW: t->accept_new_host_key = true; return 0;
	case CLI_BOOT: return cli_number(cmd, "boot-timeout", optarg, 0, 1e7, &t->boot_timeout);
	case CLI_CONNECT:
		return cli_number(cmd, "connect-timeout", optarg, 0, 1e7, &t->connect_timeout);
	}
	return 1;
}

int
cli_check_qemu(const struct cli_cmd *cmd, const struct target_opts *t)
{
	if (t->target == TARGET_QEMU && !t->qemuboot && !t->kernel)
		return fe_usage_error(cmd->who, cmd->help, "%s",
			"--target qemu needs --qemuboot FILE or --kernel FILE");
	return 0;
}

int
cli_check_ssh_only(const struct cli_cmd *cmd, const struct target_opts *t)
{
	if (t->target != TARGET_SSH && t->ssh_port)
		return fe_usage_error(cmd->who, cmd->help, "%s", "--ssh-port is for --target ssh");
	if (t->target != TARGET_SSH && (t->known_hosts || t->accept_new_host_key))
		return fe_usage_error(cmd->who, cmd->help, "%s", "--known-hosts and "
			"--accept-new-host-key are for --target ssh (a QEMU guest's key is never "
			"recorded)");
	return 0;
}

int
cli_check_ssh(const struct cli_cmd *cmd, const struct target_opts *t)
{
	char *why = target_check_opts(t);
	int r = why ? fe_usage_error(cmd->who, cmd->help, "%s", why) : 0;

	free(why);
	return r;
}
