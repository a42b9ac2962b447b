// The whole libpng call sequence lives here because libpng reports errors with longjmp,
// which Swift cannot catch. Every entry point sets its own setjmp and returns an error code.
#include "rg_png.h"

#include <png.h>
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

void rg_free(void *pointer) { free(pointer); }

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

int rg_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                  uint8_t **pixels, uint32_t *width, uint32_t *height,
                  char *message, size_t message_size) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    if (length < 8 || png_sig_cmp((png_const_bytep)bytes, 0, 8) != 0) {
        snprintf(message, message_size, "not a PNG file (bad signature)");
        return -1;
    }
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
    uint8_t *volatile image = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(image);
        free(rows);
        return -1;
    }
    rg_reader reader = {bytes, length, 0};
    png_set_read_fn(png, &reader, rg_read_fn);
    png_set_user_limits(png, 1000000, 1000000);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(message, message_size, "image is %ux%u pixels, more than the limit of %llu pixels",
                 (unsigned)w, (unsigned)h, (unsigned long long)max_pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unsupported PNG layout");
    image = (uint8_t *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (image == NULL || rows == NULL) png_error(png, "out of memory while decoding PNG");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = image + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *pixels = image;
    *width = w;
    *height = h;
    return 0;
}
