// The zlib stream (RFC 1950/1951) of an opaque image's Up-filtered RGB scanlines.
//
// A row equal to the row above filters to a filter byte and zeros. Such rows are never copied or
// searched: each is the same few tokens ("2, 0" and a distance-1 run of zeros) and its Adler-32 is
// computed in closed form. Other rows are filtered into a sliding window and parsed greedily: the previous
// byte, the previous pixel and the row above are tried first, then a short hash chain.
#include "rg_codec_internal.h"
#include "rg_png_fast.h"

#include <stdlib.h>

#define RG_HASH_BITS 15
#define RG_HASH_SIZE (1u << RG_HASH_BITS)
#define RG_CHAIN 4
#define RG_TOKENS (1u << 16)
#define RG_SLACK 16u
#define RG_TOO_FAR 4096u /* a 3-byte match further back costs more than its literals */

typedef struct {
    uint8_t *buf;      /* stream bytes [base, base + length) */
    size_t capacity;
    uint64_t base;
    size_t length;
    /* Positions are kept as 1 + stream position, truncated to 32 bits (0: none). A truncated
       position can only name a wrong candidate, which the byte comparison rejects or uses as the
       valid match it is: the output stays correct and deterministic. */
    uint32_t *head;    /* per hash: the newest position of 3 bytes with that hash */
    uint32_t *prev;    /* per position mod 32 KiB: the previous position with the same hash */
} rg_window;

/// Makes room for n more bytes, keeping the last 32 KiB (capacity holds 64 KiB + n + slack).
static void rg_window_room(rg_window *w, size_t n) {
    if (w->length + n + RG_SLACK <= w->capacity) return;
    size_t keep = w->length < RG_WINDOW ? w->length : RG_WINDOW;
    memmove(w->buf, w->buf + w->length - keep, keep);
    w->base += w->length - keep;
    w->length = keep;
}

/// Puts rows repeated rows (a 2 then length-1 zeros each) into the window; only the last 32 KiB
/// of them can ever be referenced.
static void rg_window_repeated(rg_window *w, size_t rows, size_t row_length) {
    const uint64_t start = w->base + w->length;
    const uint64_t total = (uint64_t)rows * row_length;
    size_t n = (size_t)(total < RG_WINDOW ? total : RG_WINDOW);
    if (total > RG_WINDOW) {
        w->base = start + total - RG_WINDOW;
        w->length = 0;
    } else {
        rg_window_room(w, n);
    }
    uint8_t *at = w->buf + w->length;
    const uint64_t first_abs = w->base + w->length;
    memset(at, 0, n);
    uint64_t r = (first_abs - start) % row_length;
    for (uint64_t o = r == 0 ? 0 : row_length - r; o < n; o += row_length) at[o] = 2;
    w->length += n;
}

static inline size_t rg_match_length(const uint8_t *p, const uint8_t *q, size_t max, int scalar) {
    size_t n = 0;
#if RG_HAVE_SSE2
    if (!scalar) {
        while (n + 16 <= max) {
            __m128i a = _mm_loadu_si128((const __m128i *)(p + n));
            __m128i b = _mm_loadu_si128((const __m128i *)(q + n));
            unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b));
            if (mask != 0xFFFF) return n + (size_t)__builtin_ctz(~mask);
            n += 16;
        }
    }
#endif
    (void)scalar;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (n + 8 <= max) {
        uint64_t a, b;
        memcpy(&a, p + n, 8);
        memcpy(&b, q + n, 8);
        if (a != b) return n + (size_t)(__builtin_ctzll(a ^ b) >> 3);
        n += 8;
    }
#endif
    while (n < max && p[n] == q[n]) n++;
    return n;
}

/// Writes filter byte 2 (Up) and the row's RGB bytes minus the row above's (none for row 0).
static void rg_filter_up(uint8_t *dst, const uint8_t *cur, const uint8_t *above, uint32_t width, int scalar) {
    *dst++ = 2;
    uint32_t x = 0;
#if RG_HAVE_SSE2
    if (!scalar) {
        /* Four pixels per step; each 4-byte store overlaps the next by one byte (window slack). */
        for (; x + 4 <= width; x += 4) {
            __m128i v = _mm_loadu_si128((const __m128i *)(cur + (size_t)x * 4));
            if (above) v = _mm_sub_epi8(v, _mm_loadu_si128((const __m128i *)(above + (size_t)x * 4)));
            uint8_t *o = dst + (size_t)x * 3;
            uint32_t p0 = (uint32_t)_mm_cvtsi128_si32(v);
            uint32_t p1 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 4));
            uint32_t p2 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 8));
            uint32_t p3 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 12));
            memcpy(o, &p0, 4);
            memcpy(o + 3, &p1, 4);
            memcpy(o + 6, &p2, 4);
            memcpy(o + 9, &p3, 4);
        }
    }
