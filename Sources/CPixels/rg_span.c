#include "rg_span.h"
#include <string.h>

#if defined(__SSE2__) && !defined(RG_NO_SIMD)
#include <emmintrin.h>
#define RG_SPAN_SSE2 1

/// x / 255 in each 16-bit lane, exactly, for every x <= 65,152: (x + (x >> 8) + 1) >> 8.
static inline __m128i rg_div255_epu16(__m128i x) {
    return _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), _mm_set1_epi16(1)), 8);
}
#endif

int rg_blend_span_has_simd(void) {
#ifdef RG_SPAN_SSE2
    return 1;
#else
    return 0;
#endif
}

/// `Pixmap.blend` on one pixel: the same integer formula, so the same bytes.
static inline void blend_one(uint8_t *p, uint8_t r, uint8_t g, uint8_t b, uint32_t alpha) {
    uint32_t da = p[3];
    if (da == 255 || alpha == 255) {
        uint32_t inv = 255 - alpha;
        p[0] = (uint8_t)((r * alpha + p[0] * inv + 127) / 255);
        p[1] = (uint8_t)((g * alpha + p[1] * inv + 127) / 255);
        p[2] = (uint8_t)((b * alpha + p[2] * inv + 127) / 255);
        p[3] = alpha == 255 ? 255 : (uint8_t)da;
        return;
    }
    // Straight-alpha source-over onto a translucent destination.
    uint32_t outA = alpha * 255 + da * (255 - alpha);  // scaled by 255
    if (outA == 0) return;
    uint32_t sw = alpha * 255, dw = da * (255 - alpha);
    p[0] = (uint8_t)((r * sw + p[0] * dw + outA / 2) / outA);
    p[1] = (uint8_t)((g * sw + p[1] * dw + outA / 2) / outA);
    p[2] = (uint8_t)((b * sw + p[2] * dw + outA / 2) / outA);
    p[3] = (uint8_t)((outA + 127) / 255);
}

/// Stores `packed` in the `count` pixels at `pixels`: one pixel, then copies that double the stored
/// run (libc's memcpy, fast in debug builds too).
static void rg_store_span(uint8_t *pixels, size_t count, uint32_t packed) {
    if (count == 0) return;
    memcpy(pixels, &packed, 4);
    size_t done = 1;
    while (done < count) {
        const size_t n = done < count - done ? done : count - done;
        memcpy(pixels + done * 4, pixels, n * 4);
        done += n;
    }
}

void rg_blend_span(uint8_t *pixels, size_t count, uint32_t packed, uint8_t r, uint8_t g, uint8_t b,
                   uint32_t alpha, int force_scalar) {
    if (alpha == 0 || count == 0 || pixels == NULL) return;
    if (alpha > 255) alpha = 255;
    size_t i = 0;
    if (alpha == 255) {
        rg_store_span(pixels, count, packed);
        return;
    }
    // A span over pixels that are all alike (a tile's fill over the background) blends one pixel and
    // copies it: the blend is a function of the pixel, so the bytes are the same.
    if (count > 1 && memcmp(pixels, pixels + 4, (count - 1) * 4) == 0) {
        blend_one(pixels, r, g, b, alpha);
        uint32_t first;
        memcpy(&first, pixels, 4);
        rg_store_span(pixels + 4, count - 1, first);
        return;
    }
#ifdef RG_SPAN_SSE2
    if (!force_scalar) {
        // Two pixels per eight 16-bit lanes: c·a + 127 + d·(255 − a) ≤ 65,152, divided by 255
        // exactly with (x + (x >> 8) + 1) >> 8 (true for every x ≤ 65,152).
        const __m128i zero = _mm_setzero_si128();
        const __m128i alphaMask = _mm_set1_epi32((int)0xFF000000u);
        const __m128i inv = _mm_set1_epi16((short)(255 - alpha));
        const __m128i colour = _mm_unpacklo_epi8(_mm_set1_epi32((int)packed), zero);
        const __m128i add = _mm_add_epi16(_mm_mullo_epi16(colour, _mm_set1_epi16((short)alpha)), _mm_set1_epi16(127));
        for (; i + 4 <= count; i += 4) {
            uint8_t *p = pixels + i * 4;
            __m128i d = _mm_loadu_si128((const __m128i *)p);
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(d, alphaMask), alphaMask)) != 0xFFFF) {
                for (int k = 0; k < 4; k++) blend_one(p + k * 4, r, g, b, alpha);
                continue;
            }
            __m128i lo = _mm_add_epi16(add, _mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), inv));
            __m128i hi = _mm_add_epi16(add, _mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), inv));
            lo = rg_div255_epu16(lo);
            hi = rg_div255_epu16(hi);
            _mm_storeu_si128((__m128i *)p, _mm_or_si128(_mm_packus_epi16(lo, hi), alphaMask));
        }
    }
