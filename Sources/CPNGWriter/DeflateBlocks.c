/* A DEFLATE block walker (RFC 1951 §3.2), written here because no Debian library reports block boundaries:
   zlib and libdeflate inflate whole streams. The PNG writer compresses a page in independent bands with
   libdeflate, which always marks a band's last block final; this finds that block so the writer can clear
   its BFINAL bit and splice the next band on. The walk decodes every Huffman code (it needs each code's
   length to find the next) but produces no output: short codes are looked up, with the extra bits that follow
   them, in a table indexed by the next stream bits; longer ones are decoded canonically one bit at a time. */

#include "DeflateBlocks.h"
#include "DeflateFormat.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

/* Bits are read least significant first from a 64-bit window that is topped up a byte at a time; bytes past
   the end read as zero and `bit` running past size * 8 marks the stream truncated. */
typedef struct {
    const unsigned char *in;
    size_t size;
    size_t next_byte;  /* next byte to load into the window */
    uint64_t window;
    int available;     /* bits in the window */
    size_t bit;        /* bits consumed */
} ipr_bits;

static inline void refill(ipr_bits *b) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (b->next_byte + 8 <= b->size) {
        /* As many whole bytes as fit below bit 63, from one little-endian load (at most 7: refills happen with
           fewer than 16 bits left). */
        uint64_t word;
        memcpy(&word, b->in + b->next_byte, 8);
        int bytes = (63 - b->available) >> 3;
        b->window |= (word & ((1ull << (bytes * 8)) - 1)) << b->available;
        b->next_byte += (size_t)bytes;
        b->available += bytes * 8;
        return;
    }
#endif
    while (b->available <= 56) {
        uint64_t byte = b->next_byte < b->size ? b->in[b->next_byte] : 0;
        b->next_byte++;
        b->window |= byte << b->available;
        b->available += 8;
    }
}

static inline uint32_t peek(ipr_bits *b, int count) {
    if (b->available < count) refill(b);
    return (uint32_t)(b->window & ((1ull << count) - 1));
}

static inline void drop(ipr_bits *b, int count) {
    b->window >>= count;
    b->available -= count;
    b->bit += (size_t)count;
}

static inline uint32_t take(ipr_bits *b, int count) {
    if (count == 0) return 0;
    uint32_t value = peek(b, count);
    drop(b, count);
    return value;
}

static int truncated(const ipr_bits *b) { return b->bit > b->size * 8; }

#define IPR_MAX_BITS 15
/* Fast-table bits: literal/length codes, distance codes, and the code-length codes of a dynamic header (at most
   7 bits long, so never decoded slowly). Tables are rebuilt for every block, so they are kept small. */
#define IPR_FAST_BITS 10
#define IPR_DISTANCE_FAST_BITS 8
#define IPR_LENGTH_CODE_BITS 7

/* Whose extra bits follow a table's symbols: none (the code-length codes), a length's or a distance's. */
typedef enum { IPR_NO_EXTRA, IPR_LENGTH_EXTRA, IPR_DISTANCE_EXTRA } ipr_extra;

/* A fast-table entry: the symbol in bits 8 and up, the bits to drop in bits 0–7 — the code's length plus, in a
   table of length or distance codes, the extra bits after the symbol (the walk never reads their value). 0 means a
   code longer than the table's bits. */
typedef struct {
    uint16_t count[IPR_MAX_BITS + 1];  /* codes of each length */
    uint16_t symbol[288];              /* symbols in canonical code order */
    uint32_t fast[1 << IPR_FAST_BITS]; /* next `bits` stream bits → entry */
    int bits;                          /* fast-table bits, at most IPR_FAST_BITS */
    ipr_extra extra;                   /* whose extra bits follow a symbol */
} ipr_huffman;

