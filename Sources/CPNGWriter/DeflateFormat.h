#ifndef IPRASTER_DEFLATE_FORMAT_H
#define IPRASTER_DEFLATE_FORMAT_H

#include <stdint.h>

/* The tables of the DEFLATE format (RFC 1951 §3.2.5–3.2.7) that the block walker (DeflateBlocks.c) and the copy
   block writer (RowCopyBlocks.c) both read. */

/* Copy lengths: symbol 257 + i stands for ipr_deflate_length_base[i] plus ipr_deflate_length_extra[i] extra bits. */
static const uint16_t ipr_deflate_length_base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                                      67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t ipr_deflate_length_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5,
                                                      5, 5, 0 };
/* Copy distances: symbol i stands for ipr_deflate_distance_base[i] plus ipr_deflate_distance_extra[i] extra bits. */
static const uint16_t ipr_deflate_distance_base[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513,
                                                        769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t ipr_deflate_distance_extra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
                                                        11, 11, 12, 12, 13, 13 };
/* The order in which a dynamic block's header sends the code-length code's lengths. */
static const uint8_t ipr_deflate_code_length_order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

/* The length of a literal/length symbol's fixed code (block type 1); every fixed distance code is 5 bits. */
static inline int ipr_deflate_fixed_literal_length(int symbol) { return symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8; }

/* The `length` low bits of `value` in reverse order: Huffman codes are sent from their most significant bit, other
   values (and so the bit readers and writers here) from their least. */
static inline uint32_t ipr_deflate_reverse(uint32_t value, int length) {
    uint32_t result = 0;
    for (int i = 0; i < length; i++) { result = (result << 1) | (value & 1); value >>= 1; }
    return result;
}

#endif
