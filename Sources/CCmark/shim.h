#ifndef IPRASTER_CCMARK_SHIM_H
#define IPRASTER_CCMARK_SHIM_H

/* libcmark-gfm (CommonMark + GFM) and its core extensions (table, strikethrough, tasklist), for the Rich
   Markdown front-end only. */
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

#endif
