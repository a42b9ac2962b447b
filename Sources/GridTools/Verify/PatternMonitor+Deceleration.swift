import GridModel

/// Pattern 10: release velocities, UIKit's deceleration curve, the end of a deceleration, a speed that only
/// falls, paging settles, and a touch-down that stops the content.
extension PatternMonitor {
    /// 10: a flick on moving content leaves at the ideal plane's release velocity. The ideal never adds
    /// the content's old velocity, so a naive release (`scroll.flickAdds`) differs from it at once.
    mutating func checkRelease(_ frame: FrameState, _ ideal: FrameState?) {
        guard let ideal, let p = previous, p.phase == .decelerating || p.phase == .bouncing,
            let mine = Self.releaseVelocity(frame), let theirs = Self.releaseVelocity(ideal)
        else { return }
        let speed = (mine.x * mine.x + mine.y * mine.y).squareRoot()
        let expected = (theirs.x * theirs.x + theirs.y * theirs.y).squareRoot()
        guard abs(mine.x - theirs.x) > 1 + 0.01 * expected || abs(mine.y - theirs.y) > 1 + 0.01 * expected else {
            return
        }
        found(
            .deceleration, frame.index,
            expected: "a release at \(num(expected)) pt/s (the finger's; a touch-down stops the moving content)",
            actual: "\(num(speed)) pt/s (the content's old velocity added)")
        diverged = true
    }

    /// The velocity of a frame's `willEndDragging`, if it has one.
    static func releaseVelocity(_ frame: FrameState) -> Vector? {
        for case .willEndDragging(let velocity, _) in frame.events { return velocity }
        return nil
    }

    /// How far apart two model offsets may be from rounding alone: a fixed-point unit, and the last bits
    /// of a Double holding an offset of `magnitude` points.
    static func roundingError(_ magnitude: Double) -> Double {
        1 / Double(Fixed.unitsPerPoint) + 4 * max(magnitude, 1).ulp
    }

