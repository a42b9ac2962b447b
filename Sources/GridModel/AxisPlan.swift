import Foundation

/// One axis's motion after a release or during an animation, as consecutive pieces that are pure
/// functions of time. Offsets are fixed-point; a recenter adds the same shift to every piece.
struct AxisPlan: Sendable {
    enum Piece: Sendable {
        /// UIScrollView deceleration from `from` with `velocity` points/s.
        case decelerate(start: Double, end: Double, from: Int64, velocity: Double, rate: Double)
        /// A critically damped spring from `from` (with `velocity`) to `to`.
        case spring(start: Double, end: Double, from: Int64, velocity: Double, to: Int64, omega: Double)
        /// Core Animation-style timed curve from `from` to `to`.
        case ease(start: Double, end: Double, from: Int64, to: Int64, curve: Curve)
        /// At rest at `at` from `start` on.
        case hold(start: Double, at: Int64)

        var end: Double {
            switch self {
            case .decelerate(_, let end, _, _, _), .spring(_, let end, _, _, _, _), .ease(_, let end, _, _, _): return end
            case .hold(let start, _): return start
            }
        }
        var start: Double {
            switch self {
            case .decelerate(let start, _, _, _, _), .spring(let start, _, _, _, _, _), .ease(let start, _, _, _, _),
                 .hold(let start, _): return start
            }
        }

        func offset(at t: Double) -> Int64 {
            switch self {
            case let .decelerate(start, end, from, velocity, rate):
                let tau = min(max(t, start), end) - start
                return from + Fixed.from(points: ScrollPhysics.displacement(velocity, rate: rate, at: tau))
            case let .spring(start, end, from, velocity, to, omega):
                if t >= end { return to }
                let e = Spring.displacement(Fixed.points(from - to), velocity: velocity, omega: omega, at: max(0, t - start))
                return to + Fixed.from(points: e)
            case let .ease(start, end, from, to, curve):
                if t >= end { return to }
                let u = curve.value((max(t, start) - start) / (end - start))
                return from + Int64((Double(to - from) * u).rounded())
            case .hold(_, let at): return at
            }
        }

        func shifted(by s: Int64) -> Piece {
            switch self {
            case let .decelerate(start, end, from, velocity, rate): return .decelerate(start: start, end: end, from: from + s, velocity: velocity, rate: rate)
            case let .spring(start, end, from, velocity, to, omega): return .spring(start: start, end: end, from: from + s, velocity: velocity, to: to + s, omega: omega)
            case let .ease(start, end, from, to, curve): return .ease(start: start, end: end, from: from + s, to: to + s, curve: curve)
            case let .hold(start, at): return .hold(start: start, at: at + s)
            }
        }

        var isBounce: Bool { if case .spring = self { return true } else { return false } }
    }

    enum Curve: Sendable {
        case easeInOut, easeOut
        func value(_ u: Double) -> Double {
            switch self {
            case .easeInOut: return ScrollPhysics.easeInOut(u)
            case .easeOut: return ScrollPhysics.easeOut(u)
            }
        }
    }

    var pieces: [Piece]
    /// Whether a content edge stopped or bounced this axis.
    var hitsEdge = false
    /// Pieces that are springs back from an edge (phase `bouncing`), by index.
    var bounceFrom: Int? = nil

    static func rest(at offset: Int64, from t: Double) -> AxisPlan { AxisPlan(pieces: [.hold(start: t, at: offset)]) }

    var end: Double { pieces.last?.end ?? 0 }
    var target: Int64 { pieces.last!.offset(at: .infinity) }

    func piece(at t: Double) -> Int {
        pieces.lastIndex { $0.start <= t } ?? 0
    }

    func offset(at t: Double) -> Int64 { pieces[piece(at: t)].offset(at: t) }

    func isBouncing(at t: Double) -> Bool {
        guard let bounceFrom, t < end else { return false }
        return piece(at: t) >= bounceFrom
    }

    func edgeHit(at t: Double) -> Bool {
        guard let bounceFrom, hitsEdge else { return false }
        return t >= pieces[bounceFrom].start
    }

