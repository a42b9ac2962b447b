// gzip for the golden traces: zlib's deflate and inflate, found at run time in the zlib libpng loaded
// (the package links libpng only; see rg_png_versions). A trace is about 7 % of its size gzipped.
#include "rg_gzip.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef int (*rg_deflate_init2_fn)(z_streamp, int, int, int, int, int, const char *, int);
typedef int (*rg_inflate_init2_fn)(z_streamp, int, const char *, int);
typedef int (*rg_stream_fn)(z_streamp, int);
typedef int (*rg_end_fn)(z_streamp);

static int rg_buffer_reserve(rg_buffer *out, size_t capacity) {
    if (capacity <= out->capacity) return 0;
    uint8_t *grown = realloc(out->data, capacity);
    if (!grown) return -1;
    out->data = grown;
    out->capacity = capacity;
    return 0;
}

static int rg_gzip_fail(rg_buffer *out, char *message, size_t message_size, const char *text, int code) {
    rg_buffer_free(out);
    snprintf(message, message_size, "%s", text);
    return code;
}

int rg_gzip_compress(const uint8_t *data, size_t length, rg_buffer *out, char *message, size_t message_size) {
    memset(out, 0, sizeof *out);
    rg_deflate_init2_fn init = (rg_deflate_init2_fn)dlsym(RTLD_DEFAULT, "deflateInit2_");
    rg_stream_fn run = (rg_stream_fn)dlsym(RTLD_DEFAULT, "deflate");
    rg_end_fn end = (rg_end_fn)dlsym(RTLD_DEFAULT, "deflateEnd");
    if (!init || !run || !end) return rg_gzip_fail(out, message, message_size, "zlib's deflate is not loaded", -1);
    z_stream z;
    memset(&z, 0, sizeof z);
    // windowBits 15 + 16: a gzip wrapper with a zero mtime and no name.
    if (init(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof z) != Z_OK) {
        return rg_gzip_fail(out, message, message_size, "zlib's deflate could not start", -1);
    }
    int status = Z_OK;
    size_t fed = 0;
    while (status != Z_STREAM_END) {
        if (out->length == out->capacity && rg_buffer_reserve(out, out->capacity ? out->capacity * 2 : 65536) != 0) {
            end(&z);
            return rg_gzip_fail(out, message, message_size, "out of memory compressing the trace", -1);
        }
        size_t chunk = length - fed < (1u << 30) ? length - fed : (1u << 30);
        z.next_in = (Bytef *)(data + fed);
        z.avail_in = (uInt)chunk;
        size_t room = out->capacity - out->length;
        z.next_out = out->data + out->length;
        z.avail_out = (uInt)(room < (1u << 30) ? room : (1u << 30));
        uInt before_out = z.avail_out;
        status = run(&z, fed + chunk == length ? Z_FINISH : Z_NO_FLUSH);
        fed += chunk - z.avail_in;
        out->length += before_out - z.avail_out;
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            end(&z);
            return rg_gzip_fail(out, message, message_size, "zlib's deflate failed", -1);
        }
    }
    end(&z);
    return 0;
}

/* RFC 1952: a gzip file is a series of members (`cat a.gz b.gz > c.gz` is one file, as gunzip and zcat read it).
   At the end of a member followed by another member's magic number, resets the stream for it and returns 1;
   else 0 (the caller then refuses any bytes left as data after the end of the gzip stream). */
static int rg_gzip_next_member(z_stream *z) {
    typedef int (*rg_reset_fn)(z_streamp);
    rg_reset_fn reset = (rg_reset_fn)dlsym(RTLD_DEFAULT, "inflateReset");
    if (!reset || z->avail_in < 2 || z->next_in[0] != 0x1f || z->next_in[1] != 0x8b) return 0;
    return reset(z) == Z_OK;
}

