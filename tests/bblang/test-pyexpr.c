/* tests for the inline python subset; expectations were produced by python 3.11 with
   bitbake's bb.utils and oe-core's oe.utils against the same variable table */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "bblang/buf.h"
#include "bblang/pyexpr/pyexpr.h"
#include "bblang/util.h"

struct var {
	const char *name, *value, *raw;
};

static const struct var vars[] = {
	{ "MACHINE", "qemux86", NULL },
	{ "DISTRO_FEATURES", "x11 wayland opengl", NULL },
	{ "MACHINE_FEATURES", "wayland x11 alsa", NULL },
	{ "TUNE_FEATURES", "m64 core2 x11 opengl", NULL },
	{ "A", "alpha", NULL },
	{ "REF", "alpha", "${A}" },
	{ "EMPTY", "", NULL },
	{ "ONE", "1", NULL },
	{ "FLAG", "yes", NULL },
	{ "PV", "1.10", NULL },
	{ "OPTLEVEL", "-O2", NULL },
	{ "SERIAL_CONSOLES", "115200;ttyS0 115200;ttyS1", NULL },
	{ "ABIEXTENSION", "", NULL },
	{ "PE", "2", NULL },
	{ "PKGE", " ", NULL },
	{ "TARGET_ARCH", "x86_64", NULL },
	{ "LINKER_HASH_STYLE", "gnu", NULL },
	{ "OVERRIDES", "linux:x86-64:libc-musl", NULL },
	{ "TUNE_CCARGS_MFPU", "fp-armv8 neon-d16", NULL },
	{ "TUNE_CCARGS_MFLOAT", "", NULL },
	{ "MACHINE_FEATURES_DEFAULTS", "d c b a", NULL },
	{ "MACHINE_FEATURES_OPTED_OUT", "b", NULL },
	{ "DISTRO_FEATURES_DEFAULTS", "x y", NULL },
	{ "DISTRO_FEATURES_OPTED_OUT", "y *", NULL },
	{ "ONLYDEFAULTS_DEFAULTS", "z  y", NULL },
	{ "PN", "lib32-gcc-cross-x86_64", NULL },
	{ "SPECIAL_PKGSUFFIX", "-native -cross-x86_64 -crosssdk", NULL },
	{ "MLPREFIX", "lib32-", NULL },
	{ "DEBUG_BUILD", "0", NULL },
	{ "FULL_OPTIMIZATION", "-O2 -pipe", NULL },
	{ "DEBUG_OPTIMIZATION", "-Og -g", NULL },
	{ "BASELIB", "lib", NULL },
	{ "DEFAULTTUNE", "core2-64", NULL },
	{ "BASE_LIB:tune-core2-64", "lib64", NULL },
	{ "SELECTED_OPTIMIZATION", "-O2 -pipe -g", NULL },
	{ "LIST", "c b a", NULL },
	{ "UNICODE", "h\303\251llo w\303\266rld", NULL },
	{ "FILE", "/layers/meta/conf/local.conf", "${TOPDIR}/conf/local.conf" },
	{ "TUNE_PKGARCH", "core2-64", NULL },
	{ "MIPS_INSTRUCTION_SET", "mips16e", NULL },
	{ "IMAGE_CLASSES", "testimage", NULL },
	{ "BADUTF8", "\377", NULL },
};

struct fake {
	int calls;
};

static int
fake_getvar(void *ctx, const char *name, bool expand, char **val, char **err)
{
	struct fake *f = ctx;
	size_t i;

	if (f)
		f->calls++;
	*val = NULL;
	if (!strcmp(name, "BROKEN")) {
		*err = xstrdup("expansion of 'BROKEN' failed");
		return -1;
	}
	for (i = 0; i < sizeof(vars) / sizeof(*vars); i++) {
		if (!strcmp(vars[i].name, name)) {
			*val = xstrdup(!expand && vars[i].raw ? vars[i].raw : vars[i].value);
			break;
		}
	}
	return 0;
}

static const struct bb_py_env env = { .getvar = fake_getvar };

struct ok_case {
	const char *code, *want, *exc;
};

static int
run(const char *code, size_t len, struct bb_buf *out, struct bb_buf *why)
{
	return bb_py_eval(&env, code, len, out, why);
}

/* want NULL: python raises exc */
static void
check_case(const struct ok_case *c)
{
	struct bb_buf out = BB_BUF_INIT, why = BB_BUF_INIT;
	int st = run(c->code, strlen(c->code), &out, &why);

	if (c->want && (st != BB_PY_OK || strcmp(out.buf, c->want)))
		fail_msg("%s: got %d '%s' (%s), want '%s'", c->code, st, out.buf, why.buf, c->want);
	if (!c->want && (st != BB_PY_RAISE || strncmp(why.buf, c->exc, strlen(c->exc)) ||
			 why.buf[strlen(c->exc)] != ':'))
		fail_msg("%s: got %d '%s', want %s", c->code, st, why.buf, c->exc);
	bb_buf_release(&out);
	bb_buf_release(&why);
}

static void
check_ok(const char *code, const char *want)
{
	struct ok_case c = { code, want, NULL };

	check_case(&c);
}

static void
check_status(const char *code, size_t len, int want, const char *why_has)
{
	struct bb_buf out = BB_BUF_INIT, why = BB_BUF_INIT;
	int st = run(code, len, &out, &why);

	if (st != want || (why_has && !strstr(why.buf, why_has)) || (st && out.len))
		fail_msg("%.*s: got %d '%s' (%s), want %d", (int)len, code, st, out.buf, why.buf, want);
	if (st && (!why.len || strchr(why.buf, '\n')))
		fail_msg("%.*s: bad reason '%s'", (int)len, code, why.buf);
	bb_buf_release(&out);
	bb_buf_release(&why);
}

static void
check_unsup(const char *code)
{
	check_status(code, strlen(code), BB_PY_UNSUPPORTED, NULL);
}

