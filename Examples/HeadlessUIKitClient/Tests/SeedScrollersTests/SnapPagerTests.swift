import Foundation
import Testing
import HeadlessUIKit
@testable import SeedScrollers

/// Seed 001's snap in `scrollViewWillEndDragging`: 80-point bubbles with 20 points of padding, pages of 100 points.
@MainActor
@Suite struct SnapPagerTests {
    /// Logs the target UIKit proposes at each lift, before the article's code rewrites it.
    final class Probe: SnapPagerController {
        var proposed: [CGPoint] = []
        override func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                                targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            proposed.append(targetContentOffset.pointee)
            super.scrollViewWillEndDragging(scrollView, withVelocity: velocity,
                                            targetContentOffset: targetContentOffset)
        }
    }

    /// Three flicks, left (UIKit's target 1965.1, past the middle of page 19), right and a short one: each
    /// deceleration ends on the page the article's rule picks from
    /// the offset UIKit would have stopped at, `roundf(target / 100)` pages, and a bubble sits 20 points from the
    /// left edge at rest.
    @Test func decelerationsEndOnTheNearestPage() throws {
        let pager = Probe(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        pager.scrollView.contentOffset = CGPoint(x: 1000, y: 0)
        // A short wait after each rest, so that the frame of didEndDecelerating is not the next touch's.
        let rest = #"{"wait": {"until": "idle", "max": 10}}, {"wait": {"duration": 0.05}}"#
        let steps = #"[{"drag": {"by": {"x": -190}, "duration": 0.12, "release": "fling"}}, "# + rest
            + #", {"drag": {"by": {"x": 130}, "duration": 0.1, "release": "fling"}}, "# + rest
            + #", {"drag": {"by": {"x": -40}, "duration": 0.1, "release": "fling"}}, "# + rest + "]"
        let play = try Playback(pager.scrollView, scale: 2, steps: steps, name: "snap-pager")
        let rests = play.events.indices.filter { play.events[$0].contains("didEndDecelerating") }
        #expect(pager.proposed.count == 3 && rests.count == 3, "\(pager.proposed.count) lifts, rests at \(rests)")
        for (target, rest) in zip(pager.proposed, rests) {
            let page = (target.x / 100).rounded()
            #expect(play.offsets[rest].x == page * 100, "UIKit's target \(target.x), at rest \(play.offsets[rest].x)")
            #expect(target.x != page * 100, "the target \(target.x) is on a page already: the snap is not tested")
        }
        // The rule rounds: one target lies past the middle of its page (a floor would snap it back).
        #expect(pager.proposed.contains { $0.x / 100 - ($0.x / 100).rounded(.down) > 0.5 }, "\(pager.proposed)")
        let last = try play.image(play.recording.frames.count - 1)
        #expect(play.pixel(last, x: 60, y: 100) != [255, 255, 255, 255], "a bubble's middle at x = 60")
        #expect(play.pixel(last, x: 10, y: 100) == [255, 255, 255, 255], "the padding at x = 10")
        let verdict = play.verdict
        #expect(verdict.report.passed, "\(verdict.text)")
    }
}
