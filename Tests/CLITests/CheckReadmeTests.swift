import Foundation
import Testing
import TestSupport

/// The "Regression-test your scroll behaviour" commands (GridTools' DocC article `CheckAndGoldens`), run word for word
/// (the workflow block in order, then the CI job's check line) in a folder holding two bundled scenarios, and the
/// `.ci/run` line it cites.
@Suite struct CheckReadmeTests {
    static let page = "Sources/GridTools/GridTools.docc/CheckAndGoldens.md"

    /// The section's text: the whole article (with its diff-trace and report-folder sections).
    static func section() throws -> String {
        try #require(DocsText.section("Regression-test your scroll behaviour", in: DocsText.page(page)))
    }

    /// Every `render-grid check` command in the section's code blocks, without its comment, in order.
    static func commands(in section: String) -> [[String]] {
        var commands: [[String]] = [], inBlock = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard inBlock, let range = line.range(of: "render-grid check ") else { continue }
            let command = line[range.lowerBound...].components(separatedBy: " #")[0]
            commands.append(command.split(separator: " ").map(String.init))
        }
        return commands
    }

    @Test func sectionCommandsRunAsWritten() throws {
        let section = try Self.section()
        let commands = Self.commands(in: section)
        // The synopsis is not a command; four workflow lines and the CI job's line are.
        let runnable = commands.filter { !$0.contains { $0.hasPrefix("[") } }
        #expect(runnable.count == 5, "\(runnable)")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("Scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        for name in ["rotate.json", "interrupted-fling.json"] {
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Scenarios/\(name)"),
                                             to: scenarios.appendingPathComponent(name))
        }
        // record (exit 1, review), compare, re-record failures, prune; then the CI job's line.
        let statuses: [Int32] = [1, 0, 0, 0, 0]
        for (words, status) in zip(runnable, statuses) {
            let result = try CheckCommandTests.run(Array(words.dropFirst()), in: folder)
            #expect(result.status == status, "\(words.joined(separator: " ")): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(words.joined(separator: " ")): \(result.stderr)")
        }
        #expect(CLI.files(in: scenarios.appendingPathComponent("Goldens")) == ["interrupted-fling", "rotate"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/junit.xml").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/report.html").path))
    }

    /// The CI line the section cites is in `.ci/run`, and the size figure matches the committed goldens.
    @Test func ciRunsTheBundledCheck() throws {
        let section = try Self.section()
        let line = "swift run render-grid check Scenarios --scale 1 --record never"
        #expect(section.contains("`\(line)`"))
        let ci = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").contains { $0.hasPrefix(line) }, "\(line) is not in .ci/run")
        // The golden-size figure is the committed goldens' total.
        let goldens = CLI.packageRoot.appendingPathComponent("Scenarios/Goldens")
        var total = 0
        for name in CLI.files(in: goldens) {
            for file in CLI.files(in: goldens.appendingPathComponent(name)) {
                total += try FileManager.default.attributesOfItem(atPath: goldens.appendingPathComponent("\(name)/\(file)").path)[.size] as? Int ?? 0
            }
        }
        var grouped = ""
        for (i, digit) in String(total).enumerated() {
            if i > 0 && (String(total).count - i) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        #expect(section.contains("take \(grouped) bytes"), "the page's golden size is not \(grouped) bytes")
    }

    /// The committed goldens hold for this build: three bundled scenarios (a paging snap, the seamless carousel and
    /// a rotation) are checked against `Scenarios/Goldens/` in every `swift test`; `.ci/run` checks all of them.
    @Test func committedGoldensHold() throws {
        let scenarios = ["paging-snap", "carousel-loop-seamless", "rotate"].map {
            CLI.packageRoot.appendingPathComponent("Scenarios/\($0).json").path
        }
        let result = try CLI.run(["check"] + scenarios + ["--scale", "1", "--record", "never", "--jobs", "2"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("check: 3 scenarios: 3 passed"), "\(result.stdout)")
    }
}
