import Foundation
import Testing
import TestSupport

/// docs/glossary.md defines every seed, recentering strategy, loop and pattern the documentation names, and the
/// README links the glossary the first time it names a seed or a pattern.
@Suite struct GlossaryTests {
    static func glossary() throws -> String { try DocsText.page("docs/glossary.md") }

    /// "seed 004", "seeds 000 and 003": every seed number any page names.
    @Test func everySeedNamedIsDefined() throws {
        let docs = try DocsText.all()
        var seeds = Set(docs.matches(of: /[Ss]eeds? ([0-9]{3})/).map { String($0.output.1) })
        seeds.formUnion(docs.matches(of: /[Ss]eeds [0-9]{3} and ([0-9]{3})/).map { String($0.output.1) })
        #expect(seeds.count >= 5, "\(seeds.sorted())")
        let glossary = try Self.glossary()
        for seed in seeds {
            #expect(glossary.contains("- **seed \(seed)**:"), "seed \(seed) is named but not in docs/glossary.md")
        }
    }

    /// "pattern 7", "patterns 1 and 11", "(pattern 10)": every pattern number any page names.
    @Test func everyPatternNamedIsDefined() throws {
        let docs = try DocsText.all()
        let patterns = Set(docs.matches(of: /[Pp]atterns? ([0-9]+)/).compactMap { Int($0.output.1) })
        #expect(patterns == Set(1...12), "\(patterns.sorted())")
        let glossary = try Self.glossary()
        for pattern in patterns {
            #expect(glossary.contains("- **pattern \(pattern)**,"), "pattern \(pattern) is not in docs/glossary.md")
        }
    }

    /// The values of `scroll.recenter` and `grid.loop` in the scenario format's key table.
    @Test func everyStrategyAndLoopIsDefined() throws {
        let format = try DocsText.page("Sources/GridModel/GridModel.docc/ScenarioFormat.md")
        let glossary = try Self.glossary()
        var names: [String] = []
        for key in ["`scroll.recenter`", "`grid.loop`"] {
            let row = try #require(format.split(separator: "\n").first { $0.hasPrefix("| \(key) |") }, "no row \(key)")
            let values = row.split(separator: "|")[1].matches(of: /`"([A-Za-z]+)"`/).map { String($0.output.1) }
            names += values.filter { $0 != "none" || key == "`scroll.recenter`" }
        }
        #expect(names.count >= 6, "\(names)")
        for name in names {
            #expect(glossary.contains("- **\(name)**:"), "\(name) is not in docs/glossary.md")
        }
    }

    /// The README's first line naming a seed, and its first naming a pattern, link the glossary.
    @Test func theReadmeLinksTheGlossaryAtFirstUse() throws {
        let lines = try DocsText.page("README.md").split(separator: "\n")
        for (what, regex) in [("seed", /seeds? [0-9]{3}/), ("pattern", /patterns? [0-9]+/)] {
            let first = try #require(lines.first { $0.contains(regex) }, "README names no \(what)")
            #expect(first.contains("](docs/glossary.md"), "README's first \(what) is not a glossary link: \(first)")
        }
    }
}
