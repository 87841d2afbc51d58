/*
 * libFuzzer target: the expander and the inline-python evaluator
 *
 * Input layout: lines "NAME=VALUE" up to the first NUL, set directly in a
 * datastore (no parser in between: VALUE is any bytes but a newline), then
 * the bytes after the NUL expanded with bb_data_expand(); without a NUL the
 * last line is the string expanded. Every variable is then read expanded.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
set_lines(struct bb_data *d, char *s)
{
	char *line, *save = NULL;

	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '=');

		if (!eq || eq == line)
			continue;
		*eq = '\0';
		bb_data_set(d, line, eq + 1, false, NULL);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = strnlen((const char *)data, size);
	char *defs = strndup((const char *)data, len), *expr, *e = NULL;
	struct bb_data *d;
	const char **keys;
	size_t n;

	if (!defs)
		abort();
	if (len < size)
		expr = strndup((const char *)data + len + 1, size - len - 1);
	else
		expr = strdup(strrchr(defs, '\n') ? strrchr(defs, '\n') + 1 : defs);
	if (!expr)
		abort();
	d = bb_data_new();
	set_lines(d, defs);
	bb_data_expand(d, expr, NULL, &e);
	free(e);
	bb_data_clear_error(d);
	keys = bb_data_keys(d, &n);
	for (size_t i = 0; i < n; i++) {
		char *v = NULL;

		bb_data_get(d, keys[i], true, &v);
		free(v);
		bb_data_clear_error(d);
	}
	free(keys);
	bb_data_free(d);
	free(defs);
	free(expr);
	return 0;
}
