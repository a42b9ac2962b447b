/// A UIScrollView-style scroll view hosting the tile grid: content offset, motion, delegate events,
/// recentering and tile reuse. Positions are fixed-point integers (see `Fixed`).
struct ScrollModel: Sendable {
    let viewport: FixedPoint
    let contentSize: FixedPoint
    /// Content edges stop the scroll; false for the ideal reference plane.
    let bounded: Bool
    /// nil for the reference plane, which never recenters.
    let strategy: RecenterStrategy?
    let rate: Double
    let pixel: Int64
    let tileSize: FixedPoint

    private(set) var offset: FixedPoint
    private(set) var motion: Motion = .none
    private(set) var layout: TileLayout
    /// When the last motion came to rest (for `wait until idle`).
    private(set) var idleSince = 0.0
    /// A deceleration interrupted by a new drag still owes its didEndDecelerating (seed 001).
    private var pendingEndDecelerating = false

    // Per-frame output, collected by the simulation.
    var events: [ScrollEvent] = []
    var recenterTotal: FixedPoint? = nil
    var edgeHit = false

    init(scenario: Scenario, reference: Bool) throws(ScenarioError) {
        let vp = scenario.viewport
        viewport = FixedPoint(points: Vector(x: vp.width, y: vp.height))
        contentSize = FixedPoint(points: Vector(x: scenario.scroll.contentSize.width, y: scenario.scroll.contentSize.height))
        bounded = !reference
        strategy = reference ? nil : scenario.scroll.recenter
        rate = scenario.scroll.decelerationRate
        pixel = Fixed.pixel(scale: vp.scale)
        tileSize = FixedPoint(points: Vector(x: scenario.grid.tileSize.width, y: scenario.grid.tileSize.height))
        let center = FixedPoint(x: (contentSize.x - viewport.x) / 2, y: (contentSize.y - viewport.y) / 2)
        offset = center
        layout = TileLayout(tileSize: tileSize, buffer: scenario.grid.buffer, anchorTile: scenario.grid.start,
                            anchorOrigin: ScrollModel.centredOrigin(offset: center, viewport: viewport, tile: tileSize))
        try layout.update(offset: displayedOffset, viewport: viewport)
    }

    /// The content position that centres a tile in the viewport at `offset`.
    static func centredOrigin(offset: FixedPoint, viewport: FixedPoint, tile: FixedPoint) -> FixedPoint {
        FixedPoint(x: offset.x + (viewport.x - tile.x) / 2, y: offset.y + (viewport.y - tile.y) / 2)
    }

    var center: FixedPoint { FixedPoint(x: (contentSize.x - viewport.x) / 2, y: (contentSize.y - viewport.y) / 2) }
    var boundsX: ClosedRange<Int64>? { bounded ? 0...(contentSize.x - viewport.x) : nil }
    var boundsY: ClosedRange<Int64>? { bounded ? 0...(contentSize.y - viewport.y) : nil }

    /// The offset as displayed: rounded to the device-pixel grid, as UIKit does.
    var displayedOffset: FixedPoint {
        FixedPoint(x: Fixed.round(offset.x, toMultipleOf: pixel), y: Fixed.round(offset.y, toMultipleOf: pixel))
    }

    var phase: Phase {
        switch motion {
        case .none: return .idle
        case .drag: return .dragging
        case .deceleration: return .decelerating
        case .animation: return .animating
        }
    }

    /// When the current deceleration or animation ends by itself.
    var motionEnd: Double? {
        switch motion {
        case .deceleration(let d): return d.end
        case .animation(let a): return a.end
        case .none, .drag: return nil
        }
    }

    // MARK: Offsets and edges

    private func clamped(_ o: FixedPoint) -> (FixedPoint, Bool) {
        guard let bx = boundsX, let by = boundsY else { return (o, false) }
        let c = FixedPoint(x: min(max(o.x, bx.lowerBound), bx.upperBound), y: min(max(o.y, by.lowerBound), by.upperBound))
        return (c, c != o)
    }

    private mutating func setOffset(_ o: FixedPoint) {
        guard o != offset else { return }
        offset = o
        events.append(.didScroll)
    }

