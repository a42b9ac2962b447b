/// A live tile: a reusable object with a stable id, placed in content coordinates like a UIView
/// subview of the scroll view.
struct Tile: Sendable, Equatable {
    var id: Int
    var coordinate: TileCoordinate
    /// Top-left corner in content coordinates (fixed units).
    var origin: FixedPoint
    /// False while a lazy tile shows its placeholder.
    var loaded: Bool
    /// When the tile asked for its content (seconds): its content arrives `grid.loadLatency` later.
    var requestedAt = 0.0
    /// How many times this object has been dequeued for a new coordinate.
    var reuses: Int = 0
}

/// Tile counts for one frame. `live` and `pool` are read from the layout itself when the frame
/// is taken; the others count events since the simulation began.
public struct TileStats: Sendable, Equatable {
    /// Tiles live in the layout.
    public var live = 0
    /// Tile objects created.
    public var created = 0
    /// Times a pooled tile object was reused for a new coordinate.
    public var reused = 0
    /// Tiles taken off the layout (into the pool).
    public var removed = 0
    /// Tile objects waiting in the pool.
    public var pool = 0
    /// Tiles whose content loaded (lazy content; every tile loads at once otherwise).
    public var loads = 0
}

/// Keeps the tiles that cover the viewport plus `buffer` rows and columns, placing them from an
/// anchor (one tile's content position). Tiles that leave go to a reuse pool (a UITableView-style reuse queue).
struct TileLayout: Sendable {
    let tileSize: FixedSize
    let buffer: Int64
    /// The most tiles `update` may keep (`Limits.maxLiveTiles`). `Scenario.validate` proves the
    /// kept range never needs more; this makes it hold even if that proof were wrong.
    let maxTiles: Int
    private(set) var anchorTile: TileCoordinate
    /// Content position of the anchor tile's top-left corner.
    private(set) var anchorOrigin: FixedPoint
    private(set) var tiles: [TileCoordinate: Tile] = [:]
    /// Ids of tile objects waiting for reuse (the last one is dequeued first).
    private(set) var pool: [Int] = []
    /// Reuse count per tile object id.
    private var reuseCounts: [Int: Int] = [:]
    /// The id the next created tile object gets: ids 0..<nextID exist, each live or pooled.
    private(set) var nextID = 0
    /// Event counts (created, reused, removed, loads); `stats` adds the live and pooled counts.
    private(set) var counters = TileStats()
    /// The counts as a frame reports them: `live` and `pool` derived from the tiles and the pool.
    var stats: TileStats {
        var stats = counters
        stats.live = tiles.count
        stats.pool = pool.count
        return stats
    }
    /// The kept range after the last update, inclusive.
    /// nil when no tile is kept on that axis (the viewport is past a finite content).
    private(set) var keptColumns: ClosedRange<Int64>? = nil
    private(set) var keptRows: ClosedRange<Int64>? = nil
    /// Which tiles are kept (`grid.range`).
    let range: TileRange
    /// The freshcode policy's centre tile when it last laid the tiles out (nil: never, or re-based since).
    private(set) var freshcodeCentre: TileCoordinate? = nil

    init(
        tileSize: FixedSize, buffer: Int, anchorTile: TileCoordinate, anchorOrigin: FixedPoint, maxTiles: Int,
        range: TileRange = .visible
    ) {
        self.tileSize = tileSize
        self.buffer = Int64(buffer)
        self.maxTiles = maxTiles
        self.anchorTile = anchorTile
        self.anchorOrigin = anchorOrigin
        self.range = range
    }

    /// Where tile `coordinate` belongs in content coordinates.
    func origin(of coordinate: TileCoordinate) throws(ScenarioError) -> FixedPoint {
        func axis(_ i: Int64, _ a: Int64, _ p: Int64, _ t: Int64) throws(ScenarioError) -> Int64 {
            let (steps, o1) = i.subtractingReportingOverflow(a)
            let (distance, o2) = steps.multipliedReportingOverflow(by: t)
            let (result, o3) = p.addingReportingOverflow(distance)
            if o1 || o2 || o3 {
                throw ScenarioError(
                    kind: .simulation, path: "",
                    message: "tile \(coordinate) is too far from the content to place; use a jump step")
            }
            return result
        }
        return FixedPoint(
            x: try axis(coordinate.x, anchorTile.x, anchorOrigin.x, tileSize.width),
            y: try axis(coordinate.y, anchorTile.y, anchorOrigin.y, tileSize.height))
    }

