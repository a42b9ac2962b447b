public import GridModel

/// The pattern invariants of `verify`, checked frame by frame from model quantities (offsets,
/// phases, events, pages, tile items and pixel rectangles), never from rendered pixels.
///
/// Feed it every frame in order; `findings` holds the first failure of each pattern. It is a pure
/// function of the frames and the scenario's `PatternFacts`, so tests can hand-build frames.
///
/// ```swift
/// var monitor = PatternMonitor(facts: PatternFacts(scenario))
/// var simulation = try Simulation(scenario: scenario)
/// while let frame = try simulation.next() { monitor.observe(frame) }
/// for f in monitor.findings { print(f.line) }
/// ```
///
/// The checks (pattern numbers as in `Pattern`):
/// - 2: an infinite grid never hits a content edge.
/// - 4: under paging a motion that began with a drag or fling rests within one page of where it
///   began (or of the page it was released on; when the next touch begins in the frame it rests, on
///   its last frame) and, away from the edges, on a multiple of the page size.
/// - 5: on a looping or finite axis every tile's item lies in [0, N).
/// - 6: a resize at rest keeps the page (offset = page × new page size) or, without paging, the centre.
/// - 7: with insets, paging rests on the grid counted from the adjusted inset, and an axis no step
///   moves keeps its offset.
/// - 8 and 9: the offset follows the ideal plane's within half a device pixel (8 far from the origin,
///   9 near it), at the same model offset tiles are displayed where the ideal plane displays them, and tiles whose size is a whole number of device pixels sit on whole device pixels.
/// - 10: the speed never rises between decelerating frames, after a touch-down on decelerating
///   content the offset follows the finger alone (a constant speed per frame), and a flick on moving
///   content leaves at the ideal plane's release velocity (the finger's, not the old one added). From
///   such a release on, the motion differs from the ideal's by design: 8 and 9 stop comparing with it.
public struct PatternMonitor: Sendable {
    /// The scenario's facts.
    public let facts: PatternFacts
    /// The first finding of each pattern, in the order found.
    public private(set) var findings: [PatternFinding] = []

    private var previous: FrameState?
    private var beforePrevious: FrameState?
    /// Recenter shifts and loop jumps so far: the absolute offset is `contentOffset - shift`.
    private var shift = Vector.zero
    /// Recenter shifts since the page grid was last re-based (a resize re-bases it when pages are the viewport).
    private var gridShift = Vector.zero
    /// `strategy - ideal` absolute offset at the last re-baselining (jumps and resizes move both).
    private var idealBaseline: Vector?
    private var idealShift = Vector.zero
    /// The page a drag or fling began on, and the page it was released on.
    private var startPage: TileCoordinate?
    private var releasePage: TileCoordinate?
    private var programmatic = false
    /// The page showing at rest before a resize, waiting for the next rest.
    private var resizePage: (page: TileCoordinate, frame: Int)?
    /// After a touch-down on decelerating content: the last per-frame delta of the drag.
    private var touchDown: (frame: Int, lastDelta: Vector?)?
    /// The tile followed by the device-pixel check, and the range of its position less the offset.
    private var pixelTrack: (tile: TileCoordinate, low: Vector, high: Vector, since: Int)?
    /// The absolute offset of the first frame, for the cross-axis drift check.
    private var firstOffset: Vector?
    /// A release left at another velocity than the ideal's (pattern 10): offsets no longer comparable.
    private var diverged = false

    /// A monitor for a scenario with `facts`.
    public init(facts: PatternFacts) { self.facts = facts }

    /// The findings for `frames` (and, when given, the ideal plane's frames at the same indices).
    ///
    /// ```swift
    /// let findings = PatternMonitor.findings(in: frames, facts: PatternFacts(scenario))
    /// ```
    public static func findings(in frames: [FrameState], ideal: [FrameState]? = nil, facts: PatternFacts) -> [PatternFinding] {
        var monitor = PatternMonitor(facts: facts)
        for (i, frame) in frames.enumerated() {
            monitor.observe(frame, ideal: ideal.flatMap { i < $0.count ? $0[i] : nil })
        }
        return monitor.findings
    }

    private mutating func found(_ pattern: Pattern, _ frame: Int, expected: String, actual: String) {
        guard !findings.contains(where: { $0.pattern == pattern }) else { return }
        findings.append(PatternFinding(pattern: pattern, frame: frame, expected: expected, actual: actual))
    }

