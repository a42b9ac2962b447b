/// What an app's own scroll code does to a scroll view in motion (HeadlessUIKit's `UIScrollView`): set
/// `contentOffset`, or change `targetContentOffset` in `scrollViewWillEndDragging`.
extension ScrollModel {
    var contentOffsetPoints: Vector { offset.points }
    var displayedOffsetPoints: Vector { displayedOffset.points }

    /// The app sets `contentOffset`: the offset jumps there and the motion in progress goes on from it (a drag
    /// follows the finger from there, a deceleration keeps its velocity), as UIKit's does — the StreetScroller
    /// technique depends on it. Not clamped to the edges, as UIKit does not clamp it either.
    mutating func moveContent(to target: Vector, at t: Double) {
        time = t
        let shift = FixedShift(
            x: Self.appUnits(target.x, or: offset.x) &- offset.x, y: Self.appUnits(target.y, or: offset.y) &- offset.y)
        applyShift(shift, announce: false)
        // Moved past an edge while the content moves on by itself: it springs back from there with the velocity it
        // had, as a release past an edge does (UIKit bounces it back too).
        if case .release(let px, let py, _) = motion, !(withinEdges(offset.x, x) && withinEdges(offset.y, y)) {
            releaseAgain(at: t, px, py)
        }
        _checkInvariants()
    }

    /// The app calls `setContentOffset(_:animated: true)`: UIKit's animated scroll, 0.3 s of ease-in-out from
    /// where the content is (a finger still down is lifted first, as a programmatic scroll does).
    mutating func animateContent(to target: Vector, at t: Double) {
        releaseIfHeld(at: t)
        time = t
        setOffset(motionOffset(at: t))
        startAnimation(
            at: t, to: FixedPoint(x: Self.appUnits(target.x, or: offset.x), y: Self.appUnits(target.y, or: offset.y)),
            duration: 0.3, curve: .easeInOut)
        _checkInvariants()
    }

    /// The app changed `contentSize` (a feed that loads more, a list that shrinks): the edges move at once, as
    /// UIKit's do. A deceleration that would have met an old edge, or that ends past a new one, goes on from where
    /// the content is with the velocity it has; one that meets no edge goes on exactly as it was. Content at rest
    /// stays where it is (UIKit does not move `contentOffset` either). Only an axis that scrolled at the start
    /// follows (one whose content fitted its bounds stays fixed).
    mutating func changeContentSize(to size: Size, at t: Double) {
        let width = Self.appUnits(size.width, or: x.contentSize)
        let height = Self.appUnits(size.height, or: y.contentSize)
        let changedX = x.setContentSize(max(width, 1))
        let changedY = y.setContentSize(max(height, 1))
        guard changedX || changedY, case .release(let px, let py, _) = motion else { return }
        func affected(_ plan: AxisPlan, _ axis: Axis) -> Bool { plan.hitsEdge || !withinEdges(plan.target, axis) }
        guard (changedX && affected(px, x)) || (changedY && affected(py, y)) else { return }
        time = t
        releaseAgain(at: t, px, py)
        _checkInvariants()
    }

    /// A release in progress (`px`, `py`) planned again from where the content is at `t`, with the deceleration
    /// velocity it has there, under the edges as they are now.
    mutating func releaseAgain(at t: Double, _ px: AxisPlan, _ py: AxisPlan) {
        let v = Vector(x: px.decelerationVelocity(at: t), y: py.decelerationVelocity(at: t))
        let end =
            t
            + ScrollPhysics.decelerationDuration(
                speed: (v.x * v.x + v.y * v.y).squareRoot(), rate: rate, stop: stopSpeed)
        let inputs = ReleaseInputs(start: t, from: offset, velocity: v, end: end)
        let (nx, ny) = endingTogether(
            rulesX.release(at: t, from: offset.x, velocity: v.x, end: end),
            rulesY.release(at: t, from: offset.y, velocity: v.y, end: end), inputs)
        motion = .release(x: nx, y: ny, inputs: inputs)
    }

    /// An offset an app gave, in fixed units: one that is not a number stays at `current`; one beyond twice the
    /// largest content is held there (a finite value the fixed-point range holds).
    static func appUnits(_ points: Double, or current: Int64) -> Int64 {
        guard points.isFinite else { return current }
        return Fixed.from(points: min(max(points, -2 * Limits.maxContentPoints), 2 * Limits.maxContentPoints))
    }

    /// Whether `o` is within `axis`'s edges (always, on an axis without edges or a disabled one).
    func withinEdges(_ o: Int64, _ axis: Axis) -> Bool {
        guard axis.enabled, let b = axis.bounds else { return true }
        return b.contains(o)
    }

    /// The app changed `targetContentOffset` in `scrollViewWillEndDragging`: the release decelerates onto
    /// `target` instead (each axis with the velocity whose deceleration ends exactly there, as `"target"` paging
    /// does), from the same lift; within the content's edges. Nothing happens without a release in progress, and an
    /// axis released past an edge springs back to it anyway.
    mutating func retargetRelease(to target: Vector) {
        guard case .release(let oldX, let oldY, let inputs) = motion else { return }
        func plan(_ rules: AxisRules, _ x0: Int64, _ goal: Double, _ old: AxisPlan, _ axis: Axis) -> AxisPlan {
            // Released past an edge, the axis springs back to it whatever the target says.
            guard withinEdges(x0, axis) else { return old }
            var landing = Self.appUnits(goal, or: x0)
            if let bounds = rules.bounds { landing = min(max(landing, bounds.lowerBound), bounds.upperBound) }
            return rules.enabled
                ? rules.landing(at: inputs.start, from: x0, on: landing) : .rest(at: x0, from: inputs.start)
        }
        let px = plan(rulesX, inputs.from.x, target.x, oldX, x)
        let py = plan(rulesY, inputs.from.y, target.y, oldY, y)
        motion = .release(x: px, y: py, inputs: inputs)
        if max(px.end, py.end) <= inputs.start {
            // Retargeted onto where it is: nothing to decelerate.
            motion = .release(
                x: .rest(at: inputs.from.x, from: inputs.start), y: .rest(at: inputs.from.y, from: inputs.start),
                inputs: inputs)
        }
    }
}
