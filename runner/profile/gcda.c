/* the .gcda header: magic, byte order and GCC version stamp */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "runner/profile/gcda.h"
#include "runner/proc.h"

static uint32_t
word_be(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int
gcda_stamp_from_version(const char *version, char stamp[4], struct bb_error *err)
{
	const char *s = version;
	unsigned long major, minor = 0;
	bool any_minor = false;
	char *end;

	if (!isdigit((unsigned char)*s))
		goto bad;
	major = strtoul(s, &end, 10);
	if (*end == '.' && isdigit((unsigned char)end[1]))
		minor = strtoul(end + 1, &end, 10);
	else if (!*end || !strcmp(end, ".%"))
		any_minor = true, end += strlen(end);
	else
		goto bad;
	if (*end && *end != '.' && *end != ' ' && *end != '-')
		goto bad;
	/* GCC 4 and older built the stamp differently */
	if (major < 5 || major >= 260 || minor >= 75)
		return bb_error(err, NULL, "GCC version '%s': only GCC 5 and later are supported",
			version);
	stamp[0] = (char)('A' + major / 10);
	stamp[1] = (char)('0' + major % 10);
	stamp[2] = any_minor ? GCDA_STAMP_ANY : (char)('0' + minor);
	stamp[3] = '*';
	return 0;
bad:
	return bb_error(err, NULL, "'%s' is not a GCC version (like 12.2.0, 12.2 or 12.%%)",
		version);
}

/* up to 4 KiB of what fd gives until its end */
static void
read_some(int fd, struct bb_buf *b)
{
	char chunk[256];
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || b->len > 4096)
			break;
		bb_buf_add(b, chunk, (size_t)n);
	}
}

/* runs "cc -dumpfullversion" through the shell's word splitting; *out is the first line */
static int
dump_version(const char *cc, char **out, struct bb_error *err)
{
	const char *argv[] = { "/bin/sh", "-c", "exec $1 -dumpfullversion", "sh", cc, NULL };
	struct bb_error spawn_err = BB_ERROR_INIT;
	struct proc p = PROC_INIT;
	struct bb_buf b = BB_BUF_INIT;
	int status, ret = -1;

	p.argv = argv;
	p.out = PROC_PIPE;
	if (proc_start(&p, &spawn_err) < 0) {
		bb_error(err, NULL, "cannot run %s", spawn_err.msg);
		bb_error_clear(&spawn_err);
		return -1;
	}
	read_some(p.out_fd, &b);
	status = proc_finish(&p);
	b.len = strcspn(b.buf, "\n");
	b.buf[b.len] = '\0';
	if (status < 0)
		bb_error(err, NULL, "waitpid: %s", strerror(errno));
	else if (status || !b.len)
		bb_error(err, NULL, "'%s -dumpfullversion' failed (%s %d)", cc,
			status > 128 ? "signal" : "exit status", status > 128 ? status - 128 : status);
	else
		*out = bb_buf_detach(&b), ret = 0;
	bb_buf_release(&b);
	return ret;
}

int
gcda_stamp_for_compiler(const char *cc, char stamp[4], char **version, struct bb_error *err)
{
	char *v = NULL;

	if (dump_version(cc, &v, err) < 0)
		return -1;
	if (gcda_stamp_from_version(v, stamp, err) < 0) {
		free(v);
		return -1;
	}
	if (version)
		*version = v;
	else
		free(v);
	return 0;
}

int
gcda_stamp(const void *buf, size_t n, char stamp[4])
{
	const unsigned char *p = buf;

	if (n < GCDA_HEADER_SIZE)
		return -1;
	if (word_be(p) == GCDA_MAGIC) {
		memcpy(stamp, p + 4, 4);
	} else if (word_be(p) == __builtin_bswap32(GCDA_MAGIC)) {
		/* written by a little-endian machine */
		for (int i = 0; i < 4; i++)
			stamp[i] = (char)p[7 - i];
	} else {
		return -1;
	}
	return 0;
}

char *
gcda_stamp_str(const char stamp[4])
{
	struct bb_buf b = BB_BUF_INIT;

	for (int i = 0; i < 4; i++) {
		unsigned char c = (unsigned char)stamp[i];

		if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
			bb_buf_addch(&b, c);
		else
			bb_buf_addf(&b, "\\x%02x", c);
	}
	return bb_buf_detach(&b);
}

/* " (GCC 12.2)" for a stamp GCC 5 or later writes, "" otherwise; caller frees */
static char *
stamp_gcc(const char s[4])
{
	if (s[0] < 'A' || s[0] > 'Z' || !isdigit((unsigned char)s[1]))
		return xstrdup("");
	if (s[2] == GCDA_STAMP_ANY)
		return xasprintf(" (GCC %d.x)", (s[0] - 'A') * 10 + s[1] - '0');
	if (s[2] < '0' || s[2] >= '0' + 75)
		return xstrdup("");
	return xasprintf(" (GCC %d.%d)", (s[0] - 'A') * 10 + s[1] - '0', s[2] - '0');
}

static bool
stamp_matches(const char got[4], const char want[4])
{
	for (int i = 0; i < 4; i++)
		if (want[i] != GCDA_STAMP_ANY && want[i] != got[i])
			return false;
	return true;
}

int
gcda_check(const void *buf, size_t n, const char expected[4], struct bb_error *err)
{
	const unsigned char *p = buf;
	char got[4], *gs, *ws, *gg, *wg;

	if (n < GCDA_HEADER_SIZE)
		return bb_error(err, NULL, "too short for a gcda file (%zu bytes)", n);
	if (gcda_stamp(buf, n, got) < 0)
		return bb_error(err, NULL, "not a gcda file (starts with %02x %02x %02x %02x)",
			p[0], p[1], p[2], p[3]);
	if (stamp_matches(got, expected))
		return 0;
	gs = gcda_stamp_str(got), ws = gcda_stamp_str(expected);
	gg = stamp_gcc(got), wg = stamp_gcc(expected);
	bb_error(err, NULL, "gcda version stamp '%s'%s, expected '%s'%s", gs, gg, ws, wg);
	free(gs), free(ws), free(gg), free(wg);
	return -1;
}