    /// Recentering: every tile moves with the content.
    mutating func shift(by s: FixedShift) {
        anchorOrigin = anchorOrigin + s
        for key in tiles.keys { tiles[key]!.origin = tiles[key]!.origin + s }
        _checkInvariants()
    }

    /// A jump: the content is re-based so that `tile` sits at `origin`; tiles are re-placed.
    mutating func rebase(tile: TileCoordinate, origin: FixedPoint) {
        anchorTile = tile
        anchorOrigin = origin
        // A jump lays the grid out again, as freshcode's allocateInitialTiles does.
        freshcodeCentre = nil
        // Tiles too far from the new anchor to place leave now; the rest move to their new places.
        for key in tiles.keys.sorted() {
            if let placed = try? self.origin(of: key) {
                tiles[key]!.origin = placed
            } else {
                pool.append(tiles.removeValue(forKey: key)!.id)
                counters.removed += 1
            }
        }
        _checkInvariants()
    }

    /// The tiles intersecting the displayed rectangle [offset, offset + viewport) with positive area.
    func visibleRange(
        offset: FixedPoint, viewport: FixedSize
    ) -> (columns: ClosedRange<Int64>, rows: ClosedRange<Int64>) {
        func axis(_ o: Int64, _ w: Int64, _ a: Int64, _ p: Int64, _ t: Int64) -> ClosedRange<Int64> {
            let first = a + Fixed.floorDiv(o - p, t)
            let last = a + Fixed.ceilDiv(o + w - p, t) - 1
            return first...max(first, last)
        }
        return (
            axis(offset.x, viewport.width, anchorTile.x, anchorOrigin.x, tileSize.width),
            axis(offset.y, viewport.height, anchorTile.y, anchorOrigin.y, tileSize.height)
        )
    }

    /// The tile whose centre is nearest the viewport's centre, as freshcode's
    /// `computedCentreCoordinates` finds it: `Int((distance / tileSize).rounded())` tiles from the
    /// reference tile (our anchor, which a recenter does not change), halves away from zero.
    func centreTile(offset: FixedPoint, viewport: FixedSize) -> TileCoordinate {
        func axis(_ o: Int64, _ w: Int64, _ a: Int64, _ p: Int64, _ t: Int64) -> Int64 {
            // Twice the distance from the anchor tile's centre to the viewport's centre, over 2t.
            let twice = 2 * (o - p) + w - t
            return a + (twice >= 0 ? (twice + t) / (2 * t) : -((t - twice) / (2 * t)))
        }
        return TileCoordinate(
            x: axis(offset.x, viewport.width, anchorTile.x, anchorOrigin.x, tileSize.width),
            y: axis(offset.y, viewport.height, anchorTile.y, anchorOrigin.y, tileSize.height))
    }

    /// Freshcode's range around `centre`: ± Int(viewport / tile) columns and rows, and nothing at all
    /// when either count is 0 (freshcode's `populateGridInBounds` returns unless upperX > lowerX and
    /// upperY > lowerY).
    func freshcodeRange(
        centre: TileCoordinate, viewport: FixedSize
    ) -> (columns: ClosedRange<Int64>, rows: ClosedRange<Int64>)? {
        let nx = viewport.width / tileSize.width
        let ny = viewport.height / tileSize.height
        guard nx > 0, ny > 0 else { return nil }
        return ((centre.x - nx)...(centre.x + nx), (centre.y - ny)...(centre.y + ny))
    }

