#ifndef IPRASTER_CPNG_SHIM_H
#define IPRASTER_CPNG_SHIM_H

/* libpng reports errors with longjmp, which Swift cannot catch, so each whole decode is one C function here.
   Buffers are straight (non-premultiplied) 8-bit RGBA, rows top to bottom. Encoding is CPNGWriter's (libdeflate). */

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* Errors and warnings are reported through return codes, never printed. */
static void ipr_png_error(png_structp png, png_const_charp message) { (void)message; png_longjmp(png, 1); }
static void ipr_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} ipr_png_source;

static void ipr_png_read_data(png_structp png, png_bytep bytes, png_size_t length) {
    ipr_png_source *source = (ipr_png_source *)png_get_io_ptr(png);
    if (source->offset + length > source->size) png_error(png, "truncated PNG data");
    memcpy(bytes, source->data + source->offset, length);
    source->offset += length;
}

/* Decodes any PNG (palette, grey, 16-bit, interlaced, tRNS) to straight 8-bit RGBA without gamma
   correction (as pngjs and pixelmatch read it) into `rgba`, which the caller sized from the header: the
   image must be `width` x `height` (else 2). Returns 0 on success, 1 not a PNG, 2 decode error, 4 out of memory.
   With strict_crc, a bad CRC in an ancillary chunk is an error too (libpng's default drops the chunk with a
   warning). */
static inline int ipr_png_decode_into(const unsigned char *data, size_t size, int strict_crc, unsigned char *rgba,
                                      unsigned width, unsigned height) {
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) return 1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, ipr_png_error, ipr_png_warning);
    if (png == NULL) return 4;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) { png_destroy_read_struct(&png, NULL, NULL); return 4; }
    ipr_png_source source = { data, size, 0 };
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        return 2;
    }
    png_set_read_fn(png, &source, ipr_png_read_data);
    if (strict_crc) png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height || width == 0 || height == 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return 2;
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (rows == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        return 4;
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return 0;
}

static inline const char *ipr_png_version(void) { return PNG_LIBPNG_VER_STRING; }

#endif
