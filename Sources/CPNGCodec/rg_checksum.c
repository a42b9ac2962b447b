// Checksums of the fast encoder: Adler-32 of the zlib stream (SSE2 and scalar, same values) and
// the CRC-32 of PNG chunks (slice-by-4 tables built once).
#include "rg_codec_internal.h"
#include "rg_png_fast.h"

#include <pthread.h>

#define RG_ADLER_BASE 65521u
/* Largest n with 255n(n+1)/2 + (n+1)(BASE-1) < 2^32 (zlib's NMAX), a multiple of 16. */
#define RG_ADLER_NMAX 5552u

static uint32_t rg_adler32_scalar(uint32_t adler, const uint8_t *p, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        size_t n = length < RG_ADLER_NMAX ? length : RG_ADLER_NMAX;
        length -= n;
        while (n--) { a += *p++; b += a; }
        a %= RG_ADLER_BASE;
        b %= RG_ADLER_BASE;
    }
    return b << 16 | a;
}

#if RG_HAVE_SSE2
/* Per 16 bytes: a grows by their sum (psadbw); b by 16 times a before them plus the bytes weighted
   16, 15, ..., 1 (pmaddwd on the bytes widened to 16 bits). */
static uint32_t rg_adler32_sse2(uint32_t adler, const uint8_t *p, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    const __m128i zero = _mm_setzero_si128();
    const __m128i w_lo = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i w_hi = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    while (length >= 16) {
        size_t n = (length < RG_ADLER_NMAX ? length : RG_ADLER_NMAX) & ~(size_t)15;
        length -= n;
        b += a * (uint32_t)n; /* a < BASE and n <= NMAX: no overflow, see NMAX */
        __m128i vs1 = zero, vs2 = zero, vps = zero;
        for (size_t i = 0; i < n; i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            vps = _mm_add_epi32(vps, vs1);
            vs1 = _mm_add_epi32(vs1, _mm_sad_epu8(v, zero));
            vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpacklo_epi8(v, zero), w_lo));
            vs2 = _mm_add_epi32(vs2, _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), w_hi));
        }
        p += n;
        vs2 = _mm_add_epi32(vs2, _mm_slli_epi32(vps, 4));
        uint32_t s1[4], s2[4];
        _mm_storeu_si128((__m128i *)s1, vs1);
        _mm_storeu_si128((__m128i *)s2, vs2);
        uint64_t sum1 = (uint64_t)s1[0] + s1[2];
        uint64_t sum2 = (uint64_t)s2[0] + s2[1] + s2[2] + s2[3];
        a = (uint32_t)((a + sum1) % RG_ADLER_BASE);
        b = (uint32_t)((b + sum2) % RG_ADLER_BASE);
    }
    return rg_adler32_scalar(b << 16 | a, p, length);
}
#endif

uint32_t rg_adler32(uint32_t adler, const uint8_t *data, size_t length, int force_scalar) {
    if (data == NULL || length == 0) return adler;
#if RG_HAVE_SSE2
    if (!force_scalar) return rg_adler32_sse2(adler, data, length);
#endif
    (void)force_scalar;
    return rg_adler32_scalar(adler, data, length);
}

int rg_fast_simd_available(void) { return RG_HAVE_SSE2; }

static uint32_t rg_crc_table[4][256];
static pthread_once_t rg_crc_once = PTHREAD_ONCE_INIT;

static void rg_crc_init(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        rg_crc_table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = rg_crc_table[0][n];
        for (int t = 1; t < 4; t++) {
            c = rg_crc_table[0][c & 0xFF] ^ (c >> 8);
            rg_crc_table[t][n] = c;
        }
    }
}

uint32_t rg_crc32(uint32_t crc, const uint8_t *p, size_t length) {
    pthread_once(&rg_crc_once, rg_crc_init);
    uint32_t c = ~crc;
    while (length >= 4) {
        c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        c = rg_crc_table[3][c & 0xFF] ^ rg_crc_table[2][(c >> 8) & 0xFF] ^ rg_crc_table[1][(c >> 16) & 0xFF] ^
            rg_crc_table[0][c >> 24];
        p += 4;
        length -= 4;
    }
    while (length--) c = rg_crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
    return ~c;
}
