/*
 * libFuzzer target: the input is a conf file (or a recipe, class or .inc)
 *
 * Input layout: one mode byte (odd: parse as a recipe with BBHandler, even:
 * as a conf file with ConfHandler), then the file text up to the first NUL.
 * The bytes after that NUL, if any, are expanded with bb_data_expand() in
 * the resulting datastore; without a NUL the file text itself is expanded.
 *
 * Includes and inherits resolve against an empty BBPATH and the directory of
 * "fuzz.conf": the working directory, which LLVMFuzzerInitialize changes to
 * an empty temporary one (making relative path arguments absolute first), so
 * relative names are not found.  bblang only reads regular files named
 * *.conf, *.inc, *.bb or *.bbclass, so devices cannot be opened; inputs that
 * name /dev, /proc or /sys and have an include-like keyword are skipped too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/parse.h"
#include "fuzz-util.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_tmpdir("fuzz-parse", argc, argv);
	return 0;
}

static void
dump(struct bb_data *d, bool expand)
{
	struct bb_buf out = BB_BUF_INIT;
	struct bb_dump_opts o = { .flags = true, .expand = expand };

	bb_dump(d, &o, &out);
	bb_buf_release(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data + 1;
	size_t len, rest;
	struct bb_data *d;
	struct bb_stmts st;
	char *etext, *e = NULL;

	if (size < 1 || fuzz_risky((const char *)data, size))
		return -1;
	len = strnlen(text, size - 1);
	rest = size - 1 - len;
	etext = rest > 1 ? strndup(text + len + 1, rest - 1) : strndup(text, len);
	if (!etext)
		abort();

	d = bb_data_new();
	if (!bb_parse_text(d, "fuzz.conf", text, len, data[0] & 1, &st)) {
		bb_stmts_eval(d, &st);
		bb_stmts_release(&st);
	}
	dump(d, true);
	dump(d, false);
	bb_data_clear_error(d);
	bb_data_expand(d, etext, NULL, &e);
	free(e);
	bb_data_free(d);
	free(etext);
	return 0;
}
