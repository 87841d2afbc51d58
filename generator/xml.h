/*
 * libxml2, loaded on first use: "pgo-gen vars", the one hot path, never loads
 * it (nor ICU and libstdc++ behind it), which halves its start-up time
 */
#ifndef GEN_XML_H
#define GEN_XML_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#include "bblang/util.h"

struct xml {
	xmlDocPtr (*ReadFile)(const char *, const char *, int);
	void (*FreeDoc)(xmlDocPtr);
	xmlNodePtr (*DocGetRootElement)(const xmlDoc *);
	xmlChar *(*GetProp)(const xmlNode *, const xmlChar *);
	long (*GetLineNo)(const xmlNode *);
	xmlFreeFunc *Free;
	void (*SetGenericErrorFunc)(void *, xmlGenericErrorFunc);
	void (*SetStructuredErrorFunc)(void *, xmlStructuredErrorFunc);
	xmlSchemaParserCtxtPtr (*SchemaNewParserCtxt)(const char *);
	xmlSchemaPtr (*SchemaParse)(xmlSchemaParserCtxtPtr);
	void (*SchemaFreeParserCtxt)(xmlSchemaParserCtxtPtr);
	xmlSchemaValidCtxtPtr (*SchemaNewValidCtxt)(xmlSchemaPtr);
	void (*SchemaSetValidStructuredErrors)(xmlSchemaValidCtxtPtr, xmlStructuredErrorFunc,
		void *);
	int (*SchemaValidateDoc)(xmlSchemaValidCtxtPtr, xmlDocPtr);
	void (*SchemaFreeValidCtxt)(xmlSchemaValidCtxtPtr);
	void (*SchemaFree)(xmlSchemaPtr);
};

/* the library's functions, or NULL with err set when it cannot be loaded */
const struct xml *xml_api(struct bb_error *err);

#endif