    func shifted(by s: Int64) -> AxisPlan {
        var copy = self
        copy.pieces = pieces.map { $0.shifted(by: s) }
        return copy
    }
}

/// A critically damped spring: e(t) = (e0 + (v0 + ω·e0)·t)·e^(−ωt), the displacement from its target.
/// It never oscillates, so an edge bounce overshoots once and settles exactly on the edge.
enum Spring {
    /// ω for edge bounces and paging snaps, s⁻¹: a 100-point displacement settles in about half a second,
    /// close to UIScrollView's bounce; an edge hit at 2000 pt/s overshoots by v/(ω·e) ≈ 49 points.
    static let omega = 15.0
    /// Settled when within this distance (points) and speed (points/s) of the target.
    static let restDistance = 0.05
    static let restSpeed = 5.0

    static func displacement(_ e0: Double, velocity v0: Double, omega w: Double, at t: Double) -> Double {
        (e0 + (v0 + w * e0) * t) * exp(-w * t)
    }

    static func velocity(_ e0: Double, velocity v0: Double, omega w: Double, at t: Double) -> Double {
        let b = v0 + w * e0
        return (b - w * (e0 + b * t)) * exp(-w * t)
    }

    /// When the spring settles, found on a 1 ms grid (deterministic), at most 10 s.
    static func duration(_ e0: Double, velocity v0: Double, omega w: Double) -> Double {
        var t = 0.0
        while t < 10 {
            if abs(displacement(e0, velocity: v0, omega: w, at: t)) < restDistance
                && abs(velocity(e0, velocity: v0, omega: w, at: t)) < restSpeed { return t }
            t += 0.001
        }
        return 10
    }
}

/// How one axis responds to a release: its content edges, bounce, paging.
struct AxisRules: Sendable {
    /// Allowed offsets, or nil for an unbounded axis.
    var bounds: ClosedRange<Int64>?
    var bounces: Bool
    var paging: PagingMode
    /// Page size and the content offset of page 0.
    var pageSize: Int64
    var pageOrigin: Int64
    var rate: Double
    /// False for a disabled axis: it never moves.
    var enabled = true

    func page(of offset: Int64) -> Int64 { Fixed.floorDiv(offset - pageOrigin + pageSize / 2, pageSize) }
    func pageOffset(_ page: Int64) -> Int64 {
        let o = pageOrigin + page * pageSize
        guard let bounds else { return o }
        return min(max(o, bounds.lowerBound), bounds.upperBound)
    }

    /// Plans the motion after a finger lifts at t0 from x0 with offset velocity v0 (points/s).
    /// `end` is the deceleration's end from the 2D speed; `startPage` the page the gesture began on.
    func release(at t0: Double, from x0: Int64, velocity v0: Double, end: Double, startPage: Int64) -> AxisPlan {
        guard enabled else { return .rest(at: x0, from: t0) }
        if let bounds, !bounds.contains(x0) {
            // Released past an edge (rubber-banded): spring back to it.
            let edge = x0 < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            var target = edge
            if paging == .viewport || paging == .target { target = pageOffset(page(of: edge)) }
            return springPlan(at: t0, from: x0, velocity: bounces ? v0 : 0, to: target, edge: true)
        }
        switch paging {
        case .viewport:
            // UIKit's paging: a flick moves one page in its direction, otherwise to the nearest page;
            // never more than one page from where the gesture began.
            var page = self.page(of: x0)
            if abs(v0) > ScrollPhysics.pagingFlickVelocity { page = startPage + (v0 > 0 ? 1 : -1) }
            page = min(max(page, startPage - 1), startPage + 1)
            let target = pageOffset(page)
            return springPlan(at: t0, from: x0, velocity: v0, to: target, edge: false)
        case .target:
            // targetContentOffset: move the natural resting place to the nearest page boundary and
            // choose the release velocity that decelerates exactly onto it.
            let natural = x0 + Fixed.from(points: ScrollPhysics.displacement(v0, rate: rate, at: max(0, end - t0)))
            let target = pageOffset(page(of: natural))
            let distance = Fixed.points(target - x0)
            if abs(distance) < 0.001 { return .rest(at: target, from: t0) }
            let k = -1000 * log(rate)
            let v = distance * k + (distance > 0 ? 1 : -1) * ScrollPhysics.minimumVelocity
            let duration = ScrollPhysics.decelerationDuration(speed: abs(v), rate: rate)
            return AxisPlan(pieces: [.decelerate(start: t0, end: t0 + duration, from: x0, velocity: v, rate: rate),
                                     .hold(start: t0 + duration, at: target)])
        case .none, .snap:
            return decelerationPlan(at: t0, from: x0, velocity: v0, end: end)
        }
    }

