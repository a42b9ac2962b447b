/// The trace line's scalar values: numbers, whole numbers, booleans and the names kept as strings.
extension TraceLineParser {
    mutating func number(_ name: String) throws(TraceLineError) -> Double {
        try numberAndText(name).value
    }

    mutating func numberAndText(_ name: String) throws(TraceLineError) -> (value: Double, text: String) {
        guard let c = peek, c == UInt8(ascii: "-") || JSONScanner.isDigit(c) else {
            throw error("\(name) is not a number")
        }
        let text = try scanNumber()
        guard text.upperBound - text.lowerBound <= Self.maxNumberLength else {
            throw error("\(name) has over \(Self.maxNumberLength) characters")
        }
        let string = String(decoding: bytes[text], as: UTF8.self)
        guard let value = Double(string), value.isFinite else {
            throw error("\(name) \(string) is not a finite number")
        }
        return (value, string)
    }

    /// A whole number from `min` to 2^53: digits (read exactly), or a number with such a value (1e3).
    mutating func integer(_ name: String, min: Int) throws(TraceLineError) -> Int {
        let (double, text) = try numberAndText(name)
        let value = Int(text) ?? (double == double.rounded() && double.magnitude <= 0x1p53 ? Int(double) : nil)
        guard let value, value >= min, value.magnitude <= 1 << 53 else {
            throw error("\(name) \(text) is not a whole number from \(min) to 2^53")
        }
        return value
    }

    mutating func bool(_ name: String) throws(TraceLineError) -> Bool {
        switch peek {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw error("\(name) is not true or false")
        }
    }

    /// A string value, decoded and cut to `maxNameBytes` bytes (at a character boundary). Escaped
    /// control characters become spaces and escaped non-ASCII code points U+FFFD: names are labels.
    mutating func string(_ name: String) throws(TraceLineError) -> String {
        guard peek == UInt8(ascii: "\"") else { throw error("\(name) is not a string") }
        let raw = try scanString()
        var out: [UInt8] = []
        var i = raw.lowerBound
        var cut = false
        while i < raw.upperBound {
            if out.count > Self.maxNameBytes + 4 {
                cut = true
                break
            }
            guard bytes[i] == UInt8(ascii: "\\") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                out.append(0x20)
            case UInt8(ascii: "u"):
                let code = scanner.hex4(at: i)
                i += 4
                out.append(contentsOf: code >= 0x20 && code < 0x7F ? [UInt8(code)] : [0xEF, 0xBF, 0xBD])
            default: out.append(e)  // \" \\ \/
            }
        }
        if !cut {
            guard let text = String(validating: out, as: UTF8.self) else { throw error("\(name) is not valid UTF-8") }
            if out.count <= Self.maxNameBytes { return text }
        }
        var text = String(decoding: out, as: UTF8.self)
        while text.utf8.count > Self.maxNameBytes { text.removeLast() }
        return text
    }
}
