/* DEFLATE blocks for runs of repeated rows (see ipr_row_copy_blocks.h for why by hand). A block is planned twice over —
   with codes of its own (a dynamic block, RFC 1951 §3.2.7) and with the fixed codes (§3.2.6) — and the smaller is
   written. Codes are Huffman codes of the symbols' counts, limited in length by halving the counts until they fit,
   which ends at worst in a balanced code. */

#include "ipr_row_copy_blocks.h"
#include "DeflateFormat.h"

#include <stdlib.h>
#include <string.h>

/* A flat span (each byte equal to the one a pixel before) shorter than this is sent as part of a copy from one
   row back: a copy from one pixel back would cost a copy of its own and split the row copy around it. */
#define IPR_FLAT_SPAN_MIN 258

static ipr_copy_piece piece(size_t length, size_t distance) {
    ipr_copy_piece p;
    int l = 28;
    while (ipr_deflate_length_base[l] > length) l--;
    int d = 29;
    while (ipr_deflate_distance_base[d] > distance) d--;
    p.length_symbol = (uint16_t)(257 + l);
    p.length_extra = (uint16_t)(length - ipr_deflate_length_base[l]);
    p.length_extra_bits = ipr_deflate_length_extra[l];
    p.distance_symbol = (uint16_t)d;
    p.distance_extra = (uint16_t)(distance - ipr_deflate_distance_base[d]);
    p.distance_extra_bits = ipr_deflate_distance_extra[d];
    return p;
}

/* Appends copies of `length` (>= 3) bytes from `distance` back, each 3…258 bytes. */
static void add_copies(ipr_row_copy *plan, size_t length, size_t distance) {
    while (length > 0) {
        size_t n = length <= 258 ? length : length - 258 < 3 ? length - 3 : 258;
        plan->pieces[plan->count++] = piece(n, distance);
        length -= n;
    }
}

/* Huffman code lengths for `count` symbols' frequencies, none longer than `limit` (2^limit >= the number of
   used symbols). A single used symbol gets length 1. */
static void code_lengths(const uint32_t *frequency, int count, int limit, uint8_t *lengths) {
    uint32_t weight[2 * 320];
    int parent[2 * 320], symbol_of[320];
    uint32_t scaled[320];
    memset(lengths, 0, (size_t)count);
    int used = 0;
    for (int s = 0; s < count; s++) if (frequency[s] > 0) { symbol_of[used] = s; scaled[used] = frequency[s]; used++; }
    if (used == 0) return;
    if (used == 1) { lengths[symbol_of[0]] = 1; return; }
    for (;;) {
        /* Nodes 0…used-1 are leaves; each step joins the two lightest free nodes (ties to the lower index). */
        int nodes = used;
        for (int i = 0; i < used; i++) { weight[i] = scaled[i]; parent[i] = -1; }
        for (int joined = 0; joined < used - 1; joined++) {
            int a = -1, b = -1;
            for (int i = 0; i < nodes; i++) {
                if (parent[i] != -1) continue;
                if (a < 0 || weight[i] < weight[a]) { b = a; a = i; }
                else if (b < 0 || weight[i] < weight[b]) b = i;
            }
            weight[nodes] = weight[a] + weight[b];
            parent[nodes] = -1;
            parent[a] = parent[b] = nodes;
            nodes++;
        }
        int longest = 0;
        for (int i = 0; i < used; i++) {
            int depth = 0;
            for (int n = i; parent[n] != -1; n = parent[n]) depth++;
            lengths[symbol_of[i]] = (uint8_t)depth;
            if (depth > longest) longest = depth;
        }
        if (longest <= limit) return;
        for (int i = 0; i < used; i++) scaled[i] = (scaled[i] + 1) / 2;
    }
}

/* Canonical codes for `lengths`, bit-reversed so they can be sent least significant bit first. */
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    int per_length[16] = { 0 };
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint32_t next[16];
    uint32_t code = 0;
    for (int len = 1; len < 16; len++) {
        code = (code + (uint32_t)per_length[len - 1]) << 1;
        next[len] = code;
    }
    for (int s = 0; s < count; s++) {
        int len = lengths[s];
        codes[s] = 0;
        if (len == 0) continue;
        codes[s] = (uint16_t)ipr_deflate_reverse(next[len]++, len);
    }
}

