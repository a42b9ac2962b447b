// The only file that calls into libpng (through our CPNGCodec shim, which owns setjmp).
import CPNGCodec

/// How hard to compress frames.
public enum Compression: String, Sendable, CaseIterable {
    /// The fast encoder (`PNGEncoder.fast`) for opaque frames; with `.libpng` (and for RGBA) zlib
    /// level 1 with the Up filter: 4–5× faster than libpng's defaults for files ~1.5–2× larger.
    case fast
    /// zlib level 9 with adaptive filtering.
    case small

    var level: Int32 { self == .fast ? 1 : 9 }
    var filter: Int32 { self == .fast ? 2 : -1 }
}

/// Which encoder writes opaque frames at `Compression.fast`. Both decode to the same pixels.
public enum PNGEncoder: String, Sendable, CaseIterable {
    /// Our own encoder (C, no libpng): Up filter, a deflate built for frames whose rows often repeat
    /// the row above (such a row costs a few tokens and no search), dynamic Huffman, SSE2 where the
    /// CPU has it. Files are no larger than zlib level 1's on rendered frames, written several
    /// times faster.
    case fast
    /// libpng with zlib (`Compression.level`/`filter`): the reference encoder.
    case libpng
}

/// PNG encoding (our fast encoder for opaque frames, or libpng) and decoding through libpng, with every size
/// checked before memory is allocated.
///
/// ```swift
/// let png = try PNGCodec.encode(pixmap, compression: .small)
/// let back = try PNGCodec.decode(png)
/// back == pixmap
/// ```
public enum PNGCodec {
    /// Encodes a pixmap as PNG bytes; opaque pixmaps are written as 8-bit RGB, others as RGBA.
    ///
    /// Opaque pixmaps at `.fast` compression go through `encoder`; RGBA pixmaps and `.small`
    /// always go through libpng (zlib level 9 stays smaller than the fast encoder). The same
    /// pixmap and choices give the same bytes.
    ///
    /// ```swift
    /// let image = try Pixmap(width: 2, height: 2, fill: RGBA(255, 255, 255))
    /// let png = try PNGCodec.encode(image)                          // the fast encoder
    /// let reference = try PNGCodec.encode(image, encoder: .libpng)  // same pixels, other bytes
    /// ```
    /// - Throws: `RasterError` (`.encode`) when the encoder fails (out of memory).
    public static func encode(
        _ pixmap: Pixmap, compression: Compression = .fast,
        encoder: PNGEncoder = .fast
    ) throws(RasterError) -> [UInt8] {
        if encoder == .fast, compression == .fast, pixmap.isOpaque {
            return try encodeFast(pixmap)
        }
        var message = [CChar](repeating: 0, count: 256)
        var buffer = rg_buffer()
        let opaque: Int32 = pixmap.isOpaque ? 1 : 0
        let status = pixmap.withUnsafeBytes { pixels in
            rg_png_encode(
                pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(pixmap.width), UInt32(pixmap.height),
                opaque,
                compression.level, compression.filter, &buffer, &message, message.count)
        }
        return try take(&buffer, status: status, message)
    }

    /// `encode`'s bytes of a pixmap being drawn in bands (between `beginBands()` and `endBands()`). The
    /// fast encoder on an opaque pixmap never reads the rows the bands repeat, so they are never written
    /// and `pixmap` is left drawing in bands: good only for drawing the next frame into. Otherwise the
    /// bands are ended first and `pixmap` holds the picture.
    package static func encodeBands(
        _ pixmap: inout Pixmap, compression: Compression = .fast, encoder: PNGEncoder = .fast
    ) throws(RasterError) -> [UInt8] {
        if encoder == .fast, compression == .fast, pixmap.drawingInBands, pixmap.knownOpaque {
            return try encodeFast(pixmap)
        }
        pixmap.endBands()
        return try encode(pixmap, compression: compression, encoder: encoder)
    }

