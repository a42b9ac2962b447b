#if canImport(Glibc)
    import Glibc
#endif

/// Linear-time checks that hold on a busy machine: the work at size n and at 4n timed back to back (the best of
/// five each), compared with each other rather than with a wall-clock limit. Linear work takes about 4 times
/// as long at 4n; quadratic, 16 times. The clock is the calling thread's CPU time, so time spent preempted by the
/// other tests does not count (with the wall clock, 4× the keys measured 4.5× alone and 8.6–11.6× in the parallel
/// run). Only the work is timed: its input is built first, outside the clock.
public enum Scaling {
    /// The ratio of the time `body(input(4·n))` takes to the time `body(input(n))` takes (each the best of five runs).
    public static func ratio<Input>(
        _ n: Int, input: (Int) throws -> Input, _ body: (Input) throws -> Void
    ) rethrows -> Double {
        func best(_ size: Int) throws -> Double {
            let value = try input(size)
            var fastest = Double.infinity
            for _ in 0..<5 {
                let start = threadTime()
                try body(value)
                fastest = min(fastest, threadTime() - start)
            }
            return max(fastest, 1e-6)
        }
        let small = try best(n), large = try best(4 * n)
        return large / small
    }

    /// The calling thread's CPU time in seconds.
    static func threadTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// The ratio above which `ratio` calls the work worse than linear (halfway, on a log scale, between 4 and 16).
    public static let superlinear = 8.0
}
