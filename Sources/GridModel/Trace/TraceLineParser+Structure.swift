/// The JSON structure of a trace line, read with the package's one lexer (`JSONScanner`): objects, arrays, keys,
/// skipped values, and the lexer's failures worded with the line's column.
extension TraceLineParser {
    func error(_ message: String) -> TraceLineError {
        error(message, at: index)
    }

    func error(_ message: String, at offset: Int) -> TraceLineError {
        TraceLineError(message: "\(message) (column \(offset - start + 1))")
    }

    /// The lexer's failure in the trace reader's words: a string's faults at the string or escape, the others
    /// where the lexer stopped.
    func error(_ failure: JSONScanner.Failure) -> TraceLineError {
        switch failure.kind {
        case .unterminatedString: return error("unterminated string", at: failure.offset)
        case .controlCharacter: return error("control character in a string", at: failure.offset)
        case .unterminatedEscape: return error("unterminated escape", at: failure.offset)
        case .invalidEscape: return error("invalid escape", at: failure.start)
        case .truncatedUnicodeEscape, .invalidUnicodeEscape: return error("invalid \\u escape", at: failure.start)
        case .invalidUTF8: return error("a string is not valid UTF-8", at: failure.start)
        case .noDigits, .missingDigits: return error("invalid number", at: failure.offset)
        case .leadingZero: return error("leading zero in a number", at: failure.offset)
        }
    }

    mutating func skipWhitespace() { scanner.skipWhitespace() }

    /// Consumes "{"; false for an empty object (its "}" consumed too).
    mutating func beginObject(depth: Int) throws(TraceLineError) -> Bool {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return false
        }
        return true
    }

    mutating func beginArray(depth: Int) throws(TraceLineError) -> Bool {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return false
        }
        return true
    }

    /// A member's key (the raw bytes between the quotes) and its ":", leaving the value next.
    mutating func key() throws(TraceLineError) -> Range<Int> {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw error("expected a key string") }
        let raw = try scanString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw error("expected ':'") }
        index += 1
        skipWhitespace()
        return raw
    }

    /// After a member: true at ",", false at "}" (both consumed).
    mutating func nextMember() throws(TraceLineError) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","):
            index += 1
            return true
        case UInt8(ascii: "}"):
            index += 1
            return false
        case nil: throw error("the line ends inside an object")
        default: throw error("expected ',' or '}'")
        }
    }

    /// After an array element: true at ",", false at "]" (both consumed).
    mutating func nextElement() throws(TraceLineError) -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case UInt8(ascii: "]"):
            index += 1
            return false
        case nil: throw error("the line ends inside an array")
        default: throw error("expected ',' or ']'")
        }
    }

    /// Checks and skips any JSON value.
    mutating func skipValue(depth: Int) throws(TraceLineError) {
        switch peek {
        case UInt8(ascii: "{"):
            if try beginObject(depth: depth + 1) {
                repeat {
                    _ = try key()
                    try skipValue(depth: depth + 1)
                } while try nextMember()
            }
        case UInt8(ascii: "["):
            if try beginArray(depth: depth + 1) {
                repeat { try skipValue(depth: depth + 1) } while try nextElement()
            }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let c? where c == UInt8(ascii: "-") || JSONScanner.isDigit(c): _ = try scanNumber()
        case nil: throw error("the line ends where a value should be")
        default: throw error("unexpected character where a value should be (NaN and Infinity are not JSON)")
        }
    }

    mutating func literal(_ word: StaticString) throws(TraceLineError) {
        guard scanner.literal(word) else { throw error("invalid literal") }
    }

    /// The raw bytes between a string's quotes, checked by the lexer.
    mutating func scanString() throws(TraceLineError) -> Range<Int> {
        do throws(JSONScanner.Failure) { return try scanner.scanString().raw } catch { throw self.error(error) }
    }

    /// The text of a JSON number, checked by the lexer.
    mutating func scanNumber() throws(TraceLineError) -> Range<Int> {
        do throws(JSONScanner.Failure) { return try scanner.scanNumber() } catch { throw self.error(error) }
    }
}
