#ifndef IPRASTER_CWEBP_H
#define IPRASTER_CWEBP_H
/* libwebp's decoder for WebP photos and stickers, opened on first use (webp.c): its header for the types, and the
   calls MediaSources makes. */
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

#endif
