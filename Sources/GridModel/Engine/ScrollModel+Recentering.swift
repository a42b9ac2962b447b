/// Recentering: the same whole-pixel shift applied to the offset, the motion and every tile.
extension ScrollModel {
    // MARK: Recentering

    mutating func applyRecenter(_ s: FixedShift) { applyShift(s, announce: true) }

    /// Moves the offset, the motion and every tile by `s`: a recenter (`announce`: a `recenter` event), or an app
    /// setting `contentOffset` itself (HeadlessUIKit), where the motion in progress goes on from the new offset.
    mutating func applyShift(_ s: FixedShift, announce: Bool) {
        guard s != .zero else { return }
        offset = offset + s
        // A broken recenter (tests only) moves the tiles a few device pixels less than the offset.
        layout.shift(by: FixedShift(x: s.x - (s.x == 0 ? 0 : faults.recenterPixelError * pixel), y: s.y))
        pageOrigin = pageOrigin + s
        if let rect = targetRect { targetRect = (rect.origin + s, rect.size) }
        switch motion {
        case .none: break
        case .drag(var d):
            d.rawStart = d.rawStart + s
            motion = .drag(d)
        case .release(let px, let py, var inputs):
            inputs.from = inputs.from + s
            let (nx, ny) = endingTogether(
                rulesX.replan(px, shift: s.x, inputs.start, inputs.from.x, inputs.velocity.x, inputs.end, now: time),
                rulesY.replan(py, shift: s.y, inputs.start, inputs.from.y, inputs.velocity.y, inputs.end, now: time),
                inputs)
            motion = .release(x: nx, y: ny, inputs: inputs)
        case .animation(let px, let py): motion = .animation(x: px.shifted(by: s.x), y: py.shifted(by: s.y))
        }
        if announce {
            events.append(.recenter(shift: s.points))
            recenterTotal = (recenterTotal ?? .zero) + s
        }
        events.append(.didScroll)
    }

    /// The end-of-scroll recenter of the atRest and wholeTiles strategies, to the middle of the edges (the
    /// adjusted inset's, see `Axis.center`) in whole `recenterStep`s: device pixels (a shift that is not
    /// whole device pixels would move the rounded offset differently from the tiles and show a one-pixel
    /// jump) or tiles, and whole pages while paging. Idempotent.
    mutating func recenterAtRest() {
        guard case .none = motion else { return }
        func axis(_ a: Axis, _ o: Int64, _ isX: Bool) -> Int64 {
            guard a.recenters else { return 0 }
            switch strategy {
            case .atRest, .wholeTiles: return Fixed.round(a.center - o, toMultipleOf: recenterStep(a, isX: isX))
            case .threshold, .none: return 0
            }
        }
        applyRecenter(FixedShift(x: axis(x, offset.x, true), y: axis(y, offset.y, false)))
    }

    /// StreetScroller's recenter, checked on every displayed frame: an axis more than a quarter of
    /// the content from the centre jumps back (in whole `recenterStep`s), mid-motion, without disturbing
    /// the motion.
    mutating func recenterIfPastThreshold() {
        guard strategy == .threshold else { return }
        func axis(_ a: Axis, _ o: Int64, _ isX: Bool) -> Int64 {
            guard a.recenters, abs(o - a.center) > a.contentSize / 4 else { return 0 }
            return Fixed.round(a.center - o, toMultipleOf: recenterStep(a, isX: isX))
        }
        applyRecenter(FixedShift(x: axis(x, offset.x, true), y: axis(y, offset.y, false)))
    }
}
