#include "rg_bands.h"
#include <string.h>

void rg_band_split(uint8_t *pixels, size_t stride, uint8_t *starts, size_t row) {
    if (starts[row]) return;
    size_t from = row;
    while (!starts[--from]) {}
    memcpy(pixels + row * stride, pixels + from * stride, stride);
    starts[row] = 1;
}

void rg_band_split_rows(uint8_t *pixels, size_t stride, uint8_t *starts, size_t first, size_t end) {
    if (first >= end) return;
    size_t from = first;
    while (!starts[from]) from--;
    for (size_t row = first; row <= end; row++) { /* end too: the rows after stay as they were */
        if (starts[row]) {
            from = row;
            continue;
        }
        memcpy(pixels + row * stride, pixels + from * stride, stride);
        starts[row] = 1;
    }
}

size_t rg_band_next(const uint8_t *starts, size_t row, size_t end) {
    if (row + 1 >= end) return end;
    const void *next = memchr(starts + row + 1, 1, end - row - 1);
    return next ? (size_t)((const uint8_t *)next - starts) : end;
}

void rg_bands_expand(uint8_t *pixels, size_t stride, const uint8_t *starts, size_t rows) {
    size_t from = 0;
    for (size_t row = 1; row < rows; row++) {
        if (starts[row]) from = row;
        else memcpy(pixels + row * stride, pixels + from * stride, stride);
    }
}
