// PNG framing of the fast encoder: signature, IHDR (8-bit RGB), the zlib stream in one or more
// IDAT chunks, IEND; every chunk with its CRC-32. No libpng.
#include "rg_codec_internal.h"
#include "rg_png_fast.h"

#include <stdio.h>

#define RG_PNG_MAX_CHUNK 0x7FFFFFFFu

static void rg_be32_put(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/// Writes the length and type of a chunk whose data already follows at, then appends its CRC.
static void rg_chunk_finish(uint8_t *at, const char *type, uint32_t length) {
    rg_be32_put(at, length);
    memcpy(at + 4, type, 4);
    rg_be32_put(at + 8 + length, rg_crc32(0, at + 4, (size_t)length + 4));
}

static int rg_fail(rg_buffer *out, char *message, size_t message_size, const char *text) {
    rg_buffer_free(out);
    if (message && message_size > 0) snprintf(message, message_size, "%s", text);
    return -1;
}

int rg_png_encode_rgb_fast(const uint8_t *rgba, uint32_t width, uint32_t height,
                           const rg_fast_options *options, rg_buffer *out,
                           char *message, size_t message_size) {
    if (out == NULL) return -1;
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    if (message && message_size > 0) message[0] = 0;
    if (rgba == NULL || width == 0 || height == 0) return rg_fail(out, message, message_size, "image has no pixels");
    if (width > RG_PNG_MAX_CHUNK || height > RG_PNG_MAX_CHUNK)
        return rg_fail(out, message, message_size, "image is too large for PNG: a side exceeds 2^31-1 pixels");
    int ok = 1;
    const size_t pixels_bytes = rg_mul(rg_mul(width, 4, &ok), height, &ok);
    if (!ok) return rg_fail(out, message, message_size, "image is too large: its size overflows");
    const int scalar = options ? options->force_scalar : 0;
    uint32_t max_idat = options && options->max_idat_bytes ? options->max_idat_bytes : RG_PNG_MAX_CHUNK;
    if (max_idat > RG_PNG_MAX_CHUNK) max_idat = RG_PNG_MAX_CHUNK;
    const char *oom = "out of memory while encoding PNG";

    /* A first guess of the size; the buffer grows as needed. */
    if (rg_out_reserve(out, 65536 + pixels_bytes / 32) != 0) return rg_fail(out, message, message_size, oom);
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(out->data, signature, 8);
    uint8_t *ihdr = out->data + 8;
    rg_be32_put(ihdr + 8, width);
    rg_be32_put(ihdr + 12, height);
    ihdr[16] = 8; /* bit depth */
    ihdr[17] = 2; /* RGB */
    ihdr[18] = 0; /* deflate */
    ihdr[19] = 0; /* adaptive filtering (each row says its filter) */
    ihdr[20] = 0; /* not interlaced */
    rg_chunk_finish(ihdr, "IHDR", 13);
    out->length = 8 + 25;

    const size_t idat = out->length;
    out->length += 8;
    if (rg_zlib_rgba_rows(rgba, width, height, options ? options->row_starts : NULL, scalar, out) != 0) return rg_fail(out, message, message_size, oom);
    const size_t stream = out->length - idat - 8;
    const size_t chunks = stream == 0 ? 1 : (stream - 1) / max_idat + 1;
    /* Room for every extra chunk's 12 bytes, the CRC, and IEND. */
    if (rg_out_reserve(out, rg_add(rg_mul(chunks - 1, 12, &ok), 4 + 12, &ok)) != 0 || !ok)
        return rg_fail(out, message, message_size, oom);
    /* Spread the stream over its chunks from the back (each piece moves right), then frame them. */
    for (size_t k = chunks; k-- > 1;) {
        const size_t size = k + 1 == chunks ? stream - k * (size_t)max_idat : max_idat;
        memmove(out->data + idat + k * ((size_t)max_idat + 12) + 8, out->data + idat + 8 + k * (size_t)max_idat, size);
    }
    for (size_t k = 0; k < chunks; k++) {
        const size_t size = k + 1 == chunks ? stream - k * (size_t)max_idat : max_idat;
        rg_chunk_finish(out->data + idat + k * ((size_t)max_idat + 12), "IDAT", (uint32_t)size);
    }
    out->length = idat + stream + 12 * chunks;
    rg_chunk_finish(out->data + out->length, "IEND", 0);
    out->length += 12;
    return 0;
}
