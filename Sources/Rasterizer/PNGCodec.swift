// The only file that calls into libpng (through our CPNGCodec shim, which owns setjmp).
import CPNGCodec

/// How hard to compress frames.
public enum Compression: String, Sendable, CaseIterable {
    /// zlib level 1 with the Up filter: 4–5× faster than libpng's defaults for files ~1.5–2× larger.
    case fast
    /// zlib level 9 with adaptive filtering.
    case small

    var level: Int32 { self == .fast ? 1 : 9 }
    var filter: Int32 { self == .fast ? 2 : -1 }
}

/// A decoded image: RGBA8 rows.
public struct DecodedImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
}

public enum PNGCodec {
    /// Encodes a canvas; opaque canvases are written as 8-bit RGB, others as RGBA.
    public static func encode(_ canvas: Canvas, compression: Compression = .fast) throws(RasterError) -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var buffer = rg_buffer()
        let opaque: Int32 = canvas.isOpaque ? 1 : 0
        let status = canvas.pixels.withUnsafeBufferPointer { pixels in
            rg_png_encode(pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), opaque,
                          compression.level, compression.filter, &buffer, &message, message.count)
        }
        defer { rg_buffer_free(&buffer) }
        guard status == 0, let data = buffer.data else {
            throw RasterError(.encode, "PNG encoding failed: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        return [UInt8](UnsafeBufferPointer(start: data, count: buffer.length))
    }

    /// Decodes any valid PNG to RGBA8. Images over `maxPixels` are rejected from their header,
    /// before pixel memory is allocated; damaged files give an error, never a crash.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 100_000_000) throws(RasterError) -> DecodedImage {
        var message = [CChar](repeating: 0, count: 256)
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = bytes.withUnsafeBufferPointer { input in
            rg_png_decode(input.baseAddress, input.count, UInt64(maxPixels), &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            throw RasterError(.png, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { rg_free(pixels) }
        let count = Int(width) * Int(height) * 4
        return DecodedImage(width: Int(width), height: Int(height),
                            pixels: [UInt8](UnsafeBufferPointer(start: pixels, count: count)))
    }
}
