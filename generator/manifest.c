/* the manifest: which template goes where, and when */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "generator/manifest.h"
#include "common/xmlapi.h"

#define MAX_TEMPLATE (16u << 20)

/* libxml2 reports through a callback: keep the first message, print nothing */
struct xml_errors {
	struct bb_error *err;
	const char *file;	/* when libxml2 gives none */
};

/* libxml2's functions, loaded by manifest_load */
static const struct xml *api;

static void
xml_error(void *ctx, xmlErrorPtr e)
{
	struct xml_errors *x = ctx;
	struct bb_loc loc = { e->file ? e->file : x->file, (unsigned)(e->line > 0 ? e->line : 0) };
	char *msg = xstrdup(e->message ? e->message : "unknown XML error");
	size_t n = strlen(msg);

	if (e->level < XML_ERR_ERROR)
		goto out;
	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	if (loc.line)
		bb_error(x->err, &loc, "%s", msg);
	else
		bb_error(x->err, NULL, "%s: %s", loc.file, msg);
out:
	free(msg);
}

static void
xml_generic(void *ctx, const char *fmt, ...)
{
}

static void
xml_quiet(struct xml_errors *x)
{
	api->SetGenericErrorFunc(NULL, xml_generic);
	api->SetStructuredErrorFunc(x, x ? xml_error : NULL);
}

static int
validate(xmlDocPtr doc, const char *xsd, struct xml_errors *x)
{
	xmlSchemaParserCtxtPtr pc = api->SchemaNewParserCtxt(xsd);
	xmlSchemaPtr schema = NULL;
	xmlSchemaValidCtxtPtr vc = NULL;
	int ret = -1;

	x->file = xsd;
	if (pc)
		schema = api->SchemaParse(pc);
	if (schema)
		vc = api->SchemaNewValidCtxt(schema);
	if (vc) {
		api->SchemaSetValidStructuredErrors(vc, xml_error, x);
		x->file = (const char *)doc->URL;
		ret = api->SchemaValidateDoc(vc, doc) == 0 ? 0 : -1;
	}
	if (ret < 0)
		bb_error(x->err, NULL, "%s: invalid schema or manifest", xsd);
	api->SchemaFreeValidCtxt(vc);
	api->SchemaFree(schema);
	api->SchemaFreeParserCtxt(pc);
	return ret;
}

static char *
attr(xmlNodePtr n, const char *name)
{
	xmlChar *v = api->GetProp(n, (const xmlChar *)name);
	char *s = v ? xstrdup((const char *)v) : NULL;

	(*api->Free)(v);
	return s;
}

static int
load_template(struct manifest_entry *e, const char *dir, bool verbatim, struct bb_error *err)
{
	char *path, *text;
	size_t len;
	int rc;

	if (!layer_path_ok(e->template))
		return bb_error(err, NULL, "%s: error: bad template name '%s'", e->origin,
			e->template);
	path = bb_path_join(dir, e->template);
	rc = bb_read_file(path, MAX_TEMPLATE, &text, &len);
	if (rc) {
		bb_error(err, NULL, "%s: error: template '%s': %s", e->origin, e->template,
			rc == EFBIG ? "too large" : strerror(rc));
		free(path);
		return -1;
	}
	if (verbatim) {
		e->raw = text;
		e->rawlen = len;
		free(path);
		return 0;
	}
	e->text = tmpl_compile(path, text, len, err);
	free(text);
	free(path);
	return e->text ? 0 : -1;
}

/* from="FILE": compiled now, read when rendered; never with template= */
static int
load_from(struct manifest_entry *e, xmlNodePtr n, const char *file, unsigned line,
	struct bb_error *err)
{
	char *from = attr(n, "from");

	if (!from == !e->template) {
		free(from);
		return bb_error(err, NULL, "%s: error: a file needs template= or from=, "
			"not both", e->origin);
	}
	if (from)
		e->from = tmpl_compile_at(file, line, from, strlen(from), err);
	free(from);
	return from && !e->from ? -1 : 0;
}

/* compiles attribute name of n (may be absent: *out stays NULL) */
static int
compile_attr(xmlNodePtr n, const char *name, const char *file, unsigned line,
	struct tmpl **out, struct bb_error *err)
{
	char *text = attr(n, name);

	if (text)
		*out = tmpl_compile_at(file, line, text, strlen(text), err);
	free(text);
	return text && !*out ? -1 : 0;
}

static int
load_entry(struct manifest_entry *e, xmlNodePtr n, const char *file, const char *dir,
	struct bb_error *err)
{
	unsigned line = (unsigned)api->GetLineNo(n);
	char *cond = attr(n, "if"), *mode = attr(n, "mode");
	char *verbatim = attr(n, "verbatim");
	bool raw = verbatim && (!strcmp(verbatim, "true") || !strcmp(verbatim, "1"));
	int ret = 0;

