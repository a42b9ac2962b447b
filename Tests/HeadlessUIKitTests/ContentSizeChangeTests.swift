import Foundation
import Testing
@testable import HeadlessUIKit
import GridModel

/// An app that changes `contentSize` while the content moves (a feed that loads more as it nears the end): the
/// edges move at once, as UIKit's do, and a fling goes on past the old end instead of bouncing off it.
@MainActor
@Suite struct ContentSizeChangeTests {
    /// A horizontal feed of 100-pt labels that adds `page` points of content whenever the offset comes within one
    /// viewport of the end (UIKit's "load more").
    final class Feed: NSObject, UIScrollViewDelegate {
        let page: CGFloat
        var loads = 0
        init(page: CGFloat) { self.page = page }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard page > 0, scrollView.contentOffset.x > scrollView.contentSize.width - 2 * scrollView.bounds.width else { return }
            loads += 1
            scrollView.contentSize.width += page
        }
    }

    static let fling = #"[{"fling": {"velocity": {"x": -4000}}}, {"wait": {"until": "idle", "max": 8}}]"#

    /// The offsets of every frame and whether any frame hit an edge, for a feed starting at `width` points of content.
    static func play(width: CGFloat, page: CGFloat) throws -> (offsets: [Double], edgeHit: Bool, loads: Int, final: CGSize) {
        let feed = Feed(page: page)
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        scrollView.contentSize = CGSize(width: width, height: 100)
        scrollView.delegate = feed
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: fling)
        let frames = try recording.traceLines.map { line throws in try TraceLineParser.parse(line) }
        return (frames.map(\.offsetX), frames.contains(where: \.edgeHit), feed.loads, scrollView.contentSize)
    }

    @Test func aFlingGoesOnPastTheOldEndWhenTheFeedLoadsMore() throws {
        let growing = try Self.play(width: 900, page: 600)
        #expect(growing.loads > 1, "the feed loaded \(growing.loads) times")
        #expect(!growing.edgeHit, "the fling hit an edge of content that was growing")
        let farthest = growing.offsets.max() ?? 0
        #expect(farthest > 900 - 300 + 1000, "the fling stopped at \(farthest), near the first content's end (600)")
        // As far as the same fling over content that was long from the start, within a device pixel each frame.
        let long = try Self.play(width: 100_000, page: 0)
        #expect(long.offsets.count == growing.offsets.count, "\(long.offsets.count) frames against \(growing.offsets.count)")
        let largest = zip(long.offsets, growing.offsets).map { abs($0 - $1) }.max() ?? .infinity
        #expect(largest <= 0.5, "the growing feed's offsets differ from the long content's by up to \(largest) pt")
    }

    @Test func withoutLoadsTheFlingStopsAtTheEnd() throws {
        let fixed = try Self.play(width: 900, page: 0)
        #expect(fixed.edgeHit)
        #expect(fixed.offsets.last == 600, "rests at the end, contentSize − width: \(fixed.offsets.last ?? .nan)")
    }

    /// Shrinking content at rest leaves the offset where it is (UIKit does not move it either); the next drag
    /// springs back to the new end.
    @Test func shrinkingAtRestKeepsTheOffsetUntilTheNextDrag() throws {
        final class Shrinker: NSObject, UIScrollViewDelegate {
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { scrollView.contentSize.width = 500 }
        }
        let shrinker = Shrinker()
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        scrollView.contentSize = CGSize(width: 3000, height: 100)
        scrollView.delegate = shrinker
        let steps = #"[{"fling": {"velocity": {"x": -1500}}}, {"wait": {"until": "idle", "max": 8}}, {"wait": {"duration": 0.2}}]"#
        let recording = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: steps)
        let rest = scrollView.contentOffset.x
        #expect(rest > 200, "rested at \(rest), past the new end (200)")
        let last = try TraceLineParser.parse(recording.traceLines.last!)
        #expect(last.offsetX == Double(rest) && last.contentSize?.width == 500)
        let drag = #"[{"drag": {"by": {"x": -20}, "duration": 0.1}}, {"wait": {"until": "idle", "max": 8}}]"#
        _ = try ScrollPlayer(scale: 2, fps: 60).play(scrollView, steps: drag)
        #expect(scrollView.contentOffset.x == 200, "springs back to the new end: \(scrollView.contentOffset.x)")
    }
}
