/// A command-line usage error (exit 2).
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Pulls flags and positional arguments off an argument list.
struct Arguments {
    private var rest: [String]
    /// Options already taken, so a repeat can be named as one.
    private var taken: Set<String> = []
    init(_ arguments: [String]) { rest = arguments }

    mutating func flag(_ name: String) -> Bool {
        guard let i = rest.firstIndex(of: name) else { return false }
        rest.remove(at: i)
        taken.insert(name)
        return true
    }

    mutating func value(_ name: String) throws(UsageError) -> String? {
        taken.insert(name)
        if let i = rest.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(rest.remove(at: i).dropFirst(name.count + 1))
            guard !value.isEmpty else { throw UsageError("\(name) needs a value, not an empty string") }
            return value
        }
        guard let i = rest.firstIndex(of: name) else { return nil }
        guard i + 1 < rest.count else { throw UsageError("\(name) needs a value") }
        let value = rest[i + 1]
        rest.removeSubrange(i...(i + 1))
        guard !value.isEmpty else { throw UsageError("\(name) needs a value, not an empty string") }
        return value
    }

    /// Every value of a repeatable option, in order.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var found: [String] = []
        while let v = try value(name) { found.append(v) }
        return found
    }

    mutating func double(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    mutating func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// The remaining arguments, which must all be positional.
    mutating func positionals() throws(UsageError) -> [String] {
        if let unknown = rest.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            let name = String(unknown.prefix { $0 != "=" })
            if taken.contains(name) { throw UsageError("\(name) is given more than once") }
            throw UsageError("unknown option \(unknown)")
        }
        defer { rest = [] }
        return rest
    }
}