/* The run parsed into copies, in four lists that the block sends as: lead, then for each row the body followed by
   the boundary (the last row: the tail). Flat spans of IPR_FLAT_SPAN_MIN bytes or more in the row (each byte equal
   to the one a pixel before; before the row's first byte is the end of the row above, the same row) are copies from
   a pixel back, the bytes between them copies from a row back; the bytes after the row's last flat span and before
   the next row's first make one copy across the row boundary. A gap of 1 or 2 bytes takes what it lacks from the
   flat span before it (at the row's start, after it): any part of a flat span is flat, and anything may come from a
   row back. A row without flat spans is copied from a row back whole. Returns -1 when memory runs out. */
static int parse_run(ipr_row_copy *plan, const unsigned char *row, size_t row_bytes, size_t pixel) {
    size_t capacity = row_bytes / IPR_FLAT_SPAN_MIN + 1, count = 0;
    size_t (*spans)[2] = malloc(capacity * sizeof *spans);
    if (spans == NULL) return -1;
    for (size_t at = 0; at < row_bytes;) {
        size_t start = at;
        while (at < row_bytes && row[at] == row[at >= pixel ? at - pixel : row_bytes + at - pixel]) at++;
        if (at - start >= IPR_FLAT_SPAN_MIN && count < capacity) { spans[count][0] = start; spans[count][1] = at; count++; }
        if (at == start) at++;
    }
    if (count == 0) {
        add_copies(plan, row_bytes, row_bytes);
        plan->body = plan->boundary = plan->count;
        free(spans);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        size_t gap = spans[i][0] - (i > 0 ? spans[i - 1][1] : 0);
        if (gap == 0 || gap >= 3) continue;
        if (i > 0) spans[i - 1][1] -= 3 - gap;
        else spans[0][0] += 3 - gap;
    }
    size_t tail = row_bytes - spans[count - 1][1];
    if (tail > 0 && tail < 3) { spans[count - 1][1] -= 3 - tail; tail = 3; }
    size_t lead = spans[0][0];
    if (lead > 0) add_copies(plan, lead, row_bytes);
    plan->lead = plan->count;
    for (size_t i = 0; i < count; i++) {
        if (i > 0) add_copies(plan, spans[i][0] - spans[i - 1][1], row_bytes);
        add_copies(plan, spans[i][1] - spans[i][0], pixel);
    }
    plan->body = plan->count;
    if (lead + tail > 0) add_copies(plan, lead + tail, row_bytes);
    plan->boundary = plan->count;
    if (tail > 0) add_copies(plan, tail, row_bytes);
    free(spans);
    return 0;
}

/* Header run-length symbols for the code lengths of both alphabets (16: repeat the previous 3–6 times;
   17: 3–10 zeros; 18: 11–138 zeros). */
static void run_lengths(ipr_row_copy *plan) {
    uint8_t all[286 + 30];
    int total = plan->literal_count + plan->distance_count;
    memcpy(all, plan->literal_lengths, (size_t)plan->literal_count);
    memcpy(all + plan->literal_count, plan->distance_lengths, (size_t)plan->distance_count);
    int n = 0, i = 0;
    while (i < total) {
        uint8_t value = all[i];
        int run = 1;
        while (i + run < total && all[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) { int take = run < 138 ? run : 138; plan->header[n][0] = 18; plan->header[n][1] = (uint8_t)(take - 11); n++; run -= take; }
            if (run >= 3) { plan->header[n][0] = 17; plan->header[n][1] = (uint8_t)(run - 3); n++; run = 0; }
            while (run-- > 0) { plan->header[n][0] = 0; plan->header[n][1] = 0; n++; }
        } else {
            plan->header[n][0] = value; plan->header[n][1] = 0; n++; run--;
            while (run >= 3) { int take = run < 6 ? run : 6; plan->header[n][0] = 16; plan->header[n][1] = (uint8_t)(take - 3); n++; run -= take; }
            while (run-- > 0) { plan->header[n][0] = value; plan->header[n][1] = 0; n++; }
        }
    }
    plan->header_count = n;
}

static int header_extra_bits(int symbol) { return symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0; }

/* How many times the block sends pieces[i]. */
static uint64_t repeats(const ipr_row_copy *plan, size_t i) {
    if (i < plan->lead) return 1;
    if (i < plan->body) return plan->rows;
    if (i < plan->boundary) return plan->rows - 1;
    return 1;
}