	e->origin = xasprintf("%s:%u", file, line);
	e->template = attr(n, "template");
	e->mode = mode && !strcmp(mode, "0755") ? 0755 : 0644;
	if (compile_attr(n, "path", file, line, &e->path, err) < 0 ||
	    compile_attr(n, "dir", file, line, &e->dir, err) < 0 ||
	    (cond && !(e->cond = tmpl_cond_compile(file, line, cond, err))) ||
	    (!e->dir && load_from(e, n, file, line, err) < 0))
		ret = -1;
	free(cond);
	free(mode);
	free(verbatim);
	if (ret || e->from || e->dir)
		return ret;
	return load_template(e, dir, raw, err);
}

static int
load_entries(struct manifest *m, xmlDocPtr doc, const char *file, const char *dir,
	struct bb_error *err)
{
	xmlNodePtr root = api->DocGetRootElement(doc);
	size_t n = 0;

	for (xmlNodePtr c = root->children; c; c = c->next)
		n += c->type == XML_ELEMENT_NODE;
	m->v = xcalloc(n ? n : 1, sizeof(*m->v));
	for (xmlNodePtr c = root->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (load_entry(&m->v[m->n++], c, file, dir, err) < 0)
			return -1;
	}
	return 0;
}

struct manifest *
manifest_load(const char *dir, struct bb_error *err)
{
	char *file = bb_path_join(dir, "manifest.xml");
	char *xsd = bb_path_join(dir, "manifest.xsd");
	struct manifest *m = xcalloc(1, sizeof(*m));
	struct xml_errors x = { err, file };
	xmlDocPtr doc;
	int ret = -1;

	m->dir = xstrdup(dir);
	api = xml_api(err);
	if (!api) {
		free(file);
		free(xsd);
		manifest_free(m);
		return NULL;
	}
	xml_quiet(&x);
	doc = api->ReadFile(file, NULL, XML_PARSE_NONET);
	if (!doc)
		bb_error(err, NULL, "%s: cannot read the manifest", file);
	else if (validate(doc, xsd, &x) == 0)
		ret = load_entries(m, doc, file, dir, err);
	xml_quiet(NULL);
	api->FreeDoc(doc);
	free(file);
	free(xsd);
	if (ret < 0) {
		manifest_free(m);
		return NULL;
	}
	return m;
}

void
manifest_free(struct manifest *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].template);
		tmpl_free(m->v[i].text);
		free(m->v[i].raw);
		tmpl_free(m->v[i].from);
		tmpl_free(m->v[i].path);
		tmpl_free(m->v[i].dir);
		tmpl_cond_free(m->v[i].cond);
		free(m->v[i].origin);
	}
	free(m->v);
	free(m->dir);
	free(m);
}

/* the file a from= attribute names, as it is */
static int
read_from(const struct manifest_entry *e, tmpl_lookup_fn *fn, void *ctx, struct bb_buf *out,
	struct bb_error *err)
{
	struct bb_buf name = BB_BUF_INIT;
	char *data = NULL;
	size_t len = 0;
	int rc;

	if (tmpl_render(e->from, fn, ctx, &name, err) < 0) {
		bb_buf_release(&name);
		return -1;
	}
	rc = bb_read_file(name.buf, MAX_TEMPLATE, &data, &len);
	if (rc)
		bb_error(err, NULL, "%s: error: '%s': %s", e->origin, name.buf,
			rc == EFBIG ? "too large" : strerror(rc));
	else
		bb_buf_add(out, data, len);
	free(data);
	bb_buf_release(&name);
	return rc ? -1 : 0;
}

/* checks a rendered output path */
static int
out_path_ok(const struct manifest_entry *e, const char *path, struct bb_error *err)
{
	if (!layer_path_ok(path) || !strcmp(path, LAYER_MARKER))
		return bb_error(err, NULL, "%s: error: bad output path '%s'", e->origin, path);
	return 0;
}

/* one name of a series file: the patch itself, verbatim, as out/name */
static int
add_patch(const char *set, const char *name, const char *out, const char *origin,
	struct layer *l, struct bb_error *err)
{
	char *src = bb_path_join(set, name), *dst = bb_path_join(out, name);
	char *text = NULL;
	size_t len;
	int rc = 0;

