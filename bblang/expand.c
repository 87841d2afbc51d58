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

/* the bytes of a name in data_smart's __expand_var_regexp__: [a-zA-Z0-9-_+./~:] */
static bool
name_byte(unsigned char c)
{
	static bool table[256];

	if (!table['a']) {
		for (int b = 0; b < 256; b++)
			table[b] = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
				   (b >= '0' && b <= '9');
		for (const char *p = "-_+./~:"; *p; p++)
			table[(unsigned char)*p] = true;
	}
	return table[c];
}

/* __expand_var_regexp__: ${ followed by one or more name bytes and } */
static size_t
varref_len(const char *s)
{
	size_t n = 2;

	if (s[0] != '$' || s[1] != '{')
		return 0;
	while (name_byte((unsigned char)s[n]))
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

/*
 * the parts of the string under expansion that hold inline python left
 * unevaluated, or text built from such a value: byte ranges, in order.
 * Python whose code takes in such a part is not evaluated either.
 */
struct taint {
	size_t (*r)[2];
	size_t n, alloc;
};

static void
taint_add(struct taint *t, size_t start, size_t end)
{
	if (start >= end)
		return;
	if (t->n && t->r[t->n - 1][1] >= start) {
		if (end > t->r[t->n - 1][1])
			t->r[t->n - 1][1] = end;
		return;
	}
	t->r = bb_grow(t->r, t->n, &t->alloc, sizeof(*t->r), 4);
	t->r[t->n][0] = start;
	t->r[t->n++][1] = end;
}

static void
taint_release(struct taint *t)
{
	free(t->r);
	memset(t, 0, sizeof(*t));
}

/* whether [start, end) meets a range of t; *inside: it lies within one */
static bool
taint_meets(const struct taint *t, size_t start, size_t end, bool *inside)
{
	*inside = false;
	for (size_t i = 0; i < t->n; i++)
		if (t->r[i][0] < end && start < t->r[i][1]) {
			*inside = t->r[i][0] <= start && end <= t->r[i][1];
			return true;
		}
	return false;
}

/* appends s[from, to) to out, with the ranges of old in it moved into nt */
static void
copy_part(struct bb_buf *out, struct taint *nt, const char *s, size_t from, size_t to,
	const struct taint *old)
{
	size_t base = out->len;

	for (size_t i = 0; i < old->n; i++) {
		size_t a = old->r[i][0] > from ? old->r[i][0] : from;
		size_t b = old->r[i][1] < to ? old->r[i][1] : to;

		if (a < b)
			taint_add(nt, base + a - from, base + b - from);
	}
	bb_buf_add(out, s + from, to - from);
}

static int
var_pass(const struct bb_expand_env *env, const char *str, const struct taint *old,
	const char *varname, struct bb_buf *out, struct taint *nt)
{
	const char *s = str;

	while (*s) {
		const char *p = bb_find_ref(s);
		size_t n, base;
		char *key, *val, kbuf[128];
		const char *view;
		bool inside;
		int st;

		if (!p) {
			copy_part(out, nt, str, (size_t)(s - str), strlen(str), old);
			break;
		}
		copy_part(out, nt, str, (size_t)(s - str), (size_t)(p - str), old);
		n = varref_len(p);
		if (!n) {
			copy_part(out, nt, str, (size_t)(p - str), (size_t)(p - str) + 2, old);
			s = p + 2;
			continue;
		}
		/* most names fit kbuf: no allocation per reference */
		key = bb_strndup_in(kbuf, sizeof(kbuf), p + 2, n - 3);
		if (varname && !strcmp(varname, key)) {
			if (key != kbuf)
				free(key);
			return bb_error(env->err, NULL, "variable '%s' references itself", varname);
		}
		st = env->lookup(env->ctx, key, &view, &val);
		if (key != kbuf)
			free(key);
		if (st < 0)
			return -1;
		base = out->len;
		if (view)
			bb_buf_addstr(out, view);
		else
			bb_buf_add(out, p, n);
		if (st > 0 || taint_meets(old, (size_t)(p - str), (size_t)(p - str) + n, &inside))
			taint_add(nt, base, out->len);
		free(val);
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

/*
 * evaluates one ${@...}; tainted: its code takes in a part left unevaluated;
 * returns 1 when the whole pass must be abandoned
 */
static int
python_sub(const struct bb_expand_env *env, const char *m, size_t mlen, bool tainted,
	const char *varname, struct bb_buf *out, struct taint *nt)
{
	const char *code = m + 3;
	size_t len = mlen - 4;
	struct bb_buf val = BB_BUF_INIT, why = BB_BUF_INIT;
	int st, ret = 0;

	if (has_varref(code, len)) {
		bb_buf_add(out, m, mlen);
		return 0;
	}
	if (tainted) {
		st = BB_PY_UNSUPPORTED;
		bb_buf_addstr(&why, "its code holds a value whose inline python is not evaluated");
	} else {
		st = bb_py_eval(&env->py, code, len, &val, &why);
	}
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
		taint_add(nt, out->len, out->len + mlen);
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
python_pass(const struct bb_expand_env *env, const char *s, const struct taint *old,
	const char *varname, struct bb_buf *out, struct taint *nt)
{
	pcre2_code *re = python_regexp();
	pcre2_match_data *md;
	size_t len = strlen(s), pos = 0;
	int ret = 0;

	if (!strstr(s, "${@") || !re) {
		copy_part(out, nt, s, 0, len, old);
		return 0;
	}
	md = pcre2_match_data_create_from_pattern(re, NULL);
	while (pos <= len) {
		PCRE2_SIZE *ov;
		int rc = pcre2_match(re, (PCRE2_SPTR)s, len, pos, 0, md, NULL);

		if (rc < 0)
			break;
		bool inside, meets;

		ov = pcre2_get_ovector_pointer(md);
		copy_part(out, nt, s, pos, ov[0], old);
		/* python inside an unevaluated part was tried already: it stays */
		meets = taint_meets(old, ov[0], ov[1], &inside);
		if (inside)
			copy_part(out, nt, s, ov[0], ov[1], old);
		else
			ret = python_sub(env, s + ov[0], ov[1] - ov[0], meets, varname, out, nt);
		if (ret)
			break;
		if (too_big(env, varname, out->len) < 0) {
			ret = -1;
			break;
		}
		pos = ov[1];
	}
	if (!ret && pos <= len)
		copy_part(out, nt, s, pos, len, old);
	pcre2_match_data_free(md);
	return ret;
}

int
bb_expand_take(const struct bb_expand_env *env, char *s, const char *varname, char **out)
{
	struct taint t = { 0 };
	char *cur = s;
	int ret;

	while (bb_find_ref(cur)) {
		struct bb_buf a = BB_BUF_INIT, b = BB_BUF_INIT;
		struct taint ta = { 0 }, tb = { 0 };
		int st;

		if (var_pass(env, cur, &t, varname, &a, &ta) < 0) {
			bb_buf_release(&a);
			taint_release(&ta);
			goto err;
		}
		taint_release(&t);
		/* no inline python: the pass would copy a as it is */
		st = strstr(a.buf, "${@") ? python_pass(env, a.buf, &ta, varname, &b, &tb) : 1;
		if (st < 0) {
			bb_buf_release(&a);
			bb_buf_release(&b);
			taint_release(&ta);
			taint_release(&tb);
			goto err;
		}
		if (st == 1) {
			bb_buf_release(&b);
			taint_release(&tb);
			b = a;
			t = ta;
		} else {
			bb_buf_release(&a);
			taint_release(&ta);
			t = tb;
		}
		if (!strcmp(b.buf, cur)) {
			bb_buf_release(&b);
			break;
		}
		free(cur);
		cur = bb_buf_detach(&b);
	}
	*out = cur;
	ret = t.n > 0;
	taint_release(&t);
	return ret;
err:
	taint_release(&t);
	free(cur);
	return -1;
}