#endif
    (void)scalar;
    for (; x < width; x++) {
        const uint8_t *c = cur + (size_t)x * 4;
        uint8_t *o = dst + (size_t)x * 3;
        if (above) {
            const uint8_t *a = above + (size_t)x * 4;
            o[0] = (uint8_t)(c[0] - a[0]);
            o[1] = (uint8_t)(c[1] - a[1]);
            o[2] = (uint8_t)(c[2] - a[2]);
        } else {
            o[0] = c[0];
            o[1] = c[1];
            o[2] = c[2];
        }
    }
}

/// The distance a repeated row's zero run copies from, after its first RG_RUN_DISTANCE zeros (made
/// at distance 1). Inflaters copy a match byte by byte, and at distance 1 each byte waits for the
/// one before (zlib took 5× longer on our frames than on its own); at 64 the copies are independent,
/// for 4 extra bits per 258-byte piece.
#define RG_RUN_DISTANCE 64

/// Writes (where tokens is not NULL) the matches covering total bytes at distance, in pieces of at
/// most 258 (none under 3: a remainder of 1 or 2 bytes becomes literals of tail), from tokens[n].
/// Returns n plus their count.
static size_t rg_run_tokens(uint32_t *tokens, size_t n, uint64_t total, unsigned distance, uint8_t tail) {
#define RG_PUT(t) do { if (tokens) tokens[n] = (t); n++; } while (0)
#define RG_MATCH(length) (RG_TOKEN_MATCH | ((unsigned)(length) - 3) << 16 | (distance - 1))
    while (total >= RG_MAX_MATCH + RG_MIN_MATCH) {
        RG_PUT(RG_MATCH(RG_MAX_MATCH));
        total -= RG_MAX_MATCH;
    }
    if (total > RG_MAX_MATCH) {
        RG_PUT(RG_MATCH(total - RG_MIN_MATCH));
        total = RG_MIN_MATCH;
    }
    if (total >= RG_MIN_MATCH) {
        RG_PUT(RG_MATCH(total));
    } else {
        while (total-- > 0) RG_PUT(tail);
    }
    return n;
#undef RG_MATCH
#undef RG_PUT
}

/// The tokens of a repeated row (where tokens is not NULL) and their count: "2, 0" and a distance-1
/// run of zeros. The run's length and distance symbols soon get 1-bit codes, so a row costs a few
/// bytes (a run at distance row_length costs its distance's extra bits on every piece).
static size_t rg_repeated_row_tokens(uint32_t *tokens, size_t row_length) {
    size_t n = 0;
    if (tokens) { tokens[0] = 2; tokens[1] = 0; }
    n = 2;
    if (row_length - 2 > 2 * RG_RUN_DISTANCE) {
        n = rg_run_tokens(tokens, n, RG_RUN_DISTANCE, 1, 0);
        return rg_run_tokens(tokens, n, row_length - 2 - RG_RUN_DISTANCE, RG_RUN_DISTANCE, 0);
    }
    return rg_run_tokens(tokens, n, row_length - 2, 1, 0);
}

