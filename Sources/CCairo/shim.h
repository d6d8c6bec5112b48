#ifndef IPRASTER_CCAIRO_SHIM_H
#define IPRASTER_CCAIRO_SHIM_H

/* What paint needs: Cairo with its image, PDF, SVG and FreeType back ends, and FreeType for font files.
   No Pango, no HarfBuzz: glyph runs arrive as values (font file, face, size, glyph ids, positions). */
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>

/* The FreeType version the program was built against, as major * 10000 + minor * 100 + patch. */
static inline int ipr_cairo_freetype_version(void) { return FREETYPE_MAJOR * 10000 + FREETYPE_MINOR * 100 + FREETYPE_PATCH; }

#endif
