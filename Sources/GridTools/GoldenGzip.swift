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

    /// A C message buffer as text.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
