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

/// LSB-first bit writer into an rg_buffer; callers reserve the bytes before writing.
typedef struct {
    rg_buffer *out;
    uint64_t acc;
    unsigned count;
} rg_bits;

static inline void rg_put_bits(rg_bits *w, uint32_t value, unsigned n) {
    w->acc |= (uint64_t)value << w->count;
    w->count += n;
    if (w->count >= 32) {
        uint8_t *p = w->out->data + w->out->length;
        p[0] = (uint8_t)w->acc;
        p[1] = (uint8_t)(w->acc >> 8);
        p[2] = (uint8_t)(w->acc >> 16);
        p[3] = (uint8_t)(w->acc >> 24);
        w->out->length += 4;
        w->acc >>= 32;
        w->count -= 32;
    }
}

/// Writes the pending bits, padding the last byte with zeros.
static inline void rg_bits_align(rg_bits *w) {
    while (w->count > 0) {
        w->out->data[w->out->length++] = (uint8_t)w->acc;
        w->acc >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->acc = 0;
}

/// Tokens of one deflate block and their symbol counts.
/// A literal is its byte; a match is 0x80000000 | (length - 3) << 16 | (distance - 1).
typedef struct {
    rg_bits bits;
    uint32_t *tokens;
    size_t count;
    size_t capacity;
    uint32_t lit_freq[286];
    uint32_t dist_freq[30];
} rg_deflater;

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
    d->tokens[d->count++] = byte;
    d->lit_freq[byte]++;
    return 0;
}

/// A match of 3...258 bytes at distance 1...32768.
static inline int rg_emit_match(rg_deflater *d, unsigned length, unsigned distance) {
    if (d->count == d->capacity && rg_deflate_flush_block(d, 0) != 0) return -1;
    unsigned eb, e;
    d->tokens[d->count++] = 0x80000000u | (length - 3) << 16 | (distance - 1);
    d->lit_freq[rg_length_code(length, &eb, &e)]++;
    d->dist_freq[rg_distance_code(distance, &eb, &e)]++;
    return 0;
}

/// Appends a zlib stream (RFC 1950) of the image's Up-filtered RGB scanlines to out.
int rg_zlib_rgba_rows(const uint8_t *rgba, uint32_t width, uint32_t height, const uint8_t *row_starts, int scalar,
                      rg_buffer *out);

#endif
