import Foundation
import Testing

/// The pattern gallery (issue 15): `render-grid verify` on every `Scenarios/patterns/NN-slug-naive.json`
/// fails and names pattern NN; on every `NN-slug-correct.json` twin it passes.
/// An empty or missing folder fails (`galleryIsThere`), so the gallery cannot vanish without a red test.
@Suite
struct PatternGalleryTests {
    static let folder = CLI.packageRoot.appendingPathComponent("Scenarios/patterns")

    /// The gallery's scenario files, sorted (empty when the folder is missing).
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
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

    /// The pair a file belongs to: its name less `-naive.json` or `-correct.json`.
    static func pair(of file: String) -> String {
        file.replacingOccurrences(of: "-naive.json", with: "").replacingOccurrences(of: "-correct.json", with: "")
    }

    @Test func galleryIsThere() {
        let files = Self.files
        #expect(!files.isEmpty, "Scenarios/patterns/ has no scenario: the gallery is missing")
        for file in files {
            #expect(Self.pattern(of: file).map { (1...12).contains($0) } == true, "\(file) does not start with a pattern number 01-12")
            #expect(file.hasSuffix("-naive.json") || file.hasSuffix("-correct.json"), "\(file) is neither -naive nor -correct")
        }
        // Every naive scenario has its correct twin.
        for naive in files where naive.hasSuffix("-naive.json") {
            let twin = naive.replacingOccurrences(of: "-naive.json", with: "-correct.json")
            #expect(files.contains(twin), "\(naive) has no twin \(twin)")
        }
    }

    /// Every pattern 1-12 has a pair, and the README's table has a row, with a first frame, for every
    /// naive scenario and for nothing else.
    @Test func readmeTableHasTheFrames() throws {
        let table = try Self.readmeFrames()
        let naive = Self.files.filter { $0.hasSuffix("-naive.json") }
        #expect(Set(naive.compactMap(Self.pattern(of:))) == Set(1...12), "patterns with a pair: \(naive)")
        #expect(Set(table.keys) == Set(naive.map(Self.pair(of:))), "README.md's rows \(table.keys.sorted()), the naive scenarios \(naive)")
    }

    @Test func naiveFailsNamingItsPatternAndCorrectPasses() throws {
        let firstFrames = try Self.readmeFrames()
        for file in Self.files {
            let path = "Scenarios/patterns/" + file
            let json = try CLI.run(["verify", path, "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let patterns = (object?["patterns"] as? [[String: Any]]) ?? []
            let numbers = patterns.compactMap { $0["pattern"] as? Int }
            if file.hasSuffix("-naive.json") {
                let n = try #require(Self.pattern(of: file))
                #expect(json.status == 1, "\(file): verify passed; it must fail as pattern \(n)")
                #expect(numbers == [n], "\(file): verify named patterns \(numbers), not \(n) alone\n\(json.stdout)")
                let finding = patterns.first { $0["pattern"] as? Int == n }
                for key in ["name", "frame", "expected", "actual", "fix"] {
                    #expect(finding?[key] != nil, "\(file): pattern \(n) without \(key)")
                }
                let readme = firstFrames[Self.pair(of: file)]
                #expect(readme != nil && finding?["frame"] as? Int == readme,
                        "\(file): pattern \(n) named at frame \(finding?["frame"] ?? "none"), the README says \(readme ?? -1)")
                // The text output names it in one line.
                let text = try CLI.run(["verify", path])
                #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("pattern \(n) (") && $0.contains("; fix: ") },
                        "\(file): no 'pattern \(n) (' line\n\(text.stdout)")
            } else {
                #expect(json.status == 0 && numbers.isEmpty, "\(file): the correct twin fails: \(numbers)\n\(json.stdout)")
            }
        }
    }
}
