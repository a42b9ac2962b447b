// Internal to CPNGCodec's fast encoder: shared limits, checked sizes, the output bit writer.
#ifndef RG_CODEC_INTERNAL_H
#define RG_CODEC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rg_png.h"

#if defined(__SSE2__) && !defined(RG_NO_SIMD)
#define RG_HAVE_SSE2 1
#include <emmintrin.h>
#else
#define RG_HAVE_SSE2 0
#endif

#define RG_WINDOW 32768u
#define RG_MIN_MATCH 3u
#define RG_MAX_MATCH 258u

/// a + b, or 0 (and *ok = 0) when it overflows size_t.
static inline size_t rg_add(size_t a, size_t b, int *ok) {
    if (a > SIZE_MAX - b) { *ok = 0; return 0; }
    return a + b;
}

/// a * b, or 0 (and *ok = 0) when it overflows size_t.
static inline size_t rg_mul(size_t a, size_t b, int *ok) {
    if (a != 0 && b > SIZE_MAX / a) { *ok = 0; return 0; }
    return a * b;
}

/// Makes room for extra more bytes after out->length (capacity doubles, checked). 0 or -1.
int rg_out_reserve(rg_buffer *out, size_t extra);

/// LSB-first bit writer state kept between deflate blocks: the bits not yet written as bytes.
typedef struct {
    rg_buffer *out;
    uint64_t acc;
    unsigned count;
} rg_bits;

/// The bit writer while a block is written: the output cursor and pending bits in locals, so the compiler keeps
/// them in registers (byte stores through out->data could otherwise alias the buffer's fields and force a reload
/// after every code). Every put stores all 8 bytes of the pending bits at the cursor and moves on by the whole bytes:
/// no branch, and the bytes at the cursor always hold the pending bits. Callers reserve the bytes before writing,
/// with 8 to spare after the last.
typedef struct {
    uint8_t *at;
    uint64_t acc;  /* the pending bits: fewer than 8 between puts */
    unsigned count;
} rg_bit_cursor;

/// Appends the n low bits of value (n at most 32, value below 2^n).
static inline void rg_put_bits(rg_bit_cursor *c, uint32_t value, unsigned n) {
    c->acc |= (uint64_t)value << c->count;
    c->count += n;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(c->at, &c->acc, 8);
#else
    for (int k = 0; k < 8; k++) c->at[k] = (uint8_t)(c->acc >> (8 * k));
#endif
    const unsigned whole = c->count & ~7u; /* at most 32: count was below 8 */
    c->at += whole >> 3;
    c->acc >>= whole;
    c->count -= whole;
}

/// Writes the pending bits, padding the last byte with zeros.
static inline void rg_bits_align(rg_bit_cursor *c) {
    if (c->count > 0) *c->at++ = (uint8_t)c->acc;
    c->acc = 0;
    c->count = 0;
}

/// The tokens of one repeated row (see rg_zlib_rgba_rows), their symbol counts, and scratch room for
/// their bits under one block's codes.
typedef struct {
    uint32_t *tokens;
    size_t count;
    /* The symbols the tokens use, each with how many times: lit_used literal/length symbols and
       dist_used distance symbols. */
    uint16_t lit_symbol[286], dist_symbol[30];
    uint32_t lit_times[286], dist_times[30];
    unsigned lit_used, dist_used;
    uint32_t *bits;    /* the row's bits in 32-bit pieces, LSB first, built at each flush */
    size_t bit_count;
} rg_row_tokens;

/// Tokens of one deflate block and their symbol counts.
/// A literal is its byte; a match is 0x80000000 | (length - 3) << 16 | (distance - 1); an entry
/// 0x40000000 | n stands for n repeated rows in a row, each the tokens of `row`. count is the number
/// of tokens the block holds (a repeated row counts as all of its tokens, so blocks end where they
/// would with every token stored); entries is the number of entries in tokens.
typedef struct {
    rg_bits bits;
    uint32_t *tokens;
    size_t count;
    size_t entries;
    size_t capacity;
    uint32_t lit_freq[286];
    uint32_t dist_freq[30];
    rg_row_tokens *row;
} rg_deflater;

