/* pgo-run bench: the command line */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fe.h"
#include "runner/bench/bench.h"
#include "runner/cli.h"

static const char bench_usage[] =
	"usage: pgo-run bench --target local|ssh [USER@]HOST|qemu [OPTIONS]\n"
	"                     [--json FILE] [--svg FILE] LABEL=PATH LABEL=PATH...\n"
	"       pgo-run bench --target ... [OPTIONS] -B BUILDDIR [LABEL=PATH...]\n"
	"\n"
	"Times two or more python3 builds on the target, interleaved: the benchmark\n"
	"set of bench/pybench and the interpreter's start-up (" BENCH_STARTUP_ARGS "),\n"
	"every process timed on its own; drops the processes of the slow mode and\n"
	"prints each build's speedup against the first, with its interval, and the\n"
	"geometric mean. PATH: an installed tree (bin/python3 or usr/bin/python3) or\n"
	"a tarball of one, copied to a private directory on the target once and\n"
	"removed afterwards; anything else is a python3 already on the target\n"
	"(an absolute path, e.g. /usr/bin/python3), run where it is.\n"
	"\n"
	"  -B BUILDDIR            an OE build directory with meta-pgo on: the builds\n"
	"                         are plain (python3-pgo-baseline, the baseline: bitbake\n"
	"                         python3-pgo-baseline -c install) and pgo (python3,\n"
	"                         its do_pgo_check passed), then any LABEL=PATH\n"
	"  --oe-pgo               with -B: oe-pgo too, after plain (python3-pgo-oe,\n"
	"                         OE-core's PACKAGECONFIG[pgo]: bitbake\n"
	"                         python3-pgo-oe -c install)\n"
	"  --target T             local (this machine), ssh [USER@]HOST (a board that\n"
	"                         is up) or qemu (boot an image: emulated, not a speed)\n"
	"  --qemuboot FILE, --kernel FILE, --rootfs FILE, --qemu-bindir DIR,\n"
	"  --accel A, --smp N, --qemu-append ARGS, --kernel-append ARGS,\n"
	"  --boot-marker TEXT, --boot-timeout S\n"
	"                         --target qemu, as for pgo-run profile\n"
	"  --ssh-key FILE, --ssh-user USER, --ssh-port N, --connect-timeout S,\n"
	"  --known-hosts FILE, --accept-new-host-key\n"
	"                         ssh, as for pgo-run profile (the board's host key\n"
	"                         must be known, or is accepted the first time)\n"
	"  --remote-dir DIR       the private directory on the target, which must not\n"
	"                         exist (default /tmp/pgo-bench.NONCE)\n"
	"  --benchmarks LIST      these only (comma-separated; default all):\n"
	"                         pystone richards nbody float spectral_norm fannkuch\n"
	"                         json regex nqueens generators strings startup\n"
	"  --reps N               measured rounds (default 10)\n"
	"  --warmup N             unmeasured rounds first (default 1)\n"
	"  --startup-runs N       start-up processes per build and round (default 20)\n"
	"  --scale F              each benchmark's iterations times F (default 1)\n"
	"  --keep-within F        keep the processes within F times the fastest of\n"
	"                         their build and benchmark (default 1.25; 0: all)\n"
	"  --clock cpu|wall       the times the statistics use (both are recorded):\n"
	"                         cpu (default) leaves out the waits for a busy CPU\n"
	"  --confidence P         the intervals' level in percent (default 95)\n"
	"  --seed N               the shuffles' seed (default: from the clock)\n"
	"  --timeout S            a round's deadline, and a version check's\n"
	"                         (default 3600)\n"
	"  --json FILE            every raw time and the results\n"
	"  --svg FILE             the chart: speedup per benchmark with intervals\n"
	"  --log FILE             append what runs and its output to FILE\n"
	"                         (default: standard error)\n";

enum { O_REMOTE = CLI_TARGET_END, O_LOG, O_JSON, O_SVG, O_BENCHMARKS, O_STR_END, O_TIMEOUT,
	O_REPS, O_WARMUP, O_STARTUP, O_SCALE, O_KEEP, O_CONF, O_SEED, O_CLOCK, O_OE_PGO };

