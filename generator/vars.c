/* pgo-gen vars: the datastore of conf files, as bitbake-getvar shows it */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/conf.h"
#include "bblang/os.h"
#include "bblang/parse.h"
#include "bblang/strvec.h"
#include "common/fe.h"
#include "generator/gen.h"

static const char vars_usage[] =
	"usage: pgo-gen vars [-I DIR]... [-O OVERRIDES] [-D VAR=VALUE]... [-u] [-f] [-k]\n"
	"                    [-v VAR]... [-x VAR]... [-S DIR] [-C] [-L] FILE...\n"
	"\n"
	"Parses FILE... in order as BitBake parses included conf files and prints every\n"
	"variable as NAME<TAB>VALUE, sorted.\n"
	"\n"
	"  -I DIR        append DIR to BBPATH\n"
	"  -O OVERRIDES  preset OVERRIDES\n"
	"  -D VAR=VALUE  preset a variable (VAR[flag]=VALUE presets a flag)\n"
	"  -u            print values unexpanded\n"
	"  -f            print variable flags too\n"
	"  -k            expand variable names containing ${...}, as bitbake -e does\n"
	"  -v VAR        print only VAR (repeatable)\n"
	"  -x VAR        leave VAR out (repeatable)\n"
	"  -S DIR        print DIR as @DIR@\n"
	"  -C            a class that cannot be found is a warning, not an error\n"
	"  -L            the '_' override syntax of releases before 3.4 (BitBake 1.50)\n"
	"  -h, --help    show this help\n";

struct vars_opts {
	struct bb_conf_opts conf;
	struct bb_strvec only, exclude;	/* NULL-terminated once parsed */
	const char *subst;
	bool unexpanded, flags, expand_keys, classes_optional, legacy;
	char **files;
	int nfiles;
};

static void
print_subst(const char *s, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;
	const char *p;

	while (n && (p = strstr(s, dir))) {
		fwrite(s, 1, (size_t)(p - s), stdout);
		fputs("@DIR@", stdout);
		s = p + n;
	}
	fputs(s, stdout);
}

/* dir: print_subst's; the dump hands over whole lines, so it never spans two pieces */
static void
flush_out(struct bb_buf *out, void *dir)
{
	print_subst(out->buf, dir);
}

static int
run(const struct vars_opts *o)
{
	struct bb_data *d = bb_data_new();
	struct bb_buf out = BB_BUF_INIT;
	struct bb_dump_opts dopts = {
		.flags = o->flags,
		.expand = !o->unexpanded,
		.only = o->only.n ? (const char *const *)o->only.v : NULL,
		.exclude = (const char *const *)o->exclude.v,
	};
	char *subst = o->subst ? bb_path_abs(o->subst) : NULL;
	int ret;

	dopts.flush = flush_out;
	dopts.ctx = subst;

	bb_data_set_inherit_warn(d, o->classes_optional);
	bb_data_set_legacy_overrides(d, o->legacy);
	ret = bb_conf_setup(d, &o->conf);

	for (int i = 0; i < o->nfiles && !ret; i++)
		ret = bb_parse_file(d, o->files[i]);
	if (!ret && o->expand_keys)
		ret = bb_data_expand_keys(d);
	if (ret) {
		fprintf(stderr, "pgo-gen: %s\n", bb_data_error(d));
		printf("!PARSEERROR\t%s\n", bb_data_error(d));
	} else {
		bb_dump(d, &dopts, &out);
		if (out.len)
			print_subst(out.buf, subst);
	}
	fe_report_warnings(NULL, d);
	free(subst);
	bb_buf_release(&out);
	fe_data_done(d);
	return ret ? 1 : 0;
}

/* -1 to run, else the exit status */
static int
parse_opts(struct vars_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "fixed-time", required_argument, NULL, 'T' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "I:O:D:ufkv:x:S:CLh", longopts, NULL)) != -1) {
		if (bb_conf_opt(&o->conf, c, optarg))
			continue;
		switch (c) {
		case 'u': o->unexpanded = true; break;
		case 'f': o->flags = true; break;
		case 'k': o->expand_keys = true; break;
		case 'v': bb_strvec_pushdup(&o->only, optarg); break;
		case 'x': bb_strvec_pushdup(&o->exclude, optarg); break;
		case 'S': o->subst = optarg; break;
		case 'C': o->classes_optional = true; break;
		case 'L': o->legacy = true; break;
		case 'T': break;
		case 'h': fputs(vars_usage, stdout); return 0;
		default: fputs(vars_usage, stderr); return 2;
		}
	}
	if (optind >= argc) {
		fputs(vars_usage, stderr);
		return 2;
	}
	o->files = argv + optind;
	o->nfiles = argc - optind;
	bb_strvec_push(&o->only, NULL);
	o->only.n--;
	bb_strvec_push(&o->exclude, NULL);
	return -1;
}

int
cmd_vars(int argc, char **argv)
{
	struct vars_opts o = { BB_CONF_OPTS_INIT, BB_STRVEC_INIT, BB_STRVEC_INIT, NULL, false,
		false, false, false, false, NULL, 0 };
	int ret = parse_opts(&o, argc, argv);

	if (ret < 0)
		ret = run(&o);
	bb_conf_opts_release(&o.conf);
	bb_strvec_clear(&o.only);
	bb_strvec_clear(&o.exclude);
	return ret;
}