#define RG_TOKEN_MATCH 0x80000000u
#define RG_TOKEN_ROWS 0x40000000u
#define RG_TOKEN_ROWS_MAX 0x3FFFFFFFu

/// Writes the collected tokens as one dynamic-Huffman block (BFINAL when final) and clears them.
/// The final block also writes the last partial byte. 0 or -1 (out of memory).
int rg_deflate_flush_block(rg_deflater *d, int final);

static inline unsigned rg_length_code(unsigned length, unsigned *extra_bits, unsigned *extra) {
    unsigned l = length - 3;
    if (length == 258) { *extra_bits = 0; *extra = 0; return 285; }
    if (l < 8) { *extra_bits = 0; *extra = 0; return 257 + l; }
    unsigned nb = 31u - (unsigned)__builtin_clz(l);
    *extra_bits = nb - 2;
    *extra = l & ((1u << (nb - 2)) - 1);
    return 257 + 4 * (nb - 1) + ((l >> (nb - 2)) & 3);
}

static inline unsigned rg_distance_code(unsigned distance, unsigned *extra_bits, unsigned *extra) {
    unsigned d = distance - 1;
    if (d < 4) { *extra_bits = 0; *extra = 0; return d; }
    unsigned nb = 31u - (unsigned)__builtin_clz(d);
    *extra_bits = nb - 1;
    *extra = d & ((1u << (nb - 1)) - 1);
    return 2 * nb + ((d >> (nb - 1)) & 1);
}

static inline int rg_emit_literal(rg_deflater *d, uint8_t byte) {
    if (d->count == d->capacity && rg_deflate_flush_block(d, 0) != 0) return -1;
    d->count++;
    d->tokens[d->entries++] = byte;
    d->lit_freq[byte]++;
    return 0;
}

/// A match of 3...258 bytes at distance 1...32768.
static inline int rg_emit_match(rg_deflater *d, unsigned length, unsigned distance) {
    if (d->count == d->capacity && rg_deflate_flush_block(d, 0) != 0) return -1;
    unsigned eb, e;
    d->count++;
    d->tokens[d->entries++] = RG_TOKEN_MATCH | (length - 3) << 16 | (distance - 1);
    d->lit_freq[rg_length_code(length, &eb, &e)]++;
    d->dist_freq[rg_distance_code(distance, &eb, &e)]++;
    return 0;
}

/// A literal or match token as rg_emit_literal or rg_emit_match would store it.
static inline int rg_emit_token(rg_deflater *d, uint32_t token) {
    if (token < 256) return rg_emit_literal(d, (uint8_t)token);
    return rg_emit_match(d, ((token >> 16) & 0xFF) + 3, (token & 0x7FFF) + 1);
}

/// d->row's tokens: stored as one entry when the block has room for all of them (then no flush can
/// fall inside the row), else one by one, flushing where rg_emit_token would.
static inline int rg_emit_row(rg_deflater *d) {
    rg_row_tokens *row = d->row;
    if (d->count + row->count > d->capacity) {
        for (size_t i = 0; i < row->count; i++) if (rg_emit_token(d, row->tokens[i]) != 0) return -1;
        return 0;
    }
    d->count += row->count;
    uint32_t *last = d->entries ? &d->tokens[d->entries - 1] : NULL;
    if (last && (*last & (RG_TOKEN_MATCH | RG_TOKEN_ROWS)) == RG_TOKEN_ROWS && (*last & RG_TOKEN_ROWS_MAX) < RG_TOKEN_ROWS_MAX) {
        (*last)++;
    } else {
        d->tokens[d->entries++] = RG_TOKEN_ROWS | 1u;
    }
    for (unsigned i = 0; i < row->lit_used; i++) d->lit_freq[row->lit_symbol[i]] += row->lit_times[i];
    for (unsigned i = 0; i < row->dist_used; i++) d->dist_freq[row->dist_symbol[i]] += row->dist_times[i];
    return 0;
}

/// Appends a zlib stream (RFC 1950) of the image's Up-filtered RGB scanlines to out.
int rg_zlib_rgba_rows(const uint8_t *rgba, uint32_t width, uint32_t height, const uint8_t *row_starts, int scalar,
                      rg_buffer *out);

#endif
