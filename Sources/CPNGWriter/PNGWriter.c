/* The PNG writer for rendered pages (issue 15). Hand-written framing because libpng compresses through
   zlib, whose level 6 costs about twice libdeflate's time for the same size on page-sized images, and
   libdeflate compresses whole buffers only (there is no stream to hand libpng).

   - In place: each premultiplied ARGB32 row of the surface is rewritten as its filter byte (type 0, None)
     followed by RGB or straight RGBA, so no second full-page buffer exists.
   - In bands: a page is cut into bands of IPR_PAGE_BAND_ROWS rows (a fixed size, never depending on the
     number of threads, so the bytes are the same whatever runs them). Each band is converted and
     compressed on its own (on any thread) as raw DEFLATE; the bands are spliced into one zlib stream by
     clearing the BFINAL bit of each band's last block (found by DeflateBlocks.c) and byte-aligning with an
     empty stored block, as a zlib sync flush would. A band starts without the previous band's history,
     which costs under 1 % of the size at 128 rows (sample.json: 481,347 bytes at 512 rows, 484,642 at 128); a
     one-shot render holds a strip per thread, so the band height is its memory (issue 44: 128 rows at 720 px are
     0.37 MB a strip, 512 rows were 1.5 MB). Bands let a page be painted in strips, each
     compressed while the next is painted, so the whole page never needs to be in memory at once.
   - Repeated rows: inside a band, a run of IPR_COPY_RUN_MIN or more rows that each equal the row above is
     written as a block of our own (RowCopyBlocks.c) spliced between libdeflate's streams of the other rows:
     libdeflate cannot continue a stream, so it could only code such rows by hashing every byte again.
     sample.json: 39 % of its rows; its page encoded at level 5 with these blocks takes 0.72× the time of level 6
     without them, for 1.014× the bytes (1.04× zlib 6's).
   - Output is a pure function of the pixels and the level: no time, text or gamma chunks. */

#include "ipr_png_writer.h"
#include "DeflateBlocks.h"
#include "ipr_row_copy_blocks.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* An IDAT chunk's data stays well under PNG's 2^31 - 1 byte limit. */
#define IPR_IDAT_MAX ((size_t)1 << 30)
/* Rows per band of a page; at most IPR_MAX_THREADS threads compress one page's bands. */
#define IPR_PAGE_BAND_ROWS 128
#define IPR_MAX_THREADS 16
/* Fewer rows repeating the row above are left to libdeflate: a run of our own costs libdeflate its history and a
   new block header where it resumes. */
#define IPR_COPY_RUN_MIN 3

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

/* Writes one chunk at `p` (length, type, data, CRC over type and data); returns the bytes written. */
static size_t put_chunk(unsigned char *p, const char type[4], const unsigned char *data, size_t length) {
    put32(p, (uint32_t)length);
    memcpy(p + 4, type, 4);
    if (length > 0) memmove(p + 8, data, length);
    put32(p + 8 + length, libdeflate_crc32(0, p + 4, 4 + length));
    return 12 + length;
}

/* Cairo's premultiplied native-endian ARGB pixel as straight R, G, B, A with the rounding Cairo's own PNG
   writer uses; a fully transparent pixel is all zeros. */
static inline void unpremultiply(uint32_t value, unsigned char *p) {
    uint32_t a = value >> 24, r = (value >> 16) & 0xff, g = (value >> 8) & 0xff, b = value & 0xff;
    if (a == 0) {
        p[0] = p[1] = p[2] = p[3] = 0;
    } else if (a == 255) {
        p[0] = (unsigned char)r; p[1] = (unsigned char)g; p[2] = (unsigned char)b; p[3] = 255;
    } else {
        uint32_t ur = (r * 255 + a / 2) / a, ug = (g * 255 + a / 2) / a, ub = (b * 255 + a / 2) / a;
        p[0] = (unsigned char)(ur > 255 ? 255 : ur); p[1] = (unsigned char)(ug > 255 ? 255 : ug);
        p[2] = (unsigned char)(ub > 255 ? 255 : ub); p[3] = (unsigned char)a;
    }
}

/* Opaque ARGB32 pixels (B, G, R, A in memory) as R, G, B, written at `out` from `in` where out <= in + 1 (a row
   converted in place): returns how many were done; the caller does the rest one by one. Each group is loaded whole
   before its bytes are stored, and its stores end before the next group's source. With SSSE3, 16 pixels at a time
   (one byte shuffle per 4); else 4 at a time through byte-swapped words. */
