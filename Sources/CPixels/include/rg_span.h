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

/// Whether this build has the SSE2 path.
int rg_blend_span_has_simd(void);

#endif
