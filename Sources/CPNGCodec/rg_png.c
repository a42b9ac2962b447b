// The whole libpng call sequence lives here because libpng reports errors with longjmp,
// which Swift cannot catch. Every entry point sets its own setjmp and returns an error code.
#include "rg_png.h"

#include <png.h>
#include <zlib.h>
#include <dlfcn.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *message;
    size_t message_size;
} rg_error_sink;

static void rg_error_fn(png_structp png, png_const_charp text) {
    rg_error_sink *sink = (rg_error_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->message_size > 0) {
        snprintf(sink->message, sink->message_size, "%s", text);
    }
    png_longjmp(png, 1);
}

static void rg_warning_fn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

void rg_buffer_free(rg_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

static void rg_write_fn(png_structp png, png_bytep data, png_size_t length) {
    rg_buffer *out = (rg_buffer *)png_get_io_ptr(png);
    if (out->length + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->length + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
        if (grown == NULL) png_error(png, "out of memory while encoding PNG");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->length, data, length);
    out->length += length;
}

static void rg_flush_fn(png_structp png) { (void)png; }

int rg_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int opaque,
                  int level, int filter, rg_buffer *out, char *message, size_t message_size) {
    rg_error_sink sink = {message, message_size};
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    if (width == 0 || height == 0) {
        snprintf(message, message_size, "image has no pixels");
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, rg_error_fn, rg_warning_fn);
    if (png == NULL) {
        snprintf(message, message_size, "png_create_write_struct failed");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        snprintf(message, message_size, "png_create_info_struct failed");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        rg_buffer_free(out);
        return -1;
    }
    png_set_write_fn(png, out, rg_write_fn, rg_flush_fn);
    png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level < 0 ? 0 : (level > 9 ? 9 : level));
    int filters;
    switch (filter) {
    case 0: filters = PNG_FILTER_NONE; break;
    case 1: filters = PNG_FILTER_SUB; break;
    case 2: filters = PNG_FILTER_UP; break;
    case 3: filters = PNG_FILTER_AVG; break;
    case 4: filters = PNG_FILTER_PAETH; break;
    default: filters = PNG_ALL_FILTERS; break;
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER); /* input rows are RGBA; drop the A byte */
    const size_t stride = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t position;
} rg_reader;

static void rg_read_fn(png_structp png, png_bytep data, png_size_t length) {
    rg_reader *reader = (rg_reader *)png_get_io_ptr(png);
    if (reader->length - reader->position < length) png_error(png, "file is truncated");
    memcpy(data, reader->bytes + reader->position, length);
    reader->position += length;
}

static uint32_t rg_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// A chunk type for a message: the four letters, or hex when they are not letters.
static void rg_chunk_name(const uint8_t *type, char name[16]) {
    int letters = 1;
    for (int i = 0; i < 4; i++) {
        uint8_t c = type[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) letters = 0;
    }
    if (letters) snprintf(name, 16, "'%c%c%c%c'", type[0], type[1], type[2], type[3]);
    else snprintf(name, 16, "0x%02X%02X%02X%02X", type[0], type[1], type[2], type[3]);
}

/// Walks the chunks after the signature: each one's declared length must fit in what follows,
/// IHDR must come first, and the walk must reach IEND. libpng allocates some chunks by their
/// declared length before reading them; after this walk no declared length exceeds the file.
static int rg_check_chunks(const uint8_t *bytes, size_t length, char *message, size_t message_size) {
    size_t at = 8;
    int first = 1;
    for (;;) {
        size_t left = length - at;
        if (left < 8) {
            if (first) snprintf(message, message_size, "file is truncated: no IHDR chunk");
            else if (left == 0) snprintf(message, message_size, "file is truncated: it ends at byte %zu without an IEND chunk", at);
            else snprintf(message, message_size, "file is truncated: it ends inside a chunk header at byte %zu", at);
            return -1;
        }
        uint32_t size = rg_be32(bytes + at);
        const uint8_t *type = bytes + at + 4;
        char name[16];
        rg_chunk_name(type, name);
        if (size > 0x7FFFFFFFu) {
            snprintf(message, message_size, "chunk %s at byte %zu has an invalid length of %u bytes (over 2^31-1)",
                     name, at, (unsigned)size);
            return -1;
        }
        if (left - 8 < (size_t)size + 4) {
            snprintf(message, message_size,
                     "file is truncated: chunk %s at byte %zu claims %u bytes and a CRC, but only %zu bytes follow",
                     name, at, (unsigned)size, left - 8);
            return -1;
        }
        if (first && memcmp(type, "IHDR", 4) != 0) {
            snprintf(message, message_size, "the first chunk is %s, not 'IHDR'", name);
            return -1;
        }
        first = 0;
        at += 12 + (size_t)size;
        if (memcmp(type, "IEND", 4) == 0) return 0;
    }
}

