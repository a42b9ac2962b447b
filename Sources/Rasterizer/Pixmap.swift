import CPixels
public import GridModel

/// An RGBA8 (straight alpha) image: the one pixel buffer of render-grid. Frames are drawn into
/// it, `PNGCodec` encodes it and decodes into it, and the tools compare and compose it.
///
/// Every value a caller can build is valid: the size is checked (positive, at most `maxPixels`)
/// when the pixmap is made, `pixels` can only be read from outside, `pixel(x:y:)` answers nil
/// outside the image, and every drawing call clips to the pixmap with overflow-safe arithmetic,
/// so no argument can trap or write out of bounds. Unsafe pointers are only lent to closures.
///
/// ```swift
/// var pixmap = try Pixmap(width: 3, height: 2, fill: RGBA(255, 255, 255))
/// pixmap.fill(PixelRect(x: 1, y: 0, width: 1, height: 2), RGBA(0, 0, 0))
/// pixmap.pixel(x: 1, y: 1)   // RGBA(0, 0, 0, 255)
/// pixmap.pixel(x: 3, y: 0)   // nil
/// ```
public struct Pixmap: Sendable, Equatable {
    /// The largest pixmap, in pixels (4 GB of RGBA8): the ceiling of every size flag.
    public static let maxPixels = 1_000_000_000

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Rows of `width * 4` bytes (R, G, B, A), top to bottom; always `width * height * 4` bytes.
    public private(set) var pixels: [UInt8]
    /// True when every pixel is known to have alpha 255, so `isOpaque` needs no scan; false means
    /// unknown. Every write keeps it true only when it cannot leave a translucent pixel.
    private(set) var knownOpaque = false
    /// Row bands (`Pixmap+Bands.swift`): while a renderer draws, which rows are still to be written;
    /// after it, which rows repeat the row above (for the encoder) until the next write. nil: nothing
    /// known. Not part of the value.
    var rowBands: RowBands?

