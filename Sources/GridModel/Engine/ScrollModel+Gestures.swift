/// Gestures: touch down, drags, flings, release and the rules for what happens after it, and the
/// end of a motion (with its delegate calls).
extension ScrollModel {
    // MARK: Gestures

    /// A finger touches down: any deceleration or animation stops where it is. Content left past an
    /// edge (by `scrollTo`, which does not clamp) stays there to be rubber-banded by the drag, or, without
    /// `bounces`, goes back onto the edge at once.
    mutating func touchDown(at t: Double) {
        time = t
        var o = motionOffset(at: t)
        if case .release = motion { pendingEndDecelerating = true }
        motion = .none
        gesturePage = PageIndex(
            column: rules(x, pageOrigin.x, pageSize.width).page(of: o.x),
            row: rules(y, pageOrigin.y, pageSize.height).page(of: o.y))
        if !bounces {
            let clamped = FixedPoint(x: clamp(o.x, x), y: clamp(o.y, y))
            if clamped != o {
                edgeHit = true
                o = clamped
            }
        }
        setOffset(o)
        events.append(.willBeginDragging)
    }

    /// A `drag` step: the finger moves by `finger` points in a straight line over `duration` seconds. A new
    /// touch crosses the pan's slop first (the content moves `finger` less 10 points, 10 points behind the
    /// finger); a drag that goes on from a kept one crosses what is left of it, measured from where the finger
    /// touched down.
    mutating func beginDrag(at t: Double, by finger: Vector, duration: Double, release: Release, then: DragEnd) {
        var start = (slop: ScrollPhysics.panSlop, prior: Vector.zero)
        if case .drag(let kept) = motion { start = kept.path.continuation(at: t - kept.start) }
        startDrag(
            at: t,
            path: FingerPath(shape: .line(finger: finger, duration: duration), slop: start.slop, prior: start.prior),
            duration: duration, release: release, then: then)
    }
    /// The finger touches down (unless it is down already) and moves along `path`; an axis that cannot
    /// scroll ignores the finger's motion along it.
    mutating func startDrag(at t: Double, path: FingerPath, duration: Double, release: Release, then: DragEnd) {
        defer { _checkInvariants() }
        let continuing = isFingerDown
        let carry = carryForTouch(at: t)
        if continuing {
            time = t
            setOffset(motionOffset(at: t))
        } else {
            touchDown(at: t)
        }
        let raw = FixedPoint(x: unbanded(offset.x, x), y: unbanded(offset.y, y))
        var path = path
        if !x.enabled || !y.enabled { path.lock(x: x.enabled, y: y.enabled) }
        motion = .drag(
            Drag(start: t, duration: duration, rawStart: raw, path: path, release: release, then: then, carry: carry))
    }

    /// The drag step's time is up: lift, cancel or keep the finger down.
    mutating func endDrag(at t: Double) {
        defer { _checkInvariants() }
        guard case .drag(let drag) = motion else { return }
        time = t
        setOffset(motionOffset(at: t))
        switch drag.then {
        case .keep:
            // The finger stays where it is: the drag goes on with no movement.
            let raw = drag.raw(at: t)
            // A finger that has not crossed the slop yet keeps what it travelled: the next drag goes on from there.
            let rest = drag.path.continuation(at: t - drag.start)
            let still = FingerPath(shape: .line(finger: .zero, duration: 1), slop: rest.slop, prior: rest.prior)
            motion = .drag(
                Drag(start: t, duration: 1, rawStart: raw, path: still, release: .hold, then: .keep, carry: drag.carry))
        case .cancel:
            cancel(at: t)
        case .release:
            let velocity = drag.release == .fling ? drag.velocity : .zero
            lift(at: t, velocity: contentVelocity(velocity, at: drag.raw(at: t)))
        }
    }

    /// The content's velocity for a finger moving at `velocity` from the raw position `raw`: past an edge
    /// the content moves slower than the finger, by the band's slope.
    func contentVelocity(_ velocity: Vector, at raw: FixedPoint) -> Vector {
        func slope(_ r: Int64, _ axis: Axis) -> Double {
            guard let b = axis.bounds, !b.contains(r) else { return 1 }
            guard bounces else { return 0 }
            let edge = r < b.lowerBound ? b.lowerBound : b.upperBound
            return RubberBand.slope(Fixed.points(abs(r - edge)), dimension: Fixed.points(axis.viewport))
        }
        return Vector(x: velocity.x * slope(raw.x, x), y: velocity.y * slope(raw.y, y))
    }

    /// The gesture in progress is cancelled: no release velocity; bounces and paging settle.
    mutating func cancel(at t: Double) {
        defer { _checkInvariants() }
        guard isFingerDown else { return }
        time = t
        setOffset(motionOffset(at: t))
        events.append(.cancel)
        lift(at: t, velocity: .zero)
    }

    /// A fling step: a finger lifts with `finger` velocity (points/s); it touches down first unless
    /// it is already down from a kept drag.
    mutating func fling(at t: Double, finger: Vector) {
        defer { _checkInvariants() }
        // `flickAdds` (pattern 10's naive side): the touch does not stop the content, the old velocity is added.
        var carried = Vector.zero
        if flickAdds, case .release(let px, let py, _) = motion {
            carried = Vector(x: px.decelerationVelocity(at: t), y: py.decelerationVelocity(at: t))
        }
        let raw: FixedPoint
        if case .drag(let drag) = motion {
            setOffset(motionOffset(at: t))
            raw = drag.raw(at: t)
        } else {
            touchDown(at: t)
            raw = FixedPoint(x: unbanded(offset.x, x), y: unbanded(offset.y, y))
        }
        time = t
        let v = contentVelocity(Vector(x: x.enabled ? -finger.x : 0, y: y.enabled ? -finger.y : 0), at: raw)
        lift(at: t, velocity: Vector(x: v.x + carried.x, y: v.y + carried.y))
    }