int rg_png_read(const uint8_t *bytes, size_t length, const rg_png_limits *limits, rg_png_mode mode,
                uint8_t *out, size_t out_length, uint32_t *width, uint32_t *height,
                char *message, size_t message_size) {
    *width = 0;
    *height = 0;
    if (message_size > 0) message[0] = 0;
    if (bytes == NULL || length < 8 || png_sig_cmp((png_const_bytep)bytes, 0, 8) != 0) {
        snprintf(message, message_size, "not a PNG file: the 8-byte PNG signature is missing");
        return -1;
    }
    if (rg_check_chunks(bytes, length, message, message_size) != 0) return -1;
    const uint64_t max_pixels = limits ? limits->max_pixels : 0;
    const uint32_t max_side = limits && limits->max_side ? limits->max_side : RG_PNG_MAX_SIDE;
    const size_t max_chunk = limits && limits->max_chunk_bytes ? limits->max_chunk_bytes : RG_PNG_MAX_CHUNK_BYTES;
    {
        /* IHDR comes first (checked above): name the side limit rather than libpng's "Invalid IHDR data". */
        const uint8_t *h = bytes + 16;
        const uint32_t w = (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 | (uint32_t)h[2] << 8 | h[3];
        const uint32_t hh = (uint32_t)h[4] << 24 | (uint32_t)h[5] << 16 | (uint32_t)h[6] << 8 | h[7];
        if (w > max_side || hh > max_side) {
            snprintf(message, message_size, "image is %ux%u pixels; a side may be at most %u pixels",
                     (unsigned)w, (unsigned)hh, (unsigned)max_side);
            return -1;
        }
    }
    const uint32_t max_cached = limits && limits->max_cached_chunks ? limits->max_cached_chunks : RG_PNG_MAX_CACHED_CHUNKS;

    rg_error_sink sink = {message, message_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, rg_error_fn, rg_warning_fn);
    if (png == NULL) {
        snprintf(message, message_size, "png_create_read_struct failed");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(message, message_size, "png_create_info_struct failed");
        return -1;
    }
    uint8_t *volatile row = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(row);
        return -1;
    }
    rg_reader reader = {bytes, length, 0};
    png_set_read_fn(png, &reader, rg_read_fn);
    png_set_user_limits(png, max_side, max_side);
    png_set_chunk_malloc_max(png, max_chunk);
    png_set_chunk_cache_max(png, max_cached);
    /* Only IHDR, PLTE, tRNS, IDAT and IEND are processed; every other chunk, known or not, is
       skipped without allocating (its CRC is still checked). A negative count is libpng's way to
       say "all chunks but those five". */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    /* A bad CRC is an error in any chunk, not a warning for ancillary ones. */
    png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_ERROR_QUIT);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    /* Overflow-safe on any size_t: w*h fits in 64 bits, and the RGBA8 byte count must fit in size_t. */
    const uint64_t pixels = (uint64_t)w * (uint64_t)h;
    if (w == 0 || h == 0 || pixels > max_pixels || pixels > (uint64_t)(SIZE_MAX / 4)) {
        snprintf(message, message_size, "image is %ux%u pixels, more than the limit of %llu pixels",
                 (unsigned)w, (unsigned)h, (unsigned long long)max_pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return -2;
    }
    if (mode == RG_PNG_HEADER) {
        png_destroy_read_struct(&png, &info, NULL);
        *width = w;
        *height = h;
        return 0;
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    /* 16-bit channels become round(v * 255 / 65535), as pngjs (and so pixelmatch's CLI) decodes them;
       png_set_strip_16 would keep the high byte, off by one for about half of all values. libpng's
       scale_16 computes that rounding exactly (checked over all 65536 values by PNG16Tests). */
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const size_t stride = (size_t)w * 4;
    if (png_get_rowbytes(png, info) != stride) png_error(png, "unsupported PNG layout");
    if (mode == RG_PNG_PIXELS) {
        if (out == NULL || out_length / stride != h || out_length % stride != 0)
            png_error(png, "output buffer does not match the image size");
        /* Interlaced passes merge into rows: start them from known bytes. */
        if (passes > 1) memset(out, 0, out_length);
    } else {
        row = (uint8_t *)calloc(1, stride);
        if (row == NULL) png_error(png, "out of memory while decoding PNG");
    }
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < h; y++) {
            png_read_row(png, mode == RG_PNG_PIXELS ? out + (size_t)y * stride : row, NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    *width = w;
    *height = h;
    return 0;
}

void rg_png_versions(const char **libpng, const char **zlib) {
    *libpng = png_get_libpng_ver(NULL);
    // zlibVersion through the symbol table: zlib is linked by libpng, not by us.
    const char *(*version)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, "zlibVersion");
    *zlib = version ? version() : ZLIB_VERSION;
}
