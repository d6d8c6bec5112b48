#ifndef IPRASTER_IPR_ROW_COPY_BLOCKS_H
#define IPRASTER_IPR_ROW_COPY_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* DEFLATE blocks (RFC 1951) for a run of rows that each repeat the row just before them, written by hand because
   libdeflate compresses whole buffers only: it cannot continue a stream that already holds the row being repeated.
   The row above is in the stream when the block starts, so every byte of the run is a copy from one row back, and
   where a row is flat (each byte equals the one a pixel before) a copy from one pixel back, which a Huffman code
   makes nearly free. One row is parsed into copies; the block sends the same copies for every row of the run, the
   copy across each row boundary included. The PNG writer (PNGWriter.c) splices these blocks between libdeflate's
   streams; the header is in the module's public folder so that tests can check blocks on their own. */

/* A copy of `length` bytes (3…258) from `distance` bytes back, as DEFLATE symbols and extra bits. */
typedef struct {
    uint16_t length_symbol, distance_symbol;
    uint16_t length_extra, distance_extra;       /* values */
    uint8_t length_extra_bits, distance_extra_bits;
} ipr_copy_piece;

typedef struct {
    ipr_copy_piece *pieces;  /* malloc'd: the lead, body, boundary and tail lists, one after the other */
    size_t lead, body, boundary, count;  /* where each list ends */
    size_t rows;
    int dynamic;             /* 1: a block with codes of its own; 0: the fixed codes */
    size_t bits;             /* the block's size in bits */
    /* The block's codes — its own or the fixed ones —: lengths and (bit-reversed) codes of the literal/length and
       distance alphabets; a dynamic block's code-length code and its header's run-length symbols. */
    uint8_t literal_lengths[286], distance_lengths[30], code_length_lengths[19];
    uint16_t literal_codes[286], distance_codes[30], code_length_codes[19];
    int literal_count, distance_count, code_length_count;   /* HLIT, HDIST, HCLEN as counts */
    uint8_t header[286 + 30][2];                            /* (symbol, extra value) */
    int header_count;
} ipr_row_copy;

/* The smallest row this writes copies for: shorter rows are left to libdeflate. The largest is DEFLATE's
   32 KiB window. */
#define IPR_ROW_COPY_MIN_ROW 4
#define IPR_ROW_COPY_MAX_ROW 32768

/* Plans the block for `rows` (>= 1) repeats of `row` (row_bytes bytes, in [IPR_ROW_COPY_MIN_ROW,
   IPR_ROW_COPY_MAX_ROW]; its bytes equal the row before it in the stream), pixels of `pixel_bytes` bytes
   (1…8). Returns 0, or -1 when memory runs out or an argument is out of range; release with ipr_row_copy_free. */
int ipr_row_copy_plan(ipr_row_copy *plan, const unsigned char *row, size_t row_bytes, int pixel_bytes, size_t rows);

/* Writes the planned block at bit `bit` of `out` (the bits below it in that byte are kept, those above it
   overwritten; out must hold (bit + plan->bits + 7) / 8 bytes), BFINAL set when `final`; returns the bit after its
   end-of-block code. The bits after that in its last byte are zero. */
size_t ipr_row_copy_write(const ipr_row_copy *plan, unsigned char *out, size_t bit, int final);

void ipr_row_copy_free(ipr_row_copy *plan);

#endif
