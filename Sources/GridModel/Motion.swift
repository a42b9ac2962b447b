/// What is moving the content offset. Every motion is a pure function of time from its start,
/// so frames never depend on the step size and a recenter only shifts its stored offsets.
enum Motion: Sendable {
    case none
    case drag(Drag)
    case deceleration(Deceleration)
    case animation(Animation)

    struct Drag: Sendable {
        var start: Double
        var duration: Double
        var startOffset: FixedPoint
        /// Offset change over the whole drag: the opposite of the finger's movement.
        var delta: FixedPoint
        var release: Release
        var stepIndex: Int

        func offset(at t: Double) -> FixedPoint {
            let u = min(max((t - start) / duration, 0), 1)
            return startOffset + FixedPoint(x: Int64((Double(delta.x) * u).rounded()),
                                            y: Int64((Double(delta.y) * u).rounded()))
        }

        /// Offset velocity in points per second while the finger moves.
        var velocity: Vector { Vector(x: Fixed.points(delta.x) / duration, y: Fixed.points(delta.y) / duration) }
    }

    struct Animation: Sendable {
        var start: Double
        var duration: Double
        var from: FixedPoint
        var to: FixedPoint

        func offset(at t: Double) -> FixedPoint {
            if t >= start + duration { return to }
            let e = ScrollPhysics.easeInOut((t - start) / duration)
            return from + FixedPoint(x: Int64((Double(to.x - from.x) * e).rounded()),
                                     y: Int64((Double(to.y - from.y) * e).rounded()))
        }

        var end: Double { start + duration }
    }
}

/// A deceleration per UIScrollView: both axes decay with d^(1000t); an axis that reaches a content
/// edge stops there (no bounce yet); the motion ends when the remaining speed is below 10 pt/s.
struct Deceleration: Sendable {
    var start: Double
    var startOffset: FixedPoint
    /// Offset velocity at release, points per second.
    var velocity: Vector
    var rate: Double
    /// Content offset bounds (min, max) per axis, or nil for an unbounded axis.
    var boundsX: ClosedRange<Int64>?
    var boundsY: ClosedRange<Int64>?
    /// Seconds after `start` at which an axis stops at an edge, and where.
    private(set) var stopX: (time: Double, offset: Int64)?
    private(set) var stopY: (time: Double, offset: Int64)?
    /// Seconds after `start` at which the motion ends.
    private(set) var duration: Double = 0

    init(start: Double, startOffset: FixedPoint, velocity: Vector, rate: Double,
         boundsX: ClosedRange<Int64>?, boundsY: ClosedRange<Int64>?) {
        self.start = start
        self.startOffset = startOffset
        self.velocity = velocity
        self.rate = rate
        self.boundsX = boundsX
        self.boundsY = boundsY
        schedule()
    }

    var end: Double { start + duration }

    /// The offset the motion comes to rest at (UIKit's targetContentOffset).
    var target: FixedPoint { offset(at: end) }

    /// Recentering moves the offset and the edges' positions relative to it; the
    /// velocity profile is untouched.
    mutating func shift(by s: FixedPoint, boundsX: ClosedRange<Int64>?, boundsY: ClosedRange<Int64>?) {
        startOffset = startOffset + s
        self.boundsX = boundsX
        self.boundsY = boundsY
        schedule()
    }

    func offset(at t: Double) -> FixedPoint {
        let tau = max(0, min(t, end) - start)
        func axis(_ v0: Double, _ o0: Int64, _ stop: (time: Double, offset: Int64)?) -> Int64 {
            if let stop, tau >= stop.time { return stop.offset }
            return o0 + Fixed.from(points: ScrollPhysics.displacement(v0, rate: rate, at: tau))
        }
        return FixedPoint(x: axis(velocity.x, startOffset.x, stopX), y: axis(velocity.y, startOffset.y, stopY))
    }

    /// Whether an axis was stopped by an edge at or before time t.
    func edgeHit(at t: Double) -> Bool {
        let tau = t - start
        return (stopX.map { tau >= $0.time } ?? false) || (stopY.map { tau >= $0.time } ?? false)
    }

    private static func edgeStop(_ v0: Double, _ o0: Int64, _ bounds: ClosedRange<Int64>?, rate: Double)
        -> (time: Double, offset: Int64)? {
        guard let bounds, v0 != 0 else { return nil }
        let edge = v0 > 0 ? bounds.upperBound : bounds.lowerBound
        if (v0 > 0 && o0 >= edge) || (v0 < 0 && o0 <= edge) { return (0, o0) }
        guard let time = ScrollPhysics.timeToCover(Fixed.points(edge - o0), from: v0, rate: rate) else { return nil }
        return (time, edge)
    }

    private mutating func schedule() {
        let sx = Deceleration.edgeStop(velocity.x, startOffset.x, boundsX, rate: rate)
        let sy = Deceleration.edgeStop(velocity.y, startOffset.y, boundsY, rate: rate)
        var movingX = velocity.x != 0, movingY = velocity.y != 0
        var now = 0.0
        stopX = nil
        stopY = nil
        while true {
            let speed = ((movingX ? velocity.x * velocity.x : 0) + (movingY ? velocity.y * velocity.y : 0)).squareRoot()
            let natural = max(now, ScrollPhysics.decelerationDuration(speed: speed, rate: rate))
            let nextX = movingX ? sx.map(\.time) : nil
            let nextY = movingY ? sy.map(\.time) : nil
            let next = [nextX, nextY].compactMap { $0 }.min()
            guard let next, next < natural else { duration = natural; return }
            now = next
            if nextX == next { movingX = false; stopX = sx }
            if nextY == next { movingY = false; stopY = sy }
        }
    }
}
