/// Infinite4Pager: a four-way pager where each page is the viewport. The dominant axis of
/// a drag locks its direction for the whole gesture; on release the page flips when the predicted end
/// translation passes a threshold fraction of the page, at most one page per gesture, animated with
/// ease-out; otherwise it settles back. Page counts per axis: nil infinite, 0 disabled, N finite
/// (dragging past an end is damped and never flips).
///
/// The lock follows Infinite4Pager's test, `abs(dx) > abs(dy)` for horizontal (so a tie is
/// vertical), and a dominant axis that is disabled is refused rather than swapped for the other:
/// such a gesture moves nothing. Past a finite end the page follows Infinite4Pager's
/// `boundedDragOffset`, x·(1 − 0.5·min(x/(p/2), 1)), of the finger's whole translation x.
struct PagerModel: ScrollEngine {
    let spec: PagerSpec
    let columns: Int?
    let rows: Int?
    let scale: Int
    let pixel: Int64
    let maxLiveTiles: Int
    private(set) var page: TileCoordinate
    private(set) var pageSize: FixedSize
    /// Displacement from the current page, in content-offset terms (+x shows the next column).
    private(set) var offset = FixedPoint.zero
    /// The finger's undamped displacement on the locked axis that `offset` shows (they differ
    /// only past a finite end), so a gesture is damped once, as a function of its whole translation.
    private var raw: Int64 = 0
    private var motion: Motion = .none
    private var lockedX = true
    /// The gesture's dominant axis is disabled: Infinite4Pager sets no direction and nothing moves.
    private var refused = false
    private var layout: TileLayout
    private(set) var idleSince = 0.0
    private var events: [ScrollEvent] = []
    private var edgeHit = false

    enum Motion: Sendable {
        case none
        case drag(start: Double, duration: Double, from: Int64, delta: Int64, release: Release, then: DragEnd)
        /// Flip (`flip` is ±1) or settle back (0).
        case animation(start: Double, duration: Double, from: Int64, to: Int64, flip: Int64)
    }

    init(scenario: Scenario, maxLiveTiles: Int = Limits().maxLiveTiles) throws(ScenarioError) {
        self.maxLiveTiles = maxLiveTiles
        spec = scenario.pager ?? PagerSpec()
        columns = scenario.grid.columns
        rows = scenario.grid.rows
        scale = scenario.viewport.scale
        pixel = Fixed.pixel(scale: scale)
        pageSize = FixedSize(points: Size(width: scenario.viewport.width, height: scenario.viewport.height))
        func clampedStart(_ v: Int64, _ count: Int?) -> Int64 {
            guard let count else { return v }
            return count == 0 ? 0 : min(max(v, 0), Int64(count) - 1)
        }
        page = TileCoordinate(
            x: clampedStart(scenario.grid.start.x, columns), y: clampedStart(scenario.grid.start.y, rows))
        layout = TileLayout(
            tileSize: pageSize, buffer: 0, anchorTile: page, anchorOrigin: .zero, maxTiles: maxLiveTiles)
        try sample(at: 0)
        _checkInvariants()
    }

    var phase: Phase {
        switch motion {
        case .none: return .idle
        case .drag: return .dragging
        case .animation: return .animating
        }
    }

    var motionEnd: Double? {
        if case .animation(let start, let duration, _, _, _) = motion { return start + duration }
        return nil
    }

    var isFingerDown: Bool { if case .drag = motion { return true } else { return false } }

    private func enabled(_ x: Bool) -> Bool { (x ? columns : rows) != 0 }

    /// Infinite4Pager's `boundedDragOffset` past a finite end: a finger translation of `x` points
    /// moves the page by x·(1 − 0.5·min(x/(p/2), 1)). It is continuous, never moves back, reaches
    /// p/4 at x = p/2 and is x/2 from there on.
    static func endDamping(_ x: Double, pageSize p: Double) -> Double {
        guard x > 0, p > 0 else { return x }
        return x * (1 - 0.5 * min(x / (p / 2), 1))
    }

    /// The translation that `endDamping` turns into `d` (its inverse).
    static func endUndamping(_ d: Double, pageSize p: Double) -> Double {
        guard d > 0, p > 0 else { return d }
        if d >= p / 4 { return 2 * d }
        return (p - (p * p - 4 * p * d).squareRoot()) / 2
    }

