#ifndef IPRASTER_CPANGO_SHIM_H
#define IPRASTER_CPANGO_SHIM_H

#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fcfreetype.h>

/* GObject cast macros do not import into Swift; these checked casts return NULL on a wrong type. */
static inline PangoFcFontMap *ipr_fc_font_map(PangoFontMap *map) {
    return PANGO_IS_FC_FONT_MAP(map) ? PANGO_FC_FONT_MAP(map) : NULL;
}

static inline PangoFcFont *ipr_fc_font(PangoFont *font) {
    return (font != NULL && PANGO_IS_FC_FONT(font)) ? PANGO_FC_FONT(font) : NULL;
}

/* The file a Pango font was loaded from (borrowed string, valid while the font lives). */
static inline const char *ipr_font_file(PangoFont *font) {
    PangoFcFont *fc = ipr_fc_font(font);
    if (fc == NULL) return NULL;
    FcPattern *pattern = pango_fc_font_get_pattern(fc);
    FcChar8 *file = NULL;
    if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return NULL;
    return (const char *)file;
}

static inline int ipr_font_face_index(PangoFont *font) {
    PangoFcFont *fc = ipr_fc_font(font);
    if (fc == NULL) return 0;
    int index = 0;
    if (FcPatternGetInteger(pango_fc_font_get_pattern(fc), FC_INDEX, 0, &index) != FcResultMatch) return 0;
    return index;
}

/* The charset of a Pango font's pattern (borrowed, valid while the font lives). */
static inline FcCharSet *ipr_font_charset(PangoFont *font) {
    PangoFcFont *fc = ipr_fc_font(font);
    FcCharSet *charset = NULL;
    if (fc == NULL || FcPatternGetCharSet(pango_fc_font_get_pattern(fc), FC_CHARSET, 0, &charset) != FcResultMatch) return NULL;
    return charset;
}

/* Synthesised styles fontconfig asked for (fonts.conf): emboldening, and the x shear of a slanted upright face. */
static inline int ipr_font_embolden(PangoFont *font) {
    PangoFcFont *fc = ipr_fc_font(font);
    FcBool embolden = FcFalse;
    if (fc == NULL || FcPatternGetBool(pango_fc_font_get_pattern(fc), FC_EMBOLDEN, 0, &embolden) != FcResultMatch) return 0;
    return embolden ? 1 : 0;
}

static inline double ipr_font_slant(PangoFont *font) {
    PangoFcFont *fc = ipr_fc_font(font);
    FcBool outline = FcFalse;
    FcMatrix *matrix = NULL;
    if (fc == NULL) return 0;
    FcPattern *pattern = pango_fc_font_get_pattern(fc);
    if (FcPatternGetBool(pattern, FC_OUTLINE, 0, &outline) != FcResultMatch || !outline) return 0;
    if (FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) != FcResultMatch || matrix == NULL) return 0;
    return matrix->xy;
}

/* The FreeType version the program was built against ("2.12.1"). */
static inline int ipr_freetype_version(void) { return FREETYPE_MAJOR * 10000 + FREETYPE_MINOR * 100 + FREETYPE_PATCH; }

static inline void ipr_g_object_unref(void *object) { if (object != NULL) g_object_unref(object); }

#endif