/* pure python: literals, operators, subscripts, str methods and builtins */
static const struct ok_case pure_cases[] = {
	{ "'abc'", "abc", NULL },
	{ "\"a'b\"", "a'b", NULL },
	{ "'a' 'b' \"c\"", "abc", NULL },
	{ "'tab\\there'", "tab\there", NULL },
	{ "'\\x41\\101\\u00e9'", "AA\303\251", NULL },
	{ "r'a\\nb'", "a\\nb", NULL },
	{ "'''tri'ple'''", "tri'ple", NULL },
	{ "\"\"\"x\ny\"\"\"", "x\ny", NULL },
	{ "'a\\\nb'", "ab", NULL },
	{ "0x1f + 0o17 + 0b11 + 1_000", "1049", NULL },
	{ "00 + 0", "0", NULL },
	{ "True", "True", NULL },
	{ "None", "None", NULL },
	{ "False", "False", NULL },
	{ "[]", "[]", NULL },
	{ "()", "()", NULL },
	{ "{}", "{}", NULL },
	{ "[1, 'a', None, True]", "[1, 'a', None, True]", NULL },
	{ "('a',)", "('a',)", NULL },
	{ "(1, 2)", "(1, 2)", NULL },
	{ "1, 2", "(1, 2)", NULL },
	{ "{'a': 1, 'b': [2, (3,)]}", "{'a': 1, 'b': [2, (3,)]}", NULL },
	{ "{'green': 1, 'blue': 2}['green']", "1", NULL },
	{ "{ 'green': 1, 'blue': 2 }['green']", "1", NULL },
	{ "{1: 'a', True: 'b'}", "{1: 'b'}", NULL },
	{ "['it\\'s', \"q\\\"\", 'both\\'\"', 'back\\\\slash', 'nl\\n', '\\x7f\\x01']", "[\"it's\", 'q\"', 'both\\'\"', 'back\\\\slash', 'nl\\n', '\\x7f\\x01']", NULL },
	{ "'' or 'x'", "x", NULL },
	{ "'a' or 'x'", "a", NULL },
	{ "0 or [] or None", "None", NULL },
	{ "1 and 'b'", "b", NULL },
	{ "'' and 'b'", "", NULL },
	{ "not ''", "True", NULL },
	{ "not 'a'", "False", NULL },
	{ "not not 5", "True", NULL },
	{ "[] or {} or ()", "()", NULL },
	{ "None or 0", "0", NULL },
	{ "1 < 2 < 3", "True", NULL },
	{ "1 < 3 < 2", "False", NULL },
	{ "3 > 2 == 2", "True", NULL },
	{ "'a' in 'abc'", "True", NULL },
	{ "'' in ''", "True", NULL },
	{ "'x' not in ['a', 'b']", "True", NULL },
	{ "1 in (True, 2)", "True", NULL },
	{ "'a' in {'a': 1}", "True", NULL },
	{ "None is None", "True", NULL },
	{ "None is not None", "False", NULL },
	{ "True is True", "True", NULL },
	{ "1 is True", "False", NULL },
	{ "'abc' < 'abd'", "True", NULL },
	{ "'b' > 'abc'", "True", NULL },
	{ "[1, 2] < [1, 3]", "True", NULL },
	{ "(1, 2) <= (1, 2)", "True", NULL },
	{ "[1] == [True]", "True", NULL },
	{ "[1] == (1,)", "False", NULL },
	{ "1 == True", "True", NULL },
	{ "'1' == 1", "False", NULL },
	{ "None == False", "False", NULL },
	{ "{'a': 1} == {'a': True}", "True", NULL },
	{ "1 + 2 * 3 - 4", "3", NULL },
	{ "7 // 2", "3", NULL },
	{ "-7 // 2", "-4", NULL },
	{ "7 % -3", "-2", NULL },
	{ "-7 % 3", "2", NULL },
	{ "'ab' * 3", "ababab", NULL },
	{ "3 * 'ab'", "ababab", NULL },
	{ "'ab' * -1", "", NULL },
	{ "[1] * 3", "[1, 1, 1]", NULL },
	{ "[1, 2] + [3]", "[1, 2, 3]", NULL },
	{ "(1,) + (2,)", "(1, 2)", NULL },
	{ "'a' + 'b'", "ab", NULL },
	{ "-5", "-5", NULL },
	{ "+True", "1", NULL },
	{ "~5", "-6", NULL },
	{ "- - 3", "3", NULL },
	{ "True + True", "2", NULL },
	{ "'%s-%s' % ('a', 'b')", "a-b", NULL },
	{ "'%d' % True", "1", NULL },
	{ "'%5s|%-5s|' % ('a', 'b')", "    a|b    |", NULL },
	{ "'%05d|%+d|% d|%-4d|' % (42, 5, 7, -3)", "00042|+5| 7|-3  |", NULL },
	{ "'%5.3d|%.2s|%r' % (5, 'abc', 'x')", "  005|ab|'x'", NULL },
	{ "'%s' % [1, 'a']", "[1, 'a']", NULL },
	{ "'%s' % (None,)", "None", NULL },
	{ "'100%%' % ()", "100%", NULL },
	{ "'%s%%' % 5", "5%", NULL },
	{ "'abc' % []", "abc", NULL },
	{ "'%i %u' % (1, 2)", "1 2", NULL },
	{ "'%ld' % 5", "5", NULL },
	{ "'hello'[0]", "h", NULL },
	{ "'hello'[-1]", "o", NULL },
	{ "'hello'[1:3]", "el", NULL },
	{ "'hello'[::-1]", "olleh", NULL },
	{ "'hello'[::2]", "hlo", NULL },
	{ "'hello'[-3:]", "llo", NULL },
	{ "'hello'[:-3]", "he", NULL },
	{ "'hello'[10:]", "", NULL },
	{ "'hello'[4:1:-1]", "oll", NULL },
	{ "[1, 2, 3][::-1]", "[3, 2, 1]", NULL },
	{ "[1, 2, 3][1:]", "[2, 3]", NULL },
	{ "(1, 2, 3)[-2]", "2", NULL },
	{ "['a', 'b'][True]", "b", NULL },
	{ "['a', 'b'][False]", "a", NULL },
	{ "'h\303\251llo'[1]", "\303\251", NULL },
	{ "'h\303\251llo'[::-1]", "oll\303\251h", NULL },
	{ "'h\303\251llo'[1:3]", "\303\251l", NULL },
	{ "len('h\303\251llo')", "5", NULL },
	{ "'a b  c '.split()", "['a', 'b', 'c']", NULL },
	{ "' a b '.split(' ')", "['', 'a', 'b', '']", NULL },
	{ "'a,b,,c'.split(',')", "['a', 'b', '', 'c']", NULL },
	{ "'a b c'.split(None, 1)", "['a', 'b c']", NULL },
	{ "'a b c'.split(maxsplit=1)", "['a', 'b c']", NULL },
	{ "'a:b:c'.split(':', 1)", "['a', 'b:c']", NULL },
	{ "'a:b:c'.rsplit(':', 1)", "['a:b', 'c']", NULL },
	{ "'  a b c  '.rsplit(None, 1)", "['  a b', 'c']", NULL },
	{ "'a b c'.rsplit()", "['a', 'b', 'c']", NULL },
	{ "''.split()", "[]", NULL },
	{ "''.split(',')", "['']", NULL },
	{ "'\\x1c a\\x1fb\\u00a0c\\u3000'.split()", "['a', 'b', 'c']", NULL },
	{ "'  x  '.strip()", "x", NULL },
	{ "'xxhixx'.strip('x')", "hi", NULL },
	{ "'  x  '.lstrip()", "x  ", NULL },
	{ "'  x  '.rstrip()", "  x", NULL },
	{ "'abcba'.strip('ab')", "c", NULL },
	{ "'a.b.c'.replace('.', '-')", "a-b-c", NULL },
	{ "'aaa'.replace('a', 'b', 2)", "bba", NULL },
	{ "'abc'.replace('', '-')", "-a-b-c-", NULL },
	{ "'abc'.replace('', '-', 2)", "-a-bc", NULL },
	{ "'ABC'.lower()", "abc", NULL },
	{ "'abc'.upper()", "ABC", NULL },
	{ "'qemux86'.startswith('qemu')", "True", NULL },
	{ "'qemux86'.startswith(('x', 'qe'))", "True", NULL },
	{ "'qemux86'.endswith('86')", "True", NULL },
	{ "','.join(['a', 'b'])", "a,b", NULL },
	{ "'-'.join('abc')", "a-b-c", NULL },
	{ "''.join([])", "", NULL },
	{ "'-'.join(('x',))", "x", NULL },
	{ "'foobar'.removeprefix('foo')", "bar", NULL },
	{ "'foobar'.removesuffix('bar')", "foo", NULL },
	{ "'foobar'.removesuffix('x')", "foobar", NULL },
	{ "int('42')", "42", NULL },
	{ "int(' -1_0 ')", "-10", NULL },
	{ "int(True)", "1", NULL },
	{ "int()", "0", NULL },
	{ "int('7', 10)", "7", NULL },
	{ "str(5)", "5", NULL },
	{ "str()", "", NULL },
	{ "str([1, 'a'])", "[1, 'a']", NULL },
	{ "str(None)", "None", NULL },
	{ "bool('')", "False", NULL },
	{ "bool('x')", "True", NULL },
	{ "bool()", "False", NULL },
	{ "len([1, 2])", "2", NULL },
	{ "len({'a': 1})", "1", NULL },
	{ "len('')", "0", NULL },
	{ "any([0, '', 'x'])", "True", NULL },
	{ "any([])", "False", NULL },
	{ "all([1, 'a'])", "True", NULL },
	{ "all([1, ''])", "False", NULL },
	{ "all('')", "True", NULL },
	{ "sorted(['c', 'b', 'a'])", "['a', 'b', 'c']", NULL },
	{ "sorted('cba')", "['a', 'b', 'c']", NULL },
	{ "sorted([3, 1, True, 0])", "[0, 1, True, 3]", NULL },
	{ "sorted({'b': 1, 'a': 2})", "['a', 'b']", NULL },
	{ "' '.join(sorted('c b a'.split()))", "a b c", NULL },
	{ "str(1 > 2)", "False", NULL },
	{ "(1)", "1", NULL },
	{ "((((1))))", "1", NULL },
	{ "[\n1,\n2,\n]", "[1, 2]", NULL },
	{ "1 # comment", "1", NULL },
	{ "'a' if 1 > 2 else 'b'", "b", NULL },
	{ "'a' if 2 > 1 else 'b'", "a", NULL },
	{ "'x' if '' else 'y' if 0 else 'z'", "z", NULL },
	{ "('a' if True else 'b') + 'c'", "ac", NULL },
	{ "[1, 2][0] if True else 0", "1", NULL },
};

