#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
