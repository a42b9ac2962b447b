import GridExport
public import GridModel
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much trace the tools read. Each limit is named in the error that enforces it.
public struct TraceLimits: Sendable, Equatable {
    /// Largest trace file in bytes (`--max-file-size`; for gzip, decompressed). The file is read a chunk
    /// at a time, never held whole (a gzip file's compressed bytes are).
    public var maxBytes: Int
    /// Most lines with a frame in one trace (`--max-lines`); the render limit is 100,000 frames.
    public var maxLines: Int

    /// Limits with each argument as its property.
    public init(maxBytes: Int = 512_000_000, maxLines: Int = 1_000_000) {
        self.maxBytes = maxBytes
        self.maxLines = maxLines
    }

    func validate() throws(ToolError) {
        try ToolError.check(maxBytes, in: 0...Int.max, "TraceLimits.maxBytes")
        try ToolError.check(maxLines, in: 0...Int.max, "TraceLimits.maxLines")
    }
}

/// One trace line read: its frame (without its tiles when they were dropped as it was read), its line
/// number, and its tiles' digest and count (the digest is empty while the frame keeps its tiles).
struct TraceEntry {
    var frame: TraceFrame
    var line: Int
    var digest: TileDigest
    var tileCount: Int
}

/// Trace files and split-render shards, read with GridModel's `TraceLineParser` line by line.
public enum TraceReader {
    /// Reads a trace file: a regular file within `limits`, every non-empty line a trace line with
    /// finite numbers. The frames come back sorted by frame number, so shards concatenated in any
    /// order just work; a line repeated exactly is dropped. A gzip file (a golden's `trace.jsonl.gz`) is
    /// decompressed as it is read, within `limits.maxBytes` decompressed. The file is read a chunk at a time
    /// (its bytes are never held whole) and a line over `maxLineBytes` is refused before it is held; the frames
    /// returned hold their tiles (`TraceDiff.compare(expectedFile:actualFile:)` holds them only where needed).
    ///
    /// ```swift
    /// let frames = try TraceReader.read("output/fling-threshold/trace.jsonl")
    /// let recenters = frames.filter { $0.events.contains(.recenter) }.map(\.frame)
    /// ```
    /// - Throws: `ToolError`: `.invalidInput` for a file that cannot be read (missing, a folder, a
    ///   pipe) and for a bad line, two lines that give one frame different values or time going
    ///   backwards, naming the file and the line; `.overLimit` for `maxBytes`, `maxLines` or a line over
    ///   `maxLineBytes`.
    public static func read(_ path: String, limits: TraceLimits = TraceLimits()) throws(ToolError) -> [TraceFrame] {
        var scale: ScaleInference?
        return try entries(path, limits: limits, keepTiles: true, scale: &scale).map(\.frame)
    }

    /// The trace file's lines, read a chunk at a time (the file's bytes are never held whole), sorted and
    /// checked as `read` does. Without `keepTiles` each frame's tiles are dropped as its line is read, leaving
    /// their digest and count (and feeding the tile positions to `scale`, when given): memory then grows with
    /// the frame count only, not with the tiles.
    /// - Throws: as `read`.
    static func entries(
        _ path: String, limits: TraceLimits, keepTiles: Bool, scale: inout ScaleInference?
    ) throws(ToolError) -> [TraceEntry] {
        let name = "trace \(FileInput.quoted(path))"
        var parsed: [TraceEntry] = []
        try forEachLine(path, limits: limits) { (buffer, range, lineNumber) throws(ToolError) in
            var frame: TraceFrame
            do throws(TraceLineError) { frame = try TraceLineParser.parse(buffer, range) } catch {
                throw ToolError(
                    .invalidInput, "\(name): line \(lineNumber) is not a render-grid trace line: \(error.message)")
            }
            var digest = TileDigest()
            let count = frame.tiles.count
            if !keepTiles {
                digest = TileDigest(frame.tiles)
                if scale != nil { for tile in frame.tiles { scale!.add(tile) } }
                frame.tiles = []
            }
            parsed.append(TraceEntry(frame: frame, line: lineNumber, digest: digest, tileCount: count))
        }
        try order(&parsed, name: name)
        return parsed
    }

