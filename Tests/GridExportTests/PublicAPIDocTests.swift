import Foundation
import Testing

/// Every public (or open) declaration of the five library products is documented, every throwing one says
/// what it throws, and every entry point a client starts from shows a short example.
@Suite struct PublicAPIDocTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let modules = ["GridModel", "Rasterizer", "GridExport", "GridTools", "HeadlessUIKit"]

    /// The library files, as (path relative to Sources, text), sorted by path.
    static func files() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            // The module's folders too (GridModel and GridTools keep their files by concern).
            let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for name in names.sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                files.append(("\(module)/\(name)", text))
            }
        }
        return files
    }

    @Test func everyPublicDeclarationIsDocumented() throws {
        let files = try Self.files()
        #expect(files.count > 60, "found only \(files.count) source files under \(Self.sources.path)")
        var scan = PublicDocScanner()
        for (path, text) in files { scan.scan(text, file: path) }
        // The scanner must see the API, or it passes by seeing nothing.
        #expect(scan.declarations > 400, "only \(scan.declarations) public declarations found")
        let unmatched = PublicDocScanner.entryPoints.filter { !scan.entryPointsSeen.contains($0.type) }.map(\.type)
        #expect(unmatched.isEmpty, "entry-point types with no public func or init found: \(unmatched)")
        for problem in scan.problems { Issue.record("\(problem)") }
    }

    /// The scanner finds each kind of gap (so the test above can fail) and accepts documented code.
    @Test func theScannerFindsEachGap() {
        let source = """
            /// A type.
            public enum ImageDiff {
                /// An example-less entry point.
                /// - Throws: `ToolError`.
                public static func run(_ a: String) throws(ToolError) -> Int { 0 }

                /// Documented, with an example, but no Throws line.
                ///
                /// ```swift
                /// try ImageDiff.compare(a)
                /// ```
                @discardableResult
                public static func compare(_ body: () throws -> Void) throws -> Int { 0 }

                public var undocumented: Int { 0 }
                // A plain comment is no doc comment.
                public init() {}
                /// Closure parameters that throw do not make the function throw.
                ///
                /// ```swift
                /// ImageDiff.write { }
                /// ```
                public static func write(_ body: () throws -> Void) rethrows {}
                static func helper() throws {}
            }

            /// Cases of a public enum are public.
            public enum Kind {
                /// Documented.
                case a
                case b, c
            }

            enum Internal {
                case d
            }

            /// Open is public too.
            open class Base {
                open var undocumented = 0
                /// Documented.
                override open func documented() {}
            }
            """
        var scan = PublicDocScanner()
        scan.scan(source, file: "GridTools/Sample.swift")
        let found = scan.problems.map { "\($0.line): \($0.reason)" }
        #expect(found == [
            "5: no ```swift example (an entry point)",
            "13: throws but has no `- Throws:` line",
            "15: no /// doc comment",
            "17: no /// doc comment",
            "17: no ```swift example (an entry point)",
            "31: no /// doc comment",
            "40: no /// doc comment",
        ])
    }
}

/// A line-based scan of Swift source for public declarations and the doc comments above them.
///
/// A declaration is a line that starts (after attributes and modifiers) with a declaration keyword;
/// it is public when `public` or `open` is among its modifiers, or when it is a `case` directly inside a
/// `public enum`. Its doc comment is the run of `///` lines directly above it, attributes allowed
/// in between. Operators are left out: their documentation is the protocol's (`==`, `<`).
struct PublicDocScanner {
    struct Problem: CustomStringConvertible {
        var file: String
        var line: Int
        var reason: String
        var code: String
        var description: String { "Sources/\(file):\(line): \(reason): \(code)" }
    }

    /// The types whose public functions and initializers a client starts from, and which of their
    /// members (by name; `*` as a suffix is a prefix match, `*` alone is every member) need an example.
    static let entryPoints: [(type: String, members: [String])] = [
        ("ScenarioDecoder", ["decode"]), ("Scenario", ["validate"]), ("Simulation", ["init", "next"]),
        ("ScenarioFile", ["load"]), ("FontFile", ["load*"]), ("FrameExporter", ["render", "frame", "frames"]),
        ("FrameRenderer", ["init", "render"]), ("PNGCodec", ["encode", "decode", "validate"]), ("Pixmap", ["init"]),
        ("PixelMatch", ["compare"]), ("ImageDiff", ["*"]), ("Verifier", ["*"]), ("ContactSheet", ["write", "make*", "render*"]),
        ("TracePlot", ["*"]), ("TraceReader", ["read"]),
    ]

