#include <dlfcn.h>
#include <stddef.h>

#include "common/xmlapi.h"

/* the functions to look up, by their offsets in struct xml */
static const struct {
	const char *name;
	size_t off;
} syms[] = {
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

const struct xml *
xml_api(struct bb_error *err)
{
	static struct xml api;
	static void *lib;

	if (lib)
		return &api;
	/* the soname of the library configure found */
	lib = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		bb_error(err, NULL, "cannot load libxml2: %s", dlerror());
		return NULL;
	}
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		void *p = dlsym(lib, syms[i].name);

		if (!p) {
			bb_error(err, NULL, "libxml2 has no '%s'", syms[i].name);
			dlclose(lib);
			lib = NULL;
			return NULL;
		}
		/* POSIX: a data pointer from dlsym converts to a function pointer */
		*(void **)((char *)&api + syms[i].off) = p;
	}
	return &api;
}
