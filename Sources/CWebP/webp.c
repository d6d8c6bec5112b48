/* libwebp opened on first use: only a page with a WebP photo or sticker needs it (issue 44). Debian 12's soname. */
#include "CWebP.h"
#include "ipr_library_loader.h"

static const char *const names[] = { "WebPGetInfo", "WebPDecodeRGBA", "WebPFree" };
static void *pointers[3];
static ipr_lazy_library library = IPR_LAZY_LIBRARY("libwebp.so.7", names, pointers);

const char *ipr_webp_load(void) { return ipr_lazy_library_load(&library); }

int ipr_webp_get_info(const uint8_t *data, size_t size, int *width, int *height) {
    if (ipr_webp_load() != NULL) return 0;
    return ((__typeof__(&WebPGetInfo))pointers[0])(data, size, width, height);
}

uint8_t *ipr_webp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height) {
    if (ipr_webp_load() != NULL) return NULL;
    return ((__typeof__(&WebPDecodeRGBA))pointers[1])(data, size, width, height);
}

void ipr_webp_free(void *pointer) {
    if (pointer != NULL && ipr_webp_load() == NULL) ((__typeof__(&WebPFree))pointers[2])(pointer);
}