#if defined(__x86_64__)
#include <tmmintrin.h>
__attribute__((target("ssse3")))
static size_t rgb_pixels_ssse3(unsigned char *out, const unsigned char *in, size_t width) {
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(in + 4 * x)), b = _mm_loadu_si128((const __m128i *)(in + 4 * x + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(in + 4 * x + 32)), d = _mm_loadu_si128((const __m128i *)(in + 4 * x + 48));
        __m128i groups[4] = { _mm_shuffle_epi8(a, order), _mm_shuffle_epi8(b, order), _mm_shuffle_epi8(c, order), _mm_shuffle_epi8(d, order) };
        for (int g = 0; g < 4; g++) {
            unsigned char *p = out + 3 * x + 12 * (size_t)g;
            _mm_storel_epi64((__m128i *)p, groups[g]);
            uint32_t tail = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(groups[g], 8));
            memcpy(p + 8, &tail, 4);
        }
    }
    return x;
}
#endif

static size_t rgb_pixels(unsigned char *out, const unsigned char *in, size_t width) {
    size_t x = 0;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("ssse3")) x = rgb_pixels_ssse3(out, in, width);
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; x + 4 <= width; x += 4) {
        uint32_t v[4];
        memcpy(v, in + 4 * x, 16);
        /* 0xAARRGGBB byte-swapped and shifted: R, G, B in memory order in the low three bytes. */
        uint32_t q0 = __builtin_bswap32(v[0]) >> 8, q1 = __builtin_bswap32(v[1]) >> 8;
        uint32_t q2 = __builtin_bswap32(v[2]) >> 8, q3 = __builtin_bswap32(v[3]) >> 8;
        uint32_t w[3] = { q0 | q1 << 24, q1 >> 8 | q2 << 16, q2 >> 16 | q3 << 8 };
        memcpy(out + 3 * x, w, 12);
    }
#endif
    return x;
}

/* Rewrites `rows` ARGB32 rows read at `source` (`stride` apart) as filtered PNG rows written from `base`
   (`row_bytes` apart), where base <= source and row_bytes <= stride. Row y's target starts at or before its
   source and ends before row y + 1's source. Each pixel is loaded before its bytes are stored: left to right,
   pixel x's bytes end before pixel x + 1's source, except when a row's target and source start together
   with 4 channels (the first row of an RGBA band): its target sits one byte right of its source, so it is
   converted right to left. The filter byte is stored last, once the row's source is consumed. */
static void convert_rows(unsigned char *base, const unsigned char *source, size_t rows, size_t width, size_t stride,
                         size_t row_bytes, int opaque) {
    for (size_t y = 0; y < rows; y++) {
        const unsigned char *in = source + y * stride;
        unsigned char *target = base + y * row_bytes;
        if (opaque) {
            size_t x = rgb_pixels(target + 1, in, width);
            for (; x < width; x++) {
                uint32_t value;
                memcpy(&value, in + 4 * x, 4);
                unsigned char *p = target + 1 + 3 * x;
                p[0] = (unsigned char)(value >> 16); p[1] = (unsigned char)(value >> 8); p[2] = (unsigned char)value;
            }
        } else {
            int backwards = target == in;
            for (size_t i = 0; i < width; i++) {
                size_t x = backwards ? width - 1 - i : i;
                uint32_t value;
                memcpy(&value, in + 4 * x, 4);
                unpremultiply(value, target + 1 + 4 * x);
            }
        }
        target[0] = 0;
    }
}

/* One band: its rows (converted first when `source` is set), then its raw DEFLATE stream and Adler-32. A band
   that is not the last is spliced open: its final block's BFINAL bit cleared and an empty stored block (BFINAL
   0, BTYPE 00, padding to a byte, LEN 0, NLEN 0xffff) appended, so the next band's blocks follow on. */
typedef struct {
    unsigned char *data;         /* the band's filtered bytes (after conversion) */
    size_t size;
    const unsigned char *source; /* ARGB32 rows to convert into `data`, or NULL when `data` is filtered already */
    size_t rows, width, stride, row_bytes;
    int opaque, level, last;
    unsigned char *stream;       /* malloc'd */
    size_t stream_size;
    uint32_t adler;
    int status;
} ipr_band;

/* Each thread keeps its last compressor (one level) for the next band: allocating one per band costs fresh
   pages every time. A compressor's output depends only on its input and level, never on earlier use. */
typedef struct {
    struct libdeflate_compressor *compressor;
    int level;
} ipr_thread_compressor;

static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;

static void release_compressor(void *value) {
    ipr_thread_compressor *kept = value;
    libdeflate_free_compressor(kept->compressor);
    free(kept);
}

static void make_compressor_key(void) { pthread_key_create(&compressor_key, release_compressor); }

