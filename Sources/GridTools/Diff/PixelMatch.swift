public import GridModel
public import Rasterizer

/// How `PixelMatch.compare` counts.
public struct PixelMatchOptions: Sendable {
    /// How a pixel is judged different: pixelmatch's metric (the default of this type, with the options
    /// below), or `exact`, where any changed RGBA byte counts and only `ignore`, `makeDiffImage` and
    /// `diffColorAlt` apply. `DiffOptions` and `GoldenOptions` default to `PixelMatchOptions.exact`.
    public var metric = PixelMetric.pixelmatch
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
    /// Blend translucent pixels over pixelmatch's checkerboard (true) or over white (false).
    ///
    /// true is pixelmatch 7's default (`checkerboard: true`); false is the white blend of pixelmatch
    /// ≤ 6.x and of 7.2 with `checkerboard: false`. Opaque pixels compare the same either way.
    public var checkerboard = true
    /// The diff image's colour for counted pixels darker in the second image (pixelmatch's `diffColorAlt`).
    ///
    /// nil draws them red like the others, as pixelmatch does by default.
    public var diffColorAlt: RGBA?
    /// pixelmatch 7.2's defaults: its metric, threshold 0.1, anti-aliasing excluded, checkerboard blend.
    ///
    /// Also no `diffColorAlt`, nothing ignored, no diff image.
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
    /// pixelmatch's diff image, byte for byte on pixels not ignored.
    ///
    /// Unchanged pixels faded grey, differing red (or `diffColorAlt` where the second image is darker),
    /// anti-aliased yellow.
    public var diffImage: Pixmap?
}

/// pixelmatch 7.2's metric, reimplemented; on the same RGBA images and options the count equals its count.
/// With `PixelMatchOptions.metric` `.exact`, every pixel whose bytes differ counts instead.
///
/// The YIQ colour delta of Kotsarenko and Ramos with pixelmatch's threshold scale, translucent pixels
/// blended over its checkerboard (or white), and its anti-aliasing detector (after Vysniauskas, 2009).
public enum PixelMatch {
    /// The largest possible YIQ delta.
    static let maxYIQDelta = 35215.0

