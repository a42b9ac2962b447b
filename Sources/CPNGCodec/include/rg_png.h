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

/// Default limits of a read, each named in its error. The Swift side (PNGCodec.Limits) passes
/// its own values; these are the C defaults it mirrors.
/// Widest and tallest image libpng accepts (png_set_user_limits).
#define RG_PNG_MAX_SIDE 1000000u
/// Largest allocation libpng may make for one ancillary chunk, including decompressed zTXt, iTXt
/// and iCCP data (png_set_chunk_malloc_max).
#define RG_PNG_MAX_CHUNK_BYTES 8388608u /* 8 MiB */
/// Text, sPLT and unknown chunks libpng may keep (png_set_chunk_cache_max).
#define RG_PNG_MAX_CACHED_CHUNKS 128u

typedef struct {
    /// Images whose width*height exceeds this are rejected from their header, before any pixel
    /// memory is allocated.
    uint64_t max_pixels;
    /// Widest and tallest image (png_set_user_limits); 0 means RG_PNG_MAX_SIDE.
    uint32_t max_side;
    /// Largest ancillary chunk allocation (png_set_chunk_malloc_max); 0 means RG_PNG_MAX_CHUNK_BYTES.
    size_t max_chunk_bytes;
    /// Cached ancillary chunks (png_set_chunk_cache_max); 0 means RG_PNG_MAX_CACHED_CHUNKS.
    uint32_t max_cached_chunks;
} rg_png_limits;

typedef enum {
    /// Check the chunk structure and read the header only: fills width and height.
    RG_PNG_HEADER = 0,
    /// Decode every row through libpng into one reused row buffer, then read to IEND: the file is
    /// a complete, valid PNG within the limits. No pixel memory is kept.
    RG_PNG_VALIDATE = 1,
    /// Decode to RGBA8 into out, which must hold exactly width*height*4 bytes (the size comes
    /// from a RG_PNG_HEADER read of the same bytes).
    RG_PNG_PIXELS = 2,
} rg_png_mode;

/// Reads any PNG (grey, palette, 16-bit, interlaced, with or without alpha) as RGBA8.
///
/// Before libpng sees the bytes, the chunk structure is walked: every chunk must fit in the
/// buffer (a length field larger than what follows is "truncated", so no chunk can make libpng
/// allocate more than the file holds), and IHDR must come first and IEND must be present.
/// libpng then processes only IHDR, PLTE, tRNS, IDAT and IEND: every other chunk (text, zTXt,
/// iCCP, sPLT, unknown) is skipped unread except for its CRC, which must be right.
///
/// Returns 0 on success and fills *width, *height; -2 when the image is over max_pixels; otherwise
/// -1. On failure message holds one line saying what is wrong.
/// Never longjmps into the caller.
int rg_png_read(const uint8_t *bytes, size_t length, const rg_png_limits *limits, rg_png_mode mode,
                uint8_t *out, size_t out_length, uint32_t *width, uint32_t *height,
                char *message, size_t message_size);

/// The versions of the libpng and zlib this process runs with (not the headers it was built with),
/// as static strings: libpng's png_get_libpng_ver and zlib's zlibVersion. zlib is found at run time
/// through the libpng that loaded it; if it cannot be, *zlib is the version of the zlib headers this
/// file was compiled with (ZLIB_VERSION).
void rg_png_versions(const char **libpng, const char **zlib);

#endif
