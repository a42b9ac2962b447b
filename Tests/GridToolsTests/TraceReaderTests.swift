import Foundation
import Testing
import TestSupport
import Rasterizer
import GridModel
@testable import GridTools

/// A bad trace in Fixtures/BadTraces with the message fragment its error must contain.
struct BadTrace: Sendable, CustomStringConvertible {
    var file: String
    var fragment: String
    var description: String { file }

    static let all: [BadTrace] = {
        let text = (try? String(contentsOf: ToolTests.badTraces.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t").map(String.init)
            return BadTrace(file: parts[0], fragment: parts[1])
        }
    }()
}

@Suite struct TraceReaderTests {
    /// Events are read as `ScrollEvent.Kind`; a name that is no kind names the line and the name.
    @Test func eventsAreKindsAndUnknownNamesAreRefused() throws {
        let good = ToolTests.line(0, events: #"[{"name":"recenter","shift":{"x":1,"y":0}},{"name":"cancel"}]"#)
        #expect(try ToolTests.read([good])[0].events == [.recenter, .cancel])
        let bad = ToolTests.line(0, events: #"[{"name":"Recenter"}]"#)
        #expect { try ToolTests.read([bad]) } throws: { error in
            "\(error)".contains(#"line 1 is not a render-grid trace line: unknown event "Recenter""#)
        }
    }

    @Test func readsARealTrace() throws {
        let lines = try ToolTests.traceLines("long-fling", frames: 150)
        let frames = try ToolTests.read(lines)
        #expect(frames.count == 150)
        #expect(frames.map(\.frame) == Array(0..<150))
        #expect(frames.contains { $0.recenterX != nil }, "the small long-fling recenters in its first 150 frames")
        #expect(frames[0].events == [.willBeginDragging] && frames[0].phase == "dragging")
        #expect(frames.allSatisfy { $0.live > 0 })
    }

    /// Shards concatenated in any order, and shards that overlap, give the same frames.
    @Test func shardsInAnyOrderAreSortedAndRepeatsDropped() throws {
        let lines = try ToolTests.traceLines("long-fling", frames: 120)
        let expected = try ToolTests.read(lines)
        let swapped = Array(lines[60...]) + Array(lines[..<60])
        #expect(try ToolTests.read(swapped) == expected)
        #expect(try ToolTests.read(lines.reversed()) == expected)
        let overlapping = Array(lines[40...]) + Array(lines[..<80])
        #expect(try ToolTests.read(overlapping) == expected)
    }

    @Test(arguments: BadTrace.all)
    func badTraceIsRefusedNamingTheLine(_ bad: BadTrace) throws {
        let path = ToolTests.badTraces.appendingPathComponent(bad.file).path
        do {
            _ = try TraceReader.read(path)
            Issue.record("\(bad.file) was accepted")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.message.hasPrefix("trace \(path)"), "\(error.message)")
            #expect(error.message.contains(bad.fragment), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func corpusIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ToolTests.badTraces.path).filter { $0.hasSuffix(".jsonl") }
        #expect(Set(files) == Set(BadTrace.all.map(\.file)))
        #expect(files.count >= 25)
    }

    @Test func limitsAreNamedAndEnforced() throws {
        let lines = (0..<50).map { ToolTests.line($0) }
        #expect(try ToolTests.read(lines, limits: TraceLimits(maxLines: 50)).count == 50)
        #expect(throws: ToolError(.overLimit, "trace has over 49 lines, the limit (maxLines)", limit: .maxLines)) {
            try ToolTests.read(lines, limits: TraceLimits(maxLines: 49))
        }
        let bytes = Array((lines.joined(separator: "\n")).utf8)
        #expect(throws: ToolError.self) { try TraceReader.read(bytes: bytes, name: "t", limits: TraceLimits(maxBytes: bytes.count - 1)) }
        #expect(throws: ToolError(.invalidOption, "TraceLimits.maxLines must be from 0 to \(Int.max), not -1")) {
            try ToolTests.read(lines, limits: TraceLimits(maxLines: -1))
        }
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.jsonl")
        try Data(bytes).write(to: file)
        #expect(throws: ToolError(.overLimit, "trace \(file.path) is \(bytes.count) bytes; the limit is 100 bytes (maxBytes)", limit: .maxBytes)) {
            try TraceReader.read(file.path, limits: TraceLimits(maxBytes: 100))
        }
    }