/* with the datastore: d.getVar, bb.utils, oe.utils, os.path and real OE idioms */
static const struct ok_case ds_cases[] = {
	{ "d.getVar('A')", "alpha", NULL },
	{ "d.getVar('A') + '-suffix'", "alpha-suffix", NULL },
	{ "d.getVar('UNDEFINED') or 'fallback'", "fallback", NULL },
	{ "d.getVar('A', False)", "alpha", NULL },
	{ "d.getVar('REF', False)", "${A}", NULL },
	{ "d.getVar('REF')", "alpha", NULL },
	{ "d.getVar('REF', expand=False)", "${A}", NULL },
	{ "d.getVar(var='A')", "alpha", NULL },
	{ "d.getVar('UNDEFINED')", "None", NULL },
	{ "'yes' if d.getVar('UNDEF') else 'no'", "no", NULL },
	{ "'x86' if d.getVar('MACHINE').startswith('qemux86') else 'other'", "x86", NULL },
	{ "str(len(d.getVar('MACHINE')))", "7", NULL },
	{ "' '.join(sorted(d.getVar('LIST').split()))", "a b c", NULL },
	{ "d.getVar('MACHINE').replace('qemu', 'QEMU-')", "QEMU-x86", NULL },
	{ "MACHINE", "qemux86", NULL },
	{ "MACHINE + '-x'", "qemux86-x", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11', 'yes', 'no', d)", "yes", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'systemd', 'yes', 'no', d)", "no", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11 opengl', 'both', 'notboth', d)", "both", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11 wayland', 'a', 'b', d)", "a", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11 vulkan', 'both', 'notboth', d)", "notboth", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', [ 'x11', 'opengl' ], 'l', 'nl', d)", "l", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', ('x11',), 't', 'nt', d)", "t", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', [], 'empty', 'no', d)", "empty", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', '', 'empty', 'no', d)", "empty", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', [1], 'int', 'no', d)", "no", NULL },
	/* a word is matched whole, not as a prefix */
	{ "bb.utils.contains('DISTRO_FEATURES', 'x1', 'yes', 'no', d)", "no", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11 open', 'yes', 'no', d)", "no", NULL },
	/* 64 bytes and more of words to look for: the sorted-set path */
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11                                                             opengl', 'both', 'notboth', d)", "both", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11                                                             vulkan', 'both', 'notboth', d)", "notboth", NULL },
	{ "bb.utils.contains('UNDEFINED_VAR', 'x', 'yes', 'no', d)", "no", NULL },
	{ "bb.utils.contains('EMPTY', 'x', 'yes', 'no', d)", "no", NULL },
	{ "bb.utils.contains('UNDEFINED_VAR', None, 'yes', 'no', d)", "no", NULL },
	{ "bb.utils.contains(\"DISTRO_FEATURES\", \"wayland\", \"double-quoted\", \"\", d)", "double-quoted", NULL },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x11', True, False, d)", "True", NULL },
	{ "bb.utils.contains('TUNE_FEATURES', 'm64', ' -m64', '', d)", " -m64", NULL },
	{ "bb.utils.contains(variable='DISTRO_FEATURES', checkvalues='x11', truevalue=1, falsevalue=0, d=d)", "1", NULL },
	{ "bb.utils.contains_any('DISTRO_FEATURES', 'vulkan opengl', 'any', 'none', d)", "any", NULL },
	{ "bb.utils.contains_any('DISTRO_FEATURES', 'vulkan', 'any', 'none', d)", "none", NULL },
	{ "bb.utils.contains_any('DISTRO_FEATURES', [], 'any', 'none', d)", "none", NULL },
	{ "bb.utils.contains_any('DISTRO_FEATURES', ['x', 'opengl'], 'any', 'none', d)", "any", NULL },
	{ "bb.utils.contains_any('UNDEFINED', 'x', 'any', 'none', d)", "none", NULL },
	{ "bb.utils.filter('DISTRO_FEATURES', 'x11 vulkan opengl', d)", "opengl x11", NULL },
	{ "bb.utils.filter('DISTRO_FEATURES', 'vulkan', d)", "", NULL },
	{ "bb.utils.filter('UNDEFINED_VAR', 'x11', d)", "", NULL },
	{ "bb.utils.filter('DISTRO_FEATURES', 'wayland x11 x11', d)", "wayland x11", NULL },
	{ "bb.utils.filter('DISTRO_FEATURES', ['wayland', 'opengl', 3], d)", "opengl wayland", NULL },
	{ "bb.utils.filter('SELECTED_OPTIMIZATION', '-O0 -O1 -O2 -O3 -Ofast -Og -Os -Oz -O', d)", "-O2", NULL },
	{ "bb.utils.to_boolean('yes')", "True", NULL },
	{ "bb.utils.to_boolean('FALSE')", "False", NULL },
	{ "bb.utils.to_boolean('')", "None", NULL },
	{ "bb.utils.to_boolean('', 'dflt')", "dflt", NULL },
	{ "bb.utils.to_boolean(None, default=True)", "True", NULL },
	{ "bb.utils.to_boolean(0)", "None", NULL },
	{ "bb.utils.to_boolean(5)", "True", NULL },
	{ "bb.utils.vercmp_string('1.10', '1.9')", "1", NULL },
	{ "bb.utils.vercmp_string('1.0', '1.0')", "0", NULL },
	{ "bb.utils.vercmp_string('1.0~rc1', '1.0')", "-1", NULL },
	{ "bb.utils.vercmp_string('1.0', '1.0a')", "-1", NULL },
	{ "bb.utils.vercmp_string('1.0-r1', '1.0-r2')", "-1", NULL },
	{ "bb.utils.vercmp_string('3:1.0', '1:2.0')", "2", NULL },
	{ "bb.utils.vercmp_string('1.0+git', '1.0')", "1", NULL },
	{ "bb.utils.vercmp_string('>=2.0', '2.0')", "0", NULL },
	{ "bb.utils.vercmp_string('1.01', '1.1')", "0", NULL },
	{ "bb.utils.vercmp_string('1.0.', '1.0')", "1", NULL },
	{ "bb.utils.vercmp_string('a', '1')", "1", NULL },
	{ "bb.utils.vercmp_string('1:2:3', '1:2')", "0", NULL },
	{ "oe.utils.conditional('ONE', '1', 'is-one', 'not-one', d)", "is-one", NULL },
	{ "oe.utils.conditional('ONE', '2', 'is-two', 'not-two', d)", "not-two", NULL },
	{ "oe.utils.conditional('ONE', 1, 'is-int', 'not-int', d)", "not-int", NULL },
	{ "oe.utils.conditional('UNDEFINED', None, 'none', 'not-none', d)", "none", NULL },
	{ "oe.utils.conditional('OPTLEVEL','-O0','','${OPTLEVEL} -D_FORTIFY_SOURCE=2',d)", "${OPTLEVEL} -D_FORTIFY_SOURCE=2", NULL },
	{ "oe.utils.vartrue('FLAG', 'true-val', 'false-val', d)", "true-val", NULL },
	{ "oe.utils.vartrue('DEBUG_BUILD', '-Og -g', '-O2', d)", "-O2", NULL },
	{ "oe.utils.vartrue('UNDEFINED', 'a', 'b', d)", "b", NULL },
	{ "d.getVar(oe.utils.vartrue('DEBUG_BUILD', 'DEBUG_OPTIMIZATION', 'FULL_OPTIMIZATION', d))", "-O2 -pipe", NULL },
	{ "oe.utils.ifelse(d.getVar('ONE') == '1', 'if', 'else')", "if", NULL },
	{ "oe.utils.ifelse('')", "False", NULL },
	{ "oe.utils.ifelse('x')", "True", NULL },
	{ "oe.utils.less_or_equal('ONE', '2', 'le', 'gt', d)", "le", NULL },
	{ "oe.utils.less_or_equal('PV', '1.2', 'le', 'gt', d)", "le", NULL },
	{ "oe.utils.less_or_equal('PV', 1, 'le', 'gt', d)", "gt", NULL },
	{ "oe.utils.less_or_equal('ONE', ' 1.0e0 ', 'le', 'gt', d)", "le", NULL },
	{ "oe.utils.version_less_or_equal('PV', '1.2', 'old', 'new', d)", "new", NULL },
	{ "oe.utils.version_less_or_equal('PV', '1.10', 'old', 'new', d)", "old", NULL },
	{ "oe.utils.both_contain('DISTRO_FEATURES', 'MACHINE_FEATURES', 'x11', d)", "x11", NULL },
	{ "oe.utils.both_contain('DISTRO_FEATURES', 'MACHINE_FEATURES', 'opengl', d)", "", NULL },
	{ "oe.utils.set_difference('MACHINE_FEATURES_DEFAULTS', 'MACHINE_FEATURES_OPTED_OUT', d)", "a c d", NULL },
	{ "oe.utils.filter_default_features('MACHINE_FEATURES', d)", "a c d", NULL },
	{ "oe.utils.filter_default_features('DISTRO_FEATURES', d)", "", NULL },
	{ "oe.utils.filter_default_features('NOTHING', d)", "", NULL },
	{ "oe.utils.filter_default_features('ONLYDEFAULTS', d)", "z  y", NULL },
	{ "oe.utils.prune_suffix(d.getVar('PN'), d.getVar('SPECIAL_PKGSUFFIX').split(), d)", "gcc", NULL },
	{ "oe.utils.prune_suffix('lib32-foo-native', ['-native', '', '-cross'], d)", "foo", NULL },
	{ "oe.utils.prune_suffix('foo', 'o', d)", "fo", NULL },
	{ "oe.types.boolean('0')", "False", NULL },
	{ "oe.types.boolean('Yes')", "True", NULL },
	{ "oe.types.boolean(None)", "False", NULL },
	{ "oe.types.boolean(True)", "True", NULL },
	{ "os.path.basename('/a/b/c.conf')", "c.conf", NULL },
	{ "os.path.basename('/a/b/')", "", NULL },
	{ "os.path.dirname('/a/b/c.conf')", "/a/b", NULL },
	{ "os.path.dirname('c.conf')", "", NULL },
	{ "os.path.dirname('//')", "//", NULL },
	{ "os.path.dirname('/a//b')", "/a", NULL },
	{ "os.path.join('x', 'y')", "x/y", NULL },
	{ "os.path.join('x/', '/y', 'z', '')", "/y/z/", NULL },
	{ "os.path.join('', 'b')", "b", NULL },
	{ "os.path.join('a')", "a", NULL },
	{ "os.path.normpath('/a/./b/../c//')", "/a/c", NULL },
	{ "os.path.normpath('')", ".", NULL },
	{ "os.path.normpath('//a/..')", "//", NULL },
	{ "os.path.normpath('///a')", "/a", NULL },
	{ "os.path.normpath('a/../../b')", "../b", NULL },
	{ "os.path.normpath('/layers/meta/../')", "/layers", NULL },
	{ "os.path.dirname(d.getVar('FILE', False))", "${TOPDIR}/conf", NULL },
	{ "['', '-gnu'][(d.getVar('ABIEXTENSION') or '') != '']", "", NULL },
	{ "['', '-gnu'][(d.getVar('NOABI') or '') != '']", "", NULL },
	{ "','.join(d.getVar('SERIAL_CONSOLES').split(' ')[0].split(';')[::-1]) or 'ttyS0,115200'", "ttyS0,115200", NULL },
	{ "['', ' -mabi=elfv2']['libc-musl' in d.getVar('OVERRIDES').split(':')]", " -mabi=elfv2", NULL },
	{ "(' -mfpu=%s' % d.getVar('TUNE_CCARGS_MFPU').split()[-1]) if (d.getVar('TUNE_CCARGS_MFPU') != '') else ''", " -mfpu=neon-d16", NULL },
	{ "('-%s'       % d.getVar('TUNE_CCARGS_MFPU').split()[-1].replace('-d16', 'd16')) if (d.getVar('TUNE_CCARGS_MFPU') != '') else ''", "-neond16", NULL },
	{ "' -mfloat-abi=x' if (d.getVar('TUNE_CCARGS_MFLOAT') != '')     else ''", "", NULL },
	{ "'hf'                                 if (d.getVar('TUNE_CCARGS_MFLOAT') == 'hard') else ''", "", NULL },
	{ "d.getVar('TARGET_ARCH').replace(\"_\", \"-\")", "x86-64", NULL },
	{ "['-Wl,--hash-style=gnu',''][d.getVar('LINKER_HASH_STYLE') != 'gnu']", "-Wl,--hash-style=gnu", NULL },
	{ "d.getVar('TUNE_CCARGS_MFLOAT') or 'soft'", "soft", NULL },
	{ "['','${PE}'][int(d.getVar('PE') or 0) > 0]", "${PE}", NULL },
	{ "['','${PE}_'][int(d.getVar('NOPE') or 0) > 0]", "", NULL },
	{ "['.${PRAUTO}', ''][not d.getVar('PRAUTO')]", "", NULL },
	{ "['','${PKGE}:'][d.getVar('PKGE').strip() != '']", "", NULL },
	{ "['mno-mips16', 'mips16'][d.getVar('MIPS_INSTRUCTION_SET') == 'mips16e']", "mips16", NULL },
	{ "[d.getVar('TUNE_PKGARCH'), d.getVar('MACHINE')][bool(d.getVar('MACHINE'))].replace('-', '_')", "qemux86", NULL },
	{ "d.getVar('BASE_LIB:tune-' + (d.getVar('DEFAULTTUNE') or 'INVALID')) or d.getVar('BASELIB')", "lib64", NULL },
	{ "d.getVar('DISTRO') or ''", "", NULL },
	{ "'' if 'x' else '-pie -fPIE'", "", NULL },
	{ "\" (mc:x)\" if d.getVar(\"BBMULTICONFIG\") else \"\"", "", NULL },
	{ "bb.utils.contains('TUNE_FEATURES', 'callconvention-hard', 'hard', 'softfp', d) if (d.getVar('TUNE_CCARGS_MFPU') != '' or bb.utils.contains('TUNE_FEATURES', 'simd', True, False, d)) else ''", "softfp", NULL },
	{ "'ip ping' if (bb.utils.contains_any('IMAGE_CLASSES', 'testimage testsdk', True, False, d)) else ''", "ip ping", NULL },
	{ "bb.utils.contains(\"TUNE_FEATURES\", \"d\", \"d\", bb.utils.contains(\"TUNE_FEATURES\", \"f\", \"f\", \"\", d), d)", "", NULL },
	{ "'-march=rv -mabi=x' if not d.getVar('TUNE_CCARGS:tune-${DEFAULTTUNE}') else 'TUNE_CCARGS:tune-${DEFAULTTUNE}'", "-march=rv -mabi=x", NULL },
	{ "\"conf/multiconfig/x.conf\" if \"\" != \"\" else \"\"", "", NULL },
	{ "'FOO'.lower()", "foo", NULL },
	{ "'boo ' + 'foo'", "boo foo", NULL },
	{ "('foo'+'bar')[0:3]", "foo", NULL },
	{ "'value_of' + '_f'+'o'+'o'+'b'+'a'+'r'", "value_of_foobar", NULL },
	{ "2*2", "4", NULL },
	{ "5*12", "60", NULL },
	{ "'a' or d.getVar('BROKEN')", "a", NULL },
	{ "d.getVar('BROKEN') if False else 'lazy'", "lazy", NULL },
	{ "False and d.getVar('BROKEN')", "False", NULL },
	{ "1 > 2 > d.getVar('BROKEN')", "False", NULL },
	{ "len(d.getVar('UNICODE'))", "11", NULL },
	{ "d.getVar('UNICODE')[1:4]", "\303\251ll", NULL },
	{ "d.getVar('UNICODE').replace('\303\266', 'o')", "h\303\251llo world", NULL },
	{ "oe.utils.less_or_equal('ONE', '1.', 'L', 'G', d)", "L", NULL },
	{ "oe.utils.less_or_equal('ONE', '.', 'L', 'G', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('ONE', '1e', 'L', 'G', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('ONE', ' 2 ', 'L', 'G', d)", "L", NULL },
	{ "oe.utils.less_or_equal('ONE', '.5', 'L', 'G', d)", "G", NULL },
	{ "oe.utils.less_or_equal('ONE', '-1E+0', 'L', 'G', d)", "G", NULL },
	{ "oe.utils.less_or_equal('ONE', '0x10', 'L', 'G', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('ONE', '1e-', 'L', 'G', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('ONE', '+', 'L', 'G', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('ONE', True, 'L', 'G', d)", "L", NULL },
	{ "oe.utils.less_or_equal('ONE', '1.0000000000000001', 'L', 'G', d)", "L", NULL },
	{ "oe.utils.less_or_equal('PV', '1.1', 'L', 'G', d)", "L", NULL },
};

