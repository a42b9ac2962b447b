import Foundation
import Testing
@testable import GridModel

/// Issue 9, items 3 and 4: isPagingEnabled settles onto its page without passing it, and a forward flick
/// never moves backwards.
@Suite struct ViewportPagingReleaseTests {
    /// Offsets from `release` (a frame index) on never pass `target` in the direction of travel and end on it.
    func expectNoOvershoot(_ frames: [FrameState], from release: Int, to target: Double, _ label: String) {
        let start = frames[release].contentOffset.x
        let direction: Double = target >= start ? 1 : -1
        var last = start
        var passes: [Int] = [], backwards: [Int] = []
        for frame in frames[release...] {
            let x = frame.contentOffset.x
            if (target - x) * direction < 0 { passes.append(frame.index) }
            if (x - last) * direction < -1e-9 { backwards.append(frame.index) }
            last = x
        }
        let peak = direction > 0 ? frames[release...].map(\.contentOffset.x).max()! : frames[release...].map(\.contentOffset.x).min()!
        #expect(passes.isEmpty, "\(label): frames \(passes.first!)… pass the page at \(target), up to \(peak)")
        #expect(backwards.isEmpty, "\(label): frames \(backwards.first!)… move backwards")
        #expect(frames.last!.contentOffset.x == target, "\(label): rests at \(frames.last!.contentOffset.x)")
    }

    @Test(arguments: [301.0, 1000, 3000, 6000, 20000, 1e6])
    func aFlickSettlesOntoThePageWithoutPassingIt(speed: Double) throws {
        // From 1855 (between pages) to 2000, then from the page at 2000 to the next one at 2200.
        let frames = try pagingFrames("viewport", #"[ { "fling": { "velocity": { "x": -\#(speed) } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } }, { "fling": { "velocity": { "x": -\#(speed) } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#)
        let second = try #require(frames.lastIndex { $0.has(.willBeginDragging) })
        expectNoOvershoot(Array(frames[..<second]), from: 0, to: 2000, "first flick at \(speed)")
        expectNoOvershoot(frames, from: second, to: 2200, "second flick at \(speed)")
    }

    @Test func aFastFlickKeepsItsVelocityAtRelease() throws {
        // The approach starts at the release velocity (no jump in speed) and is a pure exponential onto the page.
        let frames = try pagingFrames("viewport", #"[ { "fling": { "velocity": { "x": -6000 } } }, { "wait": { "until": "idle" } } ]"#)
        let first = frames[1].contentOffset.x - frames[0].contentOffset.x
        let omega = 6000.0 / 145
        // The settle starts `liftDelay` (1 ms) after the fling.
        #expect(abs(first - 145 * (1 - exp(-omega * (1.0 / 60 - ScrollPhysics.liftDelay)))) < 1e-3)
    }

    @Test func aDragOfSeveralPagesAndAForwardFlickGoesToTheNextPageAhead() throws {
        // 1.77 pages (354 points; the finger moves 10 more, the pan's slop) from the page at 2000, then a forward
        // flick of 583 pt/s: the next page ahead (2400), never back to the page after the one the gesture began on (2200).
        let frames = try pagingFrames("viewport", #"[ { "fling": { "velocity": { "x": -1000 } } }, { "wait": { "until": "idle" } }, { "drag": { "by": { "x": -364 }, "duration": 0.6, "then": "keep" } }, { "fling": { "velocity": { "x": -583 } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#)
        let release = try #require(frames.lastIndex { $0.has(.willEndDragging) })
        #expect(frames[release - 1].contentOffset.x <= 2354 && frames[release].contentOffset.x >= 2354)
        expectNoOvershoot(frames, from: release, to: 2400, "forward flick")
        guard case let .willEndDragging(_, target)? = frames[release].events.first(where: { $0.kind == .willEndDragging }) else {
            Issue.record("no willEndDragging"); return
        }
        #expect(target.x == 2400)
        #expect(pageChanges(frames).last?.page == TileCoordinate(x: 12, y: 16))
    }

    @Test(arguments: [true, false])
    func aFlickOutwardOnTheLastPageBouncesOnlyWithBounces(bounces: Bool) throws {
        // Tile 39 puts the offset on the right edge, 3610 (the last page); a flick further right has no page to go to.
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[ { "jump": { "tile": { "x": 39, "y": 20 } } }, { "fling": { "velocity": { "x": -3000 } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#,
            scroll: #"{ "paging": "viewport", "pageSize": { "width": 200, "height": 200 }, "bounces": \#(bounces) }"#,
            grid: #"{ "columns": 40, "rows": 40 }"#)))
        #expect(frames[0].contentOffset.x == 3610)
        #expect(frames.contains { $0.contentOffset.x > 3610 } == bounces)
        #expect(frames.contains { $0.phase == .bouncing && $0.edgeHit } == bounces)
        #expect(frames.last!.contentOffset.x == 3610)
    }

    @Test(arguments: [(-354.0, 583.0, 2200.0), (-280, 0, 2200), (-320, 0, 2400), (-354, 0, 2400), (-454, 0, 2400), (-40, -583, 2200), (-440, -583, 2600)])
    func releasesAfterALongDrag(drag: Double, flick: Double, target: Double) throws {
        // A slow release goes to the nearest page; a flick to the next page boundary in its direction.
        let frames = try pagingFrames("viewport", #"[ { "fling": { "velocity": { "x": -1000 } } }, { "wait": { "until": "idle" } }, { "drag": { "by": { "x": \#(drag) }, "duration": 0.6, "then": "keep" } }, { "fling": { "velocity": { "x": \#(flick) } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#)
        let release = try #require(frames.lastIndex { $0.has(.willEndDragging) })
        if flick != 0 {
            expectNoOvershoot(frames, from: release, to: target, "drag \(drag), flick \(-flick)")
        } else {
            #expect(frames.last!.contentOffset.x == target)
        }
    }
}
