import Testing
import GridModel
import Rasterizer
import GridExport

/// Review findings of issue 10 in Rasterizer, left failing on purpose: each asserts the correct
/// behaviour (no trap for any value a caller can construct) and fails until the cause is fixed.
/// Each runs in a child process (an exit test), so the trap fails the test, not the run.
@Suite struct ReviewRendererFindingsTests {
    /// `LayerState.columns` / `rows` are public vars; `tileCount` multiplies them unchecked, and
    /// `tiles()` (which the renderer calls) reserves `tileCount`.
    @Test func layerStateWithOverflowingTileCountDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var layer = Layer()
            layer.fontSize = 0
            let scenario = ReviewRendererAPITests.plain(layers: [layer])
            var frame = try ReviewRendererAPITests.firstFrame(scenario)
            frame.layers[0].columns = .max
            frame.layers[0].rows = 2
            let renderer = FrameRenderer(scenario: scenario, font: nil)
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }

    /// `LayerState.firstTile` is public; `tiles()` adds the column to `firstTile.x` unchecked.
    @Test func layerStateAtTheEdgeOfInt64DoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var layer = Layer()
            layer.fontSize = 0
            let scenario = ReviewRendererAPITests.plain(layers: [layer])
            var frame = try ReviewRendererAPITests.firstFrame(scenario)
            frame.layers[0].firstTile = TileCoordinate(x: .max, y: .max)
            let renderer = FrameRenderer(scenario: scenario, font: nil)
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }

    /// `FrameRenderer(scenario:font:)` does not validate; a hand-built scenario's `viewport.scale`
    /// becomes the HUD's scale, and `drawHUD` converts `panel.y + pad + …` (≈ 10 × scale) with an
    /// unchecked `Int(_:)`. The frame itself is an ordinary 300×300 one.
    @Test func hudWithAHugeRendererScaleDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let font = try FontFile.loadDefault()
            let frame = try ReviewRendererAPITests.firstFrame(ReviewRendererAPITests.plain())
            var scaled = ReviewRendererAPITests.plain()
            scaled.viewport.scale = 1 << 60
            var renderer = FrameRenderer(scenario: scaled, font: font)
            renderer.hud = true
            var canvas = try Pixmap(width: frame.pixelWidth, height: frame.pixelHeight)
            try renderer.render(frame, into: &canvas)
        }
    }

    /// A renderer made from a hand-built (unvalidated) style and scale: NaN, infinite and huge
    /// border widths and font sizes, scales 0, negative and huge, with labels and layers drawn.
    /// Traps in `fittedLabel` (FrameRenderer+Labels.swift: `Int((full * 64).rounded())`): `full` is
    /// NaN for an infinite font size at scale 0, −inf at a negative scale, below Int.min/64 at a
    /// scale of −2^53 and less (e.g. `Int.min` with the default 17-point labels).
    @Test func unvalidatedStylesAndScalesDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            let font = try FontFile.loadDefault()
            var layer = Layer()
            layer.fontSize = 12
            let scenario = ReviewRendererAPITests.plain(layers: [layer])
            let frame = try ReviewRendererAPITests.firstFrame({ var s = scenario; s.style.fontSize = 17; return s }())
            for value in [Double.nan, .infinity, -.infinity, 1e300, -1, 0, .leastNonzeroMagnitude] {
                for scale in [Int.min, -3, 0, 1, 1 << 40, Int.max] {
                    var hand = scenario
                    hand.viewport.scale = scale
                    hand.style.borderWidth = value
                    hand.style.fontSize = value.isNaN ? 17 : value
                    hand.layers[0].borderWidth = value
                    hand.layers[0].fontSize = value.isNaN ? 12 : value
                    hand.style.labelFormat = scale < 0 ? .grouped : .plain
                    var renderer = FrameRenderer(scenario: hand, font: font)
                    renderer.showReuse = true
                    var canvas = try Pixmap(width: frame.pixelWidth, height: frame.pixelHeight)
                    try? renderer.render(frame, into: &canvas)
                }
            }
        }
    }
}