    /// Checks one frame; `ideal` is the reference plane's frame at the same index (nil past a content
    /// edge or when there is none).
    public mutating func observe(_ frame: FrameState, ideal: FrameState? = nil) {
        defer { beforePrevious = previous; previous = frame }
        let tol = 0.5 / Double(max(1, frame.scale)) + 1e-9
        var resized = false, jumped = false, touched = false, looped = false
        for event in frame.events {
            switch event {
            case .recenter(let s):
                shift.x += s.x; shift.y += s.y; gridShift.x += s.x; gridShift.y += s.y
            case .loopJump(let from, let to):
                shift.x += to.x - from.x; shift.y += to.y - from.y
                // The view jumps to the real item: the page number jumps with it.
                let size = facts.pageSize ?? frame.viewport
                func moved(_ p: TileCoordinate?) -> TileCoordinate? {
                    p.map { TileCoordinate(x: $0.x + Int64(((to.x - from.x) / max(size.width, 1)).rounded()),
                                           y: $0.y + Int64(((to.y - from.y) / max(size.height, 1)).rounded())) }
                }
                startPage = moved(startPage); releasePage = moved(releasePage)
                looped = true
            case .resize: resized = true
            case .jump: jumped = true
            case .willBeginDragging: touched = true
            default: break
            }
        }
        let absolute = Vector(x: frame.contentOffset.x - shift.x, y: frame.contentOffset.y - shift.y)
        if firstOffset == nil { firstOffset = absolute }
        if resized && facts.pageSize == nil { gridShift = .zero }

        // 2: an infinite grid reaches its content edge.
        if facts.infinite && frame.edgeHit {
            found(.edgeReached, frame.index, expected: "no content edge on an infinite grid",
                  actual: "the content edge at offset \(pt(frame.contentOffset))")
        }
        checkIndices(frame)
        checkPixelGrid(frame, reset: resized || jumped || looped || frame.recenterShift != nil)
        checkRelease(frame, ideal)
        if !diverged {
            checkDisplayed(frame, ideal)
            checkIdeal(frame, ideal, absolute: absolute, tol: tol, rebase: resized || jumped || looped || frame.edgeHit)
        }
        checkDeceleration(frame, absolute: absolute, touched: touched, resized: resized || jumped || looped)
        checkPaging(frame, absolute: absolute, tol: tol, resized: resized, jumped: jumped, touched: touched)
        if facts.hasInsets, !facts.resizes, let first = firstOffset {
            if !facts.movesY, abs(absolute.y - first.y) > tol {
                found(.insetPageGrid, frame.index, expected: "cross-axis offset y \(num(first.y)) pt (no step moves y)", actual: "offset y \(num(absolute.y)) pt")
            }
            if !facts.movesX, abs(absolute.x - first.x) > tol {
                found(.insetPageGrid, frame.index, expected: "cross-axis offset x \(num(first.x)) pt (no step moves x)", actual: "offset x \(num(absolute.x)) pt")
            }
        }
    }