    /// 10, checked before the ideal-plane comparison (whose offsets a naive deceleration leaves by design):
    /// - a free deceleration (no edge, no bounce, no `"viewport"` paging settle, no touch) follows UIKit's
    ///   curve: each frame's displacement is the previous frame's times d^(1000·Δt) (for equal frame times),
    ///   within what the fixed-point rounding of the offsets allows (`scroll.friction` `"perFrame"` decays
    ///   faster at more than 60 fps), checked on the strategy's own frames also after a release whose paging
    ///   target differs from the ideal's (`checkPagingTarget`);
    /// - it ends when its speed falls below `ScrollPhysics.minimumVelocity` (10 pt/s): a frame that still
    ///   decelerates moves at least that fast on average (`scroll.decelerationStop` `"nearZero"` creeps on);
    /// - after a touch-down on decelerating content, each dragging frame moves as the ideal plane's does (the
    ///   finger alone), from the first frame (`scroll.touchDown` `"keepVelocity"` adds the old motion); without
    ///   an ideal plane, `checkTouchWithoutIdeal`.
    /// A drift of the offsets from the ideal's during a free deceleration is named 10 by `checkIdeal`.
    /// A finding sets `diverged`: from there on the offsets differ from the ideal's by design.
    mutating func checkCurve(_ frame: FrameState, _ ideal: FrameState?, absolute: Vector, touched: Bool, resized: Bool)
    {
        defer { previousIdeal = ideal }
        guard let p = previous else { return }
        let pAbs = absoluteOffset(p, before: frame)
        let delta = Vector(x: absolute.x - pAbs.x, y: absolute.y - pAbs.y)
        let error = Self.roundingError(
            max(abs(frame.contentOffset.x), abs(frame.contentOffset.y), abs(p.contentOffset.x), abs(p.contentOffset.y)))
        checkTouchAgainstIdeal(frame, ideal, delta: delta, error: error, touched: touched, resized: resized)
        checkTouchWithoutIdeal(frame, ideal, delta: delta, error: error, touched: touched, resized: resized)
        // The strategy's own frames: checked after a divergence from the ideal too (a paging target of its own).
        guard !facts.pager, facts.pagingMode != .viewport, p.phase == .decelerating, frame.phase == .decelerating,
            !touched, !resized, !frame.edgeHit, !p.edgeHit, !frame.events.contains(where: Self.restarts)
        else { return }
        let dt = frame.time - p.time
        let speed = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        if dt > 0, speed + 2 * error < ScrollPhysics.minimumVelocity * dt {
            found(
                .deceleration, frame.index,
                expected:
                    "the deceleration to end once its speed falls below \(num(ScrollPhysics.minimumVelocity)) pt/s (a slower release does not decelerate)",
                actual: "\(num(speed / dt)) pt/s, still decelerating")
            diverged = true
            return
        }
        // The motion after a lift starts `ScrollPhysics.liftDelay` after it: the frame of the lift is not a
        // point of the curve.
        guard let q = beforePrevious, q.phase == .decelerating, !p.events.contains(where: Self.restarts),
            !q.events.contains(where: Self.restarts)
        else { return }
        let qAbs = absoluteOffset(q, [p, frame])
        let d1 = Vector(x: pAbs.x - qAbs.x, y: pAbs.y - qAbs.y)
        let before = (d1.x * d1.x + d1.y * d1.y).squareRoot()
        // Below a few hundred units per frame the rounding is most of the displacement: the end check above
        // judges those frames.
        // `"target"` paging decelerates each axis onto its own page: the axes end apart, so only each one
        // alone follows the curve.
        guard facts.pagingMode == .none || facts.pagingMode == .snap,
            before > 300 * error, let d = facts.decelerationRate, let ratio = Self.curveRatio(d, p.time - q.time, dt)
        else { return }
        let expected = ratio * before
        guard abs(speed - expected) > 3 * error + 1e-9 * before else { return }
        found(
            .deceleration, frame.index,
            expected:
                "\(num(expected)) pt/frame, \(Self.factor(ratio, before, expected)) × the last frame's \(num(before)) (v0·d^(1000t), d = \(Self.exact(d)))",
            actual: "\(num(speed)) pt/frame (\(before > 0 ? Self.factor(speed / before, before, speed) : "0") ×)")
        diverged = true
    }

    /// A factor for a report line, with as many decimals (3 to 9) as it takes for `factor × base` to print as
    /// `product` does: "0.99917 × 8.326" where 3 decimals (0.999 × 8.326 = 8.318) would not give 8.319.
    static func factor(_ factor: Double, _ base: Double, _ product: Double) -> String {
        for decimals in 3...9 {
            let scale = ScrollPhysics.power(10, Double(decimals))
            let r = (factor * scale).rounded() / scale
            if num(r * base) == num(product) { return decimals == 3 ? num(r) : "\(r)" }
        }
        return "\(factor)"
    }

    /// A scenario constant for a report line: 3 decimals, or as many as it takes to print it exactly (0.9999).
    static func exact(_ v: Double) -> String {
        for decimals in 3...9 {
            let scale = ScrollPhysics.power(10, Double(decimals))
            let r = (v * scale).rounded() / scale
            if abs(r - v) <= 1e-12 { return decimals == 3 ? num(r) : "\(r)" }
        }
        return "\(v)"
    }

    /// The ratio of two consecutive displacements of a deceleration v0·d^(1000t), over frames of `dt1` and
    /// then `dt2` seconds: d^(1000·dt1)·(1 − d^(1000·dt2)) / (1 − d^(1000·dt1)), d^(1000·dt) for equal frames.
    static func curveRatio(_ d: Double, _ dt1: Double, _ dt2: Double) -> Double? {
        guard d > 0, d < 1, dt1 > 0, dt2 > 0 else { return nil }
        let a = ScrollPhysics.power(d, 1000 * dt1)
        let b = ScrollPhysics.power(d, 1000 * dt2)
        return a * (1 - b) / (1 - a)
    }

