/*
 * cli: the command line of each "pgo-run COMMAND", parsed in one place of
 * the same shape, COMMAND_parse_opts() in COMMAND-opts.c: argv[0] is the
 * command's name, o starts as COMMAND_OPTS_INIT and is filled from the
 * rest; the result is -1 when the command is to run, or else its exit
 * status (0 after --help, 2 after a usage error, already printed). main.c
 * calls them, then the command.
 */
#ifndef RUNNER_CLI_H
#define RUNNER_CLI_H

#include "runner/profile/profile.h"
#include "runner/task/task.h"

/* the usage lines of every command (main.c) */
extern const char cli_usage[];

/* task-opts.c */
int task_parse_opts(struct task_opts *o, int argc, char **argv);
/* profile-opts.c */
int profile_parse_opts(struct profile_opts *o, int argc, char **argv);
/*
 * the ssh options profile and bench share (--ssh-user, a board's
 * [USER@]HOST, --known-hosts, --ssh-key) checked before anything runs: 0 when ssh can
 * be given them, else 2 after a usage error from WHO (see HELP)
 */
int cli_check_ssh(const struct profile_opts *o, const char *who, const char *help);

#endif