    /// The fast encoder on any pixmap (alpha is dropped): `scalar` forces the portable path even
    /// where SSE2 is compiled in, `maxIDATBytes` (0: one IDAT) splits the stream. For tests.
    static func encodeFast(
        _ pixmap: Pixmap, scalar: Bool = false, maxIDATBytes: UInt32 = 0
    ) throws(RasterError) -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var buffer = rg_buffer()
        // The rows a frame drawn in bands repeats are neither compared nor read.
        let starts = pixmap.rowBands?.starts
        let status = pixmap.withUnsafeBytes { pixels in
            withStarts(starts) { starts in
                var options = rg_fast_options(
                    force_scalar: scalar ? 1 : 0, max_idat_bytes: maxIDATBytes, row_starts: starts)
                return rg_png_encode_rgb_fast(
                    pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(pixmap.width),
                    UInt32(pixmap.height), &options, &buffer, &message, message.count)
            }
        }
        return try take(&buffer, status: status, message)
    }

    /// Lends `starts`' bytes to `body` (nil for nil).
    private static func withStarts<R>(_ starts: [UInt8]?, _ body: (UnsafePointer<UInt8>?) -> R) -> R {
        guard let starts else { return body(nil) }
        return starts.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// Whether the fast encoder's SSE2 paths are compiled in (else scalar only).
    static var fastEncoderHasSIMD: Bool { rg_fast_simd_available() != 0 }

    /// Copies an encoder's C buffer into an array and frees it, or throws its message.
    private static func take(
        _ buffer: inout rg_buffer, status: Int32, _ message: [CChar]
    ) throws(RasterError) -> [UInt8] {
        defer { rg_buffer_free(&buffer) }
        guard status == 0, let data = buffer.data else {
            throw RasterError(
                .encode,
                "PNG encoding failed: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
            )
        }
        return [UInt8](UnsafeBufferPointer(start: data, count: buffer.length))
    }

    /// What a PNG read may cost, each limit named in its error.
    struct Limits: Sendable, Equatable {
        /// Decoded images larger than this are rejected from their header, before pixel memory is
        /// allocated. Clamped to 0...`Pixmap.maxPixels`.
        var maxPixels: Int
        /// Widest and tallest image libpng accepts (`png_set_user_limits`).
        static let maxSide = Int(RG_PNG_MAX_SIDE)
        /// Largest allocation libpng may make for one ancillary chunk, including decompressed text
        /// and colour profiles (`png_set_chunk_malloc_max`). Ancillary chunks are skipped unread
        /// anyway; this bounds any that a future change lets through.
        static let maxChunkBytes = Int(RG_PNG_MAX_CHUNK_BYTES)
        /// Ancillary chunks libpng may keep (`png_set_chunk_cache_max`).
        static let maxCachedChunks = Int(RG_PNG_MAX_CACHED_CHUNKS)

        /// Limits with `maxPixels` (the fixed ones are the static members).
        init(maxPixels: Int = 100_000_000) { self.maxPixels = maxPixels }

        var c: rg_png_limits {
            rg_png_limits(
                max_pixels: UInt64(min(max(maxPixels, 0), Pixmap.maxPixels)), max_side: RG_PNG_MAX_SIDE,
                max_chunk_bytes: Int(RG_PNG_MAX_CHUNK_BYTES), max_cached_chunks: RG_PNG_MAX_CACHED_CHUNKS)
        }
    }

    /// Decodes any valid PNG to an RGBA8 pixmap. Images over `maxPixels` (clamped to
    /// 0...`Pixmap.maxPixels`) are rejected from their header, before pixel memory is allocated;
    /// damaged files give an error, never a crash. The pixels are decoded straight into the
    /// pixmap's storage (one copy).
    ///
    /// ```swift
    /// let image = try PNGCodec.decode(bytes)
    /// image.pixel(x: 0, y: 0)
    /// ```
    /// - Throws: `RasterError`: `.png` for a file libpng refuses, `.size` for one over the limits.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 100_000_000) throws(RasterError) -> Pixmap {
        let limits = Limits(maxPixels: maxPixels)
        let (width, height) = try read(bytes, limits, RG_PNG_HEADER, into: nil)
        return try Pixmap(width: width, height: height) { (buffer) throws(RasterError) in
            let size = try read(bytes, limits, RG_PNG_PIXELS, into: buffer)
            guard size == (width, height) else { throw RasterError(.png, "image size changed between reads") }
        }
    }

    /// Checks that `bytes` are one complete PNG that decodes within the limits (every chunk, CRC
    /// and row, through libpng), without keeping its pixels: memory is one row. Returns the size.
    ///
    /// ```swift
    /// let (width, height) = try PNGCodec.validate(bytes, maxPixels: 40_000_000)
    /// ```
    /// - Throws: `RasterError`: `.png` for a file libpng refuses, `.size` for one over the limits.
    public static func validate(
        _ bytes: [UInt8], maxPixels: Int = 100_000_000
    ) throws(RasterError) -> (width: Int, height: Int) {
        try read(bytes, Limits(maxPixels: maxPixels), RG_PNG_VALIDATE, into: nil)
    }

    private static func read(
        _ bytes: [UInt8], _ limits: Limits, _ mode: rg_png_mode,
        into out: UnsafeMutableBufferPointer<UInt8>?
    ) throws(RasterError) -> (width: Int, height: Int) {
        var message = [CChar](repeating: 0, count: 256)
        var width: UInt32 = 0
        var height: UInt32 = 0
        var cLimits = limits.c
        let status = bytes.withUnsafeBufferPointer { input in
            rg_png_read(
                input.baseAddress, input.count, &cLimits, mode, out?.baseAddress, out?.count ?? 0,
                &width, &height, &message, message.count)
        }
        guard status == 0 else {
            throw RasterError(
                status == -2 ? .size : .png,
                String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return (Int(width), Int(height))
    }
}
