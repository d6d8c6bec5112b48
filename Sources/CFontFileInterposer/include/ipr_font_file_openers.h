#ifndef IPR_FONT_FILE_OPENERS_H
#define IPR_FONT_FILE_OPENERS_H

/* This target declares nothing of its own: it defines HarfBuzz's hb_blob_create_from_file and FreeType's FT_New_Face
   (font_file_openers.c) so that the ipraster program's Pango and Cairo open font files on CFontFiles' one mapping. */

#endif
