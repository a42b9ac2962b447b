import CPNGCodec

/// gzip of whole byte arrays, for golden traces (`trace.jsonl.gz`): zlib's, through CPNGCodec.
///
/// ```swift
/// let packed = try Gzip.compress(Array(text.utf8))
/// let text = try Gzip.decompress(packed, maxBytes: 1 << 20)
/// ```
enum Gzip {
    /// A gzip member of `bytes` (mtime 0, so the same bytes give the same file with one zlib).
    /// - Throws: `ToolError(.invalidInput)` when zlib fails (out of memory).
    static func compress(_ bytes: [UInt8]) throws(ToolError) -> [UInt8] {
        var out = rg_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { input in
            rg_gzip_compress(input.baseAddress, input.count, &out, &message, message.count)
        }
        guard status == 0 else { throw ToolError(.invalidInput, "cannot gzip: \(text(message))") }
        defer { rg_buffer_free(&out) }
        return Array(UnsafeBufferPointer(start: out.data, count: out.length))
    }

    /// The bytes of one gzip member, at most `maxBytes` of them.
    /// - Throws: `ToolError` with the reason (`.overLimit` past `maxBytes`, `.invalidInput` for data that
    ///   is not one complete gzip member); the caller adds the file name.
    static func decompress(_ bytes: [UInt8], maxBytes: Int) throws(ToolError) -> [UInt8] {
        var out = rg_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { input in
            rg_gzip_decompress(input.baseAddress, input.count, max(0, maxBytes), &out, &message, message.count)
        }
        guard status == 0 else {
            throw ToolError(status == -2 ? .overLimit : .invalidInput, text(message))
        }
        defer { rg_buffer_free(&out) }
        return Array(UnsafeBufferPointer(start: out.data, count: out.length))
    }

    /// Calls `body` with each line of one gzip member, in order, without its newline (a last line without a
    /// newline too; after a final newline there is no empty line), as a range of a buffer valid only during the
    /// call. The member is decompressed a chunk at a time: memory holds one chunk and one line of at most
    /// `maxLineBytes` bytes, whatever the size.
    /// - Throws: as `decompress`, `.overLimit` for a line longer than `maxLineBytes` (found before it is held),
    ///   and what `body` throws.
    static func forEachLine(
        _ bytes: [UInt8], maxBytes: Int, maxLineBytes: Int,
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws(ToolError) -> Void
    ) throws(ToolError) {
        var message = [CChar](repeating: 0, count: 256)
        var caught: ToolError?
        let status: Int32 = withoutActuallyEscaping(body) { body in
            let lines = GzipLines(maxLineBytes, body)
            let context = Unmanaged.passUnretained(lines).toOpaque()
            let status = bytes.withUnsafeBufferPointer { input in
                rg_gzip_decompress_stream(
                    input.baseAddress, input.count, max(0, maxBytes), context,
                    { context, data, length in
                        let lines = Unmanaged<GzipLines>.fromOpaque(context!).takeUnretainedValue()
                        return lines.feed(UnsafeBufferPointer(start: data, count: length)) ? 0 : 1
                    }, &message, message.count)
            }
            if status == 0 && !lines.carry.isEmpty {
                do throws(ToolError) {
                    try lines.carry.withUnsafeBufferPointer { (line) throws(ToolError) in
                        try lines.body(line, 0..<line.count)
                    }
                } catch { lines.error = error }
            }
            caught = lines.error
            return status
        }
        if let caught { throw caught }
        guard status == 0 else {
            throw ToolError(status == -2 ? .overLimit : .invalidInput, text(message))
        }
    }

    /// A C message buffer as text.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// `Gzip.forEachLine`'s state between chunks: the line carried over from one chunk to the next, and what `body`
/// threw.
final class GzipLines {
    var carry: [UInt8] = []
    var error: ToolError?
    /// Lines handed to body so far.
    var count = 0
    let maxLineBytes: Int
    let body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws(ToolError) -> Void
    init(
        _ maxLineBytes: Int,
        _ body: @escaping (UnsafeBufferPointer<UInt8>, Range<Int>) throws(ToolError) -> Void
    ) {
        self.maxLineBytes = maxLineBytes
        self.body = body
    }

    /// Throws when the line being read, `carry` and then `more` bytes, is longer than `maxLineBytes`.
    func bound(_ more: Int) throws(ToolError) {
        guard more > maxLineBytes - carry.count else { return }
        throw ToolError(
            .overLimit, "line \(count + 1) is longer than \(maxLineBytes) bytes, the longest trace line read")
    }

    /// Hands every line completed by `chunk` to body; false once it threw.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        do throws(ToolError) {
            while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try bound(newline - start)
                count += 1
                if carry.isEmpty {
                    try body(chunk, start..<newline)
                } else {
                    carry.append(contentsOf: chunk[start..<newline])
                    try carry.withUnsafeBufferPointer { (line) throws(ToolError) in
                        try body(line, 0..<line.count)
                    }
                    carry.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            try bound(chunk.count - start)
        } catch {
            self.error = error
            return false
        }
        carry.append(contentsOf: chunk[start...])
        return true
    }
}
