import Foundation
import Testing
@testable import HeadlessUIKit
import Rasterizer

/// What an app's own writes do while the player drives its scroll view, and how the player places and checks
/// what it draws.
@MainActor
@Suite struct AppOffsetWriteTests {
    /// A strip of 100-pt labels that recenters inside `scrollViewDidScroll` by a whole 1000 pt, moving its labels by
    /// the same amount (the most common recentering after StreetScroller's).
    final class Recenterer: NSObject, UIScrollViewDelegate {
        var labels: [UILabel] = []
        var recenters = 0
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard scrollView.contentOffset.x > 1500 else { return }
            recenters += 1
            scrollView.contentOffset.x -= 1000
            for label in labels { label.frame.origin.x -= 1000 }
        }
    }

    static func strip(_ delegate: Recenterer) -> UIScrollView {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        scrollView.contentSize = CGSize(width: 3000, height: 100)
        scrollView.contentOffset = CGPoint(x: 1000, y: 0)
        for i in 0..<30 {
            let label = UILabel(frame: CGRect(x: CGFloat(i) * 100, y: 0, width: 100, height: 100))
            label.text = "\(i)"
            label.backgroundColor = i % 2 == 0 ? .systemYellow : .systemTeal
            scrollView.addSubview(label)
            delegate.labels.append(label)
        }
        scrollView.delegate = delegate
        return scrollView
    }

    /// The write inside `scrollViewDidScroll` reaches the model: the drag goes on from the recentered offset, once.
    @Test func aWriteInsideDidScrollMovesTheModel() throws {
        let delegate = Recenterer()
        let scrollView = Self.strip(delegate)
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: #"[{"drag": {"by": {"x": -700}, "duration": 0.5, "release": "hold"}}]"#)
        #expect(delegate.recenters == 1, "\(delegate.recenters) recenters")
        // The finger's 700 less the 10-pt slop, from 1000, less the recenter's 1000.
        #expect(abs(scrollView.contentOffset.x - 690) <= 0.5, "\(scrollView.contentOffset)")
        let report = recording.verify()
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    }

    /// A root view away from (0, 0) is drawn with its own top-left corner at the window's.
    @Test func aRootAwayFromTheOriginIsDrawnAtTheWindowsCorner() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 40, y: 100, width: 200, height: 120))
        scrollView.contentSize = CGSize(width: 1000, height: 120)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 120))
        label.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        scrollView.addSubview(label)
        let recording = try ScrollPlayer(scale: 1, fps: 60).play(scrollView, steps: #"[{"wait": {"duration": 0.05}}]"#)
        let image = try PNGCodec.decode(recording.frames[0])
        #expect(image.width == 200 && image.height == 120)
        #expect(Array(image.pixels[0..<4]) == [255, 0, 0, 255], "the label's corner is the frame's")
        let last = ((119 * 200) + 10) * 4
        #expect(Array(image.pixels[last..<last + 4]) == [255, 0, 0, 255], "the label's bottom is not cut off")
    }

    final class Calls: NSObject, UIScrollViewDelegate {
        var animationsEnded = 0
        var proposed: [CGPoint] = []
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { animationsEnded += 1 }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            proposed.append(targetContentOffset.pointee)
            targetContentOffset.pointee.x += 37
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            scrollView.setContentOffset(scrollView.contentOffset, animated: true)
        }
    }

    /// An animated scroll to where the content already is does not animate, and a paging scroll view keeps its
    /// page whatever `targetContentOffset` the delegate writes (UIKit ignores it there).
    @Test func pagingKeepsItsPageAndAnAnimationToHereIsNone() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        scrollView.contentSize = CGSize(width: 2000, height: 100)
        scrollView.isPagingEnabled = true
        let calls = Calls()
        scrollView.delegate = calls
        _ = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: #"[{"drag": {"by": {"x": -150}, "duration": 0.2, "release": "fling"}}, {"wait": {"until": "idle"}}]"#)
        #expect(calls.proposed.count == 1)
        #expect(scrollView.contentOffset.x.truncatingRemainder(dividingBy: 200) == 0, "\(scrollView.contentOffset)")
        #expect(calls.animationsEnded == 0)
    }

    /// A list pulled past its top edge shows the background above its content, as UIKit does: not a blank.
    @Test func pullingPastAnEdgeIsNotABlank() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        scrollView.contentSize = CGSize(width: 200, height: 1000)
        for i in 0..<10 {
            let row = UILabel(frame: CGRect(x: 0, y: CGFloat(i) * 100, width: 200, height: 100))
            row.text = "row \(i)"
            row.backgroundColor = i % 2 == 0 ? .systemGray5 : .systemGray3
            scrollView.addSubview(row)
        }
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: #"[{"drag": {"by": {"y": 200}, "duration": 0.4}}, {"wait": {"until": "idle"}}]"#)
        let report = recording.verify()
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    }
}

extension AppOffsetWriteTests {
    /// Keeps a nested horizontal strip's offset in step with the outer list's (a synced header).
    final class Syncer: NSObject, UIScrollViewDelegate {
        weak var inner: UIScrollView?
        func scrollViewDidScroll(_ scrollView: UIScrollView) { inner?.contentOffset.x = scrollView.contentOffset.y }
    }

    /// A scroll view inside the driven one moves its content by its own offset: verify does not judge it by the
    /// outer one's motion.
    @Test func aNestedScrollViewIsNotJudgedByTheOuterMotion() throws {
        let outer = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        outer.contentSize = CGSize(width: 200, height: 2000)
        for i in 0..<20 {
            let row = UILabel(frame: CGRect(x: 0, y: CGFloat(i) * 100, width: 200, height: 100))
            row.text = "row \(i)"
            row.backgroundColor = i % 2 == 0 ? .systemGray5 : .systemGray3
            outer.addSubview(row)
        }
        let inner = UIScrollView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        inner.contentSize = CGSize(width: 4000, height: 100)
        for i in 0..<40 {
            let cell = UILabel(frame: CGRect(x: CGFloat(i) * 100, y: 0, width: 100, height: 100))
            cell.text = "\(i)"
            cell.backgroundColor = i % 2 == 0 ? .systemYellow : .systemTeal
            inner.addSubview(cell)
        }
        outer.addSubview(inner)
        let syncer = Syncer()
        syncer.inner = inner
        outer.delegate = syncer
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(outer, steps: #"[{"drag": {"by": {"y": -150}, "duration": 0.3, "release": "hold"}}]"#)
        #expect(inner.contentOffset.x > 100, "the inner strip followed: \(inner.contentOffset)")
        let report = recording.verify()
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    }
}