    /// Whether the page one step in `direction` exists on the locked axis.
    private func hasNeighbour(_ direction: Int64) -> Bool {
        let count = lockedX ? columns : rows
        guard let count else { return true }
        let next = (lockedX ? page.x : page.y) + direction
        return next >= 0 && next < Int64(count)
    }

    private var lockedSize: Int64 { lockedX ? pageSize.width : pageSize.height }
    private var lockedOffset: Int64 { lockedX ? offset.x : offset.y }

    /// Shows `value` (with the finger's undamped `raw` behind it) on the locked axis.
    private mutating func setLocked(_ value: (shown: Int64, raw: Int64)) {
        raw = value.raw
        let o = lockedX ? FixedPoint(x: value.shown, y: 0) : FixedPoint(x: 0, y: value.shown)
        if o != offset {
            offset = o
            events.append(.didScroll)
        }
    }

    private mutating func setLocked(_ value: Int64) { setLocked((value, value)) }

    /// The displacement a finger at `raw` produces: damped past a finite end.
    private mutating func damped(_ raw: Int64) -> Int64 {
        guard raw != 0, !hasNeighbour(raw > 0 ? 1 : -1) else { return raw }
        edgeHit = true
        let d = PagerModel.endDamping(Fixed.points(abs(raw)), pageSize: Fixed.points(lockedSize))
        return raw > 0 ? Fixed.from(points: d) : -Fixed.from(points: d)
    }

    /// The finger displacement that `damped` shows as `shown`.
    private func undamped(_ shown: Int64) -> Int64 {
        guard shown != 0, !hasNeighbour(shown > 0 ? 1 : -1) else { return shown }
        let x = PagerModel.endUndamping(Fixed.points(abs(shown)), pageSize: Fixed.points(lockedSize))
        return shown > 0 ? Fixed.from(points: x) : -Fixed.from(points: x)
    }

    private mutating func current(at t: Double) -> (shown: Int64, raw: Int64) {
        switch motion {
        case .none: return (lockedOffset, raw)
        case .drag(let start, let duration, let from, let delta, _, _):
            let u = min(max((t - start) / duration, 0), 1)
            let finger = from + Int64((Double(delta) * u).rounded())
            return (damped(finger), finger)
        case .animation(let start, let duration, let from, let to, _):
            let v =
                t >= start + duration
                ? to
                : from + Int64((Double(to - from) * ScrollPhysics.easeOut((t - start) / duration)).rounded())
            // A touch during the animation takes the page where it is shown.
            return (v, undamped(v))
        }
    }

    private mutating func touchDown(at t: Double, direction: Vector) {
        let value = current(at: t)
        motion = .none
        setLocked(value)
        // The dominant axis locks the direction for the whole gesture: horizontal only when
        // |dx| > |dy| (a tie is vertical), and a disabled axis is refused, not swapped for the other.
        // A touch during an animation keeps the animation's axis.
        if offset == .zero {
            lockedX = abs(direction.x) > abs(direction.y)
            refused = !enabled(lockedX)
        } else {
            refused = false
        }
        events.append(.willBeginDragging)
    }

    mutating func beginDrag(at t: Double, by finger: Vector, duration: Double, release: Release, then: DragEnd) {
        defer { _checkInvariants() }
        if isFingerDown { setLocked(current(at: t)) } else { touchDown(at: t, direction: finger) }
        let delta = refused ? 0 : Fixed.from(points: -(lockedX ? finger.x : finger.y))
        motion = .drag(start: t, duration: duration, from: raw, delta: delta, release: release, then: then)
    }

    var contentOffsetPoints: Vector { offset.points }
    var displayedOffsetPoints: Vector { offset.points }
    /// HeadlessUIKit drives UIScrollView, never the pager: the pager's offset is its pages' (no app sets it).
    mutating func moveContent(to offset: Vector, at t: Double) {}
    /// HeadlessUIKit never animates the pager.
    mutating func animateContent(to offset: Vector, at t: Double) {}
    /// The pager has no `targetContentOffset`.
    mutating func retargetRelease(to target: Vector) {}
    /// The pager's content is its pages (no app sets its size).
    mutating func changeContentSize(to size: Size, at t: Double) {}

    /// Touches replay UIScrollView's pan; the pager is SwiftUI's DragGesture, which `Scenario.validate` keeps
    /// them from. Called anyway, the finger goes from the first touch to the last in a straight line.
    mutating func beginTouches(at t: Double, _ touches: [Touch]) {
        let first = touches.first?.location ?? .zero
        let last = touches.last?.location ?? .zero
        let held = touches.last?.phase == .cancelled
        beginDrag(
            at: t, by: Vector(x: last.x - first.x, y: last.y - first.y), duration: max(Touch.span(touches), 0.001),
            release: .hold, then: held ? .cancel : .release)
    }

