// SHA-256 as FIPS 180-4 specifies it, for the golden manifests' frame hashes (Foundation on Linux has
// no CryptoKit, and the package takes no dependencies). Portable C, one 64-byte block at a time, and on
// x86-64 CPUs with the SHA extensions (checked at run time with cpuid) the SHA-NI instructions, about 5×
// faster: a frame is hashed in about the time the fast encoder takes to deflate it. Both give the same
// digest (the tests compare them).
#include "rg_sha256.h"

#include <string.h>

#if defined(__x86_64__) && !defined(RG_NO_SIMD)
#define RG_HAVE_SHA_NI 1
#include <cpuid.h>
#include <stdatomic.h>
#include <immintrin.h>
#else
#define RG_HAVE_SHA_NI 0
#endif

static const uint32_t rg_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define RG_ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* Processes `count` whole 64-byte blocks. */
static void rg_sha256_blocks(uint32_t state[8], const uint8_t *p, size_t count) {
    uint32_t w[64];
    while (count--) {
        for (int i = 0; i < 16; i++) {
            w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
        }
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = RG_ROTR(w[i - 15], 7) ^ RG_ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = RG_ROTR(w[i - 2], 17) ^ RG_ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i++) {
            uint32_t t1 = h + (RG_ROTR(e, 6) ^ RG_ROTR(e, 11) ^ RG_ROTR(e, 25)) + ((e & f) ^ (~e & g)) + rg_sha256_k[i] + w[i];
            uint32_t t2 = (RG_ROTR(a, 2) ^ RG_ROTR(a, 13) ^ RG_ROTR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        p += 64;
    }
}

#if RG_HAVE_SHA_NI
/* Four rounds: the message words plus their constants, two rounds per sha256rnds2. */
#define RG_SHA_ROUNDS(msg, k) do { \
    __m128i m_ = _mm_add_epi32((msg), _mm_loadu_si128((const __m128i *)(k))); \
    state1 = _mm_sha256rnds2_epu32(state1, state0, m_); \
    state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(m_, 0x0E)); \
} while (0)

/* The same compression with the SHA extensions; the state is kept as ABEF and CDGH, as sha256rnds2 wants. */
__attribute__((target("sha,sse4.1,ssse3")))
static void rg_sha256_blocks_shani(uint32_t state[8], const uint8_t *p, size_t count) {
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  /* CDAB */
    __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  /* EFGH */
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);  /* ABEF */
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);  /* CDGH */
    while (count--) {
        __m128i abef = state0, cdgh = state1;
        __m128i m[4];
        for (int g = 0; g < 4; g++) {
            m[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * g)), swap);
            RG_SHA_ROUNDS(m[g], &rg_sha256_k[4 * g]);
        }
        for (int g = 4; g < 16; g++) {
            /* W[t..t+3] from W[t-16..t-1]: msg1 adds σ0, the alignr adds W[t-7..t-4], msg2 adds σ1. */
            __m128i w = _mm_sha256msg1_epu32(m[g & 3], m[(g - 3) & 3]);
            w = _mm_add_epi32(w, _mm_alignr_epi8(m[(g - 1) & 3], m[(g - 2) & 3], 4));
            m[g & 3] = _mm_sha256msg2_epu32(w, m[(g - 1) & 3]);
            RG_SHA_ROUNDS(m[g & 3], &rg_sha256_k[4 * g]);
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
        p += 64;
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);  /* FEBA */
    state1 = _mm_shuffle_epi32(state1, 0xB1);  /* DCHG */
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(tmp, state1, 0xF0));  /* DCBA */
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(state1, tmp, 8));  /* HGFE */
}

static int rg_sha256_cpu_has_sha(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 19)) || !(c & (1u << 9))) return 0;  /* SSE4.1, SSSE3 */
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b >> 29) & 1;  /* SHA */
}
#endif

int rg_sha256_accelerated(void) {
#if RG_HAVE_SHA_NI
    /* Atomic, relaxed: threads may each ask cpuid once, and all store the same answer. A plain int here is a
       data race in C11's terms, and ThreadSanitizer reports it. */
    static _Atomic int cached = -1;
    int value = atomic_load_explicit(&cached, memory_order_relaxed);
    if (value < 0) {
        value = rg_sha256_cpu_has_sha();
        atomic_store_explicit(&cached, value, memory_order_relaxed);
    }
    return value;
#else
    return 0;
#endif
}

/* The blocks through SHA-NI where the CPU has it, unless the context asks for the portable code. */
static void rg_sha256_run(rg_sha256_context *context, const uint8_t *p, size_t count) {
#if RG_HAVE_SHA_NI
    if (!context->portable && rg_sha256_accelerated()) {
        rg_sha256_blocks_shani(context->state, p, count);
        return;
    }
#endif
    rg_sha256_blocks(context->state, p, count);
}

void rg_sha256_init(rg_sha256_context *context) {
    static const uint32_t initial[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(context->state, initial, sizeof initial);
    context->length = 0;
    context->filled = 0;
    context->portable = 0;
}

void rg_sha256_update(rg_sha256_context *context, const uint8_t *data, size_t length) {
    if (length == 0) return;
    context->length += (uint64_t)length;
    if (context->filled > 0) {
        size_t take = 64 - context->filled;
        if (take > length) take = length;
        memcpy(context->block + context->filled, data, take);
        context->filled += (uint32_t)take;
        data += take;
        length -= take;
        if (context->filled < 64) return;
        rg_sha256_run(context, context->block, 1);
        context->filled = 0;
    }
    size_t whole = length / 64;
    rg_sha256_run(context, data, whole);
    data += whole * 64;
    length -= whole * 64;
    memcpy(context->block, data, length);
    context->filled = (uint32_t)length;
}

void rg_sha256_final(rg_sha256_context *context, uint8_t digest[32]) {
    uint64_t bits = context->length * 8;
    uint8_t *block = context->block;
    uint32_t n = context->filled;
    block[n++] = 0x80;
    if (n > 56) {
        memset(block + n, 0, 64 - n);
        rg_sha256_run(context, block, 1);
        n = 0;
    }
    memset(block + n, 0, 56 - n);
    for (int i = 0; i < 8; i++) block[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    rg_sha256_run(context, block, 1);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(context->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(context->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(context->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)context->state[i];
    }
}

void rg_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    rg_sha256_context context;
    rg_sha256_init(&context);
    rg_sha256_update(&context, data, length);
    rg_sha256_final(&context, digest);
}

void rg_sha256_rows(const uint8_t *rgba, uint32_t width, uint32_t height, int portable, uint8_t digest[32]) {
    rg_sha256_context context;
    rg_sha256_init(&context);
    context.portable = portable ? 1 : 0;
    const uint8_t header[8] = {
        (uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
        (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
    };
    rg_sha256_update(&context, header, sizeof header);
    const size_t stride = (size_t)width * 4;
    const uint8_t fresh = 0, repeat = 1;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        if (y > 0 && memcmp(row, row - stride, stride) == 0) {
            rg_sha256_update(&context, &repeat, 1);
        } else {
            rg_sha256_update(&context, &fresh, 1);
            rg_sha256_update(&context, row, stride);
        }
    }
    rg_sha256_final(&context, digest);
}
