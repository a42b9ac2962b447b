/// The one JSON lexer of the package: whitespace, strings, numbers and literals checked against RFC 8259's
/// grammar over bytes, without building values. `JSONParser` (scenarios, goldens' manifests) builds its tree
/// on it; `TraceLineParser` (trace lines, read by the million) picks the fields it keeps with it. Each words a
/// `Failure` in its own messages: the scanner says what is wrong and where, never how to say it.
///
/// ```swift
/// var scanner = JSONScanner(buffer, 0..<buffer.count)
/// scanner.skipWhitespace()
/// let text = try scanner.scanString()  // the raw bytes between the quotes, checked
/// ```
struct JSONScanner {
    /// What the grammar refuses, and where.
    struct Failure: Error {
        enum Kind {
            /// The input ends inside a string (`offset` is the end).
            case unterminatedString
            /// A byte below 0x20 inside a string (`offset` is the byte).
            case controlCharacter
            /// The input ends right after a backslash (`offset` is the end).
            case unterminatedEscape
            /// A backslash followed by a byte no escape starts with (`start` is that byte, `offset` the next).
            case invalidEscape
            /// `\u` with fewer than four bytes left (`offset` and `start` are after the `u`).
            case truncatedUnicodeEscape
            /// `\u` not followed by four hex digits (`start` is after the `u`, `offset` the first non-digit).
            case invalidUnicodeEscape
            /// A string whose bytes are not UTF-8 (`start` is its first byte, `offset` its closing quote).
            case invalidUTF8
            /// A number with no digit before its point (`start` is its first byte, `offset` after its sign).
            case noDigits
            /// A number with a leading zero (`offset` is after its integer digits).
            case leadingZero
            /// A point or an exponent with no digit after it (`offset` is where the digit should be).
            case missingDigits
        }

        /// What is wrong.
        var kind: Kind
        /// Where scanning stopped.
        var offset: Int
        /// Where the faulty token or escape starts (the string's text, the escape, the number).
        var start: Int
    }

    /// The bytes, of which `index..<end` are still to scan.
    let bytes: UnsafeBufferPointer<UInt8>
    /// One past the last byte to scan.
    let end: Int
    /// The next byte to scan.
    var index: Int

    /// A scanner of `bytes[range]`, at its start.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        end = range.upperBound
        index = range.lowerBound
    }

    /// The next byte, or nil at the end.
    var peek: UInt8? { index < end ? bytes[index] : nil }

    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    static func isHex(_ c: UInt8) -> Bool {
        let lower = c | 0x20
        return isDigit(c) || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f"))
    }

    /// Skips JSON's four whitespace bytes.
    mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Whether `word` comes next (plain loops: the generic algorithms are slow unoptimized).
    func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - index >= count else { return false }
        let w = word.utf8Start
        var i = 0
        while i < count {
            if bytes[index + i] != w[i] { return false }
            i += 1
        }
        return true
    }

    /// Consumes `word` (`true`, `false`, `null`) if it comes next; false, consuming nothing, if not.
    mutating func literal(_ word: StaticString) -> Bool {
        guard matches(word) else { return false }
        index += word.utf8CodeUnitCount
        return true
    }

    /// The raw bytes between a string's quotes, from its opening quote at `index` to after its closing one:
    /// escapes checked (`\u` takes four hex digits; surrogates are left to the decoder), no control
    /// characters, UTF-8 (checked only when a byte is not ASCII). `escaped` says whether it holds a backslash.
    mutating func scanString() throws(Failure) -> (raw: Range<Int>, escaped: Bool) {
        index += 1
        let from = index
        var ascii = true
        var escaped = false
        while true {
            guard index < end else { throw Failure(kind: .unterminatedString, offset: index, start: from) }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[from..<index])
                guard ascii || String(validating: text, as: UTF8.self) != nil else {
                    throw Failure(kind: .invalidUTF8, offset: index, start: from)
                }
                index += 1
                return (from..<index - 1, escaped)
            }
            if c >= 0x80 { ascii = false }
            if c < 0x20 { throw Failure(kind: .controlCharacter, offset: index, start: from) }
            if c == UInt8(ascii: "\\") {
                escaped = true
                index += 1
                try scanEscape()
                continue
            }
            index += 1
        }
    }

    /// The escape after a backslash, at `index`.
    private mutating func scanEscape() throws(Failure) {
        guard index < end else { throw Failure(kind: .unterminatedEscape, offset: index, start: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
        case UInt8(ascii: "u"):
            index += 1
            let digits = index
            guard end - index >= 4 else { throw Failure(kind: .truncatedUnicodeEscape, offset: index, start: digits) }
            for _ in 0..<4 {
                guard Self.isHex(bytes[index]) else {
                    throw Failure(kind: .invalidUnicodeEscape, offset: index, start: digits)
                }
                index += 1
            }
        default:
            throw Failure(kind: .invalidEscape, offset: index + 1, start: index)
        }
    }

    /// The value of the four hex digits at `i` (checked by `scanString`).
    func hex4(at i: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in i..<i + 4 {
            let c = bytes[k]
            let digit = Self.isDigit(c) ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// The text of a JSON number starting at `index` (a '-' or a digit), checked against the grammar.
    mutating func scanNumber() throws(Failure) -> Range<Int> {
        let from = index
        if peek == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let count = digits()
        guard count > 0 else { throw Failure(kind: .noDigits, offset: index, start: from) }
        guard count == 1 || bytes[intStart] != UInt8(ascii: "0") else {
            throw Failure(kind: .leadingZero, offset: index, start: from)
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw Failure(kind: .missingDigits, offset: index, start: from) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Failure(kind: .missingDigits, offset: index, start: from) }
        }
        return from..<index
    }

    /// Skips digits; how many.
    private mutating func digits() -> Int {
        let from = index
        while index < end, Self.isDigit(bytes[index]) { index += 1 }
        return index - from
    }
}
