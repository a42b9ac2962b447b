import Testing
@testable import GridModel

/// Pattern 10's naive deceleration policies (`scroll.friction`, `scroll.touchDown`, `scroll.decelerationStop`):
/// each default is UIKit's behaviour, each naive value shows its bug, and the ideal plane (`reference`) ignores them.
@Suite struct DecelerationPolicyTests {
    /// A 1000 pt/s fling to the left at `fps`, then a wait, with `scroll` members added to `"recenter": "none"`.
    func fling(fps: Int, scroll: String, wait: Double = 3, reference: Bool = false) throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(
            steps: #"[{ "fling": { "velocity": { "x": -1000 } } }, { "wait": { "duration": \#(wait) } }]"#,
            scroll: #"{ "recenter": "none", \#(scroll) }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#,
            grid: #"{ "rows": 0 }"#, fps: fps)), reference: reference)
    }

    /// How long the deceleration runs: the time of the first idle frame after frame 0.
    func stopTime(_ frames: [FrameState]) -> Double? { frames.dropFirst().first { $0.phase == .idle }?.time }

    /// How far the content travels.
    func travel(_ frames: [FrameState]) -> Double { frames.last!.contentOffset.x - frames[0].contentOffset.x }

    // MARK: scroll.friction

    @Test func perFrameFrictionStopsTwiceAsSoonAt120FPS() throws {
        let time = try fling(fps: 120, scroll: #""friction": "timeBased""#)
        let naive = try fling(fps: 120, scroll: #""friction": "perFrame""#)
        // UIKit: log(10/1000) / (1000·log 0.998) = 2.30 s, 495 points; per frame at 120 fps: half of each.
        let t0 = try #require(stopTime(time)), t1 = try #require(stopTime(naive))
        #expect(abs(t0 - 2.3) < 0.02 && abs(t1 - 1.15) < 0.02, "\(t0) \(t1)")
        #expect(abs(travel(time) - 494.5) < 1 && abs(travel(naive) - 247.3) < 1, "\(travel(time)) \(travel(naive))")
        // Each frame moves d^(1000/60) times the last (0.967), not d^(1000/120) (0.983).
        let d = [naive[1], naive[2], naive[3]].map(\.contentOffset.x)
        #expect(abs((d[2] - d[1]) / (d[1] - d[0]) - ScrollPhysics.power(0.998, 1000.0 / 60)) < 1e-4)
        // The ideal plane decays in time whatever the policy.
        #expect(try fling(fps: 120, scroll: #""friction": "perFrame""#, reference: true).map(\.contentOffset) == time.map(\.contentOffset))
    }

    /// At 60 fps the per-frame factor written for 60 fps is the time-based curve.
    @Test func perFrameFrictionIsTheCurveAt60FPS() throws {
        let time = try fling(fps: 60, scroll: #""friction": "timeBased""#).map(\.contentOffset)
        #expect(try fling(fps: 60, scroll: #""friction": "perFrame""#).map(\.contentOffset) == time)
        #expect(ScrollSpec().friction == .timeBased)
    }

    // MARK: scroll.decelerationStop

    /// A slow drag (12 points in 2.4 s, 2 past the pan's slop) released at 5 pt/s: UIKit does not decelerate below 10 pt/s; `nearZero` creeps on for seconds.
    @Test(arguments: [("minimumVelocity", false), ("nearZero", true)])
    func aTinyRelease(stop: String, creeps: Bool) throws {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "drag": { "by": { "x": -12 }, "duration": 2.4, "release": "fling" } }, { "wait": { "duration": 4 } }]"#,
            scroll: #"{ "recenter": "none", "decelerationStop": "\#(stop)" }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#,
            grid: #"{ "rows": 0 }"#, fps: 30)))
        let decelerating = frames.filter { $0.phase == .decelerating }
        let released = try #require(frames.first { $0.has(.willEndDragging) })
        if creeps {
            // log(0.01/5) / (1000·log 0.998) = 3.1 s of deceleration, (5 − 0.01)·0.499 = 2.49 points in all, a few
            // hundredths per frame at the end.
            #expect(abs(Double(decelerating.count) / 30 - 3.1) < 0.05, "\(decelerating.count)")
            #expect(abs(frames.last!.contentOffset.x - released.contentOffset.x - 2.49) < 0.01)
            #expect(released.events.contains(.didEndDragging(willDecelerate: true)))
        } else {
            #expect(decelerating.isEmpty)
            #expect(frames.last!.contentOffset.x == released.contentOffset.x)
            #expect(released.events.contains(.didEndDragging(willDecelerate: false)))
        }
        #expect(ScrollSpec().decelerationStop == .minimumVelocity && DecelerationStop.minimumVelocity.speed == 10)
    }

    // MARK: scroll.touchDown

    /// A 1000 pt/s fling, then 0.3 s later a drag of 60 points in 0.5 s (held): with `stop` the content moves 2 points a
    /// frame with the finger; with `keepVelocity` the old deceleration goes on under the finger until it lifts.
    func touchFrames(_ policy: String, release: String = "hold", reference: Bool = false) throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(
            steps: #"[{ "fling": { "velocity": { "x": -1000 } } }, { "wait": { "duration": 0.3 } }, { "drag": { "by": { "x": -60 }, "duration": 0.5, "release": "\#(release)" } }, { "wait": { "duration": 0.5 } }]"#,
            scroll: #"{ "recenter": "none", "touchDown": "\#(policy)" }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#,
            grid: #"{ "rows": 0 }"#)), reference: reference)
    }

    @Test func aTouchDownStopsTheContent() throws {
        let frames = try touchFrames("stop")
        // The touch at frame 18 stops the content; the finger crosses the pan's 10-pt slop at frame 23 (5 frames of
        // 2 points), and the content then follows it 2 points a frame.
        let still = (19...23).map { frames[$0].contentOffset.x - frames[$0 - 1].contentOffset.x }
        let steps = (24...47).map { frames[$0].contentOffset.x - frames[$0 - 1].contentOffset.x }
        #expect(still.allSatisfy { abs($0) < 1e-6 }, "\(still)")
        #expect(steps.allSatisfy { abs($0 - 2) < 1e-6 }, "\(steps)")
        // The finger lifts at frame 48, held: the content rests there on the device-pixel grid (scale 2).
        let rest = frames[48].contentOffset.x
        #expect(rest * 2 == (rest * 2).rounded() && abs(rest - frames[47].contentOffset.x - 2) <= 0.25 + 1e-9, "\(rest)")
        #expect(ScrollSpec().touchDown == .stop)
    }

    @Test func keepVelocityAddsTheDecelerationToTheFinger() throws {
        let frames = try touchFrames("keepVelocity"), stopped = try touchFrames("stop")
        #expect(frames[18].contentOffset == stopped[18].contentOffset)  // the touch frame: the same offset
        // Frame 19: the finger is still inside the pan's slop (2 of 10 points), so only the deceleration moves the
        // content: v(0.3 s) = 1000·0.998^299 = 549.5 pt/s (it started 1 ms after the fling), for 1/60 s:
        // 549.5·0.499·(1 − 0.998^(1000/60)) = 9.00 points.
        let step = frames[19].contentOffset.x - frames[18].contentOffset.x
        let v = ScrollPhysics.velocity(1000, rate: 0.998, at: 0.3 - ScrollPhysics.liftDelay)
        #expect(abs(step - ScrollPhysics.displacement(v, rate: 0.998, at: 1.0 / 60)) < 1e-3, "\(step)")
        #expect(abs(step - 9.00) < 0.01, "\(step)")
        // The deceleration runs out (below 10 pt/s, after 2 s) only after the lift: the content keeps moving faster than the finger.
        #expect((19...48).allSatisfy { frames[$0].contentOffset.x - frames[$0 - 1].contentOffset.x > 2 + 1e-3 })
        #expect(frames[19...47].allSatisfy { $0.phase == .dragging }, "\(frames[19...49].map(\.phase))")
        // The release (held, no fling) rests where the finger lifts: nothing carried past it.
        let lifted = try #require(frames.lastIndex { $0.has(.willEndDragging) })
        #expect(frames[lifted...].allSatisfy { $0.contentOffset == frames[lifted].contentOffset },
                "\(lifted) \(frames[lifted...].map(\.contentOffset.x).prefix(4))")
        // The ideal plane stops at the touch.
        #expect(try touchFrames("keepVelocity", reference: true).map(\.contentOffset) == stopped.map(\.contentOffset))
    }

    /// A flick released from a drag that kept the velocity leaves at the finger's velocity (the pan's).
    @Test func keepVelocityReleasesAtTheFingersVelocity() throws {
        let frames = try touchFrames("keepVelocity", release: "fling")
        let velocity = frames.flatMap(\.events).compactMap { event -> Vector? in
            if case let .willEndDragging(v, _) = event { return v } else { return nil }
        }
        #expect(velocity.count == 2 && abs(velocity[1].x - 120) < 1e-6, "\(velocity)")
    }
}
