/* pgo-run import: the command line */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/fe.h"
#include "runner/cli.h"

static const char import_help[] =
	"\n"
	"Installs a profile archive (tar, plain or gzip; \"-\" reads standard input)\n"
	"into DIR after checking every entry: only regular .gcda files (with the gcda\n"
	"magic and the expected compiler's version stamp) and .fdata files (BOLT's\n"
	"profile, text records) under relative paths, within the budgets. DIR is\n"
	"replaced as a whole, or left as it was on any error.\n"
	"\n"
	"  --profile-dir DIR   the profile directory (replaced only when it holds\n"
	"                      pgo-manifest.xml or is empty)\n"
	"  --gcc-version V     expect the stamp GCC V writes (12.2.0, 12.2, or 12.% for\n"
	"                      any 12.x)\n"
	"  --cc CC             expect the stamp of the compiler CC (runs CC -dumpfullversion)\n"
	"  --machine M, --image I, --task T\n"
	"                      recorded in pgo-manifest.xml\n"
	"  --max-file-size N   bytes per file (default 64M; K, M and G suffixes)\n"
	"  --max-total-size N  bytes in all (default 1G)\n"
	"  --max-files N       number of files (default 100000)\n"
	"  -h, --help          show this help\n"
	"\n"
	"profile.tar in DIR holds the files sorted, owned by 0, mode 0644, with the\n"
	"modification time $SOURCE_DATE_EPOCH (default 0).\n";

void
import_print_help(void)
{
	printf("%s%s", cli_usage, import_help);
}

static const char who[] = "pgo-run", help[] = "pgo-run --help";

static int
usage_error(const char *fmt, const char *arg)
{
	return fe_usage_error(who, help, fmt, arg);
}

/* a byte count: digits with an optional K, M or G (powers of 1024) */
static int
parse_size(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	int shift = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end == 'K' || *end == 'k')
		shift = 10, end++;
	else if (*end == 'M')
		shift = 20, end++;
	else if (*end == 'G')
		shift = 30, end++;
	if (*end || errno || v > (UINT64_MAX >> shift))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

static int
set_size(const char *opt, const char *arg, uint64_t *out)
{
	if (parse_size(arg, out) < 0) {
		fprintf(stderr, "pgo-run: --%s: not a size: '%s' (see pgo-run --help)\n", opt, arg);
		return -1;
	}
	return 0;
}

enum { OPT_PROFILE_DIR = 256, OPT_GCC_VERSION, OPT_CC, OPT_MACHINE, OPT_IMAGE, OPT_TASK,
	OPT_MAX_FILE, OPT_MAX_TOTAL, OPT_MAX_FILES };

static int
import_opt(void *ctx, int c)
{
	struct import_opts *o = ctx;

	switch (c) {
	case OPT_PROFILE_DIR: o->c.profile_dir = optarg; return 0;
	case OPT_GCC_VERSION: o->version = optarg; return 0;
	case OPT_CC: o->cc = optarg; return 0;
	case OPT_MACHINE: o->c.machine = optarg; return 0;
	case OPT_IMAGE: o->c.image = optarg; return 0;
	case OPT_TASK: o->c.task = optarg; return 0;
	case OPT_MAX_FILE: return set_size("max-file-size", optarg, &o->c.max_file_size);
	case OPT_MAX_TOTAL: return set_size("max-total-size", optarg, &o->c.max_total_size);
	case OPT_MAX_FILES: return set_size("max-files", optarg, &o->c.max_files);
	case 'h': import_print_help(); return 1;
	default: return -1;
	}
}

int
import_parse_opts(struct import_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "profile-dir", required_argument, NULL, OPT_PROFILE_DIR },
		{ "gcc-version", required_argument, NULL, OPT_GCC_VERSION },
		{ "cc", required_argument, NULL, OPT_CC },
		{ "machine", required_argument, NULL, OPT_MACHINE },
		{ "image", required_argument, NULL, OPT_IMAGE },
		{ "task", required_argument, NULL, OPT_TASK },
		{ "max-file-size", required_argument, NULL, OPT_MAX_FILE },
		{ "max-total-size", required_argument, NULL, OPT_MAX_TOTAL },
		{ "max-files", required_argument, NULL, OPT_MAX_FILES },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const struct cli_cmd cmd = { who, help, ":h", longopts };
	int r = cli_getopt(&cmd, argc, argv, import_opt, o);

	if (r >= 0)
		return r;
	if (optind == argc)
		return usage_error("%s", "import: ARCHIVE is missing");
	if (optind + 1 < argc)
		return usage_error("unexpected argument '%s'", argv[optind + 1]);
	o->archive = argv[optind];
	if (!o->c.profile_dir)
		return usage_error("%s", "import: --profile-dir DIR is required");
	if (!o->version == !o->cc)
		return usage_error("%s", "import: give one of --gcc-version V and --cc CC");
	return -1;
}
