/* what the assignment matcher and its pattern must agree on for one line (test-assign, fuzz-assign) */
#ifndef TESTS_ASSIGN_PARTS_H
#define TESTS_ASSIGN_PARTS_H

#include <stdbool.h>

#include "bblang/assign.h"

/* every part: export, name, flag, operator, value, and whether there is whitespace around the operator */
static inline bool
assign_same_parts(const struct bb_assign *a, const struct bb_assign *b)
{
	return a->exported == b->exported && a->has_flag == b->has_flag && a->op == b->op &&
		a->var_off == b->var_off && a->var_len == b->var_len &&
		a->value_off == b->value_off && a->value_len == b->value_len &&
		!a->ws_len == !b->ws_len && !a->ws2_len == !b->ws2_len &&
		(!a->has_flag || (a->flag_off == b->flag_off && a->flag_len == b->flag_len));
}

#endif
