import Foundation
import Testing

/// `render-grid diff --threshold` on translucent frames counts as pixelmatch 7.2 does (checkerboard blend), and
/// `--white-blend` gives the old white blend back.
@Suite struct DiffAlphaCLITests {
    static let fixtures = CLI.packageRoot.appendingPathComponent("Tests/GridToolsTests/Fixtures")

    /// The issue's case in small: a #FFFFFF80 frame against a #00000000 one, an opaque block in both.
    /// It was "1 same, within tolerance", exit 0; pixelmatch 7.2.0 counts 2,832 differing pixels.
    @Test func translucentWhiteAgainstTransparentDiffers() throws {
        let a = Self.fixtures.appendingPathComponent("alphabg-a.png").path, b = Self.fixtures.appendingPathComponent("alphabg-b.png").path
        let checkerboard = try CLI.run(["diff", a, b, "--threshold", "0.1"])
        #expect(checkerboard.status == 1)
        #expect(checkerboard.stdout.contains("2832 pixels"), "\(checkerboard.stdout)")
        let white = try CLI.run(["diff", a, b, "--threshold", "0.1", "--white-blend"])
        #expect(white.status == 0, "\(white.stdout)\(white.stderr)")
        #expect(white.stdout.contains("1 same"))
    }

    /// The JSON and HTML reports say which blend the counts used.
    @Test func reportsNameTheBlend() throws {
        let a = Self.fixtures.appendingPathComponent("alphabg-a.png").path, b = Self.fixtures.appendingPathComponent("alphabg-b.png").path
        #expect(try CLI.run(["diff", a, b, "--json", "--threshold", "0.1"]).stdout.contains(#""blend":"checkerboard""#))
        #expect(try CLI.run(["diff", a, b, "--json", "--threshold", "0.1", "--white-blend"]).stdout.contains(#""blend":"white""#))
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("report.html").path
        _ = try CLI.run(["diff", a, b, "--out", folder.path, "--threshold", "0.1"])
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("blended over pixelmatch 7&#39;s checkerboard"))
    }
}
