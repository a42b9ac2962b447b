import Foundation
import Testing
import GridExport
@testable import GridModel
@testable import GridTools

extension FrameState {
    /// Whether the frame sent an event of `kind`.
    func has(_ kind: ScrollEvent.Kind) -> Bool { events.contains { $0.kind == kind } }
}

/// What `verify` says about the gallery, in-process (`VerifyCommandTests` runs the executable on one pair): every
/// naive scenario fails naming its pattern alone, at the first frame `Scenarios/patterns/README.md`'s table gives,
/// with a one-line finding; every correct twin passes. An empty or missing folder fails (`galleryIsThere`).
extension PatternGalleryTests {
    static let folder = scenarios.appendingPathComponent("patterns")

    /// The gallery's scenario files, sorted (empty when the folder is missing).
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The pattern number a file is for: its leading `NN-`.
    static func pattern(of file: String) -> Int? { Int(file.prefix { $0.isNumber }) }

    /// The first frame verify names for each naive scenario, keyed by pair (`01-seam-at-wrap`), as
    /// `Scenarios/patterns/README.md`'s table gives it (`| 1 | `01-seam-at-wrap` | … | 28 |`).
    static func readmeFrames() throws -> [String: Int] {
        let text = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        var table: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, Int(cells[0]) != nil, let frame = Int(cells.last ?? "") else { continue }
            table[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = frame
        }
        return table
    }

    @Test func galleryIsThere() {
        let files = Self.files
        #expect(!files.isEmpty, "Scenarios/patterns/ has no scenario: the gallery is missing")
        for file in files {
            #expect(Self.pattern(of: file).map { (1...12).contains($0) } == true,
                    "\(file) does not start with a pattern number 01-12")
            #expect(file.hasSuffix("-naive.json") || file.hasSuffix("-correct.json"),
                    "\(file) is neither -naive nor -correct")
        }
        // Every naive scenario has its correct twin.
        for naive in files where naive.hasSuffix("-naive.json") {
            let twin = naive.replacingOccurrences(of: "-naive.json", with: "-correct.json")
            #expect(files.contains(twin), "\(naive) has no twin \(twin)")
        }
    }

    /// The README's table has a row, with a first frame, for every naive scenario and for nothing else.
    @Test func readmeTableHasTheFrames() throws {
        let table = try Self.readmeFrames()
        #expect(Set(table.keys) == Set(Self.pairs), "README.md's rows \(table.keys.sorted()), the pairs \(Self.pairs)")
    }

    /// The report of `verify` on one gallery file, loaded as the CLI loads it (its style's font, or the default).
    func verify(_ file: String) throws -> VerifyReport {
        let loaded = try ScenarioFile.load(path: Self.folder.appendingPathComponent(file).path, needsFont: true)
        return try Verifier.verify(loaded.scenario, font: loaded.font ?? font)
    }

    @Test(arguments: pairs)
    func verifyNamesTheNaivePatternAtTheReadmeFrameAndPassesTheTwin(_ pair: String) throws {
        let n = try #require(Self.pattern(of: pair))
        let naive = try verify(pair + "-naive.json")
        #expect(!naive.passed, "\(pair)-naive: verify passed; it must fail as pattern \(n)")
        #expect(naive.patterns.map(\.pattern.rawValue) == [n], "\(pair)-naive: \(naive.patterns.map(\.line))")
        let finding = try #require(naive.patterns.first)
        #expect(!finding.expected.isEmpty && !finding.actual.isEmpty && !finding.fix.isEmpty)
        let readme = try Self.readmeFrames()[pair]
        #expect(finding.frame == readme,
                "\(pair)-naive: named at frame \(finding.frame), the README says \(readme ?? -1)")
        #expect(finding.line.hasPrefix("pattern \(n) (") && finding.line.contains("; fix: "), "\(finding.line)")
        let correct = try verify(pair + "-correct.json")
        #expect(correct.passed && correct.patterns.isEmpty, "\(pair)-correct: \(correct.patterns.map(\.line))")
    }
}
