/// A UIScrollView-style scroll view hosting the tile grid: content offset, motion, delegate events,
/// rubber-banding, paging, recentering, loops, lazy content and tile reuse. Positions are
/// fixed-point integers (see `Fixed`).
struct ScrollModel: ScrollEngine {
    var x: Axis
    var y: Axis
    let strategy: RecenterStrategy
    let rate: Double
    let pixel: Int64
    let scale: Int
    let bounces: Bool
    let paging: PagingMode
    let pageSizeSpec: Size?
    /// Where pages are counted from (see `gridOrigin`).
    let pageGrid: PageGrid
    let lazy: Bool
    /// When content arrives and what an unloaded tile shows (`grid.loadLatency`, `grid.unloadedTile`; the
    /// reference always shows placeholders).
    let loading: GridSpec
    /// What a resize keeps (`ScrollSpec.effectiveResize`).
    let resizePolicy: ResizePolicy
    /// How far a flick may carry `"target"` paging from the page where the gesture began.
    let pageLimit: PageLimit
    /// The step displayed offsets are rounded to: a device pixel, or a whole point (`offsetRounding: "point"`).
    let displayStep: Int64
    /// `offsetRounding: "pointEachFrame"`: the displayed offset is the last one plus each frame's motion,
    /// rounded to whole points (`shownByFrames`), not the model's offset rounded.
    let roundsEachFrame: Bool
    /// With `roundsEachFrame`: the offset displayed at the last sampled frame and the model's offset then.
    var shownByFrames: (shown: FixedPoint, exact: FixedPoint)?
    /// The arithmetic tile positions are emulated in (`scroll.precision`).
    let precision: Precision
    /// A fling on moving content adds the content's velocity (`scroll.flickAdds`, pattern 10's naive side).
    let flickAdds: Bool
    /// A touch-down on decelerating content lets it keep moving under the finger (`scroll.touchDown`, pattern 10).
    let keepsVelocity: Bool
    /// The speed (points/s) below which a free deceleration ends (`scroll.decelerationStop`, pattern 10).
    let stopSpeed: Double
    /// The page each axis was on when the finger touched down (for `pageLimit` `.one`).
    var gesturePage: PageIndex = .zero

    var offset: FixedPoint
    var motion: Motion = .none
    var layout: TileLayout
    var idleSince = 0.0
    /// A deceleration interrupted by a new drag still owes its didEndDecelerating, as UIKit reports it.
    var pendingEndDecelerating = false
    /// Page origins (content offset of page 0) per axis: `gridOrigin` at the start, after a jump and a
    /// resize; shifted by recenters, by whole pages while paging (see `recenterStep`).
    var pageOrigin: FixedPoint
    /// The page each axis was on at the last rest.
    var restPage: PageIndex
    /// Lazy content: the predicted target rect (content coordinates) and the tiles loaded before.
    var targetRect: (origin: FixedPoint, size: FixedSize)?
    /// At most `Limits.maxRememberedLoads` of them, the oldest forgotten first.
    var loadedBefore = RecentSet<TileCoordinate>(capacity: Limits.maxRememberedLoads)
    var time = 0.0

    // Per-frame output.
    var events: [ScrollEvent] = [] {
        didSet {
            // The displayed offset when each event happened (HeadlessUIKit shows it to the delegate then).
            if events.isEmpty {
                eventOffsets.removeAll(keepingCapacity: true)
            } else if events.count > eventOffsets.count {
                let shown = displayedOffset.points
                eventOffsets.append(contentsOf: repeatElement(shown, count: events.count - eventOffsets.count))
            }
        }
    }
    var eventOffsets: [Vector] = []
    var recenterTotal: FixedShift? = nil
    var edgeHit = false
    /// The time of the last frame taken: `edgeHit` covers (frameTime, now].
    var frameTime = -Double.infinity

    enum Motion: Sendable {
        case none
        case drag(Drag)
        /// After a release: deceleration, bounce or paging snap, per axis.
        case release(x: AxisPlan, y: AxisPlan, inputs: ReleaseInputs)
        /// setContentOffset(animated:) or a late paging snap.
        case animation(x: AxisPlan, y: AxisPlan)
    }

    struct ReleaseInputs: Sendable {
        var start: Double
        var from: FixedPoint
        var velocity: Vector
        var end: Double
    }

    struct Drag: Sendable {
        var start: Double
        var duration: Double
        /// Where the finger puts the content before rubber-banding.
        var rawStart: FixedPoint
        /// The finger's path: a line, or replayed touches; the content moves the other way, after the slop.
        var path: FingerPath
        var release: Release
        var then: DragEnd
        /// `scroll.touchDown` `.keepVelocity`: the deceleration the touch did not stop, still moving the content.
        var carry: Carry? = nil

