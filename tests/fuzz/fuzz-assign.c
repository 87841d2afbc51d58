/*
 * libFuzzer target: the hand-written assignment matcher (bblang/assign.c)
 * against the pattern it stands for (ConfHandler's __config_regexp__, in
 * bblang/parse.c)
 *
 * The input is one line (newlines and NULs become spaces).  Both must agree
 * on whether it is an assignment and, when it is, on every part: export,
 * name, flag, operator, value, and whether there is whitespace around the
 * operator.  A difference aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/assign.h"
#include "bblang/parse.h"
#include "tests/bblang/assign-parts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	struct bb_assign a, b;
	bool hand, pattern;

	if (!line)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	for (size_t i = 0; i < size; i++)
		if (line[i] == '\n' || line[i] == '\0')
			line[i] = ' ';
	hand = bb_assign_match(line, &a);
	pattern = bb_assign_match_re(line, &b);
	if (hand != pattern || (hand && !assign_same_parts(&a, &b))) {
		fprintf(stderr, "fuzz-assign: '%s': the matcher says %d, the pattern %d\n", line,
			hand, pattern);
		abort();
	}
	free(line);
	return 0;
}
