#ifndef IPRASTER_CDEFLATE_SHIM_H
#define IPRASTER_CDEFLATE_SHIM_H
/* libdeflate's whole-buffer gzip decompressor: TGS files are gunzipped into a buffer of a capped size. */
#include <libdeflate.h>
#endif
