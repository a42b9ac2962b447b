public import Rasterizer

/// An RGBA8 image in memory: rows of `width * 4` bytes, top to bottom.
///
/// `init(width:height:pixels:)` stores what it is given, unchecked; `isValid` says whether the
/// pixels match the size, and every reader here (`PixelMatch.compare`, the diff images) checks it
/// first and throws, so no value can make them read out of bounds. `init(checkedWidth:height:pixels:)`
/// checks up front. Images from `PNGCodec` and `Canvas` are always valid.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
    /// An image whose size is checked: positive sides, at most `Canvas.maxPixels` pixels, and
    /// exactly `width * height * 4` bytes.
    public init(checkedWidth width: Int, height: Int, pixels: [UInt8]) throws(PixelMatchError) {
        self.init(width: width, height: height, pixels: pixels)
        try check()
    }
    public init(_ decoded: DecodedImage) { self.init(width: decoded.width, height: decoded.height, pixels: decoded.pixels) }
    public init(_ canvas: Canvas) { self.init(width: canvas.width, height: canvas.height, pixels: canvas.pixels) }

    /// Whether the size is positive, within `Canvas.maxPixels`, and matches `pixels`.
    public var isValid: Bool { (try? check()) != nil }

    func check() throws(PixelMatchError) {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, area <= Canvas.maxPixels else {
            throw PixelMatchError(.invalidImage, "an image needs a positive size of at most \(Canvas.maxPixels) pixels, not \(width)×\(height)")
        }
        guard pixels.count == area * 4 else {
            throw PixelMatchError(.invalidImage, "a \(width)×\(height) image needs \(area * 4) bytes of RGBA, not \(pixels.count)")
        }
    }
}

/// Why two images cannot be compared.
public struct PixelMatchError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// An image whose pixels do not match its size.
        case invalidImage
        /// Images of different sizes (the diff reports those as size-changed instead).
        case sizeMismatch
        /// An option out of range (threshold outside 0…1 or NaN).
        case invalidOption
    }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    public var description: String { message }
}

/// A rectangle of pixels excluded from counting: x, y, width, height. Any values are allowed: the
/// region is clipped to the image (negative x or y included), with overflow-safe arithmetic, and a
/// region with no positive width or height ignores nothing.
public struct IgnoreRegion: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// The part inside a `imageWidth` × `imageHeight` image, as [x0, x1) × [y0, y1); nil when empty.
    func clipped(toWidth imageWidth: Int, height imageHeight: Int) -> ClipRect? {
        guard width > 0, height > 0 else { return nil }
        // x + width saturates instead of overflowing; the clip then bounds it by the image.
        let x1 = x > Int.max - width ? Int.max : x + width
        let y1 = y > Int.max - height ? Int.max : y + height
        let rect = ClipRect(x0: max(x, 0), y0: max(y, 0), x1: min(x1, imageWidth), y1: min(y1, imageHeight))
        return rect.isEmpty ? nil : rect
    }
}

public struct PixelMatchOptions: Sendable {
    /// Matching threshold on pixelmatch's 0…1 scale: the YIQ cut-off is 35215·threshold².
    /// Values outside 0…1 (and NaN) are refused by `PixelMatch.compare`.
    public var threshold = 0.1
    /// Count anti-aliased pixels as differences too.
    public var includeAA = false
    public var ignore: [IgnoreRegion] = []
    /// Draw a pixelmatch-style diff image.
    public var makeDiffImage = false
    public init() {}
}

public struct PixelMatchResult: Sendable {
    /// Pixels counted as different.
    public var different: Int
    /// Pixels over the threshold but taken for anti-aliasing (not counted unless includeAA).
    public var antialiased: Int
    /// Bounding box of the counted pixels: x, y, width, height.
    public var box: (x: Int, y: Int, width: Int, height: Int)?
    /// Unchanged pixels faded grey, differing red, anti-aliased yellow.
    public var diffImage: RGBAImage?
}

/// pixelmatch 7's metric, reimplemented: the YIQ colour delta of Kotsarenko and Ramos with
/// pixelmatch's threshold scale, and its anti-aliasing detector (after Vysniauskas, 2009). On the
/// same images and options the count equals pixelmatch's.
public enum PixelMatch {
    /// The largest possible YIQ delta.
    static let maxYIQDelta = 35215.0

    /// Compares two images of one size.
    /// - Throws: `PixelMatchError` when an image's pixels do not match its size (`.invalidImage`),
    ///   the sizes differ (`.sizeMismatch`), or the threshold is outside 0…1 (`.invalidOption`).
    public static func compare(_ a: RGBAImage, _ b: RGBAImage,
                               options: PixelMatchOptions = PixelMatchOptions()) throws(PixelMatchError) -> PixelMatchResult {
        try a.check()
        try b.check()
        guard a.width == b.width && a.height == b.height else {
            throw PixelMatchError(.sizeMismatch, "images of different sizes: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        guard options.threshold >= 0 && options.threshold <= 1 else {
            throw PixelMatchError(.invalidOption, "the threshold must be from 0 to 1, not \(options.threshold)")
        }
        let width = a.width, height = a.height
        let maxDelta = maxYIQDelta * options.threshold * options.threshold
        // Regions clipped to the image once, so the loop compares in-range integers only.
        let ignore = options.ignore.compactMap { $0.clipped(toWidth: width, height: height) }
        var different = 0, antialiased = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var output: [UInt8] = options.makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                let ra = UnsafeRawBufferPointer(pa), rb = UnsafeRawBufferPointer(pb)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let pos = i * 4
                        let same = ra.loadUnaligned(fromByteOffset: pos, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                        let delta = same ? 0 : colorDelta(pa, pb, pos, pos, yOnly: false)
                        if abs(delta) > maxDelta && !(!ignore.isEmpty && ignore.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }) {
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
        return PixelMatchResult(different: different, antialiased: antialiased,
                                box: maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1),
                                diffImage: options.makeDiffImage ? RGBAImage(width: width, height: height, pixels: output) : nil)
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
