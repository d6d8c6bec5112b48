/* libwebp opened on first use: only a page with a WebP photo or sticker, or a WebP output, needs it (issue 44).
   Debian 12's soname. */
#include "CWebP.h"
#include "ipr_library_loader.h"

#include <webp/mux.h>

static const char *const names[] = { "WebPGetInfo", "WebPDecodeRGBAInto", "WebPConfigInitInternal", "WebPPictureInitInternal",
                                     "WebPPictureImportRGBA", "WebPMemoryWriterInit", "WebPMemoryWrite", "WebPEncode",
                                     "WebPPictureFree", "WebPMemoryWriterClear", "WebPFree", "WebPValidateConfig" };
static void *pointers[12];
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

#define CALL(index, function) ((__typeof__(&function))pointers[index])

int ipr_webp_encode_rgba(const uint8_t *rgba, int width, int height, int stride, float quality, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (ipr_webp_load() != NULL) return -1;
    WebPConfig config;
    if (!CALL(2, WebPConfigInitInternal)(&config, WEBP_PRESET_DEFAULT, quality < 0 ? 75.0f : quality, WEBP_ENCODER_ABI_VERSION)) {
        return VP8_ENC_ERROR_INVALID_CONFIGURATION;
    }
    if (quality < 0) {
        config.lossless = 1;
        config.exact = 1;
        config.quality = 75;
        config.method = 4;
    }
    if (!CALL(11, WebPValidateConfig)(&config)) return VP8_ENC_ERROR_INVALID_CONFIGURATION;
    WebPPicture picture;
    if (!CALL(3, WebPPictureInitInternal)(&picture, WEBP_ENCODER_ABI_VERSION)) return VP8_ENC_ERROR_INVALID_CONFIGURATION;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    if (!CALL(4, WebPPictureImportRGBA)(&picture, rgba, stride)) {
        int error = picture.error_code != VP8_ENC_OK ? (int)picture.error_code : VP8_ENC_ERROR_OUT_OF_MEMORY;
        CALL(8, WebPPictureFree)(&picture);
        return error;
    }
    WebPMemoryWriter writer;
    CALL(5, WebPMemoryWriterInit)(&writer);
    picture.writer = (WebPWriterFunction)pointers[6];
    picture.custom_ptr = &writer;
    int ok = CALL(7, WebPEncode)(&config, &picture);
    int error = (int)picture.error_code;
    CALL(8, WebPPictureFree)(&picture);
    if (!ok) {
        CALL(9, WebPMemoryWriterClear)(&writer);
        return error != VP8_ENC_OK ? error : VP8_ENC_ERROR_BAD_WRITE;
    }
    *out = writer.mem;
    *out_size = writer.size;
    return 0;
}

void ipr_webp_free(void *pointer) {
    if (pointer != NULL && ipr_webp_load() == NULL) CALL(10, WebPFree)(pointer);
}

/* libwebpmux (Debian's libwebpmux3), opened on a WebP output's first metadata: it adds the XMP chunk that carries
   the page's alt text (VP8X container). */
static const char *const mux_names[] = { "WebPMuxCreateInternal", "WebPMuxSetChunk", "WebPMuxAssemble", "WebPMuxDelete" };
static void *mux_pointers[4];
static ipr_lazy_library mux_library = IPR_LAZY_LIBRARY("libwebpmux.so.3", mux_names, mux_pointers);

#define MUX(index, function) ((__typeof__(&function))mux_pointers[index])

int ipr_webp_add_xmp(const uint8_t *webp, size_t size, const uint8_t *xmp, size_t xmp_size, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (ipr_webp_load() != NULL || ipr_lazy_library_load(&mux_library) != NULL) return -1;
    WebPData image = { webp, size };
    WebPMux *mux = MUX(0, WebPMuxCreateInternal)(&image, 0, WEBP_MUX_ABI_VERSION);
    if (mux == NULL) return WEBP_MUX_BAD_DATA;
    WebPData chunk = { xmp, xmp_size };
    WebPMuxError error = MUX(1, WebPMuxSetChunk)(mux, "XMP ", &chunk, 0);
    WebPData assembled = { NULL, 0 };
    if (error == WEBP_MUX_OK) error = MUX(2, WebPMuxAssemble)(mux, &assembled);
    MUX(3, WebPMuxDelete)(mux);
    if (error != WEBP_MUX_OK) {
        ipr_webp_free((void *)assembled.bytes);
        return error;
    }
    *out = (uint8_t *)assembled.bytes;
    *out_size = assembled.size;
    return 0;
}
