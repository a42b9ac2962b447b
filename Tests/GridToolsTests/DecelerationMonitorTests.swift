import Foundation
import Testing
@testable import GridModel
@testable import GridTools

/// Pattern 10's checks in `PatternMonitor+Deceleration`: UIKit's curve, the end below 10 pt/s, a touch-down
/// compared with the ideal plane, and `"viewport"` paging settles. Frames are hand-built (`patternFrame`, 60 fps).
@Suite struct DecelerationMonitorTests {
    /// Offsets of a 1000 pt/s deceleration at rate `d`, frames 0 ..< `count`, rounded to the model's fixed-point unit.
    func curve(_ d: Double, count: Int = 8, from v0: Double = 1000) -> [FrameState] {
        (0..<count).map { i in
            let x = v0 * (ScrollPhysics.power(d, 1000 * Double(i) / 60) - 1) / (1000 * log(d))
            let units = Double(Fixed.unitsPerPoint)
            return patternFrame(i, x: (x * units).rounded() / units, phase: .decelerating)
        }
    }

    func facts(rate: Double?) -> PatternFacts {
        var f = PatternFacts()
        f.decelerationRate = rate
        return f
    }

    @Test func aDecelerationOnTheCurvePasses() {
        #expect(PatternMonitor.findings(in: curve(0.998), facts: facts(rate: 0.998)).isEmpty)
        #expect(PatternMonitor.findings(in: curve(0.99), facts: facts(rate: 0.99)).isEmpty)
    }

    /// A per-frame factor written for 60 fps at 120 fps decays like 0.998² per millisecond: named at the
    /// first frame with two displacements to compare (frame 2), with the ratio expected and shown.
    @Test func aFasterDecayIsNamedAtFrameTwo() throws {
        let found = PatternMonitor.findings(in: curve(0.998 * 0.998), facts: facts(rate: 0.998))
        let first = try #require(found.first)
        #expect(found.map(\.pattern) == [.deceleration] && first.frame == 2)
        // The ratios with the digits that make ratio × last displacement print as the displacement.
        #expect(first.expected.contains("0.9672 × the last frame's") && first.expected.contains("d = 0.998"), "\(first.expected)")
        #expect(first.actual.contains("(0.93544 ×)"), "\(first.actual)")
        // Hand-built facts without a rate skip the curve.
        #expect(PatternMonitor.findings(in: curve(0.998 * 0.998), facts: facts(rate: nil)).isEmpty)
    }

    @Test func curveRatioOfEqualFramesIsDToTheMilliseconds() {
        #expect(abs(PatternMonitor.curveRatio(0.998, 1.0 / 120, 1.0 / 120)! - 0.9834550) < 1e-7)
        #expect(PatternMonitor.curveRatio(1, 0.1, 0.1) == nil && PatternMonitor.curveRatio(0.998, 0, 0.1) == nil)
    }

    /// A frame still decelerating moves at least 10 pt/s: 3 pt/s (0.05 pt a frame) is a creep, 12 pt/s is not.
    @Test(arguments: [(0.05, true), (0.2, false)])
    func aDecelerationEndsBelowTenPointsPerSecond(step: Double, creeps: Bool) throws {
        let frames = (0..<4).map { patternFrame($0, x: Double($0) * step, phase: .decelerating) }
        let found = PatternMonitor.findings(in: frames, facts: PatternFacts())
        if creeps {
            #expect(found.map(\.pattern) == [.deceleration] && found.first?.frame == 1)
            #expect(found.first?.actual == "3 pt/s, still decelerating", "\(found)")
        } else {
            #expect(found.isEmpty, "\(found)")
        }
    }

    /// Ideal: decelerating 10, 8 per frame, a touch at frame 3, then the finger's 5 per frame.
    static let ideal: [FrameState] = [0.0, 10, 18, 20, 25, 30].enumerated().map { i, x in
        patternFrame(i, x: x, phase: i < 3 ? .decelerating : .dragging, events: i == 3 ? [.willBeginDragging] : [])
    }

    func touch(_ xs: [Double]) -> [PatternFinding] {
        let mine = xs.enumerated().map { i, x in
            patternFrame(i, x: x, phase: i < 3 ? .decelerating : .dragging, events: i == 3 ? [.willBeginDragging] : [])
        }
        return PatternMonitor.findings(in: mine, ideal: Self.ideal, facts: PatternFacts())
    }

