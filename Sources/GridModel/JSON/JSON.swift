/// A parsed JSON value. Numbers keep their source text so that integers beyond 2^53
/// (tile coordinates) are read exactly rather than through a `Double`.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A short name of the value's type, for error messages.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A strict RFC 8259 parser with a nesting limit, building `JSONValue`s on `JSONScanner`. Errors carry the line
/// and column.
package struct JSONParser {
    package static let maxDepth = 64

    /// The lexer, over the document (after a byte order mark).
    var scanner: JSONScanner
    private var depth = 0
    /// With `recordingOffsets`: each value's first byte, in the order the values start (pre-order), so that an
    /// error found after parsing can say where its value is (`JSONParser.location(of:in:)`).
    private var offsets: [Int]? = nil
    /// The keys and indices from the document down to the value being parsed, so that a syntax error can say
    /// where in the scenario it is (`steps[2].drag`), as a decoder error does.
    private var trail: [TrailStep] = []

    enum TrailStep {
        case key(String)
        case index(Int)
    }

    /// The document's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }
    /// The next byte to parse.
    var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }

    package static func parse(_ bytes: [UInt8]) throws(ScenarioError) -> JSONValue {
        try parse(bytes, recordingOffsets: false).value
    }

    /// The value, and with `recordingOffsets` the byte offset (after a byte order mark) where each value
    /// starts, in pre-order.
    static func parse(
        _ bytes: [UInt8], recordingOffsets: Bool
    )
        throws(ScenarioError) -> (value: JSONValue, offsets: [Int])
    {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // tolerate a UTF-8 byte order mark
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ScenarioError) in
            let body = UnsafeBufferPointer(rebasing: buffer[start...])
            var parser = JSONParser(scanner: JSONScanner(body, 0..<body.count))
            if recordingOffsets { parser.offsets = [] }
            parser.scanner.skipWhitespace()
            let value = try parser.parseValue()
            parser.scanner.skipWhitespace()
            if parser.index < parser.bytes.count {
                let fix = "a JSON file holds one value: remove what follows its end"
                throw parser.commentHere() ?? parser.error("unexpected characters after the JSON value", fix: fix)
            }
            return (value, parser.offsets ?? [])
        }
    }

    private init(scanner: JSONScanner) { self.scanner = scanner }

    /// "line L, column C" of byte `offset` (columns count bytes from 1).
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    /// "line L, column C" of the current position or `offset`, and " in PATH" inside an object or array, where
    /// PATH is the decoder's path to the value being parsed (`steps[2].drag`).
    func place(_ offset: Int? = nil) -> String {
        var path = ""
        for step in trail {
            switch step {
            case .key(let key): path += (path.isEmpty ? "" : ".") + excerpt(key)
            case .index(let i): path += "[\(i)]"
            }
        }
        return JSONParser.position(of: offset ?? index, in: bytes) + (path.isEmpty ? "" : " in \(path)")
    }

    /// "`message` at line L, column C in PATH", for the current position or `offset`, and `fix` after it.
    func error(_ message: String, at offset: Int? = nil, fix: String? = nil) -> ScenarioError {
        ScenarioError(
            kind: .malformedJSON, path: "",
            message: "\(message) at \(place(offset))" + (fix.map { " (\($0))" } ?? ""))
    }

    /// The lexer's failure in this parser's words, where the scanner stopped.
    func error(_ failure: JSONScanner.Failure) -> ScenarioError {
        let message: String
        switch failure.kind {
        case .unterminatedString: message = "unterminated string"
        case .controlCharacter: message = "control character in string"
        case .unterminatedEscape: message = "unterminated escape"
        case .invalidEscape: message = "invalid escape"
        case .truncatedUnicodeEscape: message = "truncated \\u escape"
        case .invalidUnicodeEscape: message = "invalid \\u escape"
        case .invalidUTF8: message = "string is not valid UTF-8"
        case .noDigits, .missingDigits: message = "invalid number"
        case .leadingZero: message = "leading zero in number"
        }
        return error(message, at: failure.offset)
    }

    private mutating func skipWhitespace() { scanner.skipWhitespace() }

    private mutating func parseValue() throws(ScenarioError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let here = index
        offsets?.append(here)
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw notAValue()
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(ScenarioError) {
        guard scanner.literal(literal) else { throw notAValue() }
    }

    private mutating func enter() throws(ScenarioError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func parseObject() throws(ScenarioError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        var keys = Set<String>()  // a linear search per key made 300000 keys take minutes
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw notAKey() }
            let key = try parseString()
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(excerpt(key))\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw commentHere()
                    ?? error("expected ':' after the key \"\(excerpt(key))\"", fix: "write \"\(excerpt(key))\": value")
            }
            index += 1
            skipWhitespace()
            trail.append(.key(key))
            members.append((key, try parseValue()))
            trail.removeLast()
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input in an object", fix: "a '}' is missing")
            }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    throw trailingComma(at: comma, before: "}")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw commentHere() ?? missingComma(or: "}", between: "members")
        }
    }

    private mutating func parseArray() throws(ScenarioError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            trail.append(.index(items.count))
            items.append(try parseValue())
            trail.removeLast()
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input in an array", fix: "a ']' is missing")
            }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    throw trailingComma(at: comma, before: "]")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw commentHere() ?? missingComma(or: "]", between: "elements")
        }
    }

    private mutating func parseString() throws(ScenarioError) -> String {
        let raw: Range<Int>
        let escaped: Bool
        do throws(JSONScanner.Failure) { (raw, escaped) = try scanner.scanString() } catch { throw self.error(error) }
        let text = UnsafeBufferPointer(rebasing: bytes[raw])
        return escaped ? try unescape(raw) : String(decoding: text, as: UTF8.self)
    }

    /// The text of the string whose raw bytes (checked by the scanner) are `raw`, escapes decoded; surrogate
    /// escapes must come in pairs.
    private func unescape(_ raw: Range<Int>) throws(ScenarioError) -> String {
        var result = ""
        var chunk = raw.lowerBound
        var i = raw.lowerBound
        while i < raw.upperBound {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[chunk..<i]), as: UTF8.self)
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): result += "\u{08}"
            case UInt8(ascii: "f"): result += "\u{0C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"):
                var code = scanner.hex4(at: i)
                i += 4
                if (0xD800..<0xDC00).contains(code) {
                    let backslash = UInt8(ascii: "\\")
                    guard raw.upperBound - i >= 6, bytes[i] == backslash, bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate", at: i)
                    }
                    let low = scanner.hex4(at: i + 2)
                    i += 6
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate", at: i) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape", at: i) }
                result.unicodeScalars.append(scalar)
            default: result.unicodeScalars.append(Unicode.Scalar(escape))  // \" \\ \/
            }
            chunk = i
        }
        return result + String(decoding: UnsafeBufferPointer(rebasing: bytes[chunk..<raw.upperBound]), as: UTF8.self)
    }

    private mutating func parseNumber() throws(ScenarioError) -> JSONValue {
        let text: Range<Int>
        do throws(JSONScanner.Failure) { text = try scanner.scanNumber() } catch {
            guard error.kind == .noDigits else { throw self.error(error) }
            index = error.start
            throw notAValue()
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self))
    }
}
