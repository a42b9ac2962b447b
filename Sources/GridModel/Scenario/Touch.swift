/// One touch of a finger as UIKit delivers it to a scroll view's pan gesture: when, where in the window
/// (points) and in which phase. A `touches` step replays a list of them, such as one logged from an app
/// or recorded from UIKit.
public struct Touch: Sendable, Equatable {
    /// UITouch.Phase's values a recorded gesture holds.
    public enum Phase: String, Sendable, CaseIterable {
        /// The finger touches down (the first touch of a step, and only the first).
        case began
        /// The finger moved.
        case moved
        /// The finger is down and did not move.
        case stationary
        /// The finger lifts (the last touch of a step, or `cancelled`).
        case ended
        /// The system cancelled the gesture: no release velocity.
        case cancelled
    }

    /// Seconds. Only differences count: the step begins at its first touch's time, so a log's own
    /// timestamps (CACurrentMediaTime) can stay as they are.
    public var time: Double
    /// The finger's position in the window, in points.
    public var location: Vector
    /// Where the touch is in its life: touching down, moving, still, lifting or cancelled.
    public var phase: Phase

    /// A touch at `time` seconds, at `location` (window points), in `phase`.
    public init(time: Double, location: Vector, phase: Phase) {
        self.time = time
        self.location = location
        self.phase = phase
    }

    /// How long a step of these touches lasts: from the first touch's time to the last's (0 when empty).
    static func span(_ touches: [Touch]) -> Double {
        guard let first = touches.first, let last = touches.last else { return 0 }
        return last.time - first.time
    }
}
