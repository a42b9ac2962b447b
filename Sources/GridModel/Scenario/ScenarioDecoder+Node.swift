/// A JSON value together with its path, so every check can say where it failed.
struct Node {
    let value: JSONValue
    let path: String

    func failure(_ kind: ScenarioError.Kind, _ message: String) -> ScenarioError {
        ScenarioError(kind: kind, path: path, message: message)
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    struct Members {
        let node: Node
        let entries: [(String, Node)]
        func optional(_ key: String) -> Node? { entries.first { $0.0 == key }?.1 }
        func required(_ key: String) throws(ScenarioError) -> Node {
            guard let node = optional(key) else {
                throw ScenarioError(kind: .missingKey, path: self.node.child(key), message: "is required")
            }
            return node
        }
    }

    /// The members of an object shaped like `ScenarioDecoder.keys[shape]`: a value of another type gets the
    /// shape's example in its error, an unknown key the nearest allowed one.
    func object(
        _ shape: String, unknownKind: ScenarioError.Kind = .unknownKey,
        noun: String = "key"
    ) throws(ScenarioError) -> Members {
        let allowed = ScenarioDecoder.keys(shape)
        guard case .object(let pairs) = value else {
            let like = ScenarioDecoder.objectExamples[shape].map { " like \($0)" } ?? ""
            throw failure(.wrongType, "must be an object\(like), found \(found)")
        }
        var entries: [(String, Node)] = []
        for (key, child) in pairs {
            guard allowed.contains(key) else {
                var message = "unknown \(noun) \"\(excerpt(key))\""
                if let hint = closestName(to: key, in: allowed) { message += " (did you mean \"\(hint)\"?)" }
                message += "; allowed: \(allowed.filter { $0 != "$schema" }.joined(separator: ", "))"
                throw ScenarioError(kind: unknownKind, path: self.child(excerpt(key)), message: message)
            }
            entries.append((key, Node(value: child, path: self.child(key))))
        }
        return Members(node: self, entries: entries)
    }

    /// The items of the array at key `shape` (`steps`, `layers`).
    func array(_ shape: String) throws(ScenarioError) -> [Node] {
        guard case .array(let items) = value else {
            let like = ScenarioDecoder.arrayExamples[shape].map { " like \($0)" } ?? ""
            throw failure(.wrongType, "must be an array\(like), found \(found)")
        }
        return items.enumerated().map { Node(value: $1, path: "\(path)[\($0)]") }
    }

    /// "a string", "an array", …; a string that would be right without its quotes says so
    /// (`"390"` where a number belongs).
    var found: String { found(unquoted: { _ in false }) }

    func found(unquoted fits: (String) -> Bool) -> String {
        if case .string(let text) = value, fits(text) { return "a string (\"\(excerpt(text))\": remove the quotes)" }
        return value.kindName
    }

    /// Whether `text` is a JSON number (so that a quoted number can be told apart from a word).
    static func isNumber(_ text: String) -> Bool {
        guard case .number? = try? JSONParser.parse(Array(text.utf8)) else { return false }
        return true
    }

    func string() throws(ScenarioError) -> String {
        guard case .string(let text) = value else { throw failure(.wrongType, "must be a string, found \(found)") }
        return text
    }

    func bool() throws(ScenarioError) -> Bool {
        guard case .bool(let flag) = value else {
            throw failure(
                .wrongType, "must be true or false, found \(found(unquoted: { $0 == "true" || $0 == "false" }))")
        }
        return flag
    }

    func double(in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard case .number(let text) = value else {
            throw failure(
                .wrongType, "must be a number in \(Check.describe(range)), found \(found(unquoted: Node.isNumber))")
        }
        guard let number = Double(text), number.isFinite else {
            throw failure(.outOfRange, "\(excerpt(text)) is not a finite number; allowed: \(Check.describe(range))")
        }
        guard range.contains(number) else {
            throw failure(.outOfRange, "\(excerpt(text)) is out of range; allowed: \(Check.describe(range))")
        }
        return number
    }

    /// An integer in `range`; `orNull` only changes the message (the caller takes `null` first).
    func int(in range: ClosedRange<Int>, orNull: Bool = false) throws(ScenarioError) -> Int {
        guard case .number(let text) = value else {
            let what = orNull ? "null or an integer" : "an integer"
            throw failure(
                .wrongType,
                "must be \(what) in \(range.lowerBound)...\(range.upperBound), found \(found(unquoted: Node.isNumber))")
        }
        guard let number = Int(text) else {
            if let d = Double(text), d.isFinite, d == d.rounded(), abs(d) < 1e15, range.contains(Int(d)) {
                return Int(d)
            }
            throw failure(
                .outOfRange, "\(excerpt(text)) is not an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        guard range.contains(number) else {
            throw failure(
                .outOfRange, "\(excerpt(text)) is out of range; allowed: \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A tile index; parsed from the literal so that values beyond 2^53 are caught, not rounded.
    func coordinate() throws(ScenarioError) -> Int64 {
        guard case .number(let text) = value else {
            throw failure(.wrongType, "must be an integer tile coordinate, found \(found(unquoted: Node.isNumber))")
        }
        let limit = Limits.maxCoordinate
        guard let number = Int64(text) else {
            throw failure(.outOfRange, "\(excerpt(text)) is not an integer tile coordinate in ±2^53 (±\(limit))")
        }
        guard number.magnitude <= UInt64(limit) else {  // abs(Int64.min) would trap
            throw failure(.outOfRange, "\(text) is outside ±2^53 (±\(limit)), where tile coordinates are exact")
        }
        return number
    }

    /// The members of an `{x, y}` object (a tile, a start, a drag's `by`, a velocity, a layer's factor):
    /// a missing `x` or `y` is 0, and at least one must be there.
    func xy(_ shape: String) throws(ScenarioError) -> Members {
        let m = try object(shape)
        if m.entries.isEmpty {
            let like = ScenarioDecoder.objectExamples[shape].map { ", like \($0)" } ?? ""
            throw failure(.missingKey, "needs \"x\", \"y\" or both (a missing one is 0)\(like)")
        }
        return m
    }

    func tile(_ shape: String) throws(ScenarioError) -> TileCoordinate {
        let m = try xy(shape)
        return TileCoordinate(x: try m.optional("x")?.coordinate() ?? 0, y: try m.optional("y")?.coordinate() ?? 0)
    }

    func vector(_ shape: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Vector {
        let m = try xy(shape)
        return Vector(x: try m.optional("x")?.double(in: range) ?? 0, y: try m.optional("y")?.double(in: range) ?? 0)
    }

    func size(_ shape: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Size {
        let m = try object(shape)
        return Size(
            width: try m.required("width").double(in: range), height: try m.required("height").double(in: range))
    }

    /// Insets with any of top, left, bottom and right (a missing side is 0).
    func insets(_ shape: String, in range: ClosedRange<Double>) throws(ScenarioError) -> EdgeInsets {
        let m = try object(shape)
        return EdgeInsets(
            top: try m.optional("top")?.double(in: range) ?? 0, left: try m.optional("left")?.double(in: range) ?? 0,
            bottom: try m.optional("bottom")?.double(in: range) ?? 0,
            right: try m.optional("right")?.double(in: range) ?? 0)
    }

    /// One of `E`'s raw values; another type or an unknown value gets the allowed values.
    func enumeration<E: RawRepresentable & CaseIterable>(_: E.Type) throws(ScenarioError) -> E
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let allowed = names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else {
            throw failure(.wrongType, "must be one of \(allowed), found \(found)")
        }
        guard let result = E(rawValue: text) else {
            var message = "unknown value \"\(excerpt(text))\""
            if let hint = closestName(to: text, in: names) { message += " (did you mean \"\(hint)\"?)" }
            throw failure(.invalidValue, message + "; allowed: " + allowed)
        }
        return result
    }

    func decelerationRate() throws(ScenarioError) -> Double {
        if case .string(let text) = value {
            switch text {
            case "normal": return ScrollPhysics.normalDecelerationRate
            case "fast": return ScrollPhysics.fastDecelerationRate
            default:
                throw failure(
                    .invalidValue,
                    "unknown value \"\(excerpt(text))\"; allowed: \"normal\", \"fast\" or a number in 0.5...0.9999")
            }
        }
        guard case .number = value else {
            throw failure(.wrongType, "must be \"normal\", \"fast\" or a number in 0.5...0.9999, found \(found)")
        }
        return try double(in: Allowed.decelerationRate)
    }

    /// "#RRGGBB" or "#RRGGBBAA": hex digits only (`UInt32(_:radix:)` alone would accept a sign).
    func color() throws(ScenarioError) -> RGBA {
        guard case .string(let text) = value else {
            throw failure(.wrongType, "must be a colour string, \"#RRGGBB\" or \"#RRGGBBAA\", found \(found)")
        }
        let digits = Array(text.utf8.dropFirst())
        let hex = digits.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0)
        }
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, hex,
            let packed = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else {
            throw failure(.invalidValue, "\"\(excerpt(text))\" is not a colour; allowed: \"#RRGGBB\" or \"#RRGGBBAA\"")
        }
        let value = digits.count == 6 ? (packed << 8) | 0xFF : packed
        return RGBA(UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
