import Testing
import CPixels
import GridModel
import TestSupport
@testable import Rasterizer

/// The span fill against the reference fill it replaced, and its blend against `blend`.
@Suite struct SpanFillTests {
    /// A random coordinate: small integers, halves, thirds, arbitrary fractions, values just off
    /// an integer, negative, huge, infinite and NaN.
    static func coordinate(_ rng: inout SplitMix64, span: Int) -> Double {
        let s = Double(span)
        switch rng.next() % 20 {
        case 0: return Double(Int(rng.next() % UInt64(span + 5)) - 2)
        case 1: return Double(Int(rng.next() % UInt64(2 * span + 8)) - 4) / 2
        case 2: return Double(Int(rng.next() % UInt64(3 * span + 9)) - 3) / 3
        case 3, 4: return Double.random(in: -2...(s + 2), using: &rng)
        case 5: return Double(Int(rng.next() % UInt64(span + 3)) - 1) + [1e-9, -1e-9, 0.5e-15, 0.999999][Int(rng.next() % 4)]
        case 6: return [-1e300, 1e300, -1e18, 1e18, Double(Int.max), -Double(Int.max), -0.0][Int(rng.next() % 7)]
        case 7: return [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude][Int(rng.next() % 5)]
        default: return Double.random(in: -1...(s + 1), using: &rng).rounded() + Double(rng.next() % 4) / 4
        }
    }

    static func size(_ rng: inout SplitMix64, _ span: Int) -> Double {
        switch rng.next() % 12 {
        case 0: return [0, -1, 1e-12, 1e300, .infinity, .nan, 0.5, 1][Int(rng.next() % 8)]
        case 1: return coordinate(&rng, span: span)
        default: return Double.random(in: 0...(Double(span) + 3), using: &rng)
        }
    }

    static func colour(_ rng: inout SplitMix64) -> RGBA {
        let alphas: [UInt8] = [0, 1, 2, 127, 128, 200, 254, 255, 255, 255]
        let a = rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphas[Int(rng.next() % UInt64(alphas.count))]
        return RGBA(UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                    UInt8(truncatingIfNeeded: rng.next()), a)
    }

