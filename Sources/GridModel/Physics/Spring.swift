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
    /// ω for edge bounces and paging snaps, s⁻¹, fitted to UIKit's traces: edge_impact hits the bottom edge at
    /// 3005 pt/s and overshoots by v/(ω·e) = 100.5 pt (UIKit: 100.3); rubberband_top springs back from 235 pt
    /// in 0.69 s as UIKit does. An edge hit at 2000 pt/s overshoots by 67 points.
    static let omega = 11.0
    /// A release past an edge starts its spring back toward the edge at this fraction of ω times the distance
    /// past it, besides the release velocity (fitted to rubberband_top: 1700 pt/s from 235 pt, where a spring
    /// from rest lags UIKit by 20 pt in the first frames).
    static let releaseKick = 0.66
    /// A spring back to a content edge has settled within this distance (points) and `restSpeed` of it: UIKit's
    /// end about there (edge_impact 0.81 s after the lift, rubberband_top 0.69 s), and the offset then steps
    /// onto the edge, as UIKit's last displayed step does.
    static let edgeRestDistance = 0.4
    /// A paging settle has settled within this distance (points): no trace measures UIKit's, and a last step
    /// this small never shows.
    static let pageRestDistance = 0.05
    static let restSpeed = 5.0

    static func displacement(_ e0: Double, velocity v0: Double, omega w: Double, at t: Double) -> Double {
        (e0 + (v0 + w * e0) * t) * exp(-w * t)
    }

    static func velocity(_ e0: Double, velocity v0: Double, omega w: Double, at t: Double) -> Double {
        let b = v0 + w * e0
        return (b - w * (e0 + b * t)) * exp(-w * t)
    }

    /// When the spring is within `rest` points and `restSpeed` of its target, found on a 1 ms grid
    /// (deterministic), at most 10 s.
    static func duration(_ e0: Double, velocity v0: Double, omega w: Double, rest: Double) -> Double {
        var t = 0.0
        while t < 10 {
            if abs(displacement(e0, velocity: v0, omega: w, at: t)) < rest
                && abs(velocity(e0, velocity: v0, omega: w, at: t)) < restSpeed
            {
                return t
            }
            t += 0.001
        }
        return 10
    }
}
