import Foundation
import Testing
import GridModel
@testable import Rasterizer
import GridExport

let sharedFont: FontRenderer = {
    do { return try FontFile.loadDefault() } catch { fatalError("\(error)") }
}()

func scenario(width: Double, height: Double, scale: Int, start: TileCoordinate = .zero,
              steps: [Step] = [], style: Style = Style()) -> Scenario {
    Scenario(name: "golden", viewport: Viewport(width: width, height: height, scale: scale),
             grid: GridSpec(start: start), style: style, steps: steps)
}

func lastFrame(_ s: Scenario) throws -> FrameState {
    var simulation = try Simulation(scenario: s)
    var last: FrameState?
    while let frame = try simulation.next() { last = frame }
    return last!
}

func render(_ s: Scenario) throws -> Pixmap {
    let renderer = FrameRenderer(scenario: s, font: sharedFont)
    var canvas = try renderer.makeCanvas()
    try renderer.render(try lastFrame(s), into: &canvas)
    return canvas
}

@Suite struct RendererTests {
    @Test func seed000LookAtOneX() throws {
        try Golden.check(try render(scenario(width: 240, height: 200, scale: 1)), named: "seed000-1x")
    }

    @Test func afterADragAtThreeX() throws {
        let s = scenario(width: 130, height: 130, scale: 3,
                         steps: [.drag(by: Vector(x: -37.3, y: 21.9), duration: 0.2, release: .hold)])
        try Golden.check(try render(s), named: "drag-3x")
    }

    @Test func farAwayLabelsWrapAtTheComma() throws {
        let s = scenario(width: 200, height: 120, scale: 2, start: TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000))
        try Golden.check(try render(s), named: "far-labels-2x")
    }

    @Test func customStyle() throws {
        var style = Style()
        style.background = RGBA(0x10, 0x20, 0x30)
        style.tileColor = RGBA(0xFF, 0xCC, 0x00, 0x80)
        style.originTileColor = RGBA(0xFF, 0x33, 0x00)
        style.borderColor = RGBA(0xFF, 0xFF, 0xFF, 0xFF)
        style.borderWidth = 2
        style.labelColor = RGBA(0xFF, 0xFF, 0xFF)
        style.fontSize = 12
        try Golden.check(try render(scenario(width: 160, height: 160, scale: 1, style: style)), named: "custom-style-1x")
    }

    @Test func labelNeverDrawsIntoANeighbour() throws {
        var style = Style()
        style.tileColor = RGBA(0, 0, 0, 0)
        style.borderColor = RGBA(0, 0, 0, 0)
        let s = scenario(width: 300, height: 100, scale: 1, style: style)
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var canvas = try renderer.makeCanvas()
        let tile = DrawnTile(coordinate: TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000), id: 0,
                             pixelRect: PixelRect(x: 100, y: 0, width: 100, height: 100))
        renderer.draw(tile, into: &canvas)
        var inked = 0
        for y in 0..<100 {
            for x in 0..<300 where canvas.pixel(x: x, y: y) != RGBA(255, 255, 255) {
                #expect((100..<200).contains(x), "ink at \(x), \(y)")
                inked += 1
            }
        }
        #expect(inked > 100)
    }

    @Test func longLabelsShrinkToFitBeforeClipping() throws {
        let text = FrameRenderer.label(for: TileCoordinate(x: 123_456, y: -654_321))
        let full = sharedFont.layout(text, pixelSize: 17)
        #expect(Double(full.width) > 96)  // too wide for a 100-point tile at full size
        let s = scenario(width: 100, height: 100, scale: 1)
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var canvas = try renderer.makeCanvas()
        renderer.drawLabel(DrawnTile(coordinate: TileCoordinate(x: 123_456, y: -654_321), id: 0,
                                     pixelRect: PixelRect(x: 0, y: 0, width: 100, height: 100)), into: &canvas)
        // Fits between the 2-point margins: the columns at the edges stay clear.
        for y in 0..<100 {
            #expect(canvas.pixel(x: 0, y: y) == RGBA(255, 255, 255))
            #expect(canvas.pixel(x: 99, y: y) == RGBA(255, 255, 255))
        }
    }

    /// Kerned pairs in DejaVu Sans lay out narrower than their glyphs' advances side by side, and the
    /// second glyph's pen moves back by the kerning.
    @Test(arguments: ["AV", "To", "VA"])
    func kerning(pair: String) throws {
        let size = 100.0
        let line = sharedFont.layout(pair, pixelSize: size)
        let first = sharedFont.layout(String(pair.prefix(1)), pixelSize: size)
        let second = sharedFont.layout(String(pair.suffix(1)), pixelSize: size)
        #expect(line.width < first.width + second.width - 2, "\(pair): \(line.width) vs \(first.width) + \(second.width)")
        try #require(line.glyphs.count == 2)
        #expect(line.glyphs[1].penX < first.width - 2)
        // A pair without kerning is the sum of its advances (to the rounding of the 26.6 pen).
        let plain = sharedFont.layout("HH", pixelSize: size)
        let h = sharedFont.layout("H", pixelSize: size)
        #expect(abs(plain.width - 2 * h.width) <= 1)
    }

    @Test func glyphCacheGivesTheSameLine() {
        let a = sharedFont.layout("(12, -3)", pixelSize: 34)
        let b = sharedFont.layout("(12, -3)", pixelSize: 34)
        #expect(a.width == b.width && a.width > 60)
        #expect(a.glyphs.map(\.penX) == b.glyphs.map(\.penX) && a.glyphs.map(\.glyph.pixels) == b.glyphs.map(\.glyph.pixels))
        #expect(a.ascender > 0 && a.descender < 0)
    }

    @Test func renderingIsDeterministic() throws {
        let s = scenario(width: 120, height: 90, scale: 2, steps: [.drag(by: Vector(x: -10.3, y: 4.1), duration: 0.1, release: .hold)])
        #expect(try PNGCodec.encode(render(s)) == PNGCodec.encode(render(s)))
    }
}

