/*
 * libFuzzer target: include, require, include_all and inherit lookup over a
 * small layer tree the target makes at start in an empty temporary
 * directory (its working directory from then on):
 *
 *   l1/conf/site.conf        l1/inc/common.inc        l1/classes/base.bbclass
 *   l1/classes-global/glob.bbclass   l1/classes-recipe/rec.bbclass
 *   l1/recipes/a/a.inc       l2/classes/base.bbclass  l2/classes/deep.bbclass
 *   l2/inc/x.inc             l2/sub/dir/z.inc         l2/conf/site.conf
 *
 * whose files include one another through relative names (with ".."), BBPATH
 * and variables the input may set. Input layout: one mode byte (bit 0: a
 * recipe "l1/recipes/a/fuzz.bb" parsed with BBHandler, else a conf file
 * "l1/conf/fuzz.conf"; bit 1: BBPATH "l1:l2" relative to the working
 * directory, else absolute), then the file text. Inputs naming /dev, /proc or
 * /sys with an include-like keyword are skipped, as in fuzz-parse.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/parse.h"
#include "fuzz-util.h"

static const char *const tree[][2] = {
	{ "l1/conf/site.conf", "SITE = \"l1\"\ninclude ../inc/common.inc\n" },
	{ "l1/inc/common.inc", "COMMON = \"${FILE}\"\ninclude ${@d.getVar('NEXT') or 'none.inc'}\n" },
	{ "l1/classes/base.bbclass", "BASE = \"1 ${FILE}\"\ninherit ${EXTRA_CLASS}\n" },
	{ "l1/classes-global/glob.bbclass", "GLOB = \"${FILE}\"\ninherit base\n" },
	{ "l1/classes-recipe/rec.bbclass", "REC = \"${FILE}\"\ninherit deep\n" },
	{ "l1/recipes/a/a.inc", "A = \"${FILE}\"\nrequire ../../../l2/sub/dir/z.inc\n" },
	{ "l2/classes/base.bbclass", "BASE = \"2\"\n" },
	{ "l2/classes/deep.bbclass", "DEEP = \"${FILE}\"\ninclude ../inc/x.inc\n" },
	{ "l2/inc/x.inc", "X = \"${FILE}\"\nX:append = \" ${@os.path.basename(d.getVar('FILE'))}\"\n" },
	{ "l2/sub/dir/z.inc", "Z = \"${FILE}\"\ninclude ../../inc/x.inc\ninclude_all conf/site.conf\n" },
	{ "l2/conf/site.conf", "SITE:append = \" l2\"\n" },
};

static void
make_file(const char *path, const char *text)
{
	char *p = strdup(path);
	FILE *f;

	for (char *s = strchr(p, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	if (!(f = fopen(path, "w")) || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		abort();
	}
	free(p);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_tmpdir("fuzz-lookup", argc, argv);
	for (size_t i = 0; i < sizeof(tree) / sizeof(*tree); i++)
		make_file(tree[i][0], tree[i][1]);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bool recipe = size && (data[0] & 1);
	struct bb_dump_opts o = { .flags = true, .expand = true };
	struct bb_buf out = BB_BUF_INIT;
	struct bb_data *d;
	struct bb_stmts st;
	char *bbpath, *file;

	if (size < 1 || fuzz_risky((const char *)data, size))
		return -1;
	if (data[0] & 2)
		bbpath = strdup("l1:l2");
	else if (asprintf(&bbpath, "%s/l1:%s/l2", fuzz_dir, fuzz_dir) < 0)
		bbpath = NULL;
	if (asprintf(&file, "%s/%s", fuzz_dir, recipe ? "l1/recipes/a/fuzz.bb" : "l1/conf/fuzz.conf") < 0)
		file = NULL;
	if (!bbpath || !file)
		abort();
	d = bb_data_new();
	bb_data_set(d, "BBPATH", bbpath, false, NULL);
	bb_data_set(d, "FILE", file, false, NULL);
	if (!bb_parse_text(d, file, (const char *)data + 1, size - 1, recipe, &st)) {
		bb_stmts_eval(d, &st);
		bb_stmts_release(&st);
	}
	bb_data_clear_error(d);
	bb_dump(d, &o, &out);
	bb_buf_release(&out);
	bb_data_free(d);
	free(bbpath);
	free(file);
	return 0;
}
