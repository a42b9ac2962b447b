import Foundation
import Testing
import TestSupport

/// The documentation's shape (issue 25): a README a newcomer reads top to bottom, every section of the former
/// README kept on some page (docs/headings.tsv), links that lead somewhere, and the DocC catalogs' pictures present.
@Suite struct DocsPagesTests {
    @Test func theReadmeIsShort() throws {
        let lines = try DocsText.page("README.md").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 300, "README.md has \(lines) lines; move reference text to docs/ or a DocC catalog")
    }

    /// docs/headings.tsv lists every heading (and bold run-in heading) of the README before issue 25, each with the
    /// page that holds it now: that page has the heading, or for a run-in heading, its text.
    @Test func everyFormerHeadingHasAPage() throws {
        let rows = try DocsText.page("docs/headings.tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 47, "the former README had 24 headings and 23 run-in headings: \(rows.count) rows")
        for row in rows {
            let cells = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(cells.count == 3, "\(row)")
            let (kind, title, path) = (cells[0], cells[1], cells[2])
            let page = try DocsText.page(path)
            switch kind {
            case "heading":
                #expect(DocsText.headings(in: page).contains { $0.text == title }, "\(path) has no heading \(title)")
            case "paragraph":
                #expect(page.contains(title), "\(path) does not hold \(title)")
            default:
                Issue.record("docs/headings.tsv: unknown kind \(kind)")
            }
        }
    }

    /// "`Scenarios/` holds 30 bundled scenarios": the count of the folder's scenario files.
    @Test func theReadmeCountsTheBundledScenarios() throws {
        let readme = try DocsText.page("README.md").replacingOccurrences(of: "\n", with: " ")
        let match = try #require(readme.firstMatch(of: /`Scenarios\/` holds ([0-9]+) \[bundled scenarios\]/))
        let folder = DocsText.root.appendingPathComponent("Scenarios").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        let scenarios = files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
        #expect(Int(match.output.1) == scenarios.count, "Scenarios/ holds \(scenarios.count) scenarios")
    }

    /// README's "Depend on it from another package": every product it names is a library of Package.swift, and its
    /// `path:` form is the one `Examples/RegressionClient` depends on (CI builds that package).
    @Test func theDependencySnippetNamesRealProducts() throws {
        let readme = try DocsText.page("README.md")
        let section = try #require(DocsText.section("Depend on it from another package", in: readme))
        let snippet = try #require(DocsText.codeBlocks("swift", in: section).first)
        let manifest = try DocsText.page("Package.swift")
        let products = snippet.matches(of: /\.product\(name: "([A-Za-z]+)", package: "render-grid"\)/)
            .map { String($0.output.1) }
        #expect(!products.isEmpty)
        for product in products {
            #expect(manifest.contains(".library(name: \"\(product)\""), "\(product) is not a library of Package.swift")
        }
        let example = try DocsText.page("Examples/RegressionClient/Package.swift")
        let pathForm = #".package(name: "render-grid", path: "#
        #expect(snippet.contains(pathForm) && example.contains(pathForm))
        #expect(snippet.contains(#".package(url: ""#), "the url: form")
    }

    /// Every relative link in README.md and docs/*.md names a file or folder of the repository.
    @Test func relativeLinksResolve() throws {
        for path in DocsText.pagePaths() where !path.contains(".docc/") {
            let page = try DocsText.page(path)
            let folder = DocsText.root.appendingPathComponent(path).deletingLastPathComponent()
            for match in page.matches(of: /\]\(([^)#\s]+)(#[^)]*)?\)|src="([^"]+)"/) {
                guard let target = match.output.1 ?? match.output.3, !target.contains("://") else { continue }
                let file = folder.appendingPathComponent(String(target)).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: file.path),
                        "\(path) links \(target), which does not exist")
            }
        }
    }

    /// A DocC article's picture is a file in its catalog's Resources folder, a symbolic link to the picture in
    /// docs/images (one copy of each picture, which `ReadmePicturesTests` remakes).
    @Test func doccPicturesLinkIntoDocsImages() throws {
        var checked = 0
        for path in DocsText.pagePaths() where path.contains(".docc/") {
            let resolved = DocsText.rootPicturePaths(in: try DocsText.page(path), of: path)
            for match in resolved.matches(of: /!\[[^\]]*\]\(([^)]+)\)/) {
                let picture = String(match.output.1)
                #expect(picture.hasPrefix("docs/images/"), "\(path) shows \(picture), not a link into docs/images")
                #expect(FileManager.default.fileExists(atPath: DocsText.root.appendingPathComponent(picture).path))
                checked += 1
            }
        }
        #expect(checked >= 17, "\(checked) pictures in the DocC articles")
    }
}
