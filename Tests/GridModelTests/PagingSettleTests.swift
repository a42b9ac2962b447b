import Testing
@testable import GridModel

/// Pattern 10 and `"viewport"` paging: the settle onto a page starts at the release velocity and is a critically
/// damped spring (ω = 15 s⁻¹), so its speed rises after a release exactly when the release heads to the page slower
/// than ω·|e0|/2 (a release from rest must speed up to arrive), peaks once, then only slows down, and it ends on
/// the page. This is what a settle must do, not a model bug: verify checks these properties (`checkSettle`), not a
/// speed that never rises.
@Suite struct PagingSettleTests {
    /// A drag of `by` points (content offset +`-by`) in `duration` s from a page, released with its velocity.
    func settle(by: Double, duration: Double) throws -> (start: Double, steps: [Double], rest: Double) {
        let frames = try allFrames(try decode(scenarioJSON(
            steps: #"[{ "drag": { "by": { "x": \#(by) }, "duration": \#(duration), "release": "fling" } }, { "wait": { "until": "idle", "max": 3 } }]"#,
            scroll: #"{ "recenter": "none", "paging": "viewport" }"#, viewport: #"{ "width": 200, "height": 200, "scale": 2 }"#,
            grid: #"{ "rows": 0 }"#)))
        let release = try #require(frames.firstIndex { $0.has(.willEndDragging) })
        let settling = frames[release...].prefix { $0.phase == .decelerating }.map(\.contentOffset.x)
        let steps = zip(settling.dropFirst(), settling).map { $0 - $1 }
        return (frames[0].contentOffset.x, steps, frames.last!.contentOffset.x)
    }

    /// (drag, duration, release speed toward the page, distance to it, whether the speed rises first).
    @Test(arguments: [
        (-120.0, 1.0, false),  // 120 pt/s, 80 points to page 1: slower than ω·80/2 = 600, rises first
        (-120.0, 0.1, true),   // 1200 pt/s, 80 points: faster than 600, only slows down
        (-40.0, 0.05, false),  // 800 pt/s flick, 160 points to page 1: slower than 1200, rises first
        (-150.0, 0.05, true),  // 3000 pt/s, 50 points: faster than ω·50, the exponential approach
    ])
    func aSettleRisesOnlyAfterASlowReleaseThenOnlySlows(by: Double, duration: Double, onlySlows: Bool) throws {
        let (start, steps, rest) = try settle(by: by, duration: duration)
        #expect(steps.count > 5 && steps.allSatisfy { $0 >= 0 }, "\(steps)")
        #expect((steps[1] <= steps[0]) == onlySlows, "\(steps.prefix(4))")
        let peak = try #require(steps.indices.max { steps[$0] < steps[$1] })
        // After the peak each step is at most the last one, but for the spring's last step onto the page (≤ 0.05 pt).
        for i in (peak + 1)..<steps.count {
            #expect(steps[i] <= steps[i - 1] + 0.05, "step \(i): \(steps[i - 1]) then \(steps[i])")
        }
        #expect(rest == start + 200)
    }
}