        func raw(at t: Double) -> FixedPoint {
            let m = path.moved(at: t - start)
            let moved = rawStart + FixedShift(x: Fixed.from(points: -m.x), y: Fixed.from(points: -m.y))
            guard let carry else { return moved }
            return moved + carry.shift(from: start, to: t)
        }
        /// The content's velocity (points/s, before rubber-banding) when the finger lifts.
        var velocity: Vector {
            let v = path.releaseVelocity
            return Vector(x: -v.x, y: -v.y)
        }
    }

    /// Deliberate bugs for tests of the checks.
    let faults: Faults

    init(
        scenario: Scenario, reference: Bool, maxLiveTiles: Int = Limits().maxLiveTiles, faults: Faults = Faults()
    ) throws(ScenarioError) {
        self.faults = faults
        let vp = scenario.viewport
        let viewport = FixedSize(points: Size(width: vp.width, height: vp.height))
        let tile = FixedSize(points: scenario.grid.tileSize)
        let strategy = scenario.scroll.recenter
        x = Self.axis(scenario, isX: true, reference: reference)
        y = Self.axis(scenario, isX: false, reference: reference)
        self.strategy = strategy
        // The reference is the ideal plane: UIKit's time-based friction (`scroll.friction`, pattern 10).
        rate = reference ? scenario.scroll.decelerationRate : scenario.effectiveDecelerationRate
        scale = vp.scale
        pixel = Fixed.pixel(scale: vp.scale)
        bounces = scenario.scroll.bounces
        paging = scenario.scroll.paging
        pageSizeSpec = scenario.scroll.pageSize
        pageGrid = scenario.scroll.pageGrid
        lazy = scenario.grid.content == .lazy
        // The ideal plane shows a placeholder where the content has not arrived: never the background.
        var loading = scenario.grid
        if reference { loading.unloadedTile = .placeholder }
        self.loading = loading
        // `.page` without paging keeps the centre.
        let resize = scenario.scroll.effectiveResize
        resizePolicy = resize == .page && scenario.scroll.paging == .none ? .center : resize
        // The reference is the ideal plane: a flick moves at most one page (pattern 4's expected page).
        pageLimit = reference ? .one : scenario.scroll.pageLimit
        flickAdds = scenario.scroll.flickAdds && !reference
        keepsVelocity = scenario.scroll.touchDown == .keepVelocity && !reference
        stopSpeed = reference ? ScrollPhysics.minimumVelocity : scenario.scroll.decelerationStop.speed
        precision = reference ? .exact : scenario.scroll.precision
        // The reference is the ideal plane: always on the device-pixel grid.
        let rounding = reference ? OffsetRounding.devicePixel : scenario.scroll.offsetRounding
        displayStep = rounding == .devicePixel ? Fixed.pixel(scale: vp.scale) : Fixed.unitsPerPoint
        roundsEachFrame = rounding == .pointEachFrame
        // Infinite axes start in the middle of the content (on the page grid when paging, see
        // `startOffset`) with the start tile centred; finite axes have tile 0 at content 0 and start with
        // the start tile as centred as the edges allow.
        let start = TileCoordinate(x: x.index(ofItem: scenario.grid.start.x), y: y.index(ofItem: scenario.grid.start.y))
        let page = scenario.scroll.pageSize.map { FixedSize(points: $0) } ?? viewport
        let ix = Self.initial(x, start.x, page.width, isX: true, scenario: scenario, reference: reference)
        let iy = Self.initial(y, start.y, page.height, isX: false, scenario: scenario, reference: reference)
        offset = FixedPoint(x: ix.offset, y: iy.offset)
        layout = TileLayout(
            tileSize: tile, buffer: scenario.grid.buffer,
            anchorTile: TileCoordinate(x: ix.anchorTile, y: iy.anchorTile),
            anchorOrigin: FixedPoint(x: ix.anchorOrigin, y: iy.anchorOrigin), maxTiles: maxLiveTiles,
            range: scenario.grid.range)
        pageOrigin = FixedPoint(
            x: x.enabled ? Self.gridOrigin(x, pageGrid) : ix.offset,
            y: y.enabled ? Self.gridOrigin(y, pageGrid) : iy.offset)
        restPage = .zero
        restPage = PageIndex(
            column: rules(x, pageOrigin.x, pageSize.width).page(of: offset.x),
            row: rules(y, pageOrigin.y, pageSize.height).page(of: offset.y))
        // The first screen's content is there when the view appears: asked for `grid.loadLatency` before 0.
        time = -scenario.grid.loadLatency
        try updateTiles()
        time = 0
        _checkInvariants()
    }

    // MARK: Geometry

    var viewport: FixedSize { FixedSize(width: x.viewport, height: y.viewport) }
    var center: FixedPoint { FixedPoint(x: x.center, y: y.center) }
    var contentSize: Size { Size(width: Fixed.points(x.contentSize), height: Fixed.points(y.contentSize)) }
    var pageSize: FixedSize {
        if let size = pageSizeSpec { return FixedSize(points: size) }
        return viewport
    }

