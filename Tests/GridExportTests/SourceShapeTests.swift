import Foundation
import Testing

/// A newcomer finds where a concern lives and reads it whole: no Swift file in Sources over 400 lines, no function,
/// initializer or subscript over 80 (counted from its declaration to its closing brace).
@Suite struct SourceShapeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let maxFileLines = 400
    static let maxFunctionLines = 80

    /// Every Swift file under Sources, as (path relative to Sources, lines).
    static func files() throws -> [(path: String, lines: [Substring])] {
        let names = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            return (name, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// The functions of `lines` longer than `limit`: (first line, length, declaration).
    static func longFunctions(_ lines: [Substring], limit: Int) -> [(line: Int, length: Int, text: String)] {
        let declaration = /^\s*(@[\w()]+\s+)*((public|package|internal|private|fileprivate|open|static|class|override|mutating|nonisolated|final|convenience|required|@inline\(__always\))\s+)*(func\s|init[?!]?[(<]|subscript[(<]|deinit\b)/
        var found: [(Int, Int, String)] = []
        for (i, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
            var depth = 0, started = false, j = i
            scan: while j < lines.count {
                // Braces inside string literals and comments do not count.
                let code = lines[j].replacing(/"(\\.|[^"\\])*"/, with: "\"\"").split(separator: "//", maxSplits: 1,
                                                                                    omittingEmptySubsequences: false)
                for ch in code.first ?? "" {
                    if ch == "{" { depth += 1; started = true } else if ch == "}" { depth -= 1 }
                    if started && depth == 0 { break scan }
                }
                if !started && j > i + 8 { break }  // a protocol requirement: no body
                j += 1
            }
            if started && j - i + 1 > limit { found.append((i + 1, j - i + 1, String(line.trimmingPrefix(while: \.isWhitespace)))) }
        }
        return found
    }

    @Test func filesStayUnder400Lines() throws {
        let files = try Self.files()
        #expect(files.count > 100)
        for file in files {
            // (split(separator:) counts the empty string after the last newline as a line.)
            let count = file.lines.count - (file.lines.last?.isEmpty == true ? 1 : 0)
            #expect(count <= Self.maxFileLines, "Sources/\(file.path) has \(count) lines; split it by concern")
        }
    }

    @Test func functionsStayUnder80Lines() throws {
        for file in try Self.files() {
            for function in Self.longFunctions(file.lines, limit: Self.maxFunctionLines) {
                Issue.record("Sources/\(file.path):\(function.line): \(function.length) lines: \(function.text.prefix(90))")
            }
        }
    }

    /// The counter finds a long function (and only it), so the checks above can fail.
    @Test func theCounterFindsALongFunction() {
        let body = (0..<90).map { "    let x\($0) = \"{\" // }" }
        let lines = (["func long() {"] + body + ["}", "func short() {", "}"]).map { Substring($0) }
        let found = Self.longFunctions(lines, limit: 80)
        #expect(found.count == 1 && found.first?.line == 1 && found.first?.length == 92)
    }
}
