/*
 * libFuzzer target: what pgo-run bench reads from the target
 * (runner/bench/bench-text.c), and the target's text written for its sinks
 *
 * The input is the target's output, split into lines: each goes through
 * bench_parse_line() (the driver's times, failures and process group) and
 * bench_parse_version(), and then, as the text it is, through the JSON, the
 * XML and the printable-ASCII writers. Aborts when a time taken is not a
 * finite positive number of seconds, when the JSON string is not valid UTF-8
 * or holds a control character or a lone quote, when the XML text holds
 * markup or a character XML 1.0 forbids, or when the ASCII text is not.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bench/bench-text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *what, const char *line)
{
	fprintf(stderr, "fuzz-bench: %s: %s\n", what, line);
	abort();
}

static void
check_line(const char *line, const struct bench_line *l)
{
	switch (l->kind) {
	case BENCH_LINE_TIME:
		if (!(l->wall > 0) || !isfinite(l->wall) || !(l->cpu >= 0) || !isfinite(l->cpu))
			fail("a time taken that is not one", line);
		if (!*l->name || strchr(l->name, ' '))
			fail("a benchmark's name with a space", line);
		break;
	case BENCH_LINE_BAD:
		if (!l->rest || !l->rest_len || memchr(l->rest, ' ', l->rest_len))
			fail("a bad time that is not one word", line);
		break;
	case BENCH_LINE_GROUP:
		if (l->pid < 2 || l->pgid < 2)
			fail("a process group of pid 0 or 1", line);
		break;
	case BENCH_LINE_FAIL:
		if (!l->rest || l->status < 0 || l->status > 1000)
			fail("a failure without its line or status", line);
		break;
	case BENCH_LINE_OTHER:
		break;
	}
}

/* valid UTF-8, between quotes, no control character, every quote escaped */
static void
check_json(const char *s, const char *line)
{
	size_t n = strlen(s);

	if (n < 2 || s[0] != '"' || s[n - 1] != '"')
		fail("JSON string not quoted", line);
	for (size_t i = 1; i < n - 1; ) {
		size_t k = bench_utf8_len(s + i);
		unsigned char c = (unsigned char)s[i];

		if (!k)
			fail("JSON not valid UTF-8", line);
		if (c < 0x20 || c == '"')
			fail("JSON with a control character or a lone quote", line);
		if (c == '\\') {
			if (i + 1 >= n - 1 || !strchr("\"\\u", s[i + 1]))
				fail("JSON with a bad escape", line);
			k = s[i + 1] == 'u' ? 6 : 2;
		}
		i += k;
	}
}

/* valid UTF-8 without markup, control characters or U+FFFE-F */
static void
check_xml(const char *s, const char *line)
{
	for (size_t i = 0; s[i]; ) {
		size_t k = bench_utf8_len(s + i);
		unsigned char c = (unsigned char)s[i];

		if (!k)
			fail("XML not valid UTF-8", line);
		if (c == '<' || c == '>' || c == '"' || (c < 0x20 && c != '\t' && c != '\n' &&
		    c != '\r'))
			fail("XML with markup or a control character", line);
		if (c == '&' && strncmp(s + i, "&lt;", 4) && strncmp(s + i, "&gt;", 4) &&
		    strncmp(s + i, "&amp;", 5) && strncmp(s + i, "&quot;", 6) &&
		    strncmp(s + i, "&apos;", 6))
			fail("XML with a bare &", line);
		if (k == 3 && !memcmp(s + i, "\xef\xbf", 2) && (unsigned char)s[i + 2] >= 0xbe)
			fail("XML with U+FFFE or U+FFFF", line);
		i += k;
	}
}

static void
check_ascii(const char *s, const char *line)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			fail("ASCII text with a byte outside printable ASCII", line);
}

static void
one_line(const char *line)
{
	struct bench_line l;
	struct bb_buf b = BB_BUF_INIT;
	const char *v;
	char *a;

	bench_parse_line(line, &l);
	check_line(line, &l);
	if ((v = bench_parse_version(line)) && (!*v || strlen(v) > 100))
		fail("a version of no length or too long", line);
	bench_json_str(&b, line);
	check_json(b.buf, line);
	bb_buf_reset(&b);
	bench_xml_text(&b, line);
	check_xml(b.buf, line);
	bb_buf_release(&b);
	a = bench_ascii_dup(line);
	check_ascii(a, line);
	free(a);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *line, *next;

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	/* the lines as the session hands them over: up to a newline or a NUL */
	for (line = text; line < text + size || line == text; line = next) {
		next = line + strcspn(line, "\n") + 1;
		line[next - line - 1] = '\0';
		one_line(line);
		if (next > text + size)
			break;
	}
	free(text);
	return 0;
}
