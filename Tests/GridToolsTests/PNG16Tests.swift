import Testing
import Rasterizer
import TestSupport
@testable import GridTools

/// 16-bit PNGs decode as pngjs (and so pixelmatch's own CLI) decodes them: each channel v becomes
/// ⌊v·255/65535 + 0.5⌋, not its high byte.
@Suite struct PNG16Tests {
    /// The 8-bit value pngjs gives a 16-bit channel.
    static func rounded(_ v: Int) -> UInt8 { UInt8((v * 255 + 32767) / 65535) }

    /// A 256×256 RGBA16 image holding every 16-bit value in each channel, in different orders.
    static func channels(_ x: Int, _ y: Int) -> [Int] {
        let v = y * 256 + x
        return [v, 65535 - v, (v * 40503) & 0xFFFF, (v ^ 0x5A5A)]
    }

    @Test func everySixteenBitValueRoundsAsPngjs() throws {
        #expect(Self.rounded(0) == 0 && Self.rounded(65535) == 255 && Self.rounded(128) == 0 && Self.rounded(129) == 1)
        let bytes = PNGBuilder.file([
            PNGBuilder.ihdr(width: 256, height: 256, depth: 16, color: 6),
            PNGBuilder.Chunk("IDAT", PNGBuilder.zlibStored(PNGBuilder.scanlines(width: 256, height: 256) { x, y in
                Self.channels(x, y).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            })),
            PNGBuilder.Chunk("IEND"),
        ])
        let image = try PNGCodec.decode(bytes)
        var wrong = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let i = (y * 256 + x) * 4
                if Array(image.pixels[i..<i + 4]) != Self.channels(x, y).map(Self.rounded) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) of 65536 pixels decoded other than pngjs would")
    }

    /// The case: a 16-bit image and its rounded 8-bit twin compare equal at threshold 0
    /// (1,171 of 2,000 pixels differed when the high byte was kept).
    @Test func sixteenBitImageEqualsItsRoundedTwin() throws {
        let width = 50, height = 40
        func value(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 1319 + y * 2671 + c * 7919) * 37 % 65536 }
        let sixteen = PNGBuilder.file([
            PNGBuilder.ihdr(width: UInt32(width), height: UInt32(height), depth: 16, color: 2),
            PNGBuilder.Chunk("IDAT", PNGBuilder.zlibStored(PNGBuilder.scanlines(width: width, height: height) { x, y in
                (0..<3).flatMap { c in [UInt8(value(x, y, c) >> 8), UInt8(value(x, y, c) & 0xFF)] }
            })),
            PNGBuilder.Chunk("IEND"),
        ])
        let eight = PNGBuilder.rgba(width: width, height: height) { x, y in (0..<3).map { Self.rounded(value(x, y, $0)) } + [255] }
        var options = PixelMatchOptions()
        options.threshold = 0
        options.includeAA = true
        let result = try PixelMatch.compare(try PNGCodec.decode(sixteen), try PNGCodec.decode(eight), options: options)
        #expect(result.different == 0)
    }
}