    var problems: [Problem] = []
    var declarations = 0
    var entryPointsSeen: Set<String> = []

    let declaration = try! Regex(
        #"^(?:@\w+(?:\([^)]*\))?\s+)*((?:\w+(?:\([^)]*\))?\s+)*)(struct|class|enum|protocol|actor|typealias|func|init[?!]?|var|let|case|subscript)(?!\w)"#)
    let topLevelType = try! Regex(
        #"^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|extension|actor|protocol)\s+([A-Za-z_][\w.]*)"#)
    let publicEnum = try! Regex(#"^(?:@\w+\s+)*public\s+(?:indirect\s+)?enum(?!\w)"#)
    let funcName = try! Regex(#"func\s+([^\s(<]+)"#)

    mutating func scan(_ text: String, file: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func trimmed(_ line: String) -> String { line.trimmingCharacters(in: .whitespaces) }
        var topType: String?
        var inString = false
        for (i, line) in lines.enumerated() {
            let s = trimmed(line)
            // Lines inside multi-line string literals are text, not code.
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if inString { if quotes % 2 == 1 { inString = false }; continue }
            if quotes % 2 == 1 { inString = true }
            if indent(line) == 0, let m = s.firstMatch(of: topLevelType), let name = m.output[1].substring {
                topType = String(name)
            }
            guard let m = s.firstMatch(of: declaration),
                  let modifiers = m.output[1].substring, let keyword = m.output[2].substring.map(String.init) else { continue }
            let words = modifiers.split(separator: " ")
            var isPublic = words.contains("public") || words.contains("open")
            if !isPublic && keyword == "case" {
                // The nearest line above that is indented less holds the case.
                var j = i - 1
                while j >= 0, trimmed(lines[j]).isEmpty || trimmed(lines[j]).hasPrefix("//") || indent(lines[j]) >= indent(line) { j -= 1 }
                isPublic = j >= 0 && trimmed(lines[j]).firstMatch(of: publicEnum) != nil
            }
            guard isPublic else { continue }
            let isFunction = keyword == "func" || keyword.hasPrefix("init")
            let name = keyword == "func" ? s.firstMatch(of: funcName).map { String($0.output[1].substring ?? "") } ?? "" : "init"
            if isFunction, let first = name.first, !(first.isLetter || first == "_") { continue }
            declarations += 1

            var j = i - 1
            while j >= 0, trimmed(lines[j]).hasPrefix("@") { j -= 1 }
            var doc: [String] = []
            while j >= 0, trimmed(lines[j]).hasPrefix("///") { doc.append(trimmed(lines[j])); j -= 1 }
            func problem(_ reason: String) { problems.append(Problem(file: file, line: i + 1, reason: reason, code: s)) }
            if doc.isEmpty { problem("no /// doc comment") }
            guard isFunction else { continue }
            if Self.throwsErrors(signature: Self.signature(lines, from: i)), !doc.contains(where: { $0.contains("- Throws:") }) {
                problem("throws but has no `- Throws:` line")
            }
            if indent(line) == 4, let type = topType, let entry = Self.entryPoints.first(where: { $0.type == type }),
               entry.members.contains(where: { $0 == "*" || $0 == name || ($0.hasSuffix("*") && name.hasPrefix($0.dropLast())) }) {
                entryPointsSeen.insert(type)
                if !doc.contains(where: { $0.hasPrefix("/// ```swift") }) { problem("no ```swift example (an entry point)") }
            }
        }
    }

    /// The declaration from line `start` up to its body's `{` (or a blank line).
    static func signature(_ lines: [String], from start: Int) -> String {
        var text = "", k = start
        while k < lines.count {
            text += " " + lines[k].trimmingCharacters(in: .whitespaces)
            if lines[k].contains("{") || lines[k].trimmingCharacters(in: .whitespaces).isEmpty { break }
            k += 1
        }
        return String(text.prefix { $0 != "{" })
    }

    /// Whether the function itself throws: `throws` after its parameter list, before `->`
    /// (a parameter of a throwing closure type does not count, nor does `rethrows`).
    static func throwsErrors(signature: String) -> Bool {
        guard let open = signature.firstIndex(of: "(") else { return false }
        var depth = 0, index = open
        while index < signature.endIndex {
            if signature[index] == "(" { depth += 1 }
            if signature[index] == ")" { depth -= 1; if depth == 0 { break } }
            index = signature.index(after: index)
        }
        guard index < signature.endIndex else { return false }
        let effects = signature[signature.index(after: index)...].components(separatedBy: "->")[0]
        return effects.split(whereSeparator: { !$0.isLetter }).contains("throws")
    }
}
