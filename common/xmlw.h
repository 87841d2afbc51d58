/*
 * writing XML with libxml2, for the files pgo-run writes (pgo-manifest.xml,
 * the JUnit report): text cleaned to what XML 1.0 can hold, the document
 * indented, written whole or not at all
 *
 * 1. xmlw_doc() (libxml2 is loaded then), then xmlw_add(), xmlw_add_text(),
 *    xmlw_set_prop() ...
 * 2. xmlw_write_file() (beside its path, then renamed) or xmlw_write_fd().
 * 3. xmlw_free().
 */
#ifndef COMMON_XMLW_H
#define COMMON_XMLW_H

#include <libxml/tree.h>

#include "bblang/util.h"

/* a new document: comment (may be NULL), then the root element root (*rootp);
   NULL with err set when libxml2 cannot be loaded */
xmlDocPtr xmlw_doc(const char *comment, const char *root, xmlNodePtr *rootp, struct bb_error *err);

/* a new empty element name under parent */
xmlNodePtr xmlw_add(xmlNodePtr parent, const char *name);

void xmlw_free(xmlDocPtr doc);

/* s with what XML 1.0 cannot hold (control characters, invalid UTF-8) as '?'; caller frees */
char *xmlw_clean(const char *s);

/* sets the attribute name of node to value (cleaned) */
void xmlw_set_prop(xmlNodePtr node, const char *name, const char *value);

/* a new element name under parent holding text (cleaned); none when text is NULL */
xmlNodePtr xmlw_add_text(xmlNodePtr parent, const char *name, const char *text);

/* doc as indented UTF-8 text to fd; 0, or -1 with errno set (EIO when libxml2 failed) */
int xmlw_write_fd(xmlDocPtr doc, int fd);

/*
 * doc written to a new file beside path (mode 0644, synced), then renamed
 * over path; 0, or -1 with err set
 */
int xmlw_write_file(xmlDocPtr doc, const char *path, struct bb_error *err);

#endif
