import Testing
@testable import GridModel

/// Pattern 3's fast-fling blanks: `grid.loadLatency` (content that arrives late) and `grid.unloadedTile`
/// (a transparent cell until it does, the naive side, or a placeholder, the fix).
@Suite struct LoadLatencyTests {
    /// 120-point tiles, one column of buffer, a 240 × 160 viewport, content arriving `latency` seconds after
    /// a tile is laid out; a constant-speed drag of `speed` pt/s for 1 s, held, then 0.5 s at rest.
    func dragFrames(speed: Double, unloaded: String, latency: Double = 0.1) throws -> [FrameState] {
        let grid = #"{ "tileSize": { "width": 120, "height": 160 }, "rows": 0, "buffer": 1, "loadLatency": \#(latency), "unloadedTile": "\#(unloaded)" }"#
        let steps = #"[{ "drag": { "by": { "x": \#(-speed) }, "duration": 1, "release": "hold" } }, { "wait": { "duration": 0.5 } }]"#
        return try allFrames(try decode(scenarioJSON(steps: steps, scroll: #"{ "recenter": "threshold" }"#,
                                                     viewport: #"{ "width": 240, "height": 160, "scale": 2 }"#, grid: grid, fps: 30)))
    }

    /// The width (points) of the viewport no tile of row 0 covers.
    func blank(_ frame: FrameState) -> Double {
        var x = 0.0, gap = 0.0
        for r in frame.tiles.filter({ $0.coordinate.y == 0 }).map(\.pixelRect).sorted(by: { $0.x < $1.x }) {
            if r.x > x { gap += r.x - x }
            x = max(x, r.x + r.width)
        }
        return (gap + max(0, frame.viewport.width * 2 - x)) / 2
    }

    static let speeds: [Double] = [60, 240, 600, 1200, 2400, 3600, 4800]

    @Test func theBlankBandGrowsWithTheSpeed() throws {
        let widest = try Self.speeds.map { speed in try dragFrames(speed: speed, unloaded: "transparent").map(blank).max()! }
        // A slow drag (up to 2.5 screens a second here) shows no background; 10 screens a second and faster do.
        #expect(widest[0] == 0 && widest[1] == 0 && widest[2] == 0, "\(widest)")
        #expect(widest[4] > 0, "\(widest)")
        #expect(zip(widest, widest.dropFirst()).allSatisfy { $0 <= $1 }, "\(widest)")
        #expect(widest.last! > widest[4], "\(widest)")
    }

    @Test(arguments: speeds)
    func atRestNothingIsBlank(_ speed: Double) throws {
        let frames = try dragFrames(speed: speed, unloaded: "transparent")
        // From the latency after the drag ends (frame 30, t = 1 s) on, every tile has its content.
        for frame in frames where frame.time >= 1.1 - 1e-9 {
            #expect(frame.phase == .idle && blank(frame) == 0 && frame.tiles.allSatisfy(\.loaded), "frame \(frame.index)")
        }
    }

    @Test(arguments: speeds)
    func placeholdersNeverLeaveABlank(_ speed: Double) throws {
        let frames = try dragFrames(speed: speed, unloaded: "placeholder")
        #expect(frames.allSatisfy { blank($0) == 0 })
        // The latency still shows: tiles drawn as placeholders where the naive twin shows the background.
        if speed >= 2400 { #expect(frames.contains { $0.tiles.contains { !$0.loaded } }) }
    }

    @Test func withoutLatencyATransparentCellIsNeverSeen() throws {
        #expect(try dragFrames(speed: 4800, unloaded: "transparent", latency: 0).allSatisfy { blank($0) == 0 && $0.tiles.allSatisfy(\.loaded) })
    }

    @Test func theReferenceShowsPlaceholders() throws {
        let grid = #"{ "tileSize": { "width": 120, "height": 160 }, "rows": 0, "buffer": 1, "loadLatency": 0.1, "unloadedTile": "transparent" }"#
        let steps = #"[{ "drag": { "by": { "x": -4800 }, "duration": 1, "release": "hold" } }]"#
        let scenario = try decode(scenarioJSON(steps: steps, scroll: #"{ "recenter": "threshold" }"#,
                                               viewport: #"{ "width": 240, "height": 160, "scale": 2 }"#, grid: grid, fps: 30))
        #expect(try allFrames(scenario, reference: true).allSatisfy { blank($0) == 0 })
        #expect(try allFrames(scenario).contains { blank($0) > 0 })
    }

    @Test func arrivalCountsWholeFrames() {
        var grid = GridSpec()
        grid.loadLatency = 0.1
        // Three frames at 30 fps, however the frame times round.
        #expect(grid.hasArrived(requested: 1.0 / 30, now: 4.0 / 30))
        #expect(!grid.hasArrived(requested: 1.0 / 30, now: 3.0 / 30))
        #expect(GridSpec().hasArrived(requested: 2, now: 2))
    }

    @Test func theFirstScreenIsThereAtOnce() throws {
        let frames = try dragFrames(speed: 240, unloaded: "transparent", latency: 10)
        #expect(blank(frames[0]) == 0 && frames[0].tiles.allSatisfy(\.loaded))
    }

    @Test(arguments: [
        (#""loadLatency": -0.1"#, "grid.loadLatency"), (#""loadLatency": 10.5"#, "grid.loadLatency"),
        (#""loadLatency": "1""#, "grid.loadLatency"), (#""unloadedTile": "none""#, "grid.unloadedTile"),
    ])
    func badValuesAreRefused(_ member: String, _ path: String) {
        #expect { try decode(scenarioJSON(steps: "[]", grid: "{ \(member) }")) } throws: { ($0 as? ScenarioError)?.path == path }
    }

    @Test func thePagerRefusesThem() {
        for member in [#""loadLatency": 0.1"#, #""unloadedTile": "transparent""#] {
            let json = #"{ "name": "t", "viewport": { "width": 200, "height": 200 }, "grid": { \#(member) }, "pager": {}, "steps": [] }"#
            #expect { try decode(json) } throws: { ($0 as? ScenarioError)?.kind == .invalidValue }
        }
        var scenario = Scenario(name: "t", viewport: Viewport(width: 200, height: 200, scale: 2), steps: [])
        scenario.grid.loadLatency = .nan
        #expect { try scenario.validate() } throws: { ($0 as? ScenarioError)?.path == "grid.loadLatency" }
    }
}
