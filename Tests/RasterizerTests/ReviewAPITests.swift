import Testing
import GridModel
import Rasterizer
import GridExport

/// Review of issue 10 ("no public API can trap or write out of bounds for any value a caller can
/// construct"): `FrameRenderer.render` fed frames and renderers built by hand. Each call runs in a
/// child process (an exit test), so a trap fails the test instead of ending the run.
@Suite struct ReviewRendererAPITests {
    /// A plain 3×3-tile scenario at scale 1 with labels off (no font needed).
    static func plain(layers: [Layer] = []) -> Scenario {
        var style = Style()
        style.fontSize = 0
        return Scenario(name: "review", viewport: Viewport(width: 300, height: 300, scale: 1), style: style,
                        layers: layers, steps: [.wait(duration: 0.1)])
    }

    static func firstFrame(_ scenario: Scenario) throws -> FrameState {
        var simulation = try Simulation(scenario: scenario)
        return try #require(try simulation.next())
    }

    /// `DrawnTile.reuses` is a public `Int`; with `showReuse` a negative count reaches
    /// `FrameRenderer.reuseTint`, whose `UInt8(255 * min(1, 2 * u))` traps for u < 0.
    @Test func negativeReuseCountWithShowReuseDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var frame = try ReviewRendererAPITests.firstFrame(ReviewRendererAPITests.plain())
            for i in frame.tiles.indices { frame.tiles[i].reuses = -1 }
            var renderer = FrameRenderer(scenario: ReviewRendererAPITests.plain(), font: nil)
            renderer.showReuse = true
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }

    /// `Int.min` reuses, the extreme of the same hole.
    @Test func minimumReuseCountWithShowReuseDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var frame = try ReviewRendererAPITests.firstFrame(ReviewRendererAPITests.plain())
            frame.tiles[0].reuses = .min
            var renderer = FrameRenderer(scenario: ReviewRendererAPITests.plain(), font: nil)
            renderer.showReuse = true
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }

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

    /// Control: the same renderer calls with ordinary values do exit cleanly (so the tests above
    /// can only fail on the hand-built value).
    @Test func controlOrdinaryValuesRender() async {
        await #expect(processExitsWith: .success) {
            let font = try FontFile.loadDefault()
            var layer = Layer()
            layer.fontSize = 0
            let scenario = ReviewRendererAPITests.plain(layers: [layer])
            var frame = try ReviewRendererAPITests.firstFrame(scenario)
            for i in frame.tiles.indices { frame.tiles[i].reuses = 3 }
            var renderer = FrameRenderer(scenario: scenario, font: font)
            renderer.hud = true
            renderer.showReuse = true
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }
}
