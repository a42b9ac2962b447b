import Foundation
import Testing
import TestSupport

/// The library page's example (GridExport's DocC catalog) is the example client's own files, word for word, so it
/// cannot drift: the first Swift block of "Use it as a library" is the test file's `// README: begin` … `// README:
/// end` part (imports, helper and test), the second is the example's Package.swift.
@Suite struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift blocks of the library section, in order.
    static func swiftBlocks() throws -> [String] {
        DocsText.codeBlocks("swift", in: try ReadmeLibrarySectionTests.librarySection())
    }

    @Test func theReadmeSnippetIsTheExamplesTest() throws {
        let example = try String(contentsOf: Self.root.appendingPathComponent(
            "Examples/RegressionClient/Tests/RegressionClientTests/FrameRegressionTests.swift"), encoding: .utf8)
        let begin = try #require(example.range(of: "// README: begin\n"))
        let end = try #require(example.range(of: "// README: end\n", range: begin.upperBound..<example.endIndex))
        let snippet = String(example[begin.upperBound..<end.lowerBound])
        #expect(snippet.split(separator: "\n").count >= 20)
        let blocks = try Self.swiftBlocks()
        #expect(blocks.first == snippet)
    }

    @Test func theReadmeManifestIsTheExamples() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Examples/RegressionClient/Package.swift"), encoding: .utf8)
        let blocks = try Self.swiftBlocks()
        #expect(blocks.count >= 2 && blocks[1] == manifest)
    }
}

/// The README's "Test your own scroll view" file is the HeadlessUIKit example package's test, word for word.
@Suite struct ReadmeScrollViewSnippetTests {
    @Test func theReadmeFileIsTheExamplesTest() throws {
        let root = ReadmeSnippetTests.root
        let example = try String(contentsOf: root.appendingPathComponent(
            "Examples/HeadlessUIKitClient/Tests/SeedScrollersTests/YourScrollViewTests.swift"), encoding: .utf8)
        let begin = try #require(example.range(of: "// README: begin\n"))
        let end = try #require(example.range(of: "// README: end\n", range: begin.upperBound..<example.endIndex))
        let snippet = String(example[begin.upperBound..<end.lowerBound])
        let section = try #require(DocsText.section("Test your own scroll view", in: DocsText.page("README.md")))
        #expect(DocsText.codeBlocks("swift", in: section).first == snippet)
        #expect(snippet.contains("recording.verify()") && snippet.contains("ScrollPlayer("))
    }
}