    /// Lifts a finger kept down by a drag with `then: keep`, before a programmatic step.
    mutating func releaseIfHeld(at t: Double) {
        if isFingerDown {
            time = t
            setOffset(motionOffset(at: t))
            lift(at: t, velocity: .zero)
        }
    }

    /// The finger lifts at `t` with the content moving at `velocity` (points/s). The delegate hears of it at
    /// once; the motion after it (deceleration, spring back, paging settle) starts `ScrollPhysics.liftDelay`
    /// later, as UIKit's does.
    mutating func lift(at t: Double, velocity: Vector) {
        let t0 = t + ScrollPhysics.liftDelay
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let end = t0 + ScrollPhysics.decelerationDuration(speed: speed, rate: rate, stop: stopSpeed)
        let moving = end > t0 ? velocity : .zero
        let inputs = ReleaseInputs(start: t0, from: offset, velocity: moving, end: end)
        let (px, py) = endingTogether(
            rulesX.release(at: t0, from: offset.x, velocity: moving.x, end: end),
            rulesY.release(at: t0, from: offset.y, velocity: moving.y, end: end), inputs)
        let decelerates = max(px.end, py.end) > t0
        let target = FixedPoint(x: px.target, y: py.target)
        events.append(.willEndDragging(velocity: moving, targetContentOffset: target.points))
        events.append(.didEndDragging(willDecelerate: decelerates))
        if lazy { targetRect = (target, viewport) }
        if decelerates {
            pendingEndDecelerating = false
            events.append(.willBeginDecelerating)
            motion = .release(x: px, y: py, inputs: inputs)
        } else {
            motion = .none
            // Snap paging snaps in didEndDragging when there is no deceleration.
            if snapToPage(at: t) {
                if pendingEndDecelerating {
                    pendingEndDecelerating = false
                    events.append(.didEndDecelerating)
                }
                return
            }
            cameToRest(at: t)
            if pendingEndDecelerating {
                pendingEndDecelerating = false
                events.append(.didEndDecelerating)
                cameToRest(at: t)  // the second end callback in a row must be a no-op
            }
        }
    }

    /// The release plans of both axes, each ending when it stops (`AxisRules.ending`): the scroll ends
    /// when every axis has stopped, not at the 2D end for an axis a content edge stopped.
    func endingTogether(_ px: AxisPlan, _ py: AxisPlan, _ inputs: ReleaseInputs) -> (AxisPlan, AxisPlan) {
        let t0 = inputs.start
        let o = inputs.from
        let v = inputs.velocity
        return (
            rulesX.ending(px, besides: py, t0, o.x, v.x, inputs.end),
            rulesY.ending(py, besides: px, t0, o.y, v.y, inputs.end)
        )
    }

    /// Snap paging's animation to the nearest page (0.3 s, ease-in-out), unless the offset is on a page
    /// already. Returns whether it started.
    mutating func snapToPage(at t: Double) -> Bool {
        guard paging == .snap else { return false }
        let target = FixedPoint(
            x: rulesX.pageOffset(rulesX.page(of: offset.x)), y: rulesY.pageOffset(rulesY.page(of: offset.y)))
        guard target != offset else { return false }
        startAnimation(at: t, to: target, duration: 0.3, curve: .easeInOut)
        return true
    }

    /// Ends a deceleration or animation whose time has come.
    mutating func finishMotion(at t: Double) throws(ScenarioError) {
        time = t
        setOffset(motionOffset(at: t))
        switch motion {
        case .release:
            motion = .none
            _checkWithinEdges(x, offset.x, "x")
            _checkWithinEdges(y, offset.y, "y")
            events.append(.didEndDecelerating)
            // The late snap of paging after deceleration: only now animate to the nearest page.
            if snapToPage(at: t) {
                _checkInvariants()
                return
            }
        case .animation:
            motion = .none
            events.append(.didEndScrollingAnimation)
        case .none, .drag:
            return
        }
        cameToRest(at: t)
        _checkInvariants()
    }

    /// Everything that happens when scrolling ends: the loop jump, the at-rest recenter, page
    /// change and lazy loading.
    mutating func cameToRest(at t: Double) {
        guard case .none = motion else { return }
        idleSince = t
        restOnDisplayedOffset()
        loopJumpIfOnDuplicate()
        recenterAtRest()
        let page = PageIndex(column: rulesX.page(of: offset.x), row: rulesY.page(of: offset.y))
        if paging != .none, page != restPage {
            events.append(.pageChanged(page: page.coordinate))
        }
        restPage = page
        targetRect = nil
        _checkAtRest()
    }

    /// At rest the offset is the one displayed, on the device-pixel grid: UIKit's contentOffset never holds a
    /// fraction of a device pixel (its recorded offsets are multiples of 1/3 pt at 3x), so the next gesture
    /// starts from there. An axis whose rounded offset would pass a content edge keeps its own. The naive
    /// roundings (`offsetRounding` `"point"`, `"pointEachFrame"`: pattern 9) keep the exact offset they lose
    /// deltas against.
    mutating func restOnDisplayedOffset() {
        guard !roundsEachFrame, displayStep == pixel, paging == .none else { return }
        let shown = displayedOffset
        func kept(_ axis: Axis, _ exact: Int64, _ rounded: Int64) -> Int64 {
            if let b = axis.bounds, !b.contains(rounded) { return exact }
            return rounded
        }
        let snapped = FixedPoint(x: kept(x, offset.x, shown.x), y: kept(y, offset.y, shown.y))
        guard snapped != offset else { return }
        offset = snapped
    }
}
