/// Deliberately broken behaviour, injected by tests to prove that `verify` and the seamlessness
/// checks catch real bugs. Never set outside tests.
struct Faults: Sendable {
    /// Device pixels by which a recenter shifts the tiles less than the offset (0: correct).
    var recenterPixelError: Int64 = 0
}
