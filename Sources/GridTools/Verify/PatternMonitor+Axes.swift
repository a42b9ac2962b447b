import GridModel

/// Pattern 12: an axis the carousel does not scroll keeps its offset through every gesture.
extension PatternMonitor {
    /// Why the carousel does not scroll an axis in `frame`, or nil when it does: the axis is disabled
    /// (`rows: 0`), loops over a single item (every offset shows that item), or is a finite run of tiles with no
    /// room to scroll (its content and insets no longer than the viewport: UIKit does not drag such an axis,
    /// `alwaysBounceVertical` being off). The pager's finite axes are Infinite4Pager's (a drag toward a page that
    /// does not exist is damped, not refused), so only its disabled axes count.
    func lockReason(isX: Bool, _ frame: FrameState) -> String? {
        guard let n = isX ? facts.columns : facts.rows else { return nil }
        let key = isX ? "columns" : "rows"
        if n == 0 { return "\(key): 0, scrolling disabled" }
        guard !facts.pager else { return nil }
        if facts.loops {
            return n == 1 ? "\(key): 1 with a loop, a loop of 1 item: every offset shows the same item" : nil
        }
        let content = isX ? frame.contentSize.width : frame.contentSize.height
        let view = isX ? frame.viewport.width : frame.viewport.height
        let insets = isX ? facts.leadingInset.x + facts.trailingInset.x : facts.leadingInset.y + facts.trailingInset.y
        guard content + insets <= view + 1e-9 else { return nil }
        let tile = content / Double(n)
        let what = n == 1 ? "1 \(isX ? "column" : "row") of \(num(tile)) pt" : "\(n) \(key) of \(num(tile)) pt"
        let inset = insets > 0 ? " and \(num(insets)) pt of insets" : ""
        return "\(key): \(n), \(what)\(inset) in the \(num(view))-pt viewport: no room to scroll"
    }

    /// 12: while a gesture moves the content (dragging, decelerating, bouncing), an axis the carousel does not
    /// scroll (`lockReason`) stays where it was at the last frame no gesture moved (at rest, or after an animated
    /// scroll, a jump or a resize, which put it there).
    mutating func checkLockedAxes(_ frame: FrameState, absolute: Vector, rebase: Bool) {
        let gesture = frame.phase == .dragging || frame.phase == .decelerating || frame.phase == .bouncing
        guard gesture, !rebase, let rest = axisRest else {
            axisRest = absolute
            return
        }
        let tol = 0.5 / Double(max(1, frame.scale)) + 1e-9
        for isX in [true, false] {
            let o = isX ? absolute.x : absolute.y
            let r = isX ? rest.x : rest.y
            guard abs(o - r) > tol, let why = lockReason(isX: isX, frame) else { continue }
            let axis = isX ? "x" : "y"
            found(
                .lockedAxisMoves, frame.index,
                expected: "offset \(axis) \(num(r)) pt (\(axis) does not scroll: \(why))",
                actual: "offset \(axis) \(num(o)) pt while \(frame.phase.rawValue), \(num(abs(o - r))) pt from its rest"
            )
            return
        }
    }
}
