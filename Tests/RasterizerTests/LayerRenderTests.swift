import Foundation
import Testing
@testable import GridModel
@testable import Rasterizer

/// Drawing linked (parallax) layers: behind the grid, in front of it with partial alpha, fixed
/// with factor 0, and byte-identical to the reference plane across recenters.
@Suite struct LayerRenderTests {
    /// A grid you can see through (no fill, border or label), so the layers show as they are.
    static func clearGrid(_ layers: [Layer], width: Double = 120, height: Double = 90, scale: Int = 1,
                          steps: [Step] = []) -> Scenario {
        var style = Style()
        style.tileColor = RGBA(0, 0, 0, 0)
        style.originTileColor = RGBA(0, 0, 0, 0)
        style.borderColor = RGBA(0, 0, 0, 0)
        style.fontSize = 0
        return Scenario(name: "layers", viewport: Viewport(width: width, height: height, scale: scale), style: style,
                        layers: layers, steps: steps)
    }

    static func frames(_ s: Scenario, reference: Bool = false) throws -> [FrameState] {
        var simulation = try Simulation(scenario: s, reference: reference)
        var frames: [FrameState] = []
        while let frame = try simulation.next() { frames.append(frame) }
        return frames
    }

    static func draw(_ s: Scenario, _ frame: FrameState) throws -> Pixmap {
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var canvas = try renderer.makeCanvas()
        try renderer.render(frame, into: &canvas)
        return canvas
    }

    /// Every pixel of a behind layer without borders or labels is one of its two colours, and the
    /// checkerboard alternates with the layer tile's coordinate.
    @Test func behindLayerFillsTheBackgroundAsACheckerboard() throws {
        let even = RGBA(10, 20, 30), odd = RGBA(200, 100, 50)
        let layer = Layer(factor: .zero, tileSize: Size(width: 20, height: 20), color: even, alternateColor: odd, borderWidth: 0, fontSize: 0)
        let s = Self.clearGrid([layer])
        let frame = try Self.frames(s)[0]
        let canvas = try Self.draw(s, frame)
        for (coordinate, rect) in frame.layers[0].tiles() {
            let x = Int(rect.x) + 10, y = Int(rect.y) + 10
            guard (0..<canvas.width).contains(x), (0..<canvas.height).contains(y) else { continue }
            #expect(canvas.pixel(x: x, y: y) == ((coordinate.x + coordinate.y) & 1 == 0 ? even : odd), "\(coordinate)")
        }
        // Factor 0: layer tile (0, 0) starts at the viewport's centre.
        #expect(canvas.pixel(x: 60, y: 45) == even && canvas.pixel(x: 59, y: 45) == odd && canvas.pixel(x: 60, y: 44) == odd)
    }

    /// A front layer with partial alpha blends over the grid's tiles; behind, the tiles cover it.
    @Test func frontLayerBlendsOverTheTiles() throws {
        var s = Self.clearGrid([Layer(factor: .zero, placement: .front, tileSize: Size(width: 400, height: 400),
                                      color: RGBA(255, 0, 0, 128), borderWidth: 0, fontSize: 0)])
        s.style.tileColor = RGBA(0, 0, 255)
        s.style.originTileColor = RGBA(0, 0, 255)
        let front = try Self.draw(s, try Self.frames(s)[0])
        let p = try #require(front.pixel(x: 30, y: 30))
        #expect(p.r >= 126 && p.r <= 130 && p.g == 0 && p.b >= 125 && p.b <= 129 && p.a == 255, "\(p)")
        s.layers[0].placement = .behind
        let behind = try Self.draw(s, try Self.frames(s)[0])
        #expect(behind.pixel(x: 30, y: 30) == RGBA(0, 0, 255))
    }

