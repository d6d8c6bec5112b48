/* libwebp opened on first use: only a page with a WebP photo or sticker needs it (issue 44). Debian 12's soname. */
#include "CWebP.h"
#include "ipr_library_loader.h"

static const char *const names[] = { "WebPGetInfo", "WebPDecodeRGBAInto" };
static void *pointers[2];
static ipr_lazy_library library = IPR_LAZY_LIBRARY("libwebp.so.7", names, pointers);

const char *ipr_webp_load(void) { return ipr_lazy_library_load(&library); }

int ipr_webp_get_info(const uint8_t *data, size_t size, int *width, int *height) {
    if (ipr_webp_load() != NULL) return 0;
    return ((__typeof__(&WebPGetInfo))pointers[0])(data, size, width, height);
}

int ipr_webp_decode_rgba_into(const uint8_t *data, size_t size, uint8_t *output, size_t output_size, int stride) {
    if (ipr_webp_load() != NULL) return 0;
    return ((__typeof__(&WebPDecodeRGBAInto))pointers[1])(data, size, output, output_size, stride) != NULL;
}
