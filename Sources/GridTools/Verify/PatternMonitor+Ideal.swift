import GridModel

/// Patterns 8 and 9: offsets and tile positions against the ideal plane and the device-pixel grid.
extension PatternMonitor {
    /// 9: the displayed offset stays within half a device pixel of the model's. A tile's content
    /// position is fixed between recenters, so `pixelRect.x / scale + contentOffset.x` (its position
    /// less the rounding error) may vary by at most one device pixel while one tile is followed; an
    /// offset rounded to points at 2x varies by up to a point.
    mutating func checkPixelGrid(_ frame: FrameState, reset: Bool) {
        guard !facts.pager, !reset, let tracked = pixelTrack,
            let tile = frame.tiles.first(where: { $0.coordinate == tracked.tile })
        else {
            pixelTrack = frame.tiles.first.map { t in
                let k = key(t, frame)
                return (t.coordinate, k, k, frame.index)
            }
            return
        }
        let k = key(tile, frame)
        let scale = Double(max(1, frame.scale))
        let low = Vector(x: min(tracked.low.x, k.x), y: min(tracked.low.y, k.y))
        let high = Vector(x: max(tracked.high.x, k.x), y: max(tracked.high.y, k.y))
        pixelTrack = (tracked.tile, low, high, tracked.since)
        let spread = max(high.x - low.x, high.y - low.y)
        if spread > 1 / scale + 1e-6 {
            // Far from the origin the offset's own precision is the cause (pattern 8), as in `checkIdeal`.
            let far = max(abs(frame.contentOffset.x), abs(frame.contentOffset.y)) > 1e7
            found(
                far ? .precision : .pixelGrid, frame.index,
                expected: "the displayed offset within half a device pixel (\(num(0.5 / scale)) pt) of the model's",
                actual: "it off by up to \(num(spread / 2)) pt (tile \(tile.coordinate) since frame \(tracked.since))")
        }
    }

    /// 8 and 9 against the ideal: at the same model offset, with neither side recentered yet, a tile
    /// the ideal plane draws elsewhere is displayed off the device-pixel grid (the ideal rounds the
    /// offset to device pixels). Catches the half point a rounding to points loses at once.
    mutating func checkDisplayed(_ frame: FrameState, _ ideal: FrameState?) {
        guard let ideal, !facts.pager, !facts.loops, shift == .zero, idealShift == .zero, ideal.recenterShift == nil,
            ideal.contentOffset == frame.contentOffset
        else { return }
        for tile in frame.tiles {
            guard let twin = ideal.tiles.first(where: { $0.coordinate == tile.coordinate }) else { continue }
            let dx = tile.pixelRect.x - twin.pixelRect.x
            let dy = tile.pixelRect.y - twin.pixelRect.y
            guard abs(dx) > 1e-3 || abs(dy) > 1e-3 else { continue }
            let scale = Double(max(1, frame.scale))
            let far = max(abs(frame.contentOffset.x), abs(frame.contentOffset.y)) > 1e7
            found(
                far ? .precision : .pixelGrid, frame.index,
                expected:
                    "tile \(tile.coordinate) at (\(num(twin.pixelRect.x / scale)), \(num(twin.pixelRect.y / scale))) pt (the ideal plane's, offset \(pt(frame.contentOffset)))",
                actual:
                    "(\(num(tile.pixelRect.x / scale)), \(num(tile.pixelRect.y / scale))) pt, \(pt(Vector(x: dx / scale, y: dy / scale))) off"
            )
            return
        }
    }

    func key(_ t: DrawnTile, _ frame: FrameState) -> Vector {
        let scale = Double(max(1, frame.scale))
        return Vector(
            x: t.pixelRect.x / scale + frame.contentOffset.x, y: t.pixelRect.y / scale + frame.contentOffset.y)
    }

    /// 8 and 9: the offset follows the ideal plane's.
    mutating func checkIdeal(_ frame: FrameState, _ ideal: FrameState?, absolute: Vector, tol: Double, rebase: Bool) {
        guard let ideal else {
            idealBaseline = nil
            return
        }
        if let s = ideal.recenterShift {
            idealShift.x += s.x
            idealShift.y += s.y
        }
        let target = Vector(x: ideal.contentOffset.x - idealShift.x, y: ideal.contentOffset.y - idealShift.y)
        let difference = Vector(x: absolute.x - target.x, y: absolute.y - target.y)
        guard let base = idealBaseline, !rebase else {
            idealBaseline = difference
            return
        }
        let drift = Vector(x: difference.x - base.x, y: difference.y - base.y)
        guard abs(drift.x) > tol || abs(drift.y) > tol else { return }
        let far = max(abs(absolute.x), abs(absolute.y)) > 1e7
        let expected = Vector(x: target.x + base.x, y: target.y + base.y)
        if !far, freelyDecelerating(frame, ideal) {
            // The model's own offset (not the displayed one, which 9 rounds) leaves the ideal's while both planes
            // decelerate freely from the same release: the deceleration curve differs (pattern 10), and from
            // here on the offsets differ by design.
            found(
                .deceleration, frame.index,
                expected: "offset \(pt(expected)) (the ideal plane's, decelerating from the same release)",
                actual: "offset \(pt(absolute)), \(pt(drift)) off (the deceleration leaves UIKit's curve)")
            diverged = true
            return
        }
        found(
            far ? .precision : .pixelGrid, frame.index, expected: "offset \(pt(expected)) (the ideal plane's)",
            actual: "offset \(pt(absolute)), \(pt(drift)) off")
    }

    /// Whether `frame` and the ideal plane's frame both continue a free deceleration (no touch, release, edge,
    /// bounce, resize or jump in this frame, both decelerating in the frame before): a drift of the model's
    /// offsets there is the deceleration's (10), not a rounding (9 rounds only what is displayed).
    func freelyDecelerating(_ frame: FrameState, _ ideal: FrameState) -> Bool {
        guard let p = previous, p.phase == .decelerating, frame.phase == .decelerating, ideal.phase == .decelerating,
            previousIdealPhase == .decelerating, !frame.edgeHit, !p.edgeHit, !ideal.edgeHit
        else { return false }
        return !frame.events.contains(where: Self.restarts) && !ideal.events.contains(where: Self.restarts)
    }
}
