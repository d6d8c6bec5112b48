#ifndef IPRASTER_CWEBP_H
#define IPRASTER_CWEBP_H
/* libwebp, opened on first use (webp.c): its headers for the types, the decoder calls MediaSources makes for WebP
   photos and stickers, and the encoder `-o page.webp` uses. */
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/encode.h> /* for tests, which link libwebp to make fixtures */

/* Opens libwebp (once per process): NULL when it is there, else why not. */
const char *ipr_webp_load(void);
/* WebPGetInfo; 0 when the library cannot be opened. */
int ipr_webp_get_info(const uint8_t *data, size_t size, int *width, int *height);
/* WebPDecodeRGBAInto: 1 when the image was decoded into `output` (its size and stride from ipr_webp_get_info), else 0. */
int ipr_webp_decode_rgba_into(const uint8_t *data, size_t size, uint8_t *output, size_t output_size, int stride);
/* Encodes straight 8-bit RGBA (`stride` bytes a row): lossless with every pixel's exact values (transparent ones
   too) when `quality` < 0, else lossy at quality 0-100 (method 4). 0 on success with *out (free it with
   ipr_webp_free) and *out_size set; else libwebp's WebPEncodingError, or -1 when the library cannot be opened. */
int ipr_webp_encode_rgba(const uint8_t *rgba, int width, int height, int stride, float quality, uint8_t **out, size_t *out_size);
void ipr_webp_free(void *pointer);
/* `webp` with an XMP metadata chunk of `xmp` (libwebpmux, opened on first use; the container becomes VP8X): 0 with
   *out (free with ipr_webp_free), -1 when a library cannot be opened, else libwebpmux's WebPMuxError. */
int ipr_webp_add_xmp(const uint8_t *webp, size_t size, const uint8_t *xmp, size_t xmp_size, uint8_t **out, size_t *out_size);

#endif
