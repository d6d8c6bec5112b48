/* One DEFLATE block (RFC 1951 §3.2.7, dynamic Huffman codes) that repeats earlier output: `length` bytes copied
   from `distance` bytes back, as matches of up to 258 bytes. Written here because libdeflate cannot be told a
   match it does not find cheaply itself: a page's rows that repeat the row above (the bubble's background between
   blocks, 39 % of sample.json's rows) cost it as much time as any other bytes and about 17 bytes a row, where this
   block costs nothing to find and 12 bits per 258 bytes at 720 px (1 for the length code, 1 + 10 for the distance).

   The block's codes are as small as its symbols allow and always complete (zlib refuses an incomplete code-length
   code): the end-of-block code, the length codes used (258, and at most two others for the tail), two distance
   codes (the one used and an unused partner, so that code is complete too), and the code-length code of the
   lengths those take. */

#include "DeflateCopyBlock.h"

#include <stdint.h>
#include <string.h>

typedef struct {
    unsigned char *out;
    size_t at;        /* bytes completed */
    uint64_t window;  /* bits not yet stored, least significant first */
    int count;
} bit_writer;

static void put_bits(bit_writer *w, uint32_t value, int count) {
    w->window |= (uint64_t)value << w->count;
    w->count += count;
    while (w->count >= 8) {
        w->out[w->at++] = (unsigned char)w->window;
        w->window >>= 8;
        w->count -= 8;
    }
}

/* A Huffman code is sent most significant bit first. */
static void put_code(bit_writer *w, uint32_t code, int length) {
    uint32_t reversed = 0;
    for (int i = 0; i < length; i++) reversed |= ((code >> i) & 1u) << (length - 1 - i);
    put_bits(w, reversed, length);
}

/* Lengths 3...258: the length code (257...285), its extra bits and their value. */
static void length_code(int length, int *symbol, int *extra, int *value) {
    static const int base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                  131, 163, 195, 227, 258 };
    static const int bits[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
    int i = 28;
    while (base[i] > length) i--;
    *symbol = 257 + i; *extra = bits[i]; *value = length - base[i];
}

/* Distances 1...32768: the distance code (0...29), its extra bits and their value. */
static void distance_code(size_t distance, int *symbol, int *extra, int *value) {
    static const int base[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                  2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
    int i = 29;
    while ((size_t)base[i] > distance) i--;
    *symbol = i; *extra = i < 4 ? 0 : i / 2 - 1; *value = (int)distance - base[i];
}

/* Complete code lengths for `count` (2...19) symbols listed most frequent first: with L = ceil(log2 count), the
   first 2^L - count get L - 1 bits, the rest L (their Kraft sum is exactly 1). */
static void complete_lengths(const int *symbols, int count, unsigned char *lengths) {
    int bits = 1;
    while ((1 << bits) < count) bits++;
    int shorter = (1 << bits) - count;
    for (int i = 0; i < count; i++) lengths[symbols[i]] = (unsigned char)(i < shorter ? bits - 1 : bits);
}

/* Canonical codes (RFC 1951 §3.2.2) of `lengths[0..<count]`. */
static void canonical_codes(const unsigned char *lengths, int count, uint32_t *codes) {
    int per_length[16] = { 0 };
    for (int i = 0; i < count; i++) per_length[lengths[i]]++;
    per_length[0] = 0;
    uint32_t next[16] = { 0 }, code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + (uint32_t)per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < count; i++) codes[i] = lengths[i] ? next[lengths[i]]++ : 0;
}

/* The header: 17 bits, 19 3-bit code-length lengths and at most 316 code lengths of 12 bits; then at most 22 bits
   (length code, extra bits, distance code, extra bits) per match; then the end code and the stored block. */
size_t ipr_deflate_copy_block_bound(size_t length) { return 16 + 474 + (length / 258 + 2) * 3 + 16; }