    /// The plan after a recenter shifted the offset by `s`. A deceleration still in its first piece is
    /// planned again from its shifted start, so a content edge it was heading for is now further away;
    /// anything else (a bounce, a paging snap) moves with the content.
    func replan(_ plan: AxisPlan, shift s: Int64, _ t0: Double, _ x0: Int64, _ v0: Double, _ end: Double, now: Double) -> AxisPlan {
        guard s != 0 else { return plan }
        if paging == .none || paging == .snap, plan.piece(at: now) == 0, case .decelerate = plan.pieces[0] {
            return decelerationPlan(at: t0, from: x0, velocity: v0, end: end)
        }
        return plan.shifted(by: s)
    }

    /// Deceleration that stops at (bounces: false) or bounces off (true) a content edge.
    func decelerationPlan(at t0: Double, from x0: Int64, velocity v0: Double, end: Double) -> AxisPlan {
        let last = x0 + Fixed.from(points: ScrollPhysics.displacement(v0, rate: rate, at: max(0, end - t0)))
        var plan = AxisPlan(pieces: [.decelerate(start: t0, end: end, from: x0, velocity: v0, rate: rate), .hold(start: end, at: last)])
        guard let bounds, v0 != 0 else { return plan }
        let edge = v0 > 0 ? bounds.upperBound : bounds.lowerBound
        guard let hit = ScrollPhysics.timeToCover(Fixed.points(edge - x0), from: v0, rate: rate), t0 + hit < end else { return plan }
        let th = t0 + hit
        plan.pieces[0] = .decelerate(start: t0, end: th, from: x0, velocity: v0, rate: rate)
        plan.hitsEdge = true
        if bounces {
            let vh = ScrollPhysics.velocity(v0, rate: rate, at: hit)
            let settle = Spring.duration(0, velocity: vh, omega: Spring.omega)
            plan.pieces[1] = .spring(start: th, end: th + settle, from: edge, velocity: vh, to: edge, omega: Spring.omega)
            plan.pieces.append(.hold(start: th + settle, at: edge))
        } else {
            plan.pieces[1] = .hold(start: th, at: edge)
        }
        plan.bounceFrom = 1
        return plan
    }

    func springPlan(at t0: Double, from x0: Int64, velocity v0: Double, to target: Int64, edge: Bool) -> AxisPlan {
        let settle = Spring.duration(Fixed.points(x0 - target), velocity: v0, omega: Spring.omega)
        var plan = AxisPlan(pieces: [.spring(start: t0, end: t0 + settle, from: x0, velocity: v0, to: target, omega: Spring.omega),
                                     .hold(start: t0 + settle, at: target)])
        if edge { plan.bounceFrom = 0 }
        return plan
    }

    /// The rubber band: content dragged x points past an edge moves b = (1 − 1/(x·c/d + 1))·d.
    static func rubberBand(_ x: Double, dimension d: Double, c: Double = 0.55) -> Double {
        (1 - 1 / (x * c / d + 1)) * d
    }

    /// db/dx, the ratio of content speed to finger speed past an edge.
    static func rubberBandSlope(_ x: Double, dimension d: Double, c: Double = 0.55) -> Double {
        let q = x * c / d + 1
        return c / (q * q)
    }
}
