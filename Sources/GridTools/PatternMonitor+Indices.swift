import GridModel

/// Pattern 5: item indices in range.
extension PatternMonitor {
    /// 5: item indices of looping or finite axes in [0, N).
    mutating func checkIndices(_ frame: FrameState) {
        for tile in frame.tiles {
            if let n = facts.columns, n > 0, !(0..<Int64(n)).contains(tile.item.x) {
                found(.indexOutOfRange, frame.index, expected: "an item x in 0..<\(n)", actual: "item x \(tile.item.x) (tile \(tile.coordinate))")
                return
            }
            if let n = facts.rows, n > 0, !(0..<Int64(n)).contains(tile.item.y) {
                found(.indexOutOfRange, frame.index, expected: "an item y in 0..<\(n)", actual: "item y \(tile.item.y) (tile \(tile.coordinate))")
                return
            }
        }
    }
}