    mutating func endDrag(at t: Double) {
        defer { _checkInvariants() }
        guard case .drag(_, let duration, _, let delta, let release, let then) = motion else { return }
        setLocked(current(at: t))
        switch then {
        case .keep: motion = .drag(start: t, duration: 1, from: raw, delta: 0, release: .hold, then: .keep)
        case .cancel: cancel(at: t)
        case .release: lift(at: t, velocity: release == .fling ? Fixed.points(delta) / duration : 0)
        }
    }

    mutating func cancel(at t: Double) {
        defer { _checkInvariants() }
        guard isFingerDown else { return }
        setLocked(current(at: t))
        events.append(.cancel)
        lift(at: t, velocity: 0, cancelled: true)
    }

    mutating func fling(at t: Double, finger: Vector) {
        defer { _checkInvariants() }
        if isFingerDown { setLocked(current(at: t)) } else { touchDown(at: t, direction: finger) }
        lift(at: t, velocity: refused ? 0 : -(lockedX ? finger.x : finger.y))
    }

    /// Flip when the predicted end translation passes the threshold and a page exists there.
    /// The prediction starts from the finger's undamped translation, as SwiftUI's does; Infinite4Pager
    /// damps it too, which never changes the outcome, since there is no page on the damped side.
    private mutating func lift(at t: Double, velocity: Double, cancelled: Bool = false) {
        let translation = Fixed.points(raw)
        let predicted = ScrollPhysics.predictedEnd(translation: translation, velocity: velocity)
        let threshold = (lockedX ? spec.horizontalThreshold : spec.verticalThreshold) * Fixed.points(lockedSize)
        var flip: Int64 = 0
        if !cancelled, abs(predicted) > threshold {
            let direction: Int64 = predicted > 0 ? 1 : -1
            if hasNeighbour(direction) { flip = direction }
        }
        let target = flip * lockedSize
        events.append(
            .willEndDragging(
                velocity: lockedX ? Vector(x: velocity, y: 0) : Vector(x: 0, y: velocity),
                targetContentOffset: (lockedX ? FixedPoint(x: target, y: 0) : FixedPoint(x: 0, y: target)).points))
        let animates = target != lockedOffset
        events.append(.didEndDragging(willDecelerate: animates))
        if animates {
            motion = .animation(start: t, duration: spec.duration, from: lockedOffset, to: target, flip: flip)
        } else {
            motion = .none
            idleSince = t
        }
    }

    mutating func finishMotion(at t: Double) throws(ScenarioError) {
        guard case .animation(_, _, _, let to, let flip) = motion else { return }
        setLocked(to)
        motion = .none
        idleSince = t
        events.append(.didEndScrollingAnimation)
        if flip != 0 {
            try turn(
                to: lockedX ? TileCoordinate(x: page.x + flip, y: page.y) : TileCoordinate(x: page.x, y: page.y + flip))
        }
        _checkInvariants()
    }

    /// Makes `next` the current page with no displacement; the drawn pixels do not change when
    /// the previous displacement was exactly one page.
    private mutating func turn(to next: TileCoordinate) throws(ScenarioError) {
        guard next != page else { return }
        page = next
        offset = .zero
        raw = 0
        layout.rebase(tile: page, origin: .zero)
        events.append(.pageChanged(page: page))
    }

    private func clamped(_ tile: TileCoordinate) -> TileCoordinate {
        func axis(_ v: Int64, _ count: Int?, _ current: Int64) -> Int64 {
            guard let count else { return v }
            return count == 0 ? current : min(max(v, 0), Int64(count) - 1)
        }
        return TileCoordinate(x: axis(tile.x, columns, page.x), y: axis(tile.y, rows, page.y))
    }

    mutating func scrollTo(at t: Double, tile: TileCoordinate, animated: Bool, duration: Double) throws(ScenarioError) {
        if isFingerDown { lift(at: t, velocity: 0) }
        let target = clamped(tile)
        let dx = target.x - page.x
        let dy = target.y - page.y
        if animated, offset == .zero, (abs(dx) == 1 && dy == 0) || (dx == 0 && abs(dy) == 1) {
            lockedX = dx != 0
            refused = false
            motion = .animation(start: t, duration: duration, from: 0, to: (dx + dy) * lockedSize, flip: dx + dy)
            _checkInvariants()
            return
        }
        motion = .none
        idleSince = t
        offset = .zero
        raw = 0
        try turn(to: target)
        _checkInvariants()
    }

