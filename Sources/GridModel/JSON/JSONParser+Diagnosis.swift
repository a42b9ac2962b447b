/// What a person typing JSON by hand gets wrong, named with its fix: a trailing comma, a comment, single
/// quotes, an unquoted key or word, `NaN`/`Infinity`, `True`/`None`, a missing comma. Each message names the
/// mistake, where it is (line and column) and what to write instead.
extension JSONParser {
    /// The error for a byte that cannot start a value (or a misspelt literal) at `index`.
    func notAValue() -> ScenarioError {
        if let comment = commentHere() { return comment }
        let here = place()
        let byte = bytes[index]
        if byte == UInt8(ascii: "'") {
            return error("a single-quoted string", fix: "JSON strings take double quotes: write \"…\"")
        }
        if byte == UInt8(ascii: "+") {
            return error("a '+' sign", fix: "JSON numbers take no '+': remove it")
        }
        if byte == UInt8(ascii: ".") {
            return error(
                "a number starting with '.'", fix: "JSON numbers need a digit before the '.': write 0.5, not .5")
        }
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            return error(
                "a value is missing before '\(Character(Unicode.Scalar(byte)))'",
                fix: "write a value, or remove the key or the comma")
        }
        if let word = wordHere() {
            let bare = word.hasPrefix("-") ? String(word.dropFirst()) : word
            switch bare.lowercased() {
            case "nan":
                return ScenarioError(
                    kind: .malformedJSON, path: "",
                    message:
                        "\(word) at \(here) is not a JSON number: NaN and Infinity are not JSON; write a finite number")
            case "infinity", "inf":
                return ScenarioError(
                    kind: .malformedJSON, path: "",
                    message:
                        "\(word) at \(here) is not a JSON number: NaN and Infinity are not JSON; write a finite number")
            case "true", "false", "null":
                return ScenarioError(
                    kind: .malformedJSON, path: "",
                    message:
                        "\(word) at \(here) is not JSON: write \(bare.lowercased()) (JSON's literals are lowercase)")
            case "none", "nil", "undefined":
                return ScenarioError(
                    kind: .malformedJSON, path: "", message: "\(word) at \(here) is not JSON: write null")
            default:
                return ScenarioError(
                    kind: .malformedJSON, path: "",
                    message: "\(word) at \(here) is not JSON: a string takes double quotes, write \"\(word)\"")
            }
        }
        return error("unexpected '\(snippet())'", fix: "not the start of a JSON value")
    }

    /// The error where an object's key should start, at `index`.
    func notAKey() -> ScenarioError {
        guard index < bytes.count else { return error("unexpected end of input in an object", fix: "a '}' is missing") }
        if let comment = commentHere() { return comment }
        if bytes[index] == UInt8(ascii: "'") {
            return error("a single-quoted key", fix: "JSON keys take double quotes: write \"…\"")
        }
        if let word = wordHere() {
            return ScenarioError(
                kind: .malformedJSON, path: "",
                message:
                    "the key \(word) at \(place()) is not in double quotes: write \"\(word)\"")
        }
        return error("expected a key in double quotes, found '\(snippet())'")
    }

    /// A comma at `comma` right before the closing `close`.
    func trailingComma(at comma: Int, before close: Character) -> ScenarioError {
        let last = close == "}" ? "member" : "element"
        return error(
            "trailing comma before '\(close)'", at: comma, fix: "JSON allows no comma after the last \(last): remove it"
        )
    }

    /// After a value in an object or array: neither a comma nor `close` at `index`.
    func missingComma(or close: Character, between what: String) -> ScenarioError {
        let byte = bytes[index]
        let startsValue =
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        if startsValue {
            return error("missing ',' between \(what)", fix: "put a ',' before the next one")
        }
        return error("expected ',' or '\(close)', found '\(snippet())'")
    }

    /// A `//` or `/*` comment at `index`, as an error; nil for anything else.
    func commentHere() -> ScenarioError? {
        guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "/"),
            bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        else { return nil }
        let marker = bytes[index + 1] == UInt8(ascii: "/") ? "//" : "/*"
        return ScenarioError(
            kind: .malformedJSON, path: "",
            message:
                "comments are not JSON (\(marker) at \(place())): remove the comment")
    }

    /// A bare word (letters, digits, `_`, `$`, at most 40, with an optional leading `-`) at `index`, or nil.
    private func wordHere() -> String? {
        func letter(_ b: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
        }
        var end = index
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
        guard end < bytes.count, letter(bytes[end]) else { return nil }
        while end < bytes.count, end - index < 40,
            letter(bytes[end]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
        { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// Up to 8 bytes at `index` on one line, without control characters, to quote.
    private func snippet() -> String {
        let printable = bytes[index..<min(index + 8, bytes.count)].prefix { $0 >= 0x20 && $0 != 0x7F }
        return String(decoding: printable, as: UTF8.self)
    }
}
