import Testing
@testable import GridModel

/// The one JSON lexer (`JSONScanner`) under both parsers: what it refuses, each parser refuses, in its own words
/// and at the column it has always named; what it accepts, both read.
@Suite struct JSONScannerTests {
    struct Case: Sendable, CustomStringConvertible {
        /// A JSON value, as bytes (some are not UTF-8).
        var value: [UInt8]
        /// The scenario parser's message and the 1-based column in `value` it names.
        var json: (message: String, column: Int)
        /// The trace reader's message and the 1-based column in `value` it names.
        var trace: (message: String, column: Int)
        var description: String { String(decoding: value, as: UTF8.self) }
    }

    static let cases: [Case] = [
        Case(value: Array(#""\q""#.utf8), json: ("invalid escape", 4), trace: ("invalid escape", 3)),
        Case(value: Array(#""\u12G4""#.utf8), json: (#"invalid \u escape"#, 6), trace: (#"invalid \u escape"#, 4)),
        Case(value: Array(#""\u12"#.utf8), json: (#"truncated \u escape"#, 4), trace: (#"invalid \u escape"#, 4)),
        Case(value: Array("\"ab\u{1}\"".utf8), json: ("control character in string", 4),
             trace: ("control character in a string", 4)),
        Case(value: [0x22, 0x61, 0xFF, 0x22], json: ("string is not valid UTF-8", 4),
             trace: ("a string is not valid UTF-8", 2)),
        Case(value: Array("01".utf8), json: ("leading zero in number", 3), trace: ("leading zero in a number", 3)),
        Case(value: Array("1.".utf8), json: ("invalid number", 3), trace: ("invalid number", 3)),
        Case(value: Array("-1e+".utf8), json: ("invalid number", 5), trace: ("invalid number", 5)),
    ]

    /// A scenario document whose one member is `value`, and the bytes before it.
    static let documentHead = Array(#"{"a":"#.utf8)
    /// A trace line whose last member, one the reader skips, is `value`, and the bytes before it.
    static let lineHead = Array(#"{"frame":0,"t":0,"contentOffset":{"x":0,"y":0},"phase":"idle","extra":"#.utf8)

    static func traceError(_ line: [UInt8]) -> String? {
        line.withUnsafeBufferPointer { buffer in
            do throws(TraceLineError) {
                _ = try TraceLineParser.parse(buffer, 0..<buffer.count)
                return nil
            } catch { return error.message }
        }
    }

    @Test(arguments: cases)
    func bothParsersRefuseWhatTheLexerRefuses(_ c: Case) {
        let document = Self.documentHead + c.value + Array("}".utf8)
        let column = Self.documentHead.count + c.json.column
        #expect { _ = try JSONParser.parse(document) } throws: { error in
            (error as? ScenarioError)?.message == "\(c.json.message) at line 1, column \(column) in a"
        }
        let line = Self.lineHead + c.value + Array("}".utf8)
        #expect(Self.traceError(line) == "\(c.trace.message) (column \(Self.lineHead.count + c.trace.column))")
    }

    /// Escapes decode in the scenario parser, surrogate pairs joined; the lexer checks only the grammar, so a lone
    /// surrogate is the scenario parser's refusal, not the trace reader's (which skips or keeps labels).
    @Test func escapesDecodeAndSurrogatesPair() throws {
        let text = #"["a\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00z", "plain é"]"#
        let decoded = JSONValue.array([.string("a\"\\/\u{8}\u{C}\n\r\té😀z"), .string("plain é")])
        #expect(try JSONParser.parse(Array(text.utf8)) == decoded)
        #expect { _ = try JSONParser.parse(Array(#"["\uD800x"]"#.utf8)) } throws: { error in
            (error as? ScenarioError)?.message == "unpaired surrogate at line 1, column 9 in [0]"
        }
        #expect { _ = try JSONParser.parse(Array(#"["\uDC00"]"#.utf8)) } throws: { error in
            (error as? ScenarioError)?.message == #"invalid \u escape at line 1, column 9 in [0]"#
        }
        #expect(Self.traceError(Self.lineHead + Array(#""\uD800"}"#.utf8)) == nil)
    }

    /// The scanner alone: a string's raw bytes and whether it holds an escape, a number's text, literals.
    @Test func scannerReturnsRawTokens() throws {
        let bytes = Array(#" "a\nb" -12.5e3 true"#.utf8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONScanner.Failure) in
            var scanner = JSONScanner(buffer, 0..<buffer.count)
            scanner.skipWhitespace()
            let string = try scanner.scanString()
            #expect(string.raw == 2..<6 && string.escaped)
            scanner.skipWhitespace()
            #expect(try scanner.scanNumber() == 8..<15)
            scanner.skipWhitespace()
            #expect(!scanner.literal("null") && scanner.literal("true") && scanner.peek == nil)
        }
    }
}
