import Foundation
import Testing
import TestSupport

/// The library page's "Use it as a library" section (GridExport's DocC catalog) is enough for a new user to
/// copy the example into their own package: the manifest's product dependencies, the imports, and
/// every helper the snippet calls.
@Suite struct ReadmeLibrarySectionTests {
    static let page = "Sources/GridExport/GridExport.docc/LibraryAPI.md"

    static func librarySection() throws -> String {
        try #require(DocsText.section("Use it as a library", in: DocsText.page(page)), "\(page) has no such heading")
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
            #expect(section.contains("func exampleFile"),
                    "the snippet calls exampleFile(_:) but the page never defines it")
        }
    }
}
