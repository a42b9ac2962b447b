import Foundation
import Testing
@testable import GridModel

/// Issue 9, item 1: an axis stopped by a content edge no longer holds the deceleration's 2D end time;
/// the scroll ends when every axis has stopped.
@Suite struct EdgeEndTests {
    /// A finite 10 × 40 grid (content 1000 × 4000 points), tile (3, 20) centred: offset (155, 1628).
    func grid(bounces: Bool, velocity: String, recenter: String = "atRest") throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(
            steps: #"[ { "fling": { "velocity": \#(velocity) } }, { "wait": { "until": "idle", "max": 10 } }, { "wait": { "duration": 0.2 } } ]"#,
            scroll: #"{ "recenter": "\#(recenter)", "bounces": \#(bounces) }"#,
            grid: #"{ "columns": 10, "rows": 40, "start": { "x": 3, "y": 20 } }"#)))
    }

    let maxX = 1000 - 390.0
    let frame = 1 / 60.0

    /// When a fling at `speed` from `from` covers `distance` points.
    func hitTime(_ distance: Double, _ speed: Double) throws -> Double {
        try #require(ScrollPhysics.timeToCover(distance, from: speed, rate: 0.998))
    }

    func end(_ frames: [FrameState]) throws -> FrameState {
        try #require(frames.first { $0.has(.didEndDecelerating) })
    }

    @Test func withoutBouncesTheScrollEndsWhereTheEdgeStopsIt() throws {
        let frames = try grid(bounces: false, velocity: #"{ "x": -3000, "y": 0 }"#)
        let hit = try hitTime(maxX - 155, 3000)  // ≈ 0.18 s; the 2D end would be 2.85 s
        let stop = try end(frames)
        #expect(stop.time >= hit && stop.time < hit + frame, "didEndDecelerating at \(stop.time) s, the edge at \(hit) s")
        #expect(stop.contentOffset.x == maxX)
        #expect(frames.first { $0.contentOffset.x == maxX }?.index == stop.index)
        #expect(frames[(stop.index + 1)...].allSatisfy { $0.phase == .idle })
        // The edge stopped the scroll in one frame, not in every frame until the 2D end.
        #expect(frames.filter(\.edgeHit).map(\.index) == [stop.index])
        #expect(frames.flatMap(\.eventNames) == ["willBeginDragging", "willEndDragging", "didEndDragging",
                                                 "willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func withBouncesTheScrollEndsWhenTheSpringSettles() throws {
        let frames = try grid(bounces: true, velocity: #"{ "x": -3000, "y": 0 }"#)
        let hit = try hitTime(maxX - 155, 3000)
        let settle = Spring.duration(0, velocity: ScrollPhysics.velocity(3000, rate: 0.998, at: hit), omega: Spring.omega, rest: Spring.edgeRestDistance)
        let stop = try end(frames)
        #expect(stop.time >= hit + settle && stop.time < hit + settle + frame, "didEndDecelerating at \(stop.time) s")
        #expect(stop.contentOffset.x == maxX)
        // From the hit to the end the phase is bouncing, never decelerating again.
        let first = try #require(frames.firstIndex { $0.contentOffset.x > maxX })
        #expect(frames[first..<stop.index].allSatisfy { $0.phase == .bouncing && $0.edgeHit })
        #expect(frames[(stop.index + 1)...].allSatisfy { $0.phase == .idle && !$0.edgeHit })
    }

    @Test func diagonalFlingEndsWhenTheFreeAxisStops() throws {
        // x runs into its edge at ≈ 0.18 s; y keeps decelerating from 1000 pt/s and stops when its own speed
        // falls below 10 pt/s (2.30 s), not at the 2D end of a 3162 pt/s fling (2.88 s).
        let frames = try grid(bounces: false, velocity: #"{ "x": -3000, "y": 1000 }"#)
        let hit = try hitTime(maxX - 155, 3000)
        let free = ScrollPhysics.decelerationDuration(speed: 1000, rate: 0.998)
        let stop = try end(frames)
        #expect(stop.time >= free && stop.time < free + frame, "didEndDecelerating at \(stop.time) s")
        let atEdge = try #require(frames.firstIndex { $0.contentOffset.x == maxX })
        #expect(frames[atEdge].time >= hit && frames[atEdge].time < hit + frame)
        #expect(frames.filter(\.edgeHit).map(\.index) == [atEdge])
        // y goes on moving after x has stopped; the phase stays decelerating until y stops.
        #expect(frames[atEdge + 1].contentOffset.y < frames[atEdge].contentOffset.y)
        #expect(frames[atEdge..<stop.index].allSatisfy { $0.phase == .decelerating && $0.contentOffset.x == maxX })
        // y moved as the formula says, up to its own end.
        // y moved as the formula says, up to its own end, and rests on the device-pixel grid (scale 2) as UIKit's
        // offset does.
        let expected = 1628 - ScrollPhysics.displacement(1000, rate: 0.998, at: free)
        #expect(abs(stop.contentOffset.y - (expected * 2).rounded() / 2) < 1e-9)
        // willEndDragging announced where the motion ends: the rest, less its rounding to the pixel grid.
        let release = frames[0].events.first { $0.kind == .willEndDragging }
        guard case let .willEndDragging(_, target) = release else { Issue.record("no willEndDragging"); return }
        #expect(target.x == stop.contentOffset.x && abs(target.y - expected) < 1e-3)
    }

    @Test func diagonalBounceEndsWhenBothAxesHaveStopped() throws {
        // x bounces off its edge while y decelerates on: the end is the later of the two.
        let frames = try grid(bounces: true, velocity: #"{ "x": -3000, "y": 1000 }"#)
        let free = ScrollPhysics.decelerationDuration(speed: 1000, rate: 0.998)
        let stop = try end(frames)
        #expect(stop.time >= free && stop.time < free + frame)
        #expect(stop.contentOffset.x == maxX)
        #expect(frames.contains { $0.phase == .bouncing })
    }

    @Test func atRestRecentersWhenTheEdgeStopsTheFlingAndASecondFlingMoves() throws {
        // An infinite grid in a 1600-point content without bounces: the fling from the centre (605) reaches the
        // edge (1210) after ≈ 0.26 s, which ends the scroll, so it recenters there and a second fling has room.
        let s = try decode(scenarioJSON(
            steps: #"[ { "fling": { "velocity": { "x": -3000 } } }, { "wait": { "duration": 0.5 } }, { "fling": { "velocity": { "x": -3000 } } }, { "wait": { "duration": 0.5 } } ]"#,
            scroll: #"{ "recenter": "atRest", "bounces": false, "contentSize": { "width": 1600, "height": 2400 } }"#))
        let frames = try allFrames(s)
        let hit = try hitTime(605, 3000)
        let recenter = try #require(frames.first { $0.recenterShift != nil })
        #expect(recenter.time >= hit && recenter.time < hit + frame, "recentered at \(recenter.time) s")
        #expect(recenter.has(.didEndDecelerating))
        // The second fling runs the whole way from the centre to the edge again, and recenters there.
        let second = frames.filter { $0.time >= 0.5 }
        #expect(second[0].contentOffset.x == 605)
        #expect(second.compactMap(\.recenterShift) == [Vector(x: -605, y: 0)])
    }
}
