import Foundation
import Testing
import Rasterizer
import GridExport
@testable import GridModel
@testable import GridTools

let font: FontRenderer = {
    do { return try FontFile.loadDefault() } catch { fatalError("\(error)") }
}()

let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

func small(_ name: String) throws -> Scenario {
    var s = try ScenarioDecoder.decode([UInt8](try Data(contentsOf: scenarios.appendingPathComponent(name + ".json"))))
    s.viewport = Viewport(width: (s.viewport.width / 3).rounded(), height: (s.viewport.height / 3).rounded(), scale: 1)
    if s.pager == nil && s.grid.columns == nil { s.grid.tileSize = Size(width: 40, height: 40) }
    return s
}

@Suite struct VerifierTests {
    @Test(arguments: ["long-fling", "drag-atRest", "carousel-loop-seamless"])
    func bundledScenariosPass(name: String) throws {
        let report = try Verifier.verify(try small(name), font: font)
        #expect(report.passed, "\(report.failures.map(\.detail))")
        #expect(report.frames > 0 && report.comparedFrames > 0)
        #expect(report.comparedFrames == report.frames)
    }

    /// none-edge reaches the content edge of an infinite grid: the comparison stops there, and
    /// since issue 15 that is pattern 2 at the first edge frame (it used to pass).
    @Test func noneEdgeIsPatternTwo() throws {
        let report = try Verifier.verify(try small("none-edge"), font: font)
        #expect(report.firstEdgeFrame != nil && report.comparedFrames < report.frames)
        #expect(!report.passed)
        #expect(report.patterns.map(\.pattern) == [.edgeReached])
        #expect(report.patterns.first?.frame == report.firstEdgeFrame)
        #expect(report.failures.allSatisfy { $0.kind == .pattern && $0.finding?.pattern == .edgeReached })
    }

    /// A recenter that moves the tiles one device pixel less than the offset must be caught at the
    /// first recentering frame, with the differing pixels located.
    @Test func catchesARecenterOffByOnePixel() throws {
        let scenario = try small("long-fling")  // passes unbroken: bundledScenariosPass("long-fling")
        var firstRecenter: Int?
        var probe = try Simulation(scenario: scenario)
        while let f = try probe.next() { if f.recenterShift != nil { firstRecenter = f.index; break } }
        let broken = try Simulation(scenario: scenario, reference: false, faults: Faults(recenterPixelError: 1))
        let report = try Verifier.verify(scenario, font: font, strategy: broken, reference: try Simulation(scenario: scenario, reference: true))
        #expect(!report.passed)
        let first = try #require(report.failures.first)
        #expect(first.kind == .pixels)
        #expect(first.frame == firstRecenter)
        #expect(first.name == "recenter-visible" && first.recenter && first.finding == nil)
        #expect(first.pixels > 0 && first.box != nil)
    }

    /// A naive deceleration that outlasts the ideal's (`decelerationStop: "nearZero"`, then `wait until idle`)
    /// leaves the reference's timeline shorter: the report says where it ended instead of comparing fewer
    /// frames silently (the adversarial review's F9); a scenario whose timelines agree has no such frame.
    @Test func aShorterReferenceTimelineIsReported() throws {
        let json = #"{"name": "nz-finite", "viewport": {"width": 300, "height": 200, "scale": 2}, "fps": 60, "grid": {"columns": 30, "rows": 0, "tileSize": {"width": 100, "height": 200}}, "scroll": {"decelerationStop": "nearZero"}, "steps": [{"fling": {"velocity": {"x": -1500, "y": 0}}}, {"wait": {"until": "idle", "max": 10}}, {"wait": {"duration": 0.1}}]}"#
        let report = try Verifier.verify(try ScenarioDecoder.decode(Array(json.utf8)), font: font)
        #expect(report.referenceEndFrame == 158 && report.comparedFrames == 158 && report.frames == 365)
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        #expect(object?["referenceEndFrame"] as? Int == 158)
        let same = try Verifier.verify(try ScenarioDecoder.decode(Array(json.replacingOccurrences(of: "nearZero", with: "minimumVelocity").utf8)), font: font)
        #expect(same.referenceEndFrame == nil && same.comparedFrames == same.frames)
    }

    @Test func strictEdgesComparesPastTheEdge() throws {
        let report = try Verifier.verify(try small("none-edge"), font: font, strictEdges: true)
        #expect(!report.passed)
        #expect(report.failures.first?.frame ?? 0 >= report.firstEdgeFrame ?? .max)
    }

    @Test func coverageGapsAreFound() {
        let tiles = [DrawnTile(coordinate: .zero, id: 0, pixelRect: PixelRect(x: 0, y: 0, width: 50, height: 50))]
        let frame = FrameState(index: 0, time: 0, phase: .idle, contentOffset: .zero, contentSize: Size(width: 1, height: 1),
                               events: [], recenterShift: nil, tiles: tiles, stats: TileStats(), edgeHit: false, scale: 1,
                               viewport: Size(width: 100, height: 50), page: nil, pageVisibility: [])
        #expect(Verifier.uncovered(frame)! == (50, 0))
    }

    @Test func jsonReport() throws {
        let report = try Verifier.verify(try small("drag-atRest"), font: font)
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == true)
        #expect((object?["recenters"] as? Int ?? 0) > 0)
        #expect((object?["patterns"] as? [Any])?.isEmpty == true)
    }

    /// `--json` carries each pattern's number, name, frame, expected, actual and fix, in `patterns`
    /// and on its failure.
    @Test func jsonNamesThePattern() throws {
        let report = try Verifier.verify(try small("none-edge"), font: font)
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        let pattern = try #require((object?["patterns"] as? [[String: Any]])?.first)
        #expect(pattern["pattern"] as? Int == 2 && pattern["name"] as? String == "edge-reached")
        #expect(pattern["frame"] as? Int == report.firstEdgeFrame)
        #expect(pattern["expected"] as? String == "no content edge on an infinite grid")
        #expect((pattern["actual"] as? String)?.hasPrefix("the content edge at offset") == true)
        #expect(pattern["fix"] as? String == Pattern.edgeReached.fix)
        let failure = try #require((object?["failures"] as? [[String: Any]])?.first)
        #expect(failure["kind"] as? String == "pattern" && failure["pattern"] as? Int == 2 && failure["name"] as? String == "edge-reached")
    }
}

@Suite struct WholeTilesLimitTests {
    /// wholeTiles with 50.5-point tiles at scale 1: an odd number of tiles is not a whole number of
    /// pixels, so the real technique shows a one-pixel jump, and verify must say so.
    @Test func fractionalPixelTilesShowTheJump() throws {
        let json = #"{ "name": "wt", "viewport": { "width": 200, "height": 150, "scale": 1 }, "grid": { "tileSize": { "width": 50.5, "height": 50 } }, "scroll": { "recenter": "wholeTiles" }, "steps": [ { "drag": { "by": { "x": -151.5 }, "duration": 0.2, "release": "hold" } }, { "wait": { "duration": 0.1 } } ] }"#
        let report = try Verifier.verify(try ScenarioDecoder.decode(Array(json.utf8)), font: font)
        #expect(report.recenters == 1)
        #expect(report.failures.first?.kind == .pixels)
    }
}