#else
    (void)force_scalar;
#endif
    for (; i < count; i++) blend_one(pixels + i * 4, r, g, b, alpha);
}

void rg_blend_mask_row(uint8_t *pixels, const uint8_t *mask, size_t count, uint8_t r, uint8_t g, uint8_t b,
                       uint32_t alpha) {
    if (pixels == NULL || mask == NULL) return;
    if (alpha > 255) alpha = 255;
    size_t i = 0;
#ifdef RG_SPAN_SSE2
    // Four pixels at a time where all four are opaque: each pixel's alpha (m·alpha + 127) / 255 and
    // the blend c·a + d·(255 − a) + 127, both at most 65,152, divided by 255 with shifts as in
    // rg_blend_span. Coverage 0 gives d·255 + 127, which divides back to d: the pixel is unchanged.
    const __m128i zero = _mm_setzero_si128();
    const __m128i alphaMask = _mm_set1_epi32((int)0xFF000000u);
    const __m128i c127 = _mm_set1_epi16(127);
    const __m128i c255 = _mm_set1_epi16(255);
    const __m128i va = _mm_set1_epi16((short)alpha);
    const __m128i colour = _mm_unpacklo_epi8(_mm_set1_epi32((int)((uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16)), zero);
    for (; i + 4 <= count; i += 4) {
        uint32_t m4;
        memcpy(&m4, mask + i, 4);
        if (m4 == 0) continue;
        uint8_t *p = pixels + i * 4;
        __m128i d = _mm_loadu_si128((const __m128i *)p);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(d, alphaMask), alphaMask)) != 0xFFFF) {
            for (size_t k = 0; k < 4; k++) {
                const uint32_t a = (mask[i + k] * alpha + 127) / 255;
                if (a) blend_one(p + k * 4, r, g, b, a);
            }
            continue;
        }
        __m128i x = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)m4), zero), va), c127);
        __m128i a = rg_div255_epu16(x);
        __m128i pairs = _mm_unpacklo_epi16(a, a);
        __m128i alo = _mm_unpacklo_epi32(pairs, pairs), ahi = _mm_unpackhi_epi32(pairs, pairs);
        __m128i lo = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(colour, alo), c127),
                                   _mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), _mm_sub_epi16(c255, alo)));
        __m128i hi = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(colour, ahi), c127),
                                   _mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), _mm_sub_epi16(c255, ahi)));
        lo = rg_div255_epu16(lo);
        hi = rg_div255_epu16(hi);
        _mm_storeu_si128((__m128i *)p, _mm_or_si128(_mm_packus_epi16(lo, hi), alphaMask));
    }
#endif
    for (; i < count; i++) {
        const uint32_t coverage = mask[i];
        if (coverage == 0) continue;
        const uint32_t a = (coverage * alpha + 127) / 255;
        if (a) blend_one(pixels + i * 4, r, g, b, a);
    }
}

int rg_bytes_equal(const uint8_t *a, const uint8_t *b, size_t count) {
    if (count == 0) return 1;
    return memcmp(a, b, count) == 0;
}
