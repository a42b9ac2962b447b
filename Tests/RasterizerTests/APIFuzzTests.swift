import Foundation
import Testing
import TestSupport
import GridModel
@testable import Rasterizer
import GridExport

/// The Rasterizer's public API called with any values a caller can construct: sizes, rectangles,
/// clips, positions, text and text sizes at their extremes. Nothing may trap (a trap ends the test
/// run) or write outside the canvas (checked by a guard band of untouched pixels around a sub-area,
/// and by AddressSanitizer when run under `swift build --sanitize=address`).
/// `RENDER_GRID_FUZZ_SECONDS` and `RENDER_GRID_FUZZ_SEED` widen a run.
@Suite struct RasterizerAPIFuzzTests {
    static let ints = [0, 1, -1, 2, 3, 7, 100, -100, 4096, 65535, 1 << 31, -(1 << 31), 1 << 40, Int.max, Int.min, Int.max - 1, Int.min + 1]
    static let doubles: [Double] = [0, -0.0, 0.5, -0.5, 1, 1.5, 2.25, -3.75, 100, -100, 1e9, -1e9, 1e300, -1e300,
                                    .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 9.2e18, -9.2e18]

    static func int(_ rng: inout SplitMix64) -> Int {
        Bool.random(using: &rng) ? ints.randomElement(using: &rng)! : Int.random(in: -20...20, using: &rng)
    }

    static func double(_ rng: inout SplitMix64) -> Double {
        Bool.random(using: &rng) ? doubles.randomElement(using: &rng)! : Double.random(in: -20...20, using: &rng)
    }

    static func color(_ rng: inout SplitMix64) -> RGBA {
        RGBA(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
             UInt8.random(in: 0...255, using: &rng), [0, 1, 128, 254, 255].randomElement(using: &rng)!)
    }

    @Test func canvasAndTextCallsNeverTrapOrEscape() throws {
        let env = ProcessInfo.processInfo.environment
        let seconds = env["RENDER_GRID_FUZZ_SECONDS"].flatMap(Double.init) ?? 0  // 3000 calls unless set
        let seed = env["RENDER_GRID_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x5EED
        var rng = SplitMix64(state: seed)
        let font = sharedFont
        let started = Date()
        var calls = 0, refusedSizes = 0
        let texts = ["", "(0, 0)", "(-9007199254740992, 9007199254740992)", "\u{0}\u{7F}", "💥é\u{E000}", String(repeating: "W", count: 300)]
        // 3000 calls (the same ones on every machine); more while RENDER_GRID_FUZZ_SECONDS lasts.
        while (Date().timeIntervalSince(started) < seconds || calls < 3000) && calls < 2_000_000 {
            // Any size: valid ones give a canvas, invalid ones an error, never a trap.
            do { _ = try Pixmap(width: Self.int(&rng), height: Self.int(&rng)) } catch { refusedSizes += 1 }
            do { _ = try Pixmap(width: Self.int(&rng), height: Self.int(&rng), pixels: [UInt8](repeating: 1, count: Int.random(in: 0...64, using: &rng))) } catch {}
            // Draw into the middle 8 × 8 of a 12 × 12 canvas: the 2-pixel band must stay untouched.
            var canvas = try Pixmap(width: 12, height: 12, fill: RGBA(1, 2, 3, 4))
            let inner = IntRect(minX: 2, minY: 2, maxX: 10, maxY: 10)
            for _ in 0..<8 {
                let random = Bool.random(using: &rng)
                    ? IntRect(minX: Self.int(&rng), minY: Self.int(&rng), maxX: Self.int(&rng), maxY: Self.int(&rng))
                    : IntRect(x: Self.int(&rng), y: Self.int(&rng), width: Self.int(&rng), height: Self.int(&rng))
                let clip = Bool.random(using: &rng) ? inner : random.clipped(to: inner)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    canvas.fill(PixelRect(x: Self.double(&rng), y: Self.double(&rng), width: Self.double(&rng), height: Self.double(&rng)),
                                Self.color(&rng), clip: clip)
                case 1:
                    let line = font.layout(texts.randomElement(using: &rng)!, pixelSize: Bool.random(using: &rng) ? Self.double(&rng) : 9)
                    canvas.draw(line, x: Self.int(&rng), baseline: Self.int(&rng), color: Self.color(&rng), clip: clip)
                case 2:
                    let mask = [UInt8](repeating: 200, count: Int.random(in: 0...40, using: &rng))
                    mask.withUnsafeBufferPointer { m in
                        canvas.blendMask(m, maskWidth: Self.int(&rng), maskHeight: Self.int(&rng), at: Self.int(&rng), Self.int(&rng),
                                         color: Self.color(&rng), clip: clip)
                    }
                default:
                    // copy() writes wherever it is told inside the canvas; use a scratch canvas.
                    var scratch = try Pixmap(width: 5, height: 4)
                    scratch.copy(canvas, x: Self.int(&rng), y: Self.int(&rng))
                    _ = scratch.pixel(x: Self.int(&rng), y: Self.int(&rng))
                    #expect(scratch.withUnsafeBytes { $0.count } == 5 * 4 * 4)
                }
                calls += 1
            }
            for y in 0..<12 {
                for x in 0..<12 where !(2..<10).contains(x) || !(2..<10).contains(y) {
                    if canvas.pixel(x: x, y: y) != RGBA(1, 2, 3, 4) {
                        Issue.record("seed \(seed): pixel \(x), \(y) outside the clip was written")
                        return
                    }
                }
            }
            _ = try PNGCodec.encode(canvas)
        }
        print("rasterizer API fuzz: \(calls) calls, \(refusedSizes) invalid sizes refused, seed \(seed)")
        #expect(calls > 1000)
        #expect(font.cacheBytes <= FontRenderer.maxCacheBytes)
    }