static struct libdeflate_compressor *thread_compressor(int level) {
    pthread_once(&compressor_once, make_compressor_key);
    ipr_thread_compressor *kept = pthread_getspecific(compressor_key);
    if (kept != NULL && kept->level == level) return kept->compressor;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (compressor == NULL) return NULL;
    if (kept == NULL) {
        kept = calloc(1, sizeof *kept);
        if (kept == NULL || pthread_setspecific(compressor_key, kept) != 0) {
            free(kept);
            libdeflate_free_compressor(compressor);
            return NULL;
        }
    } else {
        libdeflate_free_compressor(kept->compressor);
    }
    kept->compressor = compressor;
    kept->level = level;
    return compressor;
}

/* A band's DEFLATE stream as it is written: `bit` bits so far. Bits above `bit` in its byte are zero; the bytes
   after that one are not cleared (whoever writes there writes whole bytes). */
typedef struct {
    unsigned char *bytes;
    size_t capacity;
    size_t bit;
} ipr_stream_buffer;

/* Room for `more` bytes after the bits written so far. */
static int reserve(ipr_stream_buffer *s, size_t more) {
    size_t need = (s->bit + 7) / 8 + more;
    if (need <= s->capacity) return 0;
    size_t capacity = s->capacity * 2 > need ? s->capacity * 2 : need;
    unsigned char *bytes = realloc(s->bytes, capacity);
    if (bytes == NULL) return 2;
    s->bytes = bytes;
    s->capacity = capacity;
    return 0;
}

/* An empty stored block (BFINAL 0, BTYPE 00, padding to a byte, LEN 0, NLEN 0xffff): what a zlib sync flush
   writes, so that the next bytes start on a byte boundary. */
static int align_with_stored_block(ipr_stream_buffer *s) {
    if (reserve(s, 6) != 0) return 2;
    size_t at = (s->bit + 3 + 7) >> 3;  /* the 3 header bits (all zero), then padding */
    for (size_t b = (s->bit + 7) >> 3; b < at; b++) s->bytes[b] = 0;
    s->bytes[at++] = 0x00; s->bytes[at++] = 0x00; s->bytes[at++] = 0xff; s->bytes[at++] = 0xff;
    s->bit = at * 8;
    return 0;
}

/* `size` bytes of rows compressed by libdeflate, starting on a byte boundary; the final block's BFINAL bit is
   cleared unless `final`. */
static int deflate_rows(ipr_stream_buffer *s, struct libdeflate_compressor *compressor, const unsigned char *data, size_t size,
                        int final) {
    size_t bound = libdeflate_deflate_compress_bound(compressor, size);
    if (reserve(s, bound) != 0) return 2;
    size_t base = s->bit >> 3;
    size_t written = libdeflate_deflate_compress(compressor, data, size, s->bytes + base, bound);
    if (written == 0) return 3;
    if (final) { s->bit = (base + written) * 8; return 0; }
    size_t final_bit, end_bit;
    if (ipr_deflate_final_block(s->bytes + base, written, &final_bit, &end_bit) != 0) return 3;
    unsigned char *stream = s->bytes + base;
    stream[final_bit >> 3] &= (unsigned char)~(1u << (final_bit & 7));
    size_t whole = (end_bit + 7) >> 3;
    if (whole > written) return 3;
    if (end_bit & 7) stream[whole - 1] &= (unsigned char)((1u << (end_bit & 7)) - 1);
    s->bit = base * 8 + end_bit;
    return 0;
}

/* `rows` repeats of the row at `row` (equal to the row before it), as a block of our own. */
static int copy_rows(ipr_stream_buffer *s, const unsigned char *row, size_t row_bytes, int pixel_bytes, size_t rows, int final) {
    ipr_row_copy plan;
    if (ipr_row_copy_plan(&plan, row, row_bytes, pixel_bytes, rows) != 0) return 2;
    int status = reserve(s, plan.bits / 8 + 2);
    if (status == 0) s->bit = ipr_row_copy_write(&plan, s->bytes, s->bit, final);
    ipr_row_copy_free(&plan);
    return status;
}

/* The band's stream: runs of rows that repeat the row above (within the band) as copy blocks of our own, the
   other rows compressed by libdeflate, each run spliced onto the one before. A band that is not the page's last
   ends on a byte boundary with no final block, so the next band's stream follows on. */
