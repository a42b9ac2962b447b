/// Builds JSON text: the one place the package escapes strings and formats numbers for JSON output.
///
/// Keys and values are appended in order; commas are put in by the writer.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("name"); json.value("a \"quoted\" name")
/// json.key("t"); json.value(0.5)
/// json.endObject()
/// // json.text == #"{"name":"a \"quoted\" name","t":0.5}"#
/// ```
package struct JSONWriter: Sendable {
    /// The JSON written so far, as UTF-8 (appending bytes is several times cheaper than appending to a `String`,
    /// and a trace line is written for every frame).
    package private(set) var bytes: [UInt8] = []
    /// The JSON written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
    /// Whether the next key or value needs a "," before it.
    private var needsComma = false

    package init() { bytes.reserveCapacity(512) }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }
    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key and its ":"; the next call writes the value.
    package mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func value(_ string: String) {
        separate()
        Self.appendString(string, to: &bytes)
        needsComma = true
    }
    package mutating func value(_ number: Double) {
        separate()
        if let integer = Self.integral(number) {
            Self.appendInteger(integer, to: &bytes)
        } else {
            bytes.append(contentsOf: Self.number(number).utf8)
        }
        needsComma = true
    }
    package mutating func value<I: BinaryInteger>(_ number: I) {
        separate()
        if let n = Int64(exactly: number) {
            Self.appendInteger(n, to: &bytes)
        } else {
            bytes.append(contentsOf: String(number).utf8)
        }
        needsComma = true
    }
    package mutating func value(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        needsComma = true
    }
    package mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// `key` then `value`, for the common member.
    package mutating func member(_ name: String, _ number: Double) {
        key(name)
        value(number)
    }
    package mutating func member<I: BinaryInteger>(_ name: String, _ number: I) {
        key(name)
        value(number)
    }
    package mutating func member(_ name: String, _ flag: Bool) {
        key(name)
        value(flag)
    }
    package mutating func member(_ name: String, _ string: String) {
        key(name)
        value(string)
    }

    private mutating func separate() { if needsComma { bytes.append(UInt8(ascii: ",")) } }

    /// `n` in decimal, as `String(n)` writes it.
    static func appendInteger(_ n: Int64, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        // At most 20 digits (UInt64.max), written last digit first.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(digits[i]) }
        }
    }

    /// `s` as a JSON string literal, quotes included: `"`, `\`, every control character and DEL
    /// escaped; everything else (any Unicode) as is.
    ///
    /// ```swift
    /// JSONWriter.string("a\nb") // "\"a\\nb\""
    /// ```
    package static func string(_ s: String) -> String {
        var out: [UInt8] = []
        appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendString(_ s: String, to bytes: inout [UInt8]) {
        // The common case (names, keys, phases): nothing to escape.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: s.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        bytes.append(contentsOf: escaped(s).utf8)
    }

    /// `s` quoted, with the escapes `string` documents (the rare path: a name with a quote or a control character).
    private static func escaped(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// `value` as an integer when JSON writes it without a fraction: finite, whole and below 1e15 in magnitude.
    private static func integral(_ value: Double) -> Int64? {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }

    /// Integers without a fraction; other values in Swift's shortest round-trip form (valid JSON);
    /// `null` for NaN and infinities, which JSON cannot write (only a hand-made frame has them).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if let integer = integral(value) { return String(integer) }
        return "\(value)"
    }
}
