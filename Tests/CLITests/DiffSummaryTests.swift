import Foundation
import Testing

/// Issue 21: `diff` of two folders prints a summary first (the counts, the first failing frame, the largest
/// difference), not one line per changed frame; `--list` adds those lines after it.
@Suite struct DiffSummaryTests {
    @Test func folderDiffPrintsASummaryAndListsFramesOnRequest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The origin tile in view and a 30-point move: every metric sees the frames change.
        let (a, b) = try DiffDefaultsTests.renderPair(scale: 1, in: folder, moved: "140", start: 0)
        let report = try DiffDefaultsTests.json(try CLI.run(["diff", a.path, b.path, "--json"]).stdout)
        let frames = try #require(report["frames"] as? [[String: Any]])
        let changed = frames.filter { $0["status"] as? String == "changed" }
        try #require(changed.count >= 2, "the moved render changes several frames")
        let first = try #require(changed.first?["path"] as? String)
        let most = try #require(changed.max { ($0["diffPixels"] as? Int ?? 0) < ($1["diffPixels"] as? Int ?? 0) })
        let largest = try #require(most["path"] as? String), pixels = try #require(most["diffPixels"] as? Int)
        #expect(report["largest"] as? String == largest)

        let summary = try CLI.run(["diff", a.path, b.path])
        #expect(summary.status == 1)
        let lines = summary.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "diff: \(frames.count) frames: \(frames.count - changed.count) same, \(changed.count) changed, 0 size-changed, 0 added, 0 removed; FAILED (\(changed.count) failing)", "\(summary.stdout)")
        #expect(lines.count <= 4, "a summary, not a line per frame: \(summary.stdout)")
        #expect(!lines.contains { $0.hasPrefix("FAIL ") }, "\(summary.stdout)")
        #expect(lines.contains { $0.hasPrefix("first failing") && $0.contains("\(first): changed") }, "\(summary.stdout)")
        #expect(lines.contains { $0.contains("largest difference") && $0.contains("\(largest): changed, \(pixels) pixels (") }, "\(summary.stdout)")

        let listed = try CLI.run(["diff", a.path, b.path, "--list"])
        let all = listed.stdout.split(separator: "\n").map(String.init)
        #expect(Array(all.prefix(lines.count)) == lines, "the summary comes first: \(listed.stdout)")
        let frameLines = all.dropFirst(lines.count)
        #expect(frameLines.count == changed.count && frameLines.allSatisfy { $0.hasPrefix("FAIL ") }, "\(listed.stdout)")
    }
}
