public import Rasterizer

/// How `PixelMatch.compare` counts.
public struct PixelMatchOptions: Sendable {
    /// Matching threshold on pixelmatch's 0…1 scale: the YIQ cut-off is 35215·threshold².
    /// Values outside 0…1 (and NaN) are refused by `PixelMatch.compare`.
    public var threshold = 0.1
    /// Count anti-aliased pixels as differences too.
    public var includeAA = false
    /// Rectangles of pixels excluded from counting. Any values are allowed: each is clipped to the
    /// image with overflow-safe arithmetic, and an empty one ignores nothing.
    public var ignore: [IntRect] = []
    /// Draw a pixelmatch-style diff image.
    public var makeDiffImage = false
    /// pixelmatch's defaults: threshold 0.1, anti-aliasing excluded, nothing ignored, no diff image.
    public init() {}
}

/// What `PixelMatch.compare` found.
public struct PixelMatchResult: Sendable {
    /// Pixels counted as different.
    public var different: Int
    /// Pixels over the threshold but taken for anti-aliasing (not counted unless includeAA).
    public var antialiased: Int
    /// Bounding box of the counted pixels; nil when none differ.
    public var box: IntRect?
    /// Unchanged pixels faded grey, differing red, anti-aliased yellow.
    public var diffImage: Pixmap?
}

/// pixelmatch 7's metric, reimplemented: the YIQ colour delta of Kotsarenko and Ramos with
/// pixelmatch's threshold scale, and its anti-aliasing detector (after Vysniauskas, 2009). On the
/// same images and options the count equals pixelmatch's.
public enum PixelMatch {
    /// The largest possible YIQ delta.
    static let maxYIQDelta = 35215.0

    /// Compares two images of one size, as pixelmatch does.
    ///
    /// ```swift
    /// var options = PixelMatchOptions()
    /// options.ignore = [IntRect(x: 0, y: 0, width: 100, height: 40)]   // the clock
    /// let result = try PixelMatch.compare(expected, actual, options: options)
    /// print(result.different, result.box as Any)
    /// ```
    /// - Throws: `ToolError`: `.sizeMismatch` when the sizes differ, `.invalidOption` when the
    ///   threshold is outside 0…1 or NaN.
    public static func compare(_ a: Pixmap, _ b: Pixmap,
                               options: PixelMatchOptions = PixelMatchOptions()) throws(ToolError) -> PixelMatchResult {
        guard a.width == b.width && a.height == b.height else {
            throw ToolError(.sizeMismatch, "images of different sizes: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        guard options.threshold >= 0 && options.threshold <= 1 else {
            throw ToolError(.invalidOption, "the threshold must be from 0 to 1, not \(options.threshold)")
        }
        let width = a.width, height = a.height
        let maxDelta = maxYIQDelta * options.threshold * options.threshold
        // Regions clipped to the image once, so the loop compares in-range integers only.
        let ignore = options.ignore.compactMap { $0.intersection(a.bounds) }
        var different = 0, antialiased = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var output: [UInt8] = options.makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt8.self), pb = rb.bindMemory(to: UInt8.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let pos = i * 4
                        let same = ra.loadUnaligned(fromByteOffset: pos, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                        let delta = same ? 0 : colorDelta(pa, pb, pos, pos, yOnly: false)
                        if abs(delta) > maxDelta && !(!ignore.isEmpty && ignore.contains { $0.contains(x: x, y: y) }) {
                            if !options.includeAA && (isAntialiased(pa, x, y, width, height, pb) || isAntialiased(pb, x, y, width, height, pa)) {
                                antialiased += 1
                                if options.makeDiffImage { put(&output, pos, 255, 255, 0) }
                            } else {
                                different += 1
                                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                                if options.makeDiffImage { put(&output, pos, 255, 0, 0) }
                            }
                        } else if options.makeDiffImage {
                            // Similar (or ignored): the expected image as faded greyscale.
                            let grey = blend(luma(Double(pa[pos]), Double(pa[pos + 1]), Double(pa[pos + 2])), 0.1 * Double(pa[pos + 3]) / 255)
                            let v = UInt8(max(0, min(255, grey.rounded())))
                            put(&output, pos, v, v, v)
                        }
                    }
                }
            }
        }
        // The output has the images' size, so Pixmap's check cannot fail.
        let diffImage = options.makeDiffImage ? try? Pixmap(width: width, height: height, pixels: output) : nil
        return PixelMatchResult(different: different, antialiased: antialiased,
                                box: maxX < 0 ? nil : IntRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1),
                                diffImage: diffImage)
    }

    @inline(__always)
    static func put(_ out: inout [UInt8], _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        out[pos] = r; out[pos + 1] = g; out[pos + 2] = b; out[pos + 3] = 255
    }

    @inline(__always) static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    @inline(__always) static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    @inline(__always) static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }
    /// A translucent colour composited over white.
    @inline(__always) static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }

    /// The squared YIQ distance between pixel k of `p` and pixel m of `q`, negative when q's pixel is
    /// darker; with `yOnly`, the signed brightness difference.
    static func colorDelta(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        var r1 = Double(p[k]), g1 = Double(p[k + 1]), b1 = Double(p[k + 2])
        let a1 = p[k + 3]
        var r2 = Double(q[m]), g2 = Double(q[m + 1]), b2 = Double(q[m + 2])
        let a2 = q[m + 3]
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            let a = Double(a1) / 255
            r1 = blend(r1, a); g1 = blend(g1, a); b1 = blend(b1, a)
        }
        if a2 < 255 {
            let a = Double(a2) / 255
            r2 = blend(r2, a); g2 = blend(g2, a); b2 = blend(b2, a)
        }
        let y1 = luma(r1, g1, b1), y2 = luma(r2, g2, b2)
        let y = y1 - y2
        if yOnly { return y }
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether pixel (x1, y1) of `img` looks like anti-aliasing: its neighbours include both a
    /// darker and a brighter pixel, at most two equal ones, and the darkest or the brightest of
    /// them sits in a flat area (3+ equal neighbours) in both images.
    static func isAntialiased(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                              _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkX = 0, darkY = 0, brightX = 0, brightY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta; darkX = x; darkY = y
                } else if delta > brightest {
                    brightest = delta; brightX = x; brightY = y
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(img, darkX, darkY, width, height) && hasManySiblings(other, darkX, darkY, width, height))
            || (hasManySiblings(img, brightX, brightY, width, height) && hasManySiblings(other, brightX, brightY, width, height))
    }

    /// Whether pixel (x1, y1) has 3+ neighbours of exactly its colour.
    static func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let p2 = (y * width + x) * 4
                if img[pos] == img[p2] && img[pos + 1] == img[p2 + 1] && img[pos + 2] == img[p2 + 2] && img[pos + 3] == img[p2 + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
