/// A UIScrollView-style scroll view hosting the tile grid: content offset, motion, delegate events,
/// rubber-banding, paging, recentering, loops, lazy content and tile reuse. Positions are
/// fixed-point integers (see `Fixed`).
struct ScrollModel: ScrollEngine {
    private(set) var x: Axis
    private(set) var y: Axis
    let strategy: RecenterStrategy
    let rate: Double
    let pixel: Int64
    let scale: Int
    let bounces: Bool
    let paging: PagingMode
    let pageSizeSpec: Size?
    let lazy: Bool

    private(set) var offset: FixedPoint
    private(set) var motion: Motion = .none
    private(set) var layout: TileLayout
    private(set) var idleSince = 0.0
    /// A deceleration interrupted by a new drag still owes its didEndDecelerating (seed 001).
    private var pendingEndDecelerating = false
    /// Page origins (content offset of page 0) per axis; shifted by recenters.
    private var pageOrigin: FixedPoint
    /// The page each axis was on at the last rest.
    private var restPage: FixedPoint
    /// Lazy content: the predicted target rect (content coordinates) and the tiles loaded before.
    private var targetRect: (origin: FixedPoint, size: FixedPoint)?
    /// At most `Limits.maxRememberedLoads` of them, the oldest forgotten first.
    private(set) var loadedBefore = RecentSet<TileCoordinate>(capacity: Limits.maxRememberedLoads)
    private(set) var time = 0.0

    // Per-frame output.
    private var events: [ScrollEvent] = []
    private var recenterTotal: FixedPoint? = nil
    private var edgeHit = false
    /// The time of the last frame taken: `edgeHit` covers (frameTime, now].
    private var frameTime = -Double.infinity

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
        var delta: FixedPoint
        var release: Release
        var then: DragEnd

