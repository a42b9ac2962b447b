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
}