static const struct option bench_longopts[] = {
	CLI_TARGET_LONGOPTS,
	{ "remote-dir", required_argument, NULL, O_REMOTE },
	{ "log", required_argument, NULL, O_LOG },
	{ "json", required_argument, NULL, O_JSON },
	{ "svg", required_argument, NULL, O_SVG },
	{ "benchmarks", required_argument, NULL, O_BENCHMARKS },
	{ "timeout", required_argument, NULL, O_TIMEOUT },
	{ "reps", required_argument, NULL, O_REPS },
	{ "warmup", required_argument, NULL, O_WARMUP },
	{ "startup-runs", required_argument, NULL, O_STARTUP },
	{ "scale", required_argument, NULL, O_SCALE },
	{ "keep-within", required_argument, NULL, O_KEEP },
	{ "confidence", required_argument, NULL, O_CONF },
	{ "seed", required_argument, NULL, O_SEED },
	{ "clock", required_argument, NULL, O_CLOCK },
	{ "builddir", required_argument, NULL, 'B' },
	{ "oe-pgo", no_argument, NULL, O_OE_PGO },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static const struct cli_cmd bench_cmd = { "pgo-run: bench", "pgo-run bench --help", ":hB:",
	bench_longopts };

static int
usage_error(const char *msg, const char *arg)
{
	return fe_usage_error(bench_cmd.who, bench_cmd.help, msg, arg);
}

static int
number_opt(struct bench_opts *o, int c)
{
	double v = 0;
	int r;

	switch (c) {
	case O_TIMEOUT: return cli_number(&bench_cmd, "timeout", optarg, 1, 1e7, &o->p.timeout);
	case O_REPS: return cli_int(&bench_cmd, "reps", optarg, 2, 100000, &o->reps);
	case O_WARMUP: return cli_int(&bench_cmd, "warmup", optarg, 0, 1000, &o->warmup);
	case O_STARTUP:
		return cli_int(&bench_cmd, "startup-runs", optarg, 1, 100000, &o->startup_runs);
	case O_SCALE: return cli_number(&bench_cmd, "scale", optarg, 1e-6, 1e6, &o->scale);
	case O_KEEP:
		r = cli_number(&bench_cmd, "keep-within", optarg, 0, 1e6, &o->factor);
		if (!r && o->factor != 0 && o->factor < 1)
			return cli_bad_value(&bench_cmd, "keep-within", optarg);
		if (!r && o->factor == 0)
			o->factor = INFINITY;
		return r;
	case O_CONF:
		r = cli_number(&bench_cmd, "confidence", optarg, 50, 99.99, &v);
		o->level = v / 100;
		return r;
	case O_SEED:
		r = cli_number(&bench_cmd, "seed", optarg, 0, 1e15, &v);
		o->seed = (unsigned long long)v;
		o->seed_set = true;
		return r;
	case O_CLOCK:
		if (strcmp(optarg, "wall") && strcmp(optarg, "cpu"))
			return cli_bad_value(&bench_cmd, "clock", optarg);
		o->cpu = !strcmp(optarg, "cpu");
		return 0;
	case O_OE_PGO: o->oe_pgo = true; return 0;
	case 'B': o->builddir = optarg; return 0;
	case 'h': fputs(bench_usage, stdout); return 1;
	}
	return -1;
}

/* 1 after --help, 0 when taken, -1 after an error */
static int
bench_opt(void *ctx, int c)
{
	struct bench_opts *o = ctx;
	const char **str[] = {
		[O_REMOTE - O_REMOTE] = &o->p.remote_dir, [O_LOG - O_REMOTE] = &o->p.log,
		[O_JSON - O_REMOTE] = &o->json, [O_SVG - O_REMOTE] = &o->svg,
		[O_BENCHMARKS - O_REMOTE] = &o->benchmarks,
	};
	int r = cli_target_opt(&bench_cmd, &o->p.t, c);

	/* --target: local, ssh or qemu */
	if (!r && c == CLI_TARGET && o->p.t.target == TARGET_QEMU_USER)
		return cli_bad_value(&bench_cmd, "target", optarg);
	if (r <= 0)
		return r;
	if (c >= O_REMOTE && c < O_STR_END) {
		*str[c - O_REMOTE] = optarg;
		return 0;
	}
	return number_opt(o, c);
}

/* a benchmark's name as --benchmarks gives it: float or float_ */
static bool
known_bench(const char *name, size_t len)
{
	for (size_t i = 0; bench_names[i]; i++) {
		size_t n = strlen(bench_names[i]);

		if ((n == len || (n == len + 1 && bench_names[i][len] == '_')) &&
		    !strncmp(bench_names[i], name, len))
			return true;
	}
	return false;
}

static int
check_benchmarks(const char *list)
{
	for (const char *p = list; ; ) {
		size_t n = strcspn(p, ",");

		if (!n || !known_bench(p, n)) {
			char *name = xstrndup(p, n);
			int r = usage_error("--benchmarks: no benchmark '%s'", name);

			free(name);
			return r;
		}
		p += n;
		if (!*p++)
			return 0;
	}
}

static int
add_build(struct bench_opts *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0;
	struct bench_build *b;

	if (!eq || !n || !eq[1])
		return usage_error("'%s' is not LABEL=PATH", arg);
	if (arg[strspn(arg, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")] != '=')
		return usage_error("'%s': a label is letters, digits and ._+-", arg);
	for (size_t i = 0; i < o->nbuilds; i++)
		if (strlen(o->builds[i].label) == n && !strncmp(o->builds[i].label, arg, n))
			return usage_error("label '%s' given twice", o->builds[i].label);
	o->builds = xrealloc(o->builds, (o->nbuilds + 1) * sizeof(*o->builds));
	b = &o->builds[o->nbuilds++];
	memset(b, 0, sizeof(*b));
	b->label = xstrndup(arg, n);
	b->path = eq + 1;
	return 0;
}

static int
check_opts(struct bench_opts *o)
{
	const struct profile_opts *p = &o->p;

	if (o->nbuilds < 2 && !o->builddir)
		return usage_error("%s", "two builds or more are needed: LABEL=PATH LABEL=PATH... "
			"or -B BUILDDIR");
	if (cli_check_qemu(&bench_cmd, &p->t))
		return 2;
	if (p->t.target != TARGET_QEMU && (p->t.qemuboot || p->t.kernel || p->t.rootfs || p->t.smp))
		return usage_error("%s", "--qemuboot, --kernel, --rootfs and --smp are for "
			"--target qemu");
	if (o->oe_pgo && !o->builddir)
		return usage_error("%s", "--oe-pgo is for -B BUILDDIR");
	if (cli_check_ssh_only(&bench_cmd, &p->t))
		return 2;
	if (p->remote_dir && *p->remote_dir != '/')
		return usage_error("--remote-dir must be absolute: '%s'", p->remote_dir);
	if (cli_check_ssh(&bench_cmd, &p->t))
		return 2;
	if (o->benchmarks && check_benchmarks(o->benchmarks))
		return 2;
	return 0;
}

int
bench_parse_opts(struct bench_opts *o, int argc, char **argv)
{
	int r = cli_getopt(&bench_cmd, argc, argv, bench_opt, o);

	if (r >= 0)
		return r;
	/* --target ssh HOST: the first operand */
	if (o->p.t.target == TARGET_SSH) {
		const char *h = optind < argc ? argv[optind] : "";

		if (!*h || strchr(h, '=') || *h == '@' || h[strlen(h) - 1] == '@')
			return usage_error("%s", "--target ssh needs the board: --target ssh "
				"[USER@]HOST");
		o->p.t.host = argv[optind++];
	}
	for (; optind < argc; optind++)
		if (add_build(o, argv[optind]))
			return 2;
	return check_opts(o) ? 2 : -1;
}

void
bench_opts_release(struct bench_opts *o)
{
	for (size_t i = 0; i < o->nbuilds; i++) {
		struct bench_build *b = &o->builds[i];

		free((char *)b->label);
		free(b->own_path);
		free(b->tree);
		free(b->rel);
		free(b->libdir);
		free(b->python);
		free(b->target_libdir);
		free(b->version);
	}
	free(o->builds);
	free(o->pgo_proof);
	o->pgo_proof = NULL;
	o->builds = NULL;
	o->nbuilds = 0;
}