static int extra_bits(const ipr_huffman *h, int symbol) {
    switch (h->extra) {
    case IPR_LENGTH_EXTRA: return symbol > 256 && symbol < 286 ? ipr_deflate_length_extra[symbol - 257] : 0;
    case IPR_DISTANCE_EXTRA: return symbol < 30 ? ipr_deflate_distance_extra[symbol] : 0;
    default: return 0;
    }
}

/* Builds the canonical code for `lengths`; -1 when the lengths over-subscribe the code space. */
static int build(ipr_huffman *h, const uint8_t *lengths, int n, int bits, ipr_extra extra) {
    memset(h->count, 0, sizeof h->count);
    memset(h->fast, 0, sizeof(h->fast[0]) << bits);
    h->bits = bits;
    h->extra = extra;
    for (int s = 0; s < n; s++) h->count[lengths[s]]++;
    h->count[0] = 0;
    int left = 1;
    for (int len = 1; len <= IPR_MAX_BITS; len++) {
        left = (left << 1) - h->count[len];
        if (left < 0) return -1;
    }
    uint16_t offset[IPR_MAX_BITS + 2];
    uint32_t next_code[IPR_MAX_BITS + 2];
    offset[1] = 0;
    next_code[1] = 0;
    for (int len = 1; len <= IPR_MAX_BITS; len++) {
        offset[len + 1] = (uint16_t)(offset[len] + h->count[len]);
        next_code[len + 1] = (next_code[len] + h->count[len]) << 1;
    }
    for (int s = 0; s < n; s++) {
        int len = lengths[s];
        if (len == 0) continue;
        h->symbol[offset[len]++] = (uint16_t)s;
        uint32_t code = next_code[len]++;
        if (len <= bits) {
            uint32_t reversed = ipr_deflate_reverse(code, len);
            uint32_t entry = (uint32_t)s << 8 | (uint32_t)(len + extra_bits(h, s));
            for (uint32_t fill = reversed; fill < (1u << bits); fill += 1u << len) h->fast[fill] = entry;
        }
    }
    return 0;
}

/* Decodes one symbol and drops its code and (in a table of length or distance codes) its extra bits; -1 for an invalid code.
   Needs at least IPR_MAX_BITS + 13 bits in the window. Codes are sent most significant bit first: a long one is
   extended a bit at a time until it falls inside the range of codes of its length. */
static inline int decode(ipr_bits *b, const ipr_huffman *h) {
    uint32_t entry = h->fast[b->window & ((1u << h->bits) - 1)];
    if (entry != 0) {
        drop(b, (int)(entry & 0xff));
        return (int)(entry >> 8);
    }
    uint32_t bits = (uint32_t)(b->window & ((1u << IPR_MAX_BITS) - 1));
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= IPR_MAX_BITS; len++) {
        code |= (int)((bits >> (len - 1)) & 1);
        int count = h->count[len];
        if (code - first < count) {
            int symbol = h->symbol[index + (code - first)];
            drop(b, len + extra_bits(h, symbol));
            return symbol;
        }
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    return -1;
}

/* Walks one Huffman-coded block's symbols up to and including its end-of-block code. One refill per symbol pair:
   a length's code and extra bits and its distance's come to at most 15 + 5 + 15 + 13 = 48 bits. Past the end the
   stream reads as zeros, so the walk stops once it has read beyond the last byte. */
static int walk_codes(ipr_bits *b, const ipr_huffman *literals, const ipr_huffman *distances) {
    for (;;) {
        if (b->available < 48) refill(b);
        int symbol = decode(b, literals);
        if (symbol < 256) {
            if (symbol < 0 || truncated(b)) return -1;
            continue;
        }
        if (symbol == 256) return truncated(b) ? -1 : 0;
        if (symbol > 285) return -1;
        int distance = decode(b, distances);
        if (distance < 0 || distance > 29 || truncated(b)) return -1;
    }
}