static int compress_band(ipr_band *band, struct libdeflate_compressor *compressor, ipr_stream_buffer *s) {
    const unsigned char *data = band->data;
    size_t row_bytes = band->row_bytes, rows = band->rows;
    int pixel_bytes = band->opaque ? 3 : 4;
    int copies = row_bytes >= IPR_ROW_COPY_MIN_ROW && row_bytes <= IPR_ROW_COPY_MAX_ROW;
    size_t row = 0;
    while (row < rows) {
        /* The next run of at least IPR_COPY_RUN_MIN rows that repeat the row above, or none (rows, rows). */
        size_t run = rows, end = rows;
        for (size_t r = row + 1; copies && r < rows;) {
            size_t e = r;
            while (e < rows && memcmp(data + e * row_bytes, data + (e - 1) * row_bytes, row_bytes) == 0) e++;
            if (e - r >= IPR_COPY_RUN_MIN) { run = r; end = e; break; }
            r = e + 1;
        }
        int status = deflate_rows(s, compressor, data + row * row_bytes, (run - row) * row_bytes, band->last && run == rows);
        if (status != 0) return status;
        if (run == rows) break;
        status = copy_rows(s, data + run * row_bytes, row_bytes, pixel_bytes, end - run, band->last && end == rows);
        if (status != 0) return status;
        if (end < rows && align_with_stored_block(s) != 0) return 2;
        row = end;
    }
    if (!band->last && align_with_stored_block(s) != 0) return 2;
    return 0;
}

static void *run_band(void *argument) {
    ipr_band *band = argument;
    if (band->source != NULL) convert_rows(band->data, band->source, band->rows, band->width, band->stride, band->row_bytes, band->opaque);
    band->adler = (uint32_t)libdeflate_adler32(1, band->data, band->size);
    struct libdeflate_compressor *compressor = thread_compressor(band->level);
    if (compressor == NULL) { band->status = 2; return NULL; }
    ipr_stream_buffer s = { NULL, 0, 0 };
    band->status = compress_band(band, compressor, &s);
    band->stream = s.bytes;
    band->stream_size = (s.bit + 7) / 8;
    return NULL;
}

typedef struct {
    ipr_band **bands;
    int count;
    int next;
    pthread_mutex_t lock;
} ipr_queue;

static void *run_queue(void *argument) {
    ipr_queue *queue = argument;
    for (;;) {
        pthread_mutex_lock(&queue->lock);
        int index = queue->next++;
        pthread_mutex_unlock(&queue->lock);
        if (index >= queue->count) return NULL;
        run_band(queue->bands[index]);
    }
}

/* Runs the bands, on up to `threads` threads (the calling one included). */
static void run_bands(ipr_band **bands, int count, int threads) {
    ipr_queue queue = { bands, count, 0, PTHREAD_MUTEX_INITIALIZER };
    pthread_t helpers[IPR_MAX_THREADS];
    int started = 0;
    for (int i = 1; i < threads && i < count && started < IPR_MAX_THREADS; i++) {
        if (pthread_create(&helpers[started], NULL, run_queue, &queue) == 0) started++;
    }
    run_queue(&queue);
    for (int i = 0; i < started; i++) pthread_join(helpers[i], NULL);
}

/* Frames the PNG around the bands' streams: zlib header, the streams in order, the combined Adler-32. */
/* The zlib stream of the bands (a 2-byte header, their deflate blocks, the Adler-32 of their bytes) framed as a PNG:
   its size in bytes, or 0 when a band failed. */
static size_t framed_size(const ipr_band *bands, int count, ipr_png_extra extra) {
    size_t stream_size = 2 + 4;
    for (int i = 0; i < count; i++) {
        if (bands[i].status != 0) return 0;
        stream_size += bands[i].stream_size;
    }
    size_t chunks = (stream_size + IPR_IDAT_MAX - 1) / IPR_IDAT_MAX;
    return 8 + 25 + extra.size + chunks * 12 + stream_size + 12;
}

/* IDAT chunks written as their data arrives in pieces: each chunk's length is known up front (the stream's total),
   its CRC runs over the pieces. */
typedef struct {
    unsigned char *at;
    size_t left_in_stream, left_in_chunk;
    uint32_t crc;
} idat_writer;

static void idat_write(idat_writer *w, const unsigned char *data, size_t length) {
    while (length > 0) {
        if (w->left_in_chunk == 0) {
            w->left_in_chunk = w->left_in_stream < IPR_IDAT_MAX ? w->left_in_stream : IPR_IDAT_MAX;
            put32(w->at, (uint32_t)w->left_in_chunk);
            memcpy(w->at + 4, "IDAT", 4);
            w->crc = libdeflate_crc32(0, w->at + 4, 4);
            w->at += 8;
        }
        size_t n = length < w->left_in_chunk ? length : w->left_in_chunk;
        memcpy(w->at, data, n);
        w->crc = libdeflate_crc32(w->crc, data, n);
        w->at += n;
        data += n;
        length -= n;
        w->left_in_chunk -= n;
        w->left_in_stream -= n;
        if (w->left_in_chunk == 0) {
            put32(w->at, w->crc);
            w->at += 4;
        }
    }
}

