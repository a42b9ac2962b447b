import GridModel

/// Patterns 4, 6 and 7: landings within a page, resizes that keep the page, the inset page grid.
extension PatternMonitor {
    /// 4, 6 and 7: paging lands within a page of the start, on the page grid; a resize keeps the page.
    mutating func checkPaging(_ frame: FrameState, absolute: Vector, tol: Double, resized: Bool, jumped: Bool, touched: Bool) {
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
    mutating func checkLanding(_ page: TileCoordinate, frame: Int) {
        guard let start = startPage, !programmatic else { return }
        func near(_ a: TileCoordinate?) -> Bool { a.map { abs(page.x - $0.x) <= 1 && abs(page.y - $0.y) <= 1 } ?? false }
        if !near(start) && !near(releasePage) {
            let clamp = TileCoordinate(x: min(max(page.x, start.x - 1), start.x + 1), y: min(max(page.y, start.y - 1), start.y + 1))
            found(.multiPageFlick, frame, expected: "page \(clamp) (start \(start) ± 1)", actual: "page \(page)")
        }
    }

    /// The page size of `frame`: `scroll.pageSize` or the viewport.
    func pageSize(_ frame: FrameState) -> Size { facts.pageSize ?? frame.viewport }

    /// 4 and 7 at rest: the offset on a page multiple from the adjusted inset (7) or the scenario's grid (4).
    mutating func checkGrid(_ frame: FrameState, tol: Double) {
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
