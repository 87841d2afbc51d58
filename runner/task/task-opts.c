/* pgo-run task: the command line */
#include <stdio.h>

#include "common/fe.h"
#include "runner/cli.h"

static const char usage[] =
	"usage: pgo-run task [-S] [-B BUILDDIR] [-D VAR=VALUE]... [mc:MC:]TARGET TASK\n"
	"       pgo-run task [-S] -c CONF... [-I DIR]... [-D VAR=VALUE]... RECIPE TASK\n";

static const char help[] =
	"\n"
	"Reads the build directory as BitBake's cooker does (bblayers.conf, each\n"
	"layer.conf, bitbake.conf through BBPATH, base and INHERIT), then TARGET (a\n"
	"recipe file, or a PN chosen through BBFILES as BitBake chooses) with its\n"
	"bbappends, makes HOSTTOOLS_DIR, and runs the shell task TASK (profile or\n"
	"do_profile) as BitBake does: ${T}/run.TASK.PID, ${T}/log.TASK.PID,\n"
	"${STAMP}.TASK. With -c, the conf files instead of a build directory,\n"
	"base.bbclass and INHERIT, RECIPE and the bbappends for it in its layer.\n"
	"\n"
	"  -B BUILDDIR     the build directory (default: $BUILDDIR, else .)\n"
	"  -c CONF         a conf file, parsed in order (repeatable)\n"
	"  -I DIR          a BBPATH directory (repeatable)\n"
	"  -D VAR=VALUE    set VAR (or VAR[flag]) before the conf files (repeatable)\n"
	"  -S, --signature print what the task's signature covers (BitBake's basehash:\n"
	"                  each variable it depends on, NAME: VALUE unexpanded), not run it\n"
	"  -h, --help      show this help\n";

static int
task_opt(void *ctx, int c)
{
	struct task_opts *o = ctx;

	switch (c) {
	case 'h': printf("%s%s", usage, help); return 1;
	case 'S': o->signature = true; return 0;
	case 'B': o->builddir = optarg; return 0;
	case 'c': bb_strvec_pushdup(&o->confs, optarg); return 0;
	}
	/* -I, -D: getopt_long gives no other */
	return bb_conf_opt(&o->conf, c, optarg) ? 0 : -1;
}

int
task_parse_opts(struct task_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "signature", no_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	static const struct cli_cmd cmd = { "pgo-run", "pgo-run task --help", ":B:c:I:D:Sh",
		longopts };
	int r = cli_getopt(&cmd, argc, argv, task_opt, o);

	if (r >= 0)
		return r;
	if (argc - optind != 2)
		return fe_usage_error(cmd.who, cmd.help, "%s", argc - optind < 2 ?
			"task: TARGET and TASK are needed" : "task: too many arguments");
	o->recipe = argv[optind];
	o->task = argv[optind + 1];
	return -1;
}
