#include <stddef.h>

#include "common/lazy.h"
#include "common/xmlapi.h"

/* the functions to look up, by their offsets in struct xml */
static const struct lazy_sym syms[] = {
	{ "xmlReadFile", offsetof(struct xml, ReadFile) },
	{ "xmlFreeDoc", offsetof(struct xml, FreeDoc) },
	{ "xmlDocGetRootElement", offsetof(struct xml, DocGetRootElement) },
	{ "xmlGetProp", offsetof(struct xml, GetProp) },
	{ "xmlGetLineNo", offsetof(struct xml, GetLineNo) },
	{ "xmlFree", offsetof(struct xml, Free) },
	{ "xmlSetGenericErrorFunc", offsetof(struct xml, SetGenericErrorFunc) },
	{ "xmlSetStructuredErrorFunc", offsetof(struct xml, SetStructuredErrorFunc) },
	{ "xmlSchemaNewParserCtxt", offsetof(struct xml, SchemaNewParserCtxt) },
	{ "xmlSchemaParse", offsetof(struct xml, SchemaParse) },
	{ "xmlSchemaFreeParserCtxt", offsetof(struct xml, SchemaFreeParserCtxt) },
	{ "xmlSchemaNewValidCtxt", offsetof(struct xml, SchemaNewValidCtxt) },
	{ "xmlSchemaSetValidStructuredErrors", offsetof(struct xml, SchemaSetValidStructuredErrors) },
	{ "xmlSchemaValidateDoc", offsetof(struct xml, SchemaValidateDoc) },
	{ "xmlSchemaFreeValidCtxt", offsetof(struct xml, SchemaFreeValidCtxt) },
	{ "xmlSchemaFree", offsetof(struct xml, SchemaFree) },
	{ "xmlNewDoc", offsetof(struct xml, NewDoc) },
	{ "xmlNewNode", offsetof(struct xml, NewNode) },
	{ "xmlNewChild", offsetof(struct xml, NewChild) },
	{ "xmlNewTextChild", offsetof(struct xml, NewTextChild) },
	{ "xmlNewProp", offsetof(struct xml, NewProp) },
	{ "xmlNewDocComment", offsetof(struct xml, NewDocComment) },
	{ "xmlAddChild", offsetof(struct xml, AddChild) },
	{ "xmlDocSetRootElement", offsetof(struct xml, DocSetRootElement) },
	{ "xmlDocDumpFormatMemoryEnc", offsetof(struct xml, DocDumpFormatMemoryEnc) },
};

/* the soname of the library configure found */
static struct lazy_lib lib = {
	"libxml2.so.2", "libxml2", syms, sizeof(syms) / sizeof(syms[0]), NULL
};

LAZY_API(xml, xml_api, lib)
