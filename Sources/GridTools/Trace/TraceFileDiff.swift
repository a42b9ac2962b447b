import GridExport
import GridModel

/// Comparing two trace files in memory that grows with their frame count, not with their tiles.
///
/// A trace within the limits (512 MB, 1,000,000 lines) can hold 100,000 frames of 100 tiles: 10 million tiles,
/// over 700 MB as `TraceTile`s per trace. So the files are read twice, a chunk at a time:
/// 1. every frame without its tiles, plus a digest and count of its tiles (and the tile positions the scale
///    is read from, as they go by);
/// 2. only the tiles of the frames both traces have whose digests differ, at most `maxTilesHeld` tiles at a
///    time (in frame order; more rounds when more differ), each such frame compared exactly as
///    `compare(expected:actual:scale:)` does (to a device pixel), its tiles then dropped, except for the
///    first `maxTileFrames` frames whose tiles differ, whose sentences name the tiles.
/// Every sentence and summary is the one `compare(expected:actual:scale:)` gives for the frames as read.
extension TraceDiff {
    /// Most frames whose tiles are kept for the sentences: the first ones (by frame number) whose tiles differ.
    /// The findings name tiles only at the first differing frame and where tiles first differ, both among these.
    public static let maxTileFrames = 128

    /// Most tiles held at once while the frames whose tile digests differ are compared (about 70 MB): a round
    /// of the second pass reads the tiles of that many, in frame order.
    public static let maxTilesHeld = 1_000_000

    /// Compares two trace files (plain or gzip) of one scenario, read as `TraceReader.read` reads them (sorted
    /// by frame number, exact repeats dropped, the same errors), in memory bounded by the frame count and
    /// `maxTilesHeld`, not by the files' size. `scale` nil reads it from the tile positions, as
    /// `inferredScale(of:)` does for both traces together.
    ///
    /// ```swift
    /// let (diff, frames) = try TraceDiff.compare(expectedFile: "golden/trace.jsonl", actualFile: "output/a/trace.jsonl")
    /// print(diff.isEmpty ? "traces agree (\(frames) frames)" : diff.findings[0])
    /// ```
    /// - Returns: the diff, and how many frames the expected trace has.
    /// - Throws: `ToolError` as `TraceReader.read` throws it, naming the file and the line; `.invalidInput`
    ///   when a file changes between the two readings.
    public static func compare(
        expectedFile: String, actualFile: String, scale: Int? = nil,
        limits: TraceLimits = TraceLimits()
    ) throws(ToolError) -> (diff: TraceDiff, expectedFrames: Int) {
        try compare(
            expectedFile: expectedFile, actualFile: actualFile, scale: scale, limits: limits, maxTilesHeld: maxTilesHeld
        )
    }