        func raw(at t: Double) -> FixedPoint {
            let u = min(max((t - start) / duration, 0), 1)
            return rawStart + FixedPoint(x: Int64((Double(delta.x) * u).rounded()), y: Int64((Double(delta.y) * u).rounded()))
        }
        var velocity: Vector { Vector(x: Fixed.points(delta.x) / duration, y: Fixed.points(delta.y) / duration) }
    }

    /// Deliberate bugs for tests of the checks.
    let faults: Faults

    init(scenario: Scenario, reference: Bool, maxLiveTiles: Int = Limits().maxLiveTiles, faults: Faults = Faults()) throws(ScenarioError) {
        self.faults = faults
        let vp = scenario.viewport
        let viewport = FixedPoint(points: Vector(x: vp.width, y: vp.height))
        let content = FixedPoint(points: Vector(x: scenario.scroll.contentSize.width, y: scenario.scroll.contentSize.height))
        let tile = FixedPoint(points: Vector(x: scenario.grid.tileSize.width, y: scenario.grid.tileSize.height))
        let strategy = scenario.scroll.recenter
        x = Axis(count: scenario.grid.columns, loop: scenario.grid.loop, tile: tile.x, viewport: viewport.x,
                 contentSize: content.x, reference: reference, strategy: strategy)
        y = Axis(count: scenario.grid.rows, loop: scenario.grid.loop, tile: tile.y, viewport: viewport.y,
                 contentSize: content.y, reference: reference, strategy: strategy)
        self.strategy = strategy
        rate = scenario.scroll.decelerationRate
        scale = vp.scale
        pixel = Fixed.pixel(scale: vp.scale)
        bounces = scenario.scroll.bounces
        paging = scenario.scroll.paging
        pageSizeSpec = scenario.scroll.pageSize
        lazy = scenario.grid.content == .lazy
        // Infinite axes start in the middle of the content with the start tile centred; finite axes
        // have tile 0 at content 0 and start with the start tile as centred as the edges allow.
        let start = TileCoordinate(x: x.index(ofItem: scenario.grid.start.x), y: y.index(ofItem: scenario.grid.start.y))
        func initial(_ axis: Axis, _ startIndex: Int64) -> (offset: Int64, anchorTile: Int64, anchorOrigin: Int64) {
            if axis.isFinite {
                let centred = startIndex * axis.tile - (axis.viewport - axis.tile) / 2
                let bounds = axis.bounds!
                return (min(max(centred, bounds.lowerBound), bounds.upperBound), 0, 0)
            }
            return (axis.center, startIndex, axis.center + (axis.viewport - axis.tile) / 2)
        }
        let ix = initial(x, start.x), iy = initial(y, start.y)
        offset = FixedPoint(x: ix.offset, y: iy.offset)
        layout = TileLayout(tileSize: tile, buffer: scenario.grid.buffer,
                            anchorTile: TileCoordinate(x: ix.anchorTile, y: iy.anchorTile),
                            anchorOrigin: FixedPoint(x: ix.anchorOrigin, y: iy.anchorOrigin), maxTiles: maxLiveTiles,
                            range: scenario.grid.range)
        pageOrigin = FixedPoint(x: x.isFinite ? 0 : ix.offset, y: y.isFinite ? 0 : iy.offset)
        restPage = .zero
        restPage = FixedPoint(x: rules(x, pageOrigin.x, pageSize.x).page(of: offset.x),
                              y: rules(y, pageOrigin.y, pageSize.y).page(of: offset.y))
        try updateTiles()
    }

    // MARK: Geometry

    var viewport: FixedPoint { FixedPoint(x: x.viewport, y: y.viewport) }
    var center: FixedPoint { FixedPoint(x: x.center, y: y.center) }
    var contentSize: Size { Size(width: Fixed.points(x.contentSize), height: Fixed.points(y.contentSize)) }
    var pageSize: FixedPoint {
        if let size = pageSizeSpec { return FixedPoint(points: Vector(x: size.width, y: size.height)) }
        return viewport
    }

    /// The offset as displayed: rounded to the device-pixel grid, as UIKit does.
    var displayedOffset: FixedPoint {
        FixedPoint(x: Fixed.round(offset.x, toMultipleOf: pixel), y: Fixed.round(offset.y, toMultipleOf: pixel))
    }

    func rules(_ axis: Axis, _ origin: Int64, _ size: Int64) -> AxisRules {
        AxisRules(bounds: axis.bounds, bounces: bounces, paging: paging, pageSize: max(1, size), pageOrigin: origin,
                  rate: rate, enabled: axis.enabled)
    }
    var rulesX: AxisRules { rules(x, pageOrigin.x, pageSize.x) }
    var rulesY: AxisRules { rules(y, pageOrigin.y, pageSize.y) }

    var phase: Phase {
        switch motion {
        case .none: return .idle
        case .drag: return .dragging
        case let .release(px, py, _):
            return px.isBouncing(at: time) || py.isBouncing(at: time) ? .bouncing : .decelerating
        case .animation: return .animating
        }
    }

    var motionEnd: Double? {
        switch motion {
        case let .release(px, py, _), let .animation(px, py): return max(px.end, py.end)
        case .none, .drag: return nil
        }
    }

    var isFingerDown: Bool { if case .drag = motion { return true } else { return false } }

    // MARK: Offsets

    /// Rubber-banding (or clamping) of a raw drag position on one axis.
    private func banded(_ raw: Int64, _ axis: Axis) -> (Int64, Bool) {
        guard axis.enabled else { return (raw, false) }
        guard let b = axis.bounds else { return (raw, false) }
        if b.contains(raw) { return (raw, false) }
        let edge = raw < b.lowerBound ? b.lowerBound : b.upperBound
        guard bounces else { return (edge, true) }
        let past = Fixed.points(abs(raw - edge))
        let band = Fixed.from(points: AxisRules.rubberBand(past, dimension: Fixed.points(axis.viewport)))
        return (raw < b.lowerBound ? edge - band : edge + band, true)
    }

    /// `o` inside the axis's edges (unchanged on an axis without edges or a disabled one).
    private func clamp(_ o: Int64, _ axis: Axis) -> Int64 {
        guard axis.enabled, let b = axis.bounds else { return o }
        return min(max(o, b.lowerBound), b.upperBound)
    }

    /// The raw finger position that rubber-bands to `offset` (for a drag that starts past an edge).
    private func unbanded(_ o: Int64, _ axis: Axis) -> Int64 {
        guard bounces, axis.enabled, let b = axis.bounds, !b.contains(o) else { return o }
        let edge = o < b.lowerBound ? b.lowerBound : b.upperBound
        let d = Fixed.points(axis.viewport), band = min(Fixed.points(abs(o - edge)), d * 0.999)
        let past = (d / 0.55) * (1 / (1 - band / d) - 1)
        return o < b.lowerBound ? edge - Fixed.from(points: past) : edge + Fixed.from(points: past)
    }

    private mutating func motionOffset(at t: Double) -> FixedPoint {
        switch motion {
        case .none: return offset
        case .drag(let d):
            let raw = d.raw(at: t)
            let (bx, hx) = banded(x.enabled ? raw.x : offset.x, x)
            let (by, hy) = banded(y.enabled ? raw.y : offset.y, y)
            if hx || hy { edgeHit = true }
            return FixedPoint(x: bx, y: by)
        case let .release(px, py, _):
            if px.edgeHit(after: frameTime, through: t) || py.edgeHit(after: frameTime, through: t) { edgeHit = true }
            return FixedPoint(x: px.offset(at: t), y: py.offset(at: t))
        case let .animation(px, py):
            return FixedPoint(x: px.offset(at: t), y: py.offset(at: t))
        }
    }

    private mutating func setOffset(_ o: FixedPoint) {
        guard o != offset else { return }
        offset = o
        events.append(.didScroll)
    }

    // MARK: Gestures

    /// A finger touches down: any deceleration or animation stops where it is. Content left past an
    /// edge (by `scrollTo`, which does not clamp) stays there to be rubber-banded by the drag, or, without
    /// `bounces`, goes back onto the edge at once.
    private mutating func touchDown(at t: Double) {
        time = t
        var o = motionOffset(at: t)
        if case .release = motion { pendingEndDecelerating = true }
        motion = .none
        if !bounces {
            let clamped = FixedPoint(x: clamp(o.x, x), y: clamp(o.y, y))
            if clamped != o { edgeHit = true; o = clamped }
        }
        setOffset(o)
        events.append(.willBeginDragging)
    }

    mutating func beginDrag(at t: Double, by finger: Vector, duration: Double, release: Release, then: DragEnd) {
        let continuing = isFingerDown
        if continuing {
            time = t
            setOffset(motionOffset(at: t))
        } else {
            touchDown(at: t)
        }
        let raw = FixedPoint(x: unbanded(offset.x, x), y: unbanded(offset.y, y))
        let delta = FixedPoint(x: x.enabled ? Fixed.from(points: -finger.x) : 0, y: y.enabled ? Fixed.from(points: -finger.y) : 0)
        motion = .drag(Drag(start: t, duration: duration, rawStart: raw, delta: delta, release: release, then: then))
    }

    /// The drag step's time is up: lift, cancel or keep the finger down.
    mutating func endDrag(at t: Double) {
        guard case .drag(let drag) = motion else { return }
        time = t
        setOffset(motionOffset(at: t))
        switch drag.then {
        case .keep:
            // The finger stays where it is: the drag goes on with no movement.
            let raw = drag.raw(at: t)
            motion = .drag(Drag(start: t, duration: 1, rawStart: raw, delta: .zero, release: .hold, then: .keep))
        case .cancel:
            cancel(at: t)
        case .release:
            let velocity = drag.release == .fling ? drag.velocity : .zero
            lift(at: t, velocity: contentVelocity(velocity, at: drag.raw(at: t)))
        }
    }

    /// The content's velocity for a finger moving at `velocity` from the raw position `raw`: past an edge
    /// the content moves slower than the finger, by the band's slope.
    private func contentVelocity(_ velocity: Vector, at raw: FixedPoint) -> Vector {
        func slope(_ r: Int64, _ axis: Axis) -> Double {
            guard let b = axis.bounds, !b.contains(r) else { return 1 }
            guard bounces else { return 0 }
            let edge = r < b.lowerBound ? b.lowerBound : b.upperBound
            return AxisRules.rubberBandSlope(Fixed.points(abs(r - edge)), dimension: Fixed.points(axis.viewport))
        }
        return Vector(x: velocity.x * slope(raw.x, x), y: velocity.y * slope(raw.y, y))
    }

    /// The gesture in progress is cancelled: no release velocity; bounces and paging settle.
    mutating func cancel(at t: Double) {
        guard isFingerDown else { return }
        time = t
        setOffset(motionOffset(at: t))
        events.append(.cancel)
        lift(at: t, velocity: .zero)
    }

    /// A fling step: a finger lifts with `finger` velocity (points/s); it touches down first unless
    /// it is already down from a kept drag.
    mutating func fling(at t: Double, finger: Vector) {
        let raw: FixedPoint
        if case .drag(let drag) = motion {
            setOffset(motionOffset(at: t))
            raw = drag.raw(at: t)
        } else {
            touchDown(at: t)
            raw = FixedPoint(x: unbanded(offset.x, x), y: unbanded(offset.y, y))
        }
        time = t
        lift(at: t, velocity: contentVelocity(Vector(x: x.enabled ? -finger.x : 0, y: y.enabled ? -finger.y : 0), at: raw))
    }

    /// Lifts a finger kept down by a drag with `then: keep`, before a programmatic step.
    mutating func releaseIfHeld(at t: Double) {
        if isFingerDown { time = t; setOffset(motionOffset(at: t)); lift(at: t, velocity: .zero) }
    }

    private mutating func lift(at t: Double, velocity: Vector) {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let end = t + ScrollPhysics.decelerationDuration(speed: speed, rate: rate)
        let moving = end > t ? velocity : .zero
        let inputs = ReleaseInputs(start: t, from: offset, velocity: moving, end: end)
        let (px, py) = endingTogether(rulesX.release(at: t, from: offset.x, velocity: moving.x, end: end),
                                      rulesY.release(at: t, from: offset.y, velocity: moving.y, end: end), inputs)
        let decelerates = max(px.end, py.end) > t
        let target = FixedPoint(x: px.target, y: py.target)
        events.append(.willEndDragging(velocity: moving, targetContentOffset: target.points))
        events.append(.didEndDragging(willDecelerate: decelerates))
        if lazy { targetRect = (target, viewport) }
        if decelerates {
            pendingEndDecelerating = false
            events.append(.willBeginDecelerating)
            motion = .release(x: px, y: py, inputs: inputs)
        } else {
            motion = .none
            // Seed 001's snap paging snaps in didEndDragging when there is no deceleration.
            if snapToPage(at: t) {
                if pendingEndDecelerating {
                    pendingEndDecelerating = false
                    events.append(.didEndDecelerating)
                }
                return
            }
            cameToRest(at: t)
            if pendingEndDecelerating {
                pendingEndDecelerating = false
                events.append(.didEndDecelerating)
                cameToRest(at: t)  // the second end callback in a row must be a no-op
            }
        }
    }

    /// The release plans of both axes, each ending when it stops (`AxisRules.ending`): the scroll ends
    /// when every axis has stopped, not at the 2D end for an axis a content edge stopped.
    private func endingTogether(_ px: AxisPlan, _ py: AxisPlan, _ inputs: ReleaseInputs) -> (AxisPlan, AxisPlan) {
        let t0 = inputs.start, o = inputs.from, v = inputs.velocity
        return (rulesX.ending(px, besides: py, t0, o.x, v.x, inputs.end),
                rulesY.ending(py, besides: px, t0, o.y, v.y, inputs.end))
    }

    /// Snap paging's animation to the nearest page (0.3 s, ease-in-out), unless the offset is on a page
    /// already. Returns whether it started.
    private mutating func snapToPage(at t: Double) -> Bool {
        guard paging == .snap else { return false }
        let target = FixedPoint(x: rulesX.pageOffset(rulesX.page(of: offset.x)), y: rulesY.pageOffset(rulesY.page(of: offset.y)))
        guard target != offset else { return false }
        startAnimation(at: t, to: target, duration: 0.3, curve: .easeInOut)
        return true
    }

    /// Ends a deceleration or animation whose time has come.
    mutating func finishMotion(at t: Double) throws(ScenarioError) {
        time = t
        setOffset(motionOffset(at: t))
        switch motion {
        case .release:
            motion = .none
            events.append(.didEndDecelerating)
            // The late snap seed 001 criticises: only now animate to the nearest page.
            if snapToPage(at: t) { return }
        case .animation:
            motion = .none
            events.append(.didEndScrollingAnimation)
        case .none, .drag:
            return
        }
        cameToRest(at: t)
    }

    /// Everything that happens when scrolling ends: the loop jump, the at-rest recenter, page
    /// change and lazy loading.
    private mutating func cameToRest(at t: Double) {
        guard case .none = motion else { return }
        idleSince = t
        loopJumpIfOnDuplicate()
        recenterAtRest()
        let page = FixedPoint(x: rulesX.page(of: offset.x), y: rulesY.page(of: offset.y))
        if paging != .none, page != restPage {
            events.append(.pageChanged(page: TileCoordinate(x: page.x, y: page.y)))
        }
        restPage = page
        targetRect = nil
    }

    // MARK: Programmatic scrolling

    /// The offset that centres `tile` in the viewport. Not clamped to the content, as
    /// `setContentOffset` is not: near a finite axis's end it lies past the edge (see `touchDown`).
    func centringOffset(for tile: TileCoordinate) throws(ScenarioError) -> FixedPoint {
        let index = TileCoordinate(x: x.index(ofItem: tile.x), y: y.index(ofItem: tile.y))
        let origin = try layout.origin(of: index)
        let limit = Fixed.from(points: Limits.maxDistance * 10)
        var o = FixedPoint(x: origin.x - (x.viewport - x.tile) / 2, y: origin.y - (y.viewport - y.tile) / 2)
        guard abs(o.x) <= limit, abs(o.y) <= limit else {
            throw ScenarioError(kind: .simulation, path: "",
                                message: "tile \(tile) is more than 10^10 points away; scroll there with a jump step")
        }
        if !x.enabled { o.x = offset.x }
        if !y.enabled { o.y = offset.y }
        return o
    }

    private mutating func startAnimation(at t: Double, to target: FixedPoint, duration: Double, curve: AxisPlan.Curve) {
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
        var anchor = layout.anchorTile, anchorOrigin = layout.anchorOrigin
        for (axis, isX) in [(x, true), (y, false)] where axis.enabled {
            let i = isX ? index.x : index.y
            if axis.isFinite {
                let b = axis.bounds!
                let o = min(max(i * axis.tile - (axis.viewport - axis.tile) / 2, b.lowerBound), b.upperBound)
                if isX { target.x = o } else { target.y = o }
            } else {
                let origin = axis.center + (axis.viewport - axis.tile) / 2
                if isX { target.x = axis.center; anchor.x = i; anchorOrigin.x = origin; pageOrigin.x = axis.center }
                else { target.y = axis.center; anchor.y = i; anchorOrigin.y = origin; pageOrigin.y = axis.center }
            }
        }
        setOffset(target)
        layout.rebase(tile: anchor, origin: anchorOrigin)
    }

    /// The viewport changes size (a rotation): the point at its centre stays at its centre and the
    /// tiles are laid out again; any motion ends where it is.
    mutating func resize(at t: Double, width: Double, height: Double) throws(ScenarioError) {
        releaseIfHeld(at: t)
        time = t
        setOffset(motionOffset(at: t))
        motion = .none
        pendingEndDecelerating = false
        let size = FixedPoint(points: Vector(x: width, y: height))
        var o = offset
        o.x += Fixed.round((x.viewport - size.x) / 2, toMultipleOf: pixel)
        o.y += Fixed.round((y.viewport - size.y) / 2, toMultipleOf: pixel)
        x.viewport = size.x
        y.viewport = size.y
        if x.isFinite, let b = x.bounds { o.x = min(max(o.x, b.lowerBound), b.upperBound) }
        if y.isFinite, let b = y.bounds { o.y = min(max(o.y, b.lowerBound), b.upperBound) }
        events.append(.resize(width: width, height: height))
        setOffset(o)
        try updateTiles()
        cameToRest(at: t)
    }

    // MARK: Loops

    /// Seed 004: at rest on a duplicate, jump without animation to the real item.
    private mutating func loopJumpIfOnDuplicate() {
        var o = offset
        for (axis, isX) in [(x, true), (y, false)] where axis.duplicate {
            guard let n = axis.itemCount else { continue }
            let middle = (isX ? o.x : o.y) + axis.viewport / 2
            var jump: Int64 = 0
            if middle < axis.tile { jump = n * axis.tile }
            else if middle >= (n + 1) * axis.tile { jump = -n * axis.tile }
            if isX { o.x += jump } else { o.y += jump }
        }
        guard o != offset else { return }
        events.append(.loopJump(from: offset.points, to: o.points))
        setOffset(o)
    }

    // MARK: Recentering

    private mutating func applyRecenter(_ s: FixedPoint) {
        guard s != .zero else { return }
        offset = offset + s
        // A broken recenter (tests only) moves the tiles a few device pixels less than the offset.
        layout.shift(by: FixedPoint(x: s.x - (s.x == 0 ? 0 : faults.recenterPixelError * pixel), y: s.y))
        pageOrigin = pageOrigin + s
        if let rect = targetRect { targetRect = (rect.origin + s, rect.size) }
        switch motion {
        case .none: break
        case .drag(var d): d.rawStart = d.rawStart + s; motion = .drag(d)
        case .release(let px, let py, var inputs):
            inputs.from = inputs.from + s
            let (nx, ny) = endingTogether(
                rulesX.replan(px, shift: s.x, inputs.start, inputs.from.x, inputs.velocity.x, inputs.end, now: time),
                rulesY.replan(py, shift: s.y, inputs.start, inputs.from.y, inputs.velocity.y, inputs.end, now: time), inputs)
            motion = .release(x: nx, y: ny, inputs: inputs)
        case let .animation(px, py): motion = .animation(x: px.shifted(by: s.x), y: py.shifted(by: s.y))
        }
        events.append(.recenter(shift: s.points))
        events.append(.didScroll)
        recenterTotal = (recenterTotal ?? .zero) + s
    }

    /// Whole-pixel shift from `o` to `target`: a shift that is not whole device pixels would move the
    /// rounded offset differently from the tiles and show a one-pixel jump.
    private func pixelShift(from o: Int64, to target: Int64) -> Int64 {
        Fixed.round(target - o, toMultipleOf: pixel)
    }

    /// The end-of-scroll recenter of the atRest and wholeTiles strategies. Idempotent.
    private mutating func recenterAtRest() {
        guard case .none = motion else { return }
        func axis(_ a: Axis, _ o: Int64) -> Int64 {
            guard a.recenters else { return 0 }
            switch strategy {
            case .atRest: return pixelShift(from: o, to: a.center)
            case .wholeTiles: return Fixed.round(a.center - o, toMultipleOf: a.tile)
            case .threshold, .none: return 0
            }
        }
        applyRecenter(FixedPoint(x: axis(x, offset.x), y: axis(y, offset.y)))
    }

    /// StreetScroller's recenter, checked on every displayed frame: an axis more than a quarter of
    /// the content from the centre jumps back, mid-motion, without disturbing the motion.
    private mutating func recenterIfPastThreshold() {
        guard strategy == .threshold else { return }
        func axis(_ a: Axis, _ o: Int64) -> Int64 {
            a.recenters && abs(o - a.center) > a.contentSize / 4 ? pixelShift(from: o, to: a.center) : 0
        }
        applyRecenter(FixedPoint(x: axis(x, offset.x), y: axis(y, offset.y)))
    }

    // MARK: Frames

    private mutating func updateTiles() throws(ScenarioError) {
        let decelerating: Bool
        if case .release = motion { decelerating = true } else { decelerating = false }
        let rect = targetRect, before = loadedBefore, lazy = self.lazy
        let size = layout.tileSize
        try layout.update(offset: displayedOffset, viewport: viewport, columnLimit: x.tiles, rowLimit: y.tiles) { coordinate, origin in
            guard lazy, decelerating else { return true }
            if before.contains(coordinate) { return true }
            guard let rect else { return false }
            return origin.x < rect.origin.x + rect.size.x && origin.x + size.x > rect.origin.x
                && origin.y < rect.origin.y + rect.size.y && origin.y + size.y > rect.origin.y
        }
        if lazy {
            if !decelerating { layout.loadAll() }
            // In row-major order, so that what is forgotten first does not depend on hashing.
            let fresh = layout.tiles.values.filter { $0.loaded && !loadedBefore.contains($0.coordinate) }.map(\.coordinate)
            for coordinate in fresh.sorted() { loadedBefore.insert(coordinate) }
        }
    }

    /// Brings the offset to time t (a displayed frame), recenters if due and lays out the tiles.
    mutating func sample(at t: Double) throws(ScenarioError) {
        time = t
        setOffset(motionOffset(at: t))
        recenterIfPastThreshold()
        try updateTiles()
    }

    func drawnTiles() -> [DrawnTile] {
        let shown = displayedOffset
        let p = Double(pixel)
        let w = Double(layout.tileSize.x) / p, h = Double(layout.tileSize.y) / p
        return layout.tiles.values.sorted { $0.coordinate < $1.coordinate }.map { tile in
            let item = TileCoordinate(x: x.item(tile.coordinate.x), y: y.item(tile.coordinate.y))
            return DrawnTile(coordinate: tile.coordinate, id: tile.id,
                             pixelRect: PixelRect(x: Double(tile.origin.x - shown.x) / p, y: Double(tile.origin.y - shown.y) / p,
                                                  width: w, height: h),
                             item: item, loaded: tile.loaded, reuses: tile.reuses)
        }
    }

    mutating func takeFrame(index: Int, time t: Double) -> FrameState {
        let frame = FrameState(
            index: index, time: t, phase: phase, contentOffset: offset.points, contentSize: contentSize,
            events: events, recenterShift: recenterTotal?.points, tiles: drawnTiles(), stats: layout.stats,
            edgeHit: edgeHit, scale: scale,
            viewport: Size(width: Fixed.points(x.viewport), height: Fixed.points(y.viewport)),
            page: paging == .none ? nil : TileCoordinate(x: rulesX.page(of: offset.x), y: rulesY.page(of: offset.y)),
            pageVisibility: [])
        events.removeAll(keepingCapacity: true)
        recenterTotal = nil
        edgeHit = false
        frameTime = t
        return frame
    }

    var misplacedTiles: [TileCoordinate] { layout.misplacedTiles() }
    var keptRange: (columns: ClosedRange<Int64>?, rows: ClosedRange<Int64>?) { (layout.keptColumns, layout.keptRows) }
}
