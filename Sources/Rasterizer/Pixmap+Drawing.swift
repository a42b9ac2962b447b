import CPixels
public import GridModel

extension Pixmap {
    /// Sets every pixel to `color`.
    public mutating func clear(_ color: RGBA) {
        // Drawing in bands: one row, and the whole pixmap is its band.
        let count = drawingInBands ? width : area
        withUnsafeMutablePixels(opacity: color.a == 255 ? .opaque : .unknown) { buffer in
            let words = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self)
            UnsafeMutableBufferPointer(rebasing: words[0..<count]).update(repeating: Pixmap.packed(color).littleEndian)
        }
        mergeBands()
    }

    /// `color` as a 32-bit value, R in the low byte: its `littleEndian` bytes are R, G, B, A.
    @inline(__always)
    static func packed(_ color: RGBA) -> UInt32 {
        UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
    }

    /// Copies `image` with its top-left corner at (x, y), replacing the pixels it covers; the
    /// part outside this pixmap is dropped (any `Int` position is allowed).
    ///
    /// ```swift
    /// var sheet = try Pixmap(width: 100, height: 50)
    /// sheet.copy(thumbnail, x: 10, y: 10)
    /// ```
    public mutating func copy(_ image: Pixmap, x: Int, y: Int) {
        guard let area = bounds.intersection(IntRect(x: x, y: y, width: image.width, height: image.height)) else {
            return
        }
        // Inside this pixmap: every coordinate below is small and non-negative.
        let sx = area.x - x
        let sy = area.y - y
        let count = area.width * 4
        let width = self.width
        // Opaque after the copy when the pixels outside the copied area were (or there are none)
        // and the copied ones are; the source's are read only when that is not known already.
        let restOpaque = knownOpaque || area == bounds
        let opaque =
            restOpaque
            && (image.knownOpaque
                || image.pixels.withUnsafeBytes { src in
                    (0..<area.height).allSatisfy { row in
                        let from = ((sy + row) * image.width + sx) * 4
                        return Pixmap.alphaIs255(
                            UnsafeRawBufferPointer(rebasing: src[from..<(from + count)]), count: area.width)
                    }
                })
        splitBands(rows: area.y..<area.maxY)
        withUnsafeMutablePixels(opacity: opaque ? .opaque : .unknown) { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for row in 0..<area.height {
                    let from = ((sy + row) * image.width + sx) * 4
                    let to = ((area.y + row) * width + area.x) * 4
                    (dst.baseAddress! + to).update(from: src.baseAddress! + from, count: count)
                }
            }
        }
    }

    /// Source-over of `color` scaled by `alpha` (0...255) onto the pixel at `p`.
    @inline(__always)
    static func blend(_ p: UnsafeMutablePointer<UInt8>, _ color: RGBA, _ alpha: UInt32) {
        guard alpha > 0 else { return }
        let da = UInt32(p[3])
        if da == 255 || alpha == 255 {
            let inv = 255 - alpha
            p[0] = UInt8((UInt32(color.r) * alpha + UInt32(p[0]) * inv + 127) / 255)
            p[1] = UInt8((UInt32(color.g) * alpha + UInt32(p[1]) * inv + 127) / 255)
            p[2] = UInt8((UInt32(color.b) * alpha + UInt32(p[2]) * inv + 127) / 255)
            p[3] = alpha == 255 ? 255 : UInt8(da)
            return
        }
        // General straight-alpha source-over onto a translucent destination.
        let outA = alpha * 255 + da * (255 - alpha)  // scaled by 255
        guard outA > 0 else { return }
        func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8((UInt32(s) * alpha * 255 + UInt32(d) * da * (255 - alpha) + outA / 2) / outA)
        }
        p[0] = channel(color.r, p[0])
        p[1] = channel(color.g, p[1])
        p[2] = channel(color.b, p[2])
        p[3] = UInt8((outA + 127) / 255)
    }

    /// Source-over of `color` scaled by `alpha` (0...255) onto the `count` pixels at `p`: the
    /// same bytes as `blend` on each, faster. Alpha 255 stores the colour; onto opaque pixels, four
    /// at a time with SSE2 (`rg_blend_span` in the CPixels target: C, so debug builds stay fast;
    /// `scalar` forces its portable path, for tests).
    @inline(__always)
    static func blendSpan(
        _ p: UnsafeMutablePointer<UInt8>, count: Int, _ color: RGBA, _ alpha: UInt32, scalar: Bool = false
    ) {
        guard alpha > 0, count > 0 else { return }
        rg_blend_span(p, count, packed(color).littleEndian, color.r, color.g, color.b, min(alpha, 255), scalar ? 1 : 0)
    }

    /// Fills [x, x+w) × [y, y+h) (pixels, fractional allowed), inside `clip` when given. A pixel's
    /// coverage is the area of its overlap with the rectangle, so a half-pixel edge is drawn at
    /// half alpha. NaN, infinite and reversed rectangles draw nothing.
    ///
    /// ```swift
    /// pixmap.fill(PixelRect(x: 0.5, y: 0, width: 2, height: 1), RGBA(0, 0, 0))   // 50%, 100%, 50%
    /// ```
    /// - Complexity: O(covered pixels), with no allocation: coverage is computed for the first and
    ///   last column and per row; the columns between them are fully covered and blended as one span.
    public mutating func fill(_ rect: PixelRect, _ color: RGBA, clip: IntRect? = nil) {
        // nil: the clip is off the pixmap
        guard let area = clip.map({ bounds.intersection($0) }) ?? bounds else { return }
        let x0 = rect.x
        let x1 = rect.x + rect.width
        let y0 = rect.y
        let y1 = rect.y + rect.height
        guard color.a > 0, x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        // Clamp before converting, so no coordinate can trap in Int(_:).
        func pixelIndex(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit) + 1)) }
        let cx0 = max(area.x, pixelIndex(x0.rounded(.down), width))
        let cx1 = min(area.maxX, pixelIndex(x1.rounded(.up), width))
        let cy0 = max(area.y, pixelIndex(y0.rounded(.down), height))
        let cy1 = min(area.maxY, pixelIndex(y1.rounded(.up), height))
        guard cx0 < cx1, cy0 < cy1 else { return }
        // A column's (row's) coverage is its overlap with [x0, x1) ([y0, y1)). Every column strictly
        // between cx0 and cx1 - 1 lies inside [x0, x1) (cx0 ≥ ⌊x0⌋ and cx1 ≤ ⌈x1⌉, or x0, x1 are
        // beyond the pixmap), so its coverage is (x + 1) - x = 1 exactly, and the alpha the pixel
        // gets, round(a · 1 · cy), is the same for the whole span: only the two edge columns need
        // their own.
        func coverage(_ i: Int, _ v0: Double, _ v1: Double) -> Double { min(v1, Double(i + 1)) - max(v0, Double(i)) }
        let a = Double(color.a)
        let first = coverage(cx0, x0, x1)
        let last = coverage(cx1 - 1, x0, x1)
        let firstAlpha = UInt32((a * first).rounded())
        let lastAlpha = UInt32((a * last).rounded())
        let inner = max(0, cx1 - cx0 - 2)  // columns between the first and the last
        let width = self.width
        // Source-over keeps an opaque pixel opaque; an opaque colour covering every pixel fully
        // makes the pixmap opaque.
        let coversAll =
            color.a == 255 && x0 <= 0 && y0 <= 0 && x1 >= Double(width) && y1 >= Double(height)
            && area == bounds
        // Drawing in bands: the rows between the first two and the last two are all covered fully,
        // so every band there gets the same blend; one row of each is written.
        splitBands(at: cy0, cy0 + 1, cy1 - 1, cy1)
        let starts = bandStarts
        withUnsafeMutablePixels(opacity: coversAll ? .opaque : .kept) { buffer in
            let base = buffer.baseAddress!
            var y = cy0
            while y < cy1 {
                defer { y = Pixmap.nextRow(after: y, before: cy1, starts: starts) }
                let cy = coverage(y, y0, y1)
                let row = base + (y * width + cx0) * 4
                if cy >= 1 {
                    Pixmap.blend(row, color, firstAlpha)
                    Pixmap.blendSpan(row + 4, count: inner, color, UInt32(color.a))
                } else {
                    Pixmap.blend(row, color, UInt32((a * first * cy).rounded()))
                    Pixmap.blendSpan(row + 4, count: inner, color, UInt32((a * cy).rounded()))
                }
                guard cx1 - cx0 > 1 else { continue }
                let lastPixel = row + (cx1 - cx0 - 1) * 4
                Pixmap.blend(lastPixel, color, cy >= 1 ? lastAlpha : UInt32((a * last * cy).rounded()))
            }
        }
    }

    /// A border `width` pixels wide drawn inside `r` (at most half its width and half its height), as
    /// four rectangles that do not overlap, so a translucent colour is blended once everywhere: the
    /// top and bottom bands across the whole width, then the left and right bands between them. With
    /// `clip`, each band is first cut to it exactly (fractional edges keep their exact coverage).
    /// Tile borders (`FrameRenderer`) and view borders (HeadlessUIKit) are both drawn by it.
    package mutating func fillBorder(_ r: PixelRect, width: Double, _ color: RGBA, clip: PixelRect? = nil) {
        let b = min(width, r.width / 2, r.height / 2)
        guard b > 0 && color.a > 0 else { return }
        func band(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
            let rect = PixelRect(x: x, y: y, width: w, height: h)
            if let clip {
                if let cut = rect.intersection(clip) { fill(cut, color) }
            } else {
                fill(rect, color)
            }
        }
        band(r.x, r.y, r.width, b)
        band(r.x, r.y + r.height - b, r.width, b)
        band(r.x, r.y + b, b, r.height - 2 * b)
        band(r.x + r.width - b, r.y + b, b, r.height - 2 * b)
    }

    /// Blends an 8-bit coverage mask (rows of `maskWidth` bytes) with its top-left corner at
    /// (x, y), clipped to `clip` and the pixmap. A mask shorter than its size is ignored.
    mutating func blendMask(
        _ mask: UnsafeBufferPointer<UInt8>, maskWidth: Int, maskHeight: Int,
        at x: Int, _ y: Int, color: RGBA, clip: IntRect
    ) {
        guard maskWidth > 0, maskHeight > 0, maskWidth <= mask.count, maskHeight <= mask.count / maskWidth else {
            return
        }
        // The mask's rectangle clipped to the pixmap and `clip`: all in-range, small coordinates.
        guard
            let area = bounds.intersection(clip)?.intersection(
                IntRect(x: x, y: y, width: maskWidth, height: maskHeight))
        else { return }
        let sx0 = area.x - x
        let sx1 = area.maxX - x
        let sy0 = area.y - y
        let sy1 = area.maxY - y
        let width = self.width
        let a = UInt32(color.a)
        splitBands(rows: area.y..<area.maxY)
        withUnsafeMutablePixels(opacity: .kept) { buffer in
            let base = buffer.baseAddress!
            for my in sy0..<sy1 {
                let row = (area.y + my - sy0) * width + area.x  // the pixel under mask column sx0
                // C (CPixels), so debug builds stay fast: the same blend as `Pixmap.blend`.
                rg_blend_mask_row(
                    base + row * 4, mask.baseAddress! + my * maskWidth + sx0, sx1 - sx0, color.r, color.g, color.b, a)
            }
        }
    }
}

extension PixelRect {
    /// The part of both rectangles, exactly (fractional edges kept); nil when they share no area or
    /// an edge is NaN.
    package func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = Swift.max(x, other.x)
        let x1 = Swift.min(x + width, other.x + other.width)
        let y0 = Swift.max(y, other.y)
        let y1 = Swift.min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return nil }  // false for NaN too
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
