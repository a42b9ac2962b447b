/// Deliberately broken behaviour, injected by tests to prove that `verify` and the seamlessness
/// checks catch real bugs. Never set outside tests.
struct Faults: Sendable {
    /// Device pixels by which a recenter shifts the tiles less than the offset (0: correct).
    var recenterPixelError: Int64 = 0
    /// Linked layers follow the (recentered) content offset instead of the ideal scroll position:
    /// the naive `scrollViewDidScroll` parallax, whose layer jumps at every recenter.
    var layersFollowRecenteredOffset = false
}
