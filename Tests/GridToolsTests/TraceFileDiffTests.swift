import Foundation
import Testing
@testable import GridModel
@testable import GridTools

/// `TraceDiff.compare(expectedFile:actualFile:)`, which streams the files and holds tiles only for frames
/// whose tile digests differ, says exactly what the in-memory `compare(expected:actual:scale:)` says.
@Suite struct TraceFileDiffTests {
    /// The long-fling trace, and a copy whose tiles differ in many frames: from frame 20 on, every frame's first
    /// tile is `frame % 7` half device pixels right (none, below, at and above the tolerance), the largest shift
    /// late (`late`, 40 px), past the first `maxTileFrames` differing frames.
    static func traces(scale: Int = 2) throws -> (expected: [String], actual: [String], late: Int) {
        let text = try TraceDiffFixtures.scenarioText("long-fling").replacingOccurrences(of: #""scale": 2"#, with: #""scale": \#(scale)"#)
        var simulation = try Simulation(scenario: try ScenarioDecoder.decode(Array(text.utf8)))
        var frames: [FrameState] = []
        while let frame = try simulation.next() { frames.append(frame) }
        let late = frames.count - 3
        #expect(late > TraceDiff.maxTileFrames + 20)
        var expected: [String] = [], actual: [String] = []
        for var frame in frames {
            expected.append(Trace.line(for: frame))
            if frame.index >= 20, !frame.tiles.isEmpty {
                frame.tiles[0].pixelRect.x += frame.index == late ? 40 : Double(frame.index % 7) / 2
            }
            actual.append(Trace.line(for: frame))
        }
        return (expected, actual, late)
    }

    static func write(_ lines: [String], _ url: URL) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    @Test(arguments: [1_000_000, 300, 1])
    func sameSentencesAsInMemory(maxTilesHeld: Int) throws {
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (expected, actual, late) = try Self.traces()
        let e = folder.appendingPathComponent("e.jsonl"), a = folder.appendingPathComponent("a.jsonl")
        try Self.write(expected, e)
        // Shards in any order, a line repeated: read as TraceReader reads them.
        var shuffled = Array(actual[200...]) + Array(actual[..<200])
        shuffled.insert(actual[late], at: 5)
        try Self.write(shuffled, a)
        let memoryE = try TraceReader.read(e.path), memoryA = try TraceReader.read(a.path)
        let want = TraceDiff.compare(expected: memoryE, actual: memoryA, scale: TraceDiff.inferredScale(of: memoryE + memoryA))
        let tally = try #require(want.summary.first { $0.hasPrefix("tile placement differs in ") })
        // (The fixture must exercise what it claims: more differing frames than are kept, the largest late.)
        #expect(tally.contains("largest rect difference 20 pt at frame \(late)"), "\(tally)")
        let count = try #require(Int(tally.dropFirst("tile placement differs in ".count).prefix { $0.isNumber }))
        #expect(count > TraceDiff.maxTileFrames)
        let got = try TraceDiff.compare(expectedFile: e.path, actualFile: a.path, scale: nil, limits: TraceLimits(), maxTilesHeld: maxTilesHeld)
        #expect(got.diff == want, described(got.diff))
        #expect(got.expectedFrames == memoryE.count)
        // An explicit scale: at 1 the half-pixel shifts are no longer differences.
        let coarse = try TraceDiff.compare(expectedFile: e.path, actualFile: a.path, scale: 1, limits: TraceLimits(), maxTilesHeld: maxTilesHeld)
        #expect(coarse.diff == TraceDiff.compare(expected: memoryE, actual: memoryA, scale: 1), described(coarse.diff))
    }

    /// gzip files compare as their plain text does; identical traces agree.
    @Test func gzipAndIdenticalTraces() throws {
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (expected, actual, _) = try Self.traces(scale: 3)
        let e = folder.appendingPathComponent("e.jsonl.gz"), a = folder.appendingPathComponent("a.jsonl")
        try Data(try Gzip.compress(Array((expected.joined(separator: "\n") + "\n").utf8))).write(to: e)
        try Self.write(actual, a)
        let memoryE = try TraceReader.read(e.path), memoryA = try TraceReader.read(a.path)
        let got = try TraceDiff.compare(expectedFile: e.path, actualFile: a.path)
        #expect(got.diff == TraceDiff.compare(expected: memoryE, actual: memoryA, scale: TraceDiff.inferredScale(of: memoryE + memoryA)), described(got.diff))
        let same = try TraceDiff.compare(expectedFile: e.path, actualFile: e.path)
        #expect(same.diff.isEmpty && same.expectedFrames == expected.count)
    }

    /// A frame given two ways is refused even when only its tiles differ (they are compared by digest).
    @Test func conflictingTilesAreStillRefused() throws {
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (expected, actual, late) = try Self.traces()
        let e = folder.appendingPathComponent("e.jsonl")
        try Self.write(expected + [actual[late]], e)
        #expect { try TraceDiff.compare(expectedFile: e.path, actualFile: e.path) } throws: { error in
            "\(error)".contains("both give frame \(late), with different values")
        }
    }

    /// A line longer than any `render` writes is refused before it is held, naming the file, the line and the
    /// limit (the reader holds one chunk and one line, not the file); a line just within it is read on.
    @Test func aLineOverTheLongestIsRefusedBeforeItIsHeld() throws {
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = ToolTests.line(0)
        for (padding, refused) in [(TraceReader.maxLineBytes - good.utf8.count, false), (TraceReader.maxLineBytes - good.utf8.count + 1, true)] {
            let url = folder.appendingPathComponent("long.jsonl")
            try Data((good + "\n" + String(good.dropLast()) + String(repeating: " ", count: padding) + "}\n").utf8).write(to: url)
            if refused {
                #expect { try TraceReader.read(url.path) } throws: { error in
                    "\(error)".contains("long.jsonl: line 2 is longer than 10305536 bytes, the longest trace line read (maxLineBytes)")
                }
                #expect { try TraceDiff.compare(expectedFile: url.path, actualFile: url.path) } throws: { error in
                    "\(error)".contains("line 2 is longer than 10305536 bytes")
                }
            } else {
                #expect(try TraceReader.read(url.path).count == 1)
            }
        }
    }
}
