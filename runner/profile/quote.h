/*
 * quote: a name from elsewhere (an archive, a target, a directory) made safe
 * for a one-line message
 */
#ifndef RUNNER_QUOTE_H
#define RUNNER_QUOTE_H

#include "bblang/buf.h"

/* s in single quotes, bytes outside printable ASCII (and \ and ') as \xNN */
void quote_add(struct bb_buf *b, const char *s);
/* the same as a new string; caller frees */
char *quote_str(const char *s);
/* s with bytes outside printable ASCII as \xNN, unquoted (a library's message); caller frees */
char *quote_text(const char *s);

#endif
