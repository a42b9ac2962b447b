import Foundation
import Testing
@testable import GridModel

/// Issue 9, item 2: snap paging snaps in didEndDragging when the release has no deceleration (seed 001).
@Suite struct SnapReleaseTests {
    @Test(arguments: [
        #"{ "drag": { "by": { "x": -130 }, "duration": 0.4, "release": "hold" } }"#,
        #"{ "drag": { "by": { "x": -130 }, "duration": 0.4, "then": "cancel" } }"#,
        #"{ "drag": { "by": { "x": -130 }, "duration": 0.4, "then": "keep" } }, { "wait": { "duration": 0.1 } }, { "fling": { "velocity": { "x": 0 } } }"#,
    ])
    func aReleaseWithoutDecelerationSnapsToTheNearestPage(gesture: String) throws {
        // (1855 + 130, 1628) = (1985, 1628) is between pages: the snap animates to (2000, 1600) and only then
        // is at rest.
        let frames = try pagingFrames("snap", "[ \(gesture), { \"wait\": { \"duration\": 0.6 } } ]")
        let names = frames.flatMap(\.eventNames).filter { $0 != "cancel" }
        #expect(names == ["willBeginDragging", "willEndDragging", "didEndDragging", "didEndScrollingAnimation", "pageChanged"])
        #expect(frames.flatMap(\.events).contains(.didEndDragging(willDecelerate: false)))
        let release = try #require(frames.firstIndex { $0.has(.didEndDragging) })
        #expect(frames[release + 1].phase == .animating)
        #expect(frames.last!.contentOffset == Vector(x: 2000, y: 1600))  // both axes snap
        #expect(frames.last!.phase == .idle)
        for frame in pageChanges(frames) { #expect(frame.contentOffset.x.truncatingRemainder(dividingBy: 200) == 0) }
    }

    @Test func aReleaseOnAPageDoesNotAnimate() throws {
        // A quick 10-point drag crosses the pan's slop with the finger kept down; the drag after it moves the
        // content exactly (145, 72), onto the page at (2000, 1700).
        let frames = try pagingFrames("snap", #"[ { "drag": { "by": { "x": -10 }, "duration": 0.05, "then": "keep" } }, { "drag": { "by": { "x": -145, "y": -72 }, "duration": 0.4, "release": "hold" } }, { "wait": { "duration": 0.3 } } ]"#)
        #expect(!frames.flatMap(\.eventNames).contains("didEndScrollingAnimation"))
        #expect(frames.last!.contentOffset == Vector(x: 2000, y: 1700))
    }

    @Test func anInterruptedDecelerationStillOwesItsEndBeforeTheSnap() throws {
        // A fling, then a held drag during its deceleration: didEndDragging(false), the left-over
        // didEndDecelerating (seed 001), then the snap.
        let frames = try pagingFrames("snap", #"[ { "fling": { "velocity": { "x": -1000 } } }, { "wait": { "duration": 0.2 } }, { "drag": { "by": { "x": -37 }, "duration": 0.2, "release": "hold" } }, { "wait": { "duration": 0.6 } } ]"#)
        let names = frames.flatMap(\.eventNames)
        #expect(Array(names.suffix(5)) == ["willEndDragging", "didEndDragging", "didEndDecelerating", "didEndScrollingAnimation", "pageChanged"])
        #expect(frames.last!.contentOffset.x.truncatingRemainder(dividingBy: 200) == 0)
    }
}
