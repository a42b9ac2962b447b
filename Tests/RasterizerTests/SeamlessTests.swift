import Foundation
import Testing
@testable import GridModel
@testable import Rasterizer

/// Root of the package, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func bundledScenarioNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path)) ?? []
    return files.filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.map { String($0.dropLast(5)) }.sorted()
}

func bundledScenario(_ name: String, viewportDivisor divisor: Double = 1) throws -> Scenario {
    let data = try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).json"))
    var scenario = try ScenarioDecoder.decode([UInt8](data))
    scenario.viewport.width = (scenario.viewport.width / divisor).rounded()
    scenario.viewport.height = (scenario.viewport.height / divisor).rounded()
    return scenario
}

/// Seamlessness, proved in two halves:
///
/// 1. **Model**: every frame a strategy produces `drawsSame` as the reference plane's frame, for every
///    bundled scenario up to its first content edge, at its own viewport and at viewports reduced to a
///    half and a third (different tile counts and recenter points; scale, tiles, content and steps are
///    the scenario's).
/// 2. **Renderer**: the renderer reads nothing that `drawsSame` does not compare (two frames that
///    draw the same render the same bytes), and `drawsSame` compares nothing the renderer ignores
///    that could hide a difference (changing any drawn field changes the pixels).
///
/// Together they give the pixel property; `pixelsMatchAroundRecenters` keeps it covered end to end.
/// Scenarios that hit a content edge on purpose compare only the frames before it: the fewest
/// frames (and recenters) each must still compare. Every other scenario: 30 frames, and at least
/// one recenter when it recenters at all.
let framesBeforeTheEdge: [String: (frames: Int, recenters: Int)] = [
    "atRest-edge": (6, 0), "atRest-edge-refling": (16, 0), "edge-stop": (10, 0), "none-edge": (10, 0), "rubber-band": (1, 0),
]

@Suite struct SeamlessTests {
    @Test(arguments: bundledScenarioNames(), [1.0, 2.0, 3.0])
    func everyFrameDrawsTheSameAsTheReference(name: String, viewportDivisor: Double) throws {
        let scenario = try bundledScenario(name, viewportDivisor: viewportDivisor)
        var strategy = try Simulation(scenario: scenario)
        var reference = try Simulation(scenario: scenario, reference: true)
        var compared = 0, recenters = 0
        while let frame = try strategy.next() {
            let ideal = try #require(try reference.next(), "the reference of \(name) ends early")
            if frame.edgeHit || ideal.edgeHit { break }  // from here on the edge is the point of the scenario
            if frame.recenterShift != nil { recenters += 1 }
            if !frame.drawsSame(as: ideal) {
                // Found by this test (a regression test now): seed 004's loop at half its viewport (390-point
                // items paging a 195-point viewport) starts half a page off the page grid, as its strip centres
                // the start tile; the ideal plane started on the grid, so it paged half a page elsewhere.
                Issue.record("frame \(frame.index) of \(name) (viewport ÷\(viewportDivisor)) differs from the reference")
                return
            }
            compared += 1
        }
        let minimum = framesBeforeTheEdge[name] ?? (30, 1)
        #expect(compared >= minimum.frames, "\(name) (viewport ÷\(viewportDivisor)) compared only \(compared) frames")
        let infiniteAxis = [scenario.grid.columns, scenario.grid.rows].contains { $0 == nil } || scenario.grid.loop == .seamless
        if scenario.pager == nil && scenario.scroll.recenter != .none && infiniteAxis {
            #expect(recenters >= minimum.recenters, "\(name) (viewport ÷\(viewportDivisor)) recenters \(recenters) times before its edge")
        }
    }

