import Foundation
import Testing
import TestSupport
import Rasterizer
import GridExport
@testable import GridModel
@testable import GridTools

/// GridTools speaks for a library caller: its output names no command-line flag, and each entry point throws its one
/// error type. (Both found by the issue-10 review.)
@Suite struct LibraryErrorTests {
    /// report.html over its embedding budget names the property that raises it (`maxEmbeddedBytes`), not a CLI flag
    /// (it used to say "(--max-embed-size)" to every caller).
    @Test func diffReportNamesNoCommandLineFlag() throws {
        let root = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for (side, color) in [("a", RGBA(0, 0, 0)), ("b", RGBA(255, 255, 255))] {
            let folder = root.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ToolTests.png(width: 8, height: 8, color: color).write(to: folder.appendingPathComponent("frame_00000.png"))
        }
        var options = DiffOptions()
        options.outputDirectory = root.appendingPathComponent("out").path
        options.embedImages = true
        options.maxEmbeddedBytes = 0
        _ = try ImageDiff.run(expected: root.appendingPathComponent("a").path, actual: root.appendingPathComponent("b").path,
                              options: options)
        let html = try String(contentsOf: root.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("linked by relative path"))
        #expect(!html.contains("--max-embed-size"), "GridTools' report names a command-line flag")
        #expect(html.contains("(maxEmbeddedBytes)"))
    }

    /// A trace that cannot be read is a `ToolError` (typed throws), not GridExport's `ExportError`.
    @Test func traceReaderFailsWithToolError() {
        #expect(throws: ToolError.self) { try TraceReader.read("/nonexistent/render-grid/trace.jsonl") }
    }
}