/* The PNG of the bands written into `png` (framed_size bytes). With `release`, each band's stream is freed once
   copied, so the page's compressed bytes are held about once, not twice, while it is framed. */
static size_t frame_into(ipr_band *bands, int count, int width, int height, int opaque, int level, ipr_png_extra extra, unsigned char *png,
                         int release) {
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    memcpy(png, signature, 8);
    size_t written = 8;
    unsigned char header[13];
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    header[8] = 8;                                   /* bit depth */
    header[9] = opaque ? 2 : 6;                      /* colour type: RGB or RGBA */
    header[10] = 0; header[11] = 0; header[12] = 0;  /* deflate, adaptive filtering method, no interlace */
    written += put_chunk(png + written, "IHDR", header, 13);
    if (extra.size > 0) memcpy(png + written, extra.bytes, extra.size);
    written += extra.size;
    size_t stream_size = 2 + 4;
    for (int i = 0; i < count; i++) stream_size += bands[i].stream_size;
    idat_writer w = { png + written, stream_size, 0, 0 };
    /* zlib header: deflate with a 32 KiB window; FLEVEL as libdeflate sets it for this level. */
    unsigned char zlib[2] = { 0x78, level < 2 ? 0x01 : level < 6 ? 0x5e : level == 6 ? 0x9c : 0xda };
    idat_write(&w, zlib, 2);
    uLong adler = 1;
    for (int i = 0; i < count; i++) {
        adler = i == 0 ? bands[i].adler : adler32_combine(adler, bands[i].adler, (z_off_t)bands[i].size);
        idat_write(&w, bands[i].stream, bands[i].stream_size);
        if (release) {
            free(bands[i].stream);
            bands[i].stream = NULL;
        }
    }
    unsigned char trailer[4];
    put32(trailer, (uint32_t)adler);
    idat_write(&w, trailer, 4);
    written = (size_t)(w.at - png);
    written += put_chunk(png + written, "IEND", NULL, 0);
    return written;
}

static int frame_png(ipr_band *bands, int count, int width, int height, int opaque, int level, ipr_png_extra extra,
                     unsigned char **out, size_t *out_size) {
    for (int i = 0; i < count; i++) if (bands[i].status != 0) return bands[i].status;
    size_t size = framed_size(bands, count, extra);
    unsigned char *png = malloc(size);
    if (png == NULL) return 2;
    *out_size = frame_into(bands, count, width, height, opaque, level, extra, png, 0);
    *out = png;
    return 0;
}

static int page_band_count(int height) { return (height + IPR_PAGE_BAND_ROWS - 1) / IPR_PAGE_BAND_ROWS; }

/* Band of `rows` rows from row `first`: converted in place from the start of its own first source row, or a
   slice of the already filtered copy. */
static void describe_band(ipr_band *band, unsigned char *pixels, unsigned char *filtered, size_t first, size_t rows, int width,
                          size_t stride, size_t row_bytes, int opaque, int level) {
    band->rows = rows;
    band->size = rows * row_bytes;
    band->width = (size_t)width;
    band->stride = stride;
    band->row_bytes = row_bytes;
    band->opaque = opaque;
    band->level = level;
    if (filtered != NULL) {
        band->data = filtered + first * row_bytes;
        band->source = NULL;
    } else {
        band->data = pixels + first * stride;
        band->source = band->data;
    }
}

static int encode(unsigned char *pixels, const unsigned char *rgba, int width, int height, size_t stride, int opaque,
                  int level, int threads, ipr_png_extra extra, unsigned char **out, size_t *out_size) {
    size_t row_bytes = 1 + (opaque ? 3 : 4) * (size_t)width;
    int count = page_band_count(height);
    unsigned char *filtered = NULL;
    if (rgba != NULL) {
        filtered = malloc(row_bytes * (size_t)height);
        if (filtered == NULL) return 2;
        for (size_t y = 0; y < (size_t)height; y++) {
            const unsigned char *source = rgba + y * (size_t)width * 4;
            unsigned char *target = filtered + y * row_bytes;
            target[0] = 0;
            if (opaque) {
                for (size_t x = 0; x < (size_t)width; x++) memcpy(target + 1 + 3 * x, source + 4 * x, 3);
            } else {
                memcpy(target + 1, source, (size_t)width * 4);
            }
        }
    }
    ipr_band *bands = calloc((size_t)count, sizeof(ipr_band));
    ipr_band **pending = calloc((size_t)count, sizeof(ipr_band *));
    if (bands == NULL || pending == NULL) { free(bands); free(pending); free(filtered); return 2; }
    for (int i = 0; i < count; i++) {
        size_t first = (size_t)i * IPR_PAGE_BAND_ROWS;
        size_t rows = (size_t)height - first < IPR_PAGE_BAND_ROWS ? (size_t)height - first : IPR_PAGE_BAND_ROWS;
        describe_band(&bands[i], pixels, filtered, first, rows, width, stride, row_bytes, opaque, level);
        bands[i].last = i == count - 1;
        pending[i] = &bands[i];
    }
    run_bands(pending, count, threads < 1 ? 1 : threads);
    int status = frame_png(bands, count, width, height, opaque, level, extra, out, out_size);
    for (int i = 0; i < count; i++) free(bands[i].stream);
    free(bands);
    free(pending);
    free(filtered);
    return status;
}

