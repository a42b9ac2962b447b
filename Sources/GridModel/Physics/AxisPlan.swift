#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
            case .decelerate(_, let end, _, _, _), .spring(_, let end, _, _, _, _), .ease(_, let end, _, _, _):
                return end
            case .hold(let start, _): return start
            }
        }
        var start: Double {
            switch self {
            case .decelerate(let start, _, _, _, _), .spring(let start, _, _, _, _, _), .ease(let start, _, _, _, _),
                .hold(let start, _):
                return start
            }
        }

        func offset(at t: Double) -> Int64 {
            switch self {
            case .decelerate(let start, let end, let from, let velocity, let rate):
                let tau = min(max(t, start), end) - start
                return from + Fixed.from(points: ScrollPhysics.displacement(velocity, rate: rate, at: tau))
            case .spring(let start, let end, let from, let velocity, let to, let omega):
                if t >= end { return to }
                let e = Spring.displacement(
                    Fixed.points(from - to), velocity: velocity, omega: omega, at: max(0, t - start))
                return to + Fixed.from(points: e)
            case .ease(let start, let end, let from, let to, let curve):
                if t >= end { return to }
                let u = curve.value((max(t, start) - start) / (end - start))
                return from + Int64((Double(to - from) * u).rounded())
            case .hold(_, let at): return at
            }
        }

        func shifted(by s: Int64) -> Piece {
            switch self {
            case .decelerate(let start, let end, let from, let velocity, let rate):
                return .decelerate(start: start, end: end, from: from + s, velocity: velocity, rate: rate)
            case .spring(let start, let end, let from, let velocity, let to, let omega):
                return .spring(start: start, end: end, from: from + s, velocity: velocity, to: to + s, omega: omega)
            case .ease(let start, let end, let from, let to, let curve):
                return .ease(start: start, end: end, from: from + s, to: to + s, curve: curve)
            case .hold(let start, let at): return .hold(start: start, at: at + s)
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
    /// The piece from which the edge has the axis: a spring back from an edge (phase `bouncing`), or the
    /// hold where an edge stopped it (`bounces: false`).
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

    /// Whether the edge stopped or bounced this axis at some time in (a, b]: the instant an edge stops
    /// it (`bounces: false`), or any time during the spring that bounces it back.
    func edgeHit(after a: Double, through b: Double) -> Bool {
        guard let bounceFrom, hitsEdge else { return false }
        return pieces[bounceFrom].start <= b && pieces[bounceFrom].end > a
    }

    /// When the axis stops decelerating: the end of a first `decelerate` piece (a content edge may cut it
    /// short), otherwise the plan's start (a spring, an animation or a rest never decelerates).
    var decelerationEnd: Double {
        if case .decelerate(_, let end, _, _, _)? = pieces.first { return end }
        return pieces.first?.start ?? 0
    }

    /// The offset's velocity (points/s) at `t` while a deceleration piece runs; 0 otherwise.
    func decelerationVelocity(at t: Double) -> Double {
        guard case .decelerate(let start, let end, _, let velocity, let rate) = pieces[piece(at: t)], t < end else {
            return 0
        }
        return ScrollPhysics.velocity(velocity, rate: rate, at: t - start)
    }

    func shifted(by s: Int64) -> AxisPlan {
        var copy = self
        copy.pieces = pieces.map { $0.shifted(by: s) }
        return copy
    }
}
