#ifndef IPRASTER_CXML2_SHIM_H
#define IPRASTER_CXML2_SHIM_H

/* libxml2's HTML parser and tree, for the Rich HTML front-end only.
   Debian builds libxml2 with ICU, so its encoding header would pull in the system's ICU headers, whose types
   clash with the ICU copy inside Swift's Foundation in any module that sees both ("UErrorCode has different
   definitions"). ipraster never touches libxml2's encoding handlers (ICU only adds trailing converter pointers
   to xmlCharEncodingHandler, which is used through pointers alone), so the ICU part is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/globals.h>

/* libxml2's xmlFree is a global function-pointer variable, which Swift 6 refuses to read from any thread (shared
   mutable state); ipraster never replaces libxml2's allocator, so a function calling it is safe to share. */
static inline void ipr_xml_free(void *pointer) { xmlFree(pointer); }

#endif
