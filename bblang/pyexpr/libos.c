/* pyexpr/libos.c: os.path, os, time, re.match and bb.utils.which */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "pyexpr-int.h"
#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/strvec.h"
#include "bblang/utf8.h"
#include "bblang/util.h"

static struct pv *
need_path(struct ev *ev, struct pv *p)
{
	if (p->t == T_STR)
		return p;
	if (py_opaque(p))
		return py_unsup(ev, "path of a %s", py_tname(p));
	return pyraise(ev, "TypeError: expected str, bytes or os.PathLike object, not %s", py_tname(p));
}

static size_t
after_slash(struct pv *p)
{
	size_t i = p->n;

	while (i > 0 && p->s[i - 1] != '/')
		i--;
	return i;
}

struct pv *
py_os_basename(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	size_t i;

	if (!need_path(ev, a[0]))
		return NULL;
	i = after_slash(a[0]);
	return py_mksub(ev, a[0]->s + i, a[0]->n - i);
}

struct pv *
py_os_dirname(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	size_t i, k = 0;

	if (!need_path(ev, a[0]))
		return NULL;
	i = after_slash(a[0]);
	while (k < i && a[0]->s[k] == '/')
		k++;
	while (k < i && i > 0 && a[0]->s[i - 1] == '/')
		i--;
	return py_mksub(ev, a[0]->s, i);
}

/* bb.utils.which(path, item, direction, history, executable): the first path/item that exists */
struct pv *
py_bb_which(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_strvec dirs = BB_STRVEC_INIT;
	bool exe = a[4] && py_truthy(a[4]), rev = a[2] && py_truthy(a[2]);
	struct pv *ret = NULL;
	char *path, *item;

	if (a[0]->t != T_NONE && !need_path(ev, a[0]))
		return NULL;
	if (!need_path(ev, a[1]))
		return NULL;
	if (a[3] && py_truthy(a[3]))
		return py_unsup(ev, "bb.utils.which with history");
	path = a[0]->t == T_STR ? xstrndup(a[0]->s, a[0]->n) : xstrdup("");
	item = xstrndup(a[1]->s, a[1]->n);
	bb_strvec_splitc(&dirs, path, ':');
	for (size_t i = 0; i < dirs.n && !ret; i++) {
		char *c = bb_path_join(dirs.v[rev ? dirs.n - 1 - i : i], item);
		struct stat st;

		if (exe ? stat(c, &st) == 0 && S_ISREG(st.st_mode) && !access(c, X_OK) :
			bb_path_exists(c)) {
			char *abs = bb_path_abs(c);

			ret = py_mkcopy(ev, abs, strlen(abs));
			free(abs);
		}
		free(c);
	}
	bb_strvec_clear(&dirs);
	free(path);
	free(item);
	return ret ? ret : py_mksub(ev, "", 0);
}

struct pv *
py_os_join(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		if (!need_path(ev, a[i]))
			return NULL;
	for (i = 0; i < n; i++) {
		if (a[i]->n && a[i]->s[0] == '/')
			bb_buf_reset(&b);
		else if (b.len && b.buf[b.len - 1] != '/')
			bb_buf_addch(&b, '/');
		bb_buf_add(&b, a[i]->s, a[i]->n);
		if (b.len > BB_PY_MAX_STR)
			break;
	}
	return py_mkbuf(ev, &b);
}

struct pv *
py_os_normpath(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *p = a[0];
	struct word *comps;
	struct bb_buf b = BB_BUF_INIT;
	size_t i, j, nc = 0, cl, init;
	bool dd;

	if (!need_path(ev, p) || !(comps = py_alloc(ev, (p->n / 2 + 2) * sizeof(*comps))))
		return NULL;
	if (!p->n)
		return py_mksub(ev, ".", 1);
	/* posix keeps exactly two leading slashes */
	init = p->s[0] != '/' ? 0 : p->n >= 2 && p->s[1] == '/' && (p->n < 3 || p->s[2] != '/') ? 2 : 1;
	for (i = 0; i <= p->n; i = j + 1) {
		for (j = i; j < p->n && p->s[j] != '/'; j++)
			;
		cl = j - i;
		if (!cl || (cl == 1 && p->s[i] == '.'))
			continue;
		dd = cl == 2 && p->s[i] == '.' && p->s[i + 1] == '.';
		if (!dd || (!init && !nc) ||
		    (nc && comps[nc - 1].n == 2 && !memcmp(comps[nc - 1].s, "..", 2)))
			comps[nc++] = (struct word){ p->s + i, cl, 0, false };
		else if (nc)
			nc--;
	}
	bb_buf_add(&b, "//", init);
	for (i = 0; i < nc; i++) {
		if (i)
			bb_buf_addch(&b, '/');
		bb_buf_add(&b, comps[i].s, comps[i].n);
	}
	if (!b.len)
		bb_buf_addch(&b, '.');
	return py_mkbuf(ev, &b);
}

