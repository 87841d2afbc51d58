/* pgo-run: the commands, each parsed by its COMMAND-opts.c, then run */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fe.h"
#include "bblang/sig.h"
#include "runner/bench/bench.h"
#include "runner/cli.h"

const char cli_usage[] =
	"usage: pgo-run import ARCHIVE --profile-dir DIR (--gcc-version V | --cc CC)\n"
	"                      [--machine M] [--image I] [--task T]\n"
	"                      [--max-file-size N] [--max-total-size N] [--max-files N]\n"
	"       pgo-run task [-c CONF]... [-I DIR]... [-D VAR=VALUE]... RECIPE TASK\n"
	"       pgo-run profile --target qemu|ssh HOST|qemu-user|local --python PATH --task ARGS\n"
	"                       --out DIR ...\n"
	"       pgo-run bench --target local|ssh HOST|qemu ... [--json FILE] [--svg FILE]\n"
	"                     LABEL=PATH LABEL=PATH...\n"
	"       pgo-run --help\n";

static int
cmd_import(int argc, char **argv)
{
	struct import_opts o = IMPORT_OPTS_INIT;
	int ret = import_parse_opts(&o, argc, argv);

	return ret >= 0 ? ret : import_run(&o);
}

/* the data of task's signature, as the parsed recipe gives it, on stdout */
static int
print_sigdata(struct bb_data *d, const char *task, struct bb_error *err)
{
	struct bb_buf out = BB_BUF_INIT;
	int ret;

	if (!bb_data_flag_raw(d, task, "task"))
		return bb_error(err, NULL, "no task '%s' in the recipe", task);
	ret = bb_task_sigdata(d, task, &out, err);
	if (!ret && out.len)
		fwrite(out.buf, 1, out.len, stdout);
	bb_buf_release(&out);
	return ret;
}

static int
run_task(struct task_opts *o)
{
	struct bb_error err = BB_ERROR_INIT;
	struct bb_data *d;
	char *task = task_name(o->task), *log = NULL;
	int ret = task_load(o, &d, &err);
	size_t nwarn = bb_data_nwarnings(d);

	fe_report_warnings("pgo-run", d);
	if (!ret && o->signature)
		ret = print_sigdata(d, task, &err);
	else if (!ret)
		ret = task_prepare(d, task_recipe(o), task, &err);
	if (!ret && !o->signature)
		ret = task_hosttools(d, &err);
	if (!ret && !o->signature)
		ret = task_run(d, task_recipe(o), task, o->tee, &log, &err);
	for (size_t i = nwarn; i < bb_data_nwarnings(d); i++)
		fe_report("pgo-run", bb_data_warning(d, i));
	if (ret < 0) {
		fe_report("pgo-run", err.msg);
		ret = 1;
	} else if (ret > 0) {
		fprintf(stderr, "pgo-run: %s failed with exit code %d (log: %s)\n", task, ret, log);
	}
	bb_error_clear(&err);
	fe_data_done(d);
	free(task);
	free(log);
	return ret;
}

static int
cmd_task(int argc, char **argv)
{
	struct task_opts o = TASK_OPTS_INIT;
	int ret = task_parse_opts(&o, argc, argv);

	if (ret < 0) {
		o.tee = isatty(STDOUT_FILENO);
		ret = run_task(&o);
	}
	task_opts_release(&o);
	return ret;
}

static int
cmd_profile(int argc, char **argv)
{
	struct profile_opts o = PROFILE_OPTS_INIT;
	int ret = profile_parse_opts(&o, argc, argv);

	return ret >= 0 ? ret : profile_run(&o);
}

static int
cmd_bench(int argc, char **argv)
{
	struct bench_opts o = BENCH_OPTS_INIT;
	int ret = bench_parse_opts(&o, argc, argv);

	if (ret < 0 && o.builddir) {
		struct bb_error err = BB_ERROR_INIT;

		if (bench_builddir(&o, &err) < 0) {
			fprintf(stderr, "pgo-run: bench: %s\n", err.msg);
			ret = 1;
		}
		bb_error_clear(&err);
	}
	if (ret < 0)
		ret = bench_run(&o);
	bench_opts_release(&o);
	return ret;
}

int
main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} cmds[] = { { "import", cmd_import }, { "task", cmd_task }, { "profile", cmd_profile },
		{ "bench", cmd_bench } };

	if (argc < 2) {
		fputs(cli_usage, stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		import_print_help();
		return 0;
	}
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].run(argc - 1, argv + 1);
	fprintf(stderr, "pgo-run: unknown command '%s' (see pgo-run --help)\n", argv[1]);
	return 2;
}
