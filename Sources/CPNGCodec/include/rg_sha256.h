#ifndef RG_SHA256_H
#define RG_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// The running state of a SHA-256 (FIPS 180-4) computation. Zero-initialise it with rg_sha256_init.
typedef struct {
    uint32_t state[8];
    /// Message length so far in bytes.
    uint64_t length;
    /// Bytes of a partial block, `filled` of them in use.
    uint8_t block[64];
    uint32_t filled;
    /// Non-zero: use the portable code even where the CPU has SHA extensions (tests compare the two).
    uint32_t portable;
} rg_sha256_context;

/// 1 when this CPU's SHA extensions are used (x86-64 with SHA-NI, SSSE3 and SSE4.1), else 0.
int rg_sha256_accelerated(void);

/// Starts a hash (with `portable` 0).
void rg_sha256_init(rg_sha256_context *context);

/// Adds `length` bytes (data may be NULL when length is 0).
void rg_sha256_update(rg_sha256_context *context, const uint8_t *data, size_t length);

/// Finishes the hash into `digest` (32 bytes); the context must be initialised again before reuse.
void rg_sha256_final(rg_sha256_context *context, uint8_t digest[32]);

/// The SHA-256 of `length` bytes at `data` in one call.
void rg_sha256(const uint8_t *data, size_t length, uint8_t digest[32]);

/// The digest of an RGBA8 image (rows of width*4 bytes) as golden manifests record it: the SHA-256 of the
/// width and height (32-bit big-endian each), then per row the byte 1 when the row equals the row above, else
/// the byte 0 and the row's bytes. A function of the pixels alone (never of an encoding), as collision-resistant
/// as SHA-256, and fast where rows repeat (flat tiles): a repeated row costs a memcmp, not a hash.
/// portable != 0 uses the portable SHA-256 code.
void rg_sha256_rows(const uint8_t *rgba, uint32_t width, uint32_t height, int portable, uint8_t digest[32]);

#endif