    /// The offset as displayed: rounded to the device-pixel grid, as UIKit does (to whole points with
    /// `offsetRounding: "point"`).
    var displayedOffset: FixedPoint {
        if roundsEachFrame, let last = shownByFrames { return last.shown }
        return FixedPoint(
            x: Fixed.round(offset.x, toMultipleOf: displayStep), y: Fixed.round(offset.y, toMultipleOf: displayStep))
    }

    /// `offsetRounding: "pointEachFrame"`: adds the model's motion since the last frame to the offset
    /// displayed then and rounds the sum to whole points (a recenter's shift is part of that motion, so it
    /// moves the displayed offset with the model's).
    mutating func roundEachFrame() {
        guard roundsEachFrame else { return }
        let sum: FixedPoint
        if let last = shownByFrames {
            sum = FixedPoint(
                x: last.shown.x &+ (offset.x &- last.exact.x), y: last.shown.y &+ (offset.y &- last.exact.y))
        } else {
            sum = offset
        }
        shownByFrames = (
            FixedPoint(
                x: Fixed.round(sum.x, toMultipleOf: displayStep), y: Fixed.round(sum.y, toMultipleOf: displayStep)),
            offset
        )
    }

    func rules(_ axis: Axis, _ origin: Int64, _ size: Int64) -> AxisRules {
        AxisRules(
            bounds: axis.bounds, bounces: bounces, paging: paging, pageSize: max(1, size), pageOrigin: origin,
            rate: rate, enabled: axis.enabled, stopSpeed: stopSpeed)
    }
    var rulesX: AxisRules { limited(rules(x, pageOrigin.x, pageSize.width), gesturePage.column) }
    var rulesY: AxisRules { limited(rules(y, pageOrigin.y, pageSize.height), gesturePage.row) }

    /// `rules` with `pageLimit` `.one`: a flick lands at most one page from `start`.
    func limited(_ rules: AxisRules, _ start: Int64) -> AxisRules {
        var r = rules
        if pageLimit == .one { r.pageLimit = (start - 1)...(start + 1) }
        return r
    }

    var phase: Phase {
        switch motion {
        case .none: return .idle
        case .drag: return .dragging
        case .release(let px, let py, _):
            return px.isBouncing(at: time) || py.isBouncing(at: time) ? .bouncing : .decelerating
        case .animation: return .animating
        }
    }

    var motionEnd: Double? {
        switch motion {
        case .release(let px, let py, _), .animation(let px, let py): return max(px.end, py.end)
        case .none, .drag: return nil
        }
    }

    var isFingerDown: Bool { if case .drag = motion { return true } else { return false } }

    // MARK: Offsets

    /// Rubber-banding (or clamping) of a raw drag position on one axis.
    func banded(_ raw: Int64, _ axis: Axis) -> (Int64, Bool) {
        guard axis.enabled else { return (raw, false) }
        guard let b = axis.bounds else { return (raw, false) }
        if b.contains(raw) { return (raw, false) }
        let edge = raw < b.lowerBound ? b.lowerBound : b.upperBound
        guard bounces else { return (edge, true) }
        let past = Fixed.points(abs(raw - edge))
        let band = Fixed.from(points: RubberBand.offset(past, dimension: Fixed.points(axis.viewport)))
        return (raw < b.lowerBound ? edge - band : edge + band, true)
    }

    /// `o` inside the axis's edges (unchanged on an axis without edges or a disabled one).
    func clamp(_ o: Int64, _ axis: Axis) -> Int64 {
        guard axis.enabled, let b = axis.bounds else { return o }
        return min(max(o, b.lowerBound), b.upperBound)
    }

    /// The raw finger position that rubber-bands to `offset` (for a drag that starts past an edge).
    func unbanded(_ o: Int64, _ axis: Axis) -> Int64 {
        guard bounces, axis.enabled, let b = axis.bounds, !b.contains(o) else { return o }
        let edge = o < b.lowerBound ? b.lowerBound : b.upperBound
        let past = RubberBand.finger(Fixed.points(abs(o - edge)), dimension: Fixed.points(axis.viewport))
        return o < b.lowerBound ? edge - Fixed.from(points: past) : edge + Fixed.from(points: past)
    }

    mutating func motionOffset(at t: Double) -> FixedPoint {
        switch motion {
        case .none: return offset
        case .drag(let d):
            let raw = d.raw(at: t)
            let (bx, hx) = banded(x.enabled ? raw.x : offset.x, x)
            let (by, hy) = banded(y.enabled ? raw.y : offset.y, y)
            if hx || hy { edgeHit = true }
            return FixedPoint(x: bx, y: by)
        case .release(let px, let py, _):
            if px.edgeHit(after: frameTime, through: t) || py.edgeHit(after: frameTime, through: t) { edgeHit = true }
            return FixedPoint(x: px.offset(at: t), y: py.offset(at: t))
        case .animation(let px, let py):
            return FixedPoint(x: px.offset(at: t), y: py.offset(at: t))
        }
    }

    mutating func setOffset(_ o: FixedPoint) {
        guard o != offset else { return }
        offset = o
        events.append(.didScroll)
    }
}
