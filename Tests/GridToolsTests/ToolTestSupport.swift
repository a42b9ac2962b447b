import Foundation
import Testing
import TestSupport
import Rasterizer
@testable import GridModel
@testable import GridTools
#if canImport(Glibc)
import Glibc
#endif

/// Helpers for the sheet and plot tests.
enum ToolTests {
    static let badTraces = fixtures.appendingPathComponent("BadTraces")

    /// Trace lines as `render` writes them, from a bundled scenario made small.
    static func traceLines(_ scenario: String, frames: Int = 1_000_000) throws -> [String] {
        var simulation = try Simulation(scenario: try small(scenario))
        var lines: [String] = []
        while lines.count < frames, let frame = try simulation.next() { lines.append(Trace.line(for: frame)) }
        return lines
    }

    /// A short synthetic trace line.
    static func line(_ frame: Int, t: Double? = nil, x: String = "1", y: String = "2", recenter: String = "null",
                     events: String = "[]", live: Int = 3) -> String {
        #"{"frame":\#(frame),"t":\#(t ?? Double(frame) / 60),"phase":"dragging","contentOffset":{"x":\#(x),"y":\#(y)},"events":\#(events),"recenter":\#(recenter),"stats":{"live":\#(live),"pool":1},"edgeHit":false}"#
    }

    static func read(_ lines: [String], limits: TraceLimits = TraceLimits()) throws(ToolError) -> [TraceFrame] {
        try TraceReader.read(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "trace", limits: limits)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func makeFIFO(_ path: String) {
        #expect(mkfifo(path, 0o644) == 0, "mkfifo \(path)")
    }

    /// A PNG of `width` × `height` pixels in one colour.
    static func png(width: Int, height: Int, color: RGBA = RGBA(200, 100, 50)) throws -> Data {
        Data(try PNGCodec.encode(try Pixmap(width: width, height: height, fill: color)))
    }

    /// Runs `body` and fails when it takes longer than `seconds`.
    static func within<T>(_ seconds: Double, _ what: String, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        let result = try body()
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < seconds, "\(what) took \(elapsed) s")
        return result
    }
}

