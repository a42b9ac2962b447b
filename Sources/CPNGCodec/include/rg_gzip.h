#ifndef RG_GZIP_H
#define RG_GZIP_H

#include <stddef.h>
#include <stdint.h>

#include "rg_png.h"

/// Compresses `length` bytes into a gzip member (RFC 1952, mtime 0, zlib level 9) in `out`, through the zlib
/// that libpng loaded (looked up at run time, as rg_png_versions does: zlib is linked by libpng, not by us).
/// Returns 0 on success; on failure frees out, writes one line to message and returns -1.
int rg_gzip_compress(const uint8_t *data, size_t length, rg_buffer *out, char *message, size_t message_size);

/// Decompresses one gzip member into `out`, refusing more than `max_output` bytes (returns -2 then, before
/// writing past it) and anything that is not a complete gzip stream (returns -1). On failure frees out and
/// writes one line to message.
int rg_gzip_decompress(const uint8_t *data, size_t length, size_t max_output, rg_buffer *out,
                       char *message, size_t message_size);

/// Receives decompressed bytes in order; returns 0 to go on, anything else to stop.
typedef int (*rg_gzip_sink)(void *context, const uint8_t *data, size_t length);

/// Decompresses one gzip member as `rg_gzip_decompress` does, but hands the bytes to `sink` in chunks of at most
/// 1 MiB instead of keeping them: memory stays flat whatever the size. Returns 0 on success, -2 past `max_output`
/// bytes in total, -1 for data that is not one complete gzip stream (message says why), -3 when sink stopped.
int rg_gzip_decompress_stream(const uint8_t *data, size_t length, size_t max_output, void *context,
                              rg_gzip_sink sink, char *message, size_t message_size);

#endif
