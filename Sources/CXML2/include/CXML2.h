#ifndef IPRASTER_CXML2_H
#define IPRASTER_CXML2_H
/* libxml2's HTML parser and tree, for the Rich HTML front-end only, opened on first use (xml2.c): its headers for
   the types (include/libxml links to Debian's /usr/include/libxml2/libxml, libxml2-dev), and the calls Markup makes.

   Debian builds libxml2 with ICU, so its encoding header would pull in the system's ICU headers, whose types
   clash with the ICU copy inside Swift's Foundation in any module that sees both ("UErrorCode has different
   definitions"). ipraster never touches libxml2's encoding handlers (ICU only adds trailing converter pointers
   to xmlCharEncodingHandler, which is used through pointers alone), so the ICU part is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/* Opens libxml2 (once per process): NULL when it is there, else why not. */
const char *ipr_xml_load(void);
/* htmlReadMemory; NULL when the library cannot be opened. The other calls take a document or node, which exist only
   once it is. */
htmlDocPtr ipr_html_read_memory(const char *buffer, int size, const char *url, const char *encoding, int options);
xmlNodePtr ipr_xml_doc_get_root_element(const xmlDoc *document);
void ipr_xml_free_doc(xmlDocPtr document);
long ipr_xml_get_line_no(const xmlNode *node);
xmlChar *ipr_xml_get_prop(const xmlNode *node, const xmlChar *name);
xmlAttrPtr ipr_xml_has_prop(const xmlNode *node, const xmlChar *name);
xmlChar *ipr_xml_node_get_content(const xmlNode *node);
xmlChar *ipr_xml_node_list_get_string(xmlDocPtr document, const xmlNode *list, int in_line);
/* libxml2's xmlFree (a global function-pointer variable, which Swift 6 refuses to read from any thread) on memory
   libxml2 returned. */
void ipr_xml_free(void *pointer);

#endif