/* ---- A page painted in strips: each strip is one band, encoded by ipr_png_band_encode, then assembled ---- */

struct ipr_png_band {
    ipr_band band;
};

int ipr_png_page_band_rows(void) { return IPR_PAGE_BAND_ROWS; }

int ipr_png_band_encode(unsigned char *pixels, int width, int rows, int stride, int opaque, int level, int last,
                        ipr_png_band **out) {
    *out = NULL;
    size_t row_bytes = 1 + (opaque ? 3 : 4) * (size_t)width;
    if (pixels == NULL || width <= 0 || rows <= 0 || stride < 0 || (size_t)stride < row_bytes || level < 0 || level > 12) return 1;
    ipr_png_band *result = calloc(1, sizeof(ipr_png_band));
    if (result == NULL) return 2;
    describe_band(&result->band, pixels, NULL, 0, (size_t)rows, width, (size_t)stride, row_bytes, opaque, level);
    result->band.last = last;
    run_band(&result->band);
    if (result->band.status != 0) {
        int status = result->band.status;
        ipr_png_band_free(result);
        return status;
    }
    *out = result;
    return 0;
}

/* The bands' own band records in order, checked (every one present, the last marked last, `height` rows in all). */
static int page_bands(ipr_png_band *const *bands, int count, int height) {
    if (bands == NULL || count <= 0 || height <= 0) return 1;
    size_t rows = 0;
    for (int i = 0; i < count; i++) {
        if (bands[i] == NULL || bands[i]->band.last != (i == count - 1)) return 1;
        if (bands[i]->band.status != 0) return bands[i]->band.status;
        rows += bands[i]->band.rows;
    }
    return rows == (size_t)height ? 0 : 1;
}

size_t ipr_png_assembled_size(ipr_png_band *const *bands, int count, int height, ipr_png_extra extra) {
    if (page_bands(bands, count, height) != 0) return 0;
    ipr_band *copies = calloc((size_t)count, sizeof(ipr_band));
    if (copies == NULL) return 0;
    for (int i = 0; i < count; i++) copies[i] = bands[i]->band;
    size_t size = framed_size(copies, count, extra);
    free(copies);
    return size;
}

int ipr_png_assemble_into(ipr_png_band *const *bands, int count, int width, int height, int opaque, int level, ipr_png_extra extra,
                          unsigned char *out, size_t size) {
    int status = page_bands(bands, count, height);
    if (status != 0) return status;
    if (out == NULL || width <= 0) return 1;
    ipr_band *copies = calloc((size_t)count, sizeof(ipr_band));
    if (copies == NULL) return 2;
    for (int i = 0; i < count; i++) copies[i] = bands[i]->band;
    if (framed_size(copies, count, extra) != size) { free(copies); return 1; }
    frame_into(copies, count, width, height, opaque, level, extra, out, 1);
    /* Their streams are freed: the records must not free them again. */
    for (int i = 0; i < count; i++) {
        bands[i]->band.stream = NULL;
        bands[i]->band.stream_size = 0;
    }
    free(copies);
    return 0;
}

/* ---- A page written as its bands come (to a file): the same bytes as ipr_png_assemble_into ---- */

struct ipr_png_stream {
    ipr_png_write_fn write;
    ipr_png_patch_fn patch;
    void *context;
    int status;
    size_t offset;            /* bytes written so far */
    int chunk_open;
    size_t chunk_at;          /* offset of the open IDAT chunk's length field */
    size_t chunk_length;
    uint32_t crc;
    uLong adler;
    int bands;
};

static void stream_out(ipr_png_stream *s, const unsigned char *data, size_t size) {
    if (s->status != 0 || size == 0) return;
    if (s->write(s->context, data, size) != 0) { s->status = 3; return; }
    s->offset += size;
}

