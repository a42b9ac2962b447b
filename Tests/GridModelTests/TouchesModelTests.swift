import Testing
@testable import GridModel

/// A `touches` step moves the content as a `drag` of the same path does (the same 10-point slop, the same lift),
/// and the lift's velocity is UIKit's estimate from the last 100 ms of moves.
@Suite struct TouchesModelTests {
    /// A finger at 200, 700 moving `dy` points every 8 ms for `moves` touches, then lifting where the last move
    /// was, `hold` seconds later (times on a log's clock).
    static func straight(dy: Double, moves: Int, hold: Double = 0, t0: Double = 3016826.5365) -> [Touch] {
        var touches = [Touch(time: t0, location: Vector(x: 200, y: 700), phase: .began)]
        for i in 1...moves {
            touches.append(Touch(time: t0 + Double(i) * 0.008, location: Vector(x: 200, y: 700 + Double(i) * dy), phase: .moved))
        }
        let last = touches[touches.count - 1]
        if hold > 0 { touches.append(Touch(time: last.time + hold / 2, location: last.location, phase: .stationary)) }
        touches.append(Touch(time: last.time + hold, location: last.location, phase: .ended))
        return touches
    }

    static func frames(_ step: Step, fps: Int = 60) throws -> [FrameState] {
        var scroll = ScrollSpec()
        scroll.recenter = .none
        let s = Scenario(name: "touches", viewport: Viewport(width: 390, height: 844, scale: 2), fps: fps, scroll: scroll,
                         steps: [step, .waitUntilIdle(max: 5)])
        return try allFrames(s)
    }

    /// 30 moves of 8 points on an 8 ms grid (1000 pt/s upward for 0.24 s) against `drag` by (0, −240) over 0.24 s:
    /// both cross the 10-point slop, lift at 1000 pt/s and come to rest at the same offset, frame for frame after
    /// the lift.
    @Test func aStraightReplayEndsWhereTheDragEnds() throws {
        let replay = try Self.frames(.touches(Self.straight(dy: -8, moves: 30)))
        let drag = try Self.frames(.drag(by: Vector(x: 0, y: -240), duration: 0.24, release: .fling))
        let start = replay[0].contentOffset.y
        for (r, d) in zip(replay, drag) where r.time >= 0.24 {
            #expect(abs(r.contentOffset.y - d.contentOffset.y) < 1e-3, "t = \(r.time): \(r.contentOffset.y) vs \(d.contentOffset.y)")
            #expect(r.contentOffset.x == d.contentOffset.x)
        }
        let rest = try #require(replay.last), dragRest = try #require(drag.last)
        #expect(rest.phase == .idle && dragRest.phase == .idle)
        #expect(abs(rest.contentOffset.y - dragRest.contentOffset.y) < 1e-3)
        // The content moved 230 points under the finger (240 less the slop), then decelerated from 1000 pt/s.
        #expect(rest.contentOffset.y - start > 230)
        func liftVelocity(_ frames: [FrameState]) -> Vector? {
            for frame in frames { for e in frame.events { if case .willEndDragging(let v, _) = e { return v } } }
            return nil
        }
        let v = try #require(liftVelocity(replay)), dv = try #require(liftVelocity(drag))
        #expect(abs(v.y - 1000) < 1e-3 && abs(dv.y - 1000) < 1e-3, "\(v) \(dv)")
    }

    /// The content stays while the finger is within the slop: 9 points of travel move nothing.
    @Test func theSlopHoldsTheContent() throws {
        let frames = try Self.frames(.touches(Self.straight(dy: -1, moves: 9)))
        #expect(frames.allSatisfy { $0.contentOffset == frames[0].contentOffset })
    }

    /// UIKit's estimate: a steady move gives its constant speed; a finger held still for 150 ms before it lifts
    /// gives none, and the content stays where the finger left it.
    @Test func theLiftVelocity() throws {
        for (dy, speed) in [(-8.0, -1000.0), (12.0, 1500.0), (-25.0, -3125.0)] {
            let touches = Self.straight(dy: dy, moves: 25)
            let v = TouchVelocity.estimate(TouchVelocity.samples(touches), lift: touches[touches.count - 1].time)
            // Times on a 3·10^6 s clock are exact to about 5·10^-10 s: the speed to about 10^-5.
            #expect(abs(v.y - speed) < 1e-3 && v.x == 0, "\(dy) pt per 8 ms: \(v)")
        }
        let held = Self.straight(dy: -8, moves: 25, hold: 0.15)
        #expect(TouchVelocity.estimate(TouchVelocity.samples(held), lift: held[held.count - 1].time) == .zero)
        let frames = try Self.frames(.touches(held))
        let lift = try #require(frames.firstIndex { $0.time >= Touch.span(held) })
        #expect(frames[lift...].allSatisfy { $0.contentOffset == frames[lift].contentOffset }, "no deceleration after the hold")
        // A cancelled gesture has no release velocity either, however fast the finger was.
        var cancelled = Self.straight(dy: -25, moves: 25)
        cancelled[cancelled.count - 1].phase = .cancelled
        let cancelledFrames = try Self.frames(.touches(cancelled))
        let rest = try #require(cancelledFrames.last)
        let end = try #require(cancelledFrames.first { $0.time >= Touch.span(cancelled) })
        #expect(rest.contentOffset == end.contentOffset)
    }

    /// Touches right after a drag with "then": "keep": the held finger lifts at rest, then the new one touches down
    /// (validation accepts it; GridModel's Steps article says so).
    @Test func touchesAfterAKeptDragLiftTheHeldFinger() throws {
        var scroll = ScrollSpec()
        scroll.recenter = .none
        let s = Scenario(name: "kept", viewport: Viewport(width: 390, height: 844, scale: 2), scroll: scroll, steps: [
            .drag(by: Vector(x: 0, y: -100), duration: 0.1, release: .fling, then: .keep),
            .touches(Self.straight(dy: -8, moves: 10)), .waitUntilIdle(max: 5)])
        let frames = try allFrames(s)
        let ends = frames.flatMap(\.events).filter { if case .willEndDragging = $0 { true } else { false } }
        #expect(ends.count == 2, "the kept drag's lift and the touches' lift")
        if case .willEndDragging(let v, _)? = ends.first { #expect(v == .zero) }
    }
}