/* where python raises */
static const struct ok_case raise_cases[] = {
	{ "int('x')", NULL, "ValueError" },
	{ "int('1.5')", NULL, "ValueError" },
	{ "int('')", NULL, "ValueError" },
	{ "int('1__0')", NULL, "ValueError" },
	{ "int(None)", NULL, "TypeError" },
	{ "int([])", NULL, "TypeError" },
	{ "int(5, 10)", NULL, "TypeError" },
	{ "1/0", NULL, "ZeroDivisionError" },
	{ "1 // 0", NULL, "ZeroDivisionError" },
	{ "1 % 0", NULL, "ZeroDivisionError" },
	{ "'a' + 1", NULL, "TypeError" },
	{ "1 + 'a'", NULL, "TypeError" },
	{ "[1] + 'a'", NULL, "TypeError" },
	{ "None + 'a'", NULL, "TypeError" },
	{ "'a' - 'b'", NULL, "TypeError" },
	{ "'a' * 'b'", NULL, "TypeError" },
	{ "-'a'", NULL, "TypeError" },
	{ "'a'[5]", NULL, "IndexError" },
	{ "[1][5]", NULL, "IndexError" },
	{ "(1,)[-2]", NULL, "IndexError" },
	{ "'a'['x']", NULL, "TypeError" },
	{ "[1]['x']", NULL, "TypeError" },
	{ "None[0]", NULL, "TypeError" },
	{ "5[0]", NULL, "TypeError" },
	{ "{'a': 1}['b']", NULL, "KeyError" },
	{ "{[1]: 2}", NULL, "TypeError" },
	{ "{'a': 1}[[1]]", NULL, "TypeError" },
	{ "'a'[::0]", NULL, "ValueError" },
	{ "'a'['x':]", NULL, "TypeError" },
	{ "{}[1:2]", NULL, "TypeError" },
	{ "'a' < 1", NULL, "TypeError" },
	{ "[1] < ['a']", NULL, "TypeError" },
	{ "None < None", NULL, "TypeError" },
	{ "1 in 'a'", NULL, "TypeError" },
	{ "'a' in None", NULL, "TypeError" },
	{ "'a' in 5", NULL, "TypeError" },
	{ "[1] in {}", NULL, "TypeError" },
	{ "len(None)", NULL, "TypeError" },
	{ "len(5)", NULL, "TypeError" },
	{ "None.split()", NULL, "AttributeError" },
	{ "None.x", NULL, "AttributeError" },
	{ "'x'.nosuchmethod", NULL, "AttributeError" },
	{ "'x'.startswith(1)", NULL, "TypeError" },
	{ "'x'.startswith(('a', 1))", NULL, "TypeError" },
	{ "''.join([1])", NULL, "TypeError" },
	{ "','.join(5)", NULL, "TypeError" },
	{ "'a'.split('')", NULL, "ValueError" },
	{ "' '.split(1)", NULL, "TypeError" },
	{ "'ab'.split(None, 'x')", NULL, "TypeError" },
	{ "'a'.strip(1)", NULL, "TypeError" },
	{ "'a'.replace(1, 'b')", NULL, "TypeError" },
	{ "'%d' % 'x'", NULL, "TypeError" },
	{ "'%s %s' % (1,)", NULL, "TypeError" },
	{ "'%s' % (1, 2)", NULL, "TypeError" },
	{ "'abc' % 5", NULL, "TypeError" },
	{ "'%' % 1", NULL, "ValueError" },
	{ "'%s%' % (1,)", NULL, "ValueError" },
	{ "sorted([1, 'a'])", NULL, "TypeError" },
	{ "sorted(5)", NULL, "TypeError" },
	{ "any(None)", NULL, "TypeError" },
	{ "'x'()", NULL, "TypeError" },
	{ "None()", NULL, "TypeError" },
	{ "d.getVar('UNDEFINED').split()", NULL, "AttributeError" },
	{ "d.getVar('UNDEFINED') + 'x'", NULL, "TypeError" },
	{ "d.getVar('A').nosuch", NULL, "AttributeError" },
	{ "bb.utils.contains('DISTRO_FEATURES', None, 'y', 'n', d)", NULL, "TypeError" },
	{ "bb.utils.contains('DISTRO_FEATURES', 5, 'y', 'n', d)", NULL, "TypeError" },
	{ "bb.utils.contains('DISTRO_FEATURES', [[1]], 'y', 'n', d)", NULL, "TypeError" },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x', 'y', 'n')", NULL, "TypeError" },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x', 'y', 'n', d, 1)", NULL, "TypeError" },
	{ "bb.utils.contains('DISTRO_FEATURES', 'x', 'y', 'n', e=d)", NULL, "TypeError" },
	{ "bb.utils.filter('DISTRO_FEATURES', None, d)", NULL, "TypeError" },
	{ "bb.utils.to_boolean('maybe')", NULL, "ValueError" },
	{ "bb.utils.to_boolean([1])", NULL, "AttributeError" },
	{ "bb.utils.vercmp_string('x:1', '1')", NULL, "ValueError" },
	{ "bb.utils.vercmp_string(None, '1')", NULL, "AttributeError" },
	{ "oe.utils.vartrue('A', 'a', 'b', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('A', '1', 'a', 'b', d)", NULL, "ValueError" },
	{ "oe.utils.less_or_equal('UNDEFINED', '1', 'a', 'b', d)", NULL, "TypeError" },
	{ "oe.utils.less_or_equal('ONE', None, 'a', 'b', d)", NULL, "TypeError" },
	{ "oe.utils.version_less_or_equal('UNDEFINED', '1', 'a', 'b', d)", NULL, "AttributeError" },
	{ "oe.utils.set_intersect('UNDEFINED', 'A', d)", NULL, "AttributeError" },
	{ "oe.utils.both_contain('A', 'UNDEFINED', 'x', d)", NULL, "AttributeError" },
	{ "oe.utils.filter_default_features(None, d)", NULL, "TypeError" },
	{ "oe.utils.prune_suffix(None, ['x'], d)", NULL, "AttributeError" },
	{ "oe.utils.prune_suffix('x', None, d)", NULL, "TypeError" },
	{ "oe.types.boolean('maybe')", NULL, "ValueError" },
	{ "oe.types.boolean(1)", NULL, "TypeError" },
	{ "os.path.basename(None)", NULL, "TypeError" },
	{ "os.path.dirname(5)", NULL, "TypeError" },
	{ "os.path.join('a', None)", NULL, "TypeError" },
	{ "os.path.normpath(None)", NULL, "TypeError" },
	{ "os.path.join()", NULL, "TypeError" },
	{ "os.uname()[5]", NULL, "IndexError" },
	{ "os.getpid(1)", NULL, "TypeError" },
	{ "os.getuid() + 'x'", NULL, "TypeError" },
};

