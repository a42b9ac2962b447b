import Foundation
import Testing

/// Issue 10: "Doc comments on every public entry point (decode/load, Simulation, rendering, export,
/// diff, verify, sheet, plot) with a short example; `- Throws:` where it throws." Checked on the
/// entry points the review found without them.
@Suite struct ReviewDocFindingsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The doc comment right above the first line of `file` that contains `declaration`.
    static func doc(_ file: String, _ declaration: String) throws -> String {
        let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains(declaration) }, "\(declaration) not found in \(file)")
        var doc: [Substring] = []
        var i = index - 1
        while i >= 0, lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("///") { doc.insert(lines[i], at: 0); i -= 1 }
        return doc.joined(separator: "\n")
    }

    @Test(arguments: [
        ("Sources/GridTools/Verifier.swift", "public static func verify(_ scenario: Scenario, font: FontRenderer, strictEdges"),
        ("Sources/GridTools/Verifier.swift", "public static func verify(_ scenario: Scenario, font: FontRenderer, strategy"),
        ("Sources/GridTools/TraceReader.swift", "public static func read(_ path: String"),
        ("Sources/GridTools/TraceReader.swift", "public static func read(bytes: [UInt8]"),
        ("Sources/Rasterizer/PNGCodec.swift", "public static func validate("),
    ])
    func entryPointHasADocWithExampleAndThrows(file: String, declaration: String) throws {
        let doc = try Self.doc(file, declaration)
        #expect(!doc.isEmpty, "\(file): \(declaration) has no doc comment")
        #expect(doc.contains("```swift"), "\(file): \(declaration) has no example")
        #expect(doc.contains("- Throws:"), "\(file): \(declaration) throws but its doc has no `- Throws:`")
    }
}
