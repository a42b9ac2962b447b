import Foundation
import Testing

/// A golden's `trace.jsonl.gz` is read by the trace tools, as the CheckAndGoldens article says it can be (issue 22 item
/// 7: `diff-trace` and `plot` refused it as "a trace line is one JSON object (column 1)").
@Suite struct GoldenTraceToolsTests {
    @Test func diffTraceAndPlotReadAGoldensTrace() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CheckCommandTests.scenario("a"), to: folder, as: "a.json")
        #expect(try CheckCommandTests.run(["check", folder.path, "--record", "all"]).status == 0)
        let golden = folder.appendingPathComponent("Goldens/a/trace.jsonl.gz").path
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["render", folder.appendingPathComponent("a.json").path, "--out", out.path, "--quiet"]).status == 0)
        let rendered = out.appendingPathComponent("trace.jsonl").path

        var result = try CLI.run(["diff-trace", golden, rendered])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The changed scenario's trace differs from the golden's.
        _ = try CLI.write(CheckCommandTests.scenario("a", dx: -190), to: folder, as: "a.json")
        #expect(try CLI.run(["render", folder.appendingPathComponent("a.json").path, "--out", out.path, "--quiet"]).status == 0)
        result = try CLI.run(["diff-trace", golden, rendered])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")

        // Without --out the chart would land in the golden's folder: refused, nothing written there.
        let goldenFiles = CLI.files(in: URL(fileURLWithPath: golden).deletingLastPathComponent())
        result = try CLI.run(["plot", golden])
        #expect(result.status == 2 && result.stderr.contains("pass --out FILE"), "\(result.stderr)")
        #expect(CLI.files(in: URL(fileURLWithPath: golden).deletingLastPathComponent()) == goldenFiles)
        let plot = folder.appendingPathComponent("plot.png")
        result = try CLI.run(["plot", golden, "--out", plot.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: plot.path))

        // Damaged gzip: one line naming the file, exit 2.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: golden))
        bytes.removeLast(12)
        let damaged = folder.appendingPathComponent("damaged.jsonl.gz")
        try bytes.write(to: damaged)
        result = try CLI.run(["diff-trace", damaged.path, rendered])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("damaged.jsonl.gz") && result.stderr.contains("is gzip but cannot be read"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
