import Foundation
import Testing
import GridModel
@testable import Rasterizer

@Suite struct PNGTests {
    func sample(opaque: Bool) throws -> Pixmap {
        var canvas = try Pixmap(width: 7, height: 5, fill: RGBA(255, 255, 255, opaque ? 255 : 0))
        canvas.fill(PixelRect(x: 1.5, y: 1, width: 3, height: 2.5), RGBA(10, 200, 30, 200))
        return canvas
    }

    @Test(arguments: [true, false], Compression.allCases)
    func roundTrip(opaque: Bool, compression: Compression) throws {
        let canvas = try sample(opaque: opaque)
        let png = try PNGCodec.encode(canvas, compression: compression)
        #expect(png[25] == (opaque ? 2 : 6))  // IHDR colour type: RGB for opaque frames, else RGBA
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(decoded == canvas)
    }

    @Test func encodingIsDeterministic() throws {
        #expect(try PNGCodec.encode(try sample(opaque: true)) == PNGCodec.encode(try sample(opaque: true)))
    }

    @Test func rejectsDamagedFiles() throws {
        let png = try PNGCodec.encode(try sample(opaque: true))
        let cases: [(String, [UInt8])] = [
            ("not PNG", Array("hello, world".utf8)),
            ("empty", []),
            ("truncated", Array(png.prefix(png.count / 2))),
            ("bad CRC", { var b = png; b[30] ^= 0xFF; return b }()),
        ]
        for (label, bytes) in cases {
            #expect(throws: RasterError.self, "\(label)") { try PNGCodec.decode(bytes) }
        }
    }

    @Test func rejectsAbsurdDimensionsBeforeAllocating() throws {
        var png = try PNGCodec.encode(try sample(opaque: true))
        // IHDR width and height → 100000 × 100000, with a correct CRC.
        let big: [UInt8] = [0x00, 0x01, 0x86, 0xA0]
        png.replaceSubrange(16..<20, with: big)
        png.replaceSubrange(20..<24, with: big)
        let crc = crc32(Array(png[12..<29]))
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
        #expect { try PNGCodec.decode(png, maxPixels: 50_000_000) } throws: {
            ($0 as? RasterError)?.message.contains("limit") == true
        }
    }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
