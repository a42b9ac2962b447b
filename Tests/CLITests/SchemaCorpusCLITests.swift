import Foundation
import Testing
import TestSupport

/// The corpus's `schema-*` files (rules that join keys, string lengths in code points) through the executable, as
/// `BadScenarioCLITests` runs one file of each kind: exit 2, one line naming the file, the JSON path and the row's
/// text, and nothing written.
@Suite struct SchemaCorpusCLITests {
    @Test func theSchemaRulesAreInTheCorpus() {
        #expect(BadScenario.schemaRules.count == 35)
    }

    @Test(arguments: BadScenario.schemaRules)
    func rejectedByTheCLI(_ bad: BadScenario) throws {
        let out = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLI.run(["render", bad.url.path, "--out", out.appendingPathComponent("frames").path])
        #expect(result.status == 2, "\(bad.file): \(result.stderr)")
        #expect(result.stderr.hasPrefix("render-grid: error: ") && result.stderr.contains(bad.file), "\(result.stderr)")
        if !bad.path.isEmpty { #expect(result.stderr.contains(bad.path + ":"), "\(result.stderr)") }
        #expect(result.stderr.contains(bad.mentions), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(CLI.files(in: out).isEmpty)
    }
}
