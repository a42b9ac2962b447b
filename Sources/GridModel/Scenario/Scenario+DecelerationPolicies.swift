/// Pattern 10's naive deceleration policies (issue 15): how friction is applied, what a touch-down on moving
/// content does, and when a deceleration stops. Each default is UIKit's behaviour.

/// How a deceleration's velocity decays.
public enum Friction: String, Sendable, CaseIterable {
    /// UIKit's curve, a function of time: v(t) = v0·d^(1000·t) at any frame rate.
    case timeBased
    /// An app's own display-link loop that does `velocity *= rate` once per frame, with the per-frame factor
    /// written for 60 fps (d^(1000/60)): at f fps the velocity decays like d^(1000·t·f/60), so at 120 fps
    /// (ProMotion) the content stops twice as soon and travels half as far (pattern 10's naive side). At
    /// 60 fps it is the time-based curve.
    case perFrame
}

/// What a finger touching down on content that is still decelerating does.
public enum TouchDownPolicy: String, Sendable, CaseIterable {
    /// UIKit: the deceleration stops where it is and the content follows the finger alone.
    case stop
    /// An app that does not cancel its deceleration animation on touch-down: the content keeps decelerating
    /// under the finger, its motion added to the finger's, until the finger lifts (pattern 10's naive side).
    case keepVelocity
}

/// When a free deceleration ends.
public enum DecelerationStop: String, Sendable, CaseIterable {
    /// UIKit: when the speed falls below `ScrollPhysics.minimumVelocity` (10 pt/s); a release slower than that
    /// does not decelerate at all.
    case minimumVelocity
    /// An app's loop that runs `while abs(velocity) > 0.01`: a release at a tiny velocity starts a deceleration
    /// that creeps a fraction of a pixel every few frames for seconds, and everything that waits for the scroll
    /// to end (`didEndDecelerating`, an at-rest recenter, lazy content) waits with it (pattern 10's naive side).
    case nearZero

    /// The speed (points/s) below which the deceleration ends.
    ///
    /// ```swift
    /// DecelerationStop.minimumVelocity.speed == 10
    /// ```
    public var speed: Double {
        switch self {
        case .minimumVelocity: return ScrollPhysics.minimumVelocity
        case .nearZero: return 0.01
        }
    }
}

extension Scenario {
    /// The per-millisecond rate the scenario's own decelerations use: `scroll.decelerationRate`, or with
    /// `scroll.friction` `.perFrame` the rate a per-frame factor written for 60 fps amounts to at `fps`,
    /// d^(fps/60).
    ///
    /// ```swift
    /// // 0.998 at 120 fps with friction "perFrame": 0.998² = 0.996004 per millisecond.
    /// let rate = scenario.effectiveDecelerationRate
    /// ```
    public var effectiveDecelerationRate: Double {
        let d = scroll.decelerationRate
        guard scroll.friction == .perFrame else { return d }
        return ScrollPhysics.power(d, Double(fps) / 60)
    }
}