    /// A pixmap of `width` × `height` pixels filled with `fill` (transparent black by default).
    ///
    /// ```swift
    /// let white = try Pixmap(width: 390, height: 844, fill: RGBA(255, 255, 255))
    /// ```
    /// - Throws: `RasterError` (`.size`) when a side is not positive or the area exceeds `maxPixels`.
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 0)) throws(RasterError) {
        let count = try Pixmap.byteCount(width: width, height: height)
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: count)
        if fill != RGBA(0, 0, 0, 0) { clear(fill) }
    }

    /// A pixmap holding `pixels` (rows of `width * 4` RGBA8 bytes), without copying them.
    ///
    /// ```swift
    /// let dot = try Pixmap(width: 1, height: 1, pixels: [255, 0, 0, 255])
    /// ```
    /// - Throws: `RasterError` (`.size`) when the size is invalid or `pixels` has another length.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(RasterError) {
        let count = try Pixmap.byteCount(width: width, height: height)
        guard pixels.count == count else {
            throw RasterError(.size, "\(width)×\(height) pixels need \(count) bytes, not \(pixels.count)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels  // opacity unknown: `isOpaque` scans until a write makes it known
    }

    /// A pixmap whose `count` bytes `initialize` writes, as `PNGCodec.decode` does: no zero fill,
    /// one copy. `initialize` must write every byte of the buffer it is lent, or throw.
    init(
        width: Int, height: Int,
        initializingWith initialize: (UnsafeMutableBufferPointer<UInt8>) throws(RasterError) -> Void
    ) throws(RasterError) {
        let count = try Pixmap.byteCount(width: width, height: height)
        var failure: RasterError?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(RasterError) {
                try initialize(buffer)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Bytes of a `width` × `height` pixmap, or an error naming the limit.
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

    /// The whole image: `IntRect(x: 0, y: 0, width: width, height: height)`.
    public var bounds: IntRect { IntRect(width: width, height: height) }

    /// The number of pixels, `width * height` (at most `maxPixels`).
    public var area: Int { width * height }

    /// The pixel at (x, y), or nil outside the pixmap (any `Int` is allowed).
    ///
    /// ```swift
    /// try Pixmap(width: 2, height: 2).pixel(x: -1, y: 0)   // nil
    /// ```
    public func pixel(x: Int, y: Int) -> RGBA? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let i = (y * width + x) * 4
        return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Lends the pixels (rows of `width * 4` RGBA bytes) to `body`, read-only; the pointer must
    /// not escape it.
    ///
    /// ```swift
    /// let sum = pixmap.withUnsafeBytes { bytes in bytes.reduce(0) { $0 + Int($1) } }
    /// ```
    /// - Throws: whatever `body` throws.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = pixels.withUnsafeBytes { bytes in
            do throws(E) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Lends the pixels to `body` for writing; the buffer keeps its size (internal: only the
    /// drawing code, which clips first, writes). `opacity` is what is known after the write:
    /// `.kept` only for writes that cannot make an opaque pixel translucent (source-over blends),
    /// `.opaque` only when every pixel is then opaque; by default it becomes unknown.
    mutating func withUnsafeMutablePixels<R>(
        opacity: OpacityAfterWrite = .unknown,
        _ body: (UnsafeMutableBufferPointer<UInt8>) -> R
    ) -> R {
        let result = pixels.withUnsafeMutableBufferPointer { body($0) }
        if rowBands?.expanded == true { rowBands = nil }  // the repeats drawn are no longer known
        switch opacity {
        case .kept: break
        case .opaque: knownOpaque = true
        case .unknown: knownOpaque = false
        }
        return result
    }

    /// What a write through `withUnsafeMutablePixels` leaves known about opacity.
    enum OpacityAfterWrite {
        /// Opaque stays opaque: the write only blends source-over (or stores alpha 255).
        case kept
        /// Every pixel is opaque after the write.
        case opaque
        /// Anything may have happened: `isOpaque` scans until a later write makes it known.
        case unknown
    }

    /// Whether every pixel is fully opaque.
    ///
    /// - Complexity: O(1) when the pixmap's writes keep opacity known (a `clear` or a full-cover
    ///   fill with an opaque colour, then fills, text and copies of opaque pixmaps, as every frame
    ///   with an opaque background is drawn); otherwise O(`area`), a scan that stops at the first
    ///   translucent pixel.
    public var isOpaque: Bool { knownOpaque || scanIsOpaque() }

    /// Whether every pixel has alpha 255, by reading them all (what `isOpaque` answers).
    func scanIsOpaque() -> Bool {
        pixels.withUnsafeBytes { bytes in Pixmap.alphaIs255(bytes, count: bytes.count / 4) }
    }

    /// Whether the `count` RGBA pixels at the start of `bytes` all have alpha 255.
    static func alphaIs255(_ bytes: UnsafeRawBufferPointer, count: Int) -> Bool {
        var index = 3
        let end = count * 4
        while index < end {
            if bytes[index] != 255 { return false }
            index += 4
        }
        return true
    }

    /// Whether row `y` of this pixmap and of `other` (the same width) hold the same bytes; false for a row outside
    /// either or another width.
    package func sameRow(_ y: Int, as other: Pixmap) -> Bool {
        guard width == other.width, y >= 0, y < height, y < other.height else { return false }
        let stride = width * 4
        return pixels.withUnsafeBufferPointer { a in
            other.pixels.withUnsafeBufferPointer { b in
                rg_bytes_equal(a.baseAddress! + y * stride, b.baseAddress! + y * stride, stride) != 0
            }
        }
    }

    /// Two pixmaps are equal when their sizes and pixels are (what is known about opacity is not
    /// part of the value).
    public static func == (lhs: Pixmap, rhs: Pixmap) -> Bool {
        guard lhs.width == rhs.width && lhs.height == rhs.height else { return false }
        return lhs.pixels.withUnsafeBufferPointer { a in
            rhs.pixels.withUnsafeBufferPointer { b in rg_bytes_equal(a.baseAddress!, b.baseAddress!, a.count) != 0 }
        }
    }
}
