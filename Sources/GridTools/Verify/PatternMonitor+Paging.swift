import GridModel

/// Patterns 4, 6 and 7: one page per flick (during the motion and where it lands), resizes that keep the
/// page (at rest and during a motion), the inset page grid.
extension PatternMonitor {
    /// 4, 6 and 7: paging lands within a page of the start, on the page grid; a resize keeps the page.
    mutating func checkPaging(
        _ frame: FrameState, _ ideal: FrameState?, absolute: Vector, tol: Double, resized: Bool, jumped: Bool,
        touched: Bool, gridBefore: Vector
    ) {
        let prior = previous
        if resized, let p = prior {
            let pAbs = absoluteOffset(p, before: frame)
            if facts.paging, let k = p.page, p.phase == .idle { resizePage = (k, nil, false, [pAbs]) }
            if facts.paging, let k = p.page, p.phase != .idle {
                // During a motion the resize stops it and keeps the page showing at that moment, which lies
                // between the last frame's page and the page one frame on at the motion's speed.
                let ahead = offsetAhead(p, before: frame)
                resizePage = (
                    k, ahead.flatMap { pageAhead(p, at: $0, gridShift: gridBefore) }, true,
                    [pAbs]
                        + (ahead.map {
                            [Vector(x: pAbs.x + $0.x - p.contentOffset.x, y: pAbs.y + $0.y - p.contentOffset.y)]
                        } ?? [])
                )
            }
            if !facts.paging, p.phase == .idle, facts.infinite {
                let before = Vector(x: pAbs.x + p.viewport.width / 2, y: pAbs.y + p.viewport.height / 2)
                let after = Vector(x: absolute.x + frame.viewport.width / 2, y: absolute.y + frame.viewport.height / 2)
                if abs(before.x - after.x) > 2 * tol || abs(before.y - after.y) > 2 * tol {
                    found(
                        .rotationPage, frame.index, expected: "the centre point \(pt(before)) stays centred",
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
            frame.events.contains(where: { if case .didEndDecelerating = $0 { return true } else { return false } })
        {
            checkLanding(last, frame: p.index)
            startPage = nil
            releasePage = nil
            programmatic = false
        }
        // A touch or a fling begins a gesture: a jump or scrollTo before it no longer excuses where it lands
        // (a jump at rest left the flag set until the next rest, so the first flick after it went unjudged).
        let flung = frame.events.contains(where: {
            if case .willBeginDecelerating = $0 { return true } else { return false }
        })
        if (touched || flung) && !jumped && frame.phase != .animating { programmatic = false }
        if jumped || frame.phase == .animating { programmatic = true }
        if touched, startPage == nil { startPage = prior?.page ?? page }
        if frame.events.contains(where: { if case .willBeginDecelerating = $0 { return true } else { return false } }),
            startPage == nil
        {
            startPage = prior?.page ?? page
        }
        if frame.events.contains(where: { if case .willEndDragging = $0 { return true } else { return false } }) {
            releasePage = page
        }
        checkPassing(frame, page: page, ideal: ideal, resized: resized)
        guard frame.phase == .idle, resized || (prior.map { $0.phase != .idle } ?? false) else { return }
        // At rest.
        defer {
            startPage = nil
            releasePage = nil
            programmatic = false
        }
        if let r = resizePage {
            resizePage = nil
            checkResizeLanding(frame, page: page, r, tol: tol)
            return
        }
        checkLanding(page, frame: frame.index)
        // UIKit does not snap a programmatic offset (scrollTo, jump) to the page grid; neither does the ideal.
        if !programmatic { checkGrid(frame, tol: tol) }
    }

    /// 6 at rest after a resize: the page showing before it (at rest) or at it (during a motion) is kept, at its
    /// offset on the new page grid.
    mutating func checkResizeLanding(_ frame: FrameState, page: TileCoordinate, _ r: ResizedPage, tol: Double) {
        let size = pageSize(frame)
        let shown = frame.contentOffset
        let kept = page == r.page || page == r.alternative
        let k = kept ? page : r.page
        // An axis no step moves keeps its offset (its page is 0 whatever the offset); an endless axis puts the
        // page on the new page multiple nearest the offset at the resize (the model renumbers its pages).
        let at = r.at.map { Vector(x: $0.x + shift.x, y: $0.y + shift.y) }
        func axis(_ isX: Bool) -> (expected: Double, off: Bool) {
            let o = isX ? shown.x : shown.y
            let s = isX ? size.width : size.height
            let origin = isX ? facts.gridOrigin.x + gridShift.x : facts.gridOrigin.y + gridShift.y
            guard isX ? facts.movesX : facts.movesY else { return (o, false) }
            guard isX ? facts.endlessX : facts.endlessY, s > 0 else {
                let e = origin + Double(isX ? k.x : k.y) * s
                return (e, abs(o - e) > tol)
            }
            let nearest = at.map { origin + (((isX ? $0.x : $0.y) - origin) / s).rounded() * s }
            let low = nearest.min() ?? o
            let high = nearest.max() ?? o
            let e = min(max(origin + ((o - origin) / s).rounded() * s, low), high)
            return (e, abs(o - e) > tol)
        }
        let (x, y) = (axis(true), axis(false))
        let expected = Vector(x: x.expected, y: y.expected)
        if !kept || x.off || y.off {
            let when = !r.moving ? "showing before the resize" : "showing at the resize during the motion"
            found(
                .rotationPage, frame.index, expected: "page \(k) at offset \(pt(expected)) (\(when))",
                actual: "page \(page) at offset \(pt(shown))")
        }
    }

    /// 4 during a motion: after the release of a drag or fling under `"viewport"` or `"target"` paging (one
    /// page per gesture; `"snap"` decelerates freely by design), no frame shows a page beyond the start ± 1
    /// and the release page ± 1. The expected page is the ideal plane's when it lies within those, else
    /// the nearest allowed page.
    mutating func checkPassing(_ frame: FrameState, page: TileCoordinate, ideal: FrameState?, resized: Bool) {
        guard facts.pagingMode == .viewport || facts.pagingMode == .target, !programmatic, !resized,
            frame.phase == .decelerating || frame.phase == .bouncing,
            let start = startPage, let release = releasePage, !Self.near(page, start), !Self.near(page, release)
        else { return }
        var expected = TileCoordinate(
            x: min(max(page.x, start.x - 1), start.x + 1), y: min(max(page.y, start.y - 1), start.y + 1))
        var whose = "start \(start) ± 1"
        if !facts.loops, let i = ideal?.page, Self.near(i, start) || Self.near(i, release) {
            expected = i
            whose = "the ideal plane's; start \(start) ± 1"
        }
        found(
            .multiPageFlick, frame.index, expected: "page \(expected) (\(whose))",
            actual:
                "page \(page), \(max(abs(page.x - release.x), abs(page.y - release.y))) pages from the release page \(release)"
        )
    }

    /// Whether `page` is within one page of `other` on both axes.
    static func near(_ page: TileCoordinate, _ other: TileCoordinate) -> Bool {
        abs(page.x - other.x) <= 1 && abs(page.y - other.y) <= 1
    }

    /// 4: a release whose target (`willEndDragging`'s `targetContentOffset`, less the offset) differs from
    /// the ideal plane's moves differently by design (a target with no page limit): 8 and 9 stop comparing
    /// offsets with the ideal from then on, and 4 names it.
    mutating func checkPagingTarget(_ frame: FrameState, _ ideal: FrameState?) {
        guard facts.paging, let ideal, let mine = Self.releaseTarget(frame), let theirs = Self.releaseTarget(ideal)
        else { return }
        let a = Vector(x: mine.x - frame.contentOffset.x, y: mine.y - frame.contentOffset.y)
        let b = Vector(x: theirs.x - ideal.contentOffset.x, y: theirs.y - ideal.contentOffset.y)
        if abs(a.x - b.x) > 1e-3 || abs(a.y - b.y) > 1e-3 { diverged = true }
    }

    /// The target offset of a frame's `willEndDragging`, if it has one.
    static func releaseTarget(_ frame: FrameState) -> Vector? {
        for case .willEndDragging(_, let target) in frame.events { return target }
        return nil
    }

    /// The offset (in `p`'s coordinates) one frame on from `p`, the frame before the resize `frame`: at the
    /// release velocity when a drag was released in `p` (a fling that starts in the frame the previous motion
    /// ends), else at the speed from the frame before `p`.
    func offsetAhead(_ p: FrameState, before frame: FrameState) -> Vector? {
        if let v = Self.releaseVelocity(p) {
            let dt = max(0, frame.time - p.time)
            return Vector(x: p.contentOffset.x + v.x * dt, y: p.contentOffset.y + v.y * dt)
        }
        guard let q = beforePrevious, q.viewport == p.viewport else { return nil }
        let pAbs = absoluteOffset(p, before: frame)
        let qAbs = absoluteOffset(q, before: p, frame)
        // The same shift as `p.contentOffset`'s: absolute + (contentOffset − absolute).
        return Vector(x: p.contentOffset.x + (pAbs.x - qAbs.x), y: p.contentOffset.y + (pAbs.y - qAbs.y))
    }

    /// The page (on the grid before a resize) of `ahead`, an offset in `p`'s coordinates.
    func pageAhead(_ p: FrameState, at ahead: Vector, gridShift g: Vector) -> TileCoordinate? {
        let size = pageSize(p)
        guard size.width > 0, size.height > 0 else { return nil }
        // The nearest page, as the model counts it: ⌊(offset − origin) / size + ½⌋.
        func page(_ o: Double, _ origin: Double, _ s: Double) -> Int64 {
            Int64(((o - origin) / s + 0.5).rounded(.down))
        }
        return TileCoordinate(
            x: facts.movesX ? page(ahead.x, facts.gridOrigin.x + g.x, size.width) : p.page?.x ?? 0,
            y: facts.movesY ? page(ahead.y, facts.gridOrigin.y + g.y, size.height) : p.page?.y ?? 0)
    }

    /// 4: the page a motion landed on lies within one page of where it began or was released.
    mutating func checkLanding(_ page: TileCoordinate, frame: Int) {
        guard let start = startPage, !programmatic else { return }
        func near(_ a: TileCoordinate?) -> Bool {
            a.map { abs(page.x - $0.x) <= 1 && abs(page.y - $0.y) <= 1 } ?? false
        }
        if !near(start) && !near(releasePage) {
            let clamp = TileCoordinate(
                x: min(max(page.x, start.x - 1), start.x + 1), y: min(max(page.y, start.y - 1), start.y + 1))
            found(.multiPageFlick, frame, expected: "page \(clamp) (start \(start) ± 1)", actual: "page \(page)")
        }
    }

    /// The page size of `frame`: `scroll.pageSize` or the viewport.
    func pageSize(_ frame: FrameState) -> Size { facts.pageSize ?? frame.viewport }

    /// 4 and 7 at rest: the offset on a page multiple from the adjusted inset (7) or the scenario's grid (4).
    mutating func checkGrid(_ frame: FrameState, tol: Double) {
        let size = pageSize(frame)
        let off = frame.contentOffset
        for isX in [true, false] where isX ? facts.movesX : facts.movesY {
            let o = isX ? off.x : off.y
            let p = isX ? size.width : size.height
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
                found(
                    .insetPageGrid, frame.index,
                    expected:
                        "offset \(axis) \(num(-lead + g + k * p)) pt (page \(Int(k)) counted from the \(num(lead))-pt adjusted inset)",
                    actual: "offset \(axis) \(num(o)) pt")
                continue
            }
            let origin = (isX ? facts.gridOrigin.x : facts.gridOrigin.y) + g
            if distance(from: origin) > tol {
                let k = ((o - origin) / p).rounded()
                found(
                    .multiPageFlick, frame.index,
                    expected: "offset \(axis) \(num(origin + k * p)) pt (a multiple of the \(num(p))-pt page)",
                    actual: "offset \(axis) \(num(o)) pt at rest")
            }
        }
    }
}
