import Foundation
import Testing
import GridModel
import GridExport
import TestSupport
@testable import Rasterizer

/// The fast PNG encoder (`PNGEncoder.fast`) against libpng, the reference: the same decoded pixels
/// on adversarial images and seeded random ones, the same bytes from its scalar and SSE2 paths, and
/// the same bytes every time.
@Suite struct EncoderTests {
    /// Encodes `image` with both encoders (and the fast one's scalar path and a split into small
    /// IDATs) and requires every file to decode, through libpng, to the image's pixels. Returns
    /// whether all held.
    @discardableResult
    func expectSamePixels(_ image: Pixmap, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let fast = try PNGCodec.encodeFast(image)
        let reference = try PNGCodec.encode(image, encoder: .libpng)
        let checks: [(Bool, String)] = [
            (fast[25] == 2, "IHDR colour type is not RGB"),
            (try PNGCodec.decode(fast) == image, "the fast encoder's file decodes to other pixels"),
            (try PNGCodec.decode(reference) == image, "libpng's file decodes to other pixels"),
            (try PNGCodec.encodeFast(image, scalar: true) == fast, "the scalar and SIMD paths give different bytes"),
            (try PNGCodec.decode(PNGCodec.encodeFast(image, maxIDATBytes: 97)) == image,
             "split into 97-byte IDATs, the file decodes to other pixels"),
        ]
        for (ok, what) in checks where !ok { Issue.record("\(label): \(what)", sourceLocation: sourceLocation) }
        return checks.allSatisfy(\.0)
    }

    /// An opaque image whose pixel (x, y) is `color(x, y)`.
    func image(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Pixmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y), i = (y * width + x) * 4
                pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b
            }
        }
        return try Pixmap(width: width, height: height, pixels: pixels)
    }

    static let adversarial: [(String, Int, Int)] = [
        ("noise", 97, 61), ("1x1", 1, 1), ("1xN", 1, 300), ("Nx1", 300, 1), ("2x2", 2, 2), ("3x5", 3, 5),
        ("wide noise", 10_007, 3), ("wide identical rows", 12_345, 6), ("all identical rows", 64, 200),
        ("no identical rows", 200, 80), ("every other row repeated", 150, 40), ("stripes", 333, 257),
        ("rows longer than the window", 11_000, 5),
        // Over 32 KiB of repeated rows, then changed rows that search the window rebuilt behind them.
        ("long repeat then change", 100, 400), ("wide repeat then change", 12_000, 4),
    ]

    @Test(arguments: adversarial.map { $0.0 })
    func adversarialImagesDecodeToTheirPixels(name: String) throws {
        let (_, width, height) = Self.adversarial.first { $0.0 == name }!
        var random = SplitMix64(state: 11)
        var noise = [UInt8](repeating: 0, count: width * height * 3)
        for i in noise.indices { noise[i] = UInt8(truncatingIfNeeded: random.next()) }
        let image: Pixmap
        switch name {
        case "long repeat then change", "wide repeat then change":
            // Row 0 is noise, rows 1... repeat another noise row, and from `changeFrom` on each row
            // differs from it in one pixel: its filtered bytes are mostly zeros, matched against the window.
            let changeFrom = height * 7 / 8
            image = try self.image(width, height) { x, y in
                let i = y == 0 ? (width + x) * 3 : x * 3
                return y >= changeFrom && x == y % width ? (1, 2, 3) : (noise[i], noise[i + 1], noise[i + 2])
            }
        case "all identical rows", "wide identical rows", "rows longer than the window":
            image = try self.image(width, height) { x, _ in (noise[x * 3], noise[x * 3 + 1], UInt8(x & 0xFF)) }
        case "no identical rows":
            image = try self.image(width, height) { x, y in x == y % width ? (1, 2, 3) : (200, 200, 200) }
        case "every other row repeated":
            image = try self.image(width, height) { x, y in (UInt8((x + y / 2) & 0xFF), 7, UInt8((y / 2) & 0xFF)) }
        case "stripes":
            image = try self.image(width, height) { x, y in (x / 7 % 2 == 0) != (y / 5 % 2 == 0) ? (255, 255, 255) : (0, 0, 0) }
        default:
            image = try self.image(width, height) { x, y in
                let i = (y * width + x) * 3
                return (noise[i], noise[i + 1], noise[i + 2])
            }
        }
        try expectSamePixels(image, name)
    }

    /// Seeded random images: random sizes (some wider than the 32 KiB window), made of noise, a
    /// few colours, runs, and rows copied from the row above, so every path of the encoder runs.
    @Test func seededFuzzDecodesToTheSamePixels() throws {
        var random = SplitMix64(state: 0x5EED_0011)
        for round in 0..<500 {
            let wide = round % 25 == 0
            let width = wide ? 10_900 + Int(random.next() % 300) : 1 + Int(random.next() % 90)
            let height = wide ? 1 + Int(random.next() % 4) : 1 + Int(random.next() % 70)
            let kind = random.next() % 4, repeatChance = random.next() % 100
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                if y > 0, random.next() % 100 < repeatChance {
                    pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: pixels[(y - 1) * width * 4..<y * width * 4])
                    continue
                }
                var run: (UInt8, UInt8, UInt8) = (0, 0, 0)
                for x in 0..<width {
                    let v = random.next()
                    switch kind {
                    case 0: run = (UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16))
                    case 1: let c = UInt8(v % 3) * 120; run = (c, c, 255 - c)
                    default: if v % 16 == 0 { run = (UInt8(truncatingIfNeeded: v >> 8), 40, UInt8(truncatingIfNeeded: v >> 24)) }
                    }
                    let i = (y * width + x) * 4
                    pixels[i] = run.0; pixels[i + 1] = run.1; pixels[i + 2] = run.2
                }
            }
            // The first failing round is enough to reproduce (the seed is fixed).
            guard try expectSamePixels(try Pixmap(width: width, height: height, pixels: pixels),
                                       "round \(round), \(width)×\(height)") else { break }
        }
    }

    @Test func sameImageSameBytes() throws {
        let image = try self.image(123, 45) { x, y in (UInt8(x), UInt8(y), UInt8((x * y) & 0xFF)) }
        #expect(try PNGCodec.encode(image) == PNGCodec.encode(image))
        #expect(try PNGCodec.encode(image, encoder: .libpng) == PNGCodec.encode(image, encoder: .libpng))
    }

    /// Opaque frames at `.fast` use the fast encoder; RGBA frames and `.small` use libpng, whose
    /// output differs in bytes (not pixels).
    @Test func choosesTheEncoder() throws {
        let opaque = try self.image(40, 30) { x, y in (UInt8(x * 5), UInt8(y * 7), 90) }
        #expect(try PNGCodec.encode(opaque) == PNGCodec.encodeFast(opaque))
        #expect(try PNGCodec.encode(opaque, encoder: .libpng) != PNGCodec.encodeFast(opaque))
        #expect(try PNGCodec.encode(opaque, compression: .small) == PNGCodec.encode(opaque, compression: .small, encoder: .libpng))
        var pixels = opaque.pixels
        pixels[4 * 50 + 3] = 128
        let translucent = try Pixmap(width: 40, height: 30, pixels: pixels)
        let png = try PNGCodec.encode(translucent)
        #expect(png[25] == 6)  // RGBA: the alpha channel is kept
        #expect(try PNGCodec.decode(png) == translucent)
    }

    @Test func simdPathIsCompiledInOnX86() {
        #if arch(x86_64)
        #expect(PNGCodec.fastEncoderHasSIMD)
        #else
        #expect(!PNGCodec.fastEncoderHasSIMD)
        #endif
    }
}