/// Fills row with a repeated row's tokens and the symbols they use. 0, or -1 (out of memory).
static int rg_row_tokens_make(rg_row_tokens *row, size_t row_length) {
    int ok = 1;
    row->count = rg_repeated_row_tokens(NULL, row_length);
    row->tokens = (uint32_t *)malloc(rg_mul(row->count, sizeof(uint32_t), &ok));
    /* Every token is at most 15 + 5 + 15 + 13 bits: 2 pieces of 32 bits each, and 3 more (the bit writer's
       8-byte stores run up to 8 bytes past its last byte). A row of more tokens than a block holds is never
       stored as one entry, and needs none. */
    if (row->count <= RG_TOKENS) {
        row->bits = (uint32_t *)malloc(rg_mul(rg_add(rg_mul(row->count, 2, &ok), 3, &ok), sizeof(uint32_t), &ok));
        if (!row->bits) return -1;
    }
    if (!ok || !row->tokens) return -1;
    rg_repeated_row_tokens(row->tokens, row_length);
    uint32_t lit[286] = {0}, dist[30] = {0};
    for (size_t i = 0; i < row->count; i++) {
        const uint32_t t = row->tokens[i];
        if (t < 256) {
            lit[t]++;
            continue;
        }
        unsigned eb, e;
        lit[rg_length_code(((t >> 16) & 0xFF) + 3, &eb, &e)]++;
        dist[rg_distance_code((t & 0x7FFF) + 1, &eb, &e)]++;
    }
    row->lit_used = row->dist_used = 0;
    for (unsigned s = 0; s < 286; s++) {
        if (lit[s]) { row->lit_symbol[row->lit_used] = (uint16_t)s; row->lit_times[row->lit_used++] = lit[s]; }
    }
    for (unsigned s = 0; s < 30; s++) {
        if (dist[s]) { row->dist_symbol[row->dist_used] = (uint16_t)s; row->dist_times[row->dist_used++] = dist[s]; }
    }
    return 0;
}

/// Whether the 3 bytes at p and q are equal: on little-endian machines one 4-byte load each, the fourth byte masked
/// off (a window position always has bytes after it: the slack, or the filter's overlapping stores).
static inline int rg_same3(const uint8_t *p, const uint8_t *q) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t a, b;
    memcpy(&a, p, 4);
    memcpy(&b, q, 4);
    return ((a ^ b) & 0xFFFFFFu) == 0;
#else
    return p[0] == q[0] && p[1] == q[1] && p[2] == q[2];
#endif
}

static inline uint32_t rg_hash3(const uint8_t *p) {
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
    return (v * 2654435761u) >> (32 - RG_HASH_BITS);
}

/// Greedy LZ77 over the window bytes [start, end) (one filtered row).
static int rg_parse_row(rg_deflater *d, rg_window *w, size_t start, size_t end, size_t row_length, int scalar) {
    uint8_t *buf = w->buf;
    size_t i = start;
    while (i < end) {
        const uint8_t *p = buf + i;
        const size_t avail = end - i;
        if (avail < RG_MIN_MATCH) {
            if (rg_emit_literal(d, *p) != 0) return -1;
            i++;
            continue;
        }
        /* The next position's hash head, fetched while this one is parsed (a literal moves on by one). */
        if (avail > RG_MIN_MATCH) __builtin_prefetch(&w->head[rg_hash3(p + 1)]);
        const size_t max = avail < RG_MAX_MATCH ? avail : RG_MAX_MATCH;
        const size_t behind = i < RG_WINDOW ? i : RG_WINDOW;
        size_t best = 0, best_distance = 0;
        const size_t fixed[3] = {1, 3, row_length};
        for (int k = 0; k < 3 && best < max; k++) {
            size_t dist = fixed[k];
            if (dist > behind) continue;
            const uint8_t *q = p - dist;
            if (!rg_same3(p, q) || (best && q[best] != p[best])) continue;
            size_t len = rg_match_length(p, q, max, scalar);
            if (len > best) { best = len; best_distance = dist; }
        }
        const uint32_t here = (uint32_t)(w->base + i);
        const uint32_t h = rg_hash3(p);
        uint32_t v = w->head[h], last = 0;
        for (int chain = 0; v != 0 && chain < RG_CHAIN && best < max; chain++) {
            const uint32_t at = v - 1, dist = here - at;
            if (dist == 0 || dist > behind || dist <= last) break; /* outside the window, or not older */
            const uint8_t *q = p - dist;
            if (rg_same3(p, q) && (best == 0 || q[best] == p[best])) {
                size_t len = rg_match_length(p, q, max, scalar);
                if (len > best) { best = len; best_distance = dist; }
            }
            last = dist;
            v = w->prev[at & (RG_WINDOW - 1)];
        }
        w->prev[here & (RG_WINDOW - 1)] = w->head[h];
        w->head[h] = here + 1;
        if (best > RG_MIN_MATCH || (best == RG_MIN_MATCH && best_distance <= RG_TOO_FAR)) {
            if (rg_emit_match(d, (unsigned)best, (unsigned)best_distance) != 0) return -1;
            i += best;
        } else {
            if (rg_emit_literal(d, *p) != 0) return -1;
            i++;
        }
    }
    return 0;
}