size_t ipr_deflate_copy_block(unsigned char *out, size_t distance, size_t length, int final) {
    if (distance < 1 || distance > 32768 || length < 3) return 0;
    /* The matches: 258 bytes each, then the tail; a tail of 1 or 2 bytes (shorter than a match) is taken from a
       258-byte match's share (258 + tail as two matches of at least 3). */
    size_t whole = length / 258;
    int tail = (int)(length % 258), tails[2] = { 0, 0 };
    if (tail >= 3) tails[0] = tail;
    else if (tail > 0) { whole--; tails[0] = 129; tails[1] = 129 + tail; }
    int litlen_symbols[4], litlen_count = 0;
    if (whole > 0) litlen_symbols[litlen_count++] = 285;
    int tail_symbol[2] = { 0, 0 }, tail_extra[2] = { 0, 0 }, tail_value[2] = { 0, 0 };
    for (int t = 0; t < 2 && tails[t] > 0; t++) {
        length_code(tails[t], &tail_symbol[t], &tail_extra[t], &tail_value[t]);
        int seen = 0;
        for (int i = 0; i < litlen_count; i++) seen |= litlen_symbols[i] == tail_symbol[t];
        if (!seen) litlen_symbols[litlen_count++] = tail_symbol[t];
    }
    litlen_symbols[litlen_count++] = 256;
    unsigned char lengths[286 + 30];
    memset(lengths, 0, sizeof lengths);
    complete_lengths(litlen_symbols, litlen_count, lengths);
    int highest = 256;
    for (int i = 0; i < litlen_count; i++) if (litlen_symbols[i] > highest) highest = litlen_symbols[i];
    int hlit = highest + 1;  /* 257...286 */

    int distance_symbol, distance_extra, distance_value;
    distance_code(distance, &distance_symbol, &distance_extra, &distance_value);
    int distance_symbols[2] = { distance_symbol, distance_symbol == 0 ? 1 : 0 };
    unsigned char *distance_lengths = lengths + hlit;
    complete_lengths(distance_symbols, 2, distance_lengths);
    int hdist = (distance_symbol > 1 ? distance_symbol : 1) + 1;

    /* The code lengths of both codes as one sequence, runs of zeros as codes 17 (3...10) and 18 (11...138). */
    int total = hlit + hdist, items[286 + 30], item_extra[286 + 30], item_count = 0;
    for (int i = 0; i < total;) {
        int run = 0;
        while (i + run < total && lengths[i + run] == 0 && run < 138) run++;
        if (run >= 11) { items[item_count] = 18; item_extra[item_count++] = run - 11; i += run; }
        else if (run >= 3) { items[item_count] = 17; item_extra[item_count++] = run - 3; i += run; }
        else { items[item_count] = lengths[i]; item_extra[item_count++] = 0; i++; }
    }
    /* The code-length code: each symbol used, the most frequent first. */
    int frequency[19] = { 0 }, cl_symbols[19], cl_count = 0;
    for (int i = 0; i < item_count; i++) frequency[items[i]]++;
    for (int pass = 0; pass < 19; pass++) {
        int best = -1;
        for (int s = 0; s < 19; s++) {
            int listed = 0;
            for (int i = 0; i < cl_count; i++) listed |= cl_symbols[i] == s;
            if (frequency[s] > 0 && !listed && (best < 0 || frequency[s] > frequency[best])) best = s;
        }
        if (best < 0) break;
        cl_symbols[cl_count++] = best;
    }
    unsigned char cl_lengths[19] = { 0 };
    if (cl_count == 1) cl_symbols[cl_count++] = cl_symbols[0] == 0 ? 1 : 0;  /* a partner keeps the code complete */
    complete_lengths(cl_symbols, cl_count, cl_lengths);
    static const int order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    int hclen = 19;
    while (hclen > 4 && cl_lengths[order[hclen - 1]] == 0) hclen--;
    uint32_t cl_codes[19], litlen_codes[286], distance_codes[30];
    canonical_codes(cl_lengths, 19, cl_codes);
    canonical_codes(lengths, hlit, litlen_codes);
    canonical_codes(distance_lengths, hdist, distance_codes);

    bit_writer w = { out, 0, 0, 0 };
    put_bits(&w, final ? 1u : 0u, 1);
    put_bits(&w, 2, 2);  /* dynamic Huffman codes */
    put_bits(&w, (uint32_t)(hlit - 257), 5);
    put_bits(&w, (uint32_t)(hdist - 1), 5);
    put_bits(&w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(&w, cl_lengths[order[i]], 3);
    for (int i = 0; i < item_count; i++) {
        put_code(&w, cl_codes[items[i]], cl_lengths[items[i]]);
        if (items[i] == 17) put_bits(&w, (uint32_t)item_extra[i], 3);
        if (items[i] == 18) put_bits(&w, (uint32_t)item_extra[i], 7);
    }
    for (size_t m = 0; m < whole + 2; m++) {
        int symbol, extra = 0, value = 0;
        if (m < whole) symbol = 285;
        else if (tails[m - whole] > 0) { symbol = tail_symbol[m - whole]; extra = tail_extra[m - whole]; value = tail_value[m - whole]; }
        else continue;
        put_code(&w, litlen_codes[symbol], lengths[symbol]);
        if (extra) put_bits(&w, (uint32_t)value, extra);
        put_code(&w, distance_codes[distance_symbol], distance_lengths[distance_symbol]);
        if (distance_extra) put_bits(&w, (uint32_t)distance_value, distance_extra);
    }
    put_code(&w, litlen_codes[256], lengths[256]);
    if (!final) {
        /* An empty stored block brings the stream to a byte boundary, for whatever follows. */
        put_bits(&w, 0, 3);
        if (w.count > 0) put_bits(&w, 0, 8 - w.count);
        put_bits(&w, 0x0000, 16);
        put_bits(&w, 0xffff, 16);
    } else if (w.count > 0) {
        put_bits(&w, 0, 8 - w.count);
    }
    return w.at;
}
