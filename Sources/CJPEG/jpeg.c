/* libturbojpeg opened on first use: only a page with a JPEG photo or a stripped thumbnail needs it (issue 44).
   Debian 12's soname. */
#include "CJPEG.h"
#include "ipr_library_loader.h"

static const char *const names[] = { "tjInitDecompress", "tjInitCompress", "tjDestroy", "tjDecompressHeader3", "tjDecompress2",
                                     "tjCompress2", "tjFree" };
static void *pointers[7];
static ipr_lazy_library library = IPR_LAZY_LIBRARY("libturbojpeg.so.0", names, pointers);

const char *ipr_jpeg_load(void) { return ipr_lazy_library_load(&library); }

tjhandle ipr_jpeg_init_decompress(void) {
    return ipr_jpeg_load() == NULL ? ((__typeof__(&tjInitDecompress))pointers[0])() : NULL;
}

tjhandle ipr_jpeg_init_compress(void) {
    return ipr_jpeg_load() == NULL ? ((__typeof__(&tjInitCompress))pointers[1])() : NULL;
}

/* A handle exists only once the library is open, so the calls below that take one find their pointers set. */
int ipr_jpeg_destroy(tjhandle handle) { return ((__typeof__(&tjDestroy))pointers[2])(handle); }

int ipr_jpeg_decompress_header(tjhandle handle, const unsigned char *jpeg, unsigned long size, int *width, int *height,
                               int *subsampling, int *colorspace) {
    return ((__typeof__(&tjDecompressHeader3))pointers[3])(handle, jpeg, size, width, height, subsampling, colorspace);
}

int ipr_jpeg_decompress(tjhandle handle, const unsigned char *jpeg, unsigned long size, unsigned char *pixels, int width,
                        int pitch, int height, int format, int flags) {
    return ((__typeof__(&tjDecompress2))pointers[4])(handle, jpeg, size, pixels, width, pitch, height, format, flags);
}

int ipr_jpeg_compress(tjhandle handle, const unsigned char *pixels, int width, int pitch, int height, int format,
                      unsigned char **jpeg, unsigned long *size, int subsampling, int quality, int flags) {
    return ((__typeof__(&tjCompress2))pointers[5])(handle, pixels, width, pitch, height, format, jpeg, size, subsampling, quality, flags);
}

void ipr_jpeg_free(unsigned char *buffer) {
    if (buffer != NULL && ipr_jpeg_load() == NULL) ((__typeof__(&tjFree))pointers[6])(buffer);
}
