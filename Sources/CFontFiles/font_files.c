/* Every font file is mapped into memory once per process by whoever asks here (issue 44): FreeTypeFaces' font
   faces and the formula fonts read their files through ipr_font_file_bytes, and in the ipraster program Pango's and
   Cairo's own file openers come here too (CFontFileInterposer, which only the executable links: issue 59).

   A library product links this file alone and interposes nothing: there, Pango's HarfBuzz blobs and Cairo's
   FreeType faces map a file again with HarfBuzz's and FreeType's own openers. Same bytes, same pixels; only where
   the bytes live differs (docs/architecture.md, "Font files", says how much memory that costs).

   Hand-written because no library offers it: a process-wide table of read-only mappings by path. */

#include "ipr_font_files.h"

#include <fcntl.h>
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