    /// `compare(expectedFile:actualFile:scale:limits:)` holding at most `maxTilesHeld` tiles at a time
    /// (tests set a small one to make many rounds).
    static func compare(
        expectedFile: String, actualFile: String, scale: Int?, limits: TraceLimits,
        maxTilesHeld: Int
    ) throws(ToolError) -> (diff: TraceDiff, expectedFrames: Int) {
        var inference: ScaleInference? = scale == nil ? ScaleInference() : nil
        var expected: [TraceFrame]
        var actual: [TraceFrame]
        // The frames both traces have whose tiles may differ, in frame order, with how many tiles they hold.
        var candidates: [(frame: Int, tiles: Int)] = []
        do {
            let e = try TraceReader.entries(expectedFile, limits: limits, keepTiles: false, scale: &inference)
            let a = try TraceReader.entries(actualFile, limits: limits, keepTiles: false, scale: &inference)
            var i = 0
            var j = 0
            while i < e.count && j < a.count {
                let x = e[i].frame.frame
                let y = a[j].frame.frame
                if x < y {
                    i += 1
                } else if y < x {
                    j += 1
                } else {
                    if e[i].digest != a[j].digest { candidates.append((x, e[i].tileCount + a[j].tileCount)) }
                    i += 1
                    j += 1
                }
            }
            expected = e.map(\.frame)
            actual = a.map(\.frame)
        }  // (the entries go here)
        let scale = scale ?? inference?.scale ?? 1
        let judge = TraceComparison(expected: [], actual: [], scale: scale)
        var differences: [Int: Double] = [:]
        var kept: [Int: (expected: [TraceTile], actual: [TraceTile])] = [:]
        var start = 0
        while start < candidates.count {
            var end = start + 1
            var held = candidates[start].tiles
            while end < candidates.count, held + candidates[end].tiles <= maxTilesHeld {
                held += candidates[end].tiles
                end += 1
            }
            let batch = Set(candidates[start..<end].map(\.frame))
            var expectedTiles: [Int: [TraceTile]] = [:]
            try tiles(of: expectedFile, frames: batch, limits: limits) { frame, tiles in
                if expectedTiles[frame] == nil { expectedTiles[frame] = tiles }
            }
            var seen = Set<Int>()
            var batchKept: [Int: (expected: [TraceTile], actual: [TraceTile])] = [:]
            let room = maxTileFrames - kept.count
            try tiles(of: actualFile, frames: batch, limits: limits) { frame, tiles in
                guard seen.insert(frame).inserted, let held = expectedTiles[frame] else { return }
                guard
                    let amount = judge.tileDifference(
                        TraceFrame(frame: frame, t: 0, tiles: held),
                        TraceFrame(frame: frame, t: 0, tiles: tiles))
                else { return }
                differences[frame] = amount
                guard room > 0 else { return }
                batchKept[frame] = (held, tiles)
                // The lines may come in any order: keep the first frames by number.
                if batchKept.count > room, let last = batchKept.keys.max() { batchKept[last] = nil }
            }
            guard expectedTiles.count == batch.count, seen.count == batch.count else {
                throw ToolError(
                    .invalidInput,
                    "trace \(FileInput.quoted(expectedTiles.count == batch.count ? actualFile : expectedFile)) changed while diff-trace read it; compare it again"
                )
            }
            kept.merge(batchKept) { old, _ in old }
            start = end
        }
        for index in expected.indices {
            if let tiles = kept[expected[index].frame] { expected[index].tiles = tiles.expected }
        }
        for index in actual.indices { if let tiles = kept[actual[index].frame] { actual[index].tiles = tiles.actual } }
        var comparison = TraceComparison(expected: expected, actual: actual, scale: scale)
        comparison.tileDifferences = differences
        return (compare(&comparison), expected.count)
    }

    /// Calls `body` with the frame number and tiles of each line of the trace at `path` whose frame is in
    /// `frames`. A line as `render` writes it starts with its frame number, which is read first so the other
    /// lines are skipped unparsed.
    static func tiles(
        of path: String, frames: Set<Int>, limits: TraceLimits,
        _ body: (Int, [TraceTile]) -> Void
    ) throws(ToolError) {
        try TraceReader.forEachLine(path, limits: limits) { (buffer, range, lineNumber) throws(ToolError) in
            if let number = leadingFrameNumber(buffer, range), !frames.contains(number) { return }
            let frame: TraceFrame
            do throws(TraceLineError) { frame = try TraceLineParser.parse(buffer, range) } catch {
                throw ToolError(
                    .invalidInput,
                    "trace \(FileInput.quoted(path)): line \(lineNumber) is not a render-grid trace line: \(error.message) (the file changed while diff-trace read it)"
                )
            }
            if frames.contains(frame.frame) { body(frame.frame, frame.tiles) }
        }
    }

    /// N from a line that starts `{"frame":N,` (as `render` writes it), else nil.
    static func leadingFrameNumber(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let prefix = Array(#"{"frame":"#.utf8)
        guard range.count > prefix.count + 1 else { return nil }
        for (k, byte) in prefix.enumerated() where buffer[range.lowerBound + k] != byte { return nil }
        var value = 0
        var index = range.lowerBound + prefix.count
        var digits = 0
        while index < range.upperBound, buffer[index] >= UInt8(ascii: "0"), buffer[index] <= UInt8(ascii: "9"),
            digits < 18
        {
            value = value * 10 + Int(buffer[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        guard digits > 0, index < range.upperBound,
            buffer[index] == UInt8(ascii: ",") || buffer[index] == UInt8(ascii: "}")
        else { return nil }
        return value
    }
}
