import Foundation
import Testing
import TestSupport

/// `check`'s summary line names what the details explain: the first failing frame, a size change, machine drift
/// (once).
@Suite struct CheckSummaryTests {
    /// A drag 1 pt longer first differs below a device pixel: the summary's first failing frame is the first frame
    /// the details explain (before: "the trace differs from frame 19" while every sentence started at frame 20).
    @Test func subPixelTraceDifferenceIsExplainedAtTheSummaryFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/rotate.json"), encoding: .utf8)
        let path = try CLI.write(text, to: folder, as: "rotate.json")
        #expect(try CheckCommandTests.run(["check", path, "--scale", "1", "--record", "all"]).status == 0)
        _ = try CLI.write(text.replacingOccurrences(of: "\"x\": -120", with: "\"x\": -121"), to: folder, as: "rotate.json")
        let result = try CheckCommandTests.run(["check", path, "--scale", "1", "--record", "never"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let summary = try #require(lines.first { $0.hasPrefix("FAIL rotate (failed): ") }, "\(result.stdout)")
        let frame = try #require(summary.firstMatch(of: /differs from frame (\d+)/)?.1, "\(summary)")
        #expect(lines.contains { $0.contains("frame \(frame): the trace differs below a device pixel") }, "\(result.stdout)")
    }

    /// A viewport size change makes frames fail by size: the summary says so, not "no key frame stored" for a frame
    /// that has one.
    @Test func sizeChangeIsNamedInTheSummary() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        #expect(try CheckCommandTests.run(["check", path, "--record", "all"]).status == 0)
        let original = CLI.smallScenario(name: "a")
        let width = try #require(original.firstMatch(of: /"width": (\d+)/)?.1)
        _ = try CLI.write(original.replacingOccurrences(of: "\"width\": \(width)", with: "\"width\": \(Int(width)! + 8)"), to: folder, as: "a.json")
        let result = try CheckCommandTests.run(["check", path, "--record", "never"])
        #expect(result.status == 1)
        let summary = result.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL a (failed): ") } ?? ""
        #expect(summary.contains("its size changed") && !summary.contains("no key frame stored"), "\(result.stdout)")
    }

    /// Drift with another font: frames that differ only by hash are put down to the drift (the trace agrees), and a
    /// passing run notes the drift once, not in the summary and again in the details.
    @Test func driftExplainsHashOnlyFramesAndIsSaidOnce() throws {
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        guard FileManager.default.fileExists(atPath: serif) else { return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        #expect(try CheckCommandTests.run(["check", path, "--font", serif, "--record", "all"]).status == 0)
        var result = try CheckCommandTests.run(["check", path, "--record", "never"])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("the trace diff explains them"), "\(result.stdout)")
        #expect(result.stdout.contains("machine drift above explains them") || result.stdout.contains("machine drift explains it"), "\(result.stdout)")
        // Pass with a tolerance: the drift appears once.
        #expect(try CheckCommandTests.run(["check", path, "--font", serif, "--record", "all", "--keyframes", "all"]).status == 0)
        result = try CheckCommandTests.run(["check", path, "--record", "never", "--max-diff-ratio", "0.9"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "machine drift:").count == 2, "\(result.stdout)")
    }
}
