/// Frames: tiles for the sampled offset, drawn tiles and the frame handed to the simulation.
extension ScrollModel {
    // MARK: Frames

    mutating func updateTiles() throws(ScenarioError) {
        let decelerating: Bool
        if case .release = motion { decelerating = true } else { decelerating = false }
        let rect = targetRect
        let before = loadedBefore
        let lazy = self.lazy
        let size = layout.tileSize
        try layout.update(
            offset: displayedOffset, viewport: viewport, columnLimit: x.tiles, rowLimit: y.tiles,
            now: time
        ) { coordinate, origin in
            guard lazy, decelerating else { return true }
            if before.contains(coordinate) { return true }
            guard let rect else { return false }
            return origin.x < rect.origin.x + rect.size.width && origin.x + size.width > rect.origin.x
                && origin.y < rect.origin.y + rect.size.height && origin.y + size.height > rect.origin.y
        }
        if lazy {
            if !decelerating { layout.loadAll(now: time) }
            // In row-major order, so that what is forgotten first does not depend on hashing.
            let fresh = layout.tiles.values.filter { $0.loaded && !loadedBefore.contains($0.coordinate) }.map(
                \.coordinate)
            for coordinate in fresh.sorted() { loadedBefore.insert(coordinate) }
        }
    }

    /// Brings the offset to time t (a displayed frame), recenters if due and lays out the tiles.
    mutating func sample(at t: Double) throws(ScenarioError) {
        time = t
        setOffset(motionOffset(at: t))
        recenterIfPastThreshold()
        roundEachFrame()
        try updateTiles()
        _checkInvariants()
        _checkSampled()
    }

    /// The tiles as drawn at time `now` (the model's time when nil).
    ///
    /// A tile whose content has not arrived (`loaded` false, or asked for less than `grid.loadLatency` ago) is
    /// unloaded: drawn as a placeholder, or with `unloadedTile: "transparent"` not drawn at all (pattern 3's naive
    /// side: the background shows where it is).
    func drawnTiles(at now: Double? = nil) -> [DrawnTile] {
        let now = now ?? time
        let shown = displayedOffset
        let p = Double(pixel)
        let w = Double(layout.tileSize.width) / p
        let h = Double(layout.tileSize.height) / p
        return layout.tiles.values.sorted { $0.coordinate < $1.coordinate }.compactMap { tile in
            let arrived = tile.loaded && loading.hasArrived(requested: tile.requestedAt, now: now)
            if !arrived && loading.unloadedTile == .transparent { return nil }
            let item = TileCoordinate(x: x.item(tile.coordinate.x), y: y.item(tile.coordinate.y))
            let dx = emulated(tile.origin.x, minus: shown.x)
            let dy = emulated(tile.origin.y, minus: shown.y)
            return DrawnTile(
                coordinate: tile.coordinate, id: tile.id,
                pixelRect: PixelRect(x: Double(dx) / p, y: Double(dy) / p, width: w, height: h),
                item: item, loaded: arrived, reuses: tile.reuses)
        }
    }

    /// A tile's position in the viewport, `origin − offset`: exact in fixed units, or with `scroll.precision`
    /// `.float` (pattern 8's naive side) as an app computing frames in Float32 points would place it: both values
    /// rounded to the nearest Float, then the difference to device pixels. Near 1.6·10^8 points a Float is a
    /// multiple of 16, so the content moves in 16-point steps and neighbouring tiles gap or overlap. `.double`
    /// rounds through Double, which is exact to 10^-4 points anywhere within the largest content (10^12 points).
    func emulated(_ origin: Int64, minus offset: Int64) -> Int64 {
        switch precision {
        case .exact: return origin - offset
        case .double:
            return Fixed.round(
                Fixed.from(points: Fixed.points(origin)) - Fixed.from(points: Fixed.points(offset)), toMultipleOf: pixel
            )
        case .float:
            let a = Double(Float(Fixed.points(origin)))
            let b = Double(Float(Fixed.points(offset)))
            return Fixed.round(Fixed.from(points: a - b), toMultipleOf: pixel)
        }
    }

    mutating func takeFrame(index: Int, time t: Double) -> FrameState {
        var frame = FrameState(
            index: index, time: t, phase: phase, contentOffset: offset.points, contentSize: contentSize,
            events: events, recenterShift: recenterTotal?.points, tiles: drawnTiles(at: t), stats: layout.stats,
            edgeHit: edgeHit, scale: scale,
            viewport: Size(width: Fixed.points(x.viewport), height: Fixed.points(y.viewport)),
            page: paging == .none ? nil : TileCoordinate(x: rulesX.page(of: offset.x), y: rulesY.page(of: offset.y)),
            pageVisibility: [])
        frame.eventOffsets = eventOffsets
        events.removeAll(keepingCapacity: true)
        recenterTotal = nil
        edgeHit = false
        frameTime = t
        _checkInvariants()
        return frame
    }

    var keptRange: (columns: ClosedRange<Int64>?, rows: ClosedRange<Int64>?) { (layout.keptColumns, layout.keptRows) }
}
