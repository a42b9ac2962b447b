#ifndef RG_PNG_FAST_H
#define RG_PNG_FAST_H

#include <stddef.h>
#include <stdint.h>

#include "rg_png.h"

/// Choices of the fast encoder. Zero-initialised options are the defaults.
typedef struct {
    /// Non-zero: use the portable scalar code even where SSE2 is compiled in. The bytes are the same.
    int force_scalar;
    /// Largest IDAT payload in bytes; 0 means one IDAT up to 2^31-1 bytes. Tests set small values
    /// to exercise the split into several IDATs.
    uint32_t max_idat_bytes;
    /// NULL, or one byte per row: 0 where the row equals the row above (a frame drawn in row bands).
    /// Such a row is neither compared nor read, so it need not be written; the row above any other
    /// row is read at the last row before it whose byte is 1. Other rows are compared with the row
    /// above. The bytes are the same as without.
    const uint8_t *row_starts;
} rg_fast_options;

/// Encodes an RGBA8 image (rows of width*4 bytes, alpha ignored) as an 8-bit RGB PNG in memory,
/// without libpng: Up filter on every row, our own deflate (LZ77 with a small hash chain, dynamic
/// Huffman blocks, a repeated row written as one back-reference run), zlib framing with Adler-32,
/// and CRC-32 on every chunk. The same pixels give the same bytes on every machine and path.
/// Returns 0 on success; on failure frees out, writes one line to message and returns -1.
int rg_png_encode_rgb_fast(const uint8_t *rgba, uint32_t width, uint32_t height,
                           const rg_fast_options *options, rg_buffer *out,
                           char *message, size_t message_size);

/// Adler-32 (RFC 1950) of length bytes, continuing from adler (start with 1).
/// SSE2 where compiled in, unless force_scalar is non-zero; both give the same value.
uint32_t rg_adler32(uint32_t adler, const uint8_t *data, size_t length, int force_scalar);

/// CRC-32 as in PNG chunks (start with 0), slice-by-4.
uint32_t rg_crc32(uint32_t crc, const uint8_t *data, size_t length);

/// 1 when the SSE2 paths are compiled in (x86-64 without RG_NO_SIMD), else 0.
int rg_fast_simd_available(void);

/// An animated PNG being written by the fast encoder (APNG 1.0: acTL, fcTL, IDAT for frame 0, fdAT
/// for the rest). Use: rg_apng_begin, rg_apng_add_frame once per declared frame, then
/// rg_apng_finish (which hands over the bytes) or rg_apng_discard. Fields are private.
typedef struct {
    rg_buffer out;
    uint32_t width, height, frame_count, written, sequence, max_data;
    int scalar, failed;
} rg_apng;

/// Starts an APNG of frame_count frames of width x height, played loops times (0: forever); the
/// options are the fast encoder's (max_idat_bytes also bounds each fdAT). 0, or -1 with message.
int rg_apng_begin(rg_apng *a, uint32_t width, uint32_t height, uint32_t frame_count, uint32_t loops,
                  const rg_fast_options *options, char *message, size_t message_size);

/// Appends one frame (RGBA8 rows of width*4 bytes, alpha ignored: written as 8-bit RGB) shown for
/// delay_num/delay_den seconds (a denominator of 0 means 100). 0, or -1 with message; after a
/// failure the animation's memory is freed and every later call fails.
int rg_apng_add_frame(rg_apng *a, const uint8_t *rgba, uint16_t delay_num, uint16_t delay_den,
                      char *message, size_t message_size);

/// Ends the animation with IEND and moves its bytes to out (free with rg_buffer_free). Fails
/// unless exactly frame_count frames were added. 0, or -1 with message.
int rg_apng_finish(rg_apng *a, rg_buffer *out, char *message, size_t message_size);

/// Frees an animation that will not be finished (safe after a failure or a finish).
void rg_apng_discard(rg_apng *a);

#endif
