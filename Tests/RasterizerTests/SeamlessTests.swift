import Foundation
import Testing
import GridModel
@testable import Rasterizer

/// Root of the package, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func bundledScenarioNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path)) ?? []
    return files.filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.map { String($0.dropLast(5)) }.sorted()
}

/// Seamlessness, in pixels: every frame a strategy renders is byte-identical to the reference
/// plane's frame, for every bundled scenario that does not hit a content edge. The viewport is
/// reduced to a third for speed in debug builds; scale, tiles, content and steps are the scenario's.
@Suite struct SeamlessTests {
    @Test(arguments: bundledScenarioNames())
    func everyFrameMatchesTheReference(name: String) throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).json"))
        var scenario = try ScenarioDecoder.decode([UInt8](data))
        scenario.viewport.width = (scenario.viewport.width / 3).rounded()
        scenario.viewport.height = (scenario.viewport.height / 3).rounded()
        var strategy = try Simulation(scenario: scenario)
        var reference = try Simulation(scenario: scenario, reference: true)
        let renderer = FrameRenderer(scenario: scenario, font: sharedFont)
        var a = try renderer.makeCanvas(), b = try renderer.makeCanvas()
        var compared = 0, recenters = 0
        var previous: FrameState?
        while let frame = try strategy.next() {
            let ideal = try #require(try reference.next())
            if frame.edgeHit { return }  // from here on the edge is the point of the scenario
            if frame.recenterShift != nil { recenters += 1 }
            // Identical consecutive frames are rendered once, as the exporter does.
            if let previous, frame.drawsSame(as: previous), ideal.drawsSame(as: previous) { compared += 1; continue }
            try renderer.render(frame, into: &a)
            try renderer.render(ideal, into: &b)
            #expect(a.pixels == b.pixels, "frame \(frame.index) of \(name) differs from the reference")
            if a.pixels != b.pixels { return }
            previous = frame
            compared += 1
        }
        #expect(compared > 30)
        let infiniteAxis = [scenario.grid.columns, scenario.grid.rows].contains { $0 == nil } || scenario.grid.loop == .seamless
        if scenario.pager == nil && scenario.scroll.recenter != .none && infiniteAxis {
            #expect(recenters > 0, "\(name) never recenters")
        }
    }
}
