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
    /// The JSON written so far.
    package private(set) var text = ""
    /// Whether the next key or value needs a "," before it.
    private var needsComma = false

    package init() {}

    package mutating func beginObject() {
        separate()
        text += "{"
        needsComma = false
    }
    package mutating func endObject() {
        text += "}"
        needsComma = true
    }
    package mutating func beginArray() {
        separate()
        text += "["
        needsComma = false
    }
    package mutating func endArray() {
        text += "]"
        needsComma = true
    }

    /// A member's key and its ":"; the next call writes the value.
    package mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &text)
        text += ":"
        needsComma = false
    }

    package mutating func value(_ string: String) {
        separate()
        Self.appendString(string, to: &text)
        needsComma = true
    }
    package mutating func value(_ number: Double) {
        separate()
        text += Self.number(number)
        needsComma = true
    }
    package mutating func value<I: BinaryInteger>(_ number: I) {
        separate()
        text += String(number)
        needsComma = true
    }
    package mutating func value(_ flag: Bool) {
        separate()
        text += flag ? "true" : "false"
        needsComma = true
    }
    package mutating func null() {
        separate()
        text += "null"
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

    private mutating func separate() { if needsComma { text += "," } }

    /// `s` as a JSON string literal, quotes included: `"`, `\`, every control character and DEL
    /// escaped; everything else (any Unicode) as is.
    ///
    /// ```swift
    /// JSONWriter.string("a\nb") // "\"a\\nb\""
    /// ```
    package static func string(_ s: String) -> String {
        var out = ""
        appendString(s, to: &out)
        return out
    }

    private static func appendString(_ s: String, to out: inout String) {
        out += "\""
        // The common case (names, keys, phases): nothing to escape.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            out += s
            out += "\""
            return
        }
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
    }

    /// Integers without a fraction; other values in Swift's shortest round-trip form (valid JSON);
    /// `null` for NaN and infinities, which JSON cannot write (only a hand-made frame has them).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