static void
test_pure(void **state)
{
	size_t i;

	for (i = 0; i < sizeof(pure_cases) / sizeof(*pure_cases); i++)
		check_case(&pure_cases[i]);
}

static void
test_datastore(void **state)
{
	size_t i;

	for (i = 0; i < sizeof(ds_cases) / sizeof(*ds_cases); i++)
		check_case(&ds_cases[i]);
}

static void
test_raise(void **state)
{
	size_t i;

	for (i = 0; i < sizeof(raise_cases) / sizeof(*raise_cases); i++)
		check_case(&raise_cases[i]);
	check_status("int('x')", 8, BB_PY_RAISE,
		     "ValueError: invalid literal for int() with base 10: 'x'");
	check_status("d.getVar('UNDEFINED').split()", 29, BB_PY_RAISE,
		     "AttributeError: 'NoneType' object has no attribute 'split'");
	check_status("'a' + 1", 7, BB_PY_RAISE,
		     "TypeError: can only concatenate str (not \"int\") to str");
	check_status("{'a': 1}['b']", 13, BB_PY_RAISE, "KeyError: 'b'");
	check_status("1/0", 3, BB_PY_RAISE, "ZeroDivisionError: division by zero");
}

/* list comprehensions, and a generator given to a builtin that iterates it once */
static void
test_comprehensions(void **state)
{
	check_ok("[x for x in 'ab']", "['a', 'b']");
	check_ok("[x + y for x, y in [('a', '1'), ('b', '2')] if x != 'a']", "['b2']");
	check_ok("any(x in 'abc' for x in ['z', 'b'])", "True");
	check_ok("all(x for x in [])", "True");
	check_ok("' '.join(x.upper() for x in 'ab')", "A B");
	check_ok("sorted(x for x in 'cab')", "['a', 'b', 'c']");
	check_ok("[x if x else 'e' for x in ['', 'f']]", "['e', 'f']");
	check_ok("'abc'.find('c')", "2");
	/* the variable does not leak; a datastore name inside is not guessed */
	check_status("[x for x in 'a'] + [x]", 22, BB_PY_RAISE, "NameError: name 'x'");
	check_status("any(x for x in 'ab', 1)", 23, BB_PY_RAISE, "must be parenthesized");
	check_status("[A for x in 'a']", 16, BB_PY_UNSUPPORTED, "comprehension");
	/* eager: what python's any() would never reach is not raised */
	check_status("any(int(x) for x in ['1', 'y'])", 31, BB_PY_UNSUPPORTED, "generator");
	check_status("[int(x) for x in ['y']]", 23, BB_PY_RAISE, "ValueError");
}