struct pv *
py_os_uname(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct utsname u;
	const char *f[5];
	struct pv *r;
	size_t i;

	if (uname(&u) < 0)
		return py_unsup(ev, "uname() failed");
	f[0] = u.sysname, f[1] = u.nodename, f[2] = u.release, f[3] = u.version, f[4] = u.machine;
	if (!(r = py_mkseq(ev, T_UNAME, 5)))
		return NULL;
	for (i = 0; i < 5; i++) {
		if (!bb_utf8_valid((const unsigned char *)f[i], strlen(f[i])))
			return py_unsup(ev, "uname() is not utf-8");
		if (!(r->v[i] = py_mkcopy(ev, f[i], strlen(f[i]))))
			return NULL;
	}
	return r;
}

/*
 * os.getpid(), os.getuid(), os.getgid(): this process's, as BitBake's are
 * those of the process that expands the value (a task's run file names the
 * same PID as the fifo of logging.bbclass's LOGFIFO)
 */
struct pv *
py_os_getpid(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkint(ev, (long long)getpid());
}

struct pv *
py_os_getuid(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkint(ev, (long long)getuid());
}

struct pv *
py_os_getgid(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	return py_mkint(ev, (long long)getgid());
}

struct pv *
py_time_gmtime(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct pv *r;

	if (a[0] && a[0]->t != T_NONE && !py_isnum(a[0]))
		return py_unsup(ev, "gmtime() of a %s", py_tname(a[0]));
	if ((r = py_newv(ev, T_TIME))) {
		r->i = a[0] && a[0]->t != T_NONE ? a[0]->i : (long long)time(NULL);
		r->n = 1;
	}
	return r;
}

struct pv *
py_time_strftime(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;
	char fmt[3] = "%", tmp[64];
	time_t t = a[1] ? (time_t)a[1]->i : time(NULL);
	struct tm tm;
	size_t i;

	if (a[0]->t != T_STR || (a[1] && a[1]->t != T_TIME))
		return py_unsup(ev, "strftime() arguments");
	if (!(a[1] ? gmtime_r(&t, &tm) : localtime_r(&t, &tm)))
		return py_unsup(ev, "time out of range");
	for (i = 0; i < a[0]->n; i++) {
		if (a[0]->s[i] != '%') {
			bb_buf_addch(&b, a[0]->s[i]);
			continue;
		}
		if (++i >= a[0]->n || !strchr("YmdHMSyjeI%", a[0]->s[i]) || !a[0]->s[i]) {
			bb_buf_release(&b);
			return py_unsup(ev, "strftime() format %s", py_describe(ev, a[0]));
		}
		fmt[1] = a[0]->s[i];
		bb_buf_add(&b, tmp, strftime(tmp, sizeof(tmp), fmt, &tm));
	}
	return py_mkbuf(ev, &b);
}

/*
 * a pattern whose meaning python's re and PCRE2 share: no escape of a letter
 * but \d \D \w \W \s \S \b \B \A \n \t \r \f (PCRE2's \Z, \v, \h,
 * \p... mean other things or nothing in python), no (* and no (?|
 */
static bool
re_shared(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\\' && i + 1 < n) {
			char c = p[++i];

			if (((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) &&
			    !strchr("dDwWsSbBAntrf", c))
				return false;
		} else if (p[i] == '(' && i + 1 < n && (p[i + 1] == '*' ||
			   (p[i + 1] == '?' && i + 2 < n && p[i + 2] == '|'))) {
			return false;
		}
	}
	return true;
}

/*
 * re.match(pattern, string, flags=0): a match at the start of string, or
 * None; the match itself is opaque (only its truth is used), as are flags
 * other than 0. The pattern runs on PCRE2 with UTF and Unicode properties,
 * as python's re treats a str pattern
 */
struct pv *
py_re_match(struct ev *ev, struct pv *self, struct pv **a, size_t n)
{
	pcre2_code *re;
	pcre2_match_data *md;
	PCRE2_SIZE off;
	int code, rc;
	struct pv *r;

	if (a[0]->t != T_STR || a[1]->t != T_STR)
		return py_unsup(ev, "re.match() of a %s and a %s", py_tname(a[0]), py_tname(a[1]));
	if (a[2] && !(py_isnum(a[2]) && a[2]->i == 0))
		return py_unsup(ev, "re.match() with flags");
	if (!re_shared(a[0]->s, a[0]->n))
		return py_unsup(ev, "re.match() of '%.*s': an escape or group python's re and "
			"PCRE2 read apart", (int)a[0]->n, a[0]->s);
	re = pcre2_compile((PCRE2_SPTR)a[0]->s, a[0]->n, PCRE2_UTF | PCRE2_UCP, &code, &off, NULL);
	if (!re)
		return py_unsup(ev, "re.match() of '%.*s': PCRE2 does not compile it", (int)a[0]->n,
			a[0]->s);
	md = pcre2_match_data_create_from_pattern(re, NULL);
	rc = md ? pcre2_match(re, (PCRE2_SPTR)a[1]->s, a[1]->n, 0, PCRE2_ANCHORED, md, NULL) :
		PCRE2_ERROR_NOMEMORY;
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	if (rc == PCRE2_ERROR_NOMATCH)
		return &py_none;
	if (rc < 0)
		return py_unsup(ev, "re.match() of '%.*s': PCRE2 error %d", (int)a[0]->n, a[0]->s, rc);
	if ((r = py_newv(ev, T_MATCH)))
		r->i = 1;
	return r;
}
