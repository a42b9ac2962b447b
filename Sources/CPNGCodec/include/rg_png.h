#ifndef RG_PNG_H
#define RG_PNG_H

#include <stddef.h>
#include <stdint.h>

/// A growable byte buffer owned by C; free it with rg_buffer_free.
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} rg_buffer;

void rg_buffer_free(rg_buffer *buffer);

/// Encodes an RGBA8 image (rows of width*4 bytes) as a PNG in memory.
/// opaque != 0 writes 8-bit RGB (the alpha byte is dropped), otherwise RGBA.
/// level is the zlib level (0...9); filter is 0 none, 1 sub, 2 up, 3 avg, 4 paeth, -1 adaptive.
/// Returns 0 on success; on failure fills message and returns -1. Never longjmps into the caller.
int rg_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int opaque,
                  int level, int filter, rg_buffer *out, char *message, size_t message_size);

/// Decodes any PNG (grey, palette, 16-bit, interlaced, with or without alpha) to RGBA8.
/// Images whose width*height exceeds max_pixels are rejected before any pixel memory is allocated.
/// On success *pixels is malloc'd (free with rg_free) and 0 is returned; otherwise -1 and message.
int rg_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                  uint8_t **pixels, uint32_t *width, uint32_t *height,
                  char *message, size_t message_size);

void rg_free(void *pointer);

#endif