    /// The glyph and layout caches stay within their byte budget however many sizes and texts
    /// pass through them (a 6 KB scenario with large, shrinking labels once reached 3.2 GB).
    @Test func glyphCacheIsBoundedInBytes() throws {
        let font = try FontFile.loadDefault()
        for step in 0..<400 {
            _ = font.layout("(\(step), -\(step * 7))", pixelSize: 300 + Double(step) * 0.25)
            #expect(font.cacheBytes <= FontRenderer.maxCacheBytes)
        }
        #expect(font.cacheBytes > 0)
        // A glyph once cached is not loaded again: the same text at the same size is the same line.
        let a = font.layout("(1, 2)", pixelSize: 17), b = font.layout("(1, 2)", pixelSize: 17)
        #expect(a.width == b.width && a.glyphs.count == b.glyphs.count)
    }

    /// Damaged font files (flipped bytes, truncation, table directory garbage) are refused with an
    /// error or draw labels; FreeType never crashes the process on them.
    @Test func damagedFontsNeverCrash() throws {
        let env = ProcessInfo.processInfo.environment
        let seconds = env["RENDER_GRID_FUZZ_SECONDS"].flatMap(Double.init) ?? 0  // 1000 fonts unless set
        let seed = env["RENDER_GRID_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xF0
        var rng = SplitMix64(state: seed)
        let original = try FileInput.read(FontFile.defaultPath(), maxBytes: FontRenderer.maxFontBytes, what: "font")
        let started = Date()
        var tried = 0, opened = 0
        while (Date().timeIntervalSince(started) < seconds || tried < 1000) && tried < 100_000 {
            var bytes = original
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:  // flip bytes anywhere
                for _ in 0..<Int.random(in: 1...64, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            case 1:  // the table directory and the first tables, where offsets and lengths live
                for _ in 0..<Int.random(in: 1...16, using: &rng) {
                    bytes[Int.random(in: 0..<min(bytes.count, 1024), using: &rng)] = [0, 0xFF, 0x7F, 0x80].randomElement(using: &rng)!
                }
            case 2:  // truncate
                bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &rng)...)
            default:  // garbage
                bytes = (0..<Int.random(in: 0...4096, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            }
            tried += 1
            guard let font = try? FontRenderer(bytes: bytes, name: "fuzzed.ttf") else { continue }
            opened += 1
            var canvas = try Pixmap(width: 64, height: 24, fill: RGBA(255, 255, 255))
            for size in [9.0, 17, 34] {
                canvas.draw(font.layout("(-1234, 5678)", pixelSize: size), x: 2, baseline: 18, color: RGBA(0, 0, 0), clip: canvas.bounds)
            }
        }
        print("font fuzz: \(tried) damaged fonts, \(opened) opened and drew labels, seed \(seed)")
        #expect(tried > 10)
    }
}
