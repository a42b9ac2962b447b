import Testing
@testable import GridModel

/// `Scenario.validate`: every limit over the whole timeline, at the scale actually used.
@Suite struct TimelineLimitTests {
    static let wait = #"{ "wait": { "duration": 0.1 } }"#

    func expectError(_ scenario: Scenario, limits: Limits = Limits(), _ kind: ScenarioError.Kind, at path: String,
                     mentioning words: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        for attempt in ["validate", "Simulation"] {
            do {
                if attempt == "validate" { try scenario.validate(limits: limits) } else { _ = try Simulation(scenario: scenario, limits: limits) }
                Issue.record("\(attempt): no error, expected \(kind) at \(path)", sourceLocation: sourceLocation)
            } catch {
                #expect(error.kind == kind && error.path == path, "\(attempt): \(error)", sourceLocation: sourceLocation)
                for word in words { #expect(error.message.contains(word), "\(attempt): \(error)", sourceLocation: sourceLocation) }
            }
        }
    }

    /// A resize that fits at the file's scale is refused once the scale is raised (`--scale`).
    @Test func resizePixelsAreCheckedAtTheCurrentScale() throws {
        var s = try decode(scenarioJSON(steps: "[ \(Self.wait), { \"resize\": { \"width\": 6000, \"height\": 6000 } } ]",
                                        viewport: #"{ "width": 390, "height": 844, "scale": 1 }"#))
        try s.validate()
        s.viewport.scale = 2
        expectError(s, .limitExceeded, at: "steps[1]", mentioning: ["12000×12000", "at scale 2", "the limit is 40000000"])
        var raised = Limits()
        raised.maxPixelsPerFrame = 150_000_000
        try s.validate(limits: raised)
    }

    @Test func initialViewportPixelsAreCheckedAtTheCurrentScale() throws {
        var s = try decode(scenarioJSON(steps: "[]", viewport: #"{ "width": 5000, "height": 5000, "scale": 1 }"#))
        s.viewport.scale = 3
        expectError(s, .limitExceeded, at: "viewport", mentioning: ["15000×15000", "the limit is 40000000"])
    }

    /// Before: decoded, and ran with two million live tiles (a 226 MB trace for two frames).
    @Test func resizeToManyTilesIsRefused() {
        let json = scenarioJSON(steps: "[ \(Self.wait), { \"resize\": { \"width\": 20000, \"height\": 2000 } } ]",
                                viewport: #"{ "width": 390, "height": 844, "scale": 1 }"#, grid: #"{ "tileSize": { "width": 10, "height": 10 } }"#)
        #expect { _ = try decode(json) } throws: {
            let e = $0 as! ScenarioError
            return e.kind == .limitExceeded && e.path == "steps[1]" && e.message.contains("2001×201") && e.message.contains("the limit is 20000 tiles")
        }
    }

    /// The buffer's rows and columns are live tiles too; when it alone goes over, the error names it.
    @Test func bufferCountsTowardsTheTileLimit() throws {
        let grid = #"{ "tileSize": { "width": 5, "height": 5 }, "buffer": 16 }"#
        #expect { _ = try decode(scenarioJSON(steps: "[]", grid: grid)) } throws: {
            let e = $0 as! ScenarioError
            return e.kind == .limitExceeded && e.path == "grid.buffer" && e.message.contains("111×202")
                && e.message.contains("smaller grid.buffer")
        }
        _ = try decode(scenarioJSON(steps: "[]", grid: #"{ "tileSize": { "width": 5, "height": 5 } }"#))
        var s = try decode(scenarioJSON(steps: "[ { \"resize\": { \"width\": 844, \"height\": 390 } } ]",
                                        grid: #"{ "tileSize": { "width": 5, "height": 5 }, "buffer": 8 }"#))
        s.grid.buffer = 16
        expectError(s, .limitExceeded, at: "grid.buffer")
        s.steps = [.resize(width: 844, height: 844)]
        s.grid.buffer = 0
        expectError(s, .limitExceeded, at: "steps[0]", mentioning: ["170×170"])
    }

    @Test func tinyTilesNameTheTileSize() {
        var s = Scenario(name: "t", viewport: Viewport(width: 390, height: 844, scale: 1), steps: [])
        s.grid.tileSize = Size(width: 1, height: 1)
        s.grid.buffer = 3
        expectError(s, .limitExceeded, at: "grid.tileSize", mentioning: ["the limit is 20000 tiles", "grid.buffer's 3"])
    }

    /// The pager's tiles are its pages: tile size and buffer do not apply, and 2 × 2 is the most.
    @Test func pagerKeepsAtMostFourPages() throws {
        var s = try decode(scenarioJSON(steps: #"[ { "drag": { "by": { "x": -100, "y": 30 }, "duration": 0.3 } }, { "wait": { "until": "idle" } }, { "resize": { "width": 844, "height": 390 } }, { "drag": { "by": { "y": -700 }, "duration": 0.2, "then": "keep" } }, { "wait": { "duration": 0.1 } } ]"#,
                                        grid: #"{ "tileSize": { "width": 1, "height": 1 }, "buffer": 16 }"#)
                               .replacingOccurrences(of: #""steps""#, with: #""pager": {}, "steps""#))
        #expect(s.liveTileBound(forViewport: Size(width: 390, height: 844)) == 4)
        var most = 0
        for frame in try allFrames(s) { most = max(most, frame.stats.live) }
        #expect(most == 2)  // the displacement is on one axis at a time, so 2 × 2 is not even reached
        s.pager = nil
        expectError(s, .limitExceeded, at: "grid.tileSize")
    }

    /// A finite axis that does not loop keeps at most its own tiles.
    @Test func finiteAxesBoundTheTiles() throws {
        let s = try decode(scenarioJSON(steps: "[]", grid: #"{ "tileSize": { "width": 2, "height": 2 }, "columns": 10, "rows": 10, "buffer": 16 }"#))
        #expect(s.liveTileBound(forViewport: Size(width: 390, height: 844)) == 100)
        var looping = s
        looping.grid.loop = .seamless
        expectError(looping, .limitExceeded, at: "grid.tileSize")
    }

    @Test func theBoundIsExactInFixedPoint() {
        var s = Scenario(name: "t", viewport: Viewport(width: 390, height: 844, scale: 2), steps: [])
        #expect(s.liveTileBound(forViewport: Size(width: 390, height: 844)) == 5 * 10)
        #expect(s.liveTileBound(forViewport: Size(width: 400, height: 800)) == 5 * 9)
        s.grid.buffer = 2
        #expect(s.liveTileBound(forViewport: Size(width: 400, height: 800)) == 9 * 13)
        s.grid.tileSize = Size(width: 100.0 / 3, height: 100)
        #expect(s.liveTileBound(forViewport: Size(width: 100, height: 100)) == (3 + 1 + 4) * (1 + 1 + 4))
        #expect(s.liveTileBound(forViewport: Size(width: .nan, height: 100)) == .max)
    }

    @Test func tooManyStepsAreRefused() {
        let s = Scenario(name: "t", viewport: Viewport(width: 100, height: 100, scale: 1),
                         steps: Array(repeating: .wait(duration: 0), count: Limits.maxSteps + 1))
        expectError(s, .limitExceeded, at: "steps", mentioning: ["the limit is 100000 steps"])
    }

    @Test func framesAreCountedForConstructedScenarios() {
        let s = Scenario(name: "t", viewport: Viewport(width: 100, height: 100, scale: 1), fps: 240,
                         steps: [.waitUntilIdle(max: 3600)])
        expectError(s, .limitExceeded, at: "steps", mentioning: ["864002 frames at 240 fps", "the limit is 100000 frames"])
    }

    /// Raised limits are honoured by `Simulation` too.
    @Test func simulationTakesRaisedLimits() throws {
        let s = Scenario(name: "t", viewport: Viewport(width: 100, height: 100, scale: 1), fps: 60, steps: [.wait(duration: 3600)])
        var limits = Limits()
        limits.maxFrames = 300_000
        var simulation = try Simulation(scenario: s, limits: limits)
        #expect(try simulation.next()?.index == 0)
    }
}

/// Runs scenarios that stress the tile bound and checks it on every frame.
@Suite struct LiveTileBoundTests {
    static let cases: [(String, String)] = [
        ("buffer, fractional tiles", #"{ "tileSize": { "width": 33.3, "height": 47.1 }, "buffer": 3 }"#),
        ("tiny tiles", #"{ "tileSize": { "width": 7, "height": 9 } }"#),
        ("finite", #"{ "tileSize": { "width": 60, "height": 60 }, "columns": 9, "rows": 30, "buffer": 2 }"#),
        ("duplicate loop", #"{ "tileSize": { "width": 120, "height": 50 }, "columns": 4, "loop": "duplicate", "buffer": 1 }"#),
        ("seamless loop", #"{ "tileSize": { "width": 80, "height": 80 }, "rows": 5, "loop": "seamless", "buffer": 4 }"#),
        ("disabled axis", #"{ "tileSize": { "width": 25, "height": 25 }, "rows": 0, "buffer": 5 }"#),
    ]
    static let steps = #"[ { "drag": { "by": { "x": -1234.5, "y": 987.25 }, "duration": 0.4 } }, { "resize": { "width": 1000, "height": 333.3 } }, { "fling": { "velocity": { "x": 9000, "y": -7000 } } }, { "wait": { "duration": 0.7 } }, { "resize": { "width": 170, "height": 1200 } }, { "drag": { "by": { "x": 500, "y": -300 }, "duration": 0.3 } }, { "wait": { "until": "idle", "max": 1 } } ]"#

    @Test(arguments: cases.map(\.0))
    func liveTilesNeverExceedTheBound(name: String) throws {
        let grid = Self.cases.first { $0.0 == name }!.1
        let s = try decode(scenarioJSON(steps: Self.steps, scroll: #"{ "recenter": "threshold", "contentSize": { "width": 5000, "height": 5000 } }"#,
                                        viewport: #"{ "width": 390, "height": 844, "scale": 3 }"#, grid: grid))
        for reference in [false, true] {
            var tight = false, highest = 0
            for frame in try allFrames(s, reference: reference) {
                let bound = s.liveTileBound(forViewport: frame.viewport)
                highest = max(highest, bound)
                #expect(frame.stats.live <= bound, "\(name) frame \(frame.index)")
                #expect(frame.stats.created <= highest, "the pool never holds more than the most ever live")
                if frame.stats.live == bound { tight = true }
            }
            if s.grid.columns == nil && s.grid.rows == nil { #expect(tight, "\(name): the bound is reached") }
        }
    }

    /// The model's own guard: a layout never keeps more than its `maxTiles`, whatever it is asked.
    @Test func layoutRefusesMoreThanItsMaximum() throws {
        let tile = Fixed.from(points: 10)
        var layout = TileLayout(tileSize: FixedSize(width: tile, height: tile), buffer: 0, anchorTile: .zero, anchorOrigin: .zero, maxTiles: 99)
        try layout.update(offset: .zero, viewport: FixedSize(width: 9 * tile, height: 11 * tile))
        #expect(layout.stats.live == 99)
        #expect { try layout.update(offset: FixedPoint(x: 1, y: 0), viewport: FixedSize(width: 9 * tile, height: 11 * tile)) } throws: {
            ($0 as? ScenarioError)?.kind == .limitExceeded
        }
        #expect(layout.stats.live <= 99)
    }
}