    /// Removes tiles outside the kept range into the pool, then fills the range, dequeuing pooled
    /// objects first. Both passes run in row-major order, so ids are deterministic. With the
    /// freshcode range nothing changes until the centre tile does (not even after a resize).
    mutating func update(
        offset: FixedPoint, viewport: FixedSize, columnLimit: ClosedRange<Int64>? = nil,
        rowLimit: ClosedRange<Int64>? = nil, now: Double = 0,
        load: (TileCoordinate, FixedPoint) -> Bool = { _, _ in true }
    ) throws(ScenarioError) {
        func limited(_ r: ClosedRange<Int64>?, _ limit: ClosedRange<Int64>?, buffer: Int64) -> ClosedRange<Int64>? {
            guard let r else { return nil }
            let expanded = (r.lowerBound - buffer)...(r.upperBound + buffer)
            guard let limit else { return expanded }
            let low = max(expanded.lowerBound, limit.lowerBound)
            let high = min(expanded.upperBound, limit.upperBound)
            return low <= high ? low...high : nil
        }
        let columnRange: ClosedRange<Int64>?
        let rowRange: ClosedRange<Int64>?
        switch range {
        case .visible:
            let visible = visibleRange(offset: offset, viewport: viewport)
            columnRange = limited(visible.columns, columnLimit, buffer: buffer)
            rowRange = limited(visible.rows, rowLimit, buffer: buffer)
        case .freshcode:
            let centre = centreTile(offset: offset, viewport: viewport)
            guard centre != freshcodeCentre else {
                _checkInvariants()
                return
            }
            freshcodeCentre = centre
            let kept = freshcodeRange(centre: centre, viewport: viewport)
            columnRange = limited(kept?.columns, columnLimit, buffer: 0)
            rowRange = limited(kept?.rows, rowLimit, buffer: 0)
        }
        if let columns = columnRange, let rows = rowRange {
            // Counted in Double: a range that got this wide must not overflow while being refused.
            let kept =
                (Double(columns.upperBound) - Double(columns.lowerBound) + 1)
                * (Double(rows.upperBound) - Double(rows.lowerBound) + 1)
            if kept > Double(maxTiles) {
                throw ScenarioError(
                    kind: .limitExceeded, path: "",
                    message:
                        "the model would keep \(ScenarioDecoder.format(kept)) tiles at once; the limit is \(maxTiles) tiles: use larger tiles"
                )
            }
        }
        // An empty range (the viewport beyond a finite content) keeps no tile.
        keptColumns = columnRange
        keptRows = rowRange
        let leaving = tiles.keys.filter {
            !(columnRange?.contains($0.x) ?? false) || !(rowRange?.contains($0.y) ?? false)
        }.sorted()
        for key in leaving {
            pool.append(tiles.removeValue(forKey: key)!.id)
            counters.removed += 1
        }
        if let columns = columnRange, let rows = rowRange {
            for y in rows {
                for x in columns {
                    let coordinate = TileCoordinate(x: x, y: y)
                    guard tiles[coordinate] == nil else { continue }
                    let id: Int
                    if let reusedID = pool.popLast() {
                        id = reusedID
                        counters.reused += 1
                        reuseCounts[id, default: 0] += 1
                    } else {
                        id = nextID
                        nextID += 1
                        counters.created += 1
                    }
                    let placed = try origin(of: coordinate)
                    let loaded = load(coordinate, placed)
                    if loaded { counters.loads += 1 }
                    tiles[coordinate] = Tile(
                        id: id, coordinate: coordinate, origin: placed, loaded: loaded, requestedAt: now,
                        reuses: reuseCounts[id] ?? 0)
                }
            }
        }
        _checkInvariants()
        _checkComplete(offset: offset, viewport: viewport, columnLimit: columnLimit, rowLimit: rowLimit)
    }

    /// Loads every placeholder tile (lazy content at rest), asking for its content at `now`; returns the tiles
    /// that loaded.
    @discardableResult
    mutating func loadAll(now: Double = 0) -> [TileCoordinate] {
        let pending = tiles.values.filter { !$0.loaded }.map(\.coordinate).sorted()
        for key in pending {
            tiles[key]!.loaded = true
            tiles[key]!.requestedAt = now
        }
        counters.loads += pending.count
        _checkInvariants()
        return pending
    }
}
