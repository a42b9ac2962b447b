// Row bands (Pixmap+Bands.swift): while a frame is drawn in bands, `starts` has one byte per row
// plus a sentinel; a row whose byte is 1 starts a band and holds the band's pixels, the rows after it
// (byte 0) are the same pixels, not yet written. `starts[0]` and `starts[rows]` are always 1.
#ifndef RG_BANDS_H
#define RG_BANDS_H

#include <stddef.h>
#include <stdint.h>

/// Makes `row` start a band: copies its band's pixels into it (nothing when it already starts one).
void rg_band_split(uint8_t *pixels, size_t stride, uint8_t *starts, size_t row);

/// Makes every row in [first, end] start a band, each given its band's pixels: the rows in [first, end)
/// can then be written one by one, and the band after them keeps its pixels (`end` ≤ the row count).
void rg_band_split_rows(uint8_t *pixels, size_t stride, uint8_t *starts, size_t first, size_t end);

/// The first row after `row` that starts a band, or `end` when none does before it.
size_t rg_band_next(const uint8_t *starts, size_t row, size_t end);

/// Writes every row that does not start a band with its band's pixels (rows [0, rows)).
void rg_bands_expand(uint8_t *pixels, size_t stride, const uint8_t *starts, size_t rows);

#endif
