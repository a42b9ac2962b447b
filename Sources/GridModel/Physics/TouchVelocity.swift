/// UIKit's estimate of a finger's velocity when it lifts, from the touches it moved through: the
/// displacement over the last `window` seconds of moves, ending at the last move. A finger that has not
/// moved for `window` seconds before it lifts (held still, then lifted) has no velocity.
///
/// Fitted to the real-UIKit traces in `Tests/Fixtures/uikit-traces`: every flick there moves
/// at a constant speed, which this gives exactly (750, 3000, 3125 pt/s, the willEndDragging velocity
/// UIKit reported); `touch_calib`, held 0.32 s before the lift, gives 0 as UIKit did.
enum TouchVelocity {
    /// How far back the estimate looks from the last move, and how long a still finger keeps its velocity.
    static let window = 0.1

    /// The finger's velocity (points/s) for a lift at `lift` (seconds, on the touches' clock) after the
    /// moves `samples`: (time, position) pairs in time order, the touch-down first.
    static func estimate(_ samples: [(time: Double, position: Vector)], lift: Double) -> Vector {
        guard let last = samples.last, samples.count >= 2, lift - last.time <= window else { return .zero }
        var first = samples.count - 2
        while first > 0, last.time - samples[first - 1].time <= window { first -= 1 }
        let dt = last.time - samples[first].time
        guard dt > 0 else { return .zero }
        return Vector(
            x: (last.position.x - samples[first].position.x) / dt,
            y: (last.position.y - samples[first].position.y) / dt)
    }

    /// The samples `estimate` takes from a step's touches: the touch-down, then every touch that moved the
    /// finger (a `moved` touch, or an `ended` one at a new position).
    static func samples(_ touches: [Touch]) -> [(time: Double, position: Vector)] {
        var samples: [(time: Double, position: Vector)] = []
        for touch in touches {
            if let last = samples.last, touch.location == last.position { continue }
            samples.append((touch.time, touch.location))
        }
        return samples
    }
}
