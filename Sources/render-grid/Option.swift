/// One command-line option: everything parsing and `--help` need, in one place.
///
/// ```swift
/// let jobs = Option("--jobs", "N", .int(1...256), default: "all cores", "frames rendered in parallel")
/// ```
struct Option: Sendable {
    /// What the option takes, and so how its value is checked.
    enum Kind: Sendable {
        /// No value: given or not.
        case flag
        /// A whole number in the range.
        case int(ClosedRange<Int>)
        /// A finite number in the range.
        case double(ClosedRange<Double>)
        /// Any non-empty text (a path, a frame range checked by the command).
        case string
        /// One of the words.
        case choice([String])
        /// Any non-empty text, and the option may be given several times.
        case repeatable
    }

    var name: String
    /// The placeholder in help (`N`, `DIR`); empty for a flag.
    var valueName: String
    var kind: Kind
    /// The default as help shows it, if the option has one worth saying.
    var defaultText: String?
    var help: String

    init(_ name: String, _ valueName: String = "", _ kind: Kind, default defaultText: String? = nil, _ help: String) {
        self.name = name
        self.valueName = valueName
        self.kind = kind
        self.defaultText = defaultText
        self.help = help
    }

    /// A flag: `Option(flag: "--quiet", "no summary line")`.
    init(flag name: String, _ help: String) { self.init(name, "", .flag, help) }

    var takesValue: Bool { if case .flag = kind { false } else { true } }
    var isRepeatable: Bool { if case .repeatable = kind { true } else { false } }

    /// The help text with the default appended.
    var fullHelp: String { defaultText.map { "\(help) (default: \($0))" } ?? help }

    /// `text` checked against the kind.
    /// - Throws: `UsageError` naming the option, what it takes and what was given.
    func check(_ text: String) throws(UsageError) -> Value {
        guard !text.isEmpty else { throw UsageError("\(name) needs a value, not an empty string") }
        switch kind {
        case .flag:
            return .flag
        case .int(let range):
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return .int(number)
        case .double(let range):
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw UsageError(
                    "\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return .double(number)
        case .string, .repeatable:
            return .string(text)
        case .choice(let words):
            guard words.contains(text) else {
                let list =
                    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
                throw UsageError("\(name) takes \(list), not '\(text)'")
            }
            return .string(text)
        }
    }

    /// A checked value.
    enum Value: Sendable, Equatable {
        case flag
        case int(Int)
        case double(Double)
        case string(String)
    }
}

extension Option {
    /// `--max-diff-pixels`: the differing pixels `diff` and `check` allow per frame.
    static let maxDiffPixels = Option(
        "--max-diff-pixels", "N", .int(0...Int(Int32.max)), default: "0", "differing pixels allowed per frame")
    /// `--max-diff-ratio`: the fraction of a frame's pixels `diff` and `check` allow to differ.
    static let maxDiffRatio = Option(
        "--max-diff-ratio", "R", .double(0...1),
        "fraction of a frame's pixels allowed to differ (0…1); with both, the stricter wins")
}
