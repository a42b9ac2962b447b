/// Programmatic scrolling (scrollTo, jump, resize) and the duplicate-ends carousel's loop jump.
extension ScrollModel {
    // MARK: Programmatic scrolling

    /// The offset that centres `tile` in the viewport. Not clamped to the content, as
    /// `setContentOffset` is not: near a finite axis's end it lies past the edge (see `touchDown`).
    func centringOffset(for tile: TileCoordinate) throws(ScenarioError) -> FixedPoint {
        let index = TileCoordinate(x: x.index(ofItem: tile.x), y: y.index(ofItem: tile.y))
        let origin = try layout.origin(of: index)
        let limit = Fixed.from(points: Limits.maxDistance * 10)
        var o = FixedPoint(x: origin.x - (x.viewport - x.tile) / 2, y: origin.y - (y.viewport - y.tile) / 2)
        guard abs(o.x) <= limit, abs(o.y) <= limit else {
            throw ScenarioError(
                kind: .simulation, path: "",
                message: "tile \(tile) is more than 10^10 points away; scroll there with a jump step")
        }
        if !x.enabled { o.x = offset.x }
        if !y.enabled { o.y = offset.y }
        return o
    }

    mutating func startAnimation(at t: Double, to target: FixedPoint, duration: Double, curve: AxisPlan.Curve) {
        let px = AxisPlan(pieces: [.ease(start: t, end: t + duration, from: offset.x, to: target.x, curve: curve)])
        let py = AxisPlan(pieces: [.ease(start: t, end: t + duration, from: offset.y, to: target.y, curve: curve)])
        motion = .animation(x: px, y: py)
    }

    mutating func scrollTo(at t: Double, tile: TileCoordinate, animated: Bool, duration: Double) throws(ScenarioError) {
        releaseIfHeld(at: t)
        let target = try centringOffset(for: tile)
        time = t
        let o = motionOffset(at: t)
        motion = .none
        pendingEndDecelerating = false
        setOffset(o)
        if animated {
            startAnimation(at: t, to: target, duration: duration, curve: .easeInOut)
        } else {
            setOffset(target)
            idleSince = t
        }
        _checkInvariants()
    }

    /// Centres `tile` at once. Infinite axes re-base the content so the offset is back in the middle;
    /// finite axes scroll there.
    mutating func jump(at t: Double, tile: TileCoordinate) throws(ScenarioError) {
        releaseIfHeld(at: t)
        time = t
        motion = .none
        pendingEndDecelerating = false
        idleSince = t
        events.append(.jump(tile: tile))
        let index = TileCoordinate(x: x.index(ofItem: tile.x), y: y.index(ofItem: tile.y))
        var target = offset
        var anchor = layout.anchorTile
        var anchorOrigin = layout.anchorOrigin
        for (axis, isX) in [(x, true), (y, false)] where axis.enabled {
            let i = isX ? index.x : index.y
            if axis.isFinite {
                let b = axis.bounds!
                let o = min(max(i * axis.tile - (axis.viewport - axis.tile) / 2, b.lowerBound), b.upperBound)
                if isX { target.x = o } else { target.y = o }
            } else {
                // Back to the start offset, on the page grid from its origin again.
                let o = startOffset(axis, pageSize: isX ? pageSize.width : pageSize.height)
                let origin = o + (axis.viewport - axis.tile) / 2
                if isX {
                    target.x = o
                    anchor.x = i
                    anchorOrigin.x = origin
                    pageOrigin.x = gridOrigin(axis)
                } else {
                    target.y = o
                    anchor.y = i
                    anchorOrigin.y = origin
                    pageOrigin.y = gridOrigin(axis)
                }
            }
        }
        setOffset(target)
        layout.rebase(tile: anchor, origin: anchorOrigin)
        _checkInvariants()
    }

    /// The viewport changes size (a rotation): what stays is `resizePolicy`'s (the point at the centre, the page
    /// on the new page grid, or the offset), and the tiles are laid out again; any motion ends where it is.
    mutating func resize(at t: Double, width: Double, height: Double) throws(ScenarioError) {
        releaseIfHeld(at: t)
        time = t
        setOffset(motionOffset(at: t))
        motion = .none
        pendingEndDecelerating = false
        let size = FixedSize(points: Size(width: width, height: height))
        let pages = PageIndex(column: rulesX.page(of: offset.x), row: rulesY.page(of: offset.y))
        var o = offset
        if resizePolicy == .center {
            o.x += Fixed.round((x.viewport - size.width) / 2, toMultipleOf: pixel)
            o.y += Fixed.round((y.viewport - size.height) / 2, toMultipleOf: pixel)
        }
        x.viewport = size.width
        y.viewport = size.height
        // A page the viewport's size changes with it: pages are multiples of the new size from the grid's
        // origin, as UIKit's are of the new bounds.
        if pageSizeSpec == nil {
            if x.enabled { pageOrigin.x = gridOrigin(x) }
            if y.enabled { pageOrigin.y = gridOrigin(y) }
        }
        if resizePolicy == .page, paging != .none {
            if x.enabled { o.x = keepingPage(x, pages.column, isX: true) }
            if y.enabled { o.y = keepingPage(y, pages.row, isX: false) }
        }
        if x.isFinite, let b = x.bounds { o.x = min(max(o.x, b.lowerBound), b.upperBound) }
        if y.isFinite, let b = y.bounds { o.y = min(max(o.y, b.lowerBound), b.upperBound) }
        events.append(.resize(width: width, height: height))
        setOffset(o)
        try updateTiles()
        cameToRest(at: t)
        _checkInvariants()
    }

    /// `.page`'s offset after a resize: page `k` on the new page grid. A finite axis puts it at
    /// `pageOrigin` + k × the new page size (within its edges); an infinite axis, whose page numbers count
    /// from a page origin that recenters have moved, moves that origin onto the new grid next to the offset,
    /// so the offset is the nearest multiple of the new page size and the page number stays `k`.
    mutating func keepingPage(_ axis: Axis, _ k: Int64, isX: Bool) -> Int64 {
        let size = max(1, isX ? pageSize.width : pageSize.height)
        let current = isX ? offset.x : offset.y
        if axis.isFinite { return rules(axis, isX ? pageOrigin.x : pageOrigin.y, size).pageOffset(k) }
        let origin = gridOrigin(axis)
        let o = origin + Fixed.round(current - origin, toMultipleOf: size)
        if isX { pageOrigin.x = o - k * size } else { pageOrigin.y = o - k * size }
        return o
    }

    // MARK: Loops

    /// Duplicate-ends carousel: at rest on a duplicate, jump without animation to the real item, by as many
    /// whole sets of N items as that takes (more than one when there are more copies at an end than items:
    /// a single item resting at the strip's end is two copies away from the real one).
    mutating func loopJumpIfOnDuplicate() {
        var o = offset
        for (axis, isX) in [(x, true), (y, false)] where axis.duplicate {
            guard let n = axis.itemCount, n > 0 else { continue }
            let middle = (isX ? o.x : o.y) + axis.viewport / 2
            let set = n * axis.tile
            let first = axis.copies * axis.tile
            let end = (n + axis.copies) * axis.tile
            var jump: Int64 = 0
            if middle < first {
                jump = Fixed.ceilDiv(first - middle, set) * set
            } else if middle >= end {
                jump = -(Fixed.floorDiv(middle - end, set) + 1) * set
            }
            if isX { o.x += jump } else { o.y += jump }
        }
        guard o != offset else { return }
        events.append(.loopJump(from: offset.points, to: o.points))
        setOffset(o)
    }
}
