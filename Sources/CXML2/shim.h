#ifndef IPRASTER_CXML2_SHIM_H
#define IPRASTER_CXML2_SHIM_H

/* libxml2's HTML parser and tree, for the Rich HTML front-end only. */
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#endif