/* Closes the open IDAT chunk: its CRC, and its length when it is not the full IPR_IDAT_MAX it was opened with. */
static void stream_close_chunk(ipr_png_stream *s) {
    if (!s->chunk_open) return;
    unsigned char crc[4];
    put32(crc, s->crc);
    stream_out(s, crc, 4);
    if (s->chunk_length != IPR_IDAT_MAX && s->status == 0) {
        unsigned char length[4];
        put32(length, (uint32_t)s->chunk_length);
        if (s->patch(s->context, s->chunk_at, length, 4) != 0) s->status = 3;
    }
    s->chunk_open = 0;
}

/* Zlib stream bytes in IDAT chunks of IPR_IDAT_MAX, the last one shorter (its length patched when it closes). */
static void stream_idat(ipr_png_stream *s, const unsigned char *data, size_t size) {
    while (size > 0 && s->status == 0) {
        if (!s->chunk_open) {
            unsigned char head[8];
            put32(head, (uint32_t)IPR_IDAT_MAX);
            memcpy(head + 4, "IDAT", 4);
            s->chunk_at = s->offset;
            stream_out(s, head, 8);
            s->crc = libdeflate_crc32(0, head + 4, 4);
            s->chunk_length = 0;
            s->chunk_open = 1;
        }
        size_t room = IPR_IDAT_MAX - s->chunk_length;
        size_t n = size < room ? size : room;
        stream_out(s, data, n);
        s->crc = libdeflate_crc32(s->crc, data, n);
        s->chunk_length += n;
        data += n;
        size -= n;
        if (s->chunk_length == IPR_IDAT_MAX) stream_close_chunk(s);
    }
}

ipr_png_stream *ipr_png_stream_begin(int width, int height, int opaque, int level, ipr_png_extra extra, ipr_png_write_fn write,
                                     ipr_png_patch_fn patch, void *context) {
    if (write == NULL || patch == NULL || width <= 0 || height <= 0) return NULL;
    ipr_png_stream *s = calloc(1, sizeof(ipr_png_stream));
    if (s == NULL) return NULL;
    s->write = write;
    s->patch = patch;
    s->context = context;
    s->adler = 1;
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    stream_out(s, signature, 8);
    unsigned char header[13], chunk[25];
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    header[8] = 8;
    header[9] = opaque ? 2 : 6;
    header[10] = 0; header[11] = 0; header[12] = 0;
    stream_out(s, chunk, put_chunk(chunk, "IHDR", header, 13));
    if (extra.size > 0) stream_out(s, extra.bytes, extra.size);
    unsigned char zlib[2] = { 0x78, level < 2 ? 0x01 : level < 6 ? 0x5e : level == 6 ? 0x9c : 0xda };
    stream_idat(s, zlib, 2);
    return s;
}

int ipr_png_stream_band(ipr_png_stream *s, ipr_png_band *band) {
    if (s == NULL || band == NULL) return 1;
    if (band->band.status != 0 && s->status == 0) s->status = band->band.status;
    if (s->status != 0) return s->status;
    s->adler = s->bands == 0 ? band->band.adler : adler32_combine(s->adler, band->band.adler, (z_off_t)band->band.size);
    s->bands += 1;
    stream_idat(s, band->band.stream, band->band.stream_size);
    free(band->band.stream);
    band->band.stream = NULL;
    band->band.stream_size = 0;
    return s->status;
}

int ipr_png_stream_end(ipr_png_stream *s) {
    if (s == NULL) return 1;
    unsigned char trailer[4];
    put32(trailer, (uint32_t)s->adler);
    stream_idat(s, trailer, 4);
    stream_close_chunk(s);
    unsigned char end[12];
    stream_out(s, end, put_chunk(end, "IEND", NULL, 0));
    int status = s->status;
    free(s);
    return status;
}

void ipr_png_stream_free(ipr_png_stream *s) { free(s); }

void ipr_png_band_free(ipr_png_band *band) {
    if (band == NULL) return;
    free(band->band.stream);
    free(band);
}

int ipr_png_encode_argb32_in_place(unsigned char *pixels, int width, int height, int stride, int opaque, int level, int threads,
                                   ipr_png_extra extra, unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    size_t row_bytes = 1 + (opaque ? 3 : 4) * (size_t)width;
    if (pixels == NULL || width <= 0 || height <= 0 || stride < 0 || (size_t)stride < row_bytes || level < 0 || level > 12) return 1;
    if (extra.size > 0 && extra.bytes == NULL) return 1;
    return encode(pixels, NULL, width, height, (size_t)stride, opaque, level, threads, extra, out, out_size);
}

