import Foundation
import Testing
import GridModel
import GridTools
@testable import GridExport

/// The trace file names have one home (`TraceFileName`): the names a render writes are the names the tools find.
@Suite struct TraceFileNameTests {
    @Test func namesAreNumberedAsFramesAre() {
        #expect(TraceFileName.whole == "trace.jsonl" && TraceFileName.gzipped == "trace.jsonl.gz")
        #expect(TraceFileName.range(5...12) == "trace_00005-00012.jsonl")
        #expect(TraceFileName.range(0...123_456) == "trace_00000-123456.jsonl")
        #expect(TraceFileName.written(frames: nil) == TraceFileName.whole)
        #expect(TraceFileName.written(frames: 3...4) == "trace_00003-00004.jsonl")
        for name in ["trace.jsonl", "trace_00005-00012.jsonl", "trace_b.jsonl"] { #expect(TraceFileName.isTrace(name)) }
        for name in ["trace.jsonl.gz", "traces.jsonl", "trace_1.json", "frames.ffconcat", "frame_00001.png"] {
            #expect(!TraceFileName.isTrace(name), "\(name)")
        }
    }

    /// A whole render and a range render into one folder: each trace under its name, both found and merged by the
    /// folder reader.
    @Test func theTracesARenderWritesAreTheOnesTheReaderFinds() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = Scenario(name: "names", viewport: Viewport(width: 40, height: 30, scale: 1),
                                style: { var s = Style(); s.fontSize = 0; return s }(),
                                steps: [.drag(by: Vector(x: -80, y: 20), duration: 0.1, release: .hold)])
        var options = RenderOptions(outputDirectory: folder.path)
        options.frames = 2...4
        _ = try FrameExporter.render(scenario, font: nil, options: options)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(TraceFileName.isTrace)
        #expect(names == [TraceFileName.range(2...4)])
        options.frames = nil
        let whole = try FrameExporter.render(scenario, font: nil, options: options)
        let all = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(TraceFileName.isTrace)
            .sorted()
        #expect(all == [TraceFileName.whole, TraceFileName.range(2...4)])
        let read = TraceReader.read(folder: folder.path)
        #expect(read.skipped.isEmpty && read.frames.map(\.frame) == Array(0..<whole.framesWritten))
    }
}