@Suite struct FontFallbackTests {
    /// Decided: a character the font lacks is drawn with the font's .notdef glyph (a box) rather than
    /// failing; a font without the digits every label needs is refused when it is opened.
    @Test func missingGlyphsUseNotdef() throws {
        #expect(!sharedFont.hasGlyph("\u{E000}"))
        let line = sharedFont.layout("(\u{E000}, 1)", pixelSize: 34)
        let without = sharedFont.layout("(, 1)", pixelSize: 34)
        #expect(line.width > without.width + 5)
        try #require(line.glyphs.count == 6)
        // The missing character's glyph is the .notdef box: a real bitmap with ink.
        let notdef = line.glyphs[1]
        #expect(notdef.glyph.width > 5 && notdef.glyph.rows > 10)
        #expect(notdef.glyph.pixels.contains { $0 > 128 })
        // Drawn, it leaves ink between "(" and ",", where the line without it has none.
        var canvas = try Pixmap(width: 200, height: 60, fill: RGBA(255, 255, 255))
        canvas.draw(line, x: 4, baseline: 40, color: RGBA(0, 0, 0), clip: canvas.bounds)
        let left = 4 + notdef.penX + notdef.glyph.left, right = left + notdef.glyph.width
        var ink = 0
        for y in 0..<canvas.height {
            for x in left..<right where canvas.pixels[(y * canvas.width + x) * 4] < 128 { ink += 1 }
        }
        #expect(ink > 20, "only \(ink) dark pixels where the .notdef box should be")
    }
}

/// The renderer at the edges of what a scenario may ask for: no trap, no write outside the buffer.
/// The 1-point tiles use a 5 × 4 viewport: each of its 30 tiles shrinks a 4000-pixel label to nothing
/// (about 33 ms a tile in a debug build), and 336 tiles at 20 × 15 took 11 s for no other case.
@Suite struct RendererExtremesTests {
    @Test(arguments: [
        (1.0, 500.0, 1000.0, 8, Size(width: 5, height: 4)), (100_000.0, 500.0, 0.0, 8, Size(width: 20, height: 15)),
        (3.0, 0.0, 1.5, 1, Size(width: 20, height: 15)), (7.3, 17.0, 0.01, 3, Size(width: 20, height: 15)),
        (100_000.0, 17.0, 1000.0, 1, Size(width: 20, height: 15)),
    ])
    func extremeStyles(tile: Double, fontSize: Double, border: Double, scale: Int, viewport: Size) throws {
        var style = Style()
        style.fontSize = fontSize
        style.borderWidth = border
        var s = scenario(width: viewport.width, height: viewport.height, scale: scale,
                         start: TileCoordinate(x: -9_007_199_254_740_992, y: 9_007_199_254_740_992),
                         steps: [.drag(by: Vector(x: -33.3, y: 17.7), duration: 0.05, release: .fling)], style: style)
        s.grid.tileSize = Size(width: tile, height: tile)
        let canvas = try render(s)
        #expect(canvas.width == Int(viewport.width) * scale && canvas.height == Int(viewport.height) * scale)
        #expect(canvas.pixels.count == canvas.width * canvas.height * 4)
    }
}

