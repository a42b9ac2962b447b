import GridModel

/// Pattern 5: item indices in range, and on a loop the item at rest the ideal plane's.
extension PatternMonitor {
    /// 5: item indices of looping or finite axes in [0, N).
    mutating func checkIndices(_ frame: FrameState) {
        guard let bad = Self.firstItemOutOfRange(frame, facts) else { return }
        found(
            .indexOutOfRange, frame.index, expected: "an item \(bad.axis) in 0..<\(bad.count)",
            actual: "item \(bad.axis) \(bad.item) (tile \(bad.tile))")
    }

    /// The first tile (x checked before y) whose item lies outside [0, N) on a finite or looping axis.
    ///
    /// ```swift
    /// PatternMonitor.firstItemOutOfRange(frame, facts)  // (tile (-1, 0), "x", -1, 5) for item -1 of 5
    /// ```
    static func firstItemOutOfRange(
        _ frame: FrameState, _ facts: PatternFacts
    ) -> (tile: TileCoordinate, axis: String, item: Int64, count: Int)? {
        for tile in frame.tiles {
            if let n = facts.columns, n > 0, !(0..<Int64(n)).contains(tile.item.x) {
                return (tile.coordinate, "x", tile.item.x, n)
            }
            if let n = facts.rows, n > 0, !(0..<Int64(n)).contains(tile.item.y) {
                return (tile.coordinate, "y", tile.item.y, n)
            }
        }
        return nil
    }

    /// 5 at rest on a loop: the item at the viewport's centre (what a carousel reports as its current
    /// item) is the ideal plane's. The trace's `page` is a position on the page grid (UIKit's
    /// `contentOffset` over the bounds), not an item, so the item is taken from the centred tile.
    mutating func checkItemAtRest(_ frame: FrameState, _ ideal: FrameState?) {
        guard facts.loops, frame.phase == .idle, let ideal, ideal.phase == .idle,
            let mine = Self.centredItem(frame), let theirs = Self.centredItem(ideal), mine != theirs
        else { return }
        found(
            .indexOutOfRange, frame.index, expected: "item \(theirs) at the centre at rest (the ideal plane's)",
            actual: "item \(mine)")
    }

    /// The item of the tile under the viewport's centre, or nil when no tile covers it.
    static func centredItem(_ frame: FrameState) -> TileCoordinate? {
        let scale = Double(max(1, frame.scale))
        let cx = frame.viewport.width * scale / 2
        let cy = frame.viewport.height * scale / 2
        return frame.tiles.first { t in
            let r = t.pixelRect
            return r.x <= cx && cx < r.x + r.width && r.y <= cy && cy < r.y + r.height
        }?.item
    }
}
