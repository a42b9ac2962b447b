import Testing
@testable import GridTools

/// The machine-drift sentence suggests the fix that works: a pinned font file for another font, recording where
/// the check runs for another FreeType (a pinned font cannot fix a FreeType difference).
@Suite struct CheckDriftTextTests {
    static let hash = String(repeating: "a", count: 64), other = String(repeating: "b", count: 64)

    static func manifest(font: String?, freeType: String) -> GoldenManifest {
        GoldenManifest(renderGrid: "1", scenarioSHA256: hash, scale: 1, fps: 30, frameCount: 0, reference: false,
                       width: 1, height: 1, fontName: font.map { _ in "DejaVuSans.ttf" }, fontSHA256: font,
                       freeType: freeType, keyFrames: "every:120", frames: [])
    }

    static func identity(font: String?, freeType: String) -> GoldenIdentity {
        GoldenIdentity(scenarioSHA256: hash, scale: 1, fps: 30, reference: false, fontName: font.map { _ in "DejaVuSans.ttf" },
                       fontSHA256: font, freeType: freeType, renderGrid: "1")
    }

    @Test func freeTypeDriftSuggestsRecordingWhereTheCheckRuns() throws {
        let text = try #require(GoldenComparison.drift(Self.manifest(font: Self.hash, freeType: "2.13.2"),
                                                       Self.identity(font: Self.hash, freeType: "2.12.1")))
        #expect(text.contains("FreeType 2.13.2") && text.contains("same FreeType"), "\(text)")
        #expect(!text.contains("pin a font file"), "\(text)")
    }

    @Test func fontDriftSuggestsPinningTheFont() throws {
        let text = try #require(GoldenComparison.drift(Self.manifest(font: Self.hash, freeType: "2.13.2"),
                                                       Self.identity(font: Self.other, freeType: "2.13.2")))
        #expect(text.contains("pin a font file kept in the repository"), "\(text)")
        #expect(GoldenComparison.drift(Self.manifest(font: Self.hash, freeType: "2"), Self.identity(font: Self.hash, freeType: "2")) == nil)
    }
}
