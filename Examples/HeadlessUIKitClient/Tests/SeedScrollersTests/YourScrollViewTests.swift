// README: begin
import Foundation
import Testing
import HeadlessUIKit
@testable import SeedScrollers  // your app's module, with its UIScrollView subclass or delegate

/// StreetScroller (a UIScrollView subclass that recenters in layoutSubviews) flung through two recenters: every
/// frame continuous, the strip covered, no label popping in, views bounded.
@MainActor
@Suite struct YourScrollViewTests {
    @Test func flingThroughRecentersIsSeamless() async throws {
        let scroller = StreetScroller(frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        let steps = """
            [{"drag": {"by": {"x": -300}, "duration": 0.15, "release": "fling"}},
             {"wait": {"until": "idle", "max": 10}},
             {"fling": {"velocity": {"x": 3000}}},
             {"wait": {"until": "idle", "max": 10}}]
            """
        // `await` lets work your code defers with DispatchQueue.main.async run before each frame is drawn.
        let recording = try await ScrollPlayer(scale: 2, fps: 60).play(scroller, steps: steps)
        let report = recording.verify()
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
        // Goldens in `render-grid check`'s format beside this file: a missing one is recorded and the test fails
        // once, so it is reviewed and committed; then every frame must match. RENDER_GRID_RECORD=all re-records.
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path
        let golden = try recording.checkGolden("street-scroller", in: goldens)
        #expect(golden.passed, "\(golden.lines.joined(separator: "\n"))")
        // Frames, trace.jsonl and frames.ffconcat, for a look, `render-grid diff` or an ffmpeg preview.
        try recording.writeFrames(to: NSTemporaryDirectory() + "street-scroller")
    }
}
// README: end