/// A renderer made from a scenario that was never validated (issue-10 review): `render` throws
/// `RasterError(.scenario)` for a scale, border width or font size outside `Scenario.validate`'s
/// ranges, and the label and HUD conversions are total even when called directly. Each runs in a
/// child process, so a trap fails the test, not the run.
@Suite struct UnvalidatedRendererTests {
    /// NaN, infinite, huge and negative border widths and font sizes with scales 0, negative and
    /// huge, labels and layers on: `render` throws `.scenario` exactly when a value is out of range.
    @Test func outOfRangeStylesAndScalesThrowInsteadOfTrapping() async {
        await #expect(processExitsWith: .success) {
            var layer = Layer()
            layer.fontSize = 12
            let scenario = RendererAPIExtremesTests.plain(layers: [layer])
            let frame = try RendererAPIExtremesTests.firstFrame({ var s = scenario; s.style.fontSize = 17; return s }())
            for value in [Double.nan, .infinity, -.infinity, 1e300, -1, 0, .leastNonzeroMagnitude] {
                for scale in [Int.min, -3, 0, 1, 1 << 40, Int.max] {
                    var hand = scenario
                    hand.viewport.scale = scale
                    hand.style.borderWidth = value
                    hand.style.fontSize = value.isNaN ? 17 : value
                    hand.layers[0].borderWidth = value
                    hand.layers[0].fontSize = value.isNaN ? 12 : value
                    hand.style.labelFormat = scale < 0 ? .grouped : .plain
                    let valid = (1...Limits.maxScale).contains(scale) && (0...500).contains(value)
                    var renderer = FrameRenderer(scenario: hand, font: sharedFont)
                    renderer.showReuse = true
                    var canvas = try Pixmap(width: frame.pixelWidth, height: frame.pixelHeight)
                    do throws(RasterError) {
                        try renderer.render(frame, into: &canvas)
                        precondition(valid, "rendered with scale \(scale), value \(value)")
                    } catch {
                        precondition(!valid && error.kind == .scenario && error.isInputError, "\(error)")
                    }
                }
            }
        }
    }

    /// The label's size conversion (`Int(full * 64)`) is total without `render`'s check.
    @Test func labelPlacementIsTotalForAnySizeAndScale() async {
        await #expect(processExitsWith: .success) {
            for scale in [Int.min, -3, 0, 1, 1 << 40, Int.max] {
                var hand = RendererAPIExtremesTests.plain()
                hand.viewport.scale = scale
                let renderer = FrameRenderer(scenario: hand, font: sharedFont)
                for size in [Double.nan, .infinity, -.infinity, 1e300, -1e300, -1, 17] {
                    _ = renderer.placeLabel(TileCoordinate(x: .min, y: .max), in: PixelRect(x: 0, y: 0, width: 100, height: 100), fontSize: size)
                }
            }
        }
    }

    /// A renderer scale of 2^60 with the HUD on: `render` throws, and the HUD itself, drawn
    /// directly, places its text with the clamping `place` instead of an unchecked `Int(_:)`.
    @Test func hugeScaleWithTheHUDThrowsAndTheHUDIsTotal() async {
        await #expect(processExitsWith: .success) {
            let frame = try RendererAPIExtremesTests.firstFrame(RendererAPIExtremesTests.plain())
            var scaled = RendererAPIExtremesTests.plain()
            scaled.viewport.scale = 1 << 60
            var renderer = FrameRenderer(scenario: scaled, font: sharedFont)
            renderer.hud = true
            var canvas = try Pixmap(width: frame.pixelWidth, height: frame.pixelHeight)
            do throws(RasterError) {
                try renderer.render(frame, into: &canvas)
                preconditionFailure("rendered with scale 2^60")
            } catch {
                precondition(error.kind == .scenario && error.message.contains("viewport.scale"), "\(error)")
            }
            renderer.drawHUD(frame, into: &canvas)
        }
    }
}
