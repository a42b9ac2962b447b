import Testing
import GridModel
import TestSupport
@testable import Rasterizer

/// Drawing in row bands (`Pixmap+Bands.swift`) against drawing row by row, and what the encoder is
/// told about the rows that repeat.
@Suite struct RowBandTests {
    /// One random drawing call, applied the same way to both pixmaps.
    static func randomCall(_ rng: inout SplitMix64, on pixmap: Pixmap) -> (inout Pixmap) -> Void {
        let w = pixmap.width
        let h = pixmap.height
        let colour = SpanFillTests.colour(&rng)
        func rect() -> PixelRect {
            PixelRect(
                x: SpanFillTests.coordinate(&rng, span: w), y: SpanFillTests.coordinate(&rng, span: h),
                width: SpanFillTests.size(&rng, w), height: SpanFillTests.size(&rng, h))
        }
        switch rng.next() % 10 {
        case 0:
            return { $0.clear(colour) }
        case 1, 2:
            let r = rect()
            let width = Double(rng.next() % 9) / 2
            let clip = rng.next() % 2 == 0 ? nil : rect()
            return { $0.fillBorder(r, width: width, colour, clip: clip) }
        case 3:
            // A glyph-like mask: every row differs.
            let mw = Int(rng.next() % 9) + 1
            let mh = Int(rng.next() % 9) + 1
            let mask = (0..<(mw * mh)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let x = Int(rng.next() % UInt64(w + 6)) - 3
            let y = Int(rng.next() % UInt64(h + 6)) - 3
            let clip = SpanFillTests.clip(&rng, pixmap) ?? pixmap.bounds
            return { p in
                mask.withUnsafeBufferPointer {
                    p.blendMask($0, maskWidth: mw, maskHeight: mh, at: x, y, color: colour, clip: clip)
                }
            }
        case 4:
            let image = try? SpanFillTests.canvas(&rng)
            let x = Int(rng.next() % UInt64(w + 6)) - 3
            let y = Int(rng.next() % UInt64(h + 6)) - 3
            return { p in if let image { p.copy(image, x: x, y: y) } }
        default:
            let r = rect()
            let clip = SpanFillTests.clip(&rng, pixmap)
            return { $0.fill(r, colour, clip: clip) }
        }
    }

    /// A canvas taller than `SpanFillTests.canvas`'s, so bands have room.
    static func canvas(_ rng: inout SplitMix64) throws -> Pixmap {
        var pixmap = try SpanFillTests.canvas(&rng)
        let height = Int(rng.next() % 40) + 1
        var tall = try Pixmap(width: pixmap.width, height: height)
        for y in stride(from: 0, to: height, by: pixmap.height) { tall.copy(pixmap, x: 0, y: y) }
        pixmap = tall
        return pixmap
    }

    @Test func drawingInBandsGivesTheSamePixelsAsRowByRow() throws {
        var rng = SplitMix64(state: 0xBA4D5)
        var repeatsKnown = 0
        for case_ in 0..<4_000 {
            var plain = try Self.canvas(&rng)
            var banded = plain
            banded.beginBands()
            for _ in 0..<Int(rng.next() % 8) + 1 {
                let call = Self.randomCall(&rng, on: plain)
                call(&plain)
                call(&banded)
            }
            banded.endBands()
            guard banded == plain else {
                Issue.record("case \(case_): \(plain.width)×\(plain.height) differs")
                return
            }
            #expect(banded.isOpaque == banded.scanIsOpaque(), "case \(case_)")
            // What the encoder is told: a row marked as repeating equals the row above.
            let starts = try #require(banded.knownRowStarts)
            #expect(starts.count == banded.height + 1 && starts[0] == 1)
            let stride = banded.width * 4
            for y in 1..<banded.height where starts[y] == 0 {
                repeatsKnown += 1
                #expect(banded.pixels[(y * stride)..<((y + 1) * stride)] == banded.pixels[((y - 1) * stride)..<(y * stride)])
            }
        }
        #expect(repeatsKnown > 10_000, "\(repeatsKnown) rows known to repeat")  // the bands were used
    }

    @Test func theEncoderWritesTheSameBytesWhenToldWhichRowsRepeat() throws {
        var rng = SplitMix64(state: 0xE4C0DE)
        for _ in 0..<300 {
            var banded = try Self.canvas(&rng)
            banded.beginBands()
            banded.clear(RGBA(30, 60, 90))
            for _ in 0..<6 { Self.randomCall(&rng, on: banded)(&banded) }
            banded.endBands()
            let plain = try Pixmap(width: banded.width, height: banded.height, pixels: banded.pixels)
            #expect(plain.knownRowStarts == nil)
            #expect(try PNGCodec.encodeFast(banded) == PNGCodec.encodeFast(plain))
            #expect(try PNGCodec.encodeFast(banded, scalar: true) == PNGCodec.encodeFast(plain))
        }
    }

    @Test func aRenderedFrameIsAFewBandsAndAnyLaterWriteForgetsThem() throws {
        let s = scenario(
            width: 390, height: 844, scale: 3,
            steps: [.drag(by: Vector(x: -37.3, y: 21.9), duration: 0.2, release: .hold)])
        var canvas = try render(s)
        let starts = try #require(canvas.knownRowStarts)
        let distinct = starts.dropLast().filter { $0 == 1 }.count
        // 2,532 rows: the tile edges' rows and the labels' rows are drawn, the rest copied.
        #expect(distinct < canvas.height / 4, "\(distinct) of \(canvas.height) rows drawn")
        #expect(distinct > 8)
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), RGBA(255, 0, 0))
        #expect(canvas.knownRowStarts == nil)
    }

    @Test(arguments: [1, 2, 3])
    func renderPNGWritesWhatRenderThenEncodeWrites(scale: Int) throws {
        // The render path encodes without writing the repeated rows; the same bytes as render + encode, for
        // an opaque frame (fast encoder), a translucent background (RGBA, libpng) and libpng, and on a canvas
        // reused from the frame before.
        var translucent = Style()
        translucent.background = RGBA(255, 255, 255, 100)
        for style in [Style(), translucent] {
            let s = scenario(
                width: 130, height: 170, scale: scale,
                steps: [.drag(by: Vector(x: -37.3, y: 21.9), duration: 0.1, release: .hold)], style: style)
            let renderer = FrameRenderer(scenario: s, font: sharedFont)
            var simulation = try Simulation(scenario: s)
            var reused = try renderer.makeCanvas()
            var frames = 0
            while let frame = try simulation.next() {
                var canvas = try renderer.makeCanvas()
                try renderer.render(frame, into: &canvas)
                for encoder in PNGEncoder.allCases {
                    let expected = try PNGCodec.encode(canvas, encoder: encoder)
                    #expect(try renderer.renderPNG(frame, into: &reused, compression: .fast, encoder: encoder) == expected)
                }
                frames += 1
            }
            #expect(frames > 3)
        }
    }

    @Test func aSplitOutsideThePixmapOrOutsideBandsDoesNothing() throws {
        var pixmap = try Pixmap(width: 3, height: 4, fill: RGBA(1, 2, 3))
        let before = pixmap
        pixmap.splitBands(rows: -5..<10)  // not drawing in bands
        pixmap.splitBands(at: -1, 0, 4, Int.max)
        #expect(pixmap == before && pixmap.knownRowStarts == nil)
        pixmap.beginBands()
        pixmap.clear(RGBA(9, 9, 9))
        pixmap.splitBands(at: Int.min, -1, 4, Int.max)
        pixmap.splitBands(rows: Int.min..<0)
        pixmap.endBands()
        #expect(pixmap.knownRowStarts == [1, 0, 0, 0, 1])
        #expect(pixmap == (try Pixmap(width: 3, height: 4, fill: RGBA(9, 9, 9))))
    }
}
