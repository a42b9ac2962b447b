import Foundation
import Testing

/// The README's "Use it as a library" section is enough for a new user to
/// copy the example into their own package: the manifest's product dependencies, the imports, and
/// every helper the snippet calls.
@Suite struct ReadmeLibrarySectionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func librarySection() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Use it as a library\n"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        return String(readme[start.upperBound..<end])
    }

    /// The snippet uses `ScenarioFile`, `PNGCodec`, `PixelMatch`, `Data`, `#require`: without the
    /// imports it does not compile when pasted.
    @Test func theSnippetStatesItsImports() throws {
        let section = try ReadmeLibrarySectionTests.librarySection()
        for module in ["Testing", "GridModel", "Rasterizer", "GridExport", "GridTools", "Foundation"] {
            #expect(section.contains("import \(module)"), "the library section does not show `import \(module)`")
        }
    }

    /// A user's manifest needs the products, not only `.package(…)`.
    @Test func theManifestShowsTheProductDependencies() throws {
        let section = try ReadmeLibrarySectionTests.librarySection()
        #expect(section.contains(#".product(name: "GridExport", package: "render-grid")"#),
                "the library section shows no .product dependency for a test target")
    }

    /// `exampleFile` is the example's own helper; the snippet calls it, so it must be shown (or not used).
    @Test func everyHelperTheSnippetCallsIsShown() throws {
        let section = try ReadmeLibrarySectionTests.librarySection()
        if section.contains("exampleFile(") {
            #expect(section.contains("func exampleFile"), "the snippet calls exampleFile(_:) but the README never defines it")
        }
    }
}
