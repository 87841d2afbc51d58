/* the manifest: which template goes where, and when */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "generator/manifest.h"
#include "generator/xml.h"

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

static int
load_entry(struct manifest_entry *e, xmlNodePtr n, const char *file, const char *dir,
	struct bb_error *err)
{
	unsigned line = (unsigned)api->GetLineNo(n);
	char *path = attr(n, "path"), *cond = attr(n, "if"), *mode = attr(n, "mode");
	char *verbatim = attr(n, "verbatim");
	bool raw = verbatim && (!strcmp(verbatim, "true") || !strcmp(verbatim, "1"));
	int ret = 0;

	e->origin = xasprintf("%s:%u", file, line);
	e->template = attr(n, "template");
	e->mode = mode && !strcmp(mode, "0755") ? 0755 : 0644;
	e->path = tmpl_compile_at(file, line, path, strlen(path), err);
	if (!e->path || (cond && !(e->cond = tmpl_cond_compile(file, line, cond, err))) ||
	    load_from(e, n, file, line, err) < 0)
		ret = -1;
	free(path);
	free(cond);
	free(mode);
	free(verbatim);
	if (ret || e->from)
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
		tmpl_cond_free(m->v[i].cond);
		free(m->v[i].origin);
	}
	free(m->v);
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

static int
render_entry(const struct manifest_entry *e, tmpl_lookup_fn *fn, void *ctx, struct layer *l,
	struct bb_error *err)
{
	struct bb_buf path = BB_BUF_INIT, text = BB_BUF_INIT;
	bool on = true;
	size_t len;
	int ret = -1;

	if (e->cond && tmpl_cond_eval(e->cond, fn, ctx, &on, err) < 0)
		return -1;
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
	if (!layer_path_ok(path.buf) || !strcmp(path.buf, LAYER_MARKER)) {
		bb_error(err, NULL, "%s: error: bad output path '%s'", e->origin, path.buf);
		goto out;
	}
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
		if (render_entry(&m->v[i], fn, ctx, l, err) < 0)
			return -1;
	return layer_sort(l, err);
}