/* the conformance cases conf/py-*.conf */
static void
test_conformance(void **state)
{
	check_ok("'${A}'.upper()", "${A}");
	check_ok("True", "True");
	check_ok("None", "None");
	check_ok("{'green': 1, 'blue': 2}['green']", "1");
	check_ok("'%s-%s' % ('a', 'b')", "a-b");
	check_ok("bb.utils.to_boolean('yes')", "True");
	check_ok("bb.utils.vercmp_string('1.10', '1.9')", "1");
	check_ok("oe.types.boolean('0')", "False");
	check_ok("oe.utils.version_less_or_equal('PV', '1.2', 'old', 'new', d)", "new");
	check_ok(" 'FOO'.lower() ", "foo");
	check_ok("''", "");
	check_status("int('x')", 8, BB_PY_RAISE, NULL);
	check_status("1/0", 3, BB_PY_RAISE, NULL);
	check_status("undefined_name", 14, BB_PY_RAISE,
		"NameError: name 'undefined_name' is not defined");
	check_status("foo = 5", 7, BB_PY_RAISE, "SyntaxError: invalid syntax");
	check_ok("bb.parse.vars_from_file(d.getVar('FILE', False), d)[0] or 'x'", "x");
	check_ok("bb.parse.vars_from_file('/a/b/python3_3.11.2.bb', d)", "['python3', '3.11.2', None]");
	check_ok("bb.parse.vars_from_file('/a/b/foo_1.0_r3.bbappend', d)[2]", "r3");
	check_ok("bb.parse.vars_from_file('/a/b/foo.bb', d)[1] or '1.0'", "1.0");
	check_ok("bb.parse.vars_from_file('/a/b/conf.conf', d)", "(None, None, None)");
	check_status("bb.parse.vars_from_file('a_b_c_d.bb', d)", 40, BB_PY_RAISE,
		"too many underscores");
	check_status("eval('3')", 9, BB_PY_UNSUPPORTED, "eval");
	/* bb.utils.which: the first of the path that exists, absolute; "" when none does */
	check_ok("bb.utils.which('/nonexistent:/bin', 'sh')", "/bin/sh");
	check_ok("bb.utils.which('/bin:/usr/bin', 'sh', 1) != ''", "True");
	check_ok("bb.utils.which('/bin', 'sh', executable=True)", "/bin/sh");
	check_ok("bb.utils.which(None, 'no-such-file-here')", "");
	check_ok("os.path.dirname(bb.utils.which('/nonexistent', 'bitbake'))", "");
	check_status("bb.utils.which('/bin', 'sh', 0, True)", 37, BB_PY_UNSUPPORTED, "history");
}

