// Pixel kernels the rasterizer's hot loops call: plain C, so they stay fast in debug builds too
// (Swift's SIMD types are generic and crawl without optimisation).
#ifndef RG_SPAN_H
#define RG_SPAN_H

#include <stddef.h>
#include <stdint.h>

/// Source-over of the colour (r, g, b) at `alpha` (0...255, at most the colour's own alpha) onto the
/// `count` RGBA8 pixels at `pixels`: byte for byte what `Pixmap.blend` does to each pixel. `alpha`
/// 255 stores `packed` (the colour's R, G, B, A bytes as a little-endian word). Onto opaque pixels,
/// four at a time with SSE2 where the CPU has it (`force_scalar` 1 takes the scalar path, for tests).
void rg_blend_span(uint8_t *pixels, size_t count, uint32_t packed, uint8_t r, uint8_t g, uint8_t b,
                   uint32_t alpha, int force_scalar);

/// One row of an 8-bit coverage mask (a glyph's): each of the `count` RGBA8 pixels at `pixels` gets
/// the colour (r, g, b) source-over at alpha (coverage · alpha + 127) / 255, byte for byte what
/// `Pixmap.blend` does; coverage 0 leaves a pixel as it is.
void rg_blend_mask_row(uint8_t *pixels, const uint8_t *mask, size_t count, uint8_t r, uint8_t g, uint8_t b,
                       uint32_t alpha);

/// Whether the `count` bytes at `a` and at `b` are the same (memcmp; `Pixmap`'s ==, which the generic
/// `Array` == makes a per-byte call in debug builds).
int rg_bytes_equal(const uint8_t *a, const uint8_t *b, size_t count);

/// Whether this build has the SSE2 path.
int rg_blend_span_has_simd(void);

#endif
