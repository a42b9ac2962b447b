import GridModel

/// A command's description: its usage, options, notes, exit codes and example. Parsing and
/// `--help` are both generated from it, so the help cannot drift from what is accepted.
///
/// ```swift
/// let parsed = try PlotCommand.command.parse(["trace.jsonl", "--width", "800"])
/// let width = parsed.int("--width") // 800
/// ```
struct Command: Sendable {
    var name: String
    /// What follows the command name in the usage line (`SCENARIO.json`).
    var arguments: String
    /// One line for `render-grid --help`.
    var summary: String
    /// Paragraphs before OPTIONS.
    var description: String
    var options: [Option]
    /// Paragraphs after OPTIONS (may be empty).
    var notes: String = ""
    var exitCodes: String
    /// A command line that runs as is from the package folder (tested).
    var example: String

    /// The longest help line, in characters.
    static let maxLineLength = 119
    /// The options every command takes; `parse` reports them as `help`.
    static let helpOption = Option(
        flag: "--help", "this text (also -h); `--` ends the options, so `-- -x.json` names a file")
    /// The version every command takes, as `render-grid --version` prints it; `parse` reports it as `version`.
    static let versionOption = Option(
        flag: "--version", "print render-grid's version line (as render-grid --version does)")

    /// The help text, generated from the description and the options table.
    var help: String {
        var out = "USAGE: render-grid \(name) \(arguments) [options]\n\n\(description)\n\nOPTIONS:\n"
        let all = options + [Self.helpOption, Self.versionOption]
        let labels = all.map { $0.valueName.isEmpty ? $0.name : "\($0.name) \($0.valueName)" }
        let column = min(labels.map(\.count).max() ?? 0, 24) + 4
        for (label, option) in zip(labels, all) {
            let indent = String(repeating: " ", count: column)
            var lines = Self.wrap(option.fullHelp, width: Self.maxLineLength - column)
            let head = "  " + label
            if head.count + 1 >= column {
                out += head + "\n"
            } else {
                out += head + String(repeating: " ", count: column - head.count) + lines.removeFirst() + "\n"
            }
            for line in lines { out += indent + line + "\n" }
        }
        if !notes.isEmpty { out += "\n\(notes)\n" }
        out += "\nEXIT CODES: \(exitCodes)\n\nEXAMPLE:\n  \(example)"
        return out
    }

    /// " (did you mean --scale?)" for a mistyped `--scael`, using the scenario decoder's suggestion; empty
    /// when no candidate is close.
    static func suggestion(for name: String, in candidates: [String]) -> String {
        closestName(to: name, in: candidates).map { " (did you mean \($0)?)" } ?? ""
    }

    /// `text` cut into lines of at most `width` characters at spaces (a longer word stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + [line]
    }

    /// Whether `argv` (a command's arguments) asks for the version: `--version` before any `--`, and no `--help`
    /// (help wins, as `parse` gives it first).
    static func asksForVersion(_ argv: [String]) -> Bool {
        let options = argv[..<(argv.firstIndex(of: "--") ?? argv.count)]
        return options.contains("--version") && !options.contains("--help") && !options.contains("-h")
    }

    /// Checks `argv` against the options table: `--x v` and `--x=v`, values checked by kind,
    /// empty values, repeats of a non-repeatable option and unknown options refused. `-h` or
    /// `--help` anywhere before `--` asks for help, else `--version` for the version; every argument
    /// after `--` is positional (POSIX), so a file named `-x.json` can be given as `-- -x.json`.
    /// - Throws: `UsageError` naming the option and what it takes.
    func parse(_ argv: [String]) throws(UsageError) -> ParsedOptions {
        var parsed = ParsedOptions()
        let end = argv.firstIndex(of: "--") ?? argv.count
        if argv[..<end].contains("--help") || argv[..<end].contains("-h") {
            parsed.help = true
            return parsed
        }
        if Self.asksForVersion(argv) {
            parsed.version = true
            return parsed
        }
        var i = 0
        while i < end {
            let argument = argv[i]
            i += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let name = String(argument.prefix { $0 != "=" })
            let inline = argument.count > name.count ? String(argument.dropFirst(name.count + 1)) : nil
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(
                    "unknown option \(argument)"
                        + Self.suggestion(for: name, in: options.map(\.name) + ["--help", "--version"]))
            }
            if parsed.values[name] != nil, !option.isRepeatable { throw UsageError("\(name) is given more than once") }
            let value: Option.Value
            if !option.takesValue {
                guard inline == nil else { throw UsageError("\(name) takes no value, not '\(argument)'") }
                value = .flag
            } else if let inline {
                value = try option.check(inline)
            } else {
                guard i < end else { throw UsageError("\(name) needs a value") }
                value = try option.check(argv[i])
                i += 1
            }
            parsed.values[name, default: []].append(value)
        }
        if end < argv.count { parsed.positionals += argv[(end + 1)...] }
        return parsed
    }
}

/// The options and positional arguments of one command line, checked against its `Command`.
struct ParsedOptions: Sendable {
    /// `--help` or `-h` was given: print the help, nothing else.
    var help = false
    /// `--version` was given (and no `--help`): print the version line, nothing else.
    var version = false
    var values: [String: [Option.Value]] = [:]
    var positionals: [String] = []

    func flag(_ name: String) -> Bool { values[name] != nil }

    func string(_ name: String) -> String? { strings(name).first }

    /// Every value of a repeatable option, in order.
    func strings(_ name: String) -> [String] {
        (values[name] ?? []).compactMap { if case .string(let s) = $0 { s } else { nil } }
    }

    func int(_ name: String) -> Int? {
        values[name]?.first.flatMap { if case .int(let n) = $0 { n } else { nil } }
    }

    func double(_ name: String) -> Double? {
        values[name]?.first.flatMap { if case .double(let n) = $0 { n } else { nil } }
    }
}