    /// End to end, in pixels, on a few frames around each of the first recenters of a few scenarios
    /// (grid only, grid at scale 3, grid with linked layers).
    @Test(arguments: ["drag-atRest", "scale3", "parallax"])
    func pixelsMatchAroundRecenters(name: String) throws {
        let scenario = try bundledScenario(name, viewportDivisor: 3)
        var strategy = try Simulation(scenario: scenario)
        var reference = try Simulation(scenario: scenario, reference: true)
        var pairs: [(FrameState, FrameState)] = []
        while let frame = try strategy.next() { pairs.append((frame, try #require(try reference.next()))) }
        let recenters = pairs.indices.filter { pairs[$0].0.recenterShift != nil && !pairs[$0].0.edgeHit }
        #expect(recenters.count >= 2, "\(name) recenters \(recenters.count) times")
        let picked = Set(recenters.prefix(3).flatMap { max(0, $0 - 1)...min(pairs.count - 1, $0 + 1) })
        let renderer = FrameRenderer(scenario: scenario, font: sharedFont)
        var a = try renderer.makeCanvas(), b = try renderer.makeCanvas()
        for i in picked.sorted() {
            try renderer.render(pairs[i].0, into: &a)
            try renderer.render(pairs[i].1, into: &b)
            #expect(a == b, "frame \(i) of \(name) differs from the reference in pixels")
        }
        #expect(picked.count >= 6)
    }

    /// A frame of `parallax` (tiles, labels and both kinds of layer) at a reduced viewport.
    static func parallaxFrame() throws -> (FrameRenderer, FrameState) {
        let scenario = try bundledScenario("parallax", viewportDivisor: 1.5)
        var simulation = try Simulation(scenario: scenario)
        var frame: FrameState?
        for _ in 0..<10 { frame = try simulation.next() }
        return (FrameRenderer(scenario: scenario, font: sharedFont), try #require(frame))
    }

    func pixels(_ renderer: FrameRenderer, _ frame: FrameState) throws -> [UInt8] {
        var canvas = try renderer.makeCanvas()
        try renderer.render(frame, into: &canvas)
        return canvas.pixels
    }

    /// Two frames that `drawsSame` but differ in every field it does not compare render the same bytes.
    @Test func rendererReadsOnlyWhatDrawsSameCompares() throws {
        let (renderer, base) = try Self.parallaxFrame()
        #expect(base.tiles.count > 4 && base.layers.count == 2)
        var other = base
        other.index += 1234
        other.time += 56.5
        other.phase = base.phase == .idle ? .decelerating : .idle
        other.contentOffset = Vector(x: base.contentOffset.x + 777, y: base.contentOffset.y - 333)
        other.contentSize = Size(width: base.contentSize.width * 2, height: base.contentSize.height + 1)
        other.events = [.recenter(shift: Vector(x: 3, y: 4)), .cancel, .jump(tile: TileCoordinate(x: 9, y: 9))]
        other.recenterShift = base.recenterShift == nil ? Vector(x: 300, y: -200) : nil
        other.stats = TileStats(live: 999, created: 1, reused: 2, removed: 3, pool: 4, loads: 5)
        other.edgeHit.toggle()
        other.page = TileCoordinate(x: 5, y: -5)
        other.pageVisibility = [PageVisibility(page: TileCoordinate(x: 1, y: 1), fraction: 0.25)]
        for i in other.tiles.indices {
            other.tiles[i].id += 1000
            other.tiles[i].reuses += 7
            other.tiles[i].coordinate = TileCoordinate(x: other.tiles[i].coordinate.x + 50, y: -other.tiles[i].coordinate.y)
        }
        #expect(other.drawsSame(as: base))
        #expect(try pixels(renderer, other) == pixels(renderer, base))
    }

    /// `FrameState.scale` is read (it sizes the canvas), so `drawsSame` compares it: two frames at other
    /// scales never count as the same drawing (a regression test; it was a known issue until it did).
    @Test func frameScaleIsReadAndCompared() throws {
        let (renderer, base) = try Self.parallaxFrame()
        var other = base
        other.scale += 1
        #expect(try pixels(renderer, other) != pixels(renderer, base))
        #expect(!other.drawsSame(as: base))
    }

    /// Each field `drawsSame` compares changes the pixels when it changes, so the comparison is not
    /// weaker than the picture. (LayerState.offset, layer.factor and layer.tileSize are compared but
    /// only drawn through firstTile/firstRect, which are covered here.)
    @Test func everyComparedFieldIsDrawn() throws {
        let (renderer, base) = try Self.parallaxFrame()
        let basePixels = try pixels(renderer, base)
        // A tile fully inside the viewport, so every change to it shows.
        let w = Double(base.pixelWidth), h = Double(base.pixelHeight)
        let t = try #require(base.tiles.firstIndex { $0.pixelRect.x >= 0 && $0.pixelRect.y >= 0
            && $0.pixelRect.x + $0.pixelRect.width <= w && $0.pixelRect.y + $0.pixelRect.height <= h && $0.item != .zero })
        let changes: [(String, (inout FrameState) -> Void)] = [
            ("viewport", { $0.viewport.width += 10 }),
            ("tile count", { $0.tiles.remove(at: t) }),
            ("tile item", { $0.tiles[t].item.x += 1 }),
            ("tile item (origin colour)", { $0.tiles[t].item = .zero }),
            ("tile rect x", { $0.tiles[t].pixelRect.x += 1 }),
            ("tile rect y", { $0.tiles[t].pixelRect.y += 1 }),
            ("tile rect width", { $0.tiles[t].pixelRect.width -= 2 }),
            ("tile rect height", { $0.tiles[t].pixelRect.height -= 2 }),
            ("tile loaded", { $0.tiles[t].loaded = false }),
            ("layers removed", { $0.layers.removeAll() }),
            ("layer placement", { $0.layers[0].layer.placement = .front }),
            ("layer color", { $0.layers[0].layer.color = RGBA(255, 0, 0) }),
            ("layer alternateColor", { $0.layers[0].layer.alternateColor = RGBA(0, 255, 0) }),
            ("layer labelColor", { $0.layers[0].layer.labelColor = RGBA(255, 0, 255) }),
            ("layer fontSize", { $0.layers[0].layer.fontSize = 20 }),
            ("layer borderColor", { $0.layers[1].layer.borderColor = RGBA(0, 0, 255) }),
            ("layer borderWidth", { $0.layers[1].layer.borderWidth = 4 }),
            ("layer firstTile", { $0.layers[0].firstTile.x += 1 }),
            ("layer firstRect", { $0.layers[0].firstRect.x += 1 }),
            ("layer columns", { $0.layers[0].columns -= 1 }),
            ("layer rows", { $0.layers[0].rows -= 1 }),
        ]
        for (field, change) in changes {
            var other = base
            change(&other)
            #expect(!other.drawsSame(as: base), "drawsSame does not see a change of \(field)")
            #expect(try pixels(renderer, other) != basePixels, "a change of \(field) draws nothing different")
        }
    }
}
