// Animated PNG (APNG 1.0) framing on top of the fast encoder's zlib stream: signature, IHDR (8-bit
// RGB), acTL, then per frame an fcTL and its pixels (IDAT for frame 0, which is also the default
// image every plain PNG reader shows; fdAT for the rest), IEND. Sequence numbers run over fcTL and
// fdAT from 0 without gaps. Every chunk carries its CRC-32. No libpng.
#include "rg_codec_internal.h"
#include "rg_png_fast.h"

#include <stdio.h>
#include <stdlib.h>

#define RG_APNG_MAX_CHUNK 0x7FFFFFFFu

static void rg_apng_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void rg_apng_message(char *message, size_t message_size, const char *text) {
    if (message && message_size > 0) snprintf(message, message_size, "%s", text);
}

/// Fails the animation: frees its buffer, says why, and refuses every later call.
static int rg_apng_fail(rg_apng *a, char *message, size_t message_size, const char *text) {
    rg_buffer_free(&a->out);
    a->failed = 1;
    rg_apng_message(message, message_size, text);
    return -1;
}

/// Appends one chunk: length, type, `prefix_length` bytes of prefix (the sequence number of an
/// fdAT), `length` bytes of data, CRC over type, prefix and data. 0 or -1 (out of memory).
static int rg_apng_chunk(rg_buffer *out, const char *type, const uint8_t *prefix, size_t prefix_length,
                         const uint8_t *data, size_t length) {
    int ok = 1;
    const size_t body = rg_add(prefix_length, length, &ok);
    if (!ok || body > RG_APNG_MAX_CHUNK || rg_out_reserve(out, rg_add(body, 12, &ok)) != 0 || !ok) return -1;
    uint8_t *at = out->data + out->length;
    rg_apng_be32(at, (uint32_t)body);
    memcpy(at + 4, type, 4);
    if (prefix_length) memcpy(at + 8, prefix, prefix_length);
    if (length) memcpy(at + 8 + prefix_length, data, length);
    rg_apng_be32(at + 8 + body, rg_crc32(0, at + 4, body + 4));
    out->length += body + 12;
    return 0;
}

int rg_apng_begin(rg_apng *a, uint32_t width, uint32_t height, uint32_t frame_count, uint32_t loops,
                  const rg_fast_options *options, char *message, size_t message_size) {
    if (a == NULL) return -1;
    memset(a, 0, sizeof *a);
    if (message && message_size > 0) message[0] = 0;
    if (width == 0 || height == 0) return rg_apng_fail(a, message, message_size, "animation frames have no pixels");
    if (width > RG_APNG_MAX_CHUNK || height > RG_APNG_MAX_CHUNK)
        return rg_apng_fail(a, message, message_size, "animation is too large for PNG: a side exceeds 2^31-1 pixels");
    if (frame_count == 0) return rg_apng_fail(a, message, message_size, "an animation needs at least one frame");
    /* Sequence numbers: one fcTL per frame and at least one fdAT per frame after the first. */
    if (frame_count > RG_APNG_MAX_CHUNK / 2) return rg_apng_fail(a, message, message_size, "animation has too many frames for APNG");
    if (loops > RG_APNG_MAX_CHUNK) return rg_apng_fail(a, message, message_size, "animation loop count exceeds 2^31-1");
    int ok = 1;
    (void)rg_mul(rg_mul(width, 4, &ok), height, &ok);
    if (!ok) return rg_apng_fail(a, message, message_size, "animation frames are too large: their size overflows");
    a->width = width;
    a->height = height;
    a->frame_count = frame_count;
    a->scalar = options ? options->force_scalar : 0;
    a->max_data = options && options->max_idat_bytes ? options->max_idat_bytes : RG_APNG_MAX_CHUNK;
    if (a->max_data > RG_APNG_MAX_CHUNK - 4) a->max_data = RG_APNG_MAX_CHUNK - 4; /* room for fdAT's sequence */
    if (a->max_data < 1) a->max_data = 1;

    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (rg_out_reserve(&a->out, 65536) != 0) return rg_apng_fail(a, message, message_size, "out of memory while encoding APNG");
    memcpy(a->out.data, signature, 8);
    a->out.length = 8;
    uint8_t ihdr[13];
    rg_apng_be32(ihdr, width);
    rg_apng_be32(ihdr + 4, height);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering */
    ihdr[12] = 0; /* not interlaced */
    uint8_t actl[8];
    rg_apng_be32(actl, frame_count);
    rg_apng_be32(actl + 4, loops);
    if (rg_apng_chunk(&a->out, "IHDR", NULL, 0, ihdr, 13) != 0 || rg_apng_chunk(&a->out, "acTL", NULL, 0, actl, 8) != 0)
        return rg_apng_fail(a, message, message_size, "out of memory while encoding APNG");
    return 0;
}