int ipr_row_copy_plan(ipr_row_copy *plan, const unsigned char *row, size_t row_bytes, int pixel_bytes, size_t rows) {
    memset(plan, 0, sizeof *plan);
    if (row == NULL || rows == 0 || row_bytes < IPR_ROW_COPY_MIN_ROW || row_bytes > IPR_ROW_COPY_MAX_ROW || pixel_bytes < 1
        || pixel_bytes > 8 || (size_t)pixel_bytes >= row_bytes) return -1;
    /* The lists cover at most 5 rows' bytes (lead, body and tail one each, the boundary two), in copies of 3 or more. */
    plan->pieces = malloc((5 * row_bytes / 3 + 8) * sizeof(ipr_copy_piece));
    if (plan->pieces == NULL) return -1;
    plan->rows = rows;
    if (parse_run(plan, row, row_bytes, (size_t)pixel_bytes) != 0) { ipr_row_copy_free(plan); return -1; }

    /* The symbols' counts over the whole run, and the extra bits; counts are scaled down (staying above zero) to
       keep the code builder's sums small, which only affects the code's quality. */
    uint64_t literal_count[286] = { 0 }, distance_count[30] = { 0 }, extra = 0, fixed = 3 + 7, most = 0;
    for (size_t i = 0; i < plan->count; i++) {
        const ipr_copy_piece *p = &plan->pieces[i];
        uint64_t times = repeats(plan, i);
        literal_count[p->length_symbol] += times;
        distance_count[p->distance_symbol] += times;
        extra += times * (uint64_t)(p->length_extra_bits + p->distance_extra_bits);
        fixed += times * (uint64_t)(ipr_deflate_fixed_literal_length(p->length_symbol) + 5);
        if (literal_count[p->length_symbol] > most) most = literal_count[p->length_symbol];
        if (distance_count[p->distance_symbol] > most) most = distance_count[p->distance_symbol];
    }
    fixed += extra;
    literal_count[256] = 1;
    int shift = 0;
    while ((most >> shift) > (1u << 20)) shift++;
    uint32_t literal_frequency[286], distance_frequency[30];
    for (int s = 0; s < 286; s++) literal_frequency[s] = literal_count[s] == 0 ? 0 : (uint32_t)((literal_count[s] >> shift) | 1);
    for (int s = 0; s < 30; s++) distance_frequency[s] = distance_count[s] == 0 ? 0 : (uint32_t)((distance_count[s] >> shift) | 1);

    /* Codes of its own. A lone distance symbol gets a second one-bit code so the code is complete. */
    code_lengths(literal_frequency, 286, 15, plan->literal_lengths);
    code_lengths(distance_frequency, 30, 15, plan->distance_lengths);
    int distance_used = 0, only = 0;
    for (int s = 0; s < 30; s++) if (plan->distance_lengths[s] > 0) { distance_used++; only = s; }
    if (distance_used == 1) plan->distance_lengths[only == 0 ? 1 : 0] = 1;
    plan->literal_count = 286;
    while (plan->literal_count > 257 && plan->literal_lengths[plan->literal_count - 1] == 0) plan->literal_count--;
    plan->distance_count = 30;
    while (plan->distance_count > 1 && plan->distance_lengths[plan->distance_count - 1] == 0) plan->distance_count--;
    canonical_codes(plan->literal_lengths, 286, plan->literal_codes);
    canonical_codes(plan->distance_lengths, 30, plan->distance_codes);
    run_lengths(plan);
    uint32_t header_frequency[19] = { 0 };
    for (int i = 0; i < plan->header_count; i++) header_frequency[plan->header[i][0]]++;
    code_lengths(header_frequency, 19, 7, plan->code_length_lengths);
    canonical_codes(plan->code_length_lengths, 19, plan->code_length_codes);
    plan->code_length_count = 19;
    while (plan->code_length_count > 4 && plan->code_length_lengths[ipr_deflate_code_length_order[plan->code_length_count - 1]] == 0) plan->code_length_count--;
    uint64_t dynamic = 3 + 5 + 5 + 4 + 3 * (uint64_t)plan->code_length_count + extra + plan->literal_lengths[256];
    for (int i = 0; i < plan->header_count; i++) {
        int symbol = plan->header[i][0];
        dynamic += (uint64_t)plan->code_length_lengths[symbol] + (uint64_t)header_extra_bits(symbol);
    }
    for (size_t i = 0; i < plan->count; i++) {
        const ipr_copy_piece *p = &plan->pieces[i];
        dynamic += repeats(plan, i) * (uint64_t)(plan->literal_lengths[p->length_symbol] + plan->distance_lengths[p->distance_symbol]);
    }
    plan->dynamic = dynamic < fixed;
    plan->bits = (size_t)(plan->dynamic ? dynamic : fixed);
    if (!plan->dynamic) {
        /* The fixed codes are the canonical codes of their lengths. */
        for (int s = 0; s < 286; s++) plan->literal_lengths[s] = (uint8_t)ipr_deflate_fixed_literal_length(s);
        memset(plan->distance_lengths, 5, sizeof plan->distance_lengths);
        canonical_codes(plan->literal_lengths, 286, plan->literal_codes);
        canonical_codes(plan->distance_lengths, 30, plan->distance_codes);
    }
    return 0;
}