	if (strchr(name, '/') || !layer_path_ok(name))
		rc = bb_error(err, NULL, "%s: error: bad patch name '%s'", origin, name);
	else if ((rc = bb_read_file(src, MAX_TEMPLATE, &text, &len)))
		rc = bb_error(err, NULL, "%s: error: patch '%s': %s", origin, name,
			rc == EFBIG ? "too large" : strerror(rc));
	else
		layer_add(l, dst, text, len, 0644, origin);
	free(src);
	free(dst);
	return rc;
}

/* the next name of a series file (comments and blank lines skipped), or NULL */
static char *
series_next(char **p, unsigned *line)
{
	while (**p) {
		char *s = *p, *end = strchr(s, '\n');

		*p = end ? end + 1 : s + strlen(s);
		++*line;
		if (end)
			*end = '\0';
		if ((end = strchr(s, '#')))
			*end = '\0';
		s += strspn(s, " \t\r");
		end = s + strlen(s);
		while (end > s && strchr(" \t\r", end[-1]))
			end--;
		*end = '\0';
		if (*s)
			return s;
	}
	return NULL;
}

/* <patches dir= path=>: every patch named in dir/series, in its order */
static int
render_patches(const struct manifest *m, const struct manifest_entry *e, const char *dir,
	const char *out, struct layer *l, struct bb_error *err)
{
	char *set = bb_path_join(m->dir, dir), *file = bb_path_join(set, "series");
	char *text = NULL, *p, *name, *origin;
	unsigned line = 0;
	size_t len;
	int rc = 0;

	if (!layer_path_ok(dir))
		rc = bb_error(err, NULL, "%s: error: bad patch set folder '%s'", e->origin, dir);
	else if ((rc = bb_read_file(file, MAX_TEMPLATE, &text, &len)))
		rc = bb_error(err, NULL, "%s: error: patch set '%s': %s", e->origin, dir,
			rc == ENOENT ? "no such folder or no series file in it" : strerror(rc));
	for (p = text; !rc && (name = series_next(&p, &line));) {
		origin = xasprintf("%s:%u", file, line);
		rc = add_patch(set, name, out, origin, l, err);
		free(origin);
	}
	free(text);
	free(set);
	free(file);
	return rc;
}

/* a <patches> entry: its folder's patches, or (condition off) its names checked */
static int
render_set(const struct manifest *m, const struct manifest_entry *e, bool on,
	tmpl_lookup_fn *fn, void *ctx, struct layer *l, struct bb_error *err)
{
	struct bb_buf path = BB_BUF_INIT, dir = BB_BUF_INIT;
	int ret = -1;

	if (!on)
		ret = tmpl_render(e->dir, fn, ctx, NULL, err) < 0 ? -1 :
			tmpl_render(e->path, fn, ctx, NULL, err);
	else if (tmpl_render(e->path, fn, ctx, &path, err) == 0 &&
		out_path_ok(e, path.buf, err) == 0 && tmpl_render(e->dir, fn, ctx, &dir, err) == 0)
		ret = render_patches(m, e, dir.buf, path.buf, l, err);
	bb_buf_release(&path);
	bb_buf_release(&dir);
	return ret;
}

static int
render_entry(const struct manifest *m, const struct manifest_entry *e, tmpl_lookup_fn *fn,
	void *ctx, struct layer *l, struct bb_error *err)
{
	struct bb_buf path = BB_BUF_INIT, text = BB_BUF_INIT;
	bool on = true;
	size_t len;
	int ret = -1;

	if (e->cond && tmpl_cond_eval(e->cond, fn, ctx, &on, err) < 0)
		return -1;
	if (e->dir)
		return render_set(m, e, on, fn, ctx, l, err);
	if (!on)
		return e->text ? tmpl_render(e->text, fn, ctx, NULL, err) : 0;
	if (tmpl_render(e->path, fn, ctx, &path, err) < 0)
		goto out;
	if (e->from) {
		if (read_from(e, fn, ctx, &text, err) < 0)
			goto out;
	} else if (e->raw) {
		bb_buf_add(&text, e->raw, e->rawlen);
	} else if (tmpl_render(e->text, fn, ctx, &text, err) < 0) {
		goto out;
	}
	if (out_path_ok(e, path.buf, err) < 0)
		goto out;
	len = text.len;
	layer_add(l, path.buf, bb_buf_detach(&text), len, e->mode, e->origin);
	ret = 0;
out:
	bb_buf_release(&path);
	bb_buf_release(&text);
	return ret;
}

int
manifest_render(const struct manifest *m, tmpl_lookup_fn *fn, void *ctx, struct layer *l,
	struct bb_error *err)
{
	for (size_t i = 0; i < m->n; i++)
		if (render_entry(m, &m->v[i], fn, ctx, l, err) < 0)
			return -1;
	return layer_sort(l, err);
}