    /// A pixmap of random size whose pixels are opaque, translucent, or a mix (random alphas,
    /// with runs of 255 so spans meet both kinds of destination).
    static func canvas(_ rng: inout SplitMix64) throws -> Pixmap {
        let width = Int(rng.next() % 37) + 1, height = Int(rng.next() % 11) + 1
        let kind = rng.next() % 3
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            for c in 0..<3 { bytes[i + c] = UInt8(truncatingIfNeeded: rng.next()) }
            switch kind {
            case 0: bytes[i + 3] = 255
            case 1: bytes[i + 3] = UInt8(truncatingIfNeeded: rng.next())
            default: bytes[i + 3] = rng.next() % 4 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : 255
            }
        }
        var pixmap = try Pixmap(width: width, height: height, pixels: bytes)
        if kind == 0, rng.next() % 2 == 0 { pixmap.copy(pixmap, x: 0, y: 0) }  // opacity known as well as unknown
        return pixmap
    }

    static func clip(_ rng: inout SplitMix64, _ pixmap: Pixmap) -> IntRect? {
        switch rng.next() % 4 {
        case 0: return nil
        case 1: return IntRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
        default:
            func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n + 6)) - 3 }
            return IntRect(x: r(pixmap.width), y: r(pixmap.height), width: r(pixmap.width + 3), height: r(pixmap.height + 3))
        }
    }

    @Test func spanFillMatchesTheReferenceOnRandomRectangles() throws {
        var rng = SplitMix64(state: 0x5EED_F111)
        var drawn = 0, fills = 0
        for case_ in 0..<30_000 {
            var pixmap = try Self.canvas(&rng)
            var reference = pixmap
            for _ in 0..<Int(rng.next() % 3) + 1 {
                let rect = PixelRect(x: Self.coordinate(&rng, span: pixmap.width), y: Self.coordinate(&rng, span: pixmap.height),
                                     width: Self.size(&rng, pixmap.width), height: Self.size(&rng, pixmap.height))
                let colour = Self.colour(&rng), clip = Self.clip(&rng, pixmap)
                let before = pixmap.pixels
                pixmap.fill(rect, colour, clip: clip)
                reference.referenceFill(rect, colour, clip: clip)
                fills += 1
                if pixmap.pixels != before { drawn += 1 }
                guard pixmap == reference else {
                    Issue.record("case \(case_): \(pixmap.width)×\(pixmap.height), fill \(rect) \(colour) clip \(String(describing: clip))")
                    return
                }
                #expect(pixmap.isOpaque == pixmap.scanIsOpaque())
            }
        }
        #expect(drawn > 8_000, "\(drawn) of \(fills) fills changed pixels")  // the comparison has teeth
    }

    @Test func spanBlendMatchesBlendForEveryColourAlphaAndDestination() {
        // Every alpha over a sweep of colour and destination channels, opaque and translucent
        // destinations side by side (so the span takes both its paths).
        var rng = SplitMix64(state: 255)
        for alpha in UInt32(0)...255 {
            for _ in 0..<16 {
                let colour = RGBA(UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                                  UInt8(truncatingIfNeeded: rng.next()), UInt8(max(alpha, UInt32(truncatingIfNeeded: rng.next() % 256))))
                var span = (0..<36).map { i in UInt8(i % 4 == 3 ? (rng.next() % 5 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : 255)
                                                                 : UInt8(truncatingIfNeeded: rng.next())) }
                var each = span, scalar = span
                span.withUnsafeMutableBufferPointer { Pixmap.blendSpan($0.baseAddress!, count: 9, colour, alpha) }
                scalar.withUnsafeMutableBufferPointer { Pixmap.blendSpan($0.baseAddress!, count: 9, colour, alpha, scalar: true) }
                each.withUnsafeMutableBufferPointer { p in for i in 0..<9 { Pixmap.blend(p.baseAddress! + i * 4, colour, alpha) } }
                #expect(span == each, "alpha \(alpha), colour \(colour)")
                #expect(scalar == each, "scalar path: alpha \(alpha), colour \(colour)")
            }
        }
    }

    @Test func spanOverAlikePixelsMatchesBlend() {
        // A span whose pixels are all alike blends one and copies it (rg_blend_span's shortcut), opaque
        // and translucent destinations, every alpha, and spans alike but for their last pixel.
        var rng = SplitMix64(state: 0xA11CE)
        for alpha in UInt32(1)...255 {
            for count in [2, 3, 9, 33] {
                let colour = RGBA(UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                                  UInt8(truncatingIfNeeded: rng.next()), 255)
                let destination: [UInt8] = [UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                                            UInt8(truncatingIfNeeded: rng.next()), rng.next() % 2 == 0 ? 255 : UInt8(rng.next() % 255)]
                var span = Array([[UInt8]](repeating: destination, count: count).joined())
                if alpha % 2 == 0 { span[span.count - 2] ^= 1 }  // not alike: the general path
                var each = span
                span.withUnsafeMutableBufferPointer { Pixmap.blendSpan($0.baseAddress!, count: count, colour, alpha) }
                each.withUnsafeMutableBufferPointer { p in for i in 0..<count { Pixmap.blend(p.baseAddress! + i * 4, colour, alpha) } }
                #expect(span == each, "alpha \(alpha), \(count) pixels of \(destination)")
            }
        }
    }

    @Test func maskRowMatchesBlendForEveryCoverageAndAlpha() {
        // Glyph rows are blended in C (rg_blend_mask_row): each pixel as `blend` at (coverage · a + 127) / 255.
        var rng = SplitMix64(state: 0x6C7F)
        for alpha in UInt32(0)...255 {
            let colour = RGBA(UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                              UInt8(truncatingIfNeeded: rng.next()), UInt8(alpha))
            let mask = (0..<64).map { i in i < 3 ? [0, 1, 255][i] : UInt8(truncatingIfNeeded: rng.next()) }
            var row = (0..<256).map { i in i % 4 == 3 ? (rng.next() % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : 255)
                                                       : UInt8(truncatingIfNeeded: rng.next()) }
            var each = row
            row.withUnsafeMutableBufferPointer { p in
                mask.withUnsafeBufferPointer { m in
                    rg_blend_mask_row(p.baseAddress!, m.baseAddress!, 64, colour.r, colour.g, colour.b, alpha)
                }
            }
            each.withUnsafeMutableBufferPointer { p in
                for i in 0..<64 { Pixmap.blend(p.baseAddress! + i * 4, colour, (UInt32(mask[i]) * alpha + 127) / 255) }
            }
            #expect(row == each, "alpha \(alpha)")
        }
    }

    @Test func maskRowOverOpaquePixelsMatchesBlendForEveryCoverageAndAlpha() {
        // Four opaque pixels at a time take the vector path: every coverage (0...255, then a tail of
        // three pixels) at every alpha, over opaque pixels of every value.
        var rng = SplitMix64(state: 0x0A9E)
        let count = 259
        let mask = (0..<count).map { $0 < 256 ? UInt8($0) : UInt8(truncatingIfNeeded: rng.next()) }
        for alpha in UInt32(0)...255 {
            let colour = RGBA(UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                              UInt8(truncatingIfNeeded: rng.next()), UInt8(alpha))
            var row = (0..<count * 4).map { i in i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: rng.next()) }
            var each = row
            row.withUnsafeMutableBufferPointer { p in
                mask.withUnsafeBufferPointer { m in
                    rg_blend_mask_row(p.baseAddress!, m.baseAddress!, count, colour.r, colour.g, colour.b, alpha)
                }
            }
            each.withUnsafeMutableBufferPointer { p in
                for i in 0..<count { Pixmap.blend(p.baseAddress! + i * 4, colour, (UInt32(mask[i]) * alpha + 127) / 255) }
            }
            #expect(row == each, "alpha \(alpha)")
        }
    }

    /// The SSE2 path is the one tested above wherever the build has it (every x86-64).
    @Test func theVectorPathIsBuiltOnX86() {
        #if arch(x86_64)
        #expect(rg_blend_span_has_simd() == 1)
        #endif
    }

    @Test func exactDivisionBy255HoldsForEveryBlendSum() {
        // The span divides c·a + d·(255 − a) + 127 (at most 65,152) by 255 with shifts.
        for x in UInt64(0)...65_152 { #expect((x + (x >> 8) + 1) >> 8 == x / 255) }
    }

    @Test func wideFillMatchesTheReferenceAtBothFractionalEdges() throws {
        // A million columns in one row: one span between two fractional edge pixels.
        var pixmap = try Pixmap(width: 1_000_000, height: 1, fill: RGBA(10, 20, 30))
        var reference = pixmap
        let rect = PixelRect(x: 0.25, y: 0, width: 999_999.5, height: 1)
        pixmap.fill(rect, RGBA(200, 100, 0, 77))
        reference.referenceFill(rect, RGBA(200, 100, 0, 77))
        #expect(pixmap == reference)
        #expect(pixmap.pixel(x: 0, y: 0) != pixmap.pixel(x: 1, y: 0))
    }
}