    /// After a touch-down on decelerating content, from the touch frame on while the finger drags: the
    /// frame's displacement is the ideal plane's (whose touch stops the content), if the two moved alike
    /// in the frame before the touch.
    mutating func checkTouchAgainstIdeal(
        _ frame: FrameState, _ ideal: FrameState?, delta: Vector, error: Double,
        touched: Bool, resized: Bool
    ) {
        guard !diverged, let ideal, let pIdeal = previousIdeal else {
            touchIdeal = nil
            followedIdeal = nil
            return
        }
        let idealDelta = Vector(
            x: ideal.contentOffset.x - pIdeal.contentOffset.x - Self.shift(in: ideal).x,
            y: ideal.contentOffset.y - pIdeal.contentOffset.y - Self.shift(in: ideal).y)
        let same = abs(delta.x - idealDelta.x) <= 2 * error && abs(delta.y - idealDelta.y) <= 2 * error
        let followed = followedIdeal ?? false
        followedIdeal = same
        if touched, frame.phase == .dragging, let p = previous, p.phase == .decelerating, followed {
            touchIdeal = frame.index
        } else if touched || frame.phase != .dragging || frame.edgeHit || resized {
            // A new touch on content at rest is not judged against an earlier touch-down.
            touchIdeal = nil
        }
        guard let touch = touchIdeal, !same else { return }
        found(
            .deceleration, frame.index,
            expected:
                "the finger's \(pt(idealDelta)) per frame, the ideal plane's (a touch-down at frame \(touch) stops the deceleration)",
            actual: "\(pt(delta)) per frame (the deceleration goes on under the finger)")
        touchIdeal = nil
        diverged = true
    }

    /// After a touch-down on decelerating content with no ideal plane to compare with (past a content edge, or
    /// frames alone): the finger's speed may change (chained drags change it once, or twice across a frame that
    /// holds both), but a displacement that keeps changing the same way on three dragging frames in a row (after
    /// the touch frame) is the old motion decaying under the finger (`scroll.touchDown` `"keepVelocity"`). Drag
    /// steps shorter than three frames chained under one touch are beyond what it can tell apart.
    mutating func checkTouchWithoutIdeal(
        _ frame: FrameState, _ ideal: FrameState?, delta: Vector, error: Double,
        touched: Bool, resized: Bool
    ) {
        if touched, ideal == nil, frame.phase == .dragging, let p = previous, p.phase == .decelerating {
            touchDrift = (frame.index, nil, nil, 0)  // the touch frame's displacement holds some of the old motion
            return
        }
        guard let t = touchDrift, ideal == nil, !touched, frame.phase == .dragging, !frame.edgeHit, !resized else {
            touchDrift = nil
            return
        }
        guard let last = t.last else {
            touchDrift = (t.touch, delta, nil, 0)
            return
        }
        let change = Vector(x: delta.x - last.x, y: delta.y - last.y)
        guard max(abs(change.x), abs(change.y)) > 2 * error else {
            touchDrift = (t.touch, delta, nil, 0)
            return
        }
        let same = t.change.map { change.x * $0.x + change.y * $0.y > 0 } ?? false
        let run = same ? t.run + 1 : 1
        touchDrift = (t.touch, delta, change, run)
        guard run >= 3 else { return }
        found(
            .deceleration, frame.index,
            expected:
                "the finger's own motion after the touch-down at frame \(t.touch) (its speed changes only where the drag does)",
            actual:
                "\(pt(delta)) per frame, changing the same way for \(run) frames in a row (the deceleration goes on under the finger)"
        )
        touchDrift = nil
        diverged = true
    }

    /// What a frame's recenters and loop jumps moved its content offset by.
    static func shift(in frame: FrameState) -> Vector {
        var s = Vector.zero
        for event in frame.events {
            switch event {
            case .recenter(let v):
                s.x += v.x
                s.y += v.y
            case .loopJump(let from, let to):
                s.x += to.x - from.x
                s.y += to.y - from.y
            default: break
            }
        }
        return s
    }

