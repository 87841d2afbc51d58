/*
 * bench/parse: parses and expands the whole bitbake.conf set ITER times
 *
 * usage: bench/parse [-n ITER] [DATADIR]
 *
 * DATADIR (default: $TEST_DATADIR, else tests/data next to this source) holds
 * real-data/meta.  One iteration is what "pgo-gen vars -f -I real-data/meta
 * -D MACHINE=qemux86-64 -D BB_CURRENT_MC= real-data/meta/conf/bitbake.conf"
 * does in-process: a new datastore; BBPATH, MACHINE and BB_CURRENT_MC (""
 * as BitBake's cooker sets it) set; bb_parse_file(); every variable dumped,
 * expanded, with its flags into a bb_buf; the datastore freed.
 *
 * Lines per second: the physical lines of every file the parse reads, the
 * top one and all it includes (bb_data_lines_read()).
 */
#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/parse.h"

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* one full parse; *dump_len is the size of the dump, *files and *lines what it read */
static int
parse_once(const char *meta, const char *conf, size_t *dump_len, size_t *files, size_t *lines)
{
	struct bb_data *d = bb_data_new();
	struct bb_buf out = BB_BUF_INIT;
	struct bb_dump_opts o = { .flags = true, .expand = true };
	int ret;

	bb_data_set(d, "BBPATH", meta, false, NULL);
	bb_data_set(d, "MACHINE", "qemux86-64", false, NULL);
	bb_data_set(d, "BB_CURRENT_MC", "", false, NULL);
	ret = bb_parse_file(d, conf);
	if (ret < 0)
		fprintf(stderr, "parse: %s\n", bb_data_error(d));
	else
		bb_dump(d, &o, &out);
	*dump_len = out.len;
	*files = bb_data_files_read(d);
	*lines = bb_data_lines_read(d);
	bb_buf_release(&out);
	bb_data_free(d);
	return ret;
}

static char *
default_datadir(void)
{
	const char *env = getenv("TEST_DATADIR");
	char *dir, *rel, *abs;

	if (env && *env)
		return xstrdup(env);
	dir = bb_path_dirname(__FILE__);
	rel = bb_path_join(*dir ? dir : ".", "../tests/data");
	abs = bb_path_abs(rel);
	free(rel);
	free(dir);
	return abs;
}

static int
run(const char *datadir, long iter)
{
	char *rel = bb_path_join(datadir, "real-data/meta");
	char *meta = bb_path_abs(rel);
	char *conf = bb_path_join(meta, "conf/bitbake.conf");
	double *ms = xreallocarray(NULL, (size_t)iter, sizeof(*ms));
	size_t dump_len = 0, files = 0, lines = 0;
	int ret;

	ret = parse_once(meta, conf, &dump_len, &files, &lines);
	for (long i = 0; i < iter && !ret; i++) {
		double t = now_ms();

		ret = parse_once(meta, conf, &dump_len, &files, &lines);
		ms[i] = now_ms() - t;
	}
	if (!ret) {
		double med;

		qsort(ms, (size_t)iter, sizeof(*ms), cmp_double);
		med = iter % 2 ? ms[iter / 2] : (ms[iter / 2 - 1] + ms[iter / 2]) / 2;
		printf("files parsed:   %zu (%zu lines), dump %zu bytes\n", files, lines,
			dump_len);
		printf("iterations:     %ld\n", iter);
		printf("ms per parse:   median %.3f, min %.3f\n", med, ms[0]);
		printf("lines/s:        %.0f (median), %.0f (min)\n",
			(double)lines / (med / 1e3), (double)lines / (ms[0] / 1e3));
	}
	free(ms);
	free(conf);
	free(meta);
	free(rel);
	return ret ? 1 : 0;
}

int
main(int argc, char **argv)
{
	long iter = 20;
	char *datadir, *end;
	int c, ret;

	while ((c = getopt(argc, argv, "n:h")) != -1) {
		switch (c) {
		case 'n':
			errno = 0;
			iter = strtol(optarg, &end, 10);
			if (errno || *end || iter < 1) {
				fprintf(stderr, "parse: bad iteration count '%s'\n", optarg);
				return 2;
			}
			break;
		case 'h':
			printf("usage: %s [-n ITER] [DATADIR]\n", argv[0]);
			return 0;
		default:
			fprintf(stderr, "usage: %s [-n ITER] [DATADIR]\n", argv[0]);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "usage: %s [-n ITER] [DATADIR]\n", argv[0]);
		return 2;
	}
	datadir = optind < argc ? xstrdup(argv[optind]) : default_datadir();
	ret = run(datadir, iter);
	free(datadir);
	return ret;
}
