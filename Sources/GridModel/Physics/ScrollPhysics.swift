#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIScrollView's motion formulas, as pure functions of time.
public enum ScrollPhysics {
    /// `UIScrollView.DecelerationRate.normal`: the velocity is multiplied by 0.998 every millisecond.
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastDecelerationRate = 0.99
    /// Deceleration ends when the speed drops below this many points per second.
    package static let minimumVelocity = 10.0
    /// The pan's slop, points: the content stays until the finger has moved this far from where it touched
    /// down, then follows it this far behind for the rest of the gesture (measured: every trace's content
    /// travel is the finger's less 10 pt).
    package static let panSlop = 10.0
    /// Seconds from a lift to the start of the motion after it (measured: the deceleration and the spring
    /// back fit best starting 1 ms after the lift's timestamp).
    package static let liftDelay = 0.001

    /// v(t) = v0·d^(1000·t).
    package static func velocity(_ v0: Double, rate d: Double, at t: Double) -> Double {
        v0 * pow(d, 1000 * t)
    }

    /// UIKit multiplies the velocity by d every millisecond and moves by it: after n ms the content has moved
    /// v0/1000·(d + d² + … + dⁿ) = v0·F·(1 − dⁿ) with F = d/(1000·(1 − d)), 0.499 s for `.normal` (the
    /// continuous integral's 1/(−1000·ln d) is 0.4995 s, 0.5 pt more per 1000 pt/s; the traces side with the sum).
    package static func distanceFactor(rate d: Double) -> Double { d / (1000 * (1 - d)) }

    /// x(t) − x0 = v0·F·(1 − d^(1000t)): the per-millisecond sum at whole milliseconds, smooth between them.
    package static func displacement(_ v0: Double, rate d: Double, at t: Double) -> Double {
        v0 * distanceFactor(rate: d) * (1 - pow(d, 1000 * t))
    }

    /// d/dt of `displacement`: v0·F·(−1000·ln d)·d^(1000t), the speed of the drawn curve (the smooth
    /// interpolation of the per-millisecond sum moves 0.1 % slower than v0·d^(1000t) at 0.998, 0.5 % at 0.99).
    package static func slope(_ v0: Double, rate d: Double, at t: Double) -> Double {
        v0 * distanceFactor(rate: d) * (-1000 * log(d)) * pow(d, 1000 * t)
    }

    /// Time for a speed to decay to `stop` (`minimumVelocity` unless a naive policy says otherwise); 0 when it
    /// is already below.
    package static func decelerationDuration(speed: Double, rate d: Double, stop: Double = minimumVelocity) -> Double {
        speed < stop ? 0 : log(stop / speed) / (1000 * log(d))
    }

    /// x^y (`pow`, for files that do not import the C library).
    package static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }

    /// When a deceleration from v0 has covered `distance` (same sign as v0); nil if it never does.
    package static func timeToCover(_ distance: Double, from v0: Double, rate d: Double) -> Double? {
        guard v0 != 0 else { return nil }
        let argument = 1 - distance / (v0 * distanceFactor(rate: d))
        guard argument > 0 else { return nil }
        let t = log(argument) / (1000 * log(d))
        return t >= 0 ? t : nil
    }

    /// Core Animation's ease-in-ease-out timing, the cubic Bézier (0.42, 0, 0.58, 1).
    package static func easeInOut(_ progress: Double) -> Double { timingCurve(progress, x1: 0.42, x2: 0.58) }

    /// A CAMediaTimingFunction-style cubic Bézier from (0, 0) to (1, 1) with control points
    /// (x1, 0) and (x2, 1), evaluated at `progress`. Solved by bisection with a fixed number of
    /// iterations, so it is deterministic.
    static func timingCurve(_ progress: Double, x1: Double, x2: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inv = 1 - s
            return 3 * inv * inv * s * p1 + 3 * inv * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<52 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < progress { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }
}

extension ScrollPhysics {
    /// Above this speed (points/s) a paging release moves to the next page in its direction.
    package static let pagingFlickVelocity = 300.0

    /// Core Animation's ease-out, the cubic Bézier (0, 0, 0.58, 1).
    package static func easeOut(_ progress: Double) -> Double { timingCurve(progress, x1: 0, x2: 0.58) }

    /// Where a fling's momentum would carry a gesture: SwiftUI's predictedEndTranslation, the
    /// translation plus the distance a normal-rate deceleration from `velocity` covers.
    package static func predictedEnd(translation: Double, velocity: Double) -> Double {
        translation + velocity / (-1000 * log(normalDecelerationRate))
    }
}
