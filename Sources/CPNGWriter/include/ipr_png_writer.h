#ifndef IPRASTER_PNG_WRITER_H
#define IPRASTER_PNG_WRITER_H

#include <stddef.h>

/* PNG encoding for rendered pages: rows are converted into PNG's filter-type-0 layout and compressed with
   libdeflate in bands of ipr_png_page_band_rows() rows, on up to `threads` threads: the bytes never depend
   on `threads`, and a page painted in strips of that many rows (ipr_png_band_encode, ipr_png_assemble) gets
   the same bytes as the whole page encoded at once. The chunks (IHDR, IDAT, IEND) are framed here, and a page's
   ancillary chunks (`ipr_png_extra`: pHYs, iTXt), framed by the caller with ipr_png_put_chunk, go right after
   IHDR. Functions
   return 0 on success, 1 on a bad argument, 2 when memory runs out, 3 when compression fails; *out must be
   released with free(). */

/* Encodes a Cairo ARGB32 surface's pixels (native-endian, premultiplied) IN PLACE: the pixel rows are
   overwritten with the filtered PNG rows, so the surface is garbage afterwards. `opaque` != 0 writes colour
   type RGB (alpha dropped); otherwise RGBA with straight values, unpremultiplied with rounding as Cairo's own
   PNG writer does. `stride` must be at least 1 + 3 * width (opaque) or 1 + 4 * width (RGBA) bytes. */
typedef struct { const unsigned char *bytes; size_t size; } ipr_png_extra;

/* Frames one chunk (length, type, data, CRC) into `out`, which holds 12 + length bytes; returns 12 + length, or 0 for
   a bad argument (a chunk's data is at most 2^31 - 1 bytes). */
size_t ipr_png_put_chunk(unsigned char *out, const char type[4], const unsigned char *data, size_t length);

int ipr_png_encode_argb32_in_place(unsigned char *pixels, int width, int height, int stride, int opaque, int level, int threads,
                                   ipr_png_extra extra, unsigned char **out, size_t *out_size);

/* Encodes straight 8-bit RGBA (width * height * 4 bytes, rows top to bottom) without changing it: the same
   bytes as the in-place encoder gives for the same pixels. */
int ipr_png_encode_rgba(const unsigned char *rgba, int width, int height, int opaque, int level, int threads,
                        unsigned char **out, size_t *out_size);

/* Animation frames of one size: the frame is cut into bands of 64 rows, and a band whose filtered bytes equal
   the same band's in the cache reuses its compressed bytes; the others are compressed and cached. The output
   is the same as with an empty cache. A cache is used by one thread at a time. */
typedef struct ipr_frame_cache ipr_frame_cache;
ipr_frame_cache *ipr_frame_cache_new(void);
void ipr_frame_cache_free(ipr_frame_cache *cache);
int ipr_png_encode_frame_in_place(unsigned char *pixels, int width, int height, int stride, int opaque, int level,
                                  ipr_frame_cache *cache, unsigned char **out, size_t *out_size);

/* Rows per band of a page. */
int ipr_png_page_band_rows(void);

/* One band of a page painted in strips: `rows` ARGB32 rows converted in place and compressed (`last` for the
   page's last band). Any thread may encode any band; ipr_png_assemble_into frames the page from all its bands in
   order into a buffer of ipr_png_assembled_size bytes (0: the bands are not a page), freeing each band's compressed
   bytes once copied, and the bands are then released with ipr_png_band_free. */
typedef struct ipr_png_band ipr_png_band;
int ipr_png_band_encode(unsigned char *pixels, int width, int rows, int stride, int opaque, int level, int last,
                        ipr_png_band **band);
size_t ipr_png_assembled_size(ipr_png_band *const *bands, int count, int height, ipr_png_extra extra);
int ipr_png_assemble_into(ipr_png_band *const *bands, int count, int width, int height, int opaque, int level, ipr_png_extra extra,
                          unsigned char *out, size_t size);
void ipr_png_band_free(ipr_png_band *band);

/* The same page written as its bands come, in order, through `write` (and one `patch` of 4 bytes already written:
   the last IDAT chunk's length, known at the end), so that a tall page is never held whole: begin (signature,
   header; NULL on bad arguments or no memory), each band in page order (its compressed bytes are freed), end (the
   stream's trailer, IEND; frees the stream). A callback returning non-zero stops it: status 3. The bytes are
   those ipr_png_assemble_into makes. ipr_png_stream_free releases a stream that is not ended. */
typedef int (*ipr_png_write_fn)(void *context, const unsigned char *data, size_t size);
typedef int (*ipr_png_patch_fn)(void *context, size_t offset, const unsigned char *data, size_t size);
typedef struct ipr_png_stream ipr_png_stream;
ipr_png_stream *ipr_png_stream_begin(int width, int height, int opaque, int level, ipr_png_extra extra, ipr_png_write_fn write,
                                     ipr_png_patch_fn patch, void *context);
int ipr_png_stream_band(ipr_png_stream *stream, ipr_png_band *band);
int ipr_png_stream_end(ipr_png_stream *stream);
void ipr_png_stream_free(ipr_png_stream *stream);

/* The libdeflate version the writer was built against. */
const char *ipr_png_writer_deflate_version(void);

#endif
