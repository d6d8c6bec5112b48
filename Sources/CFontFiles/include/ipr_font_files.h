#ifndef IPR_FONT_FILES_H
#define IPR_FONT_FILES_H

#include <stddef.h>

/* The bytes of the font file at `path`, mapped read-only once for the whole process; NULL (and *size 0) when it
   cannot be opened, is empty or is not a regular file. Mappings live as long as the process. Thread-safe. */
const void *ipr_font_file_bytes(const char *path, size_t *size);

#endif
