/* Pango's and Cairo's font-file openers on the process's one mapping (issue 44), for the ipraster program only.

   Pango shapes with HarfBuzz faces it makes with hb_blob_create_from_file (pangofc-fontmap.c, Pango 1.50), and
   Cairo opens its FreeType faces with FT_New_Face; both map the file again, and Pango does it again each time
   a font map's configuration changes (a page that adds a script's fonts). A glyph outline or shaping table read
   through two mappings is resident twice: at the peak of a Chinese/Devanagari/Thai page the font files made
   11 MB, of which some 4 MB were the same pages mapped again.

   So this file defines those two functions itself. An executable's definition of a symbol comes first in the
   dynamic linker's lookup, before the shared library's (ELF symbol interposition), so Pango's and Cairo's calls
   come here: each returns the library's own object (a HarfBuzz blob, a FreeType face from FT_New_Memory_Face) made
   on the one mapping of ipr_font_file_bytes (CFontFiles), which FreeTypeFaces' FontFileMapping uses too. The
   results are the same objects the libraries would have made from the same bytes; only where the bytes live
   differs. A file that cannot be mapped gets what the library gives for one it cannot open (HarfBuzz's empty
   blob; FreeType's "cannot open resource").

   Only the `ipraster` executable target depends on this target (issue 59): a definition linked into a library
   product would replace HarfBuzz's and FreeType's openers in every program that uses the library (a dependent's test
   process included), and the linker flags that export the two symbols are unsafe flags, which SwiftPM refuses in a
   dependency resolved by version. iprasterTests' FontFileMappingTests counts the mappings of each font file in the
   running program (`ipraster fonts --mappings`).

   Hand-written because no library offers it: Pango has no call to give it a face's bytes. */

#include "ipr_font_files.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <stddef.h>

/* HarfBuzz's hb_blob_create_from_file, on the process's one mapping of the file. */
hb_blob_t *hb_blob_create_from_file(const char *file_name) {
    size_t size;
    const void *bytes = ipr_font_file_bytes(file_name, &size);
    if (bytes == NULL || size > (size_t)0xFFFFFFFFu) return hb_blob_get_empty();
    return hb_blob_create((const char *)bytes, (unsigned int)size, HB_MEMORY_MODE_READONLY, NULL, NULL);
}

/* FreeType's FT_New_Face, on the process's one mapping of the file. */
FT_Error FT_New_Face(FT_Library library, const char *filepathname, FT_Long face_index, FT_Face *aface) {
    size_t size;
    const void *bytes = ipr_font_file_bytes(filepathname, &size);
    if (bytes == NULL) {
        if (aface != NULL) *aface = NULL;
        return FT_Err_Cannot_Open_Resource;
    }
    return FT_New_Memory_Face(library, (const FT_Byte *)bytes, (FT_Long)size, face_index, aface);
}
