import Foundation
import Testing
@testable import GridModel
@testable import GridTools

/// Traces of bundled scenarios rendered in memory, then perturbed.
enum TraceDiffFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled scenario's text with each `(old, new)` replaced (each must occur).
    static func scenarioText(_ name: String, _ replacements: [(String, String)] = []) throws -> String {
        var text = try String(contentsOf: root.appendingPathComponent("Scenarios/\(name).json"), encoding: .utf8)
        for (old, new) in replacements {
            #expect(text.contains(old), "\(name) has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// The trace of the scenario as `render` writes it, read back as the tools read it.
    static func trace(_ name: String, _ replacements: [(String, String)] = []) throws -> [TraceFrame] {
        let scenario = try ScenarioDecoder.decode(Array(try scenarioText(name, replacements).utf8))
        var simulation = try Simulation(scenario: scenario)
        var text = ""
        while let frame = try simulation.next() { text += Trace.line(for: frame) + "\n" }
        return try TraceReader.read(bytes: Array(text.utf8), name: name)
    }
}

@Suite struct TraceDiffExploreTests {
    @Test func explore() throws {
        let e = try TraceDiffFixtures.trace("long-fling")
        let a = try TraceDiffFixtures.trace("long-fling", [(#""deceleration": "normal""#, #""deceleration": "fast""#)])
        let d = TraceDiff.compare(expected: e, actual: a, scale: 2)
        print(d.firstDifferingFrame as Any)
        for l in d.findings { print("F:", l) }
        for l in d.summary { print("S:", l) }
        print(TraceDiff.inferredScale(of: e))
    }
}
