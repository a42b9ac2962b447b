import Foundation
import Testing
import Rasterizer
import TestSupport
@testable import GridModel
@testable import GridTools

/// A bundled scenario at a third of its size and scale 1 for speed, every length scaled alike
/// (tiles, layer tiles, resizes), so that tile-to-viewport ratios, and with them freshcode's
/// blank areas, stay what they are at full size.
func reduced(_ name: String) throws -> Scenario {
    var s = try ScenarioDecoder.decode([UInt8](try Data(contentsOf: scenarios.appendingPathComponent(name + ".json"))))
    s.viewport = Viewport(width: (s.viewport.width / 3).rounded(), height: (s.viewport.height / 3).rounded(), scale: 1)
    s.grid.tileSize = Size(width: s.grid.tileSize.width / 3, height: s.grid.tileSize.height / 3)
    for i in s.layers.indices { s.layers[i].tileSize = Size(width: s.layers[i].tileSize.width / 3, height: s.layers[i].tileSize.height / 3) }
    s.steps = s.steps.map { if case let .resize(w, h) = $0 { return .resize(width: (w / 3).rounded(), height: (h / 3).rounded()) } else { return $0 } }
    return s
}

@Suite struct LayerVerifyTests {
    /// `verify` of the reduced parallax, computed once for the tests that read it.
    static let parallaxReport = Result { try Verifier.verify(try reduced("parallax"), font: font) }

    /// `verify` on the scenarios of issue 9: parallax passes (layers included in the pixel
    /// comparison, recenters and all); freshcode-gaps fails, with coverage failures only, each
    /// naming its frames and the uncovered area. The list of scenarios that demonstrate a failure
    /// lives in TestSupport; every other bundled scenario must pass.
    @Test(arguments: ["parallax", "freshcode-gaps"])
    func issueNineScenarios(name: String) throws {
        let report = name == "parallax" ? try Self.parallaxReport.get() : try Verifier.verify(try reduced(name), font: font)
        #expect(report.frames > 0 && report.comparedFrames == report.frames)
        guard let kind = scenariosDemonstratingAFailure[name] else {
            #expect(report.passed, "\(report.failures.map(\.detail))")
            #expect(report.recenters > 0)
            return
        }
        #expect(!report.passed)
        #expect(report.failures.allSatisfy { $0.kind.rawValue == kind }, "\(report.failures.map { "\($0.kind) \($0.detail)" })")
    }

    /// Every scenario on the demonstration list is bundled and fails the way the list says.
    @Test func demonstrationListIsHonest() throws {
        let bundled = try FileManager.default.contentsOfDirectory(atPath: scenarios.path)
        for (name, kind) in scenariosDemonstratingAFailure {
            #expect(bundled.contains(name + ".json"), "\(name) is not bundled")
            #expect(VerifyReport.Failure.Kind(rawValue: kind) != nil, "\(kind) is not a verify failure kind")
        }
    }

    /// freshcode-gaps at full size: the report names the frames and the uncovered area, and runs of
    /// identical frames are one entry.
    @Test func freshcodeGapsAreReportedWithFramesAndArea() throws {
        let scenario = try ScenarioDecoder.decode([UInt8](try Data(contentsOf: scenarios.appendingPathComponent("freshcode-gaps.json"))))
        var s = scenario
        s.viewport.scale = 1
        let report = try Verifier.verify(s, font: font)
        let failures = report.failures
        #expect(failures.allSatisfy { $0.kind == .coverage })
        // A tile wider than the screen: no tile at all from the first frame.
        let first = try #require(failures.first)
        #expect(first.frame == 0 && first.throughFrame == 8)
        #expect(first.detail.contains("no tile at all") && first.pixels == 390 * 844)
        #expect(first.box == IntRect(x: 0, y: 0, width: 390, height: 844))
        // After the rotation back to portrait: 3 rows of 250 points cannot cover 844, leaving bands.
        let banded = try #require(failures.first { $0.detail.contains("of its 329160 pixels") })
        #expect(banded.pixels > 0 && banded.pixels < 390 * 844)
        #expect(banded.box?.x == 0 && banded.box?.width == 390)
        // The report is short: blank runs are merged.
        #expect(failures.count < 20)
        #expect(report.maxLiveTiles <= report.liveTileBound!)
        let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        let entries = try #require(json?["failures"] as? [[String: Any]])
        #expect(entries.first?["throughFrame"] as? Int == 8)
        #expect(entries.first?["pixels"] as? Int == 390 * 844)
    }

