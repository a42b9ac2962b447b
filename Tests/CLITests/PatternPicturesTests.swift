import Foundation
import Testing
import TestSupport

/// The pattern gallery table (docs/patterns.md): its pictures are what `Scenarios/patterns/pictures.sh` draws with
/// render-grid today, and what it quotes of `verify` is verify's real output on each naive scenario.
@Suite
struct PatternPicturesTests {
    static let committed = CLI.packageRoot.appendingPathComponent("docs/images/patterns")

    /// A row of the gallery table: the pattern number, the pair its pictures show, the verify text
    /// it quotes (between backticks) and the fix it gives.
    struct Row { var pattern: Int; var pairs: [String]; var says: String; var fix: String; var pictures: [String] }

    /// The rows of the table in docs/patterns.md, "The pattern gallery", with each picture as its path from the
    /// package root.
    static func rows() throws -> [Row] {
        let page = DocsText.rootPicturePaths(in: try DocsText.page("docs/patterns.md"), of: "docs/patterns.md")
        guard let start = page.range(of: "# The pattern gallery") else { return [] }
        let section = page[start.upperBound...].prefix { _ in true }
        var rows: [Row] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| "), let n = Int(line.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6 else { continue }
            let pictures = cells[4].components(separatedBy: "src=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            let pairs = cells[2].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                .filter { $0.hasSuffix("-naive") }.map { String($0.dropLast("-naive".count)) }
            rows.append(Row(pattern: n, pairs: pairs, says: cells[3], fix: cells[5], pictures: pictures))
        }
        return rows
    }

    @Test func picturesAreWhatTheScriptDraws() throws {
        let out = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["Scenarios/patterns/pictures.sh", out.path]
        process.currentDirectoryURL = CLI.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["RENDER_GRID": CLI.executable.path]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pictures.sh failed: \(stderr)")
        #expect(CLI.files(in: out) == CLI.files(in: Self.committed),
                "pictures.sh draws \(CLI.files(in: out)); committed: \(CLI.files(in: Self.committed))")
        // Pixels compared as pixelmatch does; a little room for another FreeType's label glyphs.
        let diff = try CLI.run(["diff", Self.committed.path, out.path, "--max-diff-ratio", "0.002"])
        #expect(diff.status == 0, """
            the committed pictures are not what pictures.sh draws now; look at the new ones, then remake them:
            bash Scenarios/patterns/pictures.sh docs/images/patterns
            \(diff.stdout)
            """)
    }

    /// The sample lines in the verify article (GridTools' DocC catalog) that come from scenarios (the others come from
    /// the hand-built frames of `PatternMonitorTests`) are verify's output on them, word for word.
    @Test(arguments: [(1, "patterns/01-seam-at-wrap-naive"), (2, "none-edge"), (3, "freshcode-gaps"),
                      (4, "patterns/04-multi-page-flick-naive"), (7, "insets-paging"), (10, "patterns/10-deceleration-naive"),
                      (11, "patterns/11-rewind-at-wrap-naive"), (12, "patterns/12-locked-axis-moves-naive")])
    func readmeSampleLinesAreRealOutput(pattern: Int, scenario: String) throws {
        let docs = try DocsText.all()
        let sample = docs.split(separator: "\n").first { $0.hasPrefix("pattern \(pattern) (") }
        let result = try CLI.run(["verify", "Scenarios/\(scenario).json"])
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("pattern \(pattern) (") }
        #expect(sample != nil && sample == line, "the documentation's sample line for pattern \(pattern) is not verify's output on \(scenario):\n\(line ?? "none")")
    }

    @Test func readmeTableQuotesVerifyAndShowsEveryPicture() throws {
        let rows = try Self.rows()
        #expect(rows.map(\.pattern) == Array(1...12), "the gallery table rows: \(rows.map(\.pattern))")
        var shown: Set<String> = []
        for row in rows {
            #expect(!row.pairs.isEmpty, "row \(row.pattern) names no naive scenario")
            for pair in row.pairs {
                let result = try CLI.run(["verify", "Scenarios/patterns/\(pair)-naive.json"])
                let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("pattern \(row.pattern) (") }
                let found = try #require(line.map(String.init), "\(pair)-naive: verify does not name pattern \(row.pattern)\n\(result.stdout)")
                let body = found.drop { $0 != ":" }.dropFirst(2)
                let parts = body.components(separatedBy: "; fix: ")
                #expect(row.says.contains("`\(parts[0])`"), "row \(row.pattern) should quote verify's `\(parts[0])`, it says \(row.says)")
                #expect(parts.count == 2 && (row.fix == parts[1] || row.fix.contains("`\(parts[1])`")),
                        "row \(row.pattern)'s fix should be verify's \"\(parts.last ?? "")\" (in backticks when the row has several)")
            }
            for picture in row.pictures {
                let path = CLI.packageRoot.appendingPathComponent(picture).path
                #expect(FileManager.default.fileExists(atPath: path), "row \(row.pattern) shows \(picture), which does not exist")
                shown.insert((picture as NSString).lastPathComponent)
            }
        }
        #expect(shown == Set(CLI.files(in: Self.committed)), "pictures not shown in docs/patterns.md: \(Set(CLI.files(in: Self.committed)).subtracting(shown))")
    }
}
