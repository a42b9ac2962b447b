/// Linear-time checks that hold on a busy machine: the work at size n and at 4n timed back to back (the best of
/// three each), compared with each other rather than with a wall-clock limit. Linear work takes about 4 times
/// as long at 4n; quadratic, 16 times.
public enum Scaling {
    /// The ratio of the time `body(4·n)` takes to the time `body(n)` takes (each the best of three runs).
    public static func ratio(_ n: Int, _ body: (Int) throws -> Void) rethrows -> Double {
        func best(_ size: Int) throws -> Double {
            var fastest = Double.infinity
            for _ in 0..<3 {
                let start = ContinuousClock.now
                try body(size)
                let d = ContinuousClock.now - start
                fastest = min(fastest, Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
            }
            return max(fastest, 1e-6)
        }
        let small = try best(n), large = try best(4 * n)
        return large / small
    }

    /// The ratio above which `ratio` calls the work worse than linear (halfway, on a log scale, between 4 and 16).
    public static let superlinear = 8.0
}
