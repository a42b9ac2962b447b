import Foundation
public import GridModel
import Rasterizer
import GridExport

/// How much trace the tools read. Each limit is named in the error that enforces it.
public struct TraceLimits: Sendable, Equatable {
    /// Largest trace file in bytes (`--max-file-size`); the file is read whole.
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

/// Trace files and split-render shards, read with GridModel's `TraceLineParser` line by line.
public enum TraceReader {
    /// Reads a trace file: a regular file within `limits`, every non-empty line a trace line with
    /// finite numbers. The frames come back sorted by frame number, so shards concatenated in any
    /// order just work; a line repeated exactly is dropped. A gzip file (a golden's `trace.jsonl.gz`) is
    /// decompressed first, within `limits.maxBytes` decompressed.
    ///
    /// ```swift
    /// let frames = try TraceReader.read("output/fling-threshold/trace.jsonl")
    /// let recenters = frames.filter { $0.events.contains(.recenter) }.map(\.frame)
    /// ```
    /// - Throws: `ToolError`: `.invalidInput` for a file that cannot be read (missing, a folder, a
    ///   pipe) and for a bad line, two lines that give one frame different values or time going
    ///   backwards, naming the file and the line; `.overLimit` for `maxBytes` or `maxLines`.
    public static func read(_ path: String, limits: TraceLimits = TraceLimits()) throws(ToolError) -> [TraceFrame] {
        try limits.validate()
        try ToolError.checkSize(path, what: "trace", maxBytes: limits.maxBytes, limit: "maxBytes")
        let bytes: [UInt8]
        do { bytes = try FileInput.read(path, maxBytes: limits.maxBytes, what: "trace") } catch {
            throw ToolError(.invalidInput, error.message)
        }
        let name = "trace \(FileInput.quoted(path))"
        return try read(bytes: try gunzipped(bytes, name: name, limits: limits), name: name, limits: limits)
    }

    /// `bytes` decompressed when they are gzip (they start with its magic number 1f 8b), else as they are.
    /// - Throws: `ToolError` naming the file for damaged gzip, `.overLimit` past `limits.maxBytes` decompressed.
    static func gunzipped(_ bytes: [UInt8], name: String, limits: TraceLimits) throws(ToolError) -> [UInt8] {
        guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B else { return bytes }
        do { return try Gzip.decompress(bytes, maxBytes: limits.maxBytes) } catch {
            let what = error.kind == .overLimit
                ? "decompresses to over \(limits.maxBytes) bytes (maxBytes)"
                : "is gzip but cannot be read: \(error.message)"
            throw ToolError(error.kind, "\(name) \(what)", limit: error.kind == .overLimit ? "maxBytes" : nil)
        }
    }

    /// Reads trace lines from memory; `name` starts every error message.
    ///
    /// ```swift
    /// let frames = try TraceReader.read(bytes: Array(text.utf8), name: "shard 2")
    /// ```
    /// - Throws: `ToolError` naming the line for a bad line, two lines that give one frame
    ///   different values, or time going backwards; `.overLimit` for `maxBytes` or `maxLines`.
    public static func read(bytes: [UInt8], name: String, limits: TraceLimits = TraceLimits()) throws(ToolError) -> [TraceFrame] {
        try limits.validate()
        guard bytes.count <= limits.maxBytes else {
            throw ToolError(.overLimit, "\(name) is \(bytes.count) bytes; the limit is \(limits.maxBytes) bytes (maxBytes)", limit: "maxBytes")
        }
        var parsed: [(frame: TraceFrame, line: Int)] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(ToolError) in
            var lineStart = 0, lineNumber = 0
            while lineStart < buffer.count {
                lineNumber += 1
                var lineEnd = lineStart
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                var first = lineStart
                while first < lineEnd, isSpace(buffer[first]) { first += 1 }
                guard first < lineEnd else { continue }
                guard parsed.count < limits.maxLines else {
                    throw ToolError(.overLimit, "\(name) has over \(limits.maxLines) lines, the limit (maxLines)", limit: "maxLines")
                }
                do throws(TraceLineError) {
                    parsed.append((try TraceLineParser.parse(buffer, lineStart..<lineEnd), lineNumber))
                } catch {
                    throw ToolError(.invalidInput, "\(name): line \(lineNumber) is not a render-grid trace line: \(error.message)")
                }
            }
        }
        return try ordered(parsed, name: name)
    }

    /// Sorts by frame number, drops exact repeats, and refuses a frame given two ways or time
    /// going backwards (traces of two different renders mixed).
    static func ordered(_ lines: [(frame: TraceFrame, line: Int)], name: String) throws(ToolError) -> [TraceFrame] {
        let sorted = lines.sorted { ($0.frame.frame, $0.line) < ($1.frame.frame, $1.line) }
        var out: [TraceFrame] = []
        out.reserveCapacity(sorted.count)
        var previous: (frame: TraceFrame, line: Int)?
        for entry in sorted {
            if let p = previous, p.frame.frame == entry.frame.frame {
                guard p.frame == entry.frame else {
                    throw ToolError(.invalidInput, "\(name): lines \(p.line) and \(entry.line) both give frame \(entry.frame.frame), with different values")
                }
                continue
            }
            if let p = previous, entry.frame.t < p.frame.t {
                throw ToolError(.invalidInput, "\(name): time goes backwards from frame \(p.frame.frame) (line \(p.line), t \(p.frame.t)) to frame \(entry.frame.frame) (line \(entry.line), t \(entry.frame.t)); are two renders mixed?")
            }
            out.append(entry.frame)
            previous = entry
        }
        return out
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A }

    /// The trace of a render folder, for labels: trace.jsonl, or the trace_*.jsonl of split renders,
    /// merged by frame number (the first file in name order wins a frame). The trace is optional:
    /// a file that cannot be read or is not a trace (missing, a pipe, too large, a bad line) is
    /// skipped, never waited on, and named in `skipped`. All files together stay within `limits`.
    ///
    /// ```swift
    /// let (frames, skipped) = TraceReader.read(folder: "output/fling-threshold")
    /// for name in skipped { print("skipped", name) }
    /// ```
    public static func read(folder: String, limits: TraceLimits = TraceLimits()) -> (frames: [TraceFrame], skipped: [String]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0 == "trace.jsonl" || ($0.hasPrefix("trace_") && $0.hasSuffix(".jsonl")) }.sorted()
        var byFrame: [Int: TraceFrame] = [:]
        var skipped: [String] = []
        var budget = limits
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            do {
                try ToolError.checkSize(path, what: "trace", maxBytes: budget.maxBytes, limit: "maxBytes")
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
