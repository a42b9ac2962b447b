import GridModel

/// Pattern 11: an animated scroll on a loop that runs the other way round it than the ideal plane.
extension PatternMonitor {
    /// An animated scroll followed on a looping axis: its travel and the ideal plane's so far, the items centred
    /// where it began, and the first frame that moved differently from the ideal's.
    struct LoopAnimation: Sendable {
        var travel = Vector.zero, idealTravel = Vector.zero
        var from: TileCoordinate?, idealFrom: TileCoordinate?
        var diverged: Int?
    }

    /// 11: during an animated scroll (`scrollTo`) on a looping axis, each frame moves as the ideal plane's does. A
    /// duplicate loop maps the target onto its real item, so a scroll from the last item on to the first runs back
    /// through every item, where the ideal (endless) loop goes on across the wrap: both end on the same item, and
    /// their travels differ by whole turns of the loop. Named when the animation ends, at its first frame that
    /// moved differently. Returns true while such an animation runs (its last frame included): the offsets then
    /// differ from the ideal's by the rewind, not by a rounding, so 8 and 9 do not compare them.
    mutating func checkRewind(_ frame: FrameState, _ ideal: FrameState?, absolute: Vector) -> Bool {
        guard facts.loops, !facts.pager, let ideal, let p = previous, let q = previousIdeal else {
            loopAnimation = nil
            return false
        }
        let ends = frame.events.contains {
            if case .didEndScrollingAnimation = $0 { return true } else { return false }
        }
        guard frame.phase == .animating || (ends && loopAnimation != nil) else {
            // Stopped without its end (a touch): named from its last frame if it had gone the other way.
            if let run = loopAnimation, run.diverged != nil {
                nameRewind(run, p, ideal: q)
                idealBaseline = nil
            }
            loopAnimation = nil
            return false
        }
        var run = loopAnimation ?? LoopAnimation(from: Self.centredItem(p), idealFrom: Self.centredItem(q))
        let pAbs = absoluteOffset(p, before: frame)
        let s = Self.shift(in: ideal)
        let delta = Vector(x: absolute.x - pAbs.x, y: absolute.y - pAbs.y)
        let idealDelta = Vector(
            x: ideal.contentOffset.x - q.contentOffset.x - s.x, y: ideal.contentOffset.y - q.contentOffset.y - s.y)
        run.travel = Vector(x: run.travel.x + delta.x, y: run.travel.y + delta.y)
        run.idealTravel = Vector(x: run.idealTravel.x + idealDelta.x, y: run.idealTravel.y + idealDelta.y)
        let tol = 0.5 / Double(max(1, frame.scale)) + 1e-9
        if run.diverged == nil,
            (loopCount(isX: true) != nil && abs(delta.x - idealDelta.x) > tol)
                || (loopCount(isX: false) != nil && abs(delta.y - idealDelta.y) > tol)
        {
            run.diverged = frame.index
        }
        guard frame.phase != .animating else {
            loopAnimation = run
            return run.diverged != nil
        }
        // The animation ended in this frame.
        loopAnimation = nil
        guard run.diverged != nil else { return false }
        nameRewind(run, frame, ideal: ideal)
        idealBaseline = nil
        return true
    }

    /// Pattern 11 for an animation still running on the last frame (the timeline ended first).
    mutating func finishRewind() {
        guard let run = loopAnimation, run.diverged != nil, let last = previous else { return }
        loopAnimation = nil
        nameRewind(run, last, ideal: previousIdeal)
    }

    /// The item count of a looping axis, nil when the axis does not loop.
    func loopCount(isX: Bool) -> Int? {
        guard facts.loops, let n = isX ? facts.columns : facts.rows, n > 0 else { return nil }
        return n
    }

    /// Names the rewind of `run`, which ended at `end` (the ideal plane's at `ideal`), if on a looping axis its travel
    /// and the ideal's go opposite ways, or differ by whole turns of the loop (both end on the same item, one the
    /// long way round).
    mutating func nameRewind(_ run: LoopAnimation, _ end: FrameState, ideal idealEnd: FrameState?) {
        guard let first = run.diverged, let tile = end.tiles.first else { return }
        let scale = Double(max(1, end.scale))
        for isX in [true, false] {
            guard let n = loopCount(isX: isX) else { continue }
            let size = (isX ? tile.pixelRect.width : tile.pixelRect.height) / scale
            guard size > 0 else { continue }
            let mine = (isX ? run.travel.x : run.travel.y) / size
            let theirs = (isX ? run.idealTravel.x : run.idealTravel.y) / size
            let turns = (mine - theirs) / Double(n)
            guard (abs(turns) > 0.5 && abs(turns - turns.rounded()) < 1e-3) || mine * theirs < 0 else { continue }
            let axis = isX ? "x" : "y"
            func item(_ c: TileCoordinate?) -> Int64? { c.map { isX ? $0.x : $0.y } }
            // Opposite directions: a rewind (the auto-advance from the last item back to the first).
            let way = mine * theirs < 0 ? ", the other way round the loop" : ""
            let ideal = Self.travel(theirs, from: item(run.idealFrom), to: item(idealEnd.flatMap(Self.centredItem)), n)
            let shown = Self.travel(mine, from: item(run.from), to: item(Self.centredItem(end)), n)
            found(
                .rewindAtWrap, first,
                expected: "\(ideal.amount) (the ideal plane's\(ideal.items.map { ", \($0)" } ?? ""))",
                actual:
                    "the animated scroll running \(shown.amount) on \(axis)\(shown.items.map { " (\($0))" } ?? "")\(way)"
            )
            return
        }
    }

    /// ("2 items backwards", "item 2 to item 0") or ("1 item forward across the wrap", "item 2 to item 0"): `items`
    /// travelled (negative: backwards) from item `from` of a loop of `n`, and whether that passes the wrap.
    static func travel(_ items: Double, from: Int64?, to: Int64?, _ n: Int) -> (amount: String, items: String?) {
        let count = (abs(items) * 1000).rounded() / 1000
        let amount = "\(num(count)) item\(count == 1 ? "" : "s") \(items < 0 ? "backwards" : "forward")"
        guard let from, let to else { return (amount, nil) }
        let landing = Double(from) + items
        let wraps = landing < -1e-3 || landing > Double(n) - 1 + 1e-3
        return (amount + (wraps ? " across the wrap" : ""), "item \(from) to item \(to)")
    }
}