/* Bits sent least significant first into `out` from a bit position, through a 64-bit accumulator. */
typedef struct {
    unsigned char *out;
    size_t byte;
    uint64_t pending;
    int count;
} ipr_bit_writer;

static inline void put_bits(ipr_bit_writer *w, uint32_t value, int count) {
    w->pending |= (uint64_t)value << w->count;
    w->count += count;
    while (w->count >= 8) {
        w->out[w->byte++] = (unsigned char)w->pending;
        w->pending >>= 8;
        w->count -= 8;
    }
}

/* pieces[from ..< to] under the plan's codes. */
static void put_pieces(ipr_bit_writer *w, const ipr_row_copy *plan, size_t from, size_t to) {
    for (size_t i = from; i < to; i++) {
        const ipr_copy_piece *p = &plan->pieces[i];
        put_bits(w, plan->literal_codes[p->length_symbol], plan->literal_lengths[p->length_symbol]);
        if (p->length_extra_bits > 0) put_bits(w, p->length_extra, p->length_extra_bits);
        put_bits(w, plan->distance_codes[p->distance_symbol], plan->distance_lengths[p->distance_symbol]);
        if (p->distance_extra_bits > 0) put_bits(w, p->distance_extra, p->distance_extra_bits);
    }
}

size_t ipr_row_copy_write(const ipr_row_copy *plan, unsigned char *out, size_t bit, int final) {
    ipr_bit_writer w = { out, bit >> 3, 0, (int)(bit & 7) };
    if (w.count > 0) w.pending = out[w.byte] & ((1u << w.count) - 1);
    put_bits(&w, final ? 1 : 0, 1);
    put_bits(&w, plan->dynamic ? 2 : 1, 2);
    if (plan->dynamic) {
        put_bits(&w, (uint32_t)(plan->literal_count - 257), 5);
        put_bits(&w, (uint32_t)(plan->distance_count - 1), 5);
        put_bits(&w, (uint32_t)(plan->code_length_count - 4), 4);
        for (int i = 0; i < plan->code_length_count; i++) put_bits(&w, plan->code_length_lengths[ipr_deflate_code_length_order[i]], 3);
        for (int i = 0; i < plan->header_count; i++) {
            int symbol = plan->header[i][0];
            put_bits(&w, plan->code_length_codes[symbol], plan->code_length_lengths[symbol]);
            if (header_extra_bits(symbol) > 0) put_bits(&w, plan->header[i][1], header_extra_bits(symbol));
        }
    }
    /* The lead, then each row's body followed by its boundary, or by the tail after the last row. */
    put_pieces(&w, plan, 0, plan->lead);
    for (size_t r = 0; r < plan->rows; r++) {
        put_pieces(&w, plan, plan->lead, plan->body);
        if (r + 1 < plan->rows) put_pieces(&w, plan, plan->body, plan->boundary);
        else put_pieces(&w, plan, plan->boundary, plan->count);
    }
    put_bits(&w, plan->literal_codes[256], plan->literal_lengths[256]);
    size_t end = w.byte * 8 + (size_t)w.count;
    if (w.count > 0) out[w.byte] = (unsigned char)w.pending;
    return end;
}

void ipr_row_copy_free(ipr_row_copy *plan) {
    free(plan->pieces);
    plan->pieces = NULL;
    plan->count = 0;
}