static int read_dynamic_tables(ipr_bits *b, ipr_huffman *literals, ipr_huffman *distances) {
    int nlen = (int)take(b, 5) + 257, ndist = (int)take(b, 5) + 1, ncode = (int)take(b, 4) + 4;
    if (nlen > 286 || ndist > 30) return -1;
    uint8_t lengths[320];
    memset(lengths, 0, sizeof lengths);
    for (int i = 0; i < ncode; i++) lengths[ipr_deflate_code_length_order[i]] = (uint8_t)take(b, 3);
    ipr_huffman lencode;
    if (build(&lencode, lengths, 19, IPR_LENGTH_CODE_BITS, IPR_NO_EXTRA) != 0) return -1;
    memset(lengths, 0, sizeof lengths);
    int index = 0;
    while (index < nlen + ndist) {
        if (b->available < 48) refill(b);
        int symbol = decode(b, &lencode);
        if (symbol < 0 || truncated(b)) return -1;
        if (symbol < 16) { lengths[index++] = (uint8_t)symbol; continue; }
        uint8_t value = 0;
        int repeat;
        if (symbol == 16) {
            if (index == 0) return -1;
            value = lengths[index - 1];
            repeat = 3 + (int)take(b, 2);
        } else if (symbol == 17) {
            repeat = 3 + (int)take(b, 3);
        } else {
            repeat = 11 + (int)take(b, 7);
        }
        if (index + repeat > nlen + ndist) return -1;
        while (repeat-- > 0) lengths[index++] = value;
    }
    if (lengths[256] == 0) return -1;
    if (build(literals, lengths, nlen, IPR_FAST_BITS, IPR_LENGTH_EXTRA) != 0
        || build(distances, lengths + nlen, ndist, IPR_DISTANCE_FAST_BITS, IPR_DISTANCE_EXTRA) != 0) return -1;
    return 0;
}

static ipr_huffman fixed_literals, fixed_distances;
static pthread_once_t fixed_once = PTHREAD_ONCE_INIT;

/* The fixed codes of block type 1 (RFC 1951 §3.2.6). */
static void build_fixed(void) {
    uint8_t lengths[288];
    for (int s = 0; s < 288; s++) lengths[s] = (uint8_t)ipr_deflate_fixed_literal_length(s);
    build(&fixed_literals, lengths, 288, IPR_FAST_BITS, IPR_LENGTH_EXTRA);
    for (int s = 0; s < 30; s++) lengths[s] = 5;
    build(&fixed_distances, lengths, 30, IPR_DISTANCE_FAST_BITS, IPR_DISTANCE_EXTRA);
}

int ipr_deflate_final_block(const unsigned char *stream, size_t size, size_t *final_bit, size_t *end_bit) {
    ipr_bits b = { stream, size, 0, 0, 0, 0 };
    pthread_once(&fixed_once, build_fixed);
    for (;;) {
        size_t start = b.bit;
        int last = (int)take(&b, 1);
        int type = (int)take(&b, 2);
        if (type == 0) {
            drop(&b, (int)((8 - (b.bit & 7)) & 7));
            uint32_t length = take(&b, 16), complement = take(&b, 16);
            if ((length ^ 0xffff) != complement) return -1;
            /* Skip the stored bytes: restart the window at the byte after them. */
            size_t resume = (b.bit >> 3) + length;
            if (resume > size) return -1;
            b.next_byte = resume;
            b.window = 0;
            b.available = 0;
            b.bit = resume * 8;
        } else if (type == 1) {
            if (walk_codes(&b, &fixed_literals, &fixed_distances) != 0) return -1;
        } else if (type == 2) {
            ipr_huffman literals, distances;
            if (read_dynamic_tables(&b, &literals, &distances) != 0 || walk_codes(&b, &literals, &distances) != 0) return -1;
        } else {
            return -1;
        }
        if (truncated(&b)) return -1;
        if (last) {
            *final_bit = start;
            *end_bit = b.bit;
            return 0;
        }
    }
}
