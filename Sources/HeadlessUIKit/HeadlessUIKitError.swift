/// What HeadlessUIKit throws from its package-visible entry points (the player's layout pass and draw walk):
/// one sentence that says what went wrong and what to change.
public struct HeadlessUIKitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence: what went wrong and what to change.
    public let message: String
    /// The limit that was reached, when one was.
    public let limit: Int?

    package init(_ message: String, limit: Int? = nil) {
        self.message = message
        self.limit = limit
    }

    /// The sentence (`message`).
    public var description: String { message }
}

/// The named bounds on the work one frame may do.
package enum ViewLimits {
    /// Views one layout pass or one draw walk visits at most (hidden subtrees are not visited). Past it the
    /// pass throws rather than doing unbounded work.
    package static let maxViewsPerFrame = 100_000
    /// Coordinates and sizes are clamped to ±this many points (a finite value UIKit would keep; clamped here so
    /// sums of frames never overflow to infinity).
    package static let maxCoordinate: Double = 1e15
    /// Subviews a view may hold before removals from its list are batched (taken out at the next read of it).
    package static let lazyRemovalCount = 4096
}

/// `x` clamped to ±`ViewLimits.maxCoordinate`; nil for NaN and infinities.
@inline(__always)
func finiteCoordinate(_ x: Double) -> Double? {
    guard x.isFinite else { return nil }
    return min(max(x, -ViewLimits.maxCoordinate), ViewLimits.maxCoordinate)
}
