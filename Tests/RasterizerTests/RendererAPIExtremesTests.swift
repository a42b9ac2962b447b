import Testing
import GridModel
import Rasterizer
import GridExport

/// "No public API can trap or write out of bounds for any value a caller can
/// construct"): `FrameRenderer.render` fed frames and renderers built by hand. Each call runs in a
/// child process (an exit test), so a trap fails the test instead of ending the run.
@Suite struct RendererAPIExtremesTests {
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
            var frame = try RendererAPIExtremesTests.firstFrame(RendererAPIExtremesTests.plain())
            for i in frame.tiles.indices { frame.tiles[i].reuses = -1 }
            var renderer = FrameRenderer(scenario: RendererAPIExtremesTests.plain(), font: nil)
            renderer.showReuse = true
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }

    /// `Int.min` reuses, the extreme of the same hole.
    @Test func minimumReuseCountWithShowReuseDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var frame = try RendererAPIExtremesTests.firstFrame(RendererAPIExtremesTests.plain())
            frame.tiles[0].reuses = .min
            var renderer = FrameRenderer(scenario: RendererAPIExtremesTests.plain(), font: nil)
            renderer.showReuse = true
            var canvas = try renderer.makeCanvas()
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
            let scenario = RendererAPIExtremesTests.plain(layers: [layer])
            var frame = try RendererAPIExtremesTests.firstFrame(scenario)
            for i in frame.tiles.indices { frame.tiles[i].reuses = 3 }
            var renderer = FrameRenderer(scenario: scenario, font: font)
            renderer.hud = true
            renderer.showReuse = true
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }
}
