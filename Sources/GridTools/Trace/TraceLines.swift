import GridExport
import GridModel
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streaming a trace file line by line: memory holds one chunk of the file and one line, whatever the file's
/// size (a gzip file holds its compressed bytes, within `maxBytes`, and one decompressed chunk).
extension TraceReader {
    /// The longest trace line read: the longest line `render` writes with `Limits().maxLiveTiles` live tiles
    /// (`GoldenManifest.maxTraceLineBytes`, 10,305,536 bytes). A longer line is refused before it is held.
    static let maxLineBytes = GoldenManifest.maxTraceLineBytes(maxLiveTiles: Limits().maxLiveTiles)

    /// Calls `body` with each non-empty line of the trace file at `path` (a gzip file decompressed as it
    /// is read), its bytes as a range of a buffer valid only during the call, and its 1-based line number.
    /// - Throws: `ToolError` naming the file: `.invalidInput` for a file that cannot be read and damaged gzip,
    ///   `.overLimit` for `limits.maxBytes`, `limits.maxLines` or a line over `maxLineBytes`; what `body` throws.
    static func forEachLine(
        _ path: String, limits: TraceLimits,
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) throws(ToolError) -> Void
    ) throws(ToolError) {
        try limits.validate()
        try ToolError.checkSize(path, what: "trace", maxBytes: limits.maxBytes, limit: .maxBytes)
        let name = "trace \(FileInput.quoted(path))"
        var splitter = LineSplitter(name: name, maxLines: limits.maxLines, maxLineBytes: maxLineBytes)
        var isGzip = false
        var first = true
        var caught: ToolError?
        do {
            try FileInput.forEachChunk(path, maxBytes: limits.maxBytes, what: "trace") { chunk in
                if first {
                    first = false
                    if chunk.count >= 2, chunk[0] == 0x1F, chunk[1] == 0x8B {
                        isGzip = true
                        return false
                    }
                }
                do throws(ToolError) { try splitter.feed(chunk, body) } catch {
                    caught = error
                    return false
                }
                return true
            }
        } catch {
            throw ToolError(.invalidInput, error.message)
        }
        if let caught { throw caught }
        guard isGzip else { return try splitter.finish(body) }
        // gzip (a golden's trace.jsonl.gz): its compressed bytes, decompressed a chunk at a time.
        let packed: [UInt8]
        do { packed = try FileInput.read(path, maxBytes: limits.maxBytes, what: "trace") } catch {
            throw ToolError(.invalidInput, error.message)
        }
        var fromBody = false
        do {
            try Gzip.forEachLine(packed, maxBytes: limits.maxBytes, maxLineBytes: maxLineBytes) {
                (buffer, range) throws(ToolError) in
                do throws(ToolError) { try splitter.line(buffer, range, body) } catch {
                    fromBody = true
                    throw error
                }
            }
        } catch {
            if fromBody { throw error }
            if error.kind == .overLimit, error.message.hasPrefix("line ") {
                throw ToolError(.overLimit, "\(name): \(error.message)", limit: .maxLineBytes)
            }
            let what =
                error.kind == .overLimit
                ? "decompresses to over \(limits.maxBytes) bytes (maxBytes)"
                : "is gzip but cannot be read: \(error.message)"
            throw ToolError(error.kind, "\(name) \(what)", limit: error.kind == .overLimit ? .maxBytes : nil)
        }
    }
}

/// Cuts chunks of a trace into lines (a line split across chunks is carried over, within `maxLineBytes`),
/// numbers them, skips blank ones and counts the others against `maxLines`.
struct LineSplitter {
    let name: String, maxLines: Int, maxLineBytes: Int
    /// The start of a line whose end is in a later chunk.
    var carry: [UInt8] = []
    /// Lines seen, blank ones included; lines handed on.
    var lineNumber = 0, handed = 0

    init(name: String, maxLines: Int, maxLineBytes: Int) {
        self.name = name
        self.maxLines = maxLines
        self.maxLineBytes = maxLineBytes
    }

    mutating func feed(
        _ chunk: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) throws(ToolError) -> Void
    ) throws(ToolError) {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        // memchr: a generic search is slow in debug builds, and this loop sees every byte.
        while start < chunk.count, let found = memchr(base + start, 0x0A, chunk.count - start) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            try bound(newline - start)
            if carry.isEmpty {
                try line(chunk, start..<newline, body)
            } else {
                carry.append(contentsOf: chunk[start..<newline])
                let whole = carry
                carry.removeAll(keepingCapacity: true)
                try whole.withUnsafeBufferPointer { (buffer) throws(ToolError) in
                    try line(buffer, 0..<buffer.count, body)
                }
            }
            start = newline + 1
        }
        try bound(chunk.count - start)
        carry.append(contentsOf: chunk[start...])
    }

    /// The last line, when the file does not end with a newline.
    mutating func finish(
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) throws(ToolError) -> Void
    ) throws(ToolError) {
        guard !carry.isEmpty else { return }
        let whole = carry
        carry = []
        try whole.withUnsafeBufferPointer { (buffer) throws(ToolError) in try line(buffer, 0..<buffer.count, body) }
    }

    /// Throws when the line being read, `carry` and then `more` bytes, is longer than `maxLineBytes`.
    func bound(_ more: Int) throws(ToolError) {
        guard more > maxLineBytes - carry.count else { return }
        throw ToolError(
            .overLimit,
            "\(name): line \(lineNumber + 1) is longer than \(maxLineBytes) bytes, the longest trace line read (maxLineBytes)",
            limit: .maxLineBytes)
    }

    /// One whole line: numbered, handed on unless blank.
    mutating func line(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) throws(ToolError) -> Void
    ) throws(ToolError) {
        lineNumber += 1
        var first = range.lowerBound
        while first < range.upperBound, Self.isSpace(buffer[first]) { first += 1 }
        guard first < range.upperBound else { return }
        guard handed < maxLines else {
            throw ToolError(.overLimit, "\(name) has over \(maxLines) lines, the limit (maxLines)", limit: .maxLines)
        }
        handed += 1
        try body(buffer, range, lineNumber)
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A }
}
