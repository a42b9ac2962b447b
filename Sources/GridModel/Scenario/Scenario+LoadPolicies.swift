/// How a tile's content arrives: a load latency and what a tile shows until its content is there (issue 15's
/// pattern 3, blank tiles during fast flings).

/// What a laid-out tile shows while its content has not arrived yet.
public enum UnloadedTile: String, Sendable, CaseIterable {
    /// A placeholder (`style.placeholderColor`, the tile's border and label): the viewport is always covered.
    case placeholder
    /// Nothing: a transparent cell waiting for an asynchronously loaded image, so the background shows through
    /// until the content arrives (pattern 3's naive side). With `grid.loadLatency` the blank band at the leading
    /// edge grows with the speed: a tile that enters the kept range less than `loadLatency` before it scrolls
    /// into view is still empty there.
    case transparent
}

extension GridSpec {
    /// Whether a tile asked to load at `requested` shows its content at time `now`: once `loadLatency` seconds
    /// have passed (to within 10^-9 s, so that a latency of a whole number of frames is that many frames).
    ///
    /// ```swift
    /// var grid = GridSpec()
    /// grid.loadLatency = 0.1
    /// grid.hasArrived(requested: 1.0, now: 1.05) == false
    /// grid.hasArrived(requested: 1.0, now: 1.1) == true
    /// ```
    public func hasArrived(requested: Double, now: Double) -> Bool {
        now - requested >= loadLatency - 1e-9
    }
}

extension Allowed {
    /// `grid.loadLatency`, seconds.
    static let loadLatency = 0...Limits.maxLoadLatency
}

extension Limits {
    /// The longest `grid.loadLatency`, seconds.
    public static let maxLoadLatency = 10.0
}

extension Scenario {
    /// `grid.loadLatency` within 0…10 s; neither it nor `grid.unloadedTile` with the pager, which draws its
    /// pages whole.
    func checkLoading() throws(ScenarioError) {
        try Check.number(grid.loadLatency, in: Allowed.loadLatency, "grid.loadLatency")
        guard pager != nil else { return }
        if grid.loadLatency != 0 {
            throw ScenarioError(
                kind: .invalidValue, path: "grid.loadLatency",
                message: "the pager draws its pages whole: grid.loadLatency must be 0 with pager")
        }
        if grid.unloadedTile != .placeholder {
            throw ScenarioError(
                kind: .invalidValue, path: "grid.unloadedTile",
                message: "the pager draws its pages whole: grid.unloadedTile must be \"placeholder\" with pager")
        }
    }
}
