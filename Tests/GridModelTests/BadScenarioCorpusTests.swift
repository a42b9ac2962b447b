import Foundation
import Testing
import TestSupport
@testable import GridModel

/// The shared bad-scenario corpus, decoded in-process: every file gives exactly its error kind and JSON path, the
/// text its row names, and a one-line message that names the path. (CLITests run one file of each kind through the
/// executable.)
@Suite struct BadScenarioCorpusTests {
    @Test func corpusIsLargeAndComplete() throws {
        #expect(BadScenario.all.count >= 120)
        let files = try FileManager.default.contentsOfDirectory(atPath: BadScenario.folder.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(BadScenario.all.map(\.file)), "every corpus file has one row, every row a file")
        #expect(Set(BadScenario.all.map(\.file)).count == BadScenario.all.count, "no file is listed twice")
        let kinds = Set(BadScenario.all.map(\.kind))
        // Every kind the decoder can give (`.simulation` comes from running a valid scenario).
        let decoderKinds = ScenarioError.Kind.allCases.filter { $0 != .simulation }.map(\.rawValue)
        #expect(kinds == Set(decoderKinds), "every error kind has a corpus file")
    }

    @Test(arguments: BadScenario.all)
    func rejectedWithKindPathAndText(_ bad: BadScenario) throws {
        let bytes = try bad.bytes()
        #expect {
            _ = try ScenarioDecoder.decode(bytes)
        } throws: { error in
            guard let e = error as? ScenarioError else { return false }
            let text = e.description
            return e.kind.rawValue == bad.kind && e.path == bad.path
                && (bad.mentions.isEmpty || text.contains(bad.mentions))
                && (bad.path.isEmpty || text.contains(bad.path))
                && !text.contains("\n")
        }
    }
}