int rg_apng_add_frame(rg_apng *a, const uint8_t *rgba, uint16_t delay_num, uint16_t delay_den,
                      char *message, size_t message_size) {
    if (a == NULL) return -1;
    if (message && message_size > 0) message[0] = 0;
    if (a->failed) { rg_apng_message(message, message_size, "the animation already failed"); return -1; }
    if (rgba == NULL) return rg_apng_fail(a, message, message_size, "animation frame has no pixels");
    if (a->written >= a->frame_count) return rg_apng_fail(a, message, message_size, "more frames than the animation declared");
    const char *oom = "out of memory while encoding APNG";

    uint8_t fctl[26];
    rg_apng_be32(fctl, a->sequence++);
    rg_apng_be32(fctl + 4, a->width);
    rg_apng_be32(fctl + 8, a->height);
    rg_apng_be32(fctl + 12, 0); /* x offset */
    rg_apng_be32(fctl + 16, 0); /* y offset */
    fctl[20] = (uint8_t)(delay_num >> 8);
    fctl[21] = (uint8_t)delay_num;
    fctl[22] = (uint8_t)(delay_den >> 8);
    fctl[23] = (uint8_t)delay_den;
    fctl[24] = 0; /* dispose: none (every frame covers the whole canvas) */
    fctl[25] = 0; /* blend: source (replace, no alpha blending) */
    if (rg_apng_chunk(&a->out, "fcTL", NULL, 0, fctl, 26) != 0) return rg_apng_fail(a, message, message_size, oom);

    rg_buffer z = {0};
    if (rg_zlib_rgba_rows(rgba, a->width, a->height, NULL, a->scalar, &z) != 0) {
        rg_buffer_free(&z);
        return rg_apng_fail(a, message, message_size, oom);
    }
    const int first = a->written == 0;
    size_t offset = 0;
    int status = 0;
    do {
        const size_t size = z.length - offset < a->max_data ? z.length - offset : a->max_data;
        if (first) {
            status = rg_apng_chunk(&a->out, "IDAT", NULL, 0, z.data + offset, size);
        } else {
            uint8_t sequence[4];
            rg_apng_be32(sequence, a->sequence++);
            status = rg_apng_chunk(&a->out, "fdAT", sequence, 4, z.data + offset, size);
        }
        offset += size;
    } while (status == 0 && offset < z.length);
    rg_buffer_free(&z);
    if (status != 0) return rg_apng_fail(a, message, message_size, oom);
    if (a->sequence > RG_APNG_MAX_CHUNK) return rg_apng_fail(a, message, message_size, "animation has too many chunks for APNG");
    a->written++;
    return 0;
}

int rg_apng_finish(rg_apng *a, rg_buffer *out, char *message, size_t message_size) {
    if (a == NULL || out == NULL) return -1;
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    if (message && message_size > 0) message[0] = 0;
    if (a->failed) { rg_apng_message(message, message_size, "the animation already failed"); return -1; }
    if (a->written != a->frame_count) return rg_apng_fail(a, message, message_size, "fewer frames than the animation declared");
    if (rg_apng_chunk(&a->out, "IEND", NULL, 0, NULL, 0) != 0)
        return rg_apng_fail(a, message, message_size, "out of memory while encoding APNG");
    *out = a->out;
    a->out.data = NULL;
    a->out.length = 0;
    a->out.capacity = 0;
    a->failed = 1; /* finished: nothing more may be added */
    return 0;
}

void rg_apng_discard(rg_apng *a) {
    if (a == NULL) return;
    rg_buffer_free(&a->out);
    a->failed = 1;
}
