/// The scroll view's invariants, checked at the end of every entry point the simulation calls, in
/// debug builds (as swift-collections' `_checkInvariants`); the tile layout checks its own after
/// each of its mutations. A failure is a programmer error in the model, never bad input.
extension ScrollModel {
    /// Checks what holds after every entry point: whole device pixels in a point, a positive
    /// viewport, the layout's tiles the axes' size, and page 0 at content 0 on a finite axis.
    @inline(__always)
    func _checkInvariants() {
        #if DEBUG
        precondition(pixel > 0 && pixel * Int64(scale) == Fixed.unitsPerPoint, "ScrollModel: \(pixel) units is not one device pixel at scale \(scale)")
        precondition(x.viewport > 0 && y.viewport > 0, "ScrollModel: viewport \(viewport) is not positive")
        precondition(layout.tileSize == FixedSize(width: x.tile, height: y.tile), "ScrollModel: layout tiles \(layout.tileSize) differ from the axes'")
        precondition(!x.isFinite || pageOrigin.x == 0, "ScrollModel: page origin \(pageOrigin.x) on a finite x axis")
        precondition(!y.isFinite || pageOrigin.y == 0, "ScrollModel: page origin \(pageOrigin.y) on a finite y axis")
        #endif
    }

    /// Checks after a displayed frame's sample: the threshold strategy has brought every recentering
    /// axis back within a quarter of the content from the centre.
    @inline(__always)
    func _checkSampled() {
        #if DEBUG
        guard strategy == .threshold else { return }
        for (axis, o, name) in [(x, offset.x, "x"), (y, offset.y, "y")] where axis.recenters {
            precondition(abs(o - axis.center) <= axis.contentSize / 4,
                         "ScrollModel: \(name) offset \(o) is more than a quarter of the content from the centre \(axis.center) after a frame")
        }
        #endif
    }

    /// Checks after scrolling came to rest: the atRest strategy has recentered every recentering axis
    /// to the nearest device pixel, wholeTiles to the nearest whole tile.
    @inline(__always)
    func _checkAtRest() {
        #if DEBUG
        for (axis, o, name) in [(x, offset.x, "x"), (y, offset.y, "y")] where axis.recenters {
            let step: Int64
            switch strategy {
            case .atRest: step = pixel
            case .wholeTiles: step = axis.tile
            case .threshold, .none: continue
            }
            precondition(abs(o - axis.center) <= step / 2,
                         "ScrollModel: \(name) offset \(o) at rest is not recentered to \(axis.center) (step \(step))")
        }
        #endif
    }
}
