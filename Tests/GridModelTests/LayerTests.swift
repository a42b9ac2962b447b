import Foundation
import Testing
@testable import GridModel
import TestSupport

/// Linked (parallax) layers, seed 001's 联动/视差滚动: decoding, validation, and the layer offset as
/// factor × the ideal scroll position, exact across recenters and far from the origin.
@Suite struct LayerDecodingTests {
    @Test func parallaxScenarioDecodes() throws {
        let s = try bundledScenario("parallax")
        #expect(s.layers.count == 2)
        let back = s.layers[0], front = s.layers[1]
        #expect(back.factor == Vector(x: 0.5, y: 0.5))
        #expect(back.placement == .behind)
        #expect(back.tileSize == Size(width: 150, height: 150))
        #expect(back.color == RGBA(0xDC, 0xE8, 0xF5) && back.alternateColor == RGBA(0xB9, 0xD0, 0xEA))
        #expect(back.borderWidth == 0 && back.fontSize == 13)
        #expect(front.factor == Vector(x: 1.5, y: 1.5))
        #expect(front.placement == .front)
        #expect(front.color.a == 0 && front.alternateColor?.a == 0x18 && front.fontSize == 0)
    }

    @Test func factorPerAxisAndDefaults() throws {
        let s = try decode(#"{ "name": "l", "viewport": { "width": 300, "height": 200 }, "layers": [ { "factor": { "x": 0, "y": -0.25 } }, {} ], "steps": [] }"#)
        #expect(s.layers[0].factor == Vector(x: 0, y: -0.25))
        #expect(s.layers[1] == Layer())
        #expect(s.layers[1].factor == Vector(x: 0.5, y: 0.5) && s.layers[1].placement == .behind)
        #expect(try decode(scenarioJSON(steps: "[]")).layers.isEmpty)
    }

    @Test func rangeDecodes() throws {
        #expect(try decode(scenarioJSON(steps: "[]")).grid.range == .visible)
        #expect(try decode(scenarioJSON(steps: "[]", grid: #"{ "range": "freshcode" }"#)).grid.range == .freshcode)
        #expect(try bundledScenario("freshcode-gaps").grid.range == .freshcode)
    }

    struct Bad: Sendable, CustomStringConvertible {
        var json: String
        var kind: ScenarioError.Kind
        var path: String
        var message: String
        var description: String { path + " " + message }
    }

    static func layered(_ layers: String, extra: String = "") -> String {
        #"{ "name": "l", "viewport": { "width": 390, "height": 844 }, "layers": \#(layers)\#(extra), "steps": [] }"#
    }

    static let bad: [Bad] = [
        Bad(json: layered("{}"), kind: .wrongType, path: "layers", message: "must be an array"),
        Bad(json: layered("[ 1 ]"), kind: .wrongType, path: "layers[0]", message: "must be an object"),
        Bad(json: layered("[" + Array(repeating: "{}", count: 9).joined(separator: ",") + "]"), kind: .limitExceeded, path: "layers",
            message: "9 layers; the limit is 8"),
        Bad(json: layered(#"[ { "factor": 5 } ]"#), kind: .outOfRange, path: "layers[0].factor", message: "allowed: -4...4"),
        Bad(json: layered(#"[ {}, { "factor": {} } ]"#), kind: .missingKey, path: "layers[1].factor", message: #"needs "x", "y" or both"#),
        Bad(json: layered(#"[ { "factor": { "x": 0.5, "y": -4.5 } } ]"#), kind: .outOfRange, path: "layers[0].factor.y", message: "-4.5"),
        Bad(json: layered(#"[ { "factor": { "x": 0.5, "z": 1 } } ]"#), kind: .unknownKey, path: "layers[0].factor.z", message: "allowed: x, y"),
        Bad(json: layered(#"[ { "factor": "half" } ]"#), kind: .wrongType, path: "layers[0].factor", message: "a number in -4...4 or an object like"),
        Bad(json: layered(##"[ { "colour": "#FFFFFF" } ]"##), kind: .unknownKey, path: "layers[0].colour", message: "did you mean \"color\""),
        Bad(json: layered(#"[ { "placement": "middle" } ]"#), kind: .invalidValue, path: "layers[0].placement",
            message: "allowed: \"behind\", \"front\""),
        Bad(json: layered(#"[ { "tileSize": { "width": 0, "height": 10 } } ]"#), kind: .outOfRange, path: "layers[0].tileSize.width",
            message: "allowed: 1...100000"),
        Bad(json: layered(#"[ { "alternateColor": "red" } ]"#), kind: .invalidValue, path: "layers[0].alternateColor", message: "not a colour"),
        Bad(json: layered(#"[ { "fontSize": -1 } ]"#), kind: .outOfRange, path: "layers[0].fontSize", message: "allowed: 0...500"),
        Bad(json: layered(#"[ {}, { "tileSize": { "width": 2, "height": 2 } } ]"#), kind: .limitExceeded, path: "layers[1].tileSize",
            message: "layer tiles"),
        Bad(json: layered("[ {} ]", extra: #", "pager": {}"#), kind: .invalidValue, path: "layers", message: "the pager does not combine with layers"),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "range": "frescode" }"#), kind: .invalidValue, path: "grid.range",
            message: "did you mean \"freshcode\""),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "range": "freshcode", "buffer": 1 }"#), kind: .invalidValue, path: "grid.buffer",
            message: "grid.buffer must be 0"),
        Bad(json: #"{ "name": "p", "viewport": { "width": 390, "height": 844 }, "grid": { "range": "freshcode" }, "pager": {}, "steps": [] }"#,
            kind: .invalidValue, path: "grid.range", message: "must be \"visible\" with pager"),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "range": "freshcode", "tileSize": { "width": 2, "height": 2 } }"#), kind: .limitExceeded,
            path: "grid.tileSize", message: "391×845"),
    ]

    @Test(arguments: bad)
    func badLayersAndRangesAreRefused(_ bad: Bad) {
        #expect {
            _ = try decode(bad.json)
        } throws: { error in
            guard let e = error as? ScenarioError else { return false }
            let ok = e.kind == bad.kind && e.path == bad.path && e.message.contains(bad.message)
            if !ok { Issue.record("\(e.kind) \(e.path): \(e.message)") }
            return ok
        }
    }

    /// Values only code can build are refused by `Simulation` with the path the value would have in JSON.
    @Test func constructedLayersAreValidated() {
        let base = Scenario(name: "c", viewport: Viewport(width: 390, height: 844, scale: 2), layers: [Layer()], steps: [])
        let cases: [(String, (inout Scenario) -> Void, ScenarioError.Kind)] = [
            ("layers[0].factor.x", { $0.layers[0].factor.x = .nan }, .outOfRange),
            ("layers[0].factor.y", { $0.layers[0].factor.y = -.infinity }, .outOfRange),
            ("layers[0].tileSize.height", { $0.layers[0].tileSize.height = 1e300 }, .outOfRange),
            ("layers[0].borderWidth", { $0.layers[0].borderWidth = -1 }, .outOfRange),
            ("layers[0].fontSize", { $0.layers[0].fontSize = .nan }, .outOfRange),
            ("layers", { $0.layers = Array(repeating: Layer(), count: 9) }, .limitExceeded),
            ("layers[0].tileSize", { $0.layers[0].tileSize = Size(width: 1, height: 1) }, .limitExceeded),
            ("layers", { $0.pager = PagerSpec() }, .invalidValue),
            ("grid.buffer", { $0.grid.range = .freshcode; $0.grid.buffer = 2 }, .invalidValue),
            ("steps[0]", { $0.viewport.scale = 1; $0.steps = [.resize(width: 20000, height: 2000)]; $0.layers[0].tileSize = Size(width: 20, height: 20) },
             .limitExceeded),
        ]
        for (path, change, kind) in cases {
            var s = base
            change(&s)
            #expect { _ = try Simulation(scenario: s) } throws: {
                guard let e = $0 as? ScenarioError else { return false }
                return e.kind == kind && e.path == path
            }
        }
    }
}

/// What the layer must show, computed here independently of the model: the ideal position of the
/// viewport's top-left corner is read off any drawn grid tile (coordinate × tile size minus its
/// pixel position), the layer offset is factor × (that + half the viewport) − half the viewport,
/// rounded to device pixels, halves up. Exact integers in fixed units; factor = num / den.
struct ExpectedLayer {
    var num: Int64
    var den: Int64

    /// The layer offset, in fixed units, on one axis.
    func offset(firstTileIndex c: Int64, tileRectPixels x: Double, tile: Int64, viewport: Int64, pixel: Int64) -> Int64 {
        let topLeft = c * tile - Int64(x.rounded()) * pixel
        let twiceCentre = 2 * topLeft + viewport
        // (num·2C − den·v) / (2·den) units, in pixels rounded half up.
        let numerator = num * twiceCentre - den * viewport + den * pixel
        return Fixed.floorDiv(numerator, 2 * den * pixel) * pixel
    }
}

@Suite struct LayerBehaviourTests {
    /// A scroll that recenters (threshold, 3000-point content) mid-drag, mid-fling and mid-animation:
    /// parallax.json up to its jump far away (the far-away test covers that), so that the
    /// expectations here fit in 64-bit arithmetic.
    static func recentering(_ layers: [Layer], scale: Int = 2) throws -> Scenario {
        var s = try bundledScenario("parallax")
        s.viewport.scale = scale
        s.layers = layers
        s.steps = Array(s.steps.prefix { if case .jump = $0 { return false } else { return true } })
        return s
    }

    /// The layer offset is factor × the ideal offset on every frame, recenters included, for
    /// factors 0, ½, 1, 1.5 and −¼, at scales 1, 2 and 3.
    @Test(arguments: [1, 2, 3])
    func layerOffsetIsFactorTimesTheIdealOffset(scale: Int) throws {
        let factors: [(Double, Int64, Int64)] = [(0, 0, 1), (0.5, 1, 2), (1, 1, 1), (1.5, 3, 2), (-0.25, -1, 4)]
        let layers = factors.map { Layer(factor: Vector(x: $0.0, y: $0.0), tileSize: Size(width: 70, height: 90)) }
        let s = try Self.recentering(layers, scale: scale)
        let frames = try allFrames(s)
        let pixel = Fixed.pixel(scale: scale), vx = Fixed.from(points: s.viewport.width), vy = Fixed.from(points: s.viewport.height)
        let tile = Fixed.from(points: 100), lx = Fixed.from(points: 70), ly = Fixed.from(points: 90)
        var recenters = 0
        for frame in frames {
            if frame.recenterShift != nil { recenters += 1 }
            let anyTile = try #require(frame.tiles.first)
            for ((factor, num, den), state) in zip(factors, frame.layers) {
                let e = ExpectedLayer(num: num, den: den)
                let ox = e.offset(firstTileIndex: anyTile.coordinate.x, tileRectPixels: anyTile.pixelRect.x, tile: tile, viewport: vx, pixel: pixel)
                let oy = e.offset(firstTileIndex: anyTile.coordinate.y, tileRectPixels: anyTile.pixelRect.y, tile: tile, viewport: vy, pixel: pixel)
                #expect(state.offset == Vector(x: Fixed.points(ox), y: Fixed.points(oy)), "frame \(frame.index), factor \(factor)")
                #expect(state.firstTile == TileCoordinate(x: Fixed.floorDiv(ox, lx), y: Fixed.floorDiv(oy, ly)))
                let phaseX = ox - Fixed.floorDiv(ox, lx) * lx, phaseY = oy - Fixed.floorDiv(oy, ly) * ly
                #expect(state.firstRect == PixelRect(x: -Double(phaseX / pixel), y: -Double(phaseY / pixel),
                                                     width: Double(lx) / Double(pixel), height: Double(ly) / Double(pixel)))
                #expect(state.columns == Int(Fixed.ceilDiv(phaseX + vx, lx)) && state.rows == Int(Fixed.ceilDiv(phaseY + vy, ly)))
            }
        }
        #expect(recenters >= 4)
    }

    /// Every frame's layers are exactly the reference plane's (which never recenters), for every
    /// recentering strategy, and on a seamless loop.
    @Test(arguments: ["parallax", "fling-threshold", "drag-atRest", "fling-wholeTiles", "long-fling", "carousel-loop-seamless", "scale3", "rotate"])
    func layersMatchTheReferenceAcrossRecenters(name: String) throws {
        var s = try bundledScenario(name)
        s.layers = [Layer(factor: Vector(x: 0.5, y: 0.3)), Layer(factor: Vector(x: 1, y: -1.25), placement: .front, tileSize: Size(width: 37.5, height: 61))]
        let frames = try allFrames(s), reference = try allFrames(s, reference: true)
        #expect(frames.count == reference.count)
        var moved = Set<TileCoordinate>()
        for (frame, ideal) in zip(frames, reference) {
            #expect(frame.layers == ideal.layers, "frame \(frame.index) of \(name)")
            #expect(frame.drawsSame(as: ideal))
            moved.insert(frame.layers[0].firstTile)
        }
        if name != "rotate" { #expect(moved.count > 1, "the layer never moved in \(name)") }
    }

    /// Factor 0 is a fixed background: identical in every frame, with layer tile (0, 0)'s
    /// top-left corner at the viewport's centre.
    @Test func factorZeroIsFixed() throws {
        let s = try Self.recentering([Layer(factor: .zero)])
        let frames = try allFrames(s)
        for frame in frames { #expect(frame.layers == frames[0].layers) }
        let origin = try #require(frames[0].layers[0].tiles().first { $0.coordinate == .zero })
        #expect(origin.rect.x == Double(frames[0].pixelWidth / 2) && origin.rect.y == Double(frames[0].pixelHeight / 2))
    }

    /// Factor 1 with the grid's tile size lies exactly on the grid, recenters included.
    @Test func factorOneMovesWithTheContent() throws {
        let s = try Self.recentering([Layer(factor: Vector(x: 1, y: 1), tileSize: Size(width: 100, height: 100))])
        for frame in try allFrames(s) {
            let layerTiles = Dictionary(uniqueKeysWithValues: frame.layers[0].tiles().map { ($0.coordinate, $0.rect) })
            for tile in frame.tiles { #expect(layerTiles[tile.coordinate] == tile.pixelRect, "frame \(frame.index) tile \(tile.coordinate)") }
        }
    }

    /// A naive layer that follows the recentered contentOffset jumps at the first recenter.
    @Test func aLayerFromTheRecenteredOffsetJumps() throws {
        let s = try Self.recentering([Layer()])
        let faults = Faults(layersFollowRecenteredOffset: true)
        var naive = try Simulation(scenario: s, reference: false, faults: faults)
        var ideal = try Simulation(scenario: s, reference: true, faults: faults)
        var firstDifference: FrameState?
        while let frame = try naive.next(), let reference = try ideal.next() {
            if frame.layers != reference.layers { firstDifference = frame; break }
        }
        let frame = try #require(firstDifference)
        #expect(frame.recenterShift != nil, "the naive layer first differs at frame \(frame.index), which does not recenter")
    }

    /// Around tile (10^15, −10^15) the layer is exactly the layer around (0, 0), shifted by
    /// factor × 10^15 tiles (wider than 64-bit intermediate products).
    @Test func farAwayLayersAreExact() throws {
        var far = try bundledScenario("far-away")
        far.layers = [Layer(factor: Vector(x: 0.5, y: 0.5), tileSize: Size(width: 100, height: 100)),
                      Layer(factor: Vector(x: 3, y: -4), tileSize: Size(width: 25, height: 50))]
        var near = far
        near.grid.start = .zero
        near.steps = near.steps.map {
            if case let .scrollTo(tile, animated, duration) = $0 {
                return .scrollTo(tile: TileCoordinate(x: tile.x - far.grid.start.x, y: tile.y - far.grid.start.y), animated: animated, duration: duration)
            }
            return $0
        }
        let a = try allFrames(far), b = try allFrames(near)
        #expect(a.count == b.count)
        let p: Int64 = 1_000_000_000_000_000
        for (f, n) in zip(a, b) {
            #expect(f.layers.map(\.firstRect) == n.layers.map(\.firstRect))
            #expect(f.layers[0].firstTile == TileCoordinate(x: n.layers[0].firstTile.x + p / 2, y: n.layers[0].firstTile.y - p / 2))
            // 3 × 10^15 tiles of 100 points in 25-point tiles; −4 × −10^15 × 100 / 50.
            #expect(f.layers[1].firstTile == TileCoordinate(x: n.layers[1].firstTile.x + 12 * p, y: n.layers[1].firstTile.y + 8 * p))
        }
    }

    /// A factor that would take the layer's tile index past ±2^62 is a clear simulation error.
    @Test func layerIndexOverflowIsAClearError() throws {
        var s = try decode(scenarioJSON(steps: #"[ { "wait": { "duration": 0.1 } } ]"#,
                                        grid: #"{ "start": { "x": 9007199254740992, "y": 0 }, "tileSize": { "width": 100000, "height": 100 } }"#))
        s.layers = [Layer(factor: Vector(x: 4, y: 4), tileSize: Size(width: 1, height: 100))]
        #expect { _ = try allFrames(s) } throws: {
            guard let e = $0 as? ScenarioError else { return false }
            return e.kind == .simulation && e.path == "layers[0]" && e.message.contains("2^62")
        }
    }

    /// The trace lists each layer's offset and first tile; without layers the line has no key.
    @Test func traceHasTheLayers() throws {
        let frames = try allFrames(try bundledScenario("parallax"))
        let frame = frames[30]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Trace.line(for: frame).utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.count == 2)
        for (entry, state) in zip(layers, frame.layers) {
            let offset = try #require(entry["offset"] as? [String: Double]), tile = try #require(entry["tile"] as? [String: Int])
            #expect(offset["x"] == state.offset.x && offset["y"] == state.offset.y)
            #expect(tile["x"] == Int(state.firstTile.x) && tile["y"] == Int(state.firstTile.y))
        }
        let plain = try allFrames(try bundledScenario("drag-atRest"))[0]
        #expect(!Trace.line(for: plain).contains("layers"))
    }

    /// Frames that differ only in a layer are not "the same drawing" (the exporter reuses the PNG
    /// of an identical frame).
    @Test func drawsSameComparesLayers() throws {
        let frames = try allFrames(try bundledScenario("parallax"))
        var a = frames[0], b = frames[0]
        #expect(a.drawsSame(as: b))
        b.layers[0].firstTile.x += 1
        #expect(!a.drawsSame(as: b))
        a.layers = []
        #expect(!a.drawsSame(as: frames[0]))
    }

    /// Layer tiles count towards the live-tile bound and its limit.
    @Test func boundCountsLayerTiles() throws {
        let s = try bundledScenario("parallax")
        let size = Size(width: 390, height: 844)
        var plain = s
        plain.layers = []
        // (⌈390/150⌉ + 1)(⌈844/150⌉ + 1) + (⌈390/240⌉ + 1)(⌈844/240⌉ + 1) = 4·7 + 3·5.
        #expect(s.liveTileBound(forViewport: size) == plain.liveTileBound(forViewport: size) + 28 + 15)
        for frame in try allFrames(s) {
            #expect(frame.stats.live + frame.layers.reduce(0) { $0 + $1.tileCount } <= s.liveTileBound(forViewport: frame.viewport))
        }
    }
}

@Suite struct WideTests {
    @Test func matchesInt64WhereItFits() {
        var rng = SplitMix64(state: 0x1A7E5)
        for _ in 0..<2000 {
            let a = Int64.random(in: -3_000_000_000...3_000_000_000, using: &rng)
            let b = Int64.random(in: -3_000_000_000...3_000_000_000, using: &rng)
            let d = Int64.random(in: 1...1_000_000, using: &rng)
            let product = Wide(a).multiplied(by: b)!
            #expect(product.int64 == a * b)
            #expect(Wide(a).adding(b)?.int64 == a + b)
            let (q, r) = product.floorDivided(by: d)
            #expect(q.int64 == Fixed.floorDiv(a * b, d))
            #expect(r == a * b - Fixed.floorDiv(a * b, d) * d)
        }
    }

    @Test func exactBeyondInt64() {
        // (2^62 + 1) · 3 · 7 / 7 = 3·2^62 + 3; floor of its negative over 4 is −(3·2^60 + 1).
        let big = Wide((1 << 62) + 1).multiplied(by: 21)!
        #expect(big.int64 == nil)
        let (q, r) = big.floorDivided(by: 7)
        #expect(q.int64 == nil && r == 0)
        #expect(q.description == "13835058055282163715")
        let negative = Wide(-((1 << 62) + 1)).multiplied(by: 3)!
        let (nq, nr) = negative.floorDivided(by: 4)
        #expect(nq.int64 == -((3 << 60) + 1) && nr == 1)
        #expect(negative.adding(Wide((1 << 62) + 1).multiplied(by: 3)!)?.isZero == true)
        #expect(Wide(.min).int64 == .min)
        #expect(Wide(.max).multiplied(by: .max)!.multiplied(by: 4) == nil)
        #expect(Wide(.max).multiplied(by: .max)!.multiplied(by: -1)?.description == "-85070591730234615847396907784232501249")
    }
}

/// `LayerState` is total (issue-10 review): its fields are read-only outside the model, and even a
/// state with impossible counts or a first tile at the edge of `Int64` (set here through
/// `@testable`) neither traps nor grows without bound. Each runs in a child process, so a trap
/// fails the test, not the run.
@Suite struct LayerStateTotalityTests {
    @Test func tileCountOfHugeCountsIsBoundedAndDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            var state = try InvariantSweepTests.layerState()
            state.columns = .max
            state.rows = 2
            precondition(state.tileCount == 2 * LayerState.maxTilesPerAxis)
            state.rows = .min
            precondition(state.tileCount == 0 && state.tiles().isEmpty)
        }
    }

    @Test func tilesStopAtTheEdgeOfInt64() async {
        await #expect(processExitsWith: .success) {
            var state = try InvariantSweepTests.layerState()
            precondition(state.columns > 2 && state.rows > 2)
            state.firstTile = TileCoordinate(x: .max, y: .max)
            let corner = state.tiles()
            precondition(corner.map(\.coordinate) == [TileCoordinate(x: .max, y: .max)])
            state.firstTile = TileCoordinate(x: .max - 1, y: .min)
            let edge = state.tiles()
            precondition(edge.count == 2 * state.rows && edge.allSatisfy { $0.coordinate.x >= .max - 1 })
            precondition(state.tileCount == edge.count)
        }
    }

    /// A huge count costs at most `maxTilesPerAxis` per axis, not `columns × rows` (which overflows).
    @Test func tilesOfAHugeCountAreBoundedPerAxis() async {
        await #expect(processExitsWith: .success) {
            var state = try InvariantSweepTests.layerState()
            state.columns = .max
            state.rows = 1
            precondition(state.tiles().count == LayerState.maxTilesPerAxis)
        }
    }
}
