// Dynamic-Huffman deflate blocks (RFC 1951, 3.2.7): length-limited code lengths built from the
// block's symbol counts, canonical codes, the run-length coded code-length header, the tokens.
#include "rg_codec_internal.h"

#include <stdlib.h>

int rg_out_reserve(rg_buffer *out, size_t extra) {
    int ok = 1;
    size_t need = rg_add(out->length, extra, &ok);
    if (!ok) return -1;
    if (need <= out->capacity) return 0;
    size_t capacity = out->capacity ? out->capacity : 65536;
    while (capacity < need) {
        if (capacity > SIZE_MAX / 2) { capacity = need; break; }
        capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
    if (grown == NULL) return -1;
    out->data = grown;
    out->capacity = capacity;
    return 0;
}

/// Code lengths (at most limit bits) for n <= 288 symbols: a Huffman tree over the used symbols,
/// overlong codes folded to limit and the Kraft sum repaired (as in miniz), then lengths handed
/// out shortest-first to the most frequent symbols. Ties break by symbol, so the result is
/// deterministic. At least two symbols get a code, so every code is complete.
static void rg_huffman_lengths(const uint32_t *freq, unsigned n, unsigned limit, uint8_t *lengths) {
    unsigned symbols[288];
    unsigned used = 0;
    for (unsigned i = 0; i < n; i++) {
        lengths[i] = 0;
        if (freq[i]) symbols[used++] = i;
    }
    if (used < 2) {
        unsigned a = used ? symbols[0] : 0;
        lengths[a] = 1;
        lengths[a == 0 ? 1 : 0] = 1;
        return;
    }
    /* Sorted by (count, symbol), ascending: each key is unique, so any sort gives this order (a bottom-up
       merge sort; n is at most 288). */
    uint64_t keys[288], merged[288];
    for (unsigned i = 0; i < used; i++) keys[i] = (uint64_t)freq[symbols[i]] << 9 | symbols[i];
    uint64_t *from = keys, *to = merged;
    for (unsigned width = 1; width < used; width *= 2) {
        for (unsigned lo = 0; lo < used; lo += 2 * width) {
            unsigned mid = lo + width < used ? lo + width : used, hi = lo + 2 * width < used ? lo + 2 * width : used;
            unsigned a = lo, b = mid, k = lo;
            while (a < mid && b < hi) to[k++] = from[a] <= from[b] ? from[a++] : from[b++];
            while (a < mid) to[k++] = from[a++];
            while (b < hi) to[k++] = from[b++];
        }
        uint64_t *t = from; from = to; to = t;
    }
    for (unsigned i = 0; i < used; i++) symbols[i] = (unsigned)(from[i] & 511);
    /* Two-queue Huffman: leaves 0..used-1 in order, internal nodes appended in order. */
    uint64_t weight[2 * 288];
    unsigned parent[2 * 288], depth[2 * 288];
    for (unsigned i = 0; i < used; i++) weight[i] = freq[symbols[i]];
    unsigned leaf = 0, inner = used, next = used;
    for (unsigned k = 0; k + 1 < used; k++) {
        unsigned pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < used && (inner >= next || weight[leaf] <= weight[inner])) pick[t] = leaf++;
            else pick[t] = inner++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    unsigned root = next - 1;
    depth[root] = 0;
    for (unsigned i = root; i-- > 0;) depth[i] = depth[parent[i]] + 1;
    unsigned counts[16] = {0};
    for (unsigned i = 0; i < used; i++) counts[depth[i] > limit ? limit : depth[i]]++;
    uint32_t total = 0;
    for (unsigned i = limit; i > 0; i--) total += counts[i] << (limit - i);
    while (total != (1u << limit)) {
        counts[limit]--;
        for (unsigned i = limit - 1; i > 0; i--) {
            if (counts[i]) { counts[i]--; counts[i + 1] += 2; break; }
        }
        total--;
    }
    unsigned at = 0;
    for (unsigned len = limit; len > 0; len--) {
        for (unsigned c = counts[len]; c > 0; c--) lengths[symbols[at++]] = (uint8_t)len;
    }
}

/// The 16 bits of v in reverse order.
static inline uint16_t rg_reverse16(uint16_t v) {
    v = (uint16_t)((v >> 1 & 0x5555) | (v & 0x5555) << 1);
    v = (uint16_t)((v >> 2 & 0x3333) | (v & 0x3333) << 2);
    v = (uint16_t)((v >> 4 & 0x0F0F) | (v & 0x0F0F) << 4);
    return (uint16_t)(v >> 8 | v << 8);
}

/// Canonical codes (RFC 1951, 3.2.2), bit-reversed for LSB-first writing.
static void rg_huffman_codes(const uint8_t *lengths, unsigned n, uint16_t *codes) {
    unsigned count[16] = {0}, next[16] = {0};
    for (unsigned i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    unsigned code = 0;
    for (unsigned bits = 1; bits < 16; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned len = lengths[i];
        codes[i] = 0;
        if (len == 0) continue;
        codes[i] = (uint16_t)(rg_reverse16((uint16_t)next[len]++) >> (16 - len));
    }
}

/// Writes a match token's length code, extra bits, distance code and extra bits.
static inline void rg_put_match(rg_bit_cursor *w, uint32_t t, const uint16_t *lcode, const uint8_t *ll,
                                const uint16_t *dcode, const uint8_t *dl) {
    unsigned length = ((t >> 16) & 0xFF) + 3, distance = (t & 0x7FFF) + 1, eb, e;
    unsigned ls = rg_length_code(length, &eb, &e);
    rg_put_bits(w, lcode[ls], ll[ls]);
    if (eb) rg_put_bits(w, e, eb);
    unsigned ds = rg_distance_code(distance, &eb, &e);
    rg_put_bits(w, dcode[ds], dl[ds]);
    if (eb) rg_put_bits(w, e, eb);
}

/// A repeated row's bits under this block's codes, into row->bits (32-bit pieces, LSB first).
static void rg_row_bits(rg_row_tokens *row, const uint16_t *lcode, const uint8_t *ll, const uint16_t *dcode,
                        const uint8_t *dl) {
    /* The bit writer stores the bits as little-endian bytes into the pieces' memory (with 8 bytes to spare,
       rg_row_tokens_make); they are then read back as 32-bit values, in place. */
    uint8_t *const bytes = (uint8_t *)row->bits;
    rg_bit_cursor w = {bytes, 0, 0};
    for (size_t i = 0; i < row->count; i++) {
        uint32_t t = row->tokens[i];
        if (t < 256) rg_put_bits(&w, lcode[t], ll[t]);
        else rg_put_match(&w, t, lcode, ll, dcode, dl);
    }
    row->bit_count = (size_t)(w.at - bytes) * 8 + w.count;
    /* The bytes at the cursor hold the pending bits (see rg_put_bits). */
    for (size_t k = 0; k * 32 < row->bit_count; k++) {
        row->bits[k] = (uint32_t)bytes[4 * k] | (uint32_t)bytes[4 * k + 1] << 8 | (uint32_t)bytes[4 * k + 2] << 16
                       | (uint32_t)bytes[4 * k + 3] << 24;
    }
}

static const uint8_t rg_clen_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

int rg_deflate_flush_block(rg_deflater *d, int final) {
    d->lit_freq[256]++; /* end of block */
    uint8_t lengths[286 + 30];
    uint8_t *ll = lengths, *dl = lengths + 286;
    rg_huffman_lengths(d->lit_freq, 286, 15, ll);
    rg_huffman_lengths(d->dist_freq, 30, 15, dl);
    unsigned hlit = 286, hdist = 30;
    while (hlit > 257 && ll[hlit - 1] == 0) hlit--;
    while (hdist > 1 && dl[hdist - 1] == 0) hdist--;
    uint8_t seq[286 + 30];
    memcpy(seq, ll, hlit);
    memcpy(seq + hlit, dl, hdist);
    const unsigned n = hlit + hdist;

    /* Run-length code the lengths: 16 repeats the previous 3-6 times, 17/18 are 3-10/11-138 zeros. */
    uint8_t rle[286 + 30], rle_extra[286 + 30];
    unsigned runs = 0;
    uint32_t clen_freq[19] = {0};
    for (unsigned i = 0; i < n;) {
        uint8_t v = seq[i];
        unsigned run = 1;
        while (i + run < n && seq[i + run] == v) run++;
        unsigned r = run;
        if (v == 0) {
            while (r >= 11) { unsigned k = r < 138 ? r : 138; rle[runs] = 18; rle_extra[runs++] = (uint8_t)(k - 11); r -= k; }
            if (r >= 3) { rle[runs] = 17; rle_extra[runs++] = (uint8_t)(r - 3); r = 0; }
            while (r > 0) { rle[runs] = 0; rle_extra[runs++] = 0; r--; }
        } else {
            rle[runs] = v; rle_extra[runs++] = 0; r--;
            while (r >= 3) { unsigned k = r < 6 ? r : 6; rle[runs] = 16; rle_extra[runs++] = (uint8_t)(k - 3); r -= k; }
            while (r > 0) { rle[runs] = v; rle_extra[runs++] = 0; r--; }
        }
        i += run;
    }
    for (unsigned i = 0; i < runs; i++) clen_freq[rle[i]]++;
    uint8_t clen[19];
    uint16_t ccode[19];
    rg_huffman_lengths(clen_freq, 19, 7, clen);
    rg_huffman_codes(clen, 19, ccode);
    unsigned hclen = 19;
    while (hclen > 4 && clen[rg_clen_order[hclen - 1]] == 0) hclen--;

    uint16_t lcode[286], dcode[30];
    rg_huffman_codes(ll, 286, lcode);
    rg_huffman_codes(dl, 30, dcode);

    /* Header: at most 17 + 19*3 + 316*7 bits (under 290 bytes); each token at most 15+5+15+13 bits; the bit
       writer's last store runs 8 bytes past its cursor (within the 512). */
    int ok = 1;
    size_t bytes = rg_add(rg_mul(d->count, 6, &ok), 512, &ok);
    if (!ok || rg_out_reserve(d->bits.out, bytes) != 0) return -1;
    rg_bit_cursor cursor = {d->bits.out->data + d->bits.out->length, d->bits.acc, d->bits.count};
    rg_bit_cursor *w = &cursor;
    rg_put_bits(w, (final ? 1u : 0u) | 2u << 1, 3);
    rg_put_bits(w, hlit - 257, 5);
    rg_put_bits(w, hdist - 1, 5);
    rg_put_bits(w, hclen - 4, 4);
    for (unsigned i = 0; i < hclen; i++) rg_put_bits(w, clen[rg_clen_order[i]], 3);
    for (unsigned i = 0; i < runs; i++) {
        unsigned s = rle[i];
        rg_put_bits(w, ccode[s], clen[s]);
        if (s == 16) rg_put_bits(w, rle_extra[i], 2);
        else if (s == 17) rg_put_bits(w, rle_extra[i], 3);
        else if (s == 18) rg_put_bits(w, rle_extra[i], 7);
    }
    rg_row_tokens *row = d->row;
    int row_ready = 0;
    for (size_t i = 0; i < d->entries; i++) {
        uint32_t t = d->tokens[i];
        if (t < 256) {
            rg_put_bits(w, lcode[t], ll[t]);
        } else if (t & RG_TOKEN_MATCH) {
            rg_put_match(w, t, lcode, ll, dcode, dl);
        } else {
            if (!row_ready) {
                rg_row_bits(row, lcode, ll, dcode, dl);
                row_ready = 1;
            }
            const size_t pieces = row->bit_count / 32;
            const unsigned rest = (unsigned)(row->bit_count % 32);
            for (uint32_t n = t & RG_TOKEN_ROWS_MAX; n > 0; n--) {
                for (size_t k = 0; k < pieces; k++) rg_put_bits(w, row->bits[k], 32);
                if (rest) rg_put_bits(w, row->bits[pieces], rest);
            }
        }
    }
    rg_put_bits(w, lcode[256], ll[256]);
    if (final) rg_bits_align(w);
    d->bits.out->length = (size_t)(cursor.at - d->bits.out->data);
    d->bits.acc = cursor.acc;
    d->bits.count = cursor.count;
    d->count = 0;
    d->entries = 0;
    memset(d->lit_freq, 0, sizeof d->lit_freq);
    memset(d->dist_freq, 0, sizeof d->dist_freq);
    return 0;
}
