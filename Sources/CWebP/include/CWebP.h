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
/* WebPGetInfo, WebPDecodeRGBA and WebPFree; 0 or NULL when the library cannot be opened. */
int ipr_webp_get_info(const uint8_t *data, size_t size, int *width, int *height);
uint8_t *ipr_webp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height);
void ipr_webp_free(void *pointer);

#endif
