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
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
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

/// A strict RFC 8259 parser with a nesting limit. Errors carry the line and column.
package struct JSONParser {
    package static let maxDepth = 64

    let bytes: [UInt8]
    var index = 0
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

    package static func parse(_ bytes: [UInt8]) throws(ScenarioError) -> JSONValue {
        try parse(bytes, recordingOffsets: false).value
    }

    /// The value, and with `recordingOffsets` the byte offset (after a byte order mark) where each value
    /// starts, in pre-order.
    static func parse(_ bytes: [UInt8], recordingOffsets: Bool) throws(ScenarioError) -> (value: JSONValue, offsets: [Int]) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // tolerate a UTF-8 byte order mark
        var parser = JSONParser(bytes: Array(bytes[start...]))
        if recordingOffsets { parser.offsets = [] }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.commentHere() ?? parser.error("unexpected characters after the JSON value",
                                                             fix: "a JSON file holds one value: remove what follows its end")
        }
        return (value, parser.offsets ?? [])
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// "line L, column C" of byte `offset` (columns count bytes from 1).
    static func position(of offset: Int, in bytes: [UInt8]) -> String {
        var line = 1, column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
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
        ScenarioError(kind: .malformedJSON, path: "", message: "\(message) at \(place(offset))" + (fix.map { " (\($0))" } ?? ""))
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(ScenarioError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        offsets?.append(index)
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw notAValue()
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(ScenarioError) {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw notAValue()
        }
        index += utf8.count
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
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw notAKey() }
            let key = try parseString()
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(excerpt(key))\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw commentHere() ?? error("expected ':' after the key \"\(excerpt(key))\"", fix: "write \"\(excerpt(key))\": value")
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
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { throw trailingComma(at: comma, before: "}") }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw commentHere() ?? missingComma(or: "}", between: "members")
        }
    }

    private mutating func parseArray() throws(ScenarioError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
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
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw trailingComma(at: comma, before: "]") }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw commentHere() ?? missingComma(or: "]", between: "elements")
        }
    }

    private mutating func parseString() throws(ScenarioError) -> String {
        index += 1
        var chunkStart = index
        var result = ""
        func flush(_ end: Int) throws(ScenarioError) {
            guard end > chunkStart else { return }
            guard let text = String(validating: bytes[chunkStart..<end], as: UTF8.self) else {
                throw error("string is not valid UTF-8")
            }
            result += text
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return result
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte == UInt8(ascii: "\\") {
                try flush(index)
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result += "\""
                case UInt8(ascii: "\\"): result += "\\"
                case UInt8(ascii: "/"): result += "/"
                case UInt8(ascii: "b"): result += "\u{08}"
                case UInt8(ascii: "f"): result += "\u{0C}"
                case UInt8(ascii: "n"): result += "\n"
                case UInt8(ascii: "r"): result += "\r"
                case UInt8(ascii: "t"): result += "\t"
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else { throw error("unpaired surrogate") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    result.unicodeScalars.append(scalar)
                default: throw error("invalid escape")
                }
                chunkStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseHex4() throws(ScenarioError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(ScenarioError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let intStart = index
        let intDigits = digits()
        if intDigits == 0 { index = start; throw notAValue() }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("invalid number") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }
}
