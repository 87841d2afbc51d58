/*
 * pyexpr's entry: an evaluation's state, the expression evaluator and the
 * runner of python functions wired together (a call of a function of the
 * metadata goes through ev->call_def, so that the evaluator does not depend
 * on the statement runner that depends on it)
 */
#include <stdlib.h>
#include <string.h>

#include "pyexpr-int.h"
#include "bblang/util.h"

/* python reads source with universal newlines */
static char *
translate_newlines(const char *code, size_t len, size_t *n)
{
	char *s = xmalloc(len + 1);
	size_t i, k = 0;

	for (i = 0; i < len; i++) {
		if (code[i] == '\r') {
			s[k++] = '\n';
			i += i + 1 < len && code[i + 1] == '\n';
		} else {
			s[k++] = code[i];
		}
	}
	s[k] = '\0';
	*n = k;
	return s;
}

int
bb_py_eval(const struct bb_py_env *env, const char *code, size_t len, struct bb_buf *out,
	   struct bb_buf *why)
{
	struct bb_buf res = BB_BUF_INIT;
	struct ev ev;
	struct pv *v;
	size_t n, i;
	char *src;

	memset(&ev, 0, sizeof(ev));
	ev.env = env;
	ev.why = why;
	ev.call_def = py_call_def;
	src = translate_newlines(code, len, &n);
	v = py_evaluate(&ev, src, n);
	if (v && !ev.status && py_to_str(&ev, v, &res, false) == 0) {
		if (memchr(res.buf, 0, res.len))
			py_unsup(&ev, "result contains a nul byte");
		else if (res.len > BB_PY_MAX_STR)
			py_unsup(&ev, "result longer than %u bytes", BB_PY_MAX_STR);
		else
			bb_buf_add(out, res.buf, res.len);
	}
	bb_buf_release(&res);
	for (i = 0; i < ev.nmem; i++)
		free(ev.mem[i]);
	free(ev.mem);
	free(src);
	return ev.status;
}