    mutating func jump(at t: Double, tile: TileCoordinate) throws(ScenarioError) {
        events.append(.jump(tile: tile))
        try scrollTo(at: t, tile: tile, animated: false, duration: 0)
    }

    mutating func resize(at t: Double, width: Double, height: Double) throws(ScenarioError) {
        if isFingerDown { lift(at: t, velocity: 0) }
        motion = .none
        idleSince = t
        offset = .zero
        raw = 0
        pageSize = FixedSize(points: Size(width: width, height: height))
        layout = TileLayout(
            tileSize: pageSize, buffer: 0, anchorTile: page, anchorOrigin: .zero, maxTiles: maxLiveTiles)
        events.append(.resize(width: width, height: height))
        try sample(at: t)
        _checkInvariants()
    }

    mutating func sample(at t: Double) throws(ScenarioError) {
        setLocked(current(at: t))
        let limit = { (count: Int?) -> ClosedRange<Int64>? in
            guard let count, count > 0 else { return nil }
            return 0...(Int64(count) - 1)
        }
        try layout.update(offset: offset, viewport: pageSize, columnLimit: limit(columns), rowLimit: limit(rows))
        _checkInvariants()
    }

    mutating func takeFrame(index: Int, time t: Double) -> FrameState {
        defer { _checkInvariants() }
        let p = Double(pixel)
        let tiles = layout.tiles.values.sorted { $0.coordinate < $1.coordinate }.map { tile in
            DrawnTile(
                coordinate: tile.coordinate, id: tile.id,
                pixelRect: PixelRect(
                    x: Double(tile.origin.x - offset.x) / p, y: Double(tile.origin.y - offset.y) / p,
                    width: Double(pageSize.width) / p, height: Double(pageSize.height) / p))
        }
        let visibility = layout.tiles.values.sorted { $0.coordinate < $1.coordinate }.compactMap {
            tile -> PageVisibility? in
            let w = max(
                0, min(tile.origin.x + pageSize.width, offset.x + pageSize.width) - max(tile.origin.x, offset.x))
            let h = max(
                0, min(tile.origin.y + pageSize.height, offset.y + pageSize.height) - max(tile.origin.y, offset.y))
            let fraction = (Double(w) / Double(pageSize.width)) * (Double(h) / Double(pageSize.height))
            return fraction > 0 ? PageVisibility(page: tile.coordinate, fraction: fraction) : nil
        }
        let frame = FrameState(
            index: index, time: t, phase: phase, contentOffset: offset.points,
            contentSize: Size(width: Fixed.points(pageSize.width), height: Fixed.points(pageSize.height)),
            events: events, recenterShift: nil, tiles: tiles, stats: layout.stats, edgeHit: edgeHit, scale: scale,
            viewport: Size(width: Fixed.points(pageSize.width), height: Fixed.points(pageSize.height)),
            page: page, pageVisibility: visibility)
        events.removeAll(keepingCapacity: true)
        edgeHit = false
        return frame
    }

    var keptRange: (columns: ClosedRange<Int64>?, rows: ClosedRange<Int64>?) { (layout.keptColumns, layout.keptRows) }
}

/// The pager's invariants, checked at the end of every entry point in debug builds (in this file:
/// they read private state). A failure is a programmer error in the model, never bad input.
extension PagerModel {
    @inline(__always)
    fileprivate func _checkInvariants() {
        #if DEBUG
            precondition(pageSize.width > 0 && pageSize.height > 0, "PagerModel: page size \(pageSize) is not positive")
            precondition(lockedX ? offset.y == 0 : offset.x == 0, "PagerModel: offset \(offset) off the locked axis")
            for (index, count, name) in [(page.x, columns, "column"), (page.y, rows, "row")] {
                guard let count else { continue }
                precondition(
                    count == 0 ? index == 0 : (0..<Int64(count)).contains(index),
                    "PagerModel: \(name) \(index) is not a page of \(count)")
            }
            precondition(
                layout.anchorTile == page && layout.anchorOrigin == .zero,
                "PagerModel: the layout is anchored at \(layout.anchorTile), not the current page \(page)")
        #endif
    }
}
