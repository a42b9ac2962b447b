public import Foundation

/// Builds PNG files byte by byte for tests: chunks with correct (or deliberately wrong) lengths
/// and CRCs, and zlib streams made of stored deflate blocks with a correct Adler-32, so any
/// header, chunk order or size can be crafted without an encoder.
public enum PNGBuilder {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public struct Chunk: Equatable {
        public var type: [UInt8]
        public var data: [UInt8]
        /// The length field written, when it should lie (nil: data.count).
        public var length: UInt32?
        /// The CRC written, when it should be wrong (nil: the right one).
        public var crc: UInt32?

        public init(_ type: String, _ data: [UInt8] = [], length: UInt32? = nil, crc: UInt32? = nil) {
            self.init(type: Array(type.utf8), data: data, length: length, crc: crc)
        }
        public init(type: [UInt8], data: [UInt8], length: UInt32? = nil, crc: UInt32? = nil) {
            self.type = type
            self.data = data
            self.length = length
            self.crc = crc
        }
        public var rightCRC: UInt32 { PNGBuilder.crc32(type + data) }
        public var bytes: [UInt8] { be32(length ?? UInt32(data.count)) + type + data + be32(crc ?? rightCRC) }
    }

    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    public static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes { crc = crcTable[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// A zlib stream holding `data` in stored (uncompressed) deflate blocks.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65535, data.count - at)
            let last: UInt8 = at + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[at..<at + n]
            at += n
        } while at < data.count
        return out + be32(adler32(data))
    }

    public static func ihdr(width: UInt32, height: UInt32, depth: UInt8 = 8, color: UInt8 = 6, interlace: UInt8 = 0) -> Chunk {
        Chunk("IHDR", be32(width) + be32(height) + [depth, color, 0, 0, interlace])
    }

    public static func file(_ chunks: [Chunk]) -> [UInt8] { signature + chunks.flatMap(\.bytes) }

    /// Raw scanlines (filter byte 0 before each row) of an 8-bit RGBA image.
    public static func scanlines(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += pixel(x, y) }
        }
        return raw
    }

    /// The chunks of a valid 8-bit RGBA image.
    public static func rgbaChunks(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [Chunk] {
        [ihdr(width: UInt32(width), height: UInt32(height)),
         Chunk("IDAT", zlibStored(scanlines(width: width, height: height, pixel: pixel))),
         Chunk("IEND")]
    }

    /// A valid 8-bit RGBA PNG.
    public static func rgba(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        file(rgbaChunks(width: width, height: height, pixel: pixel))
    }

    /// The chunks of a PNG, or nil when its structure is broken.
    public static func parse(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [Chunk] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length <= bytes.count - at - 12 else { return nil }
            chunks.append(Chunk(type: Array(bytes[at + 4..<at + 8]), data: Array(bytes[at + 8..<at + 8 + length])))
            at += 12 + length
        }
        return chunks
    }

    /// A fresh temporary folder.
    ///
    /// `inMemory` puts it on `/dev/shm` where that is a writable folder: a loop that writes files
    /// thousands of times then waits on no disk (the PNG fuzz spent most of its time in writes).
    public static func temporaryFolder(inMemory: Bool = false) throws -> URL {
        let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let base = inMemory && FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("rg-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