    /// A layer that follows the recentered contentOffset (the naive scrollViewDidScroll parallax)
    /// jumps at a recenter, and verify names that frame, in pixels.
    /// Only the first step (the drag that recenters mid-way) is verified: the frames up to the
    /// first failure are the same, and the rest only cost time.
    @Test func catchesANaiveParallaxLayer() throws {
        var scenario = try reduced("parallax")
        scenario.steps = Array(scenario.steps.prefix(1))
        var probe = try Simulation(scenario: scenario)
        var firstRecenter: Int?
        while let f = try probe.next() { if f.recenterShift != nil { firstRecenter = f.index; break } }
        #expect(firstRecenter != nil, "the first step no longer recenters")
        let faults = Faults(layersFollowRecenteredOffset: true)
        let report = try Verifier.verify(scenario, font: font, strategy: try Simulation(scenario: scenario, reference: false, faults: faults),
                                         reference: try Simulation(scenario: scenario, reference: true, faults: faults))
        let first = try #require(report.failures.first)
        #expect(first.kind == .pixels && first.frame == firstRecenter)
    }

    /// The coverage check measures the uncovered area exactly, for fractional tile rectangles too.
    @Test func uncoveredAreaIsExact() {
        func frame(_ rects: [PixelRect], width: Double = 100, height: Double = 50) -> FrameState {
            FrameState(index: 0, time: 0, phase: .idle, contentOffset: .zero, contentSize: Size(width: 1, height: 1), events: [],
                       recenterShift: nil, tiles: rects.enumerated().map { DrawnTile(coordinate: TileCoordinate(x: Int64($0.offset), y: 0), id: $0.offset, pixelRect: $0.element) },
                       stats: TileStats(), edgeHit: false, scale: 1, viewport: Size(width: width, height: height), page: nil, pageVisibility: [])
        }
        #expect(Verifier.uncoveredArea(frame([PixelRect(x: -10, y: -10, width: 120, height: 70)])) == nil)
        let band = Verifier.uncoveredArea(frame([PixelRect(x: 0, y: 0, width: 100, height: 40)]))!
        #expect(band.pixels == 1000 && band.box == (0, 40, 100, 10))
        let two = Verifier.uncoveredArea(frame([PixelRect(x: 0, y: 10, width: 50, height: 30), PixelRect(x: 50, y: 10, width: 50, height: 30)]))!
        #expect(two.pixels == 2000 && two.box == (0, 0, 100, 50) && two.detail.contains("2000 of its 5000 pixels"))
        let sliver = Verifier.uncoveredArea(frame([PixelRect(x: 0.5, y: 0, width: 99.5, height: 50)]))!
        #expect(sliver.pixels == 25 && sliver.box == (0, 0, 1, 50))
        let none = Verifier.uncoveredArea(frame([]))!
        #expect(none.pixels == 5000 && none.detail.contains("no tile at all"))
    }

    /// The live-tile check counts layer tiles against `Scenario.liveTileBound`, which includes them.
    @Test func liveBoundIncludesLayerTiles() throws {
        let s = try reduced("parallax")
        let report = try Self.parallaxReport.get()
        var plain = s
        plain.layers = []
        let plainReport = try Verifier.verify(plain, font: font)
        #expect(report.liveTileBound == s.liveTileBound(forViewport: Size(width: s.viewport.width, height: s.viewport.height)))
        #expect(report.maxLiveTiles > plainReport.maxLiveTiles)
        #expect(report.maxLiveTiles <= report.liveTileBound!)
    }
}
