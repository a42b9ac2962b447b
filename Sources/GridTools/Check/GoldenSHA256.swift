import CPNGCodec
public import Rasterizer

/// SHA-256 (FIPS 180-4) digests, for the golden manifests: frame pixels, trace lines, scenario and font files.
/// A thin wrapper of CPNGCodec's C implementation (Foundation on Linux has no CryptoKit).
///
/// ```swift
/// SHA256.hex(Array("abc".utf8))  // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// var hash = SHA256()
/// hash.update(image.pixels)
/// let digest = hash.finalize()   // 32 bytes
/// ```
public struct SHA256: Sendable {
    private var context = rg_sha256_context()

    /// A hash of no bytes yet.
    public init() { rg_sha256_init(&context) }

    /// A hash that uses the portable C code even where the CPU's SHA extensions would be used (for tests).
    init(portable: Bool) {
        rg_sha256_init(&context)
        context.portable = portable ? 1 : 0
    }

    /// Whether this CPU's SHA extensions are used.
    static var isAccelerated: Bool { rg_sha256_accelerated() != 0 }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            rg_sha256_update(&context, base, buffer.count)
        }
    }

    /// The 32-byte digest of everything added. The hash should not be updated afterwards.
    public mutating func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { rg_sha256_final(&context, $0.baseAddress!) }
        return digest
    }

    /// The digest of `bytes` as 64 lower-case hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hexString(hash.finalize())
    }

    /// The digest of an image's pixels as golden manifests record it, 64 hex digits: the SHA-256 of its width
    /// and height (32-bit big-endian) and then, row by row, the byte 1 for a row equal to the row above, else
    /// the byte 0 and the row's RGBA bytes. It depends on the pixels only, never on an encoding; a repeated row
    /// (most rows of flat tiles) costs a comparison instead of a hash.
    ///
    /// ```swift
    /// let digest = SHA256.pixels(image)   // "5be423c0…"
    /// ```
    public static func pixels(_ image: Pixmap, portable: Bool = false) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        image.pixels.withUnsafeBufferPointer { rows in
            digest.withUnsafeMutableBufferPointer { out in
                rg_sha256_rows(
                    rows.baseAddress, UInt32(image.width), UInt32(image.height), portable ? 1 : 0, out.baseAddress!)
            }
        }
        return hexString(digest)
    }

    /// Bytes as lower-case hex digits, two per byte.
    static func hexString(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
