/*
 * cli: the command line of each "pgo-run COMMAND", parsed in one place of
 * the same shape, COMMAND_parse_opts() in COMMAND-opts.c: argv[0] is the
 * command's name, o starts as COMMAND_OPTS_INIT and is filled from the
 * rest; the result is -1 when the command is to run, or else its exit
 * status (0 after --help, 2 after a usage error, already printed). main.c
 * calls them, then the command. What they share is in cli.c.
 */
#ifndef RUNNER_CLI_H
#define RUNNER_CLI_H

#include <getopt.h>

#include "runner/profile/profile.h"
#include "runner/task/task.h"

/* the usage lines of every command (main.c) */
extern const char cli_usage[];

/* a command's options, and how its usage errors begin and end (fe_usage_error()) */
struct cli_cmd {
	const char *who, *help;
	const char *shortopts;		/* getopt_long's, starting with ':' */
	const struct option *longopts;
};

/*
 * argv's options through getopt_long (from argv[1], opterr off), each given
 * to opt(o, c) with optarg: it returns 0 to go on, 1 after --help, -1 after
 * an error it printed. An unknown option, or one without its argument, is a
 * usage error. -1 when all are taken (the operands from optind on), else
 * the exit status: 0 after --help, 2
 */
int cli_getopt(const struct cli_cmd *cmd, int argc, char **argv, int (*opt)(void *o, int c),
	void *o);

/* "WHO: --OPT: bad value 'ARG' (see HELP)" on stderr; -1 */
int cli_bad_value(const struct cli_cmd *cmd, const char *opt, const char *arg);
/* arg as a number in [min, max] into *out: 0, or -1 after cli_bad_value() */
int cli_number(const struct cli_cmd *cmd, const char *opt, const char *arg, double min,
	double max, double *out);
/* arg as decimal digits in [min, max] into *out: 0, or -1 after cli_bad_value() */
int cli_int(const struct cli_cmd *cmd, const char *opt, const char *arg, int min, int max,
	int *out);
/* an enum-valued option: the index of arg in names (NULL-terminated), or -1 after cli_bad_value() */
int cli_choice(const struct cli_cmd *cmd, const char *opt, const char *arg,
	const char *const *names, int *out);

/* the options of struct target_opts that profile and bench share; a command's own follow CLI_TARGET_END */
enum { CLI_TARGET = 256, CLI_QEMUBOOT, CLI_KERNEL, CLI_ROOTFS, CLI_BINDIR, CLI_QAPPEND,
	CLI_KAPPEND, CLI_KEY, CLI_USER, CLI_MARKER, CLI_KNOWN_HOSTS, CLI_STR_END, CLI_ACCEL,
	CLI_SMP, CLI_SSH_PORT, CLI_ACCEPT_NEW, CLI_BOOT, CLI_CONNECT, CLI_TARGET_END };

#define CLI_TARGET_LONGOPTS \
	{ "target", required_argument, NULL, CLI_TARGET }, \
	{ "qemuboot", required_argument, NULL, CLI_QEMUBOOT }, \
	{ "kernel", required_argument, NULL, CLI_KERNEL }, \
	{ "rootfs", required_argument, NULL, CLI_ROOTFS }, \
	{ "qemu-bindir", required_argument, NULL, CLI_BINDIR }, \
	{ "accel", required_argument, NULL, CLI_ACCEL }, \
	{ "smp", required_argument, NULL, CLI_SMP }, \
	{ "qemu-append", required_argument, NULL, CLI_QAPPEND }, \
	{ "kernel-append", required_argument, NULL, CLI_KAPPEND }, \
	{ "ssh-key", required_argument, NULL, CLI_KEY }, \
	{ "ssh-user", required_argument, NULL, CLI_USER }, \
	{ "boot-marker", required_argument, NULL, CLI_MARKER }, \
	{ "ssh-port", required_argument, NULL, CLI_SSH_PORT }, \
	{ "known-hosts", required_argument, NULL, CLI_KNOWN_HOSTS }, \
	{ "accept-new-host-key", no_argument, NULL, CLI_ACCEPT_NEW }, \
	{ "boot-timeout", required_argument, NULL, CLI_BOOT }, \
	{ "connect-timeout", required_argument, NULL, CLI_CONNECT }

/* c, one of CLI_TARGET_LONGOPTS, into t: 0, or -1 after cli_bad_value(); 1 when c is not one */
int cli_target_opt(const struct cli_cmd *cmd, struct target_opts *t, int c);

/*
 * the checks of the target options that profile and bench share: 0, or 2
 * after a usage error. cli_check_qemu(): --target qemu has an image;
 * cli_check_ssh_only(): --ssh-port, --known-hosts and --accept-new-host-key
 * go with --target ssh; cli_check_ssh(): ssh can be given --ssh-user, a
 * board's [USER@]HOST, --known-hosts and --ssh-key
 */
int cli_check_qemu(const struct cli_cmd *cmd, const struct target_opts *t);
int cli_check_ssh_only(const struct cli_cmd *cmd, const struct target_opts *t);
int cli_check_ssh(const struct cli_cmd *cmd, const struct target_opts *t);

/* task-opts.c */
int task_parse_opts(struct task_opts *o, int argc, char **argv);
/* profile-opts.c */
int profile_parse_opts(struct profile_opts *o, int argc, char **argv);

#endif
