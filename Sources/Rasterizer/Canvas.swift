public import GridModel

/// An integer pixel rectangle, [x0, x1) × [y0, y1).
public struct ClipRect: Sendable, Equatable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    public func intersection(_ o: ClipRect) -> ClipRect {
        ClipRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// An RGBA8 (straight alpha) pixel buffer with source-over drawing of rectangles at fractional
/// positions (exact area coverage) and of 8-bit coverage masks (glyphs).
///
/// Every value a caller can build is valid: the size is checked (positive, at most `maxPixels`)
/// when the canvas is made, `pixels` can only be read from outside, and every drawing call clips
/// to the canvas with overflow-safe arithmetic, so no coordinate can trap or write out of bounds.
public struct Canvas: Sendable {
    /// The largest canvas, in pixels (4 GB of RGBA8): the ceiling of every size flag.
    public static let maxPixels = 1_000_000_000

    public let width: Int
    public let height: Int
    /// Rows of `width * 4` bytes, top to bottom.
    public private(set) var pixels: [UInt8]

    /// A canvas of `width` × `height` pixels filled with `fill`.
    /// - Throws: `RasterError` (`.size`) when a side is not positive or the area exceeds `maxPixels`.
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 0)) throws(RasterError) {
        let count = try Canvas.byteCount(width: width, height: height)
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: count)
        clear(fill)
    }

    /// A canvas holding `pixels` (rows of `width * 4` RGBA8 bytes).
    /// - Throws: `RasterError` (`.size`) when the size is invalid or `pixels` has another length.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(RasterError) {
        let count = try Canvas.byteCount(width: width, height: height)
        guard pixels.count == count else {
            throw RasterError(.size, "\(width)×\(height) pixels need \(count) bytes, not \(pixels.count)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Bytes of a `width` × `height` canvas, or an error naming the limit.
    static func byteCount(width: Int, height: Int) throws(RasterError) -> Int {
        guard width > 0, height > 0 else {
            throw RasterError(.size, "an image needs a positive size, not \(width)×\(height)")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= maxPixels else {
            throw RasterError(.size, "an image of \(width)×\(height) pixels exceeds the limit of \(maxPixels) pixels")
        }
        return area * 4
    }

    public var bounds: ClipRect { ClipRect(x0: 0, y0: 0, x1: width, y1: height) }

    public mutating func clear(_ color: RGBA) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            let words = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self)
            let packed = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
            words.initialize(repeating: UInt32(littleEndian: packed))
        }
    }

    /// The pixel at (x, y), or nil outside the canvas.
    public func pixel(_ x: Int, _ y: Int) -> RGBA? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let i = (y * width + x) * 4
        return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Copies `image` with its top-left corner at (x, y), replacing the pixels it covers; the
    /// part outside this canvas is dropped.
    public mutating func copy(_ image: Canvas, x: Int, y: Int) {
        let area = bounds.intersection(ClipRect(x0: x, y0: y, x1: x.clampedAdd(image.width), y1: y.clampedAdd(image.height)))
        guard !area.isEmpty else { return }
        let sx = area.x0 - x, sy = area.y0 - y, count = (area.x1 - area.x0) * 4
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for row in 0..<(area.y1 - area.y0) {
                    let from = ((sy + row) * image.width + sx) * 4, to = ((area.y0 + row) * width + area.x0) * 4
                    (dst.baseAddress! + to).update(from: src.baseAddress! + from, count: count)
                }
            }
        }
    }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }

    /// Source-over of `color` scaled by `alpha` (0...255) onto pixel byte index i.
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

    /// Fills [x, x+w) × [y, y+h) (pixels, fractional allowed). A pixel's coverage is the area of
    /// its overlap with the rectangle, so a half-pixel edge is drawn at half alpha.
    public mutating func fill(_ rect: PixelRect, _ color: RGBA, clip: ClipRect? = nil) {
        let area = clip.map { bounds.intersection($0) } ?? bounds
        let x0 = rect.x, x1 = rect.x + rect.width, y0 = rect.y, y1 = rect.y + rect.height
        guard color.a > 0, x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        // Clamp before converting, so no coordinate can trap in Int(_:).
        func pixelIndex(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit) + 1)) }
        let cx0 = max(area.x0, pixelIndex(x0.rounded(.down), width)), cx1 = min(area.x1, pixelIndex(x1.rounded(.up), width))
        let cy0 = max(area.y0, pixelIndex(y0.rounded(.down), height)), cy1 = min(area.y1, pixelIndex(y1.rounded(.up), height))
        guard cx0 < cx1, cy0 < cy1 else { return }
        // Per-column coverage times alpha, for rows that are fully covered vertically.
        var columnAlpha = [UInt32](repeating: 0, count: cx1 - cx0)
        var columnCoverage = [Double](repeating: 0, count: cx1 - cx0)
        let a = Double(color.a)
        for x in cx0..<cx1 {
            let c = min(x1, Double(x + 1)) - max(x0, Double(x))
            columnCoverage[x - cx0] = c
            columnAlpha[x - cx0] = UInt32((a * c).rounded())
        }
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in cy0..<cy1 {
                let cy = min(y1, Double(y + 1)) - max(y0, Double(y))
                let row = base + (y * width + cx0) * 4
                if cy >= 1 {
                    for i in 0..<(cx1 - cx0) { Canvas.blend(row + i * 4, color, columnAlpha[i]) }
                } else {
                    for i in 0..<(cx1 - cx0) {
                        Canvas.blend(row + i * 4, color, UInt32((a * columnCoverage[i] * cy).rounded()))
                    }
                }
            }
        }
    }

    /// Blends an 8-bit coverage mask (rows of `maskWidth` bytes) with its top-left corner at
    /// (x, y), clipped to `clip` and the canvas. A mask shorter than its size is ignored.
    mutating func blendMask(_ mask: UnsafeBufferPointer<UInt8>, maskWidth: Int, maskHeight: Int,
                            at x: Int, _ y: Int, color: RGBA, clip: ClipRect) {
        guard maskWidth > 0, maskHeight > 0, maskWidth <= mask.count, maskHeight <= mask.count / maskWidth else { return }
        let area = bounds.intersection(clip)
        guard !area.isEmpty else { return }
        // Positions far outside the canvas cannot overlap it; rejecting them first keeps every
        // subtraction below in range.
        guard x > area.x0 - maskWidth, x < area.x1, y > area.y0 - maskHeight, y < area.y1 else { return }
        let sx0 = max(0, area.x0 - x), sx1 = min(maskWidth, area.x1 - x)
        let sy0 = max(0, area.y0 - y), sy1 = min(maskHeight, area.y1 - y)
        guard sx0 < sx1, sy0 < sy1 else { return }
        let width = self.width
        let a = UInt32(color.a)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for my in sy0..<sy1 {
                let row = (y + my) * width + x
                for mx in sx0..<sx1 {
                    let coverage = UInt32(mask[my * maskWidth + mx])
                    if coverage == 0 { continue }
                    Canvas.blend(base + (row + mx) * 4, color, (coverage * a + 127) / 255)
                }
            }
        }
    }
}

extension Int {
    /// `self + other`, saturating at `Int.min` / `Int.max` instead of trapping.
    func clampedAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
