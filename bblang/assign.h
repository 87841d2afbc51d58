/*
 * the assignment line of ConfHandler's __config_regexp__: its operators, and
 * the spans of its parts
 */
#ifndef BB_ASSIGN_H
#define BB_ASSIGN_H

#include <stdbool.h>
#include <stddef.h>

enum bb_op {
	BB_OP_SET,
	BB_OP_IMMEDIATE,
	BB_OP_DEFAULT,
	BB_OP_WEAK_DEFAULT,
	BB_OP_APPEND,
	BB_OP_PREPEND,
	BB_OP_POSTDOT,
	BB_OP_PREDOT,
};

/* an assignment line: spans of its parts (offsets into the line) */
struct bb_assign {
	bool exported, has_flag;
	enum bb_op op;
	size_t var_off, var_len, flag_off, flag_len, value_off, value_len;
	size_t ws_len, ws2_len;	/* whitespace around the operator */
};

/* matches one logical line as BitBake's __config_regexp__ does */
bool bb_assign_match(const char *line, struct bb_assign *a);

#endif
