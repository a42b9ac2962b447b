/// `scroll.touchDown` `.keepVelocity` (pattern 10's naive side): a deceleration that a touch-down does not
/// stop keeps moving the content under the finger, added to the finger's motion, until the finger lifts.
extension ScrollModel {
    /// The rest of a deceleration a touch-down did not stop: from `start`, velocity `velocity` (points/s)
    /// decaying as v·d^(1000·τ) until the speed falls below the model's stop speed at `end`.
    struct Carry: Sendable {
        var start: Double
        var velocity: Vector
        var rate: Double
        var end: Double

        /// What the carried motion moves the content from time `a` to time `b`, in fixed units.
        func shift(from a: Double, to b: Double) -> FixedShift {
            func moved(_ v: Double, _ t: Double) -> Double {
                ScrollPhysics.displacement(v, rate: rate, at: min(max(t, start), end) - start)
            }
            return FixedShift(
                x: Fixed.from(points: moved(velocity.x, b)) - Fixed.from(points: moved(velocity.x, a)),
                y: Fixed.from(points: moved(velocity.y, b)) - Fixed.from(points: moved(velocity.y, a)))
        }
    }

    /// The carried deceleration for a finger touching down at `t`: with `keepsVelocity`, the velocity the
    /// content is decelerating at (none while it bounces, settles or animates); a drag that goes on keeps its
    /// own. Call before the touch-down replaces the motion.
    func carryForTouch(at t: Double) -> Carry? {
        switch motion {
        case .drag(let drag):
            return drag.carry
        case .release(let px, let py, _):
            guard keepsVelocity else { return nil }
            let v = Vector(x: px.decelerationVelocity(at: t), y: py.decelerationVelocity(at: t))
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            let duration = ScrollPhysics.decelerationDuration(speed: speed, rate: rate, stop: stopSpeed)
            guard duration > 0 else { return nil }
            return Carry(start: t, velocity: v, rate: rate, end: t + duration)
        case .none, .animation:
            return nil
        }
    }
}
