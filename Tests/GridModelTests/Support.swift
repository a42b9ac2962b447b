import Foundation
@testable import GridModel

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func bundledScenarioNames() -> [String] {
    let folder = packageRoot.appendingPathComponent("Scenarios")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.map { String($0.dropLast(5)) }.sorted()
}

/// The pattern gallery's scenarios (issue 15), as paths under Scenarios/: "patterns/01-seam-at-wrap-naive", ….
func patternScenarioNames() -> [String] {
    let folder = packageRoot.appendingPathComponent("Scenarios/patterns")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { "patterns/" + $0.dropLast(5) }.sorted()
}

func bundledScenario(_ name: String) throws -> Scenario {
    let data = try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).json"))
    return try ScenarioDecoder.decode([UInt8](data))
}

func decode(_ json: String) throws(ScenarioError) -> Scenario {
    try ScenarioDecoder.decode(Array(json.utf8))
}

/// A minimal valid scenario around the given steps and extra top-level members.
func scenarioJSON(steps: String, scroll: String = #"{ "recenter": "atRest" }"#,
                  viewport: String = #"{ "width": 390, "height": 844, "scale": 2 }"#, grid: String = "{}",
                  fps: Int = 60) -> String {
    #"{ "name": "t", "viewport": \#(viewport), "fps": \#(fps), "grid": \#(grid), "scroll": \#(scroll), "steps": \#(steps) }"#
}

func allFrames(_ scenario: Scenario, reference: Bool = false) throws -> [FrameState] {
    var simulation = try Simulation(scenario: scenario, reference: reference)
    var frames: [FrameState] = []
    while let frame = try simulation.next() { frames.append(frame) }
    return frames
}

extension FrameState {
    func has(_ kind: ScrollEvent.Kind) -> Bool { events.contains { $0.kind == kind } }
    var eventNames: [String] { events.map(\.kind.rawValue).filter { $0 != "didScroll" } }
}

/// A 40 × 40 grid with tile (20, 20) centred (offset (1855, 1628)) and 200 × 100-point pages.
func pagingFrames(_ mode: String, _ steps: String) throws -> [FrameState] {
    try allFrames(try decode(scenarioJSON(
        steps: steps, scroll: #"{ "paging": "\#(mode)", "pageSize": { "width": 200, "height": 100 } }"#,
        grid: #"{ "columns": 40, "rows": 40, "start": { "x": 20, "y": 20 } }"#)))
}

func pageChanges(_ frames: [FrameState]) -> [FrameState] { frames.filter { $0.has(.pageChanged) } }

/// The uncovered width of a frame's viewport in device pixels, for a grid of one row (every gallery and
/// few-items grid scrolls along x): at the left, between tiles and at the right.
func uncoveredWidth(_ frame: FrameState) -> Double {
    var x = 0.0, gap = 0.0
    for r in frame.tiles.map(\.pixelRect).sorted(by: { $0.x < $1.x }) {
        if r.x > x { gap += r.x - x }
        x = max(x, r.x + r.width)
    }
    return gap + max(0, Double(frame.pixelWidth) - x)
}
