/// The rules a `touches` step's list follows, checked for a decoded file and for a value built in code alike.
extension Touch {
    /// Checks `touches` (the step's list, at JSON path `path`, "steps[2].touches"): 2 to `Limits.maxTouches`
    /// touches, `began` first and only first, `ended` or `cancelled` last and only last, `moved` or
    /// `stationary` between; finite times within `Allowed.touchTime` that never go back, spanning at most
    /// `Limits.maxStepSeconds`; positions within ±`Limits.maxDistance`, and at most that far from the first
    /// touch on each axis (a step moves the finger no further than a `drag` can); a `stationary` touch where
    /// the one before it was; a lift velocity (`TouchVelocity`'s estimate) within ±`Limits.maxVelocity` on
    /// each axis, as a `fling`'s.
    static func check(_ touches: [Touch], _ path: String) throws(ScenarioError) {
        guard touches.count >= 2 else {
            throw ScenarioError(
                kind: .invalidValue, path: path + ".events",
                message:
                    "\(touches.count) \(touches.count == 1 ? "touch" : "touches"); a gesture needs at least two: \"began\" first and \"ended\" (or \"cancelled\") last"
            )
        }
        try checkCount(touches.count, path + ".events")
        for (index, touch) in touches.enumerated() {
            let at = "\(path).events[\(index)]"
            try Check.number(touch.time, in: Allowed.touchTime, at + ".t")
            try Check.number(touch.location.x, in: Allowed.distance, at + ".x")
            try Check.number(touch.location.y, in: Allowed.distance, at + ".y")
            try checkPhase(touch, first: index == 0, last: index == touches.count - 1, at)
            guard index > 0 else { continue }
            let before = touches[index - 1]
            if touch.time < before.time {
                throw ScenarioError(
                    kind: .invalidValue, path: at + ".t",
                    message:
                        "\(ScenarioDecoder.format(touch.time)) is before the touch before it (\(ScenarioDecoder.format(before.time))); times never go back"
                )
            }
            if touch.phase == .stationary, touch.location != before.location {
                throw ScenarioError(
                    kind: .invalidValue, path: at + ".phase",
                    message:
                        "\"stationary\" is a touch where the touch before it was, (\(point(before.location))), and this one is at (\(point(touch.location))): use \"moved\""
                )
            }
            let origin = touches[0].location
            for (axis, value, start) in [("x", touch.location.x, origin.x), ("y", touch.location.y, origin.y)]
            where (value - start).magnitude > Limits.maxDistance {
                throw ScenarioError(
                    kind: .outOfRange, path: at + "." + axis,
                    message:
                        "\(ScenarioDecoder.format(value)) is \(ScenarioDecoder.format((value - start).magnitude)) points from the first touch's \(axis) (\(ScenarioDecoder.format(start))); allowed: at most \(ScenarioDecoder.format(Limits.maxDistance)) points, as a drag's"
                )
            }
        }
        let span = span(touches)
        if span > Limits.maxStepSeconds {
            throw ScenarioError(
                kind: .outOfRange, path: path + ".events",
                message:
                    "the touches span \(ScenarioDecoder.format(span)) s; allowed: at most \(ScenarioDecoder.format(Limits.maxStepSeconds)) s per step"
            )
        }
        let lift = touches[touches.count - 1]
        guard lift.phase == .ended else { return }
        let velocity = TouchVelocity.estimate(TouchVelocity.samples(touches), lift: lift.time)
        for (axis, v) in [("x", velocity.x), ("y", velocity.y)] where !(v.magnitude <= Limits.maxVelocity) {
            throw ScenarioError(
                kind: .outOfRange, path: "\(path).events[\(touches.count - 1)]",
                message:
                    "the lift's velocity (UIKit's estimate: the moves in the last \(ScenarioDecoder.format(TouchVelocity.window * 1000)) ms) is \(ScenarioDecoder.format(v)) points/s in \(axis); allowed: \(Check.describe(Allowed.velocity)), as a fling's: the last moves go too far for the time they take"
            )
        }
    }

    /// `began` first and only first, `ended` or `cancelled` last and only last.
    static func checkPhase(_ touch: Touch, first: Bool, last: Bool, _ at: String) throws(ScenarioError) {
        switch touch.phase {
        case .began where !first:
            throw ScenarioError(
                kind: .invalidValue, path: at + ".phase",
                message:
                    "\"began\" is the first touch only: one step is one finger's gesture; start another touches step for the next"
            )
        case .ended where !last, .cancelled where !last:
            throw ScenarioError(
                kind: .invalidValue, path: at + ".phase",
                message:
                    "\"\(touch.phase.rawValue)\" is the last touch only; the touches after it belong in another touches step"
            )
        default: break
        }
        if first, touch.phase != .began {
            throw ScenarioError(
                kind: .invalidValue, path: at + ".phase",
                message: "the first touch is \"began\", found \"\(touch.phase.rawValue)\"")
        }
        if last, touch.phase != .ended, touch.phase != .cancelled {
            throw ScenarioError(
                kind: .invalidValue, path: at + ".phase",
                message: "the last touch is \"ended\" or \"cancelled\", found \"\(touch.phase.rawValue)\"")
        }
    }

    /// At most `Limits.maxTouches` touches in the array at `path` (the decoder checks it before reading them).
    static func checkCount(_ count: Int, _ path: String) throws(ScenarioError) {
        guard count <= Limits.maxTouches else {
            throw ScenarioError(
                kind: .limitExceeded, path: path,
                message: "\(count) touches; the limit is \(Limits.maxTouches) touches per step")
        }
    }

    private static func point(_ p: Vector) -> String {
        "\(ScenarioDecoder.format(p.x)), \(ScenarioDecoder.format(p.y))"
    }
}