/// Adler-32 after a repeated row: a 2 then length-1 zeros.
static uint32_t rg_adler32_repeated_row(uint32_t adler, size_t row_length) {
    uint64_t a = ((adler & 0xFFFF) + 2) % 65521u;
    uint64_t b = ((adler >> 16) + (uint64_t)(row_length % 65521u) * a) % 65521u;
    return (uint32_t)(b << 16 | a);
}

int rg_zlib_rgba_rows(const uint8_t *rgba, uint32_t width, uint32_t height, const uint8_t *row_starts, int scalar,
                      rg_buffer *out) {
    int ok = 1;
    const size_t stride = rg_mul(width, 4, &ok);
    const size_t row_length = rg_add(rg_mul(width, 3, &ok), 1, &ok);
    const size_t capacity = rg_add(rg_add(row_length, 4 * (size_t)RG_WINDOW, &ok), RG_SLACK, &ok);
    if (!ok || width == 0) return -1; /* the callers refuse an empty image before */
    rg_window w = {0};
    rg_deflater d = {0};
    rg_row_tokens row = {0};
    int status = -1;
    w.buf = (uint8_t *)malloc(capacity);
    w.capacity = capacity;
    w.head = (uint32_t *)calloc(RG_HASH_SIZE, sizeof(uint32_t));
    w.prev = (uint32_t *)calloc(RG_WINDOW, sizeof(uint32_t));
    d.tokens = (uint32_t *)malloc(RG_TOKENS * sizeof(uint32_t));
    d.capacity = RG_TOKENS;
    d.bits.out = out;
    d.row = &row;
    if (!w.buf || !w.head || !w.prev || !d.tokens || rg_row_tokens_make(&row, row_length) != 0
        || rg_out_reserve(out, 2) != 0) goto done;
    out->data[out->length++] = 0x78; /* deflate, 32 KiB window */
    out->data[out->length++] = 0x01; /* fastest; (0x78 << 8 | 0x01) % 31 == 0 */

    uint32_t adler = 1;
    size_t unplaced = 0; /* repeated rows not yet put in the window */
    const uint8_t *band = rgba; /* the last row that starts a band (with row_starts) */
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        /* With row_starts, a repeated row is never read (it may not be written), and the row above a
           band's first row is read at the start of the band above, which holds the same pixels. */
        const uint8_t *above = y == 0 ? NULL : row_starts ? band : row - stride;
        if (y > 0 && ((row_starts && !row_starts[y]) || memcmp(row, above, stride) == 0)) {
            /* "2, 0" and a distance-1 run of zeros: the run's length and distance symbols soon get
               1-bit codes, so a row costs a few bytes (a run at distance row_length costs its
               distance's extra bits on every piece). */
            adler = rg_adler32_repeated_row(adler, row_length);
            unplaced++;
            if (rg_emit_row(&d) != 0) goto done;
            continue;
        }
        if (unplaced) {
            rg_window_repeated(&w, unplaced, row_length);
            unplaced = 0;
        }
        rg_window_room(&w, row_length);
        const size_t start = w.length;
        band = row;
        rg_filter_up(w.buf + start, row, above, width, scalar);
        w.length += row_length;
        adler = rg_adler32(adler, w.buf + start, row_length, scalar);
        if (rg_parse_row(&d, &w, start, start + row_length, row_length, scalar) != 0) goto done;
    }
    if (rg_deflate_flush_block(&d, 1) != 0 || rg_out_reserve(out, 4) != 0) goto done;
    out->data[out->length++] = (uint8_t)(adler >> 24);
    out->data[out->length++] = (uint8_t)(adler >> 16);
    out->data[out->length++] = (uint8_t)(adler >> 8);
    out->data[out->length++] = (uint8_t)adler;
    status = 0;
done:
    free(w.buf);
    free(w.head);
    free(w.prev);
    free(d.tokens);
    free(row.tokens);
    free(row.bits);
    return status;
}
