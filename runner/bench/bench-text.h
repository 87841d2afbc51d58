/*
 * bench-text: what "pgo-run bench" reads from the target, and the target's
 * text written for each of its sinks
 *
 * Everything the target prints is hostile: the driver's lines (a time, a
 * failure, the process group of the command), the version line, uname -m,
 * a benchmark's last line on stderr. bench_parse_line() takes a driver's
 * line strictly (a time is a decimal number of seconds, as driver.py prints
 * it: nan, inf, a sign or an exponent is not a time). The sinks: the JSON
 * (always valid UTF-8), the SVG (XML 1.0 text), the terminal and the error
 * line (printable ASCII).
 */
#ifndef RUNNER_BENCH_TEXT_H
#define RUNNER_BENCH_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "bblang/buf.h"

enum bench_line_kind {
	BENCH_LINE_OTHER,	/* not the driver's: output to log */
	BENCH_LINE_TIME,	/* PGO-BENCH K NAME WALL CPU */
	BENCH_LINE_FAIL,	/* PGO-BENCH-FAIL K NAME STATUS LAST... */
	BENCH_LINE_GROUP,	/* PGO-BENCH-GROUP PID PGID: the command's shell */
	BENCH_LINE_BAD,		/* a time line whose times are not times */
};

struct bench_line {
	enum bench_line_kind kind;
	unsigned long build;		/* K */
	char name[64];			/* NAME, as printed (any bytes but space) */
	double wall, cpu;		/* TIME: wall > 0, cpu >= 0, both finite */
	int status;			/* FAIL */
	const char *rest;		/* FAIL: the last line; BAD: the offending time */
	size_t rest_len;		/* BAD: its length */
	long pid, pgid;			/* GROUP: both > 1 */
};

/* the kind of line and its fields */
enum bench_line_kind bench_parse_line(const char *line, struct bench_line *l);
/* the version after "PGO-BENCH-VERSION " (1-100 bytes), or NULL */
const char *bench_parse_version(const char *line);

/* the length of the valid UTF-8 sequence at s (1-4), 0 when none starts there */
size_t bench_utf8_len(const char *s);
/* s as a JSON string, quotes included ("null" for NULL): valid UTF-8, U+FFFD for what is not */
void bench_json_str(struct bb_buf *b, const char *s);
/* s as XML 1.0 character data (also in attribute values): U+FFFD for what XML cannot hold */
void bench_xml_text(struct bb_buf *b, const char *s);
/* s in printable ASCII for a terminal or an error line: other bytes and \ as \xNN */
void bench_ascii(struct bb_buf *b, const char *s);
/* the same, allocated; caller frees */
char *bench_ascii_dup(const char *s);

#endif
