/* Every font file is mapped into memory once per process, whoever reads it (issue 44).

   Pango shapes with HarfBuzz faces it makes with hb_blob_create_from_file (pangofc-fontmap.c, Pango 1.50), and
   Cairo opens its FreeType faces with FT_New_Face; both map the file again, and Pango does it again each time
   a font map's configuration changes (a page that adds a script's fonts). A glyph outline or shaping table read
   through two mappings is resident twice: at the peak of a Chinese/Devanagari/Thai page the font files made
   11 MB, of which some 4 MB were the same pages mapped again.

   So this file defines those two functions itself. An executable's definition of a symbol comes first in the
   dynamic linker's lookup, before the shared library's (ELF symbol interposition), so Pango's and Cairo's calls
   come here: each returns the library's own object (a HarfBuzz blob, a FreeType face from FT_New_Memory_Face) made
   on the one mapping of ipr_font_file_bytes, which FreeTypeFaces' FontFileMapping and the formula fonts use too.
   The results are the same objects the libraries would have made from the same bytes; only where the bytes live
   differs. A file that cannot be mapped gets what the library gives for one it cannot open (HarfBuzz's empty
   blob; FreeType's "cannot open resource"). The linker flags in Package.swift export the two symbols
   (--export-dynamic-symbol; linkers also export them unasked, since linked libraries refer to them), and
   FontFileMappingTests checks that the symbols a library finds are these (it fails without these definitions).

   Hand-written because no library offers it: Pango has no call to give it a face's bytes. */

#include "ipr_font_files.h"

#include <fcntl.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    char *path;
    const void *bytes;
    size_t size;
} ipr_font_file;

static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static ipr_font_file *files;
static int file_count, file_capacity;

static const void *map_file(const char *path, size_t *size) {
    *size = 0;
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return NULL;
    struct stat info;
    void *base = NULL;
    if (fstat(descriptor, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
        base = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0);
        if (base == MAP_FAILED) base = NULL; else *size = (size_t)info.st_size;
    }
    close(descriptor);
    return base;
}

const void *ipr_font_file_bytes(const char *path, size_t *size) {
    *size = 0;
    if (path == NULL) return NULL;
    pthread_mutex_lock(&files_lock);
    for (int i = 0; i < file_count; i++) {
        if (strcmp(files[i].path, path) == 0) {
            *size = files[i].size;
            const void *known = files[i].bytes;
            pthread_mutex_unlock(&files_lock);
            return known;
        }
    }
    size_t mapped_size;
    const void *bytes = map_file(path, &mapped_size);
    /* A file that could not be mapped is not remembered: it may exist later (a font installed meanwhile). */
    if (bytes != NULL) {
        char *copy = strdup(path);
        if (copy != NULL && file_count == file_capacity) {
            int capacity = file_capacity == 0 ? 32 : file_capacity * 2;
            ipr_font_file *grown = realloc(files, (size_t)capacity * sizeof *files);
            if (grown != NULL) { files = grown; file_capacity = capacity; }
        }
        if (copy != NULL && file_count < file_capacity) {
            files[file_count++] = (ipr_font_file){ copy, bytes, mapped_size };
        } else {
            /* No room to remember it: give it back rather than leak a mapping per call. */
            free(copy);
            munmap((void *)bytes, mapped_size);
            bytes = NULL;
            mapped_size = 0;
        }
    }
    *size = mapped_size;
    pthread_mutex_unlock(&files_lock);
    return bytes;
}

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