    /// Reads trace lines from memory; `name` starts every error message.
    ///
    /// ```swift
    /// let frames = try TraceReader.read(bytes: Array(text.utf8), name: "shard 2")
    /// ```
    /// - Throws: `ToolError` naming the line for a bad line, two lines that give one frame
    ///   different values, or time going backwards; `.overLimit` for `maxBytes` or `maxLines`.
    public static func read(
        bytes: [UInt8], name: String, limits: TraceLimits = TraceLimits()
    ) throws(ToolError) -> [TraceFrame] {
        try limits.validate()
        guard bytes.count <= limits.maxBytes else {
            throw ToolError(
                .overLimit, "\(name) is \(bytes.count) bytes; the limit is \(limits.maxBytes) bytes (maxBytes)",
                limit: .maxBytes)
        }
        var parsed: [TraceEntry] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(ToolError) in
            var lineStart = 0
            var lineNumber = 0
            while lineStart < buffer.count {
                lineNumber += 1
                var lineEnd = lineStart
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                var first = lineStart
                while first < lineEnd, isSpace(buffer[first]) { first += 1 }
                guard first < lineEnd else { continue }
                guard parsed.count < limits.maxLines else {
                    throw ToolError(
                        .overLimit, "\(name) has over \(limits.maxLines) lines, the limit (maxLines)", limit: .maxLines)
                }
                do throws(TraceLineError) {
                    let frame = try TraceLineParser.parse(buffer, lineStart..<lineEnd)
                    parsed.append(
                        TraceEntry(frame: frame, line: lineNumber, digest: TileDigest(), tileCount: frame.tiles.count))
                } catch {
                    throw ToolError(
                        .invalidInput, "\(name): line \(lineNumber) is not a render-grid trace line: \(error.message)")
                }
            }
        }
        try order(&parsed, name: name)
        return parsed.map(\.frame)
    }

    /// Sorts by frame number, drops exact repeats, and refuses a frame given two ways or time
    /// going backwards (traces of two different renders mixed). In place, so a long trace is not copied.
    /// Frames read without their tiles compare by their tiles' digest.
    static func order(_ lines: inout [TraceEntry], name: String) throws(ToolError) {
        lines.sort { ($0.frame.frame, $0.line) < ($1.frame.frame, $1.line) }
        var kept = 0
        for index in lines.indices {
            let entry = lines[index]
            if kept > 0 {
                let p = lines[kept - 1]
                if p.frame.frame == entry.frame.frame {
                    guard p.frame == entry.frame, p.digest == entry.digest else {
                        throw ToolError(
                            .invalidInput,
                            "\(name): lines \(p.line) and \(entry.line) both give frame \(entry.frame.frame), with different values"
                        )
                    }
                    continue
                }
                if entry.frame.t < p.frame.t {
                    throw ToolError(
                        .invalidInput,
                        "\(name): time goes backwards from frame \(p.frame.frame) (line \(p.line), t \(p.frame.t)) to frame \(entry.frame.frame) (line \(entry.line), t \(entry.frame.t)); are two renders mixed?"
                    )
                }
            }
            lines[kept] = entry
            kept += 1
        }
        lines.removeSubrange(kept...)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A }

    /// The trace of a render folder, for labels: trace.jsonl, or the trace_*.jsonl of split renders (`TraceFileName`),
    /// merged by frame number (the first file in name order wins a frame). The trace is optional:
    /// a file that cannot be read or is not a trace (missing, a pipe, too large, a bad line) is
    /// skipped, never waited on, and named in `skipped`. All files together stay within `limits`.
    ///
    /// ```swift
    /// let (frames, skipped) = TraceReader.read(folder: "output/fling-threshold")
    /// for name in skipped { print("skipped", name) }
    /// ```
    public static func read(
        folder: String, limits: TraceLimits = TraceLimits()
    ) -> (frames: [TraceFrame], skipped: [String]) {
        let names = (FilePaths.names(in: folder) ?? [])
            .filter(TraceFileName.isTrace).sorted()
        var byFrame: [Int: TraceFrame] = [:]
        var skipped: [String] = []
        var budget = limits
        for name in names {
            let path = FilePaths.join(folder, name)
            do {
                try ToolError.checkSize(path, what: "trace", maxBytes: budget.maxBytes, limit: .maxBytes)
                let bytes = try FileInput.read(path, maxBytes: budget.maxBytes, what: "trace")
                let frames = try read(bytes: bytes, name: "trace \(FileInput.quoted(path))", limits: budget)
                budget.maxBytes -= bytes.count
                budget.maxLines -= frames.count
                for frame in frames where byFrame[frame.frame] == nil { byFrame[frame.frame] = frame }
            } catch {
                skipped.append("\(error)")
            }
        }
        return (byFrame.values.sorted { $0.frame < $1.frame }, skipped)
    }
}
