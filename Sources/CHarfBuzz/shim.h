#ifndef IPRASTER_CHARFBUZZ_SHIM_H
#define IPRASTER_CHARFBUZZ_SHIM_H

/* HarfBuzz alone, for the formula typesetter: the OpenType MATH table API, glyph metrics and shaping. */
#include <hb.h>
#include <hb-ot.h>

#endif