    /// The check names the first frame whose displacement is not the ideal plane's, the touch frame itself
    /// included; one that did not move like the ideal before the touch is not compared.
    @Test func aTouchDownFollowsTheIdealFromItsFirstFrame() throws {
        #expect(touch([0, 10, 18, 20, 25, 30]).isEmpty)
        let later = touch([0, 10, 18, 20, 31, 41])
        #expect(later.map(\.pattern) == [.deceleration] && later.first?.frame == 4)
        #expect(later.first?.expected.hasPrefix("the finger's (5, 0) pt per frame, the ideal plane's (a touch-down at frame 3") == true)
        #expect(later.first?.actual == "(11, 0) pt per frame (the deceleration goes on under the finger)")
        #expect(touch([0, 10, 18, 24, 30, 36]).first?.frame == 3)
        // Apart before the touch: the offsets leave the ideal's during the free deceleration (10 at frame 1), not the touch.
        let apart = touch([0, 12, 22, 26, 32, 38])
        #expect(apart.map(\.pattern) == [.deceleration] && apart.first?.frame == 1 && apart.first?.expected.hasPrefix("offset") == true)
    }

    /// Frames alone (no ideal plane): decelerating 10, 8 per frame, a touch at frame 3, then `drag`.
    func touchAlone(_ drag: [Double]) -> [PatternFinding] {
        var frames = [0.0, 10, 18].enumerated().map { patternFrame($0.offset, x: $0.element, phase: .decelerating) }
        for (i, x) in drag.enumerated() {
            frames.append(patternFrame(3 + i, x: x, phase: .dragging, events: i == 0 ? [.willBeginDragging] : []))
        }
        return PatternMonitor.findings(in: frames, facts: PatternFacts())
    }

    /// Review 16, F1: without the ideal a finger may change its speed during one touch (chained drags: 2, then
    /// 1 pt per frame, or across a frame that holds both), which is not named; a displacement that keeps
    /// changing the same way on three frames in a row (6, 5, 4, 3) is the deceleration going on under it.
    @Test func withoutTheIdealATouchDownMayChangeSpeedButNotDecay() throws {
        #expect(touchAlone([20, 22, 24, 25, 26, 27]).isEmpty)
        #expect(touchAlone([20, 22, 24, 25.5, 26.5, 27.5, 28.5]).isEmpty)
        #expect(touchAlone([20, 22, 24, 26, 24, 22]).isEmpty)  // a turn
        #expect(touchAlone([24, 26, 27.5, 28.5, 29.5]).isEmpty)  // the touch frame's own displacement (6) is not compared
        let decay = touchAlone([24, 30, 35, 39, 42, 44])
        #expect(decay.map(\.pattern) == [.deceleration] && decay.first?.frame == 7, "\(decay)")
        #expect(decay.first?.actual == "(3, 0) pt per frame, changing the same way for 3 frames in a row (the deceleration goes on under the finger)")
        #expect(decay.first?.expected.hasPrefix("the finger's own motion after the touch-down at frame 3") == true)
        // With the ideal plane, the touch check compares with it instead.
        let ideal = [0.0, 10, 18, 24, 30, 35, 39, 42, 44].enumerated().map { i, x in
            patternFrame(i, x: x, phase: i < 3 ? .decelerating : .dragging, events: i == 3 ? [.willBeginDragging] : [])
        }
        #expect(PatternMonitor.findings(in: ideal, ideal: ideal, facts: PatternFacts()).isEmpty)
    }

    func settle(_ steps: [Double], mode: PagingMode = .viewport) -> [PatternFinding] {
        var x = 0.0
        var frames = [patternFrame(0, x: 0, phase: .decelerating)]
        for (i, s) in steps.enumerated() {
            x += s
            frames.append(patternFrame(i + 1, x: x, phase: .decelerating))
        }
        var f = PatternFacts()
        f.paging = true
        f.pagingMode = mode
        return PatternMonitor.findings(in: frames, facts: f)
    }

    /// A paging settle may speed up until its peak, then only slows down (a turn starts a new leg; the
    /// spring's last step onto the page may be up to 0.05 pt longer than the one before).
    @Test func aPagingSettleSlowsDownAfterItsPeak() throws {
        #expect(settle([2, 4, 6, 4, 2, 1]).isEmpty)
        #expect(settle([4, 2, -1, -3, -2, -1]).isEmpty)
        #expect(settle([6, 4, 2, 1, 1.04]).isEmpty)
        let found = settle([2, 4, 6, 4, 2, 3])
        #expect(found.map(\.pattern) == [.deceleration] && found.first?.frame == 6)
        #expect(found.first?.expected.contains("after its peak, 6 pt/frame at frame 3") == true, "\(found)")
        // Outside "viewport" paging the speed never rises at all.
        #expect(settle([2, 4, 6, 4, 2, 1], mode: .snap).first?.frame == 2)
    }
}
