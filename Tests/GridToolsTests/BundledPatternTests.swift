import Foundation
import Testing
@testable import GridModel
@testable import GridTools

/// Every bundled scenario passes `verify`'s pattern checks, except those that show a pattern on
/// purpose, each with exactly the patterns it shows.
@Suite struct BundledPatternTests {
    /// Bundled scenarios that legitimately show a pattern, and which.
    /// - none-edge, atRest-edge, atRest-edge-refling: they demonstrate reaching the content edge of an
    ///   infinite grid (pattern 2): recenter "none", and "atRest" with flicks before the rest.
    /// - insets-paging: UIKit's page grid ignoring a 40-pt inset (pattern 7's naive; its twin
    ///   insets-paging-adjusted passes).
    /// - freshcode-gaps: seed 003's tile range leaves the viewport blank (pattern 3).
    /// (paging-target used to show pattern 4 before `scroll.pageLimit: "one"` became the default.)
    static let showsAPattern: [String: [Pattern]] = [
        "none-edge": [.edgeReached], "atRest-edge": [.edgeReached], "atRest-edge-refling": [.edgeReached],
        "insets-paging": [.insetPageGrid], "freshcode-gaps": [.blankTiles],
    ]

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func theListNamesBundledScenarios() {
        #expect(Self.names.count > 20)
        for name in Self.showsAPattern.keys { #expect(Self.names.contains(name), "\(name) is not bundled") }
    }

    /// At scale 1 for speed (the patterns do not depend on it here).
    @Test(arguments: names)
    func bundledScenario(name: String) throws {
        var s = try ScenarioDecoder.decode([UInt8](try Data(contentsOf: scenarios.appendingPathComponent(name + ".json"))))
        s.viewport.scale = 1
        let report = try Verifier.verify(s, font: font)
        let expected = Self.showsAPattern[name] ?? []
        #expect(report.patterns.map(\.pattern) == expected, "\(name): \(report.patterns.map(\.line))")
        if expected.isEmpty { #expect(report.passed, "\(name): \(report.failures.map(\.detail))") }
    }
}
