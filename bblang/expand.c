/*
 * ${VAR} and ${@...} expansion, after data_smart's expandWithRefs: passes
 * until the string no longer changes, BitBake's regular expressions for both
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "expand.h"

/* data_smart's __expand_var_regexp__: ${ followed by [a-zA-Z0-9-_+./~:]+ and } */
static size_t
varref_len(const char *s)
{
	size_t n = 2;

	if (s[0] != '$' || s[1] != '{')
		return 0;
	while (s[n] && (strchr("-_+./~:", s[n]) || (s[n] >= 'a' && s[n] <= 'z') ||
			(s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= '0' && s[n] <= '9')))
		n++;
	return n > 2 && s[n] == '}' ? n + 1 : 0;
}

static bool
has_varref(const char *s, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (s[i] == '$' && varref_len(s + i) && i + varref_len(s + i) <= len)
			return true;
	return false;
}

static int
too_big(const struct bb_expand_env *env, const char *varname, size_t n)
{
	if (n <= BB_EXPAND_MAX)
		return 0;
	return bb_error(env->err, NULL, "value of '%s' larger than %u bytes",
		varname ? varname : "expression", BB_EXPAND_MAX);
}

static int
var_pass(const struct bb_expand_env *env, const char *s, const char *varname, struct bb_buf *out)
{
	while (*s) {
		const char *p = strstr(s, "${");
		size_t n;
		char *key, *val;
		const char *view;

		if (!p) {
			bb_buf_addstr(out, s);
			break;
		}
		bb_buf_add(out, s, (size_t)(p - s));
		n = varref_len(p);
		if (!n) {
			bb_buf_add(out, p, 2);
			s = p + 2;
			continue;
		}
		key = xstrndup(p + 2, n - 3);
		if (varname && !strcmp(varname, key)) {
			free(key);
			return bb_error(env->err, NULL, "variable '%s' references itself", varname);
		}
		if (env->lookup(env->ctx, key, &view, &val) < 0) {
			free(key);
			return -1;
		}
		if (view)
			bb_buf_addstr(out, view);
		else
			bb_buf_add(out, p, n);
		free(val);
		free(key);
		if (too_big(env, varname, out->len) < 0)
			return -1;
		s = p + n;
	}
	return 0;
}

static pcre2_code *
python_regexp(void)
{
	static pcre2_code *re;
	int errcode;
	PCRE2_SIZE erroff;

	/* data_smart's __expand_python_regexp__ */
	if (!re) {
		re = pcre2_compile((PCRE2_SPTR) "\\$\\{@(?:\\{.*?\\}|.)+?\\}", PCRE2_ZERO_TERMINATED,
			0, &errcode, &erroff, NULL);
		if (re)
			pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	}
	return re;
}

/* evaluates one ${@...}; returns 1 when the whole pass must be abandoned */
static int
python_sub(const struct bb_expand_env *env, const char *m, size_t mlen, const char *varname,
	struct bb_buf *out)
{
	const char *code = m + 3;
	size_t len = mlen - 4;
	struct bb_buf val = BB_BUF_INIT, why = BB_BUF_INIT;
	int st, ret = 0;

	if (has_varref(code, len)) {
		bb_buf_add(out, m, mlen);
		return 0;
	}
	st = bb_py_eval(&env->py, code, len, &val, &why);
	switch (st) {
	case BB_PY_OK:
		bb_buf_add(out, val.buf, val.len);
		break;
	case BB_PY_UNSUPPORTED:
		if (!strncmp(why.buf, "SyntaxError: unterminated string literal", 40)) {
			ret = 1;
			break;
		}
		env->unevaluated(env->ctx, varname, code, len, why.buf);
		bb_buf_add(out, m, mlen);
		break;
	case BB_PY_RAISE:
		if (!strncmp(why.buf, "SyntaxError: unterminated string literal", 40)) {
			ret = 1;
			break;
		}
		ret = bb_error(env->err, NULL, "'${@%.*s}' raised %s", (int)len, code, why.buf);
		break;
	default:
		ret = bb_error(env->err, NULL, "%s", why.buf);
		break;
	}
	bb_buf_release(&val);
	bb_buf_release(&why);
	return ret;
}

/* returns 1 when the pass was abandoned (the string is left as it was) */
static int
python_pass(const struct bb_expand_env *env, const char *s, const char *varname, struct bb_buf *out)
{
	pcre2_code *re = python_regexp();
	pcre2_match_data *md;
	size_t len = strlen(s), pos = 0;
	int ret = 0;

	if (!strstr(s, "${@") || !re) {
		bb_buf_add(out, s, len);
		return 0;
	}
	md = pcre2_match_data_create_from_pattern(re, NULL);
	while (pos <= len) {
		PCRE2_SIZE *ov;
		int rc = pcre2_match(re, (PCRE2_SPTR)s, len, pos, 0, md, NULL);

		if (rc < 0)
			break;
		ov = pcre2_get_ovector_pointer(md);
		bb_buf_add(out, s + pos, ov[0] - pos);
		ret = python_sub(env, s + ov[0], ov[1] - ov[0], varname, out);
		if (ret)
			break;
		if (too_big(env, varname, out->len) < 0) {
			ret = -1;
			break;
		}
		pos = ov[1];
	}
	if (!ret && pos <= len)
		bb_buf_add(out, s + pos, len - pos);
	pcre2_match_data_free(md);
	return ret;
}

int
bb_expand_take(const struct bb_expand_env *env, char *s, const char *varname, char **out)
{
	char *cur = s;

	while (strstr(cur, "${")) {
		struct bb_buf a = BB_BUF_INIT, b = BB_BUF_INIT;
		int st;

		if (var_pass(env, cur, varname, &a) < 0) {
			bb_buf_release(&a);
			goto err;
		}
		st = python_pass(env, a.buf, varname, &b);
		if (st < 0) {
			bb_buf_release(&a);
			bb_buf_release(&b);
			goto err;
		}
		if (st == 1) {
			bb_buf_release(&b);
			b = a;
		} else {
			bb_buf_release(&a);
		}
		if (!strcmp(b.buf, cur)) {
			bb_buf_release(&b);
			break;
		}
		free(cur);
		cur = bb_buf_detach(&b);
	}
	*out = cur;
	return 0;
err:
	free(cur);
	return -1;
}
