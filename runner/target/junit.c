/* the JUnit XML report, written with libxml2 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "common/xmlw.h"
#include "runner/target/junit.h"

struct junit_stage *
junit_add_stage(struct junit_report *r, const char *name)
{
	struct junit_stage *st;

	if (r->n == sizeof(r->stage) / sizeof(r->stage[0]))
		abort();
	st = &r->stage[r->n++];
	*st = (struct junit_stage){ name, false, 0, NULL, BB_BUF_INIT };
	return st;
}

static struct junit_stage *
find(struct junit_report *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->stage[i].name, name))
			return &r->stage[i];
	return NULL;
}

void
junit_enter(struct junit_report *r, const char *name, double now)
{
	junit_leave(r, now);
	r->cur = find(r, name);
	if (r->cur)
		r->cur->reached = true;
	r->since = now;
}

void
junit_leave(struct junit_report *r, double now)
{
	if (r->cur)
		r->cur->seconds += now - r->since;
	r->cur = NULL;
}

void
junit_fail(struct junit_report *r, const char *name, const char *message)
{
	struct junit_stage *st = find(r, name);

	if (!st) {
		size_t cur = r->cur ? (size_t)(r->cur - r->stage) + 1 : 0;

		if (r->n == sizeof(r->stage) / sizeof(r->stage[0]))
			abort();
		memmove(&r->stage[1], &r->stage[0], r->n++ * sizeof(*st));
		st = &r->stage[0];
		*st = (struct junit_stage){ name, true, 0, NULL, BB_BUF_INIT };
		r->cur = cur ? &r->stage[cur] : NULL;
	}
	free(st->failure);
	st->failure = xstrdup(message);
}

/* where the last JUNIT_TAIL_MAX bytes of b begin, at the start of a line */
static size_t
tail_start(const struct bb_buf *b)
{
	size_t cut;
	const char *nl;

	if (b->len <= JUNIT_TAIL_MAX)
		return 0;
	cut = b->len - JUNIT_TAIL_MAX;
	nl = memchr(b->buf + cut - 1, '\n', b->len - cut + 1);
	return nl ? (size_t)(nl + 1 - b->buf) : b->len;
}

void
junit_output(struct junit_report *r, const char *line)
{
	struct bb_buf *b = r->cur ? &r->cur->out : NULL;
	size_t cut;

	if (!b)
		return;
	bb_buf_addstr(b, line);
	bb_buf_addch(b, '\n');
	if (b->len <= 2 * JUNIT_TAIL_MAX)
		return;
	cut = tail_start(b);
	memmove(b->buf, b->buf + cut, b->len - cut);
	bb_buf_setlen(b, b->len - cut);
}

void
junit_release(struct junit_report *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->stage[i].failure);
		bb_buf_release(&r->stage[i].out);
	}
	r->n = 0;
	r->cur = NULL;
}

/* --- writing ------------------------------------------------------------------ */

static void
set_seconds(xmlNodePtr node, const char *name, double seconds)
{
	char v[32];

	snprintf(v, sizeof(v), "%.3f", seconds < 0 ? 0.0 : seconds);
	xmlw_set_prop(node, name, v);
}

/* tests, failures, errors (none: every error is a stage's failure), skipped, time */
static void
set_counts(xmlNodePtr node, size_t tests, size_t failures, const size_t *skipped,
	double seconds)
{
	char num[24];

	snprintf(num, sizeof(num), "%zu", tests);
	xmlw_set_prop(node, "tests", num);
	snprintf(num, sizeof(num), "%zu", failures);
	xmlw_set_prop(node, "failures", num);
	xmlw_set_prop(node, "errors", "0");
	if (skipped) {
		snprintf(num, sizeof(num), "%zu", *skipped);
		xmlw_set_prop(node, "skipped", num);
	}
	set_seconds(node, "time", seconds);
}

static void
add_property(xmlNodePtr props, const char *name, const char *value)
{
	xmlNodePtr p;

	if (!value)
		return;
	p = xmlw_add(props, "property");
	xmlw_set_prop(p, "name", name);
	xmlw_set_prop(p, "value", value);
}

static void
add_case(xmlNodePtr suite, const struct junit_report *r, const struct junit_stage *st,
	const char *failed)
{
	xmlNodePtr tc = xmlw_add(suite, "testcase"), f;
	char *cls = xasprintf("pgo-run.profile.%s", r->target);

	xmlw_set_prop(tc, "classname", cls);
	xmlw_set_prop(tc, "name", st->name);
	set_seconds(tc, "time", st->seconds);
	if (st->failure) {
		f = xmlw_add(tc, "failure");
		xmlw_set_prop(f, "message", st->failure);
		xmlw_set_prop(f, "type", "error");
	} else if (!st->reached) {
		char *why = xasprintf("not reached: %s failed", failed ? failed : "a stage");

		f = xmlw_add(tc, "skipped");
		xmlw_set_prop(f, "message", why);
		free(why);
	}
	if (st->out.len)
		xmlw_add_text(tc, "system-out", st->out.buf + tail_start(&st->out));
	free(cls);
}

static xmlDocPtr
build_doc(const struct junit_report *r, struct bb_error *err)
{
	xmlNodePtr root, suite, props;
	xmlDocPtr doc = xmlw_doc(NULL, "testsuites", &root, err);
	size_t failures = 0, skipped = 0;
	const char *failed = NULL;
	char stamp[32], host[256] = "localhost", *name;
	struct tm tm;

	if (!doc)
		return NULL;
	name = xasprintf("pgo-run profile %s", r->target);

	for (size_t i = 0; i < r->n; i++) {
		if (r->stage[i].failure && !failed)
			failed = r->stage[i].name;
		failures += r->stage[i].failure != NULL;
		skipped += !r->stage[i].reached && !r->stage[i].failure;
	}
	suite = xmlw_add(root, "testsuite");
	xmlw_set_prop(suite, "name", name);
	set_counts(root, r->n, failures, NULL, r->seconds);
	set_counts(suite, r->n, failures, &skipped, r->seconds);
	localtime_r(&r->start.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	xmlw_set_prop(suite, "timestamp", stamp);
	if (gethostname(host, sizeof(host) - 1) < 0)
		strcpy(host, "localhost");
	host[sizeof(host) - 1] = '\0';
	xmlw_set_prop(suite, "hostname", host);
	props = xmlw_add(suite, "properties");
	add_property(props, "target", r->target);
	add_property(props, "task", r->task);
	for (size_t i = 0; i < r->n; i++)
		add_case(suite, r, &r->stage[i], failed);
	free(name);
	return doc;
}

int
junit_write(const char *path, const struct junit_report *r, struct bb_error *err)
{
	xmlDocPtr doc = build_doc(r, err);
	int ret = doc ? xmlw_write_file(doc, path, err) : -1;

	xmlw_free(doc);
	return ret;
}