    /// The offset the current motion puts the content at, at time t.
    private mutating func motionOffset(at t: Double) -> FixedPoint {
        switch motion {
        case .none: return offset
        case .drag(let d):
            let (o, hit) = clamped(d.offset(at: t))
            if hit { edgeHit = true }
            return o
        case .deceleration(let d):
            if d.edgeHit(at: t) { edgeHit = true }
            return d.offset(at: t)
        case .animation(let a): return a.offset(at: t)
        }
    }

    // MARK: Gestures

    /// A finger touches down: any deceleration or animation stops where it is.
    mutating func touchDown(at t: Double) {
        let o = motionOffset(at: t)
        if case .deceleration = motion { pendingEndDecelerating = true }
        motion = .none
        setOffset(o)
        events.append(.willBeginDragging)
    }

    mutating func beginDrag(at t: Double, by finger: Vector, duration: Double, release: Release, step: Int) {
        touchDown(at: t)
        let delta = FixedPoint(points: Vector(x: -finger.x, y: -finger.y))
        motion = .drag(Motion.Drag(start: t, duration: duration, startOffset: offset, delta: delta,
                                   release: release, stepIndex: step))
    }

    /// The drag's finger lifts at time t.
    mutating func endDrag(at t: Double) {
        guard case .drag(let drag) = motion else { return }
        let o = motionOffset(at: t)
        setOffset(o)
        var velocity = drag.release == .fling ? drag.velocity : .zero
        // An axis pinned at an edge has no momentum left in that direction.
        if let bx = boundsX, (velocity.x > 0 && o.x >= bx.upperBound) || (velocity.x < 0 && o.x <= bx.lowerBound) { velocity.x = 0 }
        if let by = boundsY, (velocity.y > 0 && o.y >= by.upperBound) || (velocity.y < 0 && o.y <= by.lowerBound) { velocity.y = 0 }
        lift(at: t, velocity: velocity)
    }

    /// A fling step: a finger lifts with `finger` velocity (points/s) without moving first.
    mutating func fling(at t: Double, finger: Vector) {
        touchDown(at: t)
        lift(at: t, velocity: Vector(x: -finger.x, y: -finger.y))
    }

    private mutating func lift(at t: Double, velocity: Vector) {
        let deceleration = Deceleration(start: t, startOffset: offset, velocity: velocity, rate: rate,
                                        boundsX: boundsX, boundsY: boundsY)
        let decelerates = deceleration.duration > 0
        let target = decelerates ? deceleration.target : offset
        events.append(.willEndDragging(velocity: decelerates ? velocity : .zero, targetContentOffset: target.points))
        events.append(.didEndDragging(willDecelerate: decelerates))
        if decelerates {
            pendingEndDecelerating = false
            events.append(.willBeginDecelerating)
            motion = .deceleration(deceleration)
        } else {
            motion = .none
            idleSince = t
            recenterAtRest()
            if pendingEndDecelerating {
                pendingEndDecelerating = false
                events.append(.didEndDecelerating)
                recenterAtRest()  // the second end callback in a row must be a no-op
            }
        }
    }

    /// Ends a deceleration or animation whose time has come.
    mutating func finishMotion(at t: Double) {
        let o = motionOffset(at: t)
        setOffset(o)
        switch motion {
        case .deceleration: events.append(.didEndDecelerating)
        case .animation: events.append(.didEndScrollingAnimation)
        case .none, .drag: return
        }
        motion = .none
        idleSince = t
        recenterAtRest()
    }

    // MARK: Programmatic scrolling

    /// The offset that centres `tile` in the viewport.
    func centringOffset(for tile: TileCoordinate) throws(ScenarioError) -> FixedPoint {
        let origin = try layout.origin(of: tile)
        let limit = Fixed.from(points: Limits.maxDistance * 10)
        let o = FixedPoint(x: origin.x - (viewport.x - tileSize.x) / 2, y: origin.y - (viewport.y - tileSize.y) / 2)
        guard abs(o.x) <= limit, abs(o.y) <= limit else {
            throw ScenarioError(kind: .simulation, path: "",
                                message: "tile \(tile) is more than 10^10 points away; scroll there with a jump step")
        }
        return o
    }

