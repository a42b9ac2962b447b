import Foundation
import Testing
import Rasterizer
import GridExport

/// Regressions from an adversarial review of the hardening work: each once misbehaved as named.
@Suite struct ReviewRegressionTests {
    /// `plot --out ./DIR/trace.jsonl` replaced the trace with a PNG, and `sheet --out DIR/frame_00000.png`
    /// replaced a frame: the guard compared spellings, not files.
    @Test func toolsNeverOverwriteTheirInputs() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let frames = folder.appendingPathComponent("f")
        #expect(try CLI.run(["render", scenario, "--out", frames.path, "--quiet", "--frames", "0:3"]).status == 0)
        let trace = frames.appendingPathComponent("trace_00000-00003.jsonl"), frame = frames.appendingPathComponent("frame_00000.png")
        let traceBytes = try Data(contentsOf: trace), frameBytes = try Data(contentsOf: frame)
        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: frame.path)
        let cases: [[String]] = [
            ["plot", trace.path, "--out", frames.path + "/./trace_00000-00003.jsonl"],
            ["plot", trace.path, "--out", frames.path + "/../f/trace_00000-00003.jsonl"],
            ["sheet", frames.path, "--out", frame.path],
            ["sheet", frames.path, "--out", link.path],
            ["sheet", frames.path, "--out", trace.path],
        ]
        for arguments in cases {
            let result = try CLI.run(arguments)
            #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: trace) == traceBytes && Data(contentsOf: frame) == frameBytes)
    }

    @Test func messagesSayWhatHappened() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("o").path
        // A repeated option is named as repeated, not as unknown.
        for arguments in [["--jobs", "2", "--jobs", "3"], ["--quiet", "--quiet"], ["--out=x", "--out", "y"]] {
            let r = try CLI.run(["render", scenario, "--out", out] + arguments)
            #expect(r.status == 2 && r.stderr.contains("more than once"), "\(arguments): \(r.stderr)")
        }
        // An open range past the end shows what was asked, not Int.max.
        let past = try CLI.run(["render", scenario, "--out", out, "--frames", "500:"])
        #expect(past.status == 2 && past.stderr.contains("--frames 500: is outside") && !past.stderr.contains("9223372036854775807"),
                "\(past.stderr)")
        // A NUL in style.font is refused as such, not opened as a shorter path or shown percent-encoded.
        let nul = try CLI.write(CLI.smallScenario().replacingOccurrences(of: #""fps": 30,"#, with: #""fps": 30, "style": { "font": "a\u0000b.ttf" },"#),
                                to: folder, as: "nul.json")
        let r = try CLI.run(["render", nul, "--out", out])
        #expect(r.status == 2 && r.stderr.contains("NUL") && r.stderr.contains("style.font") && !r.stderr.contains("%00"), "\(r.stderr)")
    }

    /// A folder path that cannot be made in full (a part too long) leaves none of its parents behind.
    @Test func failedFolderCreationLeavesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let deep = folder.appendingPathComponent("a/b/c/" + String(repeating: "x", count: 300)).path
        let r = try CLI.run(["render", scenario, "--out", deep])
        #expect(r.status == 1 && r.stderr.contains("File name too long"), "\(r.stderr)")
        #expect(CLI.files(in: folder) == ["scenario.json"])
    }

    /// A file whose size stat does not know (/proc) with the largest byte limit once trapped.
    @Test func unknownSizeAndHugeLimit() throws {
        let bytes = try FileInput.read("/proc/self/status", maxBytes: Int.max, what: "status")
        #expect(!bytes.isEmpty)
        #expect(throws: ExportError.self) { _ = try FileInput.read("/proc/self/status", maxBytes: 10, what: "status") }
        #expect(throws: ExportError.self) { _ = try FileInput.read("/tmp", maxBytes: -5, what: "x") }
    }
}