    /// Compares two images of one size, as pixelmatch does.
    ///
    /// ```swift
    /// var options = PixelMatchOptions()
    /// options.ignore = [IntRect(x: 0, y: 0, width: 100, height: 40)]   // the clock
    /// options.checkerboard = false   // translucent pixels over white, as pixelmatch ≤ 6.x
    /// let result = try PixelMatch.compare(expected, actual, options: options)
    /// print(result.different, result.box as Any)
    /// ```
    /// - Throws: `ToolError`: `.sizeMismatch` when the sizes differ, `.invalidOption` when the
    ///   threshold is outside 0…1 or NaN.
    public static func compare(
        _ a: Pixmap, _ b: Pixmap,
        options: PixelMatchOptions = PixelMatchOptions()
    ) throws(ToolError) -> PixelMatchResult {
        guard a.width == b.width && a.height == b.height else {
            throw ToolError(
                .sizeMismatch, "images of different sizes: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        guard options.threshold >= 0 && options.threshold <= 1 else {
            throw ToolError(.invalidOption, "the threshold must be from 0 to 1, not \(options.threshold)")
        }
        if options.metric == .exact { return compareExact(a, b, options: options) }
        let width = a.width
        let height = a.height
        let checkerboard = options.checkerboard
        let maxDelta = maxYIQDelta * options.threshold * options.threshold
        // Regions clipped to the image once, so the loop compares in-range integers only.
        let ignore = options.ignore.compactMap { $0.intersection(a.bounds) }
        var different = 0
        var antialiased = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        var output: [UInt8] = options.makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt8.self)
                let pb = rb.bindMemory(to: UInt8.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let pos = i * 4
                        let same =
                            ra.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                            == rb.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                        let delta = same ? 0 : colorDelta(pa, pb, pos, pos, yOnly: false, checkerboard: checkerboard)
                        if abs(delta) > maxDelta && !(!ignore.isEmpty && ignore.contains { $0.contains(x: x, y: y) }) {
                            if !options.includeAA
                                && (isAntialiased(pa, x, y, width, height, pb, checkerboard: checkerboard)
                                    || isAntialiased(pb, x, y, width, height, pa, checkerboard: checkerboard))
                            {
                                antialiased += 1
                                if options.makeDiffImage { put(&output, pos, 255, 255, 0) }
                            } else {
                                different += 1
                                minX = min(minX, x)
                                maxX = max(maxX, x)
                                minY = min(minY, y)
                                maxY = max(maxY, y)
                                if options.makeDiffImage {
                                    if delta < 0, let alt = options.diffColorAlt {
                                        put(&output, pos, alt.r, alt.g, alt.b)
                                    } else {
                                        put(&output, pos, 255, 0, 0)
                                    }
                                }
                            }
                        } else if options.makeDiffImage {
                            // Similar (or ignored): the expected image as faded greyscale.
                            let v = grey(pa[pos], pa[pos + 1], pa[pos + 2], pa[pos + 3])
                            put(&output, pos, v, v, v)
                        }
                    }
                }
            }
        }
        // The output has the images' size, so Pixmap's check cannot fail.
        let diffImage = options.makeDiffImage ? try? Pixmap(width: width, height: height, pixels: output) : nil
        return PixelMatchResult(
            different: different, antialiased: antialiased,
            box: maxX < 0 ? nil : IntRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1),
            diffImage: diffImage)
    }

    @inline(__always)
    static func put(_ out: inout [UInt8], _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        out[pos] = r
        out[pos + 1] = g
        out[pos + 2] = b
        out[pos + 3] = 255
    }

    /// pixelmatch's faded-grey diff-image pixel for an unchanged one.
    ///
    /// The luma blended with white at opacity 0.1·alpha, truncated as a store into a Uint8Array
    /// truncates (the value is in 229.5…255).
    @inline(__always) static func grey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
        let luma = Double(r) * 0.29889531 + Double(g) * 0.58662247 + Double(b) * 0.11448223
        let value = 255 + (luma - 255) * 0.1 * Double(a) / 255
        return UInt8(max(0, min(255, value)))
    }

    /// The colour a translucent pixel at byte offset k is blended over.
    ///
    /// pixelmatch 7's checkerboard, one of eight colours (channels 48 or 207) picked from k, or white.
    @inline(__always) static func background(_ k: Int, checkerboard: Bool) -> (Double, Double, Double) {
        guard checkerboard else { return (255, 255, 255) }
        // JavaScript's `(k / φ | 0) % 2`: truncated, wrapped to Int32 (for offsets past 2³¹·φ), signed remainder.
        @inline(__always) func bit(_ divisor: Double) -> Double {
            Double(Int32(truncatingIfNeeded: Int64(Double(k) / divisor)) % 2)
        }
        return (48 + 159 * Double(k % 2), 48 + 159 * bit(1.618033988749895), 48 + 159 * bit(2.618033988749895))
    }

    /// The squared YIQ distance between pixel k of `p` and pixel m of `q`, negative when q's is darker.
    ///
    /// With `yOnly`, the signed brightness difference. Translucent pixels are composited over
    /// `background(k)`; the arithmetic is pixelmatch 7.2's, in its order, so rounding agrees too.
    static func colorDelta(
        _ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int,
        yOnly: Bool, checkerboard: Bool
    ) -> Double {
        let r1 = Double(p[k])
        let g1 = Double(p[k + 1])
        let b1 = Double(p[k + 2])
        let a1 = Double(p[k + 3])
        let r2 = Double(q[m])
        let g2 = Double(q[m + 1])
        let b2 = Double(q[m + 2])
        let a2 = Double(q[m + 3])
        var dr = r1 - r2
        var dg = g1 - g2
        var db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let (rb, gb, bb) = background(k, checkerboard: checkerboard)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// Whether pixel (x1, y1) of `img` looks like anti-aliasing: its neighbours include both a
    /// darker and a brighter pixel, at most two equal ones, and the darkest or the brightest of
    /// them sits in a flat area (3+ equal neighbours) in both images.
    static func isAntialiased(
        _ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
        _ other: UnsafeBufferPointer<UInt8>, checkerboard: Bool
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkX = 0
        var darkY = 0
        var brightX = 0
        var brightY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true, checkerboard: checkerboard)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkX = x
                    darkY = y
                } else if delta > brightest {
                    brightest = delta
                    brightX = x
                    brightY = y
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return
            (hasManySiblings(img, darkX, darkY, width, height) && hasManySiblings(other, darkX, darkY, width, height))
            || (hasManySiblings(img, brightX, brightY, width, height)
                && hasManySiblings(other, brightX, brightY, width, height))
    }

    /// Whether pixel (x1, y1) has 3+ neighbours of exactly its colour.
    static func hasManySiblings(
        _ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let p2 = (y * width + x) * 4
                if img[pos] == img[p2] && img[pos + 1] == img[p2 + 1] && img[pos + 2] == img[p2 + 2]
                    && img[pos + 3] == img[p2 + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