int rg_gzip_decompress(const uint8_t *data, size_t length, size_t max_output, rg_buffer *out,
                       char *message, size_t message_size) {
    memset(out, 0, sizeof *out);
    rg_inflate_init2_fn init = (rg_inflate_init2_fn)dlsym(RTLD_DEFAULT, "inflateInit2_");
    rg_stream_fn run = (rg_stream_fn)dlsym(RTLD_DEFAULT, "inflate");
    rg_end_fn end = (rg_end_fn)dlsym(RTLD_DEFAULT, "inflateEnd");
    if (!init || !run || !end) return rg_gzip_fail(out, message, message_size, "zlib's inflate is not loaded", -1);
    if (length > (1u << 30)) return rg_gzip_fail(out, message, message_size, "compressed data over 1 GiB", -2);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (init(&z, 15 + 16, ZLIB_VERSION, (int)sizeof z) != Z_OK) {
        return rg_gzip_fail(out, message, message_size, "zlib's inflate could not start", -1);
    }
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)length;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (out->length == out->capacity) {
            if (out->length >= max_output + 1) {
                end(&z);
                return rg_gzip_fail(out, message, message_size, "decompresses to more than the limit", -2);
            }
            size_t want = out->capacity ? out->capacity * 2 : 65536;
            if (want > max_output + 1) want = max_output + 1;
            if (rg_buffer_reserve(out, want) != 0) {
                end(&z);
                return rg_gzip_fail(out, message, message_size, "out of memory decompressing", -1);
            }
        }
        size_t room = out->capacity - out->length;
        z.next_out = out->data + out->length;
        z.avail_out = (uInt)(room < (1u << 30) ? room : (1u << 30));
        uInt before_out = z.avail_out;
        status = run(&z, Z_NO_FLUSH);
        out->length += before_out - z.avail_out;
        if (out->length > max_output) {
            end(&z);
            return rg_gzip_fail(out, message, message_size, "decompresses to more than the limit", -2);
        }
        if (status == Z_BUF_ERROR && z.avail_in == 0 && z.avail_out > 0) {
            end(&z);
            return rg_gzip_fail(out, message, message_size, "truncated gzip data", -1);
        }
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            end(&z);
            return rg_gzip_fail(out, message, message_size, z.msg ? z.msg : "not gzip data", -1);
        }
        if (status == Z_STREAM_END && rg_gzip_next_member(&z)) status = Z_OK;
    }
    int trailing = z.avail_in != 0;
    end(&z);
    if (trailing) return rg_gzip_fail(out, message, message_size, "data after the end of the gzip stream", -1);
    return 0;
}

int rg_gzip_decompress_stream(const uint8_t *data, size_t length, size_t max_output, void *context,
                              rg_gzip_sink sink, char *message, size_t message_size) {
    rg_inflate_init2_fn init = (rg_inflate_init2_fn)dlsym(RTLD_DEFAULT, "inflateInit2_");
    rg_stream_fn run = (rg_stream_fn)dlsym(RTLD_DEFAULT, "inflate");
    rg_end_fn end = (rg_end_fn)dlsym(RTLD_DEFAULT, "inflateEnd");
    if (!init || !run || !end) { snprintf(message, message_size, "zlib's inflate is not loaded"); return -1; }
    if (length > (1u << 30)) { snprintf(message, message_size, "compressed data over 1 GiB"); return -2; }
    enum { chunk = 1 << 20 };
    uint8_t *buffer = malloc(chunk);
    if (!buffer) { snprintf(message, message_size, "out of memory decompressing"); return -1; }
    z_stream z;
    memset(&z, 0, sizeof z);
    if (init(&z, 15 + 16, ZLIB_VERSION, (int)sizeof z) != Z_OK) {
        free(buffer);
        snprintf(message, message_size, "zlib's inflate could not start");
        return -1;
    }
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)length;
    size_t total = 0;
    int status = Z_OK, result = 0;
    while (status != Z_STREAM_END) {
        z.next_out = buffer;
        z.avail_out = chunk;
        status = run(&z, Z_NO_FLUSH);
        size_t produced = chunk - z.avail_out;
        total += produced;
        if (total > max_output) { snprintf(message, message_size, "decompresses to more than the limit"); result = -2; break; }
        if (status == Z_BUF_ERROR && z.avail_in == 0 && produced == 0) {
            snprintf(message, message_size, "truncated gzip data");
            result = -1;
            break;
        }
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            snprintf(message, message_size, "%s", z.msg ? z.msg : "not gzip data");
            result = -1;
            break;
        }
        if (produced > 0 && sink(context, buffer, produced) != 0) { result = -3; break; }
        if (status == Z_STREAM_END && rg_gzip_next_member(&z)) status = Z_OK;
    }
    if (result == 0 && z.avail_in != 0) { snprintf(message, message_size, "data after the end of the gzip stream"); result = -1; }
    end(&z);
    free(buffer);
    return result;
}