    /// 5: item indices of looping or finite axes in [0, N).
    private mutating func checkIndices(_ frame: FrameState) {
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

    /// 9: the displayed offset stays within half a device pixel of the model's. A tile's content
    /// position is fixed between recenters, so `pixelRect.x / scale + contentOffset.x` (its position
    /// less the rounding error) may vary by at most one device pixel while one tile is followed; an
    /// offset rounded to points at 2x varies by up to a point.
    private mutating func checkPixelGrid(_ frame: FrameState, reset: Bool) {
        guard !facts.pager, !reset, let tracked = pixelTrack,
              let tile = frame.tiles.first(where: { $0.coordinate == tracked.tile }) else {
            pixelTrack = frame.tiles.first.map { t in
                let k = key(t, frame)
                return (t.coordinate, k, k, frame.index)
            }
            return
        }
        let k = key(tile, frame), scale = Double(max(1, frame.scale))
        let low = Vector(x: min(tracked.low.x, k.x), y: min(tracked.low.y, k.y))
        let high = Vector(x: max(tracked.high.x, k.x), y: max(tracked.high.y, k.y))
        pixelTrack = (tracked.tile, low, high, tracked.since)
        let spread = max(high.x - low.x, high.y - low.y)
        if spread > 1 / scale + 1e-6 {
            found(.pixelGrid, frame.index, expected: "the displayed offset within half a device pixel (\(num(0.5 / scale)) pt) of the model's",
                  actual: "it off by up to \(num(spread / 2)) pt (tile \(tile.coordinate) since frame \(tracked.since))")
        }
    }

    /// 8 and 9 against the ideal: at the same model offset, with neither side recentered yet, a tile
    /// the ideal plane draws elsewhere is displayed off the device-pixel grid (the ideal rounds the
    /// offset to device pixels). Catches the half point a rounding to points loses at once.
    private mutating func checkDisplayed(_ frame: FrameState, _ ideal: FrameState?) {
        guard let ideal, !facts.pager, !facts.loops, shift == .zero, idealShift == .zero, ideal.recenterShift == nil,
              ideal.contentOffset == frame.contentOffset else { return }
        for tile in frame.tiles {
            guard let twin = ideal.tiles.first(where: { $0.coordinate == tile.coordinate }) else { continue }
            let dx = tile.pixelRect.x - twin.pixelRect.x, dy = tile.pixelRect.y - twin.pixelRect.y
            guard abs(dx) > 1e-3 || abs(dy) > 1e-3 else { continue }
            let scale = Double(max(1, frame.scale))
            let far = max(abs(frame.contentOffset.x), abs(frame.contentOffset.y)) > 1e7
            found(far ? .precision : .pixelGrid, frame.index,
                  expected: "tile \(tile.coordinate) at (\(num(twin.pixelRect.x / scale)), \(num(twin.pixelRect.y / scale))) pt (the ideal plane's, offset \(pt(frame.contentOffset)))",
                  actual: "(\(num(tile.pixelRect.x / scale)), \(num(tile.pixelRect.y / scale))) pt, \(pt(Vector(x: dx / scale, y: dy / scale))) off")
            return
        }
    }

    private func key(_ t: DrawnTile, _ frame: FrameState) -> Vector {
        let scale = Double(max(1, frame.scale))
        return Vector(x: t.pixelRect.x / scale + frame.contentOffset.x, y: t.pixelRect.y / scale + frame.contentOffset.y)
    }

    /// 8 and 9: the offset follows the ideal plane's.
    private mutating func checkIdeal(_ frame: FrameState, _ ideal: FrameState?, absolute: Vector, tol: Double, rebase: Bool) {
        guard let ideal else { idealBaseline = nil; return }
        if let s = ideal.recenterShift { idealShift.x += s.x; idealShift.y += s.y }
        let target = Vector(x: ideal.contentOffset.x - idealShift.x, y: ideal.contentOffset.y - idealShift.y)
        let difference = Vector(x: absolute.x - target.x, y: absolute.y - target.y)
        guard let base = idealBaseline, !rebase else { idealBaseline = difference; return }
        let drift = Vector(x: difference.x - base.x, y: difference.y - base.y)
        guard abs(drift.x) > tol || abs(drift.y) > tol else { return }
        let far = max(abs(absolute.x), abs(absolute.y)) > 1e7
        found(far ? .precision : .pixelGrid, frame.index, expected: "offset \(pt(Vector(x: target.x + base.x, y: target.y + base.y))) (the ideal plane's)",
              actual: "offset \(pt(absolute)), \(pt(drift)) off")
    }

    /// 10: a flick on moving content leaves at the ideal plane's release velocity. The ideal never adds
    /// the content's old velocity, so a naive release (`scroll.flickAdds`) differs from it at once.
    private mutating func checkRelease(_ frame: FrameState, _ ideal: FrameState?) {
        guard let ideal, let p = previous, p.phase == .decelerating || p.phase == .bouncing,
              let mine = Self.releaseVelocity(frame), let theirs = Self.releaseVelocity(ideal) else { return }
        let speed = (mine.x * mine.x + mine.y * mine.y).squareRoot()
        let expected = (theirs.x * theirs.x + theirs.y * theirs.y).squareRoot()
        guard abs(mine.x - theirs.x) > 1 + 0.01 * expected || abs(mine.y - theirs.y) > 1 + 0.01 * expected else { return }
        found(.deceleration, frame.index,
              expected: "a release at \(num(expected)) pt/s (the finger's; a touch-down stops the moving content)",
              actual: "\(num(speed)) pt/s (the content's old velocity added)")
        diverged = true
    }

    /// The velocity of a frame's `willEndDragging`, if it has one.
    private static func releaseVelocity(_ frame: FrameState) -> Vector? {
        for case .willEndDragging(let velocity, _) in frame.events { return velocity }
        return nil
    }

    /// 10: speed non-increasing while decelerating; a touch-down stops the deceleration at once.
    private mutating func checkDeceleration(_ frame: FrameState, absolute: Vector, touched: Bool, resized: Bool) {
        guard let p = previous else { return }
        let pAbs = absoluteOffset(p, before: frame)
        let delta = Vector(x: absolute.x - pAbs.x, y: absolute.y - pAbs.y)
        let speed = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        if !facts.paging, let q = beforePrevious, q.phase == .decelerating, p.phase == .decelerating, frame.phase == .decelerating,
           !touched, !resized, !frame.edgeHit, !p.edgeHit, !p.events.contains(where: Self.restarts) {
            let qAbs = absoluteOffset(q, [p, frame])
            let d1 = Vector(x: pAbs.x - qAbs.x, y: pAbs.y - qAbs.y)
            let before = (d1.x * d1.x + d1.y * d1.y).squareRoot()
            if speed > before + 1e-3 {
                found(.deceleration, frame.index, expected: "at most \(num(before)) pt/frame (the speed only falls while decelerating)",
                      actual: "\(num(speed)) pt/frame")
            }
        }
        if touched, p.phase == .decelerating {
            touchDown = (frame.index, nil)
        } else if let t = touchDown {
            guard frame.phase == .dragging, !frame.edgeHit, !resized else { touchDown = nil; return }
            if let last = t.lastDelta, abs(delta.x - last.x) > 1e-3 || abs(delta.y - last.y) > 1e-3 {
                found(.deceleration, frame.index,
                      expected: "the finger's \(pt(last)) per frame (a touch-down at frame \(t.frame) stops the deceleration)",
                      actual: "\(pt(delta)) per frame")
                touchDown = nil
            } else {
                touchDown = (t.frame, delta)
            }
        }
    }

    private static func restarts(_ e: ScrollEvent) -> Bool {
        switch e {
        case .willBeginDragging, .resize, .jump, .willBeginDecelerating, .willEndDragging: return true
        default: return false
        }
    }

    /// The absolute offset of an earlier frame: `shift` less what `later` frames added since.
    private func absoluteOffset(_ f: FrameState, before later: FrameState...) -> Vector { absoluteOffset(f, later) }

    private func absoluteOffset(_ f: FrameState, _ later: [FrameState]) -> Vector {
        var s = shift
        for l in later {
            for event in l.events {
                switch event {
                case .recenter(let v): s.x -= v.x; s.y -= v.y
                case .loopJump(let from, let to): s.x -= to.x - from.x; s.y -= to.y - from.y
                default: break
                }
            }
        }
        return Vector(x: f.contentOffset.x - s.x, y: f.contentOffset.y - s.y)
    }

    /// 4, 6 and 7: paging lands within a page of the start, on the page grid; a resize keeps the page.
    private mutating func checkPaging(_ frame: FrameState, absolute: Vector, tol: Double, resized: Bool, jumped: Bool, touched: Bool) {
        let prior = previous
        if resized, let p = prior {
            if facts.paging, let k = p.page, p.phase == .idle { resizePage = (k, frame.index) }
            if !facts.paging, p.phase == .idle, facts.infinite {
                let pAbs = absoluteOffset(p, before: frame)
                let before = Vector(x: pAbs.x + p.viewport.width / 2, y: pAbs.y + p.viewport.height / 2)
                let after = Vector(x: absolute.x + frame.viewport.width / 2, y: absolute.y + frame.viewport.height / 2)
                if abs(before.x - after.x) > 2 * tol || abs(before.y - after.y) > 2 * tol {
                    found(.rotationPage, frame.index, expected: "the centre point \(pt(before)) stays centred",
                          actual: "centre \(pt(after))")
                }
            }
        }
        guard facts.paging, let page = frame.page else { return }
        // A motion that came to rest between two frames, the next touch beginning in the same frame (a fling
        // step right after `wait until idle`), never shows an idle frame: judge its landing on its last frame.
        // Only where one page per gesture is the rule (`.snap` projects the deceleration over several pages),
        // and not across a loop jump (the jump renumbers the pages within the frame).
        if facts.pagingMode == .viewport || facts.pagingMode == .target, !facts.loops,
           let p = prior, let last = p.page, p.phase != .idle, frame.phase != .idle, resizePage == nil,
           frame.events.contains(where: { if case .didEndDecelerating = $0 { return true } else { return false } }) {
            checkLanding(last, frame: p.index)
            startPage = nil; releasePage = nil; programmatic = false
        }
        if jumped || frame.phase == .animating { programmatic = true }
        if touched, startPage == nil { startPage = prior?.page ?? page }
        if frame.events.contains(where: { if case .willBeginDecelerating = $0 { return true } else { return false } }), startPage == nil {
            startPage = prior?.page ?? page
        }
        if frame.events.contains(where: { if case .willEndDragging = $0 { return true } else { return false } }) { releasePage = page }
        guard frame.phase == .idle, resized || (prior.map { $0.phase != .idle } ?? false) else { return }
        // At rest.
        defer { startPage = nil; releasePage = nil; programmatic = false }
        if let r = resizePage {
            resizePage = nil
            let size = pageSize(frame)
            let expected = Vector(x: facts.gridOrigin.x + gridShift.x + Double(r.page.x) * size.width,
                                  y: facts.gridOrigin.y + gridShift.y + Double(r.page.y) * size.height)
            let shown = frame.contentOffset
            if page != r.page || (facts.movesX && abs(shown.x - expected.x) > tol) || (facts.movesY && abs(shown.y - expected.y) > tol) {
                found(.rotationPage, frame.index, expected: "page \(r.page) at offset \(pt(expected)) (showing before the resize)",
                      actual: "page \(page) at offset \(pt(shown))")
            }
            return
        }
        checkLanding(page, frame: frame.index)
        checkGrid(frame, tol: tol)
    }

    /// 4: the page a motion landed on lies within one page of where it began or was released.
    private mutating func checkLanding(_ page: TileCoordinate, frame: Int) {
        guard let start = startPage, !programmatic else { return }
        func near(_ a: TileCoordinate?) -> Bool { a.map { abs(page.x - $0.x) <= 1 && abs(page.y - $0.y) <= 1 } ?? false }
        if !near(start) && !near(releasePage) {
            let clamp = TileCoordinate(x: min(max(page.x, start.x - 1), start.x + 1), y: min(max(page.y, start.y - 1), start.y + 1))
            found(.multiPageFlick, frame, expected: "page \(clamp) (start \(start) ± 1)", actual: "page \(page)")
        }
    }

    /// The page size of `frame`: `scroll.pageSize` or the viewport.
    private func pageSize(_ frame: FrameState) -> Size { facts.pageSize ?? frame.viewport }

    /// 4 and 7 at rest: the offset on a page multiple from the adjusted inset (7) or the scenario's grid (4).
    private mutating func checkGrid(_ frame: FrameState, tol: Double) {
        let size = pageSize(frame), off = frame.contentOffset
        for isX in [true, false] where isX ? facts.movesX : facts.movesY {
            let o = isX ? off.x : off.y, p = isX ? size.width : size.height
            guard p > 0 else { continue }
            let lead = isX ? facts.leadingInset.x : facts.leadingInset.y
            let trail = isX ? facts.trailingInset.x : facts.trailingInset.y
            let content = isX ? frame.contentSize.width : frame.contentSize.height
            let view = isX ? frame.viewport.width : frame.viewport.height
            let g = isX ? gridShift.x : gridShift.y
            if !facts.infinite && (abs(o + lead) <= tol || abs(o - (content - view + trail)) <= tol) { continue }
            let axis = isX ? "x" : "y"
            func distance(from origin: Double) -> Double {
                let r = (o - origin).truncatingRemainder(dividingBy: p)
                return min(abs(r), abs(p - abs(r)))
            }
            if lead != 0, distance(from: -lead + g) > tol {
                let k = ((o + lead - g) / p).rounded()
                found(.insetPageGrid, frame.index,
                      expected: "offset \(axis) \(num(-lead + g + k * p)) pt (page \(Int(k)) counted from the \(num(lead))-pt adjusted inset)",
                      actual: "offset \(axis) \(num(o)) pt")
                continue
            }
            let origin = (isX ? facts.gridOrigin.x : facts.gridOrigin.y) + g
            if distance(from: origin) > tol {
                let k = ((o - origin) / p).rounded()
                found(.multiPageFlick, frame.index, expected: "offset \(axis) \(num(origin + k * p)) pt (a multiple of the \(num(p))-pt page)",
                      actual: "offset \(axis) \(num(o)) pt at rest")
            }
        }
    }
}

/// A number for a report line: whole numbers without decimals, else up to 3 decimals.
func num(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    let r = (v * 1000).rounded() / 1000
    return "\(r)"
}

/// A point vector for a report line: "(x, y) pt".
func pt(_ v: Vector) -> String { "(\(num(v.x)), \(num(v.y))) pt" }
