#ifndef IPRASTER_CJPEG_H
#define IPRASTER_CJPEG_H
/* libjpeg-turbo's TurboJPEG API (plain return codes, no longjmp), opened on first use (jpeg.c): its header for the
   types and constants, and the calls MediaSources makes. */
#include <stddef.h>
#include <turbojpeg.h>

/* Opens libturbojpeg (once per process): NULL when it is there, else why not. */
const char *ipr_jpeg_load(void);
/* tjInitDecompress, tjInitCompress, tjDestroy, tjDecompressHeader3, tjDecompress2, tjCompress2 and tjFree; NULL or
   -1 when the library cannot be opened. */
tjhandle ipr_jpeg_init_decompress(void);
tjhandle ipr_jpeg_init_compress(void);
int ipr_jpeg_destroy(tjhandle handle);
int ipr_jpeg_decompress_header(tjhandle handle, const unsigned char *jpeg, unsigned long size, int *width, int *height,
                               int *subsampling, int *colorspace);
int ipr_jpeg_decompress(tjhandle handle, const unsigned char *jpeg, unsigned long size, unsigned char *pixels, int width,
                        int pitch, int height, int format, int flags);
int ipr_jpeg_compress(tjhandle handle, const unsigned char *pixels, int width, int pitch, int height, int format,
                      unsigned char **jpeg, unsigned long *size, int subsampling, int quality, int flags);
void ipr_jpeg_free(unsigned char *buffer);

#endif
