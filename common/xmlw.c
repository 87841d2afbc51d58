#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bblang/buf.h"
#include "bblang/os.h"
#include "bblang/utf8.h"
#include "common/xmlapi.h"
#include "common/xmlw.h"

/* the library, loaded by xmlw_doc before any node exists */
static const struct xml *api;

xmlDocPtr
xmlw_doc(const char *comment, const char *root, xmlNodePtr *rootp, struct bb_error *err)
{
	xmlDocPtr doc;

	if (!api && !(api = xml_api(err)))
		return NULL;
	doc = api->NewDoc(BAD_CAST "1.0");
	if (comment)
		api->AddChild((xmlNodePtr)doc, api->NewDocComment(doc, BAD_CAST comment));
	*rootp = api->NewNode(NULL, BAD_CAST root);
	api->DocSetRootElement(doc, *rootp);
	return doc;
}

xmlNodePtr
xmlw_add(xmlNodePtr parent, const char *name)
{
	return api->NewChild(parent, NULL, BAD_CAST name, NULL);
}

void
xmlw_free(xmlDocPtr doc)
{
	if (doc)
		api->FreeDoc(doc);
}

/* the length of the UTF-8 sequence at s for an XML 1.0 character, or 0 */
static size_t
xml_char_len(const unsigned char *s)
{
	size_t n;

	if (s[0] < 0x80)
		return s[0] >= 0x20 || s[0] == '\t' || s[0] == '\n' ? 1 : 0;
	n = bb_utf8_len(s, strnlen((const char *)s, 4));
	/* U+FFFE and U+FFFF are not XML characters */
	if (n == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
		return 0;
	return n;
}

char *
xmlw_clean(const char *s)
{
	struct bb_buf b = BB_BUF_INIT;

	while (*s) {
		size_t n = xml_char_len((const unsigned char *)s);

		if (n)
			bb_buf_add(&b, s, n);
		else
			bb_buf_addch(&b, '?');
		s += n ? n : 1;
	}
	return bb_buf_detach(&b);
}

void
xmlw_set_prop(xmlNodePtr node, const char *name, const char *value)
{
	char *v = xmlw_clean(value);

	api->NewProp(node, BAD_CAST name, BAD_CAST v);
	free(v);
}

xmlNodePtr
xmlw_add_text(xmlNodePtr parent, const char *name, const char *text)
{
	xmlNodePtr node;
	char *v;

	if (!text)
		return NULL;
	v = xmlw_clean(text);
	node = api->NewTextChild(parent, NULL, BAD_CAST name, BAD_CAST v);
	free(v);
	return node;
}

/* doc as indented UTF-8 text (free with xmlFree), or NULL */
static xmlChar *
dump(xmlDocPtr doc, size_t *n)
{
	xmlChar *mem = NULL;
	int size = 0;

	api->DocDumpFormatMemoryEnc(doc, &mem, &size, "UTF-8", 1);
	if (mem && size > 0) {
		*n = (size_t)size;
		return mem;
	}
	(*api->Free)(mem);
	return NULL;
}

int
xmlw_write_fd(xmlDocPtr doc, int fd)
{
	size_t n;
	xmlChar *mem = dump(doc, &n);
	int ret;

	if (!mem) {
		errno = EIO;
		return -1;
	}
	ret = bb_write_all(fd, mem, n);
	(*api->Free)(mem);
	return ret;
}

int
xmlw_write_file(xmlDocPtr doc, const char *path, struct bb_error *err)
{
	size_t n;
	xmlChar *mem = dump(doc, &n);
	char *tmp;
	int fd, r = -1;

	if (!mem)
		return bb_error(err, NULL, "%s: libxml2 could not write the document", path);
	tmp = xstrcat(path, ".tmp-XXXXXX", NULL);
	fd = mkstemp(tmp);
	if (fd < 0) {
		bb_error(err, NULL, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (fchmod(fd, 0644) < 0 || bb_write_all(fd, mem, n) < 0 || fsync(fd) < 0)
		bb_error(err, NULL, "%s: %s", path, strerror(errno));
	else if (close(fd) < 0 || (fd = -1, rename(tmp, path) < 0))
		bb_error(err, NULL, "%s: %s", path, strerror(errno));
	else
		r = 0;
	if (fd >= 0)
		close(fd);
	if (r < 0)
		unlink(tmp);
out:
	free(tmp);
	(*api->Free)(mem);
	return r;
}
