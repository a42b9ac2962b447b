import CPixels

/// Which rows of a pixmap are known to repeat the row above, and, while a frame is drawn, which rows
/// still have to be written.
///
/// A frame of a grid is a few dozen distinct rows: between two horizontal tile edges every row is
/// the same except where a label's glyphs are. A renderer that calls `beginBands()` before it draws
/// and `endBands()` after gets that for free: `clear` writes one row and makes the whole pixmap one
/// band; a `fill` splits bands only at its top and bottom edges (the rows it covers fully are all
/// blended alike) and writes one row per band; glyphs, copies and other row-by-row writes split every
/// row they touch. `endBands()` copies each band's row down the band (rows only, no pixel work) and
/// keeps the bands, so `PNGCodec` is told which rows repeat and compares none of them. Every pixel is
/// the same as drawing row by row: a row is written by the same calls, in the same order, with the
/// same coverage.
struct RowBands: Sendable {
    /// One byte per row and a sentinel: 1 where a row starts a band (holds the band's pixels), 0 where
    /// it repeats the row above. `starts[0]` and `starts[height]` are always 1.
    var starts: [UInt8]
    /// True once `endBands()` has written every row; false while drawing, when rows that do not
    /// start a band are not written yet.
    var expanded: Bool

    /// Every row its own band: nothing known yet.
    init(height: Int) {
        starts = [UInt8](repeating: 1, count: height + 1)
        expanded = false
    }
}

extension Pixmap {
    /// Starts drawing in row bands (see `RowBands`). Until `endBands()`, only this pixmap's drawing
    /// calls may touch it: its pixels are not all written yet.
    package mutating func beginBands() {
        rowBands = RowBands(height: height)
    }

    /// Writes every row of the bands drawn since `beginBands()` and keeps which rows repeat the row
    /// above, for the encoder, until the next write.
    package mutating func endBands() {
        let height = self.height
        let stride = width * 4
        guard withBands({ pixels, starts in rg_bands_expand(pixels, stride, starts, height) }) else { return }
        rowBands?.expanded = true
    }

    /// Whether rows are being drawn in bands (between `beginBands()` and `endBands()`).
    var drawingInBands: Bool { rowBands.map { !$0.expanded } ?? false }

    /// While drawing in bands: makes each row in `rows` (clipped to the pixmap) and the row after them
    /// start a band, so a write that differs from row to row can follow. Otherwise nothing.
    mutating func splitBands(rows: Range<Int>) {
        let first = max(rows.lowerBound, 0)
        let end = min(rows.upperBound, height)
        let stride = width * 4
        guard first < end else { return }
        withBands { pixels, starts in rg_band_split_rows(pixels, stride, starts, first, end) }
    }

    /// While drawing in bands: makes each of the rows `a`, `b`, `c` and `d` that is inside the
    /// pixmap start a band (a fill's edges: its first two rows and its last two).
    mutating func splitBands(at a: Int, _ b: Int, _ c: Int, _ d: Int) {
        let height = self.height
        let stride = width * 4
        withBands { pixels, starts in
            for row in [a, b, c, d] where row > 0 && row < height { rg_band_split(pixels, stride, starts, row) }
        }
    }

    /// While drawing in bands, lends the pixels and `RowBands.starts` to `body` (which copies rows to rows, so
    /// opacity stays as it was) and returns true; otherwise returns false.
    @discardableResult
    private mutating func withBands(
        _ body: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> Void
    ) -> Bool {
        guard var bands = rowBands, !bands.expanded else { return false }
        rowBands = nil  // the starts uniquely referenced while lent
        withUnsafeMutablePixels(opacity: .kept) { p in
            bands.starts.withUnsafeMutableBufferPointer { s in body(p.baseAddress!, s.baseAddress!) }
        }
        rowBands = bands
        return true
    }

    /// While drawing in bands: makes the whole pixmap one band whose row is row 0 (after `clear`).
    mutating func mergeBands() {
        guard var bands = rowBands, !bands.expanded else { return }
        rowBands = nil
        bands.starts.withUnsafeMutableBufferPointer { s in
            s.update(repeating: 0)
            s[0] = 1
            s[s.count - 1] = 1
        }
        rowBands = bands
    }

    /// While drawing in bands, which rows start a band (`RowBands.starts`), for `nextRow`; nil
    /// otherwise (every row is visited). Split first, so that every row that differs starts one.
    var bandStarts: [UInt8]? { drawingInBands ? rowBands?.starts : nil }

    /// The rows known to repeat the row above, as the encoder takes them: 0 for such a row, 1 for a
    /// row that has to be compared; nil when nothing is known (no frame was just drawn in bands).
    var knownRowStarts: [UInt8]? { rowBands.flatMap { $0.expanded ? $0.starts : nil } }
}

extension Pixmap {
    /// The next row after `row` (and before `end`) that a row-by-row write visits: with `starts`
    /// (`bandStarts`), the next band's first row; without, the next row.
    @inline(__always)
    static func nextRow(after row: Int, before end: Int, starts: [UInt8]?) -> Int {
        guard let starts else { return row + 1 }
        return starts.withUnsafeBufferPointer { rg_band_next($0.baseAddress!, row, end) }
    }
}
