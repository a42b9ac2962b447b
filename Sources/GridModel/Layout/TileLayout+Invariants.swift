/// The tile layout's invariants, checked after every mutation in debug builds (as swift-collections'
/// `_checkInvariants`). A failure is a programmer error in the model, never bad input: the
/// scenario was validated before the layout was built.
extension TileLayout {
    /// Checks what holds after every mutation: positive tile size, at most `maxTiles` live tiles,
    /// each keyed by its own coordinate, inside the kept range and placed where the anchor says;
    /// every id ever created is either live or pooled, exactly once; the counters add up.
    ///
    /// - Complexity: O(live + pooled tiles) in debug builds; nothing in release builds.
    @inline(__always)
    func _checkInvariants() {
        #if DEBUG
            precondition(tileSize.width > 0 && tileSize.height > 0, "TileLayout: tile size \(tileSize) is not positive")
            precondition(
                tiles.count <= maxTiles, "TileLayout: \(tiles.count) live tiles, more than the bound \(maxTiles)")
            var ids = Set<Int>(minimumCapacity: tiles.count + pool.count)
            for (key, tile) in tiles {
                precondition(key == tile.coordinate, "TileLayout: tile \(tile.coordinate) is filed under \(key)")
                precondition(ids.insert(tile.id).inserted, "TileLayout: tile id \(tile.id) is live twice")
                precondition(
                    keptColumns?.contains(key.x) == true && keptRows?.contains(key.y) == true,
                    "TileLayout: live tile \(key) is outside the kept range \(String(describing: keptColumns)) × \(String(describing: keptRows))"
                )
                precondition(
                    (try? origin(of: key)) == tile.origin, "TileLayout: tile \(key) is not where the anchor puts it")
            }
            for id in pool {
                precondition(ids.insert(id).inserted, "TileLayout: pooled id \(id) is also live, or pooled twice")
            }
            precondition(
                ids.count == nextID && ids.allSatisfy { (0..<nextID).contains($0) },
                "TileLayout: the live and pooled ids are not exactly 0..<\(nextID)")
            precondition(
                counters.created == nextID, "TileLayout: \(counters.created) tiles created but \(nextID) ids handed out"
            )
            precondition(
                counters.created + counters.reused - counters.removed == tiles.count,
                "TileLayout: created + reused − removed is not the live count \(tiles.count)")
        #endif
    }

    /// Checks what `update` promises on top of `_checkInvariants`: every tile of the kept range is
    /// live, and with the visible range the live tiles cover every pixel of the viewport that lies
    /// inside the tile limits (the content).
    ///
    /// - Complexity: O(1) in debug builds; nothing in release builds.
    @inline(__always)
    func _checkComplete(
        offset: FixedPoint, viewport: FixedSize, columnLimit: ClosedRange<Int64>?,
        rowLimit: ClosedRange<Int64>?
    ) {
        #if DEBUG
            let keptCount = (keptColumns?.count ?? 0) * (keptRows?.count ?? 0)
            precondition(
                tiles.count == keptCount, "TileLayout: \(tiles.count) live tiles for a kept range of \(keptCount)")
            guard range == .visible else { return }
            /// The span [start, end) of the viewport on one axis that tiles must cover, clipped to the limit.
            func axis(
                _ o: Int64, _ w: Int64, _ limit: ClosedRange<Int64>?, _ kept: ClosedRange<Int64>?,
                _ place: (Int64) -> Int64?, _ t: Int64, _ name: String
            ) {
                var start = o
                var end = o + w
                if let limit {
                    guard let low = place(limit.lowerBound), let high = place(limit.upperBound) else { return }
                    start = max(start, low)
                    end = min(end, high + t)
                }
                guard start < end else { return }
                guard let kept, let first = place(kept.lowerBound), let last = place(kept.upperBound) else {
                    preconditionFailure("TileLayout: no \(name) kept, but the viewport shows [\(start), \(end))")
                }
                precondition(
                    first <= start && last + t >= end,
                    "TileLayout: \(name) [\(first), \(last + t)) do not cover the viewport's [\(start), \(end))")
            }
            axis(
                offset.x, viewport.width, columnLimit, keptColumns,
                { try? self.origin(of: TileCoordinate(x: $0, y: self.anchorTile.y)).x }, tileSize.width, "columns")
            axis(
                offset.y, viewport.height, rowLimit, keptRows,
                { try? self.origin(of: TileCoordinate(x: self.anchorTile.x, y: $0)).y }, tileSize.height, "rows")
        #endif
    }
}
