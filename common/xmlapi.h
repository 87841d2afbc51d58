/*
 * libxml2, loaded on first use: "pgo-gen vars" and "pgo-run task", the hot
 * paths, never load it (nor ICU and libstdc++ behind it), which is most of a
 * process's start-up time
 */
#ifndef COMMON_XMLAPI_H
#define COMMON_XMLAPI_H

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
	/* the writer's (common/xmlw.c) */
	xmlDocPtr (*NewDoc)(const xmlChar *);
	xmlNodePtr (*NewNode)(xmlNsPtr, const xmlChar *);
	xmlNodePtr (*NewChild)(xmlNodePtr, xmlNsPtr, const xmlChar *, const xmlChar *);
	xmlNodePtr (*NewTextChild)(xmlNodePtr, xmlNsPtr, const xmlChar *, const xmlChar *);
	xmlAttrPtr (*NewProp)(xmlNodePtr, const xmlChar *, const xmlChar *);
	xmlNodePtr (*NewDocComment)(xmlDocPtr, const xmlChar *);
	xmlNodePtr (*AddChild)(xmlNodePtr, xmlNodePtr);
	xmlNodePtr (*DocSetRootElement)(xmlDocPtr, xmlNodePtr);
	void (*DocDumpFormatMemoryEnc)(xmlDocPtr, xmlChar **, int *, const char *, int);
};

/* the library's functions, or NULL with err set when it cannot be loaded */
const struct xml *xml_api(struct bb_error *err);

#endif