    /// 10: speed non-increasing while decelerating (a `"viewport"` paging settle: only until its peak, see
    /// `checkSettle`). A touch-down on decelerating content is `checkTouchAgainstIdeal`'s: the finger's speed
    /// may change during one touch (chained drags), so only the ideal plane knows its motion.
    mutating func checkDeceleration(_ frame: FrameState, absolute: Vector, touched: Bool, resized: Bool) {
        guard let p = previous else { return }
        let pAbs = absoluteOffset(p, before: frame)
        let delta = Vector(x: absolute.x - pAbs.x, y: absolute.y - pAbs.y)
        let speed = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        // As in `checkCurve`, the frame of a lift is not a point of the curve: the motion after it starts
        // `ScrollPhysics.liftDelay` later, so the lift frame's next step is that much short of a whole frame.
        if !facts.pager, let q = beforePrevious, q.phase == .decelerating, p.phase == .decelerating,
            frame.phase == .decelerating,
            !touched, !resized, !frame.edgeHit, !p.edgeHit, !p.events.contains(where: Self.restarts),
            !q.events.contains(where: Self.restarts)
        {
            let qAbs = absoluteOffset(q, [p, frame])
            let d1 = Vector(x: pAbs.x - qAbs.x, y: pAbs.y - qAbs.y)
            let before = (d1.x * d1.x + d1.y * d1.y).squareRoot()
            if facts.pagingMode == .viewport {
                checkSettle(frame, before: d1, after: delta)
            } else if speed > before + 1e-3 {
                found(
                    .deceleration, frame.index,
                    expected: "at most \(num(before)) pt/frame (the speed only falls while decelerating)",
                    actual: "\(num(speed)) pt/frame")
            }
        } else {
            settlePeak = nil
        }
    }

    /// 10 under `"viewport"` paging: the settle toward the page starts at the release velocity, so after a
    /// slow release it must speed up before it slows onto the page (UIKit's too). What holds, on each axis
    /// (each settles on its own page with its own spring), is that each leg of the motion (a release moving
    /// away from its page turns once) speeds up at most until its peak and then only slows down; that it ends
    /// on the page is pattern 4's check. The model's paging settle counts as settled within 0.05 pt of its page
    /// (`settleStep`) and then stands on it (a last step up to 0.05 pt longer), so a rise after the peak is named
    /// past that.
    mutating func checkSettle(_ frame: FrameState, before d1: Vector, after d2: Vector) {
        func axis(
            _ a: Double, _ b: Double, _ peak: (frame: Int, speed: Double)?, _ name: String
        ) -> (frame: Int, speed: Double)? {
            if a * b <= 0 { return nil }  // a turn, or no motion: a new leg
            if abs(b) < abs(a) - 1e-3 { return peak ?? (frame.index - 1, abs(a)) }
            if abs(b) > abs(a) + Self.settleStep + 1e-3, let peak {
                found(
                    .deceleration, frame.index,
                    expected:
                        "at most \(num(abs(a))) pt/frame on \(name) (a paging settle slows down after its peak, \(num(peak.speed)) pt/frame at frame \(peak.frame))",
                    actual: "\(num(abs(b))) pt/frame")
            }
            return peak
        }
        let peaks = settlePeak ?? (nil, nil)
        settlePeak = (axis(d1.x, d2.x, peaks.x, "x"), axis(d1.y, d2.y, peaks.y, "y"))
    }

    /// The model's paging settle distance (`Spring.pageRestDistance`), in points: the last step onto the page. (A
    /// spring back to a content edge ends within 0.4 pt, UIKit's; a paging settle, which no trace measures, 0.05.)
    static let settleStep = 0.05

    static func restarts(_ e: ScrollEvent) -> Bool {
        switch e {
        case .willBeginDragging, .resize, .jump, .willBeginDecelerating, .willEndDragging: return true
        default: return false
        }
    }
}