static void
test_unsupported(void **state)
{
	static const char *const cases[] = {
		"os.getcwd()", "d.getVarFlag('A', 'doc')", "bb.utils.mkdirhier('a')",
		"oe.path.canonicalize('x')", "sys.executable",
		"lambda: 1", "[x for x in 'ab' for y in 'c']", "(x for x in 'ab')",
		"len(x for x in 'ab')", "{1, 2}",
		"{k: 1 for k in 'a'}", "1.5", ".5", "1e3", "2 ** 3", "1 << 2", "1 | 2", "3 / 2",
		"'a'.format()", "'a'.find('a', 1)", "[1].count(1)", "f'x'", "b'x'",
		"'%x' % 5", "'%(a)s' % {'a': 1}", "'%*d' % (1, 2)", "int('5', 16)",
		"sorted('ba', reverse=True)", "d.getVar('A', True, True)", "'a' is 'a'",
		"1 is 1", "str(d)", "str(bb.utils.contains)", "os.uname()", "str(os.path)",
		"d == d", "'é'.upper()", "repr('a')", "[d.getVar('UNICODE')]",
		"d.getVar('UNICODE').split()", "bb.utils.contains('A', 'x', 'y', 'n', 5)",
		"bb.utils.contains(5, 'x', 'y', 'n', d)", "d.getVar(5)", "9223372036854775807 + 1",
		"99999999999999999999", "-(-9223372036854775807 - 1)", "int('99999999999999999999')",
		"'x' * 100000000", "('x' * 10000000 + 'y') * 2", "' '.join(['x' * 1000000] * 100)",
		"'\\N{BULLET}'", "'\\ud800'", "x[1, 2]", "f(*a)", "f(**a)", "[*a]",
		"(yield)", "await x", "1 2", "1 @ 2", "d.getVar('BADUTF8')",
		"map", "ValueError", "oe", "time.time()", "time.strftime('%a', time.gmtime(0))",
		"'\\0'", "min(1, 2)", "'x'.__class__", "len(d)",
		"oe.utils.cpu_count('x')", "oe.utils.prune_suffix('ab', [('b',)], d)",
		"bb.utils.contains('DISTRO_FEATURES', d, 'y', 'n', d)",
		"oe.utils.less_or_equal('ONE', 'inf', 'a', 'b', d)",
		"oe.utils.less_or_equal('ONE', '1_0', 'a', 'b', d)",
		"bb.utils.vercmp_string('1\\n', '1')",
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++)
		check_unsup(cases[i]);
}

static int
eval_with(const struct bb_py_env *e, const char *code, struct bb_buf *out, struct bb_buf *why)
{
	return bb_py_eval(e, code, strlen(code), out, why);
}

static void
test_callback_error(void **state)
{
	struct fake f = { 0 };
	struct bb_py_env e = { .getvar = fake_getvar, .ctx = &f };
	struct bb_buf out = BB_BUF_INIT, why = BB_BUF_INIT;

	assert_int_equal(eval_with(&e, "d.getVar('BROKEN')", &out, &why), BB_PY_ERROR);
	assert_string_equal(why.buf, "expansion of 'BROKEN' failed");
	assert_int_equal(out.len, 0);
	bb_buf_reset(&why);
	/* skipped branches call nothing */
	f.calls = 0;
	assert_int_equal(eval_with(&e, "'a' or d.getVar('BROKEN') or d.getVar('A')", &out, &why),
			 BB_PY_OK);
	assert_int_equal(f.calls, 0);
	assert_int_equal(eval_with(&e, "d.getVar('A') if d.getVar('ONE') else d.getVar('X')",
				   &out, &why), BB_PY_OK);
	assert_int_equal(f.calls, 2);
	assert_string_equal(out.buf, "aalpha");
	/* python compiles before it runs: a later syntax error wins */
	f.calls = 0;
	assert_int_equal(eval_with(&e, "d.getVar('A') + (", &out, &why), BB_PY_RAISE);
	assert_int_equal(f.calls, 0);
	bb_buf_release(&out);
	bb_buf_release(&why);
}

