import Foundation
import Testing
import GridExport
@testable import GridTools

/// The in-memory frame stream behind `check`: every frame's digest is its own pixels' digest, with any jobs
/// (a digest is reused only for a frame sharing its predecessor's storage, which is kept alive for the check).
/// freshcode-gaps rotates a blank frame: 390×844 and 844×390 of one colour are the same bytes, and a digest of
/// the bytes alone gave both one hash, so the rotated frame had no key frame of its size; the digest now
/// includes the size (`GoldenSHA256Tests.pixelDigestIsTheDocumentedStream`).
@Suite struct GoldenFramesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["freshcode-gaps", "rotate", "lazy-load"], [1, 2, 3])
    func everyDigestIsItsFramesOwn(scenario: String, jobs: Int) throws {
        let loaded = try ScenarioFile.load(path: Self.root.appendingPathComponent("Scenarios/\(scenario).json").path).scaled(to: 1)
        var count = 0
        try GoldenFrames.render(loaded, reference: false, jobs: jobs, limits: loaded.limits) { frame in
            #expect(frame.pixels == SHA256.pixels(frame.image), "\(scenario) frame \(frame.index)")
            #expect(frame.trace == String(SHA256.hex(Array(frame.traceLine.utf8)).prefix(16)))
            #expect(frame.index == count)
            count += 1
        }
        #expect(count > 30)
    }
}
