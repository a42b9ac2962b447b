import Foundation
import Testing
import TestSupport
import Rasterizer
import GridExport
@testable import GridModel
@testable import GridTools

/// Review findings of issue 10 in GridTools, left failing on purpose: each asserts what the issue
/// asks for and fails until the cause is fixed.
@Suite struct ReviewToolsFindingsTests {
    /// GridTools' output must not name CLI flags (issue 10: the CLI adds flag hints). report.html
    /// over its embedding budget says "(--max-embed-size)" (DiffOutput.swift).
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
    }

    /// Issue 10: "One error type per module … Typed throws where the module has one error type."
    /// `TraceReader.read(_:limits:)` is untyped `throws` and lets GridExport's `ExportError` through.
    @Test func traceReaderFailsWithToolError() {
        #expect(throws: ToolError.self) { try TraceReader.read("/nonexistent/render-grid/trace.jsonl") }
    }
}
