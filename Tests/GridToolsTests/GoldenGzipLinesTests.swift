import Testing
@testable import GridTools

/// `Gzip.forEachLine` decompresses a chunk (1 MiB) at a time: lines across chunk boundaries arrive whole, in
/// order, with the split rules of the trace reader (no empty line after a final newline).
@Suite struct GoldenGzipLinesTests {
    static func lines(_ text: [UInt8], maxBytes: Int = 1 << 30, maxLineBytes: Int = 1 << 30) throws -> [[UInt8]] {
        var out: [[UInt8]] = []
        try Gzip.forEachLine(try Gzip.compress(text), maxBytes: maxBytes, maxLineBytes: maxLineBytes) { (buffer, range) throws(ToolError) in
            out.append(Array(buffer[range]))
        }
        return out
    }

    @Test func linesAcrossChunksArriveWhole() throws {
        var text: [UInt8] = [], expected: [[UInt8]] = []
        var seed: UInt64 = 7
        for i in 0..<900 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let line = Array(repeating: UInt8(ascii: "a") + UInt8(i % 26), count: Int(seed >> 54) * 8 + (i == 3 ? 0 : 1))
            expected.append(line)
            text += line + [UInt8(ascii: "\n")]
        }
        #expect(text.count > 3 << 20)
        #expect(try Self.lines(text) == expected)
        #expect(try Self.lines(text + Array("last".utf8)) == expected + [Array("last".utf8)])
        #expect(try Self.lines([]) == [])
        #expect(try Self.lines(Array("\n\nx".utf8)) == [[], [], Array("x".utf8)])
    }

    @Test func limitsAndDamageAreErrors() throws {
        #expect(throws: ToolError.self) { try Self.lines(Array(repeating: 65, count: 3 << 20), maxBytes: 1 << 20) }
        var packed = try Gzip.compress(Array(repeating: 65, count: 1000))
        packed.removeLast(6)
        #expect(throws: ToolError.self) {
            try Gzip.forEachLine(packed, maxBytes: 1 << 20, maxLineBytes: 1 << 20) { (_, _) throws(ToolError) in }
        }
        #expect(throws: ToolError.self) {
            try Gzip.forEachLine(Array("not gzip".utf8), maxBytes: 1 << 20, maxLineBytes: 1 << 20) { (_, _) throws(ToolError) in }
        }
    }

    /// A line longer than `maxLineBytes` is refused, naming the line, whether it ends in its chunk or goes on across
    /// chunks; a line of exactly `maxLineBytes` passes. (Issue 22 item 2: a 2-GiB line was held whole.)
    @Test(arguments: [100, (1 << 20) + 10, 3 << 20])
    func longLinesAreRefusedBeforeTheyAreHeld(length: Int) throws {
        let text = Array("a\nbb\n".utf8) + Array(repeating: 65, count: length) + Array("\nc\n".utf8)
        #expect(try Self.lines(text, maxLineBytes: length).count == 4)
        do {
            _ = try Self.lines(text, maxLineBytes: length - 1)
            Issue.record("a line of \(length) bytes passed a limit of \(length - 1)")
        } catch let error as ToolError {
            #expect(error.kind == .overLimit)
            #expect(error.message == "line 3 is longer than \(length - 1) bytes, the longest trace line read", "\(error.message)")
        } catch {
            Issue.record("not a ToolError: \(error)")
        }
    }

    /// Several gzip members one after another are one gzip file (RFC 1952; `cat a.gz b.gz`, as zcat reads it):
    /// their lines in order, across the members' boundary; bytes after the last member that are not a member are
    /// still refused (issue 22 item 8: a multi-member trace was refused).
    @Test func severalMembersAreOneFile() throws {
        let first = Array("a\nb".utf8), second = Array("c\nd\n".utf8)
        let packed = try Gzip.compress(first) + Gzip.compress(second) + Gzip.compress([])
        var lines: [[UInt8]] = []
        try Gzip.forEachLine(packed, maxBytes: 1 << 20, maxLineBytes: 1 << 20) { (buffer, range) throws(ToolError) in
            lines.append(Array(buffer[range]))
        }
        #expect(lines == [Array("a".utf8), Array("bc".utf8), Array("d".utf8)])
        #expect(try Gzip.decompress(packed, maxBytes: 1 << 20) == first + second)
        #expect(throws: ToolError.self) { try Gzip.decompress(packed + [0, 0, 0], maxBytes: 1 << 20) }
        #expect(throws: ToolError.self) {
            try Gzip.forEachLine(packed + [0x1f], maxBytes: 1 << 20, maxLineBytes: 1 << 20) { (_, _) throws(ToolError) in }
        }
    }
}
