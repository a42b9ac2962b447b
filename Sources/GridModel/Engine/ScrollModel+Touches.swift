/// A finger's path during a drag: a `drag` step's straight line at constant speed, or a `touches` step's
/// replayed touches (the finger jumps to each touch's position at its time, as UIKit delivers them). The
/// pan's slop is crossed here: the content stays until the finger has travelled `ScrollPhysics.panSlop`
/// from where it touched down, then follows it that far behind.
struct FingerPath: Sendable {
    enum Shape: Sendable {
        /// From the touch-down point by `finger` points over `duration` seconds.
        case line(finger: Vector, duration: Double)
        /// Touch times (seconds after the first) and finger positions relative to the first.
        case touches(times: [Double], positions: [Vector], velocity: Vector)
    }

    private(set) var shape: Shape
    /// The slop still to cross, points: `ScrollPhysics.panSlop` for a finger that has not crossed it yet, 0 for
    /// a gesture whose pan has begun (a drag after a kept one that crossed it).
    let slop: Double
    /// Where the finger already is, relative to where it touched down, when the path starts (a drag that goes
    /// on from a kept one that has not crossed the slop yet): the slop is measured from the touch-down point.
    private(set) var prior: Vector
    /// When the finger first reaches `slop` from where it touched down, and its direction then (a unit
    /// vector); nil if it never does. Computed once: `moved(at:)` runs every frame.
    private(set) var crossing: (time: Double, direction: Vector)?

    init(shape: Shape, slop: Double, prior: Vector = .zero) {
        self.shape = shape
        self.slop = slop
        self.prior = prior
        crossing = slop > 0 ? Self.crossing(of: shape, slop: slop, prior: prior) : nil
    }

    /// The finger's offset from its starting point `τ` seconds into the path.
    func finger(at tau: Double) -> Vector {
        switch shape {
        case .line(let finger, let duration):
            let u = min(max(tau / duration, 0), 1)
            return Vector(x: finger.x * u, y: finger.y * u)
        case .touches(let times, let positions, _):
            return positions[Self.index(times, at: tau)]
        }
    }

    /// How far the finger moves the content by `τ`, in finger points (the content moves the other way):
    /// nothing until the finger is `slop` from where it touched down, then the finger's offset less `slop`
    /// along the direction it crossed the slop in.
    func moved(at tau: Double) -> Vector {
        let f = finger(at: tau)
        guard slop > 0 else { return f }
        guard let crossing, tau >= crossing.time else { return .zero }
        return Vector(x: prior.x + f.x - crossing.direction.x * slop, y: prior.y + f.y - crossing.direction.y * slop)
    }

    /// The first time the finger, `prior` from its touch-down point at the start, is `slop` from that point.
    static func crossing(of shape: Shape, slop: Double, prior: Vector) -> (time: Double, direction: Vector)? {
        func direction(_ p: Vector) -> Vector? {
            let length = (p.x * p.x + p.y * p.y).squareRoot()
            return length >= slop && length > 0 ? Vector(x: p.x / length, y: p.y / length) : nil
        }
        switch shape {
        case .line(let finger, let duration):
            // |prior + finger·u| = slop for the smallest u in 0…1 (prior is inside the slop).
            if let d = direction(prior) { return (0, d) }
            let a = finger.x * finger.x + finger.y * finger.y
            guard a > 0 else { return nil }
            let b = 2 * (prior.x * finger.x + prior.y * finger.y)
            let c = prior.x * prior.x + prior.y * prior.y - slop * slop
            let u = (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
            guard u.isFinite, u <= 1 else { return nil }
            let p = Vector(x: prior.x + finger.x * u, y: prior.y + finger.y * u)
            let length = (p.x * p.x + p.y * p.y).squareRoot()
            guard length > 0 else { return nil }
            return (duration * max(u, 0), Vector(x: p.x / length, y: p.y / length))
        case .touches(let times, let positions, _):
            for (time, p) in zip(times, positions) {
                if let d = direction(Vector(x: prior.x + p.x, y: prior.y + p.y)) { return (time, d) }
            }
            return nil
        }
    }

    /// The finger's velocity when it lifts at the path's end (points/s): a line's constant speed; UIKit's
    /// estimate from replayed touches (`TouchVelocity`). None if the pan never crossed its slop.
    var releaseVelocity: Vector {
        guard slop == 0 || crossing != nil else { return .zero }
        switch shape {
        case .line(let finger, let duration): return Vector(x: finger.x / duration, y: finger.y / duration)
        case .touches(_, _, let velocity): return velocity
        }
    }

    /// What a drag that goes on from this one `τ` seconds in starts with: no slop if the pan has begun by then;
    /// otherwise the same slop, measured from the same touch-down point.
    func continuation(at tau: Double) -> (slop: Double, prior: Vector) {
        guard slop > 0 else { return (0, .zero) }
        if let crossing, tau >= crossing.time { return (0, .zero) }
        let f = finger(at: tau)
        return (slop, Vector(x: prior.x + f.x, y: prior.y + f.y))
    }

    /// Drops the finger's motion along an axis that cannot scroll (`x` or `y` false), before the slop is
    /// measured: only travel along a scrolling axis moves the content.
    mutating func lock(x: Bool, y: Bool) {
        func keep(_ v: Vector) -> Vector { Vector(x: x ? v.x : 0, y: y ? v.y : 0) }
        switch shape {
        case .line(let finger, let duration): shape = .line(finger: keep(finger), duration: duration)
        case .touches(let times, let positions, let velocity):
            shape = .touches(times: times, positions: positions.map(keep), velocity: keep(velocity))
        }
        prior = keep(prior)
        crossing = slop > 0 ? Self.crossing(of: shape, slop: slop, prior: prior) : nil
    }

    /// The last index whose time is at or before `tau` (0 before the first), by bisection.
    static func index(_ times: [Double], at tau: Double) -> Int {
        var low = 0
        var high = times.count - 1
        guard high > 0, tau >= times[0] else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if times[mid] <= tau { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// A `touches` step's path: positions relative to the first touch, times after it.
    static func replaying(_ touches: [Touch]) -> FingerPath {
        let t0 = touches[0].time
        let p0 = touches[0].location
        let times = touches.map { $0.time - t0 }
        let positions = touches.map { Vector(x: $0.location.x - p0.x, y: $0.location.y - p0.y) }
        let lift = touches[touches.count - 1]
        let velocity =
            lift.phase == .cancelled ? .zero : TouchVelocity.estimate(TouchVelocity.samples(touches), lift: lift.time)
        return FingerPath(
            shape: .touches(times: times, positions: positions, velocity: velocity), slop: ScrollPhysics.panSlop)
    }
}

extension ScrollModel {
    /// A `touches` step: the finger touches down (a finger still down from a kept drag lifts first), moves
    /// through the touches and lifts (or is cancelled) at the last one, by `endDrag`.
    mutating func beginTouches(at t: Double, _ touches: [Touch]) {
        releaseIfHeld(at: t)
        let path = FingerPath.replaying(touches)
        let then: DragEnd = touches[touches.count - 1].phase == .cancelled ? .cancel : .release
        startDrag(at: t, path: path, duration: Touch.span(touches), release: .fling, then: then)
    }
}