    mutating func scrollTo(at t: Double, tile: TileCoordinate, animated: Bool, duration: Double) throws(ScenarioError) {
        let target = try centringOffset(for: tile)
        let o = motionOffset(at: t)
        motion = .none
        pendingEndDecelerating = false
        setOffset(o)
        if animated {
            motion = .animation(Motion.Animation(start: t, duration: duration, from: offset, to: target))
        } else {
            setOffset(target)
            idleSince = t
        }
    }

    /// Centres `tile` at once, re-basing the content so the offset is back in the middle.
    mutating func jump(at t: Double, tile: TileCoordinate) {
        motion = .none
        pendingEndDecelerating = false
        idleSince = t
        events.append(.jump(tile: tile))
        setOffset(center)
        layout.rebase(tile: tile, origin: ScrollModel.centredOrigin(offset: center, viewport: viewport, tile: tileSize))
    }

    // MARK: Recentering

    private mutating func applyRecenter(_ s: FixedPoint) {
        guard s != .zero else { return }
        offset = offset + s
        layout.shift(by: s)
        switch motion {
        case .none: break
        case .drag(var d): d.startOffset = d.startOffset + s; motion = .drag(d)
        case .deceleration(var d): d.shift(by: s, boundsX: boundsX, boundsY: boundsY); motion = .deceleration(d)
        case .animation(var a): a.from = a.from + s; a.to = a.to + s; motion = .animation(a)
        }
        events.append(.recenter(shift: s.points))
        events.append(.didScroll)
        recenterTotal = (recenterTotal ?? .zero) + s
    }

    /// Whole-pixel shift that brings `o` to `target`: shifts that are not whole device pixels would
    /// move the rounded offset differently from the tiles and show a one-pixel jump.
    private func pixelShift(from o: Int64, to target: Int64) -> Int64 {
        Fixed.round(target - o, toMultipleOf: pixel)
    }

    /// The end-of-scroll recenter of the atRest and wholeTiles strategies. Idempotent.
    mutating func recenterAtRest() {
        guard case .none = motion else { return }
        switch strategy {
        case .atRest:
            applyRecenter(FixedPoint(x: pixelShift(from: offset.x, to: center.x), y: pixelShift(from: offset.y, to: center.y)))
        case .wholeTiles:
            func tiles(_ o: Int64, _ c: Int64, _ t: Int64) -> Int64 { Fixed.round(c - o, toMultipleOf: t) }
            applyRecenter(FixedPoint(x: tiles(offset.x, center.x, tileSize.x), y: tiles(offset.y, center.y, tileSize.y)))
        case .threshold, .some(.none), nil:
            break
        }
    }

    /// StreetScroller's recenter, checked on every displayed frame: an axis more than a quarter of
    /// the content from the centre jumps back, mid-motion, without disturbing the motion.
    private mutating func recenterIfPastThreshold() {
        guard strategy == .threshold else { return }
        func axis(_ o: Int64, _ c: Int64, _ size: Int64) -> Int64 {
            abs(o - c) > size / 4 ? pixelShift(from: o, to: c) : 0
        }
        applyRecenter(FixedPoint(x: axis(offset.x, center.x, contentSize.x), y: axis(offset.y, center.y, contentSize.y)))
    }

    // MARK: Frames

    /// Brings the offset to time t (a displayed frame), recenters if due and lays out the tiles.
    mutating func sample(at t: Double) throws(ScenarioError) {
        setOffset(motionOffset(at: t))
        recenterIfPastThreshold()
        try layout.update(offset: displayedOffset, viewport: viewport)
    }

    func drawnTiles() -> [DrawnTile] {
        let shown = displayedOffset
        let p = Double(pixel)
        let w = Double(tileSize.x) / p, h = Double(tileSize.y) / p
        return layout.tiles.values.sorted { $0.coordinate < $1.coordinate }.map { tile in
            DrawnTile(coordinate: tile.coordinate, id: tile.id,
                      pixelRect: PixelRect(x: Double(tile.origin.x - shown.x) / p, y: Double(tile.origin.y - shown.y) / p,
                                           width: w, height: h))
        }
    }
}
