/* libxml2 opened on first use: only Rich HTML input (and raw HTML inside Markdown) needs it, and linking it mapped
   it and liblzma into every render (issue 44). Debian 12's soname. */
#include "CXML2.h"
#include "ipr_library_loader.h"

static const char *const names[] = { "htmlReadMemory", "xmlDocGetRootElement", "xmlFreeDoc", "xmlGetLineNo", "xmlGetProp",
                                     "xmlHasProp", "xmlNodeGetContent", "xmlNodeListGetString", "xmlFree" };
static void *pointers[9];
static ipr_lazy_library library = IPR_LAZY_LIBRARY("libxml2.so.2", names, pointers);

const char *ipr_xml_load(void) { return ipr_lazy_library_load(&library); }

htmlDocPtr ipr_html_read_memory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    if (ipr_xml_load() != NULL) return NULL;
    return ((__typeof__(&htmlReadMemory))pointers[0])(buffer, size, url, encoding, options);
}

xmlNodePtr ipr_xml_doc_get_root_element(const xmlDoc *document) { return ((__typeof__(&xmlDocGetRootElement))pointers[1])(document); }

void ipr_xml_free_doc(xmlDocPtr document) { ((__typeof__(&xmlFreeDoc))pointers[2])(document); }

long ipr_xml_get_line_no(const xmlNode *node) { return ((__typeof__(&xmlGetLineNo))pointers[3])(node); }

xmlChar *ipr_xml_get_prop(const xmlNode *node, const xmlChar *name) { return ((__typeof__(&xmlGetProp))pointers[4])(node, name); }

xmlAttrPtr ipr_xml_has_prop(const xmlNode *node, const xmlChar *name) { return ((__typeof__(&xmlHasProp))pointers[5])(node, name); }

xmlChar *ipr_xml_node_get_content(const xmlNode *node) { return ((__typeof__(&xmlNodeGetContent))pointers[6])(node); }

xmlChar *ipr_xml_node_list_get_string(xmlDocPtr document, const xmlNode *list, int in_line) {
    return ((__typeof__(&xmlNodeListGetString))pointers[7])(document, list, in_line);
}

void ipr_xml_free(void *pointer) {
    if (pointer != NULL) (*(xmlFreeFunc *)pointers[8])(pointer);
}