    /// One line of megabytes is read in linear time: unknown values are skipped, not built.
    @Test func veryLongLinesAreLinear() throws {
        let tiles = "[" + Array(repeating: #"{"x":1,"y":2,"id":3,"rect":[1,2,3,4]}"#, count: 100_000).joined(separator: ",") + "]"
        let wide = #"{"frame":0,"t":0,"phase":"idle","contentOffset":{"x":0,"y":0},"tiles":\#(tiles),"junk":"\#(String(repeating: "a", count: 1_000_000))"}"#
        let keys = "{" + (0..<100_000).map { #""k\#($0)":1"# }.joined(separator: ",") + #","frame":1,"t":1,"phase":"idle","contentOffset":{"x":0,"y":0}}"#
        let frames = try ToolTests.within(60, "5 MB of lines") { try ToolTests.read([wide, keys]) }
        #expect(frames.count == 2)
        // Linear, timed against a quarter of the size (a 10-second limit failed on a loaded machine).
        let ratio = try Scaling.ratio(25_000) { n in
            let tiles = "[" + Array(repeating: #"{"x":1,"y":2,"id":3,"rect":[1,2,3,4]}"#, count: n).joined(separator: ",") + "]"
            return #"{"frame":0,"t":0,"phase":"idle","contentOffset":{"x":0,"y":0},"tiles":\#(tiles),"junk":"\#(String(repeating: "a", count: 10 * n))"}"#
        } _: { _ = try ToolTests.read([$0]) }
        #expect(ratio < Scaling.superlinear, "4× the line took \(ratio)× the time")
        // A phase is one of the writer's words, however long the line's is.
        #expect(throws: ToolError.self) {
            try ToolTests.read([#"{"frame":0,"t":0,"phase":"\#(String(repeating: "é", count: 1000))","contentOffset":{"x":0,"y":0}}"#])
        }
    }

    @Test func numbersAtTheEdgesAreKept() throws {
        let frames = try ToolTests.read([ToolTests.line(0, x: "1e308", y: "-1.7976931348623157e308"), ToolTests.line(9007199254740992, t: 1e300, x: "5e-324")])
        #expect(frames[0].offsetX == 1e308 && frames[1].frame == 9007199254740992 && frames[1].offsetX == Double.leastNonzeroMagnitude)
        #expect(throws: ToolError.self) { try ToolTests.read([ToolTests.line(9007199254740993)]) }
    }

    /// The folder's trace is optional: a pipe, a folder or a bad file named like a trace is skipped
    /// at once and reported; the readable shards still count.
    @Test func folderSkipsWhatItCannotReadWithoutWaiting() throws {
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        ToolTests.makeFIFO(folder.appendingPathComponent("trace.jsonl").path)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("trace_b.jsonl"), withIntermediateDirectories: false)
        try Data("junk\n".utf8).write(to: folder.appendingPathComponent("trace_c.jsonl"))
        try Data((ToolTests.line(4) + "\n" + ToolTests.line(2) + "\n").utf8).write(to: folder.appendingPathComponent("trace_d.jsonl"))
        let (frames, skipped) = ToolTests.within(5, "a folder with a FIFO") { TraceReader.read(folder: folder.path) }
        #expect(frames.map(\.frame) == [2, 4])
        #expect(skipped.count == 3, "\(skipped)")
        #expect(skipped.contains { $0.contains("trace.jsonl") && $0.contains("not a regular file") })
        #expect(skipped.contains { $0.contains("trace_c.jsonl") && $0.contains("line 1") })
        // All files together stay within the limits.
        let limited = TraceReader.read(folder: folder.path, limits: TraceLimits(maxLines: 1))
        #expect(limited.frames.isEmpty && limited.skipped.count == 4)
    }
}
