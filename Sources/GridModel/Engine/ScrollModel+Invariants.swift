/// The scroll view's invariants, checked at the end of every entry point the simulation calls, in
/// debug builds (as swift-collections' `_checkInvariants`); the tile layout checks its own after
/// each of its mutations. A failure is a programmer error in the model, never bad input.
extension ScrollModel {
    /// Checks what holds after every entry point: whole device pixels in a point, a positive
    /// viewport, the layout's tiles the axes' size, page 0 at the grid's origin on a finite axis and on
    /// the grid on any axis whose recenters shift whole pages, and a deceleration within the
    /// inset-adjusted edges (see `_checkWithinEdges`).
    @inline(__always)
    func _checkInvariants() {
        #if DEBUG
            precondition(
                pixel > 0 && pixel * Int64(scale) == Fixed.unitsPerPoint,
                "ScrollModel: \(pixel) units is not one device pixel at scale \(scale)")
            precondition(x.viewport > 0 && y.viewport > 0, "ScrollModel: viewport \(viewport) is not positive")
            precondition(
                layout.tileSize == FixedSize(width: x.tile, height: y.tile),
                "ScrollModel: layout tiles \(layout.tileSize) differ from the axes'")
            for (axis, origin, size, isX) in [
                (x, pageOrigin.x, pageSize.width, true), (y, pageOrigin.y, pageSize.height, false),
            ] {
                let name = isX ? "x" : "y"
                precondition(
                    !axis.isFinite || origin == gridOrigin(axis),
                    "ScrollModel: page origin \(origin) on a finite \(name) axis is not the grid's origin \(gridOrigin(axis))"
                )
                guard paging != .none, axis.enabled, recenterStep(axis, isX: isX) % max(1, size) == 0 else { continue }
                precondition(
                    (origin - gridOrigin(axis)) % max(1, size) == 0,
                    "ScrollModel: \(name) page origin \(origin) is off the page grid (\(gridOrigin(axis)) + multiples of \(size))"
                )
            }
            if case .release(let px, let py, _) = motion, paging == .none || paging == .snap {
                for (axis, plan, o, name) in [(x, px, offset.x, "x"), (y, py, offset.y, "y")] {
                    guard case .decelerate = plan.pieces[plan.piece(at: time)] else { continue }
                    _checkWithinEdges(axis, o, name)
                }
            }
        #endif
    }

    /// Checks that `o` is within `axis`'s inset-adjusted edges (any offset on an axis without edges):
    /// where a deceleration runs and where a release comes to rest. Only a drag (rubber-banding), a
    /// bounce or paging's spring, and a `scrollTo` (which does not clamp) may leave them.
    @inline(__always)
    func _checkWithinEdges(_ axis: Axis, _ o: Int64, _ name: String) {
        #if DEBUG
            guard axis.enabled, let b = axis.bounds else { return }
            precondition(b.contains(o), "ScrollModel: \(name) offset \(o) is outside the edges \(b) while not bouncing")
        #endif
    }

    /// Checks after a displayed frame's sample: the threshold strategy has brought every recentering
    /// axis back within a quarter of the content from the centre (or half a `recenterStep`).
    @inline(__always)
    func _checkSampled() {
        #if DEBUG
            guard strategy == .threshold else { return }
            for (axis, o, name, isX) in [(x, offset.x, "x", true), (y, offset.y, "y", false)] where axis.recenters {
                // Within half a recenter step when that is more (a content of a few device pixels, whose centre
                // an inset can put between two pixels).
                let allowed = max(axis.contentSize / 4, recenterStep(axis, isX: isX) / 2)
                precondition(
                    abs(o - axis.center) <= allowed,
                    "ScrollModel: \(name) offset \(o) is more than a quarter of the content (or half a recenter step) from the centre \(axis.center) after a frame"
                )
            }
        #endif
    }

    /// Checks after scrolling came to rest: the atRest strategy has recentered every recentering axis
    /// to the nearest device pixel, wholeTiles to the nearest whole tile (to the nearest whole number of
    /// pages too while paging: `recenterStep`).
    @inline(__always)
    func _checkAtRest() {
        #if DEBUG
            for (axis, o, name, isX) in [(x, offset.x, "x", true), (y, offset.y, "y", false)] where axis.recenters {
                guard strategy == .atRest || strategy == .wholeTiles else { continue }
                let step = recenterStep(axis, isX: isX)
                precondition(
                    abs(o - axis.center) <= step / 2,
                    "ScrollModel: \(name) offset \(o) at rest is not recentered to \(axis.center) (step \(step))")
            }
        #endif
    }
}