int ipr_png_encode_rgba(const unsigned char *rgba, int width, int height, int opaque, int level, int threads,
                        unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (rgba == NULL || width <= 0 || height <= 0 || level < 0 || level > 12) return 1;
    return encode(NULL, rgba, width, height, (size_t)width * 4, opaque, level, threads, (ipr_png_extra){ NULL, 0 }, out, out_size);
}

/* ---- Animation frames: bands of IPR_FRAME_BAND_ROWS rows, each compressed only when its bytes changed ---- */

#define IPR_FRAME_BAND_ROWS 64

typedef struct {
    unsigned char *content;  /* the filtered bytes `stream` was compressed from */
    size_t size;
    unsigned char *stream;   /* spliced open unless it is the frame's last band */
    size_t stream_size;
    uint32_t adler;
} ipr_cached_band;

struct ipr_frame_cache {
    int width, height, opaque, level, count;
    ipr_cached_band *bands;
};

static void clear_cache(ipr_frame_cache *cache) {
    for (int i = 0; i < cache->count; i++) { free(cache->bands[i].content); free(cache->bands[i].stream); }
    free(cache->bands);
    cache->bands = NULL;
    cache->count = 0;
}

ipr_frame_cache *ipr_frame_cache_new(void) { return calloc(1, sizeof(ipr_frame_cache)); }

void ipr_frame_cache_free(ipr_frame_cache *cache) {
    if (cache == NULL) return;
    clear_cache(cache);
    free(cache);
}

int ipr_png_encode_frame_in_place(unsigned char *pixels, int width, int height, int stride, int opaque, int level,
                                  ipr_frame_cache *cache, unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    size_t row_bytes = 1 + (opaque ? 3 : 4) * (size_t)width;
    if (pixels == NULL || cache == NULL || width <= 0 || height <= 0 || stride < 0 || (size_t)stride < row_bytes || level < 0 || level > 12) return 1;
    int count = (height + IPR_FRAME_BAND_ROWS - 1) / IPR_FRAME_BAND_ROWS;
    if (cache->width != width || cache->height != height || cache->opaque != opaque || cache->level != level || cache->bands == NULL) {
        clear_cache(cache);
        cache->bands = calloc((size_t)count, sizeof(ipr_cached_band));
        if (cache->bands == NULL) return 2;
        cache->count = count;
        cache->width = width; cache->height = height; cache->opaque = opaque; cache->level = level;
    }
    ipr_band *bands = calloc((size_t)count, sizeof(ipr_band));
    if (bands == NULL) return 2;
    for (int i = 0; i < count; i++) {
        size_t first = (size_t)i * IPR_FRAME_BAND_ROWS;
        size_t rows = (size_t)height - first < IPR_FRAME_BAND_ROWS ? (size_t)height - first : IPR_FRAME_BAND_ROWS;
        ipr_band *band = &bands[i];
        describe_band(band, pixels, NULL, first, rows, width, (size_t)stride, row_bytes, opaque, level);
        band->last = i == count - 1;
        convert_rows(band->data, band->source, band->rows, band->width, band->stride, band->row_bytes, band->opaque);
        band->source = NULL;
        ipr_cached_band *entry = &cache->bands[i];
        if (entry->content != NULL && entry->size == band->size && memcmp(entry->content, band->data, band->size) == 0) {
            band->stream = entry->stream;  /* borrowed from the cache */
            band->stream_size = entry->stream_size;
            band->adler = entry->adler;
        } else {
            run_band(band);
            /* The cache takes the fresh stream, with a copy of the bytes it was made from. */
            free(entry->content);
            free(entry->stream);
            entry->content = NULL;
            entry->stream = NULL;
            entry->size = 0;
            if (band->status == 0 && (entry->content = malloc(band->size)) != NULL) {
                memcpy(entry->content, band->data, band->size);
                entry->size = band->size;
                entry->stream = band->stream;
                entry->stream_size = band->stream_size;
                entry->adler = band->adler;
            }
        }
    }
    int status = frame_png(bands, count, width, height, opaque, level, (ipr_png_extra){ NULL, 0 }, out, out_size);
    for (int i = 0; i < count; i++) {
        if (cache->bands[i].stream != bands[i].stream) free(bands[i].stream);  /* a stream the cache could not keep */
    }
    free(bands);
    return status;
}

const char *ipr_png_writer_deflate_version(void) { return LIBDEFLATE_VERSION_STRING; }

size_t ipr_png_put_chunk(unsigned char *out, const char type[4], const unsigned char *data, size_t length) {
    if (out == NULL || type == NULL || (data == NULL && length > 0) || length > 0x7fffffff) return 0;
    return put_chunk(out, type, data, length);
}
