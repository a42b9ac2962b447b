import Foundation
import Testing
@testable import HeadlessUIKit

/// Work an app defers with `DispatchQueue.main.async` runs before the next frame is laid out and drawn when the
/// player is awaited, as on a device.
@MainActor
@Suite struct DeferredWorkTests {
    /// Defers a recenter from `scrollViewDidEndDragging` and counts `scrollViewDidScroll`s in deferred blocks.
    final class Deferrer: NSObject, UIScrollViewDelegate {
        var scrolls = 0
        var deferredScrolls = 0
        var recentered = false
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scrolls += 1
            DispatchQueue.main.async { self.deferredScrolls += 1 }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            DispatchQueue.main.async {
                scrollView.contentOffset = CGPoint(x: 500, y: 0)
                self.recentered = true
            }
        }
    }

    /// A root view noting, at each layout, whether every deferred block enqueued so far has run.
    final class Root: UIView {
        weak var deferrer: Deferrer?
        var layouts: [(scrolls: Int, deferred: Int)] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            if let d = deferrer { layouts.append((d.scrolls, d.deferredScrolls)) }
        }
    }

    static func scene() -> (Root, UIScrollView, Deferrer) {
        let root = Root(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let scrollView = UIScrollView(frame: root.bounds)
        scrollView.contentSize = CGSize(width: 2000, height: 100)
        scrollView.contentOffset = CGPoint(x: 500, y: 0)
        let deferrer = Deferrer()
        scrollView.delegate = deferrer
        root.deferrer = deferrer
        root.addSubview(scrollView)
        return (root, scrollView, deferrer)
    }

    static let steps = #"[{"drag": {"by": {"x": -80}, "duration": 0.2, "release": "hold"}}, {"wait": {"duration": 0.1}}]"#

    /// The synchronous overload (a synchronous caller gets it).
    static func playSynchronously(_ root: UIView) throws -> ScrollRecording {
        try ScrollPlayer(scale: 1, fps: 60).play(root, steps: steps)
    }

    @Test func deferredWorkRunsBeforeEachFrameIsDrawn() async throws {
        let (root, scrollView, deferrer) = Self.scene()
        let recording = try await ScrollPlayer(scale: 1, fps: 60).play(root, steps: Self.steps)
        #expect(deferrer.scrolls > 5)
        #expect(!root.layouts.isEmpty)
        for (index, layout) in root.layouts.enumerated() {
            #expect(layout.scrolls == layout.deferred, "layout \(index): \(layout.deferred) of \(layout.scrolls) deferred blocks had run")
        }
        #expect(deferrer.recentered)
        #expect(scrollView.contentOffset == CGPoint(x: 500, y: 0), "the deferred recenter moved the content back")
        // The frame after the drag ends shows the deferred recenter already: no frame rests at the dragged offset.
        let offsets = recording.traceLines.map { line -> Double in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (object["contentOffset"] as! [String: Any])["x"] as! Double
        }
        #expect(offsets.last == 500)
        #expect(offsets.filter { $0 == 570 }.isEmpty, "\(offsets)")
    }

    /// The synchronous play cannot run the main queue inside itself: the deferred blocks wait until it returns.
    @Test func synchronousPlayLeavesDeferredWorkForLater() async throws {
        let (root, _, deferrer) = Self.scene()
        _ = try Self.playSynchronously(root)
        #expect(deferrer.deferredScrolls == 0 && !deferrer.recentered)
        await PlayRun.letMainQueueRun()
        #expect(deferrer.deferredScrolls == deferrer.scrolls && deferrer.recentered)
    }
}