    /// Factor 0 is a fixed background: while the grid scrolls (and recenters), the layer's pixels
    /// do not move.
    @Test func factorZeroDoesNotMove() throws {
        let layer = Layer(factor: .zero, tileSize: Size(width: 30, height: 30), color: RGBA(0, 90, 0), alternateColor: RGBA(0, 200, 0),
                          borderWidth: 1, fontSize: 9)
        var s = Self.clearGrid([layer], steps: [.drag(by: Vector(x: -230, y: 170), duration: 0.3, release: .hold),
                                                 .wait(duration: 0.05)])
        s.scroll.contentSize = Size(width: 400, height: 400)
        s.scroll.recenter = .threshold
        let frames = try Self.frames(s)
        #expect(frames.contains { $0.recenterShift != nil })
        let first = try Self.draw(s, frames[0])
        for frame in frames.dropFirst() { #expect(try Self.draw(s, frame) == first, "frame \(frame.index)") }
    }

    /// A half-speed layer moves half as far as the grid: after the content moves 40 pixels (the finger 50: the
    /// first 10 cross the pan's slop), the layer's pixels are the first frame's shifted by 20.
    @Test func halfSpeedLayerMovesHalfAsFar() throws {
        let layer = Layer(factor: Vector(x: 0.5, y: 0.5), tileSize: Size(width: 30, height: 30), color: RGBA(0, 90, 0),
                          alternateColor: RGBA(0, 200, 0), borderWidth: 1, fontSize: 0)
        let s = Self.clearGrid([layer], steps: [.drag(by: Vector(x: -50, y: 0), duration: 0.1, release: .hold)])
        let frames = try Self.frames(s)
        let a = try Self.draw(s, frames[0]), b = try Self.draw(s, frames.last!)
        for y in 0..<a.height { for x in 20..<a.width { #expect(b.pixel(x: x - 20, y: y) == a.pixel(x: x, y: y)) } }
    }

    /// Layer labels show the layer tile's coordinate and stay inside their tile.
    @Test func layerLabelsStayInTheirTile() throws {
        let layer = Layer(factor: .zero, tileSize: Size(width: 60, height: 45), color: RGBA(255, 255, 255), borderWidth: 0,
                          labelColor: RGBA(0, 0, 0), fontSize: 30)
        let s = Self.clearGrid([layer])
        let frame = try Self.frames(s)[0]
        let canvas = try Self.draw(s, frame)
        // Tile (0, 0) spans x 60..<120, y 45..<90; its label is shrunk and clipped to its margins.
        var inked = 0
        for y in 45..<90 {
            for x in 60..<120 where canvas.pixel(x: x, y: y) != RGBA(255, 255, 255) {
                #expect((62..<118).contains(x), "ink at \(x), \(y)")
                inked += 1
            }
        }
        #expect(inked > 50)
        #expect(FrameRenderer.layerLabel(for: TileCoordinate(x: -3, y: 7)) == "(-3, 7)")
    }

    /// The bundled parallax scenario, around its first recenters, at 3x: every frame's bytes
    /// equal the reference plane's. (A 65 × 140 viewport, not 130 × 280, for speed: it still shows
    /// both layers and a recenter.)
    @Test func parallaxIsSeamlessAtThreeX() throws {
        var s = try ScenarioDecoder.decode([UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/parallax.json"))))
        s.viewport = Viewport(width: 65, height: 140, scale: 3)
        let frames = try Self.frames(s), reference = try Self.frames(s, reference: true)
        var recenters = 0
        for (frame, ideal) in zip(frames.prefix(40), reference) {
            if frame.recenterShift != nil { recenters += 1 }
            #expect(try Self.draw(s, frame) == Self.draw(s, ideal), "frame \(frame.index)")
        }
        #expect(recenters >= 1)
    }

    @Test func parallaxGolden() throws {
        var s = try ScenarioDecoder.decode([UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/parallax.json"))))
        s.viewport = Viewport(width: 200, height: 160, scale: 1)
        try Golden.check(try Self.draw(s, try Self.frames(s)[25]), named: "parallax-1x")
    }
}

/// The renderer draws any `LayerState` without trapping (issue-10 review): impossible counts or a
/// first tile at the edge of `Int64` (set here through `@testable`; outside the model these
/// fields are read-only). Each runs in a child process, so a trap fails the test, not the run.
@Suite struct LayerStateRenderTotalityTests {
    static func frameAndRenderer() throws -> (FrameState, FrameRenderer) {
        var layer = Layer()
        layer.fontSize = 0
        let scenario = RendererAPIExtremesTests.plain(layers: [layer])
        return (try RendererAPIExtremesTests.firstFrame(scenario), FrameRenderer(scenario: scenario, font: nil))
    }

    @Test func layerWithAnOverflowingTileCountRenders() async {
        await #expect(processExitsWith: .success) {
            var (frame, renderer) = try LayerStateRenderTotalityTests.frameAndRenderer()
            frame.layers[0].columns = .max
            frame.layers[0].rows = 2
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }

    @Test func layerAtTheEdgeOfInt64Renders() async {
        await #expect(processExitsWith: .success) {
            var (frame, renderer) = try LayerStateRenderTotalityTests.frameAndRenderer()
            frame.layers[0].firstTile = TileCoordinate(x: .max, y: .max)
            var canvas = try renderer.makeCanvas()
            try renderer.render(frame, into: &canvas)
        }
    }
}
