import Foundation
import Testing

/// The README's library example is the example client's test, word for word, so it cannot drift.
@Suite struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmeSnippetIsTheExamplesTest() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: Self.root.appendingPathComponent(
            "Examples/RegressionClient/Tests/RegressionClientTests/FrameRegressionTests.swift"), encoding: .utf8)
        let begin = try #require(example.range(of: "    // README: begin\n"))
        let end = try #require(example.range(of: "    // README: end", range: begin.upperBound..<example.endIndex))
        // The test's lines, less the 4 spaces of the suite's indentation.
        let lines = example[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let snippet = lines.map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n") + "\n"
        #expect(lines.count >= 8)
        let section = try #require(readme.range(of: "## Use it as a library\n"))
        let block = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let blockEnd = try #require(readme.range(of: "```\n", range: block.upperBound..<readme.endIndex))
        #expect(String(readme[block.upperBound..<blockEnd.lowerBound]) == snippet)
    }
}