static void
test_host(void **state)
{
	struct utsname u;
	cpu_set_t set;
	char want[64], lower[sizeof(u.sysname)];
	time_t now = time(NULL);
	struct tm tm;
	size_t i;
	int n;

	assert_int_equal(uname(&u), 0);
	for (i = 0; i <= strlen(u.sysname); i++)
		lower[i] = (char)(u.sysname[i] >= 'A' && u.sysname[i] <= 'Z' ? u.sysname[i] + 32 :
				  u.sysname[i]);
	check_ok("os.uname()[0].lower()", lower);
	check_ok("os.uname()[4]", u.machine);
	check_ok("os.uname().machine", u.machine);
	check_ok("os.uname()[-1]", u.machine);
	check_ok("len(os.uname())", "5");
	snprintf(want, sizeof(want), "%ld", (long)getpid());
	check_ok("os.getpid()", want);
	snprintf(want, sizeof(want), "/tmp/fifo.%ld", (long)getpid());
	check_ok("'/tmp/fifo.' + str(os.getpid())", want);
	snprintf(want, sizeof(want), "%ld", (long)getuid());
	check_ok("os.getuid()", want);
	snprintf(want, sizeof(want), "%ld", (long)getgid());
	check_ok("os.getgid()", want);
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	n = CPU_COUNT(&set);
	snprintf(want, sizeof(want), "%d", n > 64 ? 64 : n);
	check_ok("oe.utils.cpu_count()", want);
	snprintf(want, sizeof(want), "%d", n > 64 ? 64 : n < 2 ? 2 : n);
	check_ok("oe.utils.cpu_count(at_least=2)", want);
	check_ok("oe.utils.cpu_count(at_least=1000)", "1000");
	check_ok("oe.utils.cpu_count(1, 0)", "1");
	check_ok("oe.utils.cpu_count(False, 0)", "0");
	check_ok("oe.utils.cpu_count(at_most=True)", "True");
	check_ok("time.strftime('%Y%m%d %H%M%S %%', time.gmtime(86400 * 365))", "19710101 000000 %");
	gmtime_r(&now, &tm);
	strftime(want, sizeof(want), "%Y", &tm);
	check_ok("time.strftime('%Y',time.gmtime())", want);
}

static void
repeat_code(struct bb_buf *b, const char *pre, int n, const char *mid, const char *post)
{
	int i;

	bb_buf_reset(b);
	for (i = 0; i < n; i++)
		bb_buf_addstr(b, pre);
	bb_buf_addstr(b, mid);
	for (i = 0; i < n; i++)
		bb_buf_addstr(b, post);
}

static void
test_hostile(void **state)
{
	struct bb_buf code = BB_BUF_INIT;

	repeat_code(&code, "(", 300, "1", ")");
	check_status(code.buf, code.len, BB_PY_UNSUPPORTED, "nested");
	repeat_code(&code, "(", 150, "1", ")");
	check_status(code.buf, code.len, BB_PY_OK, NULL);
	repeat_code(&code, "not ", 1000, "1", "");
	check_status(code.buf, code.len, BB_PY_UNSUPPORTED, "nested");
	repeat_code(&code, "-", 100000, "1", "");
	check_status(code.buf, code.len, BB_PY_UNSUPPORTED, "nested");
	repeat_code(&code, "'a' if 0 else ", 100, "'b'", "");
	check_status(code.buf, code.len, BB_PY_OK, NULL);
	repeat_code(&code, "('x' if 1 else 'y') + ", 50, "''", "");
	check_status(code.buf, code.len, BB_PY_OK, NULL);
	repeat_code(&code, "('x' if ", 60, "1", " else 'y')");
	check_status(code.buf, code.len, BB_PY_OK, NULL);
	bb_buf_release(&code);
	check_status("'a\0b'", 6, BB_PY_RAISE, "null bytes");
	check_status("'\xff'", 3, BB_PY_UNSUPPORTED, "utf-8");
	check_status("'\\x00'", 6, BB_PY_UNSUPPORTED, "nul");
	check_status("", 0, BB_PY_RAISE, "SyntaxError");
	check_status("  \n ", 4, BB_PY_RAISE, "SyntaxError");
	check_status("(1 +\r\n 2)", 9, BB_PY_OK, NULL);
	check_status("'abc", 4, BB_PY_RAISE, "unterminated");
	check_status("'''abc", 6, BB_PY_RAISE, "unterminated");
	check_status("(1", 2, BB_PY_RAISE, "never closed");
	check_status("1)", 2, BB_PY_RAISE, "unmatched");
	check_status("[1)", 3, BB_PY_RAISE, "unmatched");
	check_status("1 +", 3, BB_PY_RAISE, "SyntaxError");
	check_status("1\n2", 3, BB_PY_RAISE, "SyntaxError");
	check_status("a if b", 6, BB_PY_RAISE, "SyntaxError");
	check_ok("oe.utils.set_intersect('DISTRO_FEATURES', 'TUNE_FEATURES', d)", "x11 opengl");
	check_ok("oe.utils.set_intersect('TUNE_FEATURES', 'DISTRO_FEATURES', d)", "x11 opengl");
	check_ok("oe.utils.both_contain('DISTRO_FEATURES', 'TUNE_FEATURES', 'opengl x11 opengl', d)",
		 "opengl x11");
	check_status("'\\x4'", 5, BB_PY_RAISE, "SyntaxError");
	check_status("'x' * 20000000", 14, BB_PY_UNSUPPORTED, NULL);
	check_status("[[1] * 1000000] * 1000000", 25, BB_PY_UNSUPPORTED, NULL);
	check_status("[['x' * 10000000] * 1000] * 1000", 32, BB_PY_UNSUPPORTED, NULL);
	check_status("('a' * 16000000).split('a')", 27, BB_PY_UNSUPPORTED, NULL);
	check_status("sorted(('ab ' * 5000000).split())", 33, BB_PY_UNSUPPORTED, NULL);
}

/* random token soup: nothing may crash or leak, and every failure has a reason */
static void
test_soup(void **state)
{
	static const char *const toks[] = {
		"(", ")", "[", "]", "{", "}", ",", ":", ".", "+", "-", "*", "/", "//", "%",
		"<", ">", "==", "!=", "<=", ">=", "=", "~", " ", "\n", "'a b'", "\"%s\"", "'%d'",
		"''", "0", "1", "-1", "2", "True", "None", "not", "and", "or", "in", "is", "if",
		"else", "for", "lambda", "d", "d.getVar", "'A'", "'DISTRO_FEATURES'", "split",
		"join", "strip", "replace", "bb.utils.contains", "bb.utils.filter",
		"oe.utils.conditional", "os.path.join", "int", "str", "len", "sorted", "any",
		"MACHINE", "x", "[::-1]", "[1:]", "[-1]", "'é'", "\\", "#", "'\\x41'", "r'\\d'",
		"'''", "oe.utils.prune_suffix", "bb.utils.vercmp_string", "os.path.normpath",
	};
	struct bb_buf code = BB_BUF_INIT, out = BB_BUF_INIT, why = BB_BUF_INIT;
	unsigned long seed = 12345;
	int i, k, st;

	for (i = 0; i < 20000; i++) {
		bb_buf_reset(&code);
		for (k = 0; k < 1 + i % 24; k++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			bb_buf_addstr(&code, toks[(seed >> 33) % (sizeof(toks) / sizeof(*toks))]);
		}
		bb_buf_reset(&out);
		bb_buf_reset(&why);
		st = run(code.buf, code.len, &out, &why);
		if (st != BB_PY_OK && (!why.len || out.len))
			fail_msg("%s: status %d without a reason", code.buf, st);
	}
	bb_buf_release(&code);
	bb_buf_release(&out);
	bb_buf_release(&why);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pure),
		cmocka_unit_test(test_datastore),
		cmocka_unit_test(test_raise),
		cmocka_unit_test(test_conformance),
		cmocka_unit_test(test_comprehensions),
		cmocka_unit_test(test_unsupported),
		cmocka_unit_test(test_callback_error),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_soup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
